// Two players on one board, every move validated by PostgreSQL.
//
// A small HTTP server (Node.js, node-postgres, no framework) over the
// database that setup.sql makes: the games of examples/games.sql, whose
// functions accept a move only when it is legal, the game's next ply and
// played by the player whose turn it is, and a library with the opening
// explorer of examples/chessdb.sql.  The server checks nothing about
// chess or about players: it passes what a player clicked or typed to
// play_move() with the player's token and shows PostgreSQL's answer — the
// new position, or the error with its reason.  A player's token is the one
// new_game() or sit() gave them, kept by their browser in an HttpOnly
// cookie (seat_<game>); the server never stores it, and a page's script
// cannot read it.  The board is board_svg(); a move anywhere (another
// browser, psql) reaches every open page through LISTEN chess_game and
// server-sent events.
//
//   PGHOST=... PGUSER=chess_app PGPASSWORD=... node server.mjs   (PORT, default 8080)
// run.sh starts a throwaway cluster, sets it up and starts this.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import pg from 'pg';

const port = Number(process.env.PORT ?? 8080);
const pool = new pg.Pool({ max: 8 });
const here = new URL('.', import.meta.url);

// The pages watching each game: LISTEN chess_game tells which game moved.
const watchers = new Map();
const listener = new pg.Client();
// a lost connection: say so and stop (a supervisor restarts the server)
for (const c of [pool, listener]) {
	c.on('error', (err) => {
		console.error(`the connection to PostgreSQL failed: ${err.message}`);
		process.exit(1);
	});
}
await listener.connect();
await listener.query('LISTEN chess_game');
listener.on('notification', (n) => {
	for (const res of watchers.get(n.payload) ?? []) res.write(`event: moved\ndata: ${n.payload}\n\n`);
});

// A game as a page shows it: the board drawn by the database, the moves,
// the state, the seats taken and the side the page's token holds, the
// offers that stand, the legal moves (for highlighting only: the database
// decides), the opening's name and the explorer's moves from this position.
const stateSql = `
SELECT g.id, g.white, g.black, g.current::text AS fen, g.plies, g.result, g.termination,
       side_to_move(g.current) AS turn, in_check(g.current) AS check,
       player_side(g.id, $3) AS you, g.draw_offer, g.takeback_offer,
       coalesce((SELECT array_agg(side ORDER BY side DESC) FROM seats WHERE game_id = g.id), '{}') AS seated,
       board_svg(g.current, $2, true, coalesce(last.move, '0000'), '{}', '{}', 480) AS svg,
       last.move::text AS last_move,
       coalesce((SELECT array_agg(san ORDER BY ply) FROM moves WHERE game_id = g.id), '{}') AS sans,
       coalesce((SELECT array_agg(m::text) FROM legal_moves(g.current) AS m), '{}') AS legal,
       (SELECT o.eco || ' ' || o.name FROM opening(g.game) AS o) AS opening,
       coalesce((SELECT json_agg(json_build_object('move', e.move::text, 'san', san(g.current, e.move),
                                                  'games', e.games, 'white', e.white, 'draws', e.draws,
                                                  'black', e.black) ORDER BY e.games DESC, e.move)
                   FROM explore(g.current) AS e), '[]') AS explorer
FROM games AS g
LEFT JOIN moves AS last ON last.game_id = g.id AND last.ply = g.plies
WHERE g.id = $1`;

function send(res, status, body, type = 'application/json; charset=utf-8', headers = {}) {
	res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
	res.end(type.startsWith('application/json') ? JSON.stringify(body) : body);
}

// PostgreSQL's error, as the player sees it; the SQLSTATE chooses the status.
function sendError(res, err) {
	const status = {
		'22023': 422, '22P02': 422,		// an illegal or unreadable move, a side that is neither
		'23505': 409, '23001': 409,		// not the next ply, a seat taken; the game is over
		'55000': 409,					// nothing to take back
		'42501': 403,					// not this page's game, or not its turn
		'23503': 404, 'P0002': 404,		// no such game
		'54000': 413,					// a request body over 64 kB
	}[err.code] ?? (err.code ? 400 : 500);
	if (!err.code) console.error(err);
	send(res, status, { error: err.message, detail: err.detail, hint: err.hint, sqlstate: err.code });
}

async function body(req) {
	const chunks = [];
	let size = 0;
	for await (const c of req) {
		size += c.length;
		if (size > 65536) throw Object.assign(new Error('request too large'), { code: '54000' });
		chunks.push(c);
	}
	try {
		return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
	} catch {
		throw Object.assign(new Error('the request is not JSON'), { code: '22P02', detail: 'Send a JSON object.' });
	}
}

// The token of the page's player in game id, from the cookie new_game()
// or sit() set: passed to the database as it is (or null), which decides.
function token(req, id) {
	for (const part of (req.headers.cookie ?? '').split(';')) {
		const [name, ...value] = part.trim().split('=');
		if (name === `seat_${id}`) return value.join('=');
	}
	return null;
}

// The cookie that keeps a player's token: sent back on this site's requests
// only (SameSite=Strict: no other site can make a player's browser act),
// out of reach of scripts (HttpOnly).  Behind HTTPS add Secure.
function seatCookie(id, tok) {
	return `seat_${id}=${tok}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${60 * 60 * 24 * 30}`;
}

async function state(id, orientation, tok) {
	const { rows } = await pool.query(stateSql, [id, orientation === 'black' ? 'black' : 'white', tok]);
	if (!rows.length) throw Object.assign(new Error(`game ${id} does not exist`), { code: 'P0002' });
	return rows[0];
}

const name = (v) => String(v ?? '').slice(0, 100) || null;

const statics = { '/': 'index.html', '/app.js': 'app.js', '/style.css': 'style.css' };
const types = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

async function route(req, res) {
	const url = new URL(req.url, 'http://localhost');
	const path = url.pathname;
	let m;
	if (req.method === 'GET' && (statics[path] || /^\/games\/\d+$/.test(path))) {
		const file = statics[path] ?? 'index.html';
		return send(res, 200, await readFile(new URL(`public/${file}`, here)), types[file.split('.').pop()]);
	}
	if (req.method === 'GET' && path === '/api/games') {
		const { rows } = await pool.query(
			'SELECT id, white, black, plies, result FROM games ORDER BY id DESC LIMIT 20');
		return send(res, 200, rows);
	}
	if (req.method === 'POST' && path === '/api/games') {
		const b = await body(req);
		const { rows } = await pool.query('SELECT game_id, token FROM new_game($1, $2)', [String(b.side ?? ''), name(b.name)]);
		return send(res, 201, { id: rows[0].game_id }, undefined, { 'Set-Cookie': seatCookie(rows[0].game_id, rows[0].token) });
	}
	if (!(m = path.match(/^\/api\/games\/(\d{1,18})(\/[a-z]+)?$/))) return send(res, 404, { error: 'not found' });
	const id = m[1];
	const what = m[2] ?? '';
	const tok = token(req, id);
	if (req.method === 'GET' && what === '') return send(res, 200, await state(id, url.searchParams.get('orientation'), tok));
	if (req.method === 'POST' && what === '/sit') {
		const b = await body(req);
		const { rows } = await pool.query('SELECT sit($1, $2, $3) AS token', [id, String(b.side ?? ''), name(b.name)]);
		return send(res, 200, await state(id, b.orientation, rows[0].token), undefined,
			{ 'Set-Cookie': seatCookie(id, rows[0].token) });
	}
	// what a player does, for the side their token holds (the database
	// refuses a move on the other side's turn, a token of no seat, none)
	const acts = {
		// ply: the ply the player's screen showed, so that a move made for
		// a position that has changed meanwhile fails instead of landing
		'/moves': (b) => pool.query('SELECT play_move($1, $2, $3, $4)', [id, tok, String(b.move ?? ''), b.ply ?? null]),
		'/takeback': () => pool.query('SELECT take_back($1, $2)', [id, tok]),
		'/resign': () => pool.query('SELECT resign($1, $2)', [id, tok]),
		'/draw': () => pool.query('SELECT offer_draw($1, $2)', [id, tok]),
	};
	if (req.method === 'POST' && acts[what]) {
		const b = await body(req);
		await acts[what](b);
		return send(res, 200, await state(id, b.orientation, tok));
	}
	if (req.method === 'GET' && what === '/pgn') {
		const { rows } = await pool.query(`
			SELECT pgn(g.start, moves(g.game), jsonb_strip_nulls(jsonb_build_object(
			           'Event', 'chess app game ' || g.id, 'Site', 'examples/app',
			           'White', g.white, 'Black', g.black, 'Result', g.result, 'Termination', g.termination))) AS pgn
			FROM games AS g WHERE g.id = $1`, [id]);
		if (!rows.length) throw Object.assign(new Error(`game ${id} does not exist`), { code: 'P0002' });
		return send(res, 200, rows[0].pgn, 'application/x-chess-pgn; charset=utf-8',
			{ 'Content-Disposition': `attachment; filename="game-${id}.pgn"` });
	}
	if (req.method === 'GET' && what === '/events') {
		res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
		res.write(': watching\n\n');
		if (!watchers.has(id)) watchers.set(id, new Set());
		watchers.get(id).add(res);
		req.on('close', () => watchers.get(id)?.delete(res));
		return;
	}
	return send(res, 404, { error: 'not found' });
}

const server = http.createServer((req, res) => route(req, res).catch((err) => sendError(res, err)));
server.listen(port, () => console.log(`chess app on http://localhost:${port}/`));

function stop() {
	server.close();
	for (const set of watchers.values()) for (const res of set) res.end();
	Promise.allSettled([pool.end(), listener.end()]).then(() => process.exit(0));
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
