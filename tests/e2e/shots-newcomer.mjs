// Screenshots of the screens mended for issue 38 at the three sizes the issue names, for a
// person to look at (node tests/e2e/shots-newcomer.mjs after `make dist`; written to
// tests/e2e/screenshots/newcomer-*.png).
import path from 'node:path';
import { serve, launch, openGame, shot, ROOT } from './harness.mjs';

const SIZES = { desktop: [1280, 800], portrait: [390, 844], landscape: [844, 390] };
const only = process.argv[2];
const dist = await serve(path.join(ROOT, 'dist'));
const browser = await launch();
try {
  for (const [name, [width, height]] of Object.entries(SIZES)) {
    if (only && !name.startsWith(only)) continue;
    const touch = name !== 'desktop';
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch, deviceScaleFactor: 1 });
    const page = await openGame(context, dist.url);
    for (const m of ['a1', 'e5', 'c3', 'c4', 'c3>', 'b4']) await page.evaluate((m) => window.tak.play(m), m);
    await page.waitForTimeout(300);
    await shot(page, `newcomer-${name}-game`);
    await page.click('#new-game');
    await page.waitForSelector('#new-dialog[open]');
    await page.waitForTimeout(300);
    await shot(page, `newcomer-${name}-newgame`);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    await page.click('#analysis-toggle');
    await page.waitForSelector('#analysis:not([hidden])');
    await page.waitForTimeout(1500);
    await shot(page, `newcomer-${name}-analysis`);
    await context.close();
  }
} finally {
  await browser.close();
  dist.close();
}
