-- Compares the extension with chess.js on the positions that
-- chessjs_positions.mjs writes to standard input: canonical FEN, the sorted
-- legal moves, check, checkmate, stalemate, the position after a move, and
-- the SAN of every legal move, the checkers, the pins (with their pinners) and
-- the mobility.
-- Prints the first disagreements and "differential: N passed, M failed".
\set ON_ERROR_STOP on
CREATE TEMP TABLE js (fen text, moves text, in_check boolean, checkmate boolean,
                      stalemate boolean, move text, next_fen text, sans text,
                      checkers text, pins text);
\copy js FROM pstdin
CREATE TEMP TABLE result AS
SELECT fen, moves, move,
       p::text = fen AS fen_ok,
       coalesce((SELECT string_agg(m::text, ' ' ORDER BY m::text COLLATE "C")
                 FROM legal_moves(p) AS m), '') = moves AS moves_ok,
       in_check(p) = js.in_check AS check_ok,
       is_checkmate(p) = js.checkmate AS mate_ok,
       is_stalemate(p) = js.stalemate AS stalemate_ok,
       move = '' OR play(p, move::move)::text = next_fen AS play_ok,
       coalesce((SELECT string_agg(m::text || ':' || san(p, m), ' ' ORDER BY m::text COLLATE "C")
                 FROM legal_moves(p) AS m), '') = sans AS san_ok,
       coalesce((SELECT string_agg(c::text, ' ' ORDER BY c::text COLLATE "C")
                 FROM unnest(checkers(p)) AS c), '') = coalesce(js.checkers, '')
       AND mobility(p) = cardinality(string_to_array(moves, ' ')) AS checkers_ok,
       coalesce((SELECT string_agg(pinned || ':' || pinner, ' ' ORDER BY (pinned || ':' || pinner) COLLATE "C")
                 FROM pins(p)), '') = coalesce(js.pins, '') AS pins_ok
FROM js, LATERAL (SELECT fen::"position" AS p) AS parsed;
SELECT count(*) AS positions,
       count(*) FILTER (WHERE js.in_check) AS in_check,
       count(*) FILTER (WHERE js.checkmate) AS checkmates,
       count(*) FILTER (WHERE js.stalemate) AS stalemates,
       count(*) FILTER (WHERE js.fen ~ ' [a-h][36] ') AS en_passant,
       count(*) FILTER (WHERE js.checkers ~ ' ') AS double_checks,
       count(*) FILTER (WHERE js.pins <> '') AS with_pins,
       count(*) FILTER (WHERE js.move ~ '[nbrq]$') AS promotions_played,
       count(*) FILTER (WHERE js.move IN ('e1g1', 'e1c1', 'e8g8', 'e8c8')
                        AND js.fen ~ '^[^ ]* [wb] [KQkq]') AS castling_candidates
FROM js;
SELECT fen, NOT fen_ok AS fen, NOT moves_ok AS moves, NOT check_ok AS check,
       NOT mate_ok AS mate, NOT stalemate_ok AS stalemate, NOT play_ok AS play,
       NOT san_ok AS san, NOT checkers_ok AS checkers, NOT pins_ok AS pins, move
FROM result
WHERE NOT (fen_ok AND moves_ok AND check_ok AND mate_ok AND stalemate_ok AND play_ok AND san_ok AND checkers_ok AND pins_ok)
LIMIT 10;
SELECT count(*) FILTER (WHERE san_ok) AS positions_with_same_san,
       sum(cardinality(string_to_array(moves, ' '))) AS sans_compared
FROM result;
SELECT format('differential: %s passed, %s failed',
              count(*) FILTER (WHERE fen_ok AND moves_ok AND check_ok AND mate_ok AND stalemate_ok AND play_ok AND san_ok AND checkers_ok AND pins_ok),
              count(*) FILTER (WHERE NOT (fen_ok AND moves_ok AND check_ok AND mate_ok AND stalemate_ok AND play_ok AND san_ok AND checkers_ok AND pins_ok)))
       AS summary
FROM result;
