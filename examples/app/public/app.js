// The page: a lobby at /, a game at /games/N.  It knows no chess rule and
// no player's rights: a click on two squares or a typed move goes to the
// server as it is, and the page shows what PostgreSQL answered.  The legal
// moves the server sends only highlight the squares a selected piece may
// go to; the side the page plays (state.you, from the token in its
// cookie) only turns the board and chooses the buttons shown.
'use strict';

const $ = (sel) => document.querySelector(sel);
let game = null;			// the last state the server sent
let orientation = 'white';
let flipped = false;		// the board turned by hand, not to the page's side
let selected = null;		// the square clicked first
const names = { white: $('#white-name'), black: $('#black-name') };

async function api(method, path, body) {
	const res = await fetch(path, {
		method,
		headers: body ? { 'Content-Type': 'application/json' } : {},
		body: body ? JSON.stringify(body) : undefined,
	});
	const data = await res.json();
	if (!res.ok) throw data;
	return data;
}

function showError(err) {
	const box = $('#error');
	if (!err) {
		box.hidden = true;
		box.textContent = '';
		return;
	}
	box.textContent = [err.error, err.detail, err.hint].filter(Boolean).join('\n');
	box.hidden = false;
}

function text(el, value) {
	el.textContent = value ?? '';
}

function render(state) {
	// a reload that changes nothing (the echo of one's own move) keeps a
	// square just selected
	const keep = selected && game && game.fen === state.fen ? selected.name : null;
	game = state;
	$('#board').innerHTML = state.svg;
	selected = keep ? { name: keep, rect: $(`#board rect.square.${keep}`) } : null;
	highlight(selected);
	const seatName = (side) => (state.seated.includes(side) ? `${state[side] ?? 'Anonymous'} (${side})` : `(${side}: a free seat)`);
	text(names.white, seatName('white'));
	text(names.black, seatName('black'));
	// the side at the bottom of the board below it (a name moved is out of
	// the document until it is put back: hence names, not lookups)
	const bottom = orientation === 'black' ? 'black' : 'white';
	$('#players').replaceChildren(names[bottom === 'white' ? 'black' : 'white']);
	$('#players-bottom').replaceChildren(names[bottom]);
	let status;
	if (state.result !== '*') status = `${state.result} — ${state.termination}`;
	else status = `${state.turn === 'white' ? 'White' : 'Black'} to move${state.check ? ', in check' : ''}`;
	text($('#status'), status);
	const Side = (side) => side[0].toUpperCase() + side.slice(1);
	text($('#offers'), [state.draw_offer && `${Side(state.draw_offer)} offers a draw`,
		state.takeback_offer && `${Side(state.takeback_offer)} asks to take the last move back`].filter(Boolean).join('; '));
	// a player's buttons: what the other side asked for is agreed by asking it too
	const you = state.you;
	const free = ['white', 'black'].find((side) => !state.seated.includes(side));
	$('#actions').hidden = !you;
	$('#move-form').hidden = !you;
	$('#sit').hidden = Boolean(you) || !free || state.result !== '*';
	text($('#sit-side'), free ?? '');
	text($('#draw'), state.draw_offer && state.draw_offer !== you ? 'Accept the draw' : 'Offer a draw');
	$('#draw').disabled = state.draw_offer === you || state.result !== '*';
	text($('#takeback'), state.takeback_offer && state.takeback_offer !== you ? 'Agree to take back' : 'Ask to take back');
	$('#takeback').disabled = state.takeback_offer === you || state.plies === 0;
	$('#resign').disabled = state.result !== '*';
	text($('#you'), you ? `You play ${you}.` : 'You are watching.');
	text($('#opening'), state.opening);
	const moves = $('#moves');
	moves.replaceChildren();
	for (let i = 0; i < state.sans.length; i += 2) {
		const li = document.createElement('li');
		li.textContent = state.sans.slice(i, i + 2).join(' ');
		moves.append(li);
	}
	const body = $('#explorer tbody');
	body.replaceChildren();
	for (const e of state.explorer) {
		const tr = document.createElement('tr');
		for (const v of [e.san, e.games, e.white, e.draws, e.black]) {
			const td = document.createElement('td');
			td.textContent = v;
			tr.append(td);
		}
		tr.dataset.move = e.move;
		tr.addEventListener('click', () => play(e.move));
		body.append(tr);
	}
	$('#explorer-empty').hidden = state.explorer.length > 0;
	// a library without results (the ECO lines) shows the counts alone
	$('#explorer').classList.toggle('no-results', state.explorer.every((e) => e.white + e.draws + e.black === 0));
	$('#pgn').href = `/api/games/${state.id}/pgn`;
	document.body.dataset.plies = state.plies;
	document.body.dataset.result = state.result;
	document.body.dataset.you = you ?? 'none';
	document.body.dataset.offers = `${state.draw_offer ?? ''}/${state.takeback_offer ?? ''}`;
}

// The requests of a page go one at a time, so that each answer is at least
// as new as the one before: the reload a notification starts may otherwise
// be answered before the move that followed it.  A state like the one shown
// (the echo of one's own move) is not drawn again.
let queue = Promise.resolve();
let shown = '';
function update(method, path, body) {
	const run = queue.then(() => api(method, path, body)).then((state) => {
		const key = JSON.stringify(state);
		if (key !== shown) {
			shown = key;
			render(state);
		}
	});
	queue = run.catch(() => {});
	return run;
}

async function load() {
	await update('GET', `/api/games/${game.id}?orientation=${orientation}`);
	// the board turned to the page's side, unless turned by hand
	const side = game.you ?? 'white';
	if (!flipped && orientation !== side) {
		orientation = side;
		await update('GET', `/api/games/${game.id}?orientation=${orientation}`);
	}
}

async function play(move) {
	try {
		await update('POST', `/api/games/${game.id}/moves`, { move, ply: game.plies + 1, orientation });
		showError(null);
	} catch (err) {
		showError(err);
		if (err.sqlstate === '23505') await load();		// another move came first
	}
}

// The square under a click: the board's squares are rect.square elements
// with the square's name among their classes.
function squareAt(event) {
	for (const rect of $('#board').querySelectorAll('rect.square')) {
		const box = rect.getBoundingClientRect();
		if (event.clientX >= box.left && event.clientX < box.right &&
			event.clientY >= box.top && event.clientY < box.bottom)
			return { rect, name: [...rect.classList].find((c) => /^[a-h][1-8]$/.test(c)) };
	}
	return null;
}

function highlight(from) {
	for (const rect of $('#board').querySelectorAll('rect.square')) rect.classList.remove('selected', 'target');
	if (!from) return;
	from.rect.classList.add('selected');
	for (const m of game.legal) {
		if (m.startsWith(from.name)) $('#board').querySelector(`rect.square.${m.slice(2, 4)}`)?.classList.add('target');
	}
}

function onBoardClick(event) {
	const sq = squareAt(event);
	if (!sq || game.result !== '*') return;
	if (!selected || selected.name === sq.name) {
		selected = selected ? null : sq;
		highlight(selected);
		return;
	}
	let move = selected.name + sq.name;
	// a pawn move to the last rank: the piece chosen beside the board
	if (game.legal.includes(move + 'q')) move += $('#promotion').value;
	selected = null;
	highlight(null);
	play(move);
}

async function openGame(id) {
	$('#lobby').hidden = true;
	$('#game').hidden = false;
	game = { id, legal: [], plies: 0, result: null, seated: [] };
	$('#board').addEventListener('click', onBoardClick);
	$('#move-form').addEventListener('submit', (e) => {
		e.preventDefault();
		const input = $('#move-input');
		play(input.value.trim()).then(() => { if ($('#error').hidden) input.value = ''; });
	});
	$('#flip').addEventListener('click', () => {
		orientation = orientation === 'white' ? 'black' : 'white';
		flipped = true;
		load();
	});
	for (const what of ['takeback', 'resign', 'draw']) {
		$(`#${what}`).addEventListener('click', () =>
			update('POST', `/api/games/${game.id}/${what}`, { orientation }).then(() => showError(null), showError));
	}
	// a free seat taken: the server sets the cookie with the seat's token
	$('#sit').addEventListener('submit', (e) => {
		e.preventDefault();
		const side = $('#sit-side').textContent;
		update('POST', `/api/games/${game.id}/sit`, { side, name: new FormData(e.target).get('name'), orientation: side })
			.then(() => { showError(null); return load(); }, showError);
	});
	// moves made elsewhere: another browser, another client, psql; once the
	// server watches for this page, a reload catches up with what came before
	const events = new EventSource(`/api/games/${id}/events`);
	events.addEventListener('moved', () => load().catch(showError));
	events.addEventListener('open', () => {
		document.body.dataset.watching = 'yes';
		load().catch(showError);
	});
	await load();
	document.body.dataset.ready = 'game';
}

async function openLobby() {
	$('#lobby').hidden = false;
	$('#new-game').addEventListener('submit', async (e) => {
		e.preventDefault();
		const form = new FormData(e.target);
		try {
			const { id } = await api('POST', '/api/games', { name: form.get('name'), side: form.get('side') });
			location.href = `/games/${id}`;
		} catch (err) {
			$('#lobby-error').textContent = err.error ?? String(err);
			$('#lobby-error').hidden = false;
		}
	});
	const list = $('#games');
	for (const g of await api('GET', '/api/games')) {
		const li = document.createElement('li');
		const a = document.createElement('a');
		a.href = `/games/${g.id}`;
		a.textContent = `${g.id}: ${g.white ?? '?'} – ${g.black ?? '?'}, ${g.plies} plies, ${g.result}`;
		li.append(a);
		list.append(li);
	}
	document.body.dataset.ready = 'lobby';
}

const m = location.pathname.match(/^\/games\/(\d+)$/);
(m ? openGame(m[1]) : openLobby()).catch(showError);
