-- The upgrade path: version 0.1.0 (the types) to 0.2.0 (move generation).

DROP EXTENSION chess;
CREATE EXTENSION chess VERSION '0.1.0';
SELECT extversion FROM pg_extension WHERE extname = 'chess';
CREATE TABLE kept (p "position");
INSERT INTO kept VALUES (start_position());
SELECT count(*) FROM pg_proc WHERE proname = 'legal_moves';
ALTER EXTENSION chess UPDATE TO '0.2.0';
SELECT extversion FROM pg_extension WHERE extname = 'chess';
SELECT p, (SELECT count(*) FROM legal_moves(p)) AS moves FROM kept;
DROP TABLE kept;
