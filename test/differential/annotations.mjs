// Annotated PGN both ways with lichess's own reader, npm chessops.
//
//   node annotations.mjs write GAMES SEED [clocks|evals] > lichess.pgn
//       seeded random games as lichess exports them: [%clk] after every
//       move (some with tenths, some past an hour), [%eval] after every move
//       in a third of them (pawns, mate scores, #0 after a mate, depths),
//       [%emt], [%csl]/[%cal] shapes, comments with and without commands,
//       NAGs and glyphs, variations inside variations, a comment before the
//       first move and before a variation's first move; with "clocks" or
//       "evals", plain lichess exports instead: a clock after every move,
//       and with "evals" an evaluation too (the benchmark's profiles)
//   node annotations.mjs files FILE... > files.jsonl
//       each game of each file (a game begins at a line "[" after a
//       blank line), one {"file", "game", "pgn"} a line, for
//       compare_annotations.sql: both readers read each game's text alone
//   node annotations.mjs compare files.jsonl ours.jsonl
//       reads each game with chessops and the PGN our pgn() wrote of it
//       (ours.jsonl: {"file", "game", "pgn"}), and compares the game trees node by node:
//       moves (as chessops writes their SAN), NAGs, comments (their text,
//       and the commands they hold: clock, elapsed time, evaluation,
//       shapes), variations, the comments before the first move and before
//       a variation's first move; and the tags, in their order.  A line stops at its first move chessops
//       cannot play, as ours does.  Then the analysis: the main line's
//       clocks and evaluations as chessops reads them against clocks() and
//       evals(), and lichess's accuracy and judgements computed here, from
//       lichess's published formulas, against accuracy() and judgements().
//       Prints each difference, and "N passed, M failed, K skipped": a
//       check a game for each of the two comparisons.
import { parsePgn, startingPosition, parseComment } from 'chessops/pgn';
import { parseSan, makeSanAndPlay } from 'chessops/san';
import { makeSquare } from 'chessops/util';
import { readFileSync } from 'node:fs';

const [mode, ...args] = process.argv.slice(2);

function rng(seedArg) {
  let seed = BigInt(seedArg ?? 7) & 0xffffffffffffffffn;
  return (n) => {
    seed ^= (seed << 13n) & 0xffffffffffffffffn;
    seed ^= seed >> 7n;
    seed ^= (seed << 17n) & 0xffffffffffffffffn;
    return Number(seed % BigInt(n));
  };
}

function legalMoves(pos) {
  const moves = [];
  for (const [from, dests] of pos.allDests()) {
    for (const to of dests) {
      const piece = pos.board.get(from);
      if (piece.role === 'pawn' && (to >> 3 === 7 || to >> 3 === 0)) {
        for (const promotion of ['queen', 'knight', 'rook', 'bishop']) moves.push({ from, to, promotion });
      } else moves.push({ from, to });
    }
  }
  return moves;
}

function clk(cs) {
  const s = Math.floor(cs / 100), f = cs % 100;
  const base = `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return f === 0 ? base : f % 10 === 0 ? `${base}.${f / 10}` : `${base}.${String(f).padStart(2, '0')}`;
}

function write(games, seed, profile) {
  const random = rng(seed);
  const plain = profile === 'clocks' || profile === 'evals';
  const colors = 'GRYB';
  const out = [];
  for (let id = 1; id <= games; id++) {
    const withEvals = plain ? profile === 'evals' : random(3) === 0;
    const tenths = random(4) === 0 && !plain;
    const long = random(10) === 0;
    const base = long ? 5400 : [60, 180, 300, 600][random(4)];
    const inc = [0, 2, 3, 5][random(4)];
    const clocks = [base * 100, base * 100];
    let pos = startingPosition(new Map()).unwrap();
    let cp = random(60) - 20;
    const tokens = [];
    if (!plain && random(6) === 0) tokens.push(`{ Game ${id} begins. }`);
    const plies = 10 + random(120);
    let result = '*';
    for (let ply = 0; ply < plies; ply++) {
      const moves = legalMoves(pos);
      if (moves.length === 0) break;
      const side = ply % 2;
      const before = pos.clone();
      const move = moves[random(moves.length)];
      const san = makeSanAndPlay(pos, move);
      if (side === 0) tokens.push(`${Math.floor(ply / 2) + 1}.`);
      else if (ply === 0) tokens.push('1...');
      let token = san;
      const glyph = random(12);
      if (glyph < 3 && !plain) token += ['!', '?!', '??'][glyph];
      tokens.push(token);
      if (!plain && random(15) === 0) tokens.push(`$${[1, 2, 5, 6, 14, 19, 36][random(7)]}`);
      const spent = random(tenths ? 3000 : 2000);
      clocks[side] = Math.max(0, clocks[side] - spent + inc * 100);
      if (!tenths) clocks[side] -= clocks[side] % 100;
      const commands = [];
      if (!plain && random(20) === 0) {
        const a = makeSquare(random(64)), b = makeSquare(random(64));
        commands.push(`[%csl ${colors[random(4)]}${a}]`);
        if (a !== b) commands.push(`[%cal ${colors[random(4)]}${a}${b},${colors[random(4)]}${b}${a}]`);
      }
      if (withEvals) {
        if (pos.isCheckmate()) commands.push('[%eval #0]');
        else if (random(25) === 0) commands.push(`[%eval #${random(2) ? '' : '-'}${1 + random(9)}${random(3) ? '' : ',' + (20 + random(20))}]`);
        else {
          cp += random(81) - 40;
          const depth = random(4) === 0 ? `,${18 + random(10)}` : '';
          commands.push(`[%eval ${(cp / 100).toFixed(random(5) === 0 ? 1 : 2)}${depth}]`);
        }
      }
      if (!plain && random(30) === 0) commands.push(`[%emt ${clk(spent)}]`);
      commands.push(`[%clk ${clk(clocks[side])}]`);
      const text = !plain && random(25) === 0 ? `A comment after ply ${ply + 1}.` : '';
      if (text && random(2) === 0) tokens.push(`{ ${text} }`, `{ ${commands.join(' ')} }`);
      else tokens.push(`{ ${text ? text + ' ' : ''}${commands.join(' ')} }`);
      // a variation now and then: another move from the same position, a few plies deep
      if (!plain && random(12) === 0) {
        const alt = before.clone();
        const altMoves = legalMoves(alt);
        const v = ['('];
        if (random(3) === 0) v.push('{ Instead: }');
        v.push(`${Math.floor(ply / 2) + 1}${side ? '...' : '.'}`);
        for (let k = 0; k < 1 + random(6); k++) {
          const ms = k === 0 ? altMoves : legalMoves(alt);
          if (ms.length === 0) break;
          const prev = alt.clone();
          const s = makeSanAndPlay(alt, ms[random(ms.length)]);
          if (k > 0 && (ply + k) % 2 === 0) v.push(`${Math.floor((ply + k) / 2) + 1}.`);
          v.push(s);
          if (random(4) === 0) v.push(`{ [%clk ${clk(clocks[side])}] }`);
          if (random(8) === 0) {
            // an alternative to the move just played, inside this variation
            const inner = legalMoves(prev);
            const alt2 = prev.clone();
            v.push('(', `${Math.floor((ply + k) / 2) + 1}${(ply + k) % 2 ? '...' : '.'}`,
              makeSanAndPlay(alt2, inner[random(inner.length)]), '$2', '{ deeper }', ')');
          }
        }
        v.push(')');
        tokens.push(...v);
      }
      if (pos.isEnd()) {
        result = pos.isCheckmate() ? (side === 0 ? '1-0' : '0-1') : '1/2-1/2';
        break;
      }
    }
    tokens.push(result);
    const white = `[WhiteElo "${1500 + random(800)}"]\n`, black = `[BlackElo "${1500 + random(800)}"]\n`;
    // a game in four keeps its tags in an order of its own, the roster last
    const roster = `[Event "Rated blitz game ${id}"]\n[Site "https://lichess.org/${id}"]\n[Date "2024.01.15"]\n` +
      `[Round "-"]\n[White "white${id}"]\n[Black "black${id}"]\n[Result "${result}"]\n`;
    const header = id % 4 === 1 ?
      `[TimeControl "${base}+${inc}"]\n[Studied "yes \\"quoted\\""]\n${black}${white}[Annotator "lichess.org"]\n${roster}` :
      `${roster}${white}${black}[TimeControl "${base}+${inc}"]\n`;
    out.push(`${header}\n${tokens.join(' ')}\n`);
  }
  process.stdout.write(out.join('\n'));
}

// ------------------------------------------------------------------ compare

function normComments(list) {
  const texts = [];
  const cmd = {};
  const shapes = [];
  for (const c of list ?? []) {
    const p = parseComment(c);
    if (p.text) texts.push(p.text);
    if (p.clock !== undefined) cmd.clock = Math.round(p.clock * 1000) / 1000;
    if (p.emt !== undefined) cmd.emt = Math.round(p.emt * 1000) / 1000;
    if (p.evaluation) {
      const e = p.evaluation;
      cmd.eval = 'mate' in e ? { mate: e.mate === 0 ? 0 : e.mate, depth: e.depth } :
        { pawns: Math.round(e.pawns * 100) / 100, depth: e.depth };
    }
    for (const s of p.shapes) shapes.push(`${s.color}:${s.from}:${s.to}`);
  }
  if (shapes.length) cmd.shapes = shapes.sort();
  return { texts, cmd };
}

// the tree of a game as plain data; a line stops at a move chessops cannot play
function tree(game) {
  const start = startingPosition(game.headers);
  if (start.isErr) return { error: String(start.error) };
  const walk = (node, pos) => node.children.map((child) => {
    const p = pos.clone();
    const move = parseSan(p, child.data.san);
    if (!move) return null;
    const san = makeSanAndPlay(p, move);
    return {
      san,
      nags: child.data.nags ?? [],
      starting: normComments(child.data.startingComments),
      comments: normComments(child.data.comments),
      children: walk(child, p),
    };
  }).filter((c) => c !== null);
  return { comments: normComments(game.comments), children: walk(game.moves, start.value) };
}

function diff(a, b, path, out) {
  if (out.length > 3) return;
  const sa = JSON.stringify(a), sb = JSON.stringify(b);
  if (sa === sb) return;
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) diff(a[k], b[k], `${path}.${k}`, out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((x, i) => diff(x, b[i], `${path}[${i}]`, out));
    return;
  }
  out.push(`${path}: ${sa?.slice(0, 200)} <> ${sb?.slice(0, 200)}`);
}

// --------------------------------------------- lichess's analysis, written here

const winningChances = (cp) => Math.max(-1, Math.min(1, 2 / (1 + Math.exp(-0.00368208 * cp)) - 1));
const winPercent = (cp) => 50 + 50 * winningChances(Math.max(-1000, Math.min(1000, cp)));
function moveAccuracy(before, after) {
  if (after >= before) return 100;
  const raw = 103.1668100711649 * Math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411 + 1;
  return Math.max(0, Math.min(100, raw));
}
function stdev(xs) {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / xs.length);
}
// cps: White's view after each evaluated ply, mates as +-1000; whiteFirst: White made the first
function gameAccuracy(cps, whiteFirst) {
  const wins = [15, ...cps].map(winPercent);
  const size = Math.max(2, Math.min(8, Math.floor(cps.length / 10)));
  const windows = [];
  for (let k = 0; k < Math.min(size, wins.length) - 2; k++) windows.push(wins.slice(0, size));
  if (wins.length <= size) windows.push(wins);
  else for (let k = 0; k + size <= wins.length; k++) windows.push(wins.slice(k, k + size));
  const by = { white: [], black: [] };
  for (let i = 0; i + 1 < wins.length && i < windows.length; i++) {
    const white = (i % 2 === 0) === whiteFirst;
    const weight = Math.max(0.5, Math.min(12, stdev(windows[i])));
    const acc = white ? moveAccuracy(wins[i], wins[i + 1]) : moveAccuracy(wins[i + 1], wins[i]);
    by[white ? 'white' : 'black'].push([acc, weight]);
  }
  const out = {};
  for (const color of ['white', 'black']) {
    const xs = by[color];
    if (!xs.length) continue;
    const weighted = xs.reduce((a, [v, w]) => a + v * w, 0) / xs.reduce((a, [, w]) => a + w, 0);
    const harmonic = xs.length / xs.reduce((a, [v]) => a + 1 / Math.max(1, v), 0);
    out[color] = (weighted + harmonic) / 2;
  }
  return out;
}
// before, after: {cp} or {mate} from White's view; whiteMoved
function judgement(before, after, whiteMoved) {
  const sign = whiteMoved ? 1 : -1;
  if (before.mate === undefined && after.mate === undefined) {
    const ceil = (cp) => Math.max(-1000, Math.min(1000, cp));
    const delta = sign * (winningChances(ceil(before.cp)) - winningChances(ceil(after.cp)));
    return delta >= 0.3 ? 'blunder' : delta >= 0.2 ? 'mistake' : delta >= 0.1 ? 'inaccuracy' : null;
  }
  const bm = before.mate === undefined ? null : sign * before.mate;
  const am = after.mate === undefined ? null : sign * after.mate;
  const bcp = before.cp === undefined ? 0 : sign * before.cp;
  const acp = after.cp === undefined ? 0 : sign * after.cp;
  if (bm === null && am !== null && am < 0) return bcp < -999 ? 'inaccuracy' : bcp < -700 ? 'mistake' : 'blunder';
  if (bm !== null && bm > 0 && (am === null || am < 0)) return acp > 999 ? 'inaccuracy' : acp > 700 ? 'mistake' : 'blunder';
  return null;
}

// the main line's clocks (centiseconds) and evaluations as chessops reads them
function mainlineAnnotations(game) {
  const clocks = [], evals = [];
  let ply = 0;
  for (let n = game.moves; n.children.length; n = n.children[0]) {
    ply++;
    const c = normComments(n.children[0].data.comments).cmd;
    clocks.push(c.clock === undefined ? null : Math.round(c.clock * 100));
    if (c.eval) evals.push([ply, 'pawns' in c.eval ? Math.round(c.eval.pawns * 100) : null,
      'mate' in c.eval ? c.eval.mate : null, c.eval.depth ?? null]);
  }
  return { clocks, evals };
}

function analysisOf(evals, plies, whiteStarts) {
  // mate 0: the side to move after the ply is mated
  const white = (e) => {
    if (e[2] === null) return { cp: e[1] };
    if (e[2] !== 0) return { mate: e[2] };
    const whiteToMove = (e[0] % 2 === 0) === whiteStarts;
    return { mate: whiteToMove ? -1 : 1 };
  };
  const cps = evals.map((e) => { const w = white(e); return w.mate === undefined ? w.cp : (w.mate > 0 ? 1000 : -1000); });
  const accuracy = evals.length ? gameAccuracy(cps, (evals[0][0] % 2 === 1) === whiteStarts) : {};
  const judgements = {};
  let before = { cp: 15 }, have = true, next = 0;
  for (let ply = 1; ply <= plies; ply++) {
    const e = evals[next] && evals[next][0] === ply ? evals[next++] : null;
    if (!e) { have = false; continue; }
    const after = white(e);
    const j = have ? judgement(before, after, (ply % 2 === 1) === whiteStarts) : null;
    if (j) judgements[ply] = j;
    before = after;
    have = true;
  }
  return { accuracy, judgements };
}

function compareAnalysis(filesPath, oursPath) {
  const lines = (p) => readFileSync(p, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  const ours = new Map();
  for (const o of lines(oursPath)) ours.set(`${o.file}#${o.game}`, o);
  let passed = 0, failed = 0, evaluated = 0;
  for (const f of lines(filesPath)) {
    const key = `${f.file}#${f.game}`;
    const games = parsePgn(f.pgn);
    const o = ours.get(key);
    if (games.length !== 1 || !o) continue;
    const theirs = mainlineAnnotations(games[0]);
    const mine = { clocks: o.clocks ?? [], evals: o.evals ?? [] };
    const out = [];
    if (!o.standard) {
      // from another start the first ply is not judged against lichess's initial evaluation
      diff(theirs.clocks, mine.clocks, `${key}.clocks`, out);
      diff(theirs.evals, mine.evals, `${key}.evals`, out);
    } else {
      diff({ clocks: theirs.clocks, evals: theirs.evals }, mine, key, out);
      const a = analysisOf(theirs.evals, theirs.clocks.length, true);
      const ja = o.judgements ?? {}, acc = o.accuracy ?? {};
      diff(a.judgements, Object.fromEntries(Object.entries(ja)), `${key}.judgements`, out);
      for (const color of new Set([...Object.keys(a.accuracy), ...Object.keys(acc)]))
        if (!(Math.abs((a.accuracy[color] ?? NaN) - (acc[color] ?? NaN)) < 1e-9))
          out.push(`${key}.accuracy.${color}: ${a.accuracy[color]} <> ${acc[color]}`);
      if (theirs.evals.length) evaluated++;
    }
    if (out.length) {
      failed++;
      for (const d of out.slice(0, 4)) console.log(d);
    } else passed++;
  }
  console.log(`analysis: ${passed} games agree, ${failed} differ (${evaluated} with evaluations)`);
  return { passed, failed };
}

function compare(filesPath, oursPath) {
  const lines = (p) => readFileSync(p, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  const ours = new Map();
  for (const o of lines(oursPath)) ours.set(`${o.file}#${o.game}`, o.pgn);
  let passed = 0, failed = 0, nodes = 0;
  let skipped = 0;
  const skip = (key, why) => {
    console.log(`${key}: not compared: ${why}`);
    skipped++;
  };
  for (const f of lines(filesPath)) {
    const games = parsePgn(f.pgn);
    const key = `${f.file}#${f.game}`;
    // texts that are no one game to chessops: a tag it cannot read (say
    // [White ""x""]) makes it read the rest as another game
    if (games.length !== 1) {
      if (ours.has(key)) skip(key, `chessops reads ${games.length} games in this game's text`);
      else {
        console.log(`${key}: chessops reads ${games.length} games, ours none`);
        failed++;
      }
      continue;
    }
    games.forEach((g) => {
      const theirs = tree(g);
      if (!ours.has(key)) {
        // ours reads no game from a text without tags or moves, and refuses
        // a game whose main line has a move it cannot play
        const mainline = (t) => (t.children?.length ? 1 + mainline(t.children[0]) : 0);
        const sans = [];
        for (let n = g.moves; n.children.length; n = n.children[0]) sans.push(n.children[0].data.san);
        if (sans.length === 0 && g.headers.size === 7 && [...g.headers.values()].every((v) => ['?', '????.??.??', '*'].includes(v)))
          skip(key, 'a comment alone, no tag and no move: no game to ours');
        else if (mainline(theirs) < sans.length)
          skip(key, `a main-line move neither reader can play (ply ${mainline(theirs) + 1}, ${sans[mainline(theirs)]})`);
        else {
          console.log(`${key}: not read back by ours`);
          failed++;
        }
        return;
      }
      const back = parsePgn(ours.get(key));
      const mine = back.length === 1 ? tree(back[0]) : { error: `${back.length} games` };
      const out = [];
      diff(theirs, mine, key, out);
      // the tags in their order, the roster first (as chessops reads them
      // too); SetUp and FEN come right after the roster in ours; a game
      // without a Result tag gets its final position's (a mate) from ours
      if (back.length === 1) {
        const noResult = !/^\[Result /m.test(f.pgn);
        const setup = (name) => name === 'SetUp' || name === 'FEN' ||
          (name === 'Variant' && !g.headers.has('Variant')) || (name === 'Result' && noResult);
        const tags = (h) => [...h].filter(([name]) => !setup(name)).map(([n, v]) => `${n}=${v}`);
        diff(tags(g.headers), tags(back[0].headers), `${key}.tags`, out);
      }
      if (out.length) {
        failed++;
        for (const d of out) console.log(d);
      } else passed++;
      const count = (t) => (t.children ?? []).reduce((n, c) => n + 1 + count(c), 0);
      nodes += count(theirs);
    });
  }
  console.log(`round trip: ${passed} games agree, ${failed} differ, ${skipped} not compared (${nodes} nodes)`);
  return { passed, failed, skipped };
}

if (mode === 'write') write(Number(args[0] ?? 200), args[1] ?? 7, args[2]);
else if (mode === 'files') {
  for (const file of args) {
    const text = readFileSync(file, 'utf8');
    const starts = [0];
    const re = /\n[ \t\r]*\n(?=\[[A-Za-z])/g;
    let m;
    while ((m = re.exec(text))) starts.push(m.index + m[0].length);
    starts.forEach((b, i) => {
      const pgn = text.slice(b, starts[i + 1] ?? text.length);
      if (pgn.trim()) process.stdout.write(JSON.stringify({ file, game: i + 1, pgn }) + '\n');
    });
  }
} else if (mode === 'compare') {
  const r = compare(args[0], args[1]);
  const a = compareAnalysis(args[0], args[1]);
  console.log(`annotations and analysis with chessops: ${r.passed + a.passed} passed, ${r.failed + a.failed} failed, ${r.skipped} skipped`);
  process.exitCode = r.failed + a.failed ? 1 : 0;
}
else {
  console.error('usage: annotations.mjs write GAMES SEED | files FILE... | compare FILES OURS');
  process.exit(2);
}
