// Library benchmark (`make bench`): My games opened over 1,000 kept games (ms from the click
// to the list drawn, median of 5), and keeping a 100,000-ply game (the longest main-thread
// task while it is written, median of 3). Served from the source tree: the page's own
// library module fills the library.
import { serve, launch, openGame, openMenu, shuffleGame } from './harness.mjs';

const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];


const server = await serve();
const browser = await launch();
try {
  const context = await browser.newContext();
  const page = await openGame(context, server.url);
  await page.evaluate(async () => {
    const { addAll } = await import('/www/library.js');
    const save = window.tak.save();
    const games = Array.from({ length: 1000 }, (_, i) => ({
      fields: { summary: { white: `Player ${i}`, black: `Rival ${i % 37}`, size: 5, plies: i % 90, toMove: 'white', result: null, tps: 'x5/x5/x5/x5/x5 1 1', date: null, tags: `Event: Night ${i % 12}\n` } },
      save,
      match: null,
    }));
    await addAll(games);
  });
  const opens = [];
  for (let run = 0; run < 5; run++) {
    await openMenu(page);
    const start = Date.now();
    await page.click('#my-games');
    await page.waitForFunction(() => document.querySelectorAll('#games-list li').length >= 60);
    opens.push(Date.now() - start);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.getElementById('games-dialog').open);
  }
  console.log(`My games over 1,000 games: ${median(opens)} ms to the list (median of 5: ${opens.join(', ')})`);

  const keeps = [];
  for (let run = 0; run < 3; run++) {
    const error = await page.evaluate((text) => window.tak.load(text), shuffleGame(100000));
    if (error) throw new Error(error);
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
    });
    await page.evaluate(() => window.tak.undo()); // a change: the game is kept again
    await page.waitForTimeout(3000); // kept in a task of its own after the ply
    keeps.push(Math.max(0, ...await page.evaluate(() => window.longTasks)));
  }
  // The page's long-task observer sees tasks over 50 ms only: 0 is "none over 50 ms".
  console.log(`keeping a 100,000-ply game: longest task ${median(keeps) || 'under 50'} ms (median of 3: ${keeps.join(', ')}; 0 = none over 50 ms)`);
} finally {
  await browser.close();
  server.close();
}
