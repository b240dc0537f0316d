-- Soft input errors (PostgreSQL 16 and later; run on 17 and 18): every
-- input function reports through the caller's error context, so that
-- pg_input_is_valid() returns false, pg_input_error_info() gives our
-- message, detail and SQLSTATE, and COPY ... (ON_ERROR ignore) skips the
-- bad rows of every type.

SELECT v, t, pg_input_is_valid(v, t) AS valid
FROM (VALUES ('e4', 'square'), ('i9', 'square'), (' E4 ', 'square'),
             ('N', 'piece'), ('x', 'piece'), ('Nn', 'piece'),
             ('e7e8q', 'move'), ('e2e2', 'move'), ('e6e7q', 'move'), ('e2', 'move'),
             ('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '"position"'),
             ('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0', '"position"'),
             ('8/8/8/8/8/8/8/K6k w - - 0 1', '"position"'),
             ('k7/8/8/8/8/8/8/K7 w - e3 0 1', '"position"')) AS x(v, t);

SELECT t, e.*
FROM (VALUES ('i9', 'square'), ('x', 'piece'), ('e6e7q', 'move'),
             ('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1', '"position"'),
             ('k7/8/8/8/8/8/8/K7 w - e3 0 1', '"position"'),
             (repeat('é', 200), '"position"')) AS x(v, t),
     pg_input_error_info(v, t) AS e;

-- arrays of them too (array_in passes the context on)
SELECT pg_input_is_valid('{e4,i9}', 'square[]'), pg_input_is_valid('{e2e4,e7e5}', 'move[]');

-- a file of good and bad values of each type: the bad rows are skipped
CREATE TABLE loaded (sq square, pc piece, m move, p "position");
COPY loaded FROM STDIN (ON_ERROR ignore);
e4	N	e2e4	rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
i9	N	e2e4	rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
a1	X	e2e4	rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
h8	k	e2e2	rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
d5	q	g7g8n	8/8/8/8/8/8/8/K6k w - - 0 1
c3	B	a7a8q	k7/8/8/8/8/8/8/K7 b - - 0 1
b2	p	e7e8q	4k3/8/8/8/8/8/8/4K2R w K - 3 10
g7	r	b1c3	4k3/8/8/8/8/8/8/4K2R w K - 3
f2	R	c2c4	4k3/8/8/8/8/8/8/4K2R w KK - 0 1
\.
SELECT * FROM loaded;
DROP TABLE loaded;
