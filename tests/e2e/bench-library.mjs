// Library benchmark (`make bench`): My games opened over 1,000 kept games (ms from the click
// to the list drawn, median of 5), Your progress over them (ms from the click to the figures
// drawn, median of 5), reviewing a 60-ply game and keeping its mistakes as puzzles (the
// longest main-thread task meanwhile), and keeping a 100,000-ply game (the longest
// main-thread task while it is written, median of 3). Served from the source tree: the
// page's own library module fills the library.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serve, launch, openGame, openMenu, shuffleGame, ROOT } from './harness.mjs';

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
      // Games against the computer, most finished and rated, some reviewed: what the
      // progress page counts.
      fields: {
        summary: { white: `Player ${i}`, black: `Rival ${i % 37}`, size: 5 + (i % 2), plies: i % 90, toMove: 'white', result: ['R-0', '0-R', 'F-0', '0-F', null][i % 5], tps: 'x5/x5/x5/x5/x5 1 1', date: null, tags: `Event: Night ${i % 12}\n`, opening: `a1 e5 c${1 + (i % 5)} c3`, mistakes: [i % 4, i % 3], reviewed: i % 3 === 0, fromStart: true, tavern: true },
        sides: { opponent: 'computer', level: 1 + (i % 3), human: i % 2 ? 'black' : 'white' },
        updated: 1_700_000_000_000 + i * 3_600_000,
      },
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

  const figures = [];
  for (let run = 0; run < 5; run++) {
    await openMenu(page);
    await page.click('#my-games');
    await page.waitForSelector('#games-progress');
    const start = Date.now();
    await page.click('#games-progress');
    await page.waitForFunction(() => document.querySelectorAll('#progress-figures table').length >= 3);
    figures.push(Date.now() - start);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.getElementById('games-dialog').open && !document.getElementById('progress-dialog').open);
  }
  console.log(`Your progress over 1,000 games: ${median(figures)} ms to the figures (median of 5: ${figures.join(', ')})`);

  // A 60-ply game reviewed, its mistakes kept as puzzles: the longest main-thread task (the
  // first 60 plies of a real 6x6 game, komi 2, as bench.mjs reviews).
  {
    const real = JSON.parse(readFileSync(path.join(ROOT, 'tests/data/real-games.jsonl'), 'utf8').split('\n')[38]);
    const moves = real.moves.slice(0, 60);
    await page.evaluate((moves) => { window.tak.newGame(6, '2'); for (const m of moves) window.tak.play(m); }, moves);
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
    });
    await openMenu(page);
    await page.click('#review');
    await page.waitForSelector('#review-practice button', { timeout: 120000 });
    await page.click('#review-practice button'); // a game on one board: the reader says which side (White)
    await page.waitForFunction(() => /Your|No mistakes/.test(document.querySelector('#review-practice span')?.textContent ?? ''));
    const longest = Math.max(0, ...await page.evaluate(() => window.longTasks));
    console.log(`reviewing a 60-ply game and keeping its mistakes: longest task ${longest || 'under 50'} ms (${await page.textContent('#review-practice span')})`);
  }

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
