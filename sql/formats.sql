-- Stored bytes and index keys are formats (doc/formats.md): these golden
-- vectors pin them.  Where the format can be derived by hand from
-- doc/formats.md it is (the bytes of two short games, the packed start
-- position, the keys of position_gin_ops and game_pattern_ops recomputed
-- in SQL from positions and pieces); the rest is pinned as the present
-- code writes it, so that a change to an encoder, a key recipe or a
-- constant fails here.  A cast without function shows a game's stored
-- bytes (superuser only, dropped at the end).
CREATE CAST (game AS bytea) WITHOUT FUNCTION;

-- game, version 2, derived by hand: 1. Nf3 is header 02 00 0001, the knight
-- on g1 as piece 6 of White's 16 (a1, b1, ... h2: 4 bits, 0110), its move to
-- f3 as the first of its two targets (1 bit, 0): 0110 0 padded, 0x60;
-- 1. e4, the pawn on e2 as piece 12 (1100) to e4, the second of e3 and e4
-- (1): 0xc8
SELECT encode('1. Nf3'::game::bytea, 'hex') = '0200000160' AS nf3,
       encode('1. e4'::game::bytea, 'hex') = '02000001c8' AS e4;

-- the golden games: both castlings (standard and Chess960), the four
-- promotions, en passant, captures of and by every kind, starts of their own
CREATE TABLE golden (name text PRIMARY KEY, g game);
INSERT INTO golden VALUES
 ('castling', '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O d6 5. d3 Be6 6. Bxe6 fxe6 7. Nc3 Qd7 8. Be3 O-O-O'),
 ('captures', '1. e4 d5 2. exd5 Qxd5 3. Nc3 Qxd2+ 4. Kxd2 Nc6 5. Nd5 Nd4 6. Nxc7+ Kd8 7. Nxa8 Nxc2 8. Kxc2 Bd7
               9. Bd3 Bb5 10. Bxb5 Kc8 11. Bg5 Nf6 12. Bxf6 gxf6 13. Ba6 Bh6 14. Qd7+ Kxd7 15. Rd1+ Bd2
               16. Rxd2+ Kc6 17. Bxb7+ Kxb7'),
 ('promotions', '[FEN "k7/4PPPP/8/8/8/8/pppp4/7K w - - 0 1"] 1. e8=Q+ Ka7 2. f8=N a1=R+ 3. Kh2 b1=B
                 4. g8=B c1=N 5. h8=R d1=Q'),
 ('en passant', '1. e4 a6 2. e5 d5 3. exd6 e6'),
 ('chess960', '[FEN "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1"] 1. O-O-O O-O'),
 ('empty', '');
SELECT name, plies(g), encode(g::bytea, 'hex') AS bytes FROM golden ORDER BY name;
SELECT name, g FROM golden ORDER BY name;

-- annotated games (doc/formats.md, "the annotation section"), derived by
-- hand: the bare bytes with flag 0x02, then the section and its length in 4
-- bytes.  Clocks alone: format 01, streams 01 (clocks), mode 03 (every ply,
-- whole seconds), zigzag deltas from the same side's last clock: 180 s is
-- 360 (e8 02), 178 s 356 (e4 02), 175 s -5 from 180 (09), 170 s -8 (0f);
-- 9 bytes (00000009)
SELECT encode('1. e4 { [%clk 0:03:00] } e5 { [%clk 0:02:58] } 2. Nf3 { [%clk 0:02:55] } Nc6 { [%clk 0:02:50] }'::game::bytea, 'hex')
       = '02020004ca1998' || '0101' || '03' || 'e802' || 'e402' || '09' || '0f' || '00000009' AS clocks;
-- a NAG, then a comment: streams 04 (events), skip 1 (11), NAG 1 (17),
-- comment of 2 bytes (25) "ok" (6f6b), end (00); 8 bytes
SELECT encode('1. e4 $1 { ok }'::game::bytea, 'hex') = '02020001c8' || '0104' || '11' || '17' || '256f6b' || '00' || '00000008' AS nag_and_comment;
-- evaluations: streams 02, mode 03 (every ply, some depth), the depth
-- bitmap 40 (the second has one), 0.17 as 1 + zigzag(17) (23), #-2 as 01
-- and zigzag(-2) (03), its depth 22 (16); 8 bytes
SELECT encode('1. e4 { [%eval 0.17] } e5 { [%eval #-2,22] }'::game::bytea, 'hex')
       = '02020002ca00' || '0102' || '03' || '40' || '23' || '0103' || '16' || '00000008' AS evals;
CREATE TABLE golden_annotated (name text PRIMARY KEY, g game);
INSERT INTO golden_annotated VALUES
 ('lichess', '1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.19] [%clk 0:03:00] } 2. Qh5 $6 { [%eval -0.30] [%clk 0:02:58.4] } 2... Nc6 { [%eval #-2,22] [%clk 0:02:59] }'),
 ('study', '{ The opening. } 1. e4 $1 { Best by test. [%csl Ge4,Rd5] [%cal Gg1f3] } 1... c5 ( { The French: } 1... e6 2. d4 d5 ( 2... c5 $6 { [%emt 0:00:12.5] } ) 3. Nc3 ) ( 1... e5 { [%clk 1:02:03.4] } ) 2. Nf3 { first } { second } 2... d6 $14');
SELECT name, encode(g::bytea, 'hex') AS bytes, encode(game_send(g), 'hex') AS binary, game_hash(g)
FROM golden_annotated ORDER BY name;
SELECT name, g::text::game = g AS text_back, mainline(g)::bytea = game(moves(g))::bytea AS bare_bytes
FROM golden_annotated ORDER BY name;

-- the binary form of a game (binary COPY, binary parameters), independent
-- of the stored one: version 1, the packed start, the plies as 4 bytes, each
-- move as its 2 bytes
SELECT name, encode(game_send(g), 'hex') AS binary FROM golden WHERE name IN ('en passant', 'chess960', 'empty') ORDER BY name;
-- and of square, piece, move: the integer, big-endian
SELECT encode(square_send('e4'), 'hex') AS e4, encode(piece_send('n'), 'hex') AS black_knight,
       encode(move_send('e7e8q'), 'hex') AS e7e8q, encode(move_send('0000'), 'hex') AS null_move;

-- the hashes of games (hash joins, hash indexes, hash partitions): of the
-- version 2 bytes, forever (doc/formats.md)
SELECT name, game_hash(g), game_hash_extended(g, 0), game_hash_extended(g, 42) FROM golden ORDER BY name;

-- position: the packed start position, derived by hand — occupancy ffff00000000ffff
-- (little-endian), the 32 pieces' codes a nibble each in square order
-- (R N B Q K B N R = 4 2 3 5 6 3 2 4, the low nibble first: 24 53 36 42;
-- eight white pawns 11 11 11 11; black pawns 99 99 99 99; black pieces
-- ac db be ca), side and castling 1e (White, KQkq), no en passant, halfmove
-- 0, fullmove 1, no Chess960 rooks
SELECT encode(position_send(start_position()), 'hex') =
       'ffff00000000ffff' || '2453364211111111' || '99999999acdbbeca' || '1e00' || '0000' || '0100' || '0000'
       AS start_packed;
SELECT fen, encode(position_send(fen::"position"), 'hex') AS packed,
       position_hash(fen::"position"), position_hash_extended(fen::"position", 42)
FROM (VALUES ('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'),
             ('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1'),
             ('8/8/8/8/8/8/8/K6k b - - 99 300')) AS v(fen);

-- pattern and balance: their bytes (binary form = stored form)
SELECT p, encode(pattern_send(p), 'hex') AS packed, pattern_hash(p)
FROM (VALUES ('8/8/5n2/3P4/4P3/8/8/8'::pattern), ('4k2r/8/8/8/8/8/8/4K..R w')) AS v(p);
SELECT b, encode(balance_send(b), 'hex') AS packed, balance_hash(b)
FROM (VALUES ('KRBP*vKRP*'::balance), ('KQ+vK'), ('KvK')) AS v(b);

-- position_gin_ops: every key recomputed from doc/formats.md — family 1
-- (top byte) square << 4 | piece code (0 empty), family 2 the side, family
-- 3 the material key, four bits a count, White's Q R B N P, then Black's
CREATE FUNCTION piece_code(p piece) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
	SELECT (CASE color(p) WHEN 'white' THEN 0 ELSE 8 END) +
	       array_position('{pawn,knight,bishop,rook,queen,king}'::text[], kind(p))
$$;
CREATE FUNCTION material_key(p "position") RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
	SELECT sum(n::bigint << (4 * (9 - i)))::bigint
	FROM (SELECT i, (SELECT count(*) FROM pieces(p) AS x
	                 WHERE color(x.piece) = CASE WHEN i < 5 THEN 'white' ELSE 'black' END
	                   AND kind(x.piece) = (ARRAY['queen','rook','bishop','knight','pawn'])[i % 5 + 1]) AS n
	      FROM generate_series(0, 9) AS i) AS c
$$;
CREATE FUNCTION position_keys(p "position") RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
	SELECT array_agg(k ORDER BY o)
	FROM (SELECT s.ord AS o, (1::bigint << 56) | ((s.ord - 1) << 4) | coalesce(piece_code(piece_at(p, s.sq)), 0) AS k
	      FROM unnest((SELECT array_agg(square ORDER BY square) FROM squares())) WITH ORDINALITY AS s(sq, ord)
	      UNION ALL SELECT 65, (2::bigint << 56) | CASE side_to_move(p) WHEN 'white' THEN 0 ELSE 1 END
	      UNION ALL SELECT 66, (3::bigint << 56) | material_key(p)) AS keys
$$;
SELECT fen, gin_keys(fen::"position") = position_keys(fen::"position") AS recomputed, cardinality(gin_keys(fen::"position"))
FROM (VALUES ('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'),
             ('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1'),
             ('8/8/8/8/8/8/8/K6k b - - 0 1')) AS v(fen);
SELECT to_hex(material_key(start_position())) AS start_material;
-- its queries: a pattern's squares and side, every exact balance of a query
SELECT gin_query_keys('8/8/5n2/3P4/4P3/8/8/8'::pattern, 'position_gin_ops') AS pattern_keys;
SELECT gin_query_keys('4k2r/8/8/8/8/8/8/4K..R w'::pattern, 'position_gin_ops') AS pattern_keys;
SELECT gin_query_keys('KRBvKR'::balance, 'position_gin_ops') AS balance_keys;
SELECT cardinality(gin_query_keys('KP*vK'::balance, 'position_gin_ops')) AS nine_pawn_counts;
-- (none, NULL, for a query that every position matches: a full index scan)
SELECT gin_query_keys('8/8/8/8/8/8/8/8'::pattern, 'position_gin_ops') IS NULL AS empty_pattern,
       gin_query_keys('KQ*R*R*B*B*N*N*P*vKQ*R*R*B*B*N*N*P*'::balance, 'position_gin_ops') IS NULL AS every_balance;

-- game_pattern_ops, without pairs: recomputed from doc/formats.md — the
-- window (min(ply / 16, 15)) << 12 | square << 4 | piece code of each piece
-- at each ply, each once, ascending
CREATE FUNCTION pattern_keys(g game) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
	SELECT array_agg(DISTINCT (least(p.ply / 16, 15)::bigint << 12) | (x.square::integer << 4) | piece_code(x.piece)
	                 ORDER BY (least(p.ply / 16, 15)::bigint << 12) | (x.square::integer << 4) | piece_code(x.piece))
	FROM positions(g) AS p, pieces(p."position") AS x
$$;
SELECT name, gin_keys(g, 'game_pattern_ops') = pattern_keys(g) AS recomputed,
       cardinality(gin_keys(g, 'game_pattern_ops')) AS keys,
       cardinality(gin_keys(g, 'game_pattern_ops', pairs => true)) AS with_pairs
FROM golden WHERE plies(g) > 0 ORDER BY name;
SELECT name, md5(gin_keys(g, 'game_pattern_ops', true)::text) AS pair_keys FROM golden ORDER BY name;
SELECT gin_keys('1. e4'::game, 'game_pattern_ops', true) AS keys_of_e4;
SELECT gin_query_keys('8/8/5n2/3P4/4P3/8/8/8'::pattern) AS pieces_in_16_windows;
SELECT gin_query_keys('8/8/5n2/3P4/4P3/8/8/8'::pattern, pairs => true) AS with_pairs;
SELECT gin_query_keys('8/8/8/8/8/8/8/8 w'::pattern) IS NULL AS no_piece;

-- game_gin_ops: the material keys (family 2) recomputed, the hashed ones pinned
SELECT name,
       (SELECT array_agg(k ORDER BY k) FROM unnest(gin_keys(g)) AS k WHERE (k >> 62) & 3 = 2)
       = (SELECT array_agg(DISTINCT (2::bigint << 62) | material_key(p."position") ORDER BY (2::bigint << 62) | material_key(p."position"))
          FROM positions(g) AS p) AS materials_recomputed,
       (SELECT count(*) FROM unnest(gin_keys(g)) AS k WHERE (k >> 62) & 3 = 0) AS early,
       (SELECT count(*) FROM unnest(gin_keys(g)) AS k WHERE (k >> 62) & 3 = 1) AS late
FROM golden ORDER BY name;
SELECT name, gin_keys(g) FROM golden WHERE name IN ('castling', 'chess960', 'empty') ORDER BY name;
SELECT name, md5(gin_keys(g)::text) FROM golden ORDER BY name;
SELECT gin_query_keys(start_position()) AS start,
       gin_query_keys(final('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1'::game)) AS ruy_lopez;
SELECT gin_query_keys('KRBvKR'::balance) AS balance_keys;

-- the operator class a function is asked for must take the value
SELECT gin_keys('1. e4'::game, 'position_gin_ops');
SELECT gin_query_keys(start_position(), 'position_gin_ops');
SELECT gin_query_keys('KvK'::balance, 'game_pattern_ops');
SELECT gin_query_keys('KvK'::balance, 'jsonb_ops');

-- the explorer's cells (doc/formats.md, "The explorer's cells"), derived by
-- hand: 600+5 is rapid (4: 600 + 40 x 5 = 800 s); 2205 is group 8 (from
-- 2200); e2e4 is 12 << 9 | 28 << 3 = 6368, e7e5 52 << 9 | 36 << 3 = 26912,
-- g1f3 6 << 9 | 21 << 3 = 3240; Black's rating unknown, so White's cells
-- lack bit 23 and Black's have it; the day unknown, so no date (SQL's |
-- and << bind alike, left to right: hence the parentheses)
SELECT c.month, c.cell,
       c.cell = CASE c.cell[1][1] & 65535
                  WHEN 6368 THEN '{{4724960,1,0,1,0,2205,0,0}}'::bigint[]
                  WHEN 26912 THEN ARRAY[[26912 | (4 << 20) | (1 << 23), 1, 0, 1, 0, 0, 2205, 0]]::bigint[]
                  WHEN 3240 THEN ARRAY[[3240 | (8 << 16) | (4 << 20), 1, 0, 1, 0, 2205, 0, 0]]::bigint[] END AS by_hand
FROM explorer_cells('1. e4 e5 2. Nf3'::game,
                    '{"WhiteElo": "2205", "BlackElo": "?", "TimeControl": "600+5", "Date": "2021.07.??"}',
                    '1/2-1/2') AS c;
-- by month (explorer_sum(cell, month), for explorer_periods()): the
-- month, 202107, in bits 24 on of each code, the cells in the order of
-- their codes
SELECT explorer_sum(c.cell, c.month) = ARRAY[[3240 | (8 << 16) | (4 << 20) | (202107::bigint << 24), 1, 0, 1, 0, 2205, 0, 0],
                                             [4724960 | (202107::bigint << 24), 1, 0, 1, 0, 2205, 0, 0],
                                             [26912 | (4 << 20) | (1 << 23) | (202107::bigint << 24), 1, 0, 1, 0, 0, 2205, 0]] AS by_hand
FROM explorer_cells('1. e4 e5 2. Nf3'::game,
                    '{"WhiteElo": "2205", "BlackElo": "?", "TimeControl": "600+5", "Date": "2021.07.??"}',
                    '1/2-1/2') AS c;

-- the explorer's key filter (doc/formats.md) of the start position's key
-- 0x463b96181691fc9c, in one block of 64 bytes: its bits 0x9c = 156 (byte
-- 19, bit 4), 0xfc = 252 (byte 31, bit 4), 0x91 = 145 (byte 18, bit 1) and
-- 0x16 = 22 (byte 2, bit 6) in a filter of 32 bytes; wanted, in the second
-- filter of the block (bytes 32-63)
CREATE FUNCTION start_bits() RETURNS text LANGUAGE sql AS $$
	SELECT repeat('00', 2) || '40' || repeat('00', 15) || '0210' || repeat('00', 11) || '10'
$$;
SELECT encode(explorer_key_filter(k, 1), 'hex') = repeat('00', 32) || start_bits() AS by_hand
FROM (VALUES (polyglot_key(start_position()))) AS v(k);
-- sized for 512 keys, 16 blocks (2 bytes a key: 1,024 bytes): the key's
-- block is (0x463b9618 & 15) = 8, bytes 512 to 575
SELECT encode(explorer_key_filter(k, 512), 'hex') = repeat('00', 512 + 32) || start_bits() || repeat('00', 448) AS by_hand
FROM (VALUES (polyglot_key(start_position()))) AS v(k);
-- seen in two games: its bits in the first filter, then in the second
SELECT encode(explorer_key_filter(g, 1), 'hex') = start_bits() || start_bits() AS by_hand
FROM (VALUES ('1. e4'::game), ('1. d4'::game)) AS v(g);
-- seen in one game: in the first alone
SELECT encode(explorer_key_filter(g, 1), 'hex') = start_bits() || repeat('00', 32) AS by_hand
FROM (VALUES ('1. e4'::game)) AS v(g);
DROP FUNCTION start_bits();

DROP FUNCTION pattern_keys(game), position_keys("position"), material_key("position"), piece_code(piece);
DROP TABLE golden;
DROP TABLE golden_annotated;
DROP CAST (game AS bytea);
