// The opening of each game by lichess's rule, computed with chess.js 1.4.0
// from lichess's data set, against the extension's opening(g).
//
//   node openings.mjs DATA_DIR [GAMES] < ours.tsv
//
// DATA_DIR holds the data set's a.tsv ... e.tsv.  ours.tsv has a line a game:
// its number, its first 40 moves in UCI (space-separated), and opening(g):
// eco, name and ply, or three empty fields.  chess.js plays the data set's
// lines in SAN and the games' moves (refusing an illegal one), names each
// position by its placement, side to move, castling rights and an en
// passant square only when chess.js finds a legal capture there (the data
// set's rule, chess.js's FEN), and takes the named position after the latest of plies 1 to
// 40 (scalachess's OpeningDb.search), stopping once the board holds fewer
// pieces than any named position.  With GAMES, fewer or more lines than
// that fail too.  Prints each difference, then
// "openings against chess.js: N passed, M failed".
import { Chess } from 'chess.js';
import { readFileSync, readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

const dir = process.argv[2];
const expected = process.argv[3] === undefined ? null : Number(process.argv[3]);

// FEN fields 1-4: chess.js writes an en passant square only when a capture
// there is legal (its fen(): a pawn there, and its king safe after it)
function epd(chess) {
  return chess.fen().split(' ').slice(0, 4).join(' ');
}

const named = new Map();
let lines = 0;
// the fewest pieces on a named position: a game with fewer has passed them all
let fewest = 32;
const pieces = (fen) => fen.split(' ')[0].replace(/[^a-zA-Z]/g, '').length;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsv')).sort()) {
  const rows = readFileSync(join(dir, file), 'utf8').split('\n').slice(1).filter((l) => l);
  for (const row of rows) {
    const [eco, name, pgn] = row.split('\t');
    const chess = new Chess();
    for (const san of pgn.split(' ').filter((t) => !t.endsWith('.'))) chess.move(san);
    const key = epd(chess);
    if (named.has(key)) throw new Error(`${file}: ${name} ends where ${named.get(key).name} does`);
    named.set(key, { eco, name });
    fewest = Math.min(fewest, pieces(key));
    lines++;
  }
}

let passed = 0;
let failed = 0;
const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of input) {
  const fields = line.split('\t');
  if (fields.length !== 5) {
    failed++;
    console.log(`not a line of five fields: ${JSON.stringify(line)}`);
    continue;
  }
  const [game, moves, eco, name, ply] = fields;
  const chess = new Chess();
  let found = null;
  let error = null;
  const list = moves ? moves.split(' ') : [];
  for (let i = 0; i < list.length && i < 40; i++) {
    const u = list[i];
    try {
      chess.move({ from: u.slice(0, 2), to: u.slice(2, 4), promotion: u[4] });
    } catch (e) {
      error = `chess.js refuses ${u} at ply ${i + 1}`;
      break;
    }
    const key = epd(chess);
    if (pieces(key) < fewest) break;
    const hit = named.get(key);
    if (hit) found = { eco: hit.eco, name: hit.name, ply: String(i + 1) };
  }
  const theirs = found ? `${found.eco}\t${found.name}\t${found.ply}` : '\t\t';
  const ours = `${eco ?? ''}\t${name ?? ''}\t${ply ?? ''}`;
  if (!error && theirs === ours) passed++;
  else {
    failed++;
    if (failed <= 20) console.log(`game ${game}: ours ${JSON.stringify(ours)}, chess.js ${error ?? JSON.stringify(theirs)}`);
  }
}
if (expected !== null && passed + failed !== expected) {
  console.log(`${passed + failed} games compared where ${expected} were expected`);
  failed++;
}
console.log(`(${lines} lines of the data set, ${named.size} positions)`);
console.log(`openings against chess.js: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
