-- polyglot_key(): the Polyglot opening-book key, against the published
-- vectors (test/data/polyglot-vectors.tsv, a copy of
-- ../shared/data/polyglot/vectors.tsv)

CREATE TABLE vectors (fen text, key text, note text);
\copy vectors FROM 'test/data/polyglot-vectors.tsv' WITH (FORMAT text, DELIMITER E'\t')
DELETE FROM vectors WHERE fen LIKE '#%';
SELECT note, lpad(to_hex(polyglot_key(fen::"position")), 16, '0') = key AS agrees
FROM vectors;

-- the key is a bigint: the 64 bits as a signed number
SELECT polyglot_key(start_position()), to_hex(polyglot_key(start_position()));

-- en passant: hashed when the capture is legal (the square FEN keeps); the
-- Polyglot rule would also hash it when the only capturer is pinned
SELECT to_hex(polyglot_key('4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2')) AS pinned_capturer,
       to_hex(polyglot_key('4k3/8/8/KPp4r/8/8/8/8 w - - 0 2')) AS without_square;

-- clocks are not hashed
SELECT polyglot_key('4k3/8/8/8/8/8/8/4K3 w - - 0 1') = polyglot_key('4k3/8/8/8/8/8/8/4K3 w - - 30 70') AS clocks_ignored;

DROP TABLE vectors;
