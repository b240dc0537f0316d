// Writes positions reached by seeded random play, with what chess.js 1.4.0
// says about each: its FEN, its sorted legal moves in UCI, the check, mate
// and stalemate flags, one random legal move with the FEN it leads to, and
// the SAN of every legal move; the pieces giving check, and each piece
// pinned to its king with its pinner (found by lifting the piece off the
// board and asking chess.js which new attacker reaches the king).
//
//   node chessjs_positions.mjs EPD_FILE GAMES PLIES SEED > positions.tsv
//
// Games start from the start position and from every position of the EPD
// file that chess.js accepts.  Output columns, tab-separated:
//   fen  moves  in_check  checkmate  stalemate  move  next_fen  sans  checkers  pins
import { Chess } from 'chess.js';
import { readFileSync } from 'node:fs';

const [epdFile, gamesArg, pliesArg, seedArg] = process.argv.slice(2);
const games = Number(gamesArg ?? 40);
const plies = Number(pliesArg ?? 80);
let seed = BigInt(seedArg ?? 20261129) & 0xffffffffffffffffn;

// xorshift64: the same sequence on every run and machine
function random(n) {
  seed ^= (seed << 13n) & 0xffffffffffffffffn;
  seed ^= seed >> 7n;
  seed ^= (seed << 17n) & 0xffffffffffffffffn;
  return Number(seed % BigInt(n));
}

const uci = (m) => m.from + m.to + (m.promotion ?? '');

const other = (c) => (c === 'w' ? 'b' : 'w');
const kingOf = (game, c) => game.findPiece({ type: 'k', color: c })[0];

// "e4" "e7 h4" ...: the checkers of the side to move, sorted
function checkers(game) {
  return game.attackers(kingOf(game, game.turn()), other(game.turn())).sort().join(' ');
}

// "e4:e7 ...": each piece pinned to its king and its pinner, sorted
function pins(fen) {
  const game = new Chess(fen);
  const found = [];
  for (const row of game.board())
    for (const piece of row) {
      if (!piece || piece.type === 'k') continue;
      const king = kingOf(game, piece.color);
      const before = new Set(game.attackers(king, other(piece.color)));
      const probe = new Chess(fen);
      probe.remove(piece.square);
      for (const sq of probe.attackers(king, other(piece.color)))
        if (!before.has(sq)) found.push(piece.square + ':' + sq);
    }
  return found.sort().join(' ');
}

const starts = [];
for (let i = 0; i < games; i++) starts.push(new Chess().fen());
for (const line of readFileSync(epdFile, 'utf8').split('\n')) {
  const fen = line.split(';')[0].trim();
  if (!fen) continue;
  try {
    new Chess(fen);
    starts.push(fen);
  } catch {
    // chess.js rejects it; the perft suites cover it
  }
}

const out = [];
for (const start of starts) {
  const game = new Chess(start);
  for (let ply = 0; ply < plies; ply++) {
    const moves = game.moves({ verbose: true });
    const fen = game.fen();
    const flags = [game.inCheck(), game.isCheckmate(), game.isStalemate()].map((b) => (b ? 't' : 'f'));
    const sorted = moves.map(uci).sort().join(' ');
    const sans = moves.map((m) => uci(m) + ':' + m.san).sort().join(' ');
    if (moves.length === 0) {
      out.push([fen, sorted, ...flags, '', '', sans, checkers(game), pins(fen)].join('\t'));
      break;
    }
    // steer towards what uniform play rarely reaches: a mating move when
    // there is one; otherwise half the time a special move (en passant, castling,
    // promotion, double step) or else a capture, when there is one
    const mates = moves.filter((m) => m.san.endsWith('#'));
    const special = moves.filter((m) => /[ekqpb]/.test(m.flags));
    const captures = moves.filter((m) => m.captured);
    // with few pieces left, also a stalemating move, half the time
    const few = fen.split(' ')[0].replace(/[^a-zA-Z]/g, '').length <= 5;
    const stalemates = few
      ? moves.filter((m) => {
          game.move({ from: m.from, to: m.to, promotion: m.promotion });
          const s = game.isStalemate();
          game.undo();
          return s;
        })
      : [];
    let pool = moves;
    if (mates.length > 0) pool = mates;
    else if (stalemates.length > 0 && random(2) === 0) pool = stalemates;
    else if (special.length > 0 && random(2) === 0) pool = special;
    else if (captures.length > 0 && random(2) === 0) pool = captures;
    const chosen = pool[random(pool.length)];
    game.move({ from: chosen.from, to: chosen.to, promotion: chosen.promotion });
    const after = game.fen();
    game.undo();
    out.push([fen, sorted, ...flags, uci(chosen), after, sans, checkers(game), pins(fen)].join('\t'));
    game.move({ from: chosen.from, to: chosen.to, promotion: chosen.promotion });
  }
}
process.stdout.write(out.join('\n') + '\n');
