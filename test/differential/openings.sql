-- The games openings.sh has chess.js name (openings.mjs), with opening(g):
-- the PGN file :'corpus', then every line of the data set played as a
-- game.  A line a game: its name, its first 40 moves in UCI, eco, name, ply.
CREATE EXTENSION chess;
CREATE TEMP TABLE named (id text, g game);
INSERT INTO named SELECT game::text, value FROM pgn_games_file(:'corpus');
INSERT INTO named SELECT 'line ' || row_number() OVER (), pgn::game FROM opening_names;
COPY (SELECT id, array_to_string((moves(g))[1:40], ' '), o.eco, o.name, o.ply
      FROM named, LATERAL opening(g) AS o) TO STDOUT WITH (NULL '');
