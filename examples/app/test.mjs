// The reference application as a user uses it, in a real browser: headless
// Chromium (Debian's, driven by puppeteer-core; nothing is downloaded).  One
// browser starts a game and plays it by clicking squares, typing SAN and
// UCI, and clicking the explorer; it tries an illegal move (the page shows
// PostgreSQL's reason) and a move after the end; a second browser watches
// the same game and sees every move and the mate.  Then the PGN download,
// and the game as the database holds it.  Screenshots go to
// $SCREENSHOTS (default examples/app/screenshots).  Prints
// "app: N passed, M failed"; exits non-zero on a failure.
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
const player = await launch();
const watcher = await launch();
try {
	const a = await player.newPage();
	const errors = [];
	a.on('pageerror', (e) => errors.push(e.message));

	// the lobby: a new game
	await a.goto(`${url}/`);
	await a.waitForSelector('body[data-ready="lobby"]');
	await a.$eval('input[name=white]', (el) => { el.value = ''; });
	await a.type('input[name=white]', 'Alice');
	await a.$eval('input[name=black]', (el) => { el.value = ''; });
	await a.type('input[name=black]', 'Bob');
	await Promise.all([a.waitForNavigation(), a.click('#new-game button')]);
	const id = a.url().match(/\/games\/(\d+)$/)?.[1];
	check('the lobby starts a game and opens its page', id !== undefined, a.url());
	await a.waitForSelector('body[data-ready="game"] #board svg rect.square.e2');
	check('the board is the database\'s board_svg()', (await a.$$('#board svg rect.square')).length === 64);
	check('the status says who moves', (await textOf(a, '#status')) === 'White to move', await textOf(a, '#status'));
	const startRows = await a.$$eval('#explorer tbody tr', (rows) => rows.map((r) => r.firstChild.textContent));
	check('the explorer lists the library\'s first moves', startRows.includes('e4') && startRows.includes('d4'), startRows);

	// the second browser watches the same game
	const b = await watcher.newPage();
	await b.goto(`${url}/games/${id}`);
	await b.waitForSelector('body[data-ready="game"][data-watching="yes"]');

	// 1. e4 by clicking e2 then e4
	await clickSquares(a, 'e2');
	const targets = await a.$$eval('#board rect.target', (rs) => rs.map((r) => [...r.classList].find((c) => /^[a-h][1-8]$/.test(c))).sort());
	check('a selected pawn shows its targets', JSON.stringify(targets) === '["e3","e4"]', targets);
	await clickSquares(a, 'e4');
	await waitPlies(a, 1);
	check('1. e4 played by clicking', (await textOf(a, '#moves')) === 'e4', await textOf(a, '#moves'));
	await waitPlies(b, 1);
	check('the watching browser sees 1. e4', (await textOf(b, '#moves')) === 'e4');

	// 1... e5 from the explorer
	await clickAt(a, '#explorer tbody tr[data-move="e7e5"]');
	await waitPlies(a, 2);
	check('1... e5 chosen in the explorer', (await textOf(a, '#moves')) === 'e4 e5', await textOf(a, '#moves'));

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
	check('the opening is named from the library', /^C23 Bishop's opening/.test(await textOf(a, '#opening')), await textOf(a, '#opening'));
	await typeMove(a, 'Nc6');
	await waitPlies(a, 4);

	// 3. Qh5 Nf6 4. Qxf7#
	await clickSquares(a, 'd1', 'h5');
	await waitPlies(a, 5);
	await typeMove(a, 'Nf6');
	await waitPlies(a, 6);
	await clickSquares(a, 'h5', 'f7');
	await waitPlies(a, 7);
	check('checkmate is shown to the player', (await textOf(a, '#status')) === '1-0 — checkmate', await textOf(a, '#status'));
	await a.screenshot({ path: `${shots}/mate.png` });
	await b.waitForSelector('body[data-result="1-0"]', { timeout: 10000 });
	check('... and to the watcher', (await textOf(b, '#status')) === '1-0 — checkmate', await textOf(b, '#status'));
	check('the watcher saw every move', (await b.$$eval('#moves li', (li) => li.map((x) => x.textContent))).join('|') ===
		'e4 e5|Bc4 Nc6|Qh5 Nf6|Qxf7#');
	await b.screenshot({ path: `${shots}/watcher.png` });
	check('the king in check is marked on the board', (await a.$$('#board circle.check')).length === 1);

	// after the end: no move
	await typeMove(a, 'a6');
	const after = await errorShown(a, /a6/);
	check('a move after the mate is refused', /illegal move a6/.test(after), after);

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

	// a second game: a take-back, a promotion typed, resignation
	await a.goto(`${url}/`);
	await a.waitForSelector('body[data-ready="lobby"]');
	await Promise.all([a.waitForNavigation(), a.click('#new-game button')]);
	await a.waitForSelector('body[data-ready="game"] #board svg');
	await clickSquares(a, 'g1', 'f3');
	await waitPlies(a, 1);
	await a.click('#takeback');
	await waitPlies(a, 0);
	check('a move taken back', (await textOf(a, '#moves')) === '');
	await a.click('#resign');
	await a.waitForSelector('body[data-result="0-1"]');
	check('resigning ends the game', (await textOf(a, '#status')) === '0-1 — resignation', await textOf(a, '#status'));
	await typeMove(a, 'e4');
	const over = await errorShown(a, /is over/);
	check('no move after a resignation', /^game \d+ is over: 0-1 \(resignation\)/.test(over), over);
	// the API's refusals: a status and PostgreSQL's words
	const refusals = await a.evaluate(async () => {
		const post = async (path, body) => {
			const r = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
			return `${r.status} ${(await r.json()).sqlstate ?? ''}`.trim();
		};
		return {
			missing: await post('/api/games/999999/moves', '{"move": "e4"}'),
			garbage: await post('/api/games/1/moves', '{"move": "e2e9"}'),
			notJson: await post('/api/games/1/moves', 'e4'),
			tooBig: await post('/api/games/1/moves', JSON.stringify({ move: 'x'.repeat(70000) })),
			path: (await fetch('/api/games/x/moves', { method: 'POST' })).status,
		};
	});
	check('the API refuses a missing game, a garbled move, a body that is not JSON or too large, a bad path',
		refusals.missing === '404 23503' && refusals.garbage === '422 22P02' && refusals.notJson === '422 22P02' &&
		refusals.tooBig === '413 54000' && refusals.path === 404, refusals);
	check('no script error on the pages', errors.length === 0, errors);
} catch (e) {
	check(`the test ran to its end (${e.message})`, false);
} finally {
	await player.close();
	await watcher.close();
}
console.log(`app: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
