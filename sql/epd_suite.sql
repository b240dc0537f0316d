-- Every FEN of the perft suites loads and prints back as canonical FEN:
-- the Ethereal standard suite, the CPW results and python-chess's tricky
-- positions (copies in test/data of ../shared/data/perft).

CREATE TABLE epd (line text);
\copy epd FROM 'test/data/ethereal-standard.epd' WITH (FORMAT text, DELIMITER '|')
CREATE TABLE suite AS
SELECT row_number() OVER () AS n, trim(split_part(line, ';', 1)) AS fen FROM epd;
SELECT count(*) AS positions,
       count(*) FILTER (WHERE fen::"position"::text = fen) AS printed_back_verbatim,
       count(*) FILTER (WHERE fen::"position"::text::"position" = fen::"position") AS round_trip
FROM suite;

-- cpw-perft-results.epd: the same format
TRUNCATE epd;
\copy epd FROM 'test/data/cpw-perft-results.epd' WITH (FORMAT text, DELIMITER '|')
SELECT trim(split_part(line, ';', 1))::"position" AS canonical,
       trim(split_part(line, ';', 1))::"position"::text = trim(split_part(line, ';', 1)) AS verbatim
FROM epd;

-- python-chess-tricky.perft: four-field FENs on "epd" lines; the clocks
-- default to 0 1, the X-FEN Chess960 castling rights are kept (the
-- outermost rook on each side of the king), and an en passant square
-- without a legal capture is cleared
TRUNCATE epd;
\copy epd FROM 'test/data/python-chess-tricky.perft' WITH (FORMAT text, DELIMITER '|')
SELECT substr(line, 5) AS fen, substr(line, 5)::"position" AS canonical
FROM epd WHERE line LIKE 'epd %';

DROP TABLE epd, suite;
