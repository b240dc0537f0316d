// Reads every game of a PGN file with chess.js 1.4.0 loadPgn (which checks
// every move) and prints games, plies and seconds; the file is split into
// games before the clock starts.
//   node chessjs_import.mjs FILE
import { Chess } from 'chess.js';
import { readFileSync } from 'node:fs';

const text = readFileSync(process.argv[2], 'utf8');
const games = text.split(/\n\n(?=\[)/);
const start = process.hrtime.bigint();
let plies = 0;
for (const pgn of games) {
  const game = new Chess();
  game.loadPgn(pgn);
  plies += game.history().length;
}
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(`${games.length} ${plies} ${seconds.toFixed(3)}`);
