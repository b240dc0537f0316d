-- position: FEN text I/O, validation, accessors, pieces(), board(), operators
--
-- POSITION is an SQL keyword: the type name is written "position" in casts
-- and column definitions.  Function arguments need no cast.

-- good literals: six fields, four fields (clocks 0 1), fullmove 0 becomes 1
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'::"position";
SELECT '  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   b  KQkq  -  3 17 '::"position";
SELECT '4k3/8/8/8/8/8/8/4K3 w - - 12 0'::"position";
SELECT 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'::"position";
SELECT '8/8/8/8/8/8/8/K6k w - - 65535 65535'::"position";
SELECT 'r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1'::"position";

-- castling rights that can never be used are dropped; a right is the
-- outermost rook's on its side of the king (X-FEN, read as lichess and
-- chessops read it), so a king on f1 and a rook on b8 keep theirs: Chess960
-- castling (the chess960 test has more)
SELECT '4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1'::"position";
SELECT 'r3k3/8/8/8/8/8/8/R4K1R w KQkq - 0 1'::"position";
SELECT '1r2k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1'::"position";

-- the en passant square is kept only when an en passant capture is legal
SELECT 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'::"position";
SELECT 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'::"position";
SELECT 'rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3'::"position";
SELECT '4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2'::"position";
SELECT '8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1'::"position";
SELECT '4k3/8/8/2Pp4/8/8/8/4K2b w - d6 0 1'::"position";

-- bad literals: one per error
SELECT ''::"position";
SELECT '   '::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1'::"position";
-- Shredder-FEN (rook files) reads as the same position
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E6 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 65536 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.0'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1'::"position";
SELECT 'rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1'::"position";
SELECT 'pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBN1 w Qkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPQPPP/RNB1KBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/pppp1ppp/8/8/8/8/PPPPQPPP/RNB1KBNR w KQkq - 0 1'::"position";
SELECT 'rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d3 0 1'::"position";
SELECT 'rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1'::"position";
SELECT 'rnbqkbnr/ppppppp1/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 1'::"position";

-- accessors
SELECT side_to_move(p), castling_rights(p), en_passant_square(p),
       halfmove_clock(p), fullmove_number(p)
FROM (VALUES (start_position()),
             ('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'),
             ('r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 42'),
             ('4k3/8/8/8/8/8/8/4K3 w - - 0 1')) AS v(p);
SELECT piece_at(start_position(), 'e1'), piece_at(start_position(), 'd8'),
       piece_at(start_position(), 'e4'), piece_at(start_position(), 'g7');

-- pieces(): the occupied squares, one row each, by square
SELECT * FROM pieces('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
SELECT count(*), count(*) FILTER (WHERE color(piece) = 'white') AS white,
       string_agg(piece::text, '' ORDER BY square) AS pieces
FROM pieces(start_position());

-- board(): eight lines, rank 8 at the top
SELECT board(start_position());
SELECT board('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');

-- = is equality of the canonical FEN, all six fields
SELECT a, b, a = b AS equal, a::text = b::text AS same_text
FROM (VALUES
	('4k3/8/8/8/8/8/8/4K3 w - - 0 1'::"position", '4k3/8/8/8/8/8/8/4K3 w - -'::"position"),
	('4k3/8/8/8/8/8/8/4K3 w - - 0 1', '4k3/8/8/8/8/8/8/4K3 w - - 0 0'),
	('4k3/8/8/8/8/8/8/4K3 w - - 0 1', '4k3/8/8/8/8/8/8/4K3 w - - 1 1'),
	('4k3/8/8/8/8/8/8/4K3 w - - 0 1', '4k3/8/8/8/8/8/8/4K3 w - - 0 2'),
	('4k3/8/8/8/8/8/8/4K3 w - - 0 1', '4k3/8/8/8/8/8/8/4K3 b - - 0 1'),
	('4k3/8/8/8/8/8/8/4K2R w K - 0 1', '4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1'),
	('4k3/8/8/8/8/8/8/4K2R w K - 0 1', '4k3/8/8/8/8/8/8/4K2R w - - 0 1'),
	('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
	 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')) AS v(a, b);
SELECT start_position() < '4k3/8/8/8/8/8/8/4K3 w - - 0 1'::"position" OR
       start_position() > '4k3/8/8/8/8/8/8/4K3 w - - 0 1'::"position" AS ordered,
       start_position() <= start_position() AND start_position() >= start_position() AS reflexive,
       start_position() <> '4k3/8/8/8/8/8/8/4K3 w - - 0 1'::"position" AS not_equal;

-- fen: the type without quotes (POSITION is an SQL keyword); every
-- function, operator and index of "position" takes it
SELECT 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'::fen AS p,
       pg_typeof('8/8/8/8/8/8/8/K6k w - - 0 1'::fen);
SELECT side_to_move('8/8/8/8/8/8/8/K6k w - - 0 1'::fen), play('8/8/8/8/8/8/8/K6k w - - 0 1'::fen, 'a1a2'),
       '8/8/8/8/8/8/8/K6k w - - 0 1'::fen = '8/8/8/8/8/8/8/K6k w - - 0 1'::"position" AS equal;
CREATE TEMP TABLE fens (p fen);
INSERT INTO fens VALUES (start_position()), ('8/8/8/8/8/8/8/K6k w - - 0 1');
CREATE INDEX ON fens (p);
SELECT p FROM fens ORDER BY p;
SELECT 'not a position'::fen;
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- board_svg(): well-formed, self-contained SVG (no links but its own
-- definitions, no images, no font files), 64 squares, a use a piece; the
-- last move's squares, a king in check, arrows and circled squares marked;
-- Black at the bottom puts a1 at the top right
CREATE TEMP TABLE boards AS
SELECT name, xmlparse(document svg) AS doc, svg
FROM (VALUES
	('start', board_svg(start_position())),
	('mate', board_svg('r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4',
	                   lastmove => 'h5f7', arrows => '{c4f7,g8f6}', marked => '{e8,d8}')),
	('flipped', board_svg(start_position(), 'black', coordinates => false, size => 200))) AS v(name, svg);
SELECT name,
       (xpath('count(//*[local-name()="rect"][contains(@class, "square")])', doc))[1]::text AS squares,
       (xpath('count(//*[local-name()="use"])', doc))[1]::text AS pieces,
       (xpath('string(//*[local-name()="desc"])', doc))[1]::text AS fen,
       array_to_string(xpath('//*[local-name()="rect"][contains(@class, "lastmove")]/@class', doc)::text[], ', ') AS lastmove,
       (xpath('count(//*[local-name()="circle"][@class="check"])', doc))[1]::text AS check,
       (xpath('count(//*[local-name()="circle"][@class="mark"])', doc))[1]::text AS marks,
       (xpath('count(//*[local-name()="polygon"][@class="arrow"])', doc))[1]::text AS arrows,
       (xpath('count(//*[local-name()="text"])', doc))[1]::text AS labels,
       (xpath('/*/@width', doc))[1]::text AS width
FROM boards ORDER BY name;
-- where a1 and h8 are: bottom left for White, top right for Black
SELECT name, (xpath('//*[local-name()="rect"][contains(@class, " a1")]/@x', doc))[1]::text AS a1_x,
       (xpath('//*[local-name()="rect"][contains(@class, " a1")]/@y', doc))[1]::text AS a1_y,
       (xpath('//*[local-name()="rect"][contains(@class, " a1")]/@fill', doc))[1]::text AS a1_fill,
       (xpath('//*[local-name()="rect"][contains(@class, " h1")]/@fill', doc))[1]::text AS h1_fill
FROM boards WHERE name IN ('start', 'flipped') ORDER BY name;
SELECT bool_and(svg !~ '(href="[^#]|<image|<script|@import|url\(|@font-face)') AS self_contained,
       max(length(svg)) < 16000 AS small
FROM boards;
SELECT board_svg(start_position(), 'sideways');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT board_svg(start_position(), size => 8);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT board_svg(start_position(), marked => '{e4,NULL}');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT board_svg(start_position(), arrows => (SELECT array_agg('e2e4'::move) FROM generate_series(1, 65)));
\echo SQLSTATE :LAST_ERROR_SQLSTATE
