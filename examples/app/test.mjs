// The reference application as its users use it, in real browsers: headless
// Chromium (Debian's, driven by puppeteer-core; nothing is downloaded).
// Alice starts a game as White in one browser, Bob takes Black's seat from
// the game's address in another, and a third page (a browser context of
// its own: no cookie of theirs) watches.  They play by clicking squares,
// typing SAN and UCI, and clicking the explorer; Alice tries a move on
// Bob's turn, an illegal click and an illegal SAN (the page shows
// PostgreSQL's reason), Bob a move after the mate.  Then the PGN download
// and the game as the database holds it; a second game where a take-back
// and a draw need both players; a third where the watcher, a forged cookie
// and a player out of turn are refused by the API, and Bob resigns.
// Screenshots go to $SCREENSHOTS (default examples/app/screenshots).
// Prints "app: N passed, M failed"; exits non-zero on a failure.
//
//   APP_URL=http://localhost:8080 node test.mjs     (run.sh --test does it all)
import { mkdir } from 'node:fs/promises';
import pg from 'pg';
import puppeteer from 'puppeteer-core';

const url = process.env.APP_URL ?? 'http://localhost:8080';
const shots = process.env.SCREENSHOTS ?? new URL('screenshots/', import.meta.url).pathname;
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
let passed = 0;
let failed = 0;

function check(what, ok, got) {
	if (ok) {
		passed++;
		console.log(`ok: ${what}`);
	} else {
		failed++;
		console.log(`!! FAILED: ${what}${got === undefined ? '' : `: got ${JSON.stringify(got)}`}`);
	}
}

async function launch() {
	return puppeteer.launch({
		executablePath: chromium,
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--window-size=1100,800'],
		defaultViewport: { width: 1100, height: 800 },
	});
}

const textOf = (page, sel) => page.$eval(sel, (el) => el.textContent);
const plies = (page) => page.$eval('body', (b) => Number(b.dataset.plies));
const waitPlies = (page, n) => page.waitForSelector(`body[data-plies="${n}"]`, { timeout: 10000 });

// a click in the middle of what a selector finds, as a user clicks: at a
// place on the screen, whatever the page has drawn there meanwhile
async function clickAt(page, selector) {
	await page.waitForSelector(selector);
	const box = await page.$eval(selector, (el) => {
		const b = el.getBoundingClientRect();
		return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
	});
	await page.mouse.click(box.x, box.y);
}

// each square in turn (on the piece drawn there, if any)
async function clickSquares(page, ...squares) {
	for (const sq of squares) await clickAt(page, `#board rect.square.${sq}`);
}

async function typeMove(page, move) {
	await page.$eval('#move-input', (el) => { el.value = ''; });
	await page.type('#move-input', move);
	await page.keyboard.press('Enter');
}

// the error box once it shows a message that matches (the box may still
// show an earlier error for a moment); what it shows when none came
async function errorShown(page, pattern) {
	try {
		await page.waitForFunction((source) => {
			const box = document.querySelector('#error');
			return !box.hidden && new RegExp(source).test(box.textContent);
		}, { timeout: 10000 }, pattern.source);
	} catch {
		// the check reports what the box shows
	}
	return textOf(page, '#error');
}

await mkdir(shots, { recursive: true });
const alice = await launch();
const bob = await launch();
try {
	const a = await alice.newPage();
	const errors = [];
	a.on('pageerror', (e) => errors.push(e.message));

	// A new game from the lobby, its creator seated on the side chosen.
	async function newGame(page, name, side) {
		await page.goto(`${url}/`);
		await page.waitForSelector('body[data-ready="lobby"]');
		await page.type('#new-game input[name=name]', name);
		await page.select('#new-game select[name=side]', side);
		await Promise.all([page.waitForNavigation(), page.click('#new-game button')]);
		await page.waitForSelector(`body[data-ready="game"][data-you="${side}"] #board svg rect.square.e2`);
		return page.url().match(/\/games\/(\d+)$/)?.[1];
	}
	// The free seat of a game taken from its address.
	async function join(page, id, name, side) {
		await page.goto(`${url}/games/${id}`);
		await page.waitForSelector('body[data-ready="game"][data-watching="yes"] #sit:not([hidden])');
		await page.type('#sit input[name=name]', name);
		await page.click('#sit button');
		await page.waitForSelector(`body[data-you="${side}"]`);
	}
	const waitText = (page, sel, value) =>
		page.waitForFunction((s, v) => document.querySelector(s)?.textContent === v, { timeout: 10000 }, sel, value)
			.catch(() => {});

	const id = await newGame(a, 'Alice', 'white');
	check('the lobby starts a game, Alice seated as White', id !== undefined, a.url());
	check('the board is the database\'s board_svg()', (await a.$$('#board svg rect.square')).length === 64);
	check('the status says who moves', (await textOf(a, '#status')) === 'White to move', await textOf(a, '#status'));
	check('Black\'s seat is free', (await textOf(a, '#black-name')) === '(black: a free seat)', await textOf(a, '#black-name'));
	const startRows = await a.$$eval('#explorer tbody tr', (rows) => rows.map((r) => r.firstChild.textContent));
	check('the explorer lists the library\'s first moves', startRows.includes('e4') && startRows.includes('d4'), startRows);

	// Bob takes the black seat from the game's address; Alice sees him come
	const b = await bob.newPage();
	b.on('pageerror', (e) => errors.push(e.message));
	await join(b, id, 'Bob', 'black');
	await waitText(b, '#players-bottom', 'Bob (black)');
	check('Bob sits as Black, the board turned to him', (await textOf(b, '#you')) === 'You play black.' &&
		(await b.$eval('#players-bottom', (el) => el.textContent)) === 'Bob (black)', await textOf(b, '#you'));
	await waitText(a, '#black-name', 'Bob (black)');
	check('Alice sees Bob sit', (await textOf(a, '#black-name')) === 'Bob (black)', await textOf(a, '#black-name'));

	// a third page watches: no seat, no buttons, no seat to take
	const watching = await bob.createBrowserContext();
	const w = await watching.newPage();
	w.on('pageerror', (e) => errors.push(e.message));
	await w.goto(`${url}/games/${id}`);
	await w.waitForSelector('body[data-ready="game"][data-watching="yes"][data-you="none"]');
	check('a watcher has no seat to take and no player\'s buttons',
		await w.$eval('#sit', (el) => el.hidden) && await w.$eval('#actions', (el) => el.hidden) &&
		(await textOf(w, '#you')) === 'You are watching.');

	// 1. e4 by clicking e2 then e4
	await clickSquares(a, 'e2');
	const targets = await a.$$eval('#board rect.target', (rs) => rs.map((r) => [...r.classList].find((c) => /^[a-h][1-8]$/.test(c))).sort());
	check('a selected pawn shows its targets', JSON.stringify(targets) === '["e3","e4"]', targets);
	await clickSquares(a, 'e4');
	await waitPlies(a, 1);
	check('1. e4 played by clicking', (await textOf(a, '#moves')) === 'e4', await textOf(a, '#moves'));
	await waitPlies(b, 1);
	await waitPlies(w, 1);
	check('Bob and the watcher see 1. e4', (await textOf(b, '#moves')) === 'e4' && (await textOf(w, '#moves')) === 'e4');

	// Alice cannot move for Bob
	await typeMove(a, 'e5');
	const forBob = await errorShown(a, /turn/);
	check('a move on the other side\'s turn is refused by the database', /^it is black's turn in game \d+, not white's/.test(forBob), forBob);
	check('... and plays nothing', (await plies(a)) === 1);

	// 1... e5 from Bob's explorer
	await clickAt(b, '#explorer tbody tr[data-move="e7e5"]');
	await waitPlies(b, 2);
	check('1... e5 chosen in the explorer', (await textOf(b, '#moves')) === 'e4 e5', await textOf(b, '#moves'));
	await waitPlies(a, 2);

	// an illegal attempt: the pawn on e4 is blocked
	await clickSquares(a, 'e4', 'e5');
	const illegal = await errorShown(a, /illegal move e4e5/);
	check('an illegal click shows PostgreSQL\'s reason', /illegal move e4e5/.test(illegal) && /blocked/.test(illegal), illegal);
	check('... and plays nothing', (await plies(a)) === 2);
	await a.screenshot({ path: `${shots}/illegal.png` });
	await typeMove(a, 'Qxf7');
	const qxf7 = await errorShown(a, /illegal move Qxf7/);
	check('an illegal SAN shows the reason too', /illegal move Qxf7/.test(qxf7) && /No white queen can move to f7/.test(qxf7), qxf7);

	// 2. Bc4 typed in UCI, 2... Nc6 in SAN
	await typeMove(a, 'f1c4');
	await waitPlies(a, 3);
	check('the error goes with the next move', await a.$eval('#error', (el) => el.hidden));
	const sans = await a.$$eval('#moves li', (li) => li.map((x) => x.textContent).join('|'));
	check('2. Bc4 typed in UCI', sans === 'e4 e5|Bc4', sans);
	check('the opening is named as lichess names it', /^C23 Bishop's Opening$/.test(await textOf(a, '#opening')), await textOf(a, '#opening'));
	await waitPlies(b, 3);
	await typeMove(b, 'Nc6');
	await waitPlies(a, 4);

	// 3. Qh5 Nf6 4. Qxf7#
	await clickSquares(a, 'd1', 'h5');
	await waitPlies(b, 5);
	await typeMove(b, 'Nf6');
	await waitPlies(a, 6);
	await clickSquares(a, 'h5', 'f7');
	await waitPlies(a, 7);
	check('checkmate is shown to the player', (await textOf(a, '#status')) === '1-0 — checkmate', await textOf(a, '#status'));
	await a.screenshot({ path: `${shots}/mate.png` });
	await b.waitForSelector('body[data-result="1-0"]', { timeout: 10000 });
	await w.waitForSelector('body[data-result="1-0"]', { timeout: 10000 });
	check('... to the opponent and to the watcher', (await textOf(b, '#status')) === '1-0 — checkmate' &&
		(await textOf(w, '#status')) === '1-0 — checkmate', await textOf(w, '#status'));
	check('the watcher saw every move', (await w.$$eval('#moves li', (li) => li.map((x) => x.textContent))).join('|') ===
		'e4 e5|Bc4 Nc6|Qh5 Nf6|Qxf7#');
	await w.screenshot({ path: `${shots}/watcher.png` });
	check('the king in check is marked on the board', (await a.$$('#board circle.check')).length === 1);

	// after the end: no move
	await typeMove(b, 'a6');
	const after = await errorShown(b, /is over/);
	check('a move after the mate is refused', /^game \d+ is over: 1-0 \(checkmate\)/.test(after), after);

	// the PGN download
	const href = await a.$eval('#pgn', (el) => el.getAttribute('href'));
	const pgn = await a.evaluate(async (h) => {
		const r = await fetch(h);
		return { disposition: r.headers.get('content-disposition'), text: await r.text() };
	}, href);
	check('the PGN is a download', /^attachment; filename="game-\d+\.pgn"$/.test(pgn.disposition ?? ''), pgn.disposition);
	check('the PGN has the players, the moves and the result',
		pgn.text.includes('[White "Alice"]') && pgn.text.includes('[Black "Bob"]') &&
		pgn.text.includes('[Result "1-0"]') && pgn.text.includes('1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0'), pgn.text);

	// the game as the database holds it
	const db = new pg.Client();
	await db.connect();
	const { rows } = await db.query(
		'SELECT game::text, result, termination, (SELECT count(*)::int FROM app.moves WHERE game_id = id) AS n FROM app.games WHERE id = $1', [id]);
	await db.end();
	check('the database holds the game, its moves and its result',
		rows[0]?.game === '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#' && rows[0]?.result === '1-0' &&
		rows[0]?.termination === 'checkmate' && rows[0]?.n === 7, rows[0]);

	// A second game: a take-back and a draw need both players.
	const second = await newGame(a, 'Alice', 'white');
	await join(b, second, 'Bob', 'black');
	await clickSquares(a, 'g1', 'f3');
	await waitPlies(b, 1);
	await a.click('#takeback');
	await a.waitForSelector('body[data-offers="/white"]');
	check('asking to take a move back takes nothing back', (await plies(a)) === 1);
	await b.waitForSelector('body[data-offers="/white"]');
	check('Bob is asked, and may agree', (await textOf(b, '#offers')) === 'White asks to take the last move back' &&
		(await textOf(b, '#takeback')) === 'Agree to take back', await textOf(b, '#offers'));
	await b.click('#takeback');
	await waitPlies(a, 0);
	check('the move is taken back when both agree', (await textOf(a, '#moves')) === '' && (await plies(b)) === 0);
	await a.click('#draw');
	await b.waitForSelector('body[data-offers="white/"]');
	check('an offer of a draw ends nothing', (await textOf(b, '#status')) === 'White to move' &&
		(await textOf(b, '#offers')) === 'White offers a draw' && (await textOf(b, '#draw')) === 'Accept the draw',
		await textOf(b, '#offers'));
	await typeMove(a, 'e4');
	await waitPlies(b, 1);
	check('the offer stands through Alice\'s own move', (await b.$eval('body', (x) => x.dataset.offers)) === 'white/');
	await typeMove(b, 'e5');
	await a.waitForSelector('body[data-plies="2"][data-offers="/"]');
	check('Bob\'s move declines it', (await textOf(a, '#offers')) === '');
	await b.click('#draw');
	await a.waitForSelector('body[data-offers="black/"]');
	await a.click('#draw');
	await b.waitForSelector('body[data-result="1/2-1/2"]');
	check('a draw both offered ends the game', (await textOf(b, '#status')) === '1/2-1/2 — agreement', await textOf(b, '#status'));

	// A third game: the API refuses a watcher, a forged cookie and a move
	// out of turn, and bad requests; then Bob resigns.
	const third = await newGame(b, 'Bob', 'black');
	await join(a, third, 'Alice', 'white');
	await w.goto(`${url}/games/${third}`);
	await w.waitForSelector('body[data-ready="game"][data-watching="yes"]');
	const post = (page, path, body) => page.evaluate(async (p, bd) => {
		const r = await fetch(p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: bd });
		return `${r.status} ${(await r.json()).sqlstate ?? ''}`.trim();
	}, path, body);
	const api = `/api/games/${third}`;
	const watcher = {
		move: await post(w, `${api}/moves`, '{"move": "e4"}'),
		resign: await post(w, `${api}/resign`, '{}'),
		draw: await post(w, `${api}/draw`, '{}'),
		takeback: await post(w, `${api}/takeback`, '{}'),
		sit: await post(w, `${api}/sit`, '{"side": "black", "name": "Mallory"}'),
	};
	check('a watcher can neither move, resign, offer a draw, take back nor take a seat',
		watcher.move === '403 42501' && watcher.resign === '403 42501' && watcher.draw === '403 42501' &&
		watcher.takeback === '403 42501' && watcher.sit === '409 23505', watcher);
	await w.evaluate((g) => { document.cookie = `seat_${g}=${'0'.repeat(32)}; path=/`; }, third);
	const forged = { move: await post(w, `${api}/moves`, '{"move": "e4"}'), resign: await post(w, `${api}/resign`, '{}') };
	check('a forged token is refused', forged.move === '403 42501' && forged.resign === '403 42501', forged);
	const outOfTurn = await post(b, `${api}/moves`, '{"move": "e2e4"}');
	check('Black cannot play White\'s move', outOfTurn === '403 42501', outOfTurn);
	const refusals = {
		missing: await post(a, '/api/games/999999/moves', '{"move": "e4"}'),
		garbage: await post(a, `${api}/moves`, '{"move": "e2e9"}'),
		notJson: await post(a, `${api}/moves`, 'e4'),
		tooBig: await post(a, `${api}/moves`, JSON.stringify({ move: 'x'.repeat(70000) })),
		path: await a.evaluate(async () => (await fetch('/api/games/x/moves', { method: 'POST' })).status),
	};
	check('the API refuses a missing game, a garbled move, a body that is not JSON or too large, a bad path',
		refusals.missing === '404 P0002' && refusals.garbage === '422 22P02' && refusals.notJson === '422 22P02' &&
		refusals.tooBig === '413 54000' && refusals.path === 404, refusals);
	check('... and nothing was played', (await plies(a)) === 0);
	await b.click('#resign');
	await a.waitForSelector('body[data-result="1-0"]');
	check('Bob resigns: White wins', (await textOf(a, '#status')) === '1-0 — resignation', await textOf(a, '#status'));
	await typeMove(a, 'e4');
	const over = await errorShown(a, /is over/);
	check('no move after a resignation', /^game \d+ is over: 1-0 \(resignation\)/.test(over), over);
	check('no script error on the pages', errors.length === 0, errors);
} catch (e) {
	check(`the test ran to its end (${e.message})`, false);
} finally {
	await alice.close();
	await bob.close();
}
console.log(`app: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
