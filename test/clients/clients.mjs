// The extension through node-postgres (npm pg), as a web application uses it.
//
//   node test/clients/clients.mjs      (libpq environment variables name a
//                                       database with the extension installed)
//
// Every type in and out as text, arrays of move and square both ways (a
// JavaScript array into a move[] column; a move[] result as an array with
// the README's lines that register the array parsers), parameters in
// functions, named (server-side prepared) statements, COPY through SQL, and
// errors arriving with SQLSTATE, message and detail.  Prints one line a
// check and "clients (node-postgres): N passed, M failed".
import pg from 'pg';

let passed = 0;
let failed = 0;
function check(name, got, want) {
  const g = JSON.stringify(got);
  const w = JSON.stringify(want);
  if (g === w) {
    passed++;
    console.log(`ok    ${name}`);
  } else {
    failed++;
    console.log(`FAIL  ${name}: got ${g}, want ${w}`);
  }
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const VALUES = {
  square: 'e4', piece: 'n', move: 'e7e8q', '"position"': START, fen: START,
  game: '1. e4 e5 2. Nf3', pattern: '8/8/5n2/8/4P3/8/8/8', balance: 'KRBvKR',
};

const client = new pg.Client();
await client.connect();

// the README's lines: the array types of the extension parse as text[] does
const arrays = await client.query(
  "SELECT typarray FROM pg_type WHERE typname IN ('move', 'square', 'piece')");
for (const { typarray } of arrays.rows) pg.types.setTypeParser(typarray, pg.types.getTypeParser(1009));

for (const [type, text] of Object.entries(VALUES)) {
  const r = await client.query(`SELECT $1::${type}::text AS v`, [text]);
  check(`node-postgres: ${type} in and out as text`, r.rows[0].v, text);
}
await client.query('DROP TABLE IF EXISTS client_js');
await client.query('CREATE TABLE client_js (id serial, ms move[], sq square[], p "position", g game)');
await client.query('INSERT INTO client_js (ms, sq, p, g) VALUES ($1, $2, $3, $4)',
  [['e2e4', 'e7e5'], ['e4', 'd5'], START, '1. e4']);
let r = await client.query('SELECT ms, sq, p, g FROM client_js');
check('node-postgres: an array into move[] and square[] columns, and back as arrays', r.rows[0],
  { ms: ['e2e4', 'e7e5'], sq: ['e4', 'd5'], p: START, g: '1. e4' });
r = await client.query("SELECT moves('1. e4 e5'::game) AS ms");
check('node-postgres: move[] from a function as an array', r.rows[0].ms, ['e2e4', 'e7e5']);
r = await client.query('SELECT play($1, $2) AS p, is_legal($1, $3) AS legal', [START, 'e4', 'e2e5']);
check('node-postgres: parameters in functions', r.rows[0], { p: AFTER_E4, legal: false });
r = await client.query('SELECT game($1::move[])::text AS g', [['e2e4', 'e7e5']]);
check('node-postgres: an array as a move[] argument', r.rows[0].g, '1. e4 e5');
for (let i = 0; i < 3; i++) {
  r = await client.query({ name: 'perft', text: 'SELECT perft($1::fen, $2)::integer AS n', values: [START, 2] });
}
check('node-postgres: a named (server-side prepared) statement', r.rows[0].n, 400);
r = await client.query("SELECT count(*)::integer AS n FROM pg_prepared_statements WHERE name = 'perft'");
check('node-postgres: ... it is prepared on the server', r.rows[0].n, 1);
// a game recorded move by move, as an application does: g || move, validated by the server
await client.query("UPDATE client_js SET g = g || $1::move", ['e7e5']);
r = await client.query('SELECT g::text AS g FROM client_js');
check('node-postgres: a game recorded move by move (g || move)', r.rows[0].g, '1. e4 e5');

for (const [sql, values, state, message, detail] of [
  ['SELECT play($1, $2)', [START, 'Ke3'], '22023', `illegal move Ke3 in position ${START}`,
    'No white king can move to e3.'],
  ["UPDATE client_js SET g = g || $1::move", ['e1e3'], '22023', null, null],
  ['SELECT $1::fen', ['not a fen'], '22P02', 'invalid input syntax for type position: "not a fen"',
    'The FEN has 3 fields; it has 6, or 4 without the clocks.'],
]) {
  try {
    await client.query(sql, values);
    check(`node-postgres: ${values.join(' ')} raises`, null, 'an error');
  } catch (e) {
    check(`node-postgres: error SQLSTATE, message and detail for ${values.join(' ')}`,
      [e.code, message === null ? null : e.message, detail === null ? null : e.detail], [state, message, detail]);
  }
}
await client.query('DROP TABLE client_js');
await client.end();
console.log(`clients (node-postgres): ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
