-- binary I/O: COPY (FORMAT binary) out and back in, and malformed binary
-- input rejected by the receive functions.  Files go to results/, which
-- pg_regress creates; \copy runs in psql, so the server needs no file access.

CREATE TABLE io (s square, pc piece, m move, p "position");
INSERT INTO io VALUES
	('a1', 'P', 'e2e4', start_position()),
	('h8', 'k', 'e7e8q', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'),
	('e4', 'N', '0000', 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'),
	('d5', 'q', 'b2a1n', '8/8/8/8/8/8/8/K6k b - - 65535 65535'),
	(NULL, NULL, NULL, NULL);
\copy io TO 'results/io.bin' WITH (FORMAT binary)
CREATE TABLE io_back (LIKE io);
\copy io_back FROM 'results/io.bin' WITH (FORMAT binary)
SELECT * FROM io_back;
SELECT (SELECT count(*) FROM io_back) AS rows_back,
       (SELECT count(*) FROM (SELECT * FROM io EXCEPT ALL SELECT * FROM io_back) AS d) AS lost,
       (SELECT count(*) FROM (SELECT * FROM io_back EXCEPT ALL SELECT * FROM io) AS d) AS invented;

-- the binary forms: one byte, two bytes (network order), 32 packed bytes
SELECT square_send('e4'), piece_send('n'), move_send('e7e8q'), move_send('0000');
SELECT position_send(start_position());
SELECT position_send('8/8/8/8/8/8/8/K6k b - - 258 772');

-- malformed binary input: each bytea below is copied out in binary and read
-- back into a column of a chess type, so its bytes reach the receive function
CREATE TABLE raw (b bytea);
CREATE TABLE sq_in (s square);
CREATE TABLE pc_in (pc piece);
CREATE TABLE m_in (m move);
CREATE TABLE p_in (p "position");

INSERT INTO raw VALUES ('\x40');
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy sq_in FROM 'results/raw.bin' WITH (FORMAT binary)
\copy pc_in FROM 'results/raw.bin' WITH (FORMAT binary)
TRUNCATE raw;
INSERT INTO raw VALUES ('\x00');
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy pc_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- a field of the wrong size: 22P03 naming the size, for every type
TRUNCATE raw;
INSERT INTO raw VALUES ('\x0007');
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy pc_in FROM 'results/raw.bin' WITH (FORMAT binary)
\copy sq_in FROM 'results/raw.bin' WITH (FORMAT binary)
\copy m_in FROM 'results/raw.bin' WITH (FORMAT binary)
TRUNCATE raw;
INSERT INTO raw VALUES ('');
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy sq_in FROM 'results/raw.bin' WITH (FORMAT binary)
\copy pc_in FROM 'results/raw.bin' WITH (FORMAT binary)
\copy m_in FROM 'results/raw.bin' WITH (FORMAT binary)
TRUNCATE raw;
INSERT INTO raw VALUES ('\x8000');
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy m_in FROM 'results/raw.bin' WITH (FORMAT binary)
TRUNCATE raw;
INSERT INTO raw VALUES ('\x1860');
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy m_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- e2e4 is (12 << 9) | (28 << 3) = 0x18e0
TRUNCATE raw;
INSERT INTO raw VALUES ('\x18e0');
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy m_in FROM 'results/raw.bin' WITH (FORMAT binary)
SELECT * FROM m_in;

-- positions: valid packed bytes with one part changed at a time
CREATE TABLE good (b bytea);
INSERT INTO good SELECT position_send(start_position());
CREATE TABLE kings (b bytea);
INSERT INTO kings SELECT position_send('8/8/8/8/8/8/8/K6k b - - 258 772');
-- too short
TRUNCATE raw;
INSERT INTO raw SELECT substr(b, 1, 31) FROM good;
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy p_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- too long
TRUNCATE raw;
INSERT INTO raw SELECT b || '\x00'::bytea FROM good;
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy p_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- 64 occupied squares
TRUNCATE raw;
INSERT INTO raw SELECT overlay(b PLACING '\xffffffffffffffff' FROM 1) FROM good;
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy p_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- piece code 7 on a1
TRUNCATE raw;
INSERT INTO raw SELECT overlay(b PLACING '\x07' FROM 9) FROM good;
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy p_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- a piece code after the last occupied square
TRUNCATE raw;
INSERT INTO raw SELECT overlay(b PLACING '\x01' FROM 10) FROM kings;
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy p_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- unused flag bits
TRUNCATE raw;
INSERT INTO raw SELECT overlay(b PLACING '\xff' FROM 25) FROM good;
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy p_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- en passant byte 65
TRUNCATE raw;
INSERT INTO raw SELECT overlay(b PLACING '\x41' FROM 26) FROM good;
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy p_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- en passant on e3 with White to move
TRUNCATE raw;
INSERT INTO raw SELECT overlay(b PLACING '\x15' FROM 26) FROM good;
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy p_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- a castling rook's file (bytes 30-31, Chess960) for a right not held
TRUNCATE raw;
INSERT INTO raw SELECT overlay(b PLACING '\x10' FROM 31) FROM kings;
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy p_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- a castling rook's file beyond h
TRUNCATE raw;
INSERT INTO raw SELECT overlay(b PLACING '\x80' FROM 31) FROM good;
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy p_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- no kings
TRUNCATE raw;
INSERT INTO raw SELECT '\x0000000000000000000000000000000000000000000000000000000000010000'::bytea;
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy p_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- two pieces on the board, two white kings
TRUNCATE raw;
INSERT INTO raw SELECT overlay(b PLACING '\x66' FROM 9) FROM kings;
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy p_in FROM 'results/raw.bin' WITH (FORMAT binary)
-- well-formed but not canonical, normalised as FEN input is: the fullmove
-- number 0 becomes 1; the start position shifted up one rank loses White's
-- castling rights; lone kings on e1 and e8 lose all four; the start
-- position with White's king side rook said to be on g1 (a knight) loses K
TRUNCATE raw;
INSERT INTO raw SELECT overlay(b PLACING '\x0000' FROM 29) FROM good;
INSERT INTO raw SELECT overlay(b PLACING '\x00ffff' FROM 1) FROM good;
INSERT INTO raw VALUES ('\x1000000000000010e60000000000000000000000000000001e00000001000000');
INSERT INTO raw SELECT overlay(b PLACING '\x01' FROM 31) FROM good;
\copy raw TO 'results/raw.bin' WITH (FORMAT binary)
\copy p_in FROM 'results/raw.bin' WITH (FORMAT binary)
SELECT p, position_send(p) FROM p_in;
SELECT (SELECT count(*) FROM sq_in) AS squares, (SELECT count(*) FROM pc_in) AS pieces;

DROP TABLE io, io_back, raw, good, kings, sq_in, pc_in, m_in, p_in;
