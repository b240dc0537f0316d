-- play(): the position after a legal move; an illegal move is an error
-- (SQLSTATE 22023) whose detail names the stage that rejects it.
-- is_legal() answers the same question without raising.

SELECT play(start_position(), 'e2e4');
SELECT play(start_position(), 'g1f3');
SELECT play('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1', 'e7e5');
SELECT play('4k3/8/8/8/8/8/8/R3K3 w Q - 41 60', 'a1a2');
SELECT play('4k3/8/8/8/8/8/8/R3K3 b Q - 41 60', 'e8e7');

-- one error per stage
SELECT play(start_position(), '0000');
SELECT play(start_position(), 'e3e4');
SELECT play(start_position(), 'e7e5');
SELECT play(start_position(), 'g1g3');
SELECT play(start_position(), 'e2d3');
SELECT play('4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1', 'e2e3');
SELECT play('4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1', 'e2e4');
SELECT play(start_position(), 'a1a3');
SELECT play(start_position(), 'c1h6');
SELECT play(start_position(), 'd1d2');
SELECT play('4k3/8/8/8/8/8/3r4/4K3 w - - 0 1', 'e1e2');
SELECT play('4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1', 'e2c3');

SELECT play(start_position(), 'e2e5');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- is_legal never raises for a well-formed move
SELECT m, is_legal(start_position(), m)
FROM (VALUES ('0000'::move), ('e3e4'), ('e7e5'), ('g1g3'), ('e2d3'), ('a1a3'), ('d1d2'),
             ('e2e4'), ('g1f3')) AS v(m);

-- a game of four plies, move by move: Fool's mate
SELECT play(play(play(play(start_position(), 'f2f3'), 'e7e5'), 'g2g4'), 'd8h4') AS p \gset
SELECT :'p'::"position", is_checkmate(:'p');
SELECT play(:'p', 'e1f2');
