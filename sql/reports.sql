-- Reports on a chess database (doc/database.md, "Reports"): win rates by
-- opening and rating band, a player's repertoire, the deviations from a
-- prepared line, novelties; each query as the documentation writes it, on
-- games with players, ratings and dates, in a schema of their own.
CREATE SCHEMA reports;
SET search_path = reports, public;
SET datestyle = ISO;
\i examples/chessdb.sql
INSERT INTO games (tags, result, g)
SELECT tags, result, value FROM pgn_games($pgn$
[Event "1"] [Date "2024.01.10"] [White "Anna"] [Black "Boris"] [WhiteElo "2210"] [BlackElo "2150"] [Result "1-0"]
1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 8. f3 1-0

[Event "2"] [Date "2024.02.03"] [White "Boris"] [Black "Anna"] [WhiteElo "2160"] [BlackElo "2220"] [Result "0-1"]
1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 g6 6. Be3 Bg7 7. f3 O-O 0-1

[Event "3"] [Date "2024.02.20"] [White "Carla"] [Black "Anna"] [WhiteElo "1830"] [BlackElo "2230"] [Result "1/2-1/2"]
1. e4 c5 2. Nf3 d6 3. Bb5+ Bd7 4. Bxd7+ Qxd7 5. O-O Nc6 1/2-1/2

[Event "4"] [Date "2024.03.01"] [White "Anna"] [Black "Carla"] [WhiteElo "2235"] [BlackElo "1820"] [Result "1-0"]
1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0

[Event "5"] [Date "2024.03.15"] [White "Dmitri"] [Black "Anna"] [WhiteElo "1650"] [BlackElo "2240"] [Result "0-1"]
1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 5. Bd3 d5 6. Nf3 c5 7. O-O 0-1

[Event "6"] [Date "2024.04.02"] [White "Boris"] [Black "Carla"] [WhiteElo "2140"] [BlackElo "1840"] [Result "1-0"]
1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Bg5 e6 7. f4 Be7 1-0

[Event "7"] [Date "2024.04.18"] [White "Carla"] [Black "Dmitri"] [WhiteElo "1850"] [BlackElo "1640"] [Result "1-0"]
1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 Ng4 7. Bg5 h6 1-0

[Event "8"] [Date "2024.05.05"] [White "Dmitri"] [Black "Boris"] [WhiteElo "1660"] [BlackElo "2130"] [Result "0-1"]
1. e4 c5 2. Nf3 Nc6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 e5 6. Ndb5 d6 0-1

[Event "9"] [Date "2024.05.21"] [White "Anna"] [Black "Dmitri"] [WhiteElo "2250"] [BlackElo "1630"] [Result "1-0"]
1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 5. Re1 Nd6 1-0

[Event "10"] [Date "2024.06.09"] [White "Boris"] [Black "Anna"] [WhiteElo "2150"] [BlackElo "2255"] [Result "1/2-1/2"]
1. c4 e5 2. Nc3 Nf6 3. Nf3 Nc6 4. g3 d5 5. cxd5 Nxd5 1/2-1/2
$pgn$);

-- win rates by opening family and rating band (the players' average, 200 points wide)
SELECT split_part(o.name, ':', 1) AS opening, b.band, count(*) AS games,
       round(100.0 * count(*) FILTER (WHERE result = '1-0') / count(*)) AS white,
       round(100.0 * count(*) FILTER (WHERE result = '1/2-1/2') / count(*)) AS draws,
       round(100.0 * count(*) FILTER (WHERE result = '0-1') / count(*)) AS black
FROM games,
     LATERAL opening(g) AS o,
     LATERAL (SELECT ((tags->>'WhiteElo')::integer + (tags->>'BlackElo')::integer) / 400 * 200 AS band
              WHERE tags->>'WhiteElo' ~ '^[0-9]{1,4}$' AND tags->>'BlackElo' ~ '^[0-9]{1,4}$') AS b
WHERE o.name IS NOT NULL AND result <> '*'
GROUP BY 1, 2
ORDER BY 1, 2;

-- a player's repertoire: the openings Anna plays with each colour, and how she scores
SELECT p.color, split_part(o.name, ':', 1) AS opening, count(*) AS games,
       sum(CASE WHEN result = '1/2-1/2' THEN 0.5
                WHEN result = CASE p.color WHEN 'white' THEN '1-0' ELSE '0-1' END THEN 1
                ELSE 0 END) AS points
FROM games,
     LATERAL opening(g) AS o,
     LATERAL (VALUES ('white', tags->>'White'), ('black', tags->>'Black')) AS p(color, player)
WHERE p.player = 'Anna' AND o.name IS NOT NULL AND result <> '*'
GROUP BY 1, 2
ORDER BY 1 DESC, games DESC, opening;

-- the deviations from a prepared line: where the games that begin as it
-- does leave it, who left it, and with which move
WITH line AS (SELECT moves('1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3'::game) AS m)
SELECT d.ply + 1 AS ply, CASE d.ply % 2 WHEN 0 THEN 'white' ELSE 'black' END AS side,
       san(d."position", line.m[d.ply + 1]) AS prepared, san(d."position", d.next) AS played,
       count(*) AS games
FROM games, line,
     LATERAL (SELECT p.ply, p."position", p.next FROM positions(g) AS p
              WHERE p.ply < cardinality(line.m) AND p.next <> line.m[p.ply + 1]
              ORDER BY p.ply LIMIT 1) AS d
WHERE (moves(g))[1] = line.m[1]
GROUP BY 1, 2, 3, 4
ORDER BY games DESC, ply;

-- novelties: in each game, the first move that no earlier game (by date)
-- played from a position an earlier game had reached (the first 40 plies)
WITH played AS (
	SELECT id, pgn_date(tags->>'Date') AS day, p.ply, without_clocks(p."position") AS pos, p.next AS move
	FROM games, LATERAL positions(g) AS p
	WHERE p.next IS NOT NULL AND p.ply < 40),
ranked AS (
	SELECT *, first_value(id) OVER (PARTITION BY pos ORDER BY day, id) AS first_to_reach,
	          first_value(id) OVER (PARTITION BY pos, move ORDER BY day, id) AS first_to_play
	FROM played)
SELECT DISTINCT ON (id) id, day, ply + 1 AS ply, san(pos, move) AS novelty
FROM ranked
WHERE first_to_play = id AND first_to_reach <> id
ORDER BY id, ply;

DROP SCHEMA reports CASCADE;
RESET search_path;
RESET datestyle;
