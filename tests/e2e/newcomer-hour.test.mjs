// A newcomer's first hour without a rough edge (issue 38), the third look: the stack
// inspector reads as a callout, a second tab on one game follows it live, the score line in
// words, a friend's link asks before the board takes a move, Undo once a friend move is sent,
// hints and notation in words, the first puzzle simple, the tutorial's second step explained,
// the welcome's computer at the lowest level (tests/e2e/firstvisit.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openGame, openMenu, status, shot, skipWelcome, newFriendGame, boardDrawn, keptForNewTabs, eventually, speaks, settled } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

/** Plays `moves` on the board, each accepted. */
async function play(page, moves) {
  for (const m of moves) assert.equal(await page.evaluate((m) => window.tak.play(m), m), null, m);
}

test('the tutorial explains the flats already placed at step 2, keeps its board in place, and ends with a game against the computer at Beginner', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await openMenu(page);
  await page.click('#learn');
  await page.waitForFunction(() => window.takTutorial);
  const boardTop = () => page.evaluate(() => document.getElementById('tutorial-board').getBoundingClientRect().top);
  const top1 = await boardTop();
  assert.equal(await page.isVisible('#tutorial-play'), false);
  const moves = ['a1', 'a1', 'Sa1', 'c3+', '3c3>12', '3b2+', 'b3>', 'e2', 'c1'];
  for (let i = 0; i < moves.length; i++) {
    if (i === 1) {
      // The flats on c3 and d1 are there from the first turns, and the text says so.
      assert.match(await page.textContent('#tutorial-text'), /black flat on c3.*white flats on d1/);
      await shot(page, 'tutorial-step2-1280x800');
    }
    if (i < 8) assert.equal(await boardTop(), top1, `step ${i + 1}: the board does not move`);
    assert.equal(await page.evaluate((m) => window.takTutorial.play(m), moves[i]), null, `step ${i + 1}: ${moves[i]}`);
    await page.waitForFunction(() => document.getElementById('tutorial-feedback').classList.contains('good'));
    if (i < moves.length - 1) await page.click('#tutorial-next');
  }
  assert.equal(await page.isVisible('#tutorial-next'), false);
  assert.equal(await page.textContent('#tutorial-play'), 'Play the computer (Beginner)');
  await shot(page, 'tutorial-last-1280x800');
  // Straight into a first game against the computer at its lowest level, as the welcome
  // offers: not New game's every option just after learning the rules.
  await page.click('#tutorial-play');
  await page.waitForFunction(() => document.body.dataset.opponent === 'computer-1-black');
  assert.equal(await page.evaluate(() => document.getElementById('tutorial-dialog').open), false);
  assert.equal(await page.evaluate(() => document.getElementById('new-dialog')?.open ?? false), false);
  assert.equal(await page.evaluate(() => window.tak.status().ply), 0);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a hint says its move in words, and the menu says what PTN, TPS and komi are', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.evaluate(() => window.tak.load('x5/x5/x5/1,1,1,1,x/2,2,2,x,2 1 5'));
  await page.click('#hint');
  await page.waitForFunction(() => document.getElementById('info').textContent.startsWith('Hint: '), null, { timeout: 10000 });
  assert.equal(await page.textContent('#info'), 'Hint: place a flat on e2 — it makes your road.');
  // Black threatens a road at e5: the hint blocks it, and says why.
  await page.evaluate(() => window.tak.load('2,2,2,2,x/x5/x5/x5/1,1,x3 1 5'));
  await page.click('#hint');
  await page.waitForFunction(() => /stops/.test(document.getElementById('info').textContent), null, { timeout: 10000 });
  assert.match(await page.textContent('#info'), /^Hint: place .* on e5 — it stops Black’s road\.$/);
  // The last empty square filled ends the game on the flat count, with no road: said so, not
  // "it makes your road" (issue 47).
  await page.evaluate(() => window.tak.load('1,2S,1/2S,1,2S/1,2S,x 1 5'));
  await page.click('#hint');
  await page.waitForFunction(() => /c1/.test(document.getElementById('info').textContent), null, { timeout: 10000 });
  assert.match(await page.textContent('#info'), /^Hint: place a (flat|wall) on c1 — it ends the game, and you win on the flat count\.$/);
  const words = await page.evaluate(async () => {
    const { moveWords } = await import('./www/movewords.js');
    const { translator } = await import('./www/i18n.js');
    const t = await translator('en');
    await t.more();
    return ['Cb3', 'Sa1', '3a3-12', 'c3+', 'b3>*'].map((m) => moveWords(m, t));
  });
  // A forced road's length counts both players' turns, said in full; the rules' options are
  // placed in New game, where a reader finds them.
  const said = await page.evaluate(async () => {
    const { hintReason } = await import('./www/movewords.js');
    const { translator } = await import('./www/i18n.js');
    const t = await translator('en');
    await t.more();
    return [hintReason({ winIn: 5, winBy: 'road' }, { tak: false }, t), hintReason({ winIn: null, winBy: null }, { tak: true, takBy: 'black' }, t), t('rules.p11'), t('rules.p9'),
      hintReason({ winIn: 3, winBy: 'flats' }, { tak: false }, t), hintReason({ winIn: 7, winBy: null }, { tak: false }, t)];
  });
  assert.equal(said[0], 'it forces a road in 5 turns, yours and the other player’s counted together.');
  assert.equal(said[4], 'it forces a win on the flat count in 3 turns, yours and the other player’s counted together.');
  assert.equal(said[5], 'it forces a win in 7 turns, yours and the other player’s counted together.');
  assert.equal(said[1], 'it stops Black’s road.');
  assert.match(said[2], /^Take-backs, an option of New game/);
  assert.match(said[3], /the ancient tie rule, an option of New game/);
  assert.deepEqual(words, ['place your capstone on b3', 'place a wall on a1', 'move 3 pieces from a3 down, dropping 1, 2',
    'move one piece from c3 up', 'move one piece from b3 to the right, flattening the wall']);
  await openMenu(page);
  await page.waitForFunction(() => document.querySelector('.menu-glossary').textContent !== '');
  assert.equal(await page.textContent('.menu-glossary'), 'PTN: the game’s moves as text. TPS: the position as text. Komi: flats added to Black’s count.');
  assert.match(await page.getAttribute('#copy-ptn', 'title'), /^PTN: /);
  assert.match(await page.getAttribute('#copy-tps', 'title'), /^TPS: /);
  await shot(page, 'menu-glossary-1280x800');
  assert.deepEqual(page.errors, []);
  await context.close();
});

// A 3×3 game that White wins by a road on the c file.
const ROAD = ['a1', 'c3', 'b3', 'b1', 'c1', 'a3', 'a2', 'b2', 'c2'];

test('the score line says what it counts in words: the board\'s squares and the pieces left in hand', async () => {
  for (const [width, height] of [[1280, 800], [390, 844], [844, 390]]) {
    const context = await browser.newContext({ viewport: { width, height }, isMobile: width < 900, hasTouch: width < 900 });
    const page = await openGame(context, server.url);
    await page.evaluate(() => window.tak.newGameWith({ size: 3, komi: '0' }));
    await play(page, ROAD);
    assert.equal(await page.textContent('#result-score'), 'Score: 9 squares + 5 pieces in hand = 14');
    await page.locator('#result').scrollIntoViewIfNeeded();
    await shot(page, `score-words-${width}x${height}`);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('a friend\'s link: a press on the board before choosing a side says so; Undo is off once a move is sent', async () => {
  const ann = await openGame(await browser.newContext({ viewport: { width: 1280, height: 800 } }), server.url);
  await newFriendGame(ann, { side: 'white', size: '5' });
  await play(ann, ['a1']);
  await ann.waitForSelector('#friend-dialog[open]');
  await ann.waitForFunction(() => document.getElementById('friend-link').value.includes('#f='));
  const link = await ann.inputValue('#friend-link');
  await ann.click('#friend-dialog button[value=close]');
  // Sent: Undo is off, says why, and Ctrl+Z takes nothing back.
  await ann.waitForFunction(() => document.getElementById('undo').disabled);
  assert.equal(await ann.getAttribute('#undo', 'title'), 'A move already sent or received is not taken back.');
  await ann.locator('#moves').click();
  await ann.keyboard.press('Control+z');
  assert.equal((await status(ann)).ply, 1, 'the move sent stays');
  await shot(ann, 'friend-undo-sent-1280x800');
  // The friend opens the link: a press on the board before answering says what to do.
  for (const [width, height] of [[1280, 800], [390, 844], [844, 390]]) {
    const context = await browser.newContext({ viewport: { width, height }, isMobile: width < 900, hasTouch: width < 900 });
    let bo;
    if (width === 1280) {
      // The friend's first visit is the link itself (the page's first refresh comes after it).
      await skipWelcome(context);
      bo = await context.newPage();
      bo.errors = [];
      bo.on('pageerror', (e) => bo.errors.push(e.message));
      await bo.goto(link);
    } else {
      bo = await openGame(context, server.url);
      await bo.evaluate((h) => { location.hash = h; }, new URL(link).hash);
    }
    await bo.waitForSelector('#friend-i-play');
    const c3 = await bo.evaluate(() => window.tak.squareRect('c3'));
    await bo.mouse.click(c3.x + c3.width / 2, c3.y + c3.height / 2);
    await bo.getByText('First choose: “I play Black” or “Just watch”.').waitFor();
    assert.equal(await bo.evaluate(() => document.activeElement?.id), 'friend-i-play');
    assert.equal((await status(bo)).ply, 1, 'nothing played');
    if (width === 1280) {
      // By keyboard too: Enter on the board says it.
      await bo.evaluate(() => window.tak.focus());
      await bo.keyboard.press('Enter');
      assert.equal(await bo.evaluate(() => document.activeElement?.id), 'friend-i-play', 'Enter on the board');
    }
    await shot(bo, `friend-choose-first-${width}x${height}`);
    await bo.click('#friend-i-play');
    await bo.waitForFunction(() => /Your move/.test(document.getElementById('friend-bar').textContent));
    assert.equal(await bo.evaluate(() => document.getElementById('undo').disabled), true, 'Ann\'s move is not Bo\'s to take back');
    assert.deepEqual(bo.errors, []);
    await context.close();
  }
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});

test('the stack inspector reads as a callout pointing at its stack, not as a stack on the next square', async () => {
  for (const [width, height] of [[1280, 800], [390, 844], [844, 390]]) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await openGame(context, server.url);
    // Six pieces on c3 (a spread from b3 left them), a flat on d3 and b3 empty.
    await page.evaluate(() => window.tak.load('x5/x5/x2,212121,1,x/x5/x5 1 6'));
    const c3 = await page.evaluate(() => window.tak.squareRect('c3'));
    await page.mouse.move(c3.x + c3.width / 2, c3.y + c3.height / 2);
    await boardDrawn(page); // the callout drawn
    await shot(page, `inspector-${width}x${height}`);
    // Over b3 (the side with no stack): the callout's frame colour, which no piece or square has.
    const b3 = await page.evaluate(() => window.tak.squareRect('b3'));
    const seen = await page.evaluate(([x, y]) => {
      const canvas = document.querySelector('canvas.tak-canvas');
      const r = canvas.getBoundingClientRect();
      const ctx = canvas.getContext('2d');
      const scale = canvas.width / r.width;
      const px = ctx.getImageData(Math.round((x - r.x) * scale), Math.round((y - r.y) * scale), 1, 1).data;
      return [...px.slice(0, 3)];
    }, [b3.x + b3.width - 3, b3.y + b3.height / 2]);
    assert.deepEqual(seen, [0x1e, 0x6e, 0xc8], 'the pointer between the callout and its stack');
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('two visible tabs on one game against the computer: each follows the other live, one reply, no split', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => { if (!localStorage.getItem('tak.settings')) localStorage.setItem('tak.settings', JSON.stringify({ opponent: 'computer', level: 1, human: 'white' })); });
  const one = await openGame(context, server.url);
  await play(one, ['a1']);
  await one.waitForFunction(() => window.tak.status().ply === 2, null, { timeout: 30000 });
  const two = await openGame(context, server.url);
  await two.waitForFunction(() => window.tak.status().ply === 2);
  assert.equal(await two.evaluate(() => document.visibilityState), 'visible');
  const moves = (page) => page.evaluate(() => window.tak.status().moves.join(' '));
  // Played in one, then in the other: both follow, and only the tab that moved replies.
  // The computer's replies are its own (a noisy level): each move goes on the first empty
  // square of a list.
  const squares = ['c3', 'c2', 'b2', 'd4', 'b4', 'd2', 'c4', 'b3', 'd3'];
  for (const [mover, follower] of [[one, two], [two, one], [one, two]]) {
    const n = (await status(mover)).ply;
    const played = await mover.evaluate((squares) => squares.some((sq) => window.tak.play(sq) === null), squares);
    assert.ok(played, 'a move on one of the squares');
    await mover.waitForFunction((k) => window.tak.status().ply === k, n + 2, { timeout: 30000 });
    await follower.waitForFunction((k) => window.tak.status().ply === k, n + 2, { timeout: 30000 });
    await mover.waitForTimeout(1500); // kept: a second reply, from the follower, must NOT come, and nothing shows that none will
    assert.equal(await moves(follower), await moves(mover));
  }
  for (const page of [one, two]) {
    assert.equal(await page.evaluate(() => document.getElementById('notice').textContent), '', 'no split');
  }
  assert.equal((await status(one)).ply, 8);
  await shot(two, 'two-tabs-follow-1280x800');
  assert.deepEqual([...one.errors, ...two.errors], []);
  await context.close();
});

test('two tabs that move at once: the split is said, and goes with the next move', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const one = await openGame(context, server.url);
  await play(one, ['a1', 'e5']);
  await keptForNewTabs(one, '1. a1 e5'); // the game the second tab opens
  const two = await openGame(context, server.url);
  await two.waitForFunction(() => window.tak.status().ply === 2);
  // Both at once: neither has heard of the other's ply.
  await Promise.all([one.evaluate(() => window.tak.play('c3')), two.evaluate(() => window.tak.play('c2'))]);
  const apart = /changed in another tab meanwhile/;
  const notice = (page) => page.evaluate(() => document.getElementById('notice').textContent);
  await Promise.race([one, two].map((p) => p.waitForFunction((src) => new RegExp(src).test(document.getElementById('notice').textContent), apart.source, { timeout: 10000 })));
  const split = apart.test(await notice(one)) ? one : two;
  // The next move takes the notice away once more than 4 s of the page's clock (Date.now)
  // have passed since it was said (www/keeper.js): counted from now, when it is seen said.
  const said = await split.evaluate(() => Date.now());
  await split.waitForFunction((t) => Date.now() - t > 4000, said, { timeout: 10000, polling: 100 });
  await play(split, ['d4']);
  await split.waitForFunction(() => document.getElementById('notice').textContent === '', null, { timeout: 5000 });
  await context.close();
});

test('the tutorial and puzzle boards follow the page\'s dark theme, chosen on a light system', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  await context.addInitScript(() => { if (!localStorage.getItem('tak.settings')) localStorage.setItem('tak.settings', JSON.stringify({ theme: 'dark' })); });
  const page = await openGame(context, server.url);
  /** The canvas's top left corner (its surround), as drawn: [r, g, b]. */
  const corner = (id) => page.evaluate((box) => {
    const canvas = document.querySelector(`#${box} canvas.tak-canvas`);
    return [...canvas.getContext('2d').getImageData(2, 2, 1, 1).data.slice(0, 3)];
  }, id);
  const dark = ([r, g, b]) => r + g + b < 3 * 80;
  await openMenu(page);
  await page.click('#learn');
  await page.waitForFunction(() => window.takTutorial);
  assert.ok(await eventually(async () => dark(await corner('tutorial-board')), true), `tutorial: ${await corner('tutorial-board')}`);
  await shot(page, 'tutorial-dark-1280x800');
  await page.keyboard.press('Escape');
  await openMenu(page);
  await page.click('#puzzles');
  await page.waitForFunction(() => window.takPuzzle && /to move/.test(document.getElementById('puzzle-feedback').textContent), null, { timeout: 20000 });
  assert.ok(await eventually(async () => dark(await corner('puzzle-board')), true), `puzzle: ${await corner('puzzle-board')}`);
  await shot(page, 'puzzle-dark-1280x800');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('New game shows the computer\'s level only against it, and asks your side once, against the computer or a friend', async () => {
  for (const [width, height] of [[390, 844], [1280, 800], [844, 390]]) {
    const context = await browser.newContext({ viewport: { width, height }, isMobile: width < 900, hasTouch: width < 900 });
    const page = await openGame(context, server.url);
    await page.click('#new-game');
    await page.waitForSelector('#new-dialog[open]');
    await page.selectOption('#new-form select[name=opponent]', 'human');
    assert.equal(await page.isVisible('#computer-options'), false, 'a person: no computer section');
    assert.equal(await page.isVisible('#side-label'), false, 'a person on this device: both sides are played here');
    await shot(page, `newgame-person-${width}x${height}`);
    await page.selectOption('#new-form select[name=opponent]', 'computer');
    assert.equal(await page.isVisible('#computer-options'), true);
    assert.equal(await page.isEnabled('#new-form select[name=level]'), true);
    assert.equal(await page.isVisible('#side-label'), true);
    await page.selectOption('#new-form select[name=opponent]', 'friend');
    assert.equal(await page.isVisible('#computer-options'), false);
    // One "You play" for both, worded for either: no second select for the same question.
    assert.equal(await page.isVisible('#side-label'), true);
    assert.equal(await page.locator('#new-form select[name=human]').count(), 1);
    assert.deepEqual(await page.$$eval('#new-form select[name=human] option', (os) => os.map((o) => o.textContent)), ['White (you move first)', 'Black (you move second)']);
    await shot(page, `newgame-friend-${width}x${height}`);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('the landscape side panel keeps its buttons together, no gaps between them', async () => {
  for (const [width, height] of [[844, 390], [667, 375]]) {
    const context = await browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true });
    const page = await openGame(context, server.url);
    await play(page, ['a1', 'e5', 'c3']);
    const boxes = await page.evaluate(() => ['analysis-toggle', 'notes', 'hint'].map((id) => document.getElementById(id).getBoundingClientRect().toJSON()));
    for (let i = 1; i < boxes.length; i++) {
      assert.ok(boxes[i].x - (boxes[i - 1].x + boxes[i - 1].width) < 12, `${width}x${height}: a gap of ${boxes[i].x - (boxes[i - 1].x + boxes[i - 1].width)} px`);
    }
    await shot(page, `panel-landscape-${width}x${height}`);
    await context.close();
  }
});

test('a notice said in English does not stay in English once the page speaks Italian', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.evaluate(() => { location.hash = '#g=not-a-game'; });
  await page.waitForFunction(() => document.getElementById('notice').textContent !== '');
  await openMenu(page);
  await page.selectOption('#lang', 'it');
  await speaks(page, 'it');
  const notice = await eventually(() => page.evaluate(() => { const n = document.getElementById('notice'); return { text: n.textContent, hidden: n.hidden }; }), { text: '', hidden: true });
  assert.equal(notice.text, '');
  assert.equal(notice.hidden, true);
  await context.close();
});

test('good news in the notice line is not in a problem\'s red', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await play(page, ['a1', 'e5']);
  const border = () => page.evaluate(() => getComputedStyle(document.getElementById('notice')).borderTopColor);
  // A problem: red.
  await page.evaluate(() => { location.hash = '#g=not-a-game'; });
  await page.waitForFunction(() => document.getElementById('notice').textContent !== '');
  assert.equal(await border(), 'rgb(179, 38, 30)');
  // A game pasted: the one before is kept, one click away: good news, in green.
  await openMenu(page);
  await page.click('#paste');
  await page.waitForSelector('#paste-dialog[open]');
  await page.fill('#paste-text', '1. a1 e5 2. c3');
  await page.click('#load-game');
  await page.waitForFunction(() => /The pasted game is open/.test(document.getElementById('notice').textContent));
  assert.equal(await border(), 'rgb(46, 125, 50)');
  await shot(page, 'notice-good-1280x800');
  await context.close();
});

test('a phone held upright names the computer\'s reserve "Computer", as a wide screen does', async () => {
  for (const [width, height] of [[390, 844], [360, 740]]) {
    const context = await browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true });
    await context.addInitScript(() => { if (!localStorage.getItem('tak.settings')) localStorage.setItem('tak.settings', JSON.stringify({ opponent: 'computer', level: 1, human: 'white' })); });
    const page = await openGame(context, server.url);
    await settled(page);
    await shot(page, `portrait-computer-${width}x${height}`);
    // The board's text for screen readers and tests: what the canvas draws is checked in Rust
    // (src/web/render/reserves.rs); here, that the page shows it at this size without errors.
    assert.deepEqual((await status(page)).players, ['You', 'Computer · Beginner']);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('New game on a first visit offers the computer at its lowest level, as the welcome does', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openGame(context, server.url);
  await page.click('#new-game');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#new-form select[name=opponent]', 'computer');
  assert.equal(await page.inputValue('#new-form select[name=level]'), '1');
  await context.close();
});

test('the menu starts with this game\'s actions and the lessons; a game of no moves offers no review', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await openGame(context, server.url);
  await openMenu(page, { tools: false });
  // The groups in order: this game, learning, games kept; the notation and the tools folded.
  const order = await page.evaluate(() => [...document.querySelectorAll('#menu > button')].map((b) => b.id));
  assert.deepEqual(order, ['resign', 'offer-draw', 'review', 'learn', 'rules', 'puzzles', 'my-games', 'share']);
  assert.equal(await page.locator('#menu hr').count(), 4);
  assert.equal(await page.isVisible('#copy-ptn'), false, 'Copy PTN folded away');
  assert.equal(await page.isVisible('#paste'), false);
  await page.click('#menu-tools summary');
  for (const id of ['#paste', '#set-up', '#copy-ptn', '#download-ptn', '#copy-tps', '#authors']) assert.equal(await page.isVisible(id), true, id);
  assert.equal(await page.isVisible('#ptn-evaluations-row'), false, 'the evaluations only once a game is reviewed');
  await shot(page, 'menu-tools-390x844');
  // Unfolded, it stays so for this reader (a player who copies PTN does not unfold it each time).
  await page.reload();
  await page.waitForFunction(() => window.tak);
  await openMenu(page, { tools: false });
  assert.equal(await page.isVisible('#copy-ptn'), true);
  await page.click('#menu-tools summary');
  await page.keyboard.press('Escape');
  await openMenu(page, { tools: false });
  // Resigned at once: nothing to review or step back through, so neither is offered.
  assert.equal(await page.isDisabled('#review'), true);
  await shot(page, 'menu-groups-390x844');
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForFunction(() => window.tak.status().result);
  assert.equal(await page.isVisible('#result-review'), false);
  assert.equal(await page.isVisible('#result-back'), false);
  assert.equal(await page.isVisible('#result-new'), true);
  // One move played: both come back.
  await page.click('#result-new');
  await page.click('#start-game');
  await play(page, ['a1']);
  await openMenu(page);
  assert.equal(await page.isDisabled('#review'), false);
  assert.deepEqual(page.errors, []);
  await context.close();
});
