// PGN between chess.js 1.4.0 and the extension.
//
//   node chessjs_pgn.mjs write GAMES SEED > games.jsonl
//       seeded random games as chess.js writes them (tags, a comment now and
//       then, a quarter from a FEN with Black to move), one JSON object a
//       line: {"id", "pgn", "fen"}, fen the final position by chess.js
//   node chessjs_pgn.mjs read < ours.jsonl
//       reads each {"id", "pgn", "fen"} with chess.js loadPgn and compares
//       the final position; prints "pgn read by chess.js: N passed, M failed"
import { Chess } from 'chess.js';
import { readFileSync } from 'node:fs';

const [mode, gamesArg, seedArg] = process.argv.slice(2);

if (mode === 'write') {
  let seed = BigInt(seedArg ?? 7) & 0xffffffffffffffffn;
  const random = (n) => {
    seed ^= (seed << 13n) & 0xffffffffffffffffn;
    seed ^= seed >> 7n;
    seed ^= (seed << 17n) & 0xffffffffffffffffn;
    return Number(seed % BigInt(n));
  };
  const out = [];
  for (let id = 1; id <= Number(gamesArg ?? 200); id++) {
    // a quarter of the games start with Black to move, from a FEN (chess.js
    // then writes "1. ... e5"); some have a comment before the first move
    let game = new Chess();
    if (random(4) === 0) {
      const first = game.moves();
      game.move(first[random(first.length)]);
      game = new Chess(game.fen());
    }
    if (random(5) === 0) game.setComment(`before the first move of game ${id}`);
    game.setHeader('Event', `Random game ${id}`);
    game.setHeader('White', `Player "${id}"`);
    game.setHeader('Black', 'Engine \\ Two');
    const plies = 20 + random(140);
    for (let ply = 0; ply < plies && !game.isGameOver(); ply++) {
      const moves = game.moves({ verbose: true });
      const mates = moves.filter((m) => m.san.endsWith('#'));
      const special = moves.filter((m) => /[ekqp]/.test(m.flags));
      const captures = moves.filter((m) => m.captured);
      let pool = moves;
      if (mates.length > 0) pool = mates;
      else if (special.length > 0 && random(2) === 0) pool = special;
      else if (captures.length > 0 && random(2) === 0) pool = captures;
      game.move(pool[random(pool.length)].san);
      if (random(10) === 0) game.setComment(`comment at ply ${ply + 1}`);
    }
    out.push(JSON.stringify({ id, pgn: game.pgn(), fen: game.fen() }));
  }
  process.stdout.write(out.join('\n') + '\n');
} else if (mode === 'read') {
  let passed = 0;
  let failed = 0;
  for (const line of readFileSync(0, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const { id, pgn, fen } = JSON.parse(line);
    const game = new Chess();
    try {
      game.loadPgn(pgn);
      if (game.fen() === fen) passed++;
      else {
        failed++;
        if (failed <= 5) console.log(`game ${id}: chess.js reads ${game.fen()}, expected ${fen}`);
      }
    } catch (e) {
      failed++;
      if (failed <= 5) console.log(`game ${id}: chess.js cannot read it: ${e.message}`);
    }
  }
  console.log(`pgn read by chess.js: ${passed} passed, ${failed} failed`);
} else {
  console.error('usage: chessjs_pgn.mjs write GAMES SEED | read < file');
  process.exit(2);
}
