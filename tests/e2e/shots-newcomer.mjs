// Screenshots of the screens mended for issue 38 at the three sizes it names, for a person to
// look at: node tests/e2e/shots-newcomer.mjs [desktop|portrait|landscape] after `make dist`;
// written to tests/e2e/screenshots/newcomer-<size>-<screen>.png.
import path from 'node:path';
import { serve, launch, openGame, shot, ROOT } from './harness.mjs';

const SIZES = { desktop: [1280, 800], portrait: [390, 844], landscape: [844, 390] };
const GAME = '[Size "5"]\n\n1. a1 e5\n2. c3 c4\n3. c3+ b4\n4. d3\n\n{b3}\n4. b3!? {a quieter move} c2\n';
const only = process.argv[2];
const dist = await serve(path.join(ROOT, 'dist'));
const browser = await launch();
try {
  for (const [name, [width, height]] of Object.entries(SIZES)) {
    if (only && name !== only) continue;
    const touch = name !== 'desktop';
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch });
    const page = await openGame(context, dist.url);
    await page.evaluate((g) => window.tak.load(g), GAME);
    await page.evaluate(() => window.tak.goto(6));
    await page.waitForTimeout(300);
    await shot(page, `newcomer-${name}-game`);
    // The stack on c4 picked up (tap or click): the help line, the targets.
    const c4 = await page.evaluate(() => window.tak.squareRect('c4'));
    await page.mouse.click(c4.x + c4.width / 2, c4.y + c4.height / 2);
    await page.waitForTimeout(200);
    await shot(page, `newcomer-${name}-hand`);
    await page.keyboard.press('Escape');
    // A ply's menu: the variation's first ply.
    const ply = page.locator('#moves li.variation button.ply >> nth=0');
    await ply.scrollIntoViewIfNeeded();
    await ply.click({ button: 'right' });
    await page.waitForSelector('#ply-menu:popover-open');
    await shot(page, `newcomer-${name}-plymenu`);
    await page.keyboard.press('Escape');
    // New game with a match and a clock chosen.
    await page.click('#new-game');
    await page.waitForSelector('#new-dialog[open]');
    await page.selectOption('#new-form select[name=clock]', '5:0 +5');
    await page.selectOption('#new-form select[name=length]', 'games-3');
    await page.evaluate(() => { document.getElementById('new-dialog').scrollTop = 0; });
    await page.waitForTimeout(200);
    await shot(page, `newcomer-${name}-newgame`);
    await page.click('#start-game');
    await page.waitForFunction(() => window.tak.status().series && window.tak.status().clock, null, { timeout: 15000 });
    for (const m of ['a1', 'e5', 'c3']) await page.evaluate((m) => window.tak.play(m), m);
    await page.waitForTimeout(400);
    await shot(page, `newcomer-${name}-match-clock`);
    await page.click('#analysis-toggle');
    await page.waitForSelector('#analysis:not([hidden])');
    await page.waitForTimeout(2000);
    await shot(page, `newcomer-${name}-analysis`);
    await context.close();
  }
} finally {
  await browser.close();
  dist.close();
}
