-- Analysis as lichess computes it (doc/games.md): Win%, move and game
-- accuracy, judgements, move times, time controls and PGN dates.  The
-- figures were computed independently (test/differential/annotations.mjs
-- has lichess's formulas written in JavaScript and checks them on every
-- evaluated game of its corpus).
\pset null '(null)'

-- Win%: 50 at 0, lichess's curve, clamped at ±1000 centipawns, mates at the ends
SELECT cp, round(win_chance(cp)::numeric, 4) AS win FROM unnest('{0,100,-100,300,1000,1500,-5000}'::int[]) AS cp;
-- (a mate is the ±1000 clamp with its sign, as lichess's WinPercent.fromMate)
SELECT round(win_chance(NULL, 3)::numeric, 4) AS white_mates, round(win_chance(NULL, -1)::numeric, 4) AS black_mates,
       win_chance(NULL, 0) AS mated, round(win_chance(200, 2)::numeric, 4) AS mate_wins, win_chance(NULL) AS nothing;
-- judgements clamp centipawns to ±1000 before the winning chances: +30.00 to +7.00 is no inaccuracy
SELECT count(*) FROM judgements('1. e4 { [%eval 30.0] } e5 { [%eval 30.0] } 2. Nf3 { [%eval 7.0] }'::game);
-- a move's accuracy: 100 when nothing is lost, lichess's curve plus one, within 0 and 100
SELECT before, after, round(move_accuracy(before, after)::numeric, 4) AS accuracy
FROM (VALUES (50, 50), (50, 60), (60, 40), (90, 10), (100, 0), (55.5, 54.5)) AS v(before, after);
SELECT move_accuracy(101, 50);

-- the documentation's example
SELECT ply, round(win_chance(cp, mate)::numeric, 1) AS win, judgement
FROM evals('1. e4 { [%eval 0.2] } e5 { [%eval 0.3] } 2. Qh5 { [%eval -1.5] } Nc6 { [%eval #3] }'::game)
LEFT JOIN judgements('1. e4 { [%eval 0.2] } e5 { [%eval 0.3] } 2. Qh5 { [%eval -1.5] } Nc6 { [%eval #3] }'::game)
     USING (ply)
ORDER BY ply;

-- a lichess game: accuracy per side, judgements (a mate allowed, lost, a #0 after mate)
CREATE TEMP TABLE analysed AS
SELECT * FROM pgn_games($$[TimeControl "180+2"]

1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.19] [%clk 0:03:00] }
2. Qh5 { [%eval -0.3] [%clk 0:02:58.4] } 2... Nc6 { [%eval -0.25] [%clk 0:02:59] }
3. Bc4 { [%eval -0.2] [%clk 0:02:55] } 3... Nf6 { [%eval #1] [%clk 0:02:50] }
4. Qxf7# { [%eval #0] [%clk 0:02:51] } 1-0$$);
SELECT color, round(accuracy::numeric, 4) FROM accuracy((SELECT value FROM analysed));
SELECT * FROM judgements((SELECT value FROM analysed));
SELECT move_times(value) AS no_increment, move_times(value, 2) AS increment, move_times(value, tags) AS from_tags
FROM analysed;
-- a mate lost: White had #2, then only +5.00
SELECT * FROM judgements('1. e4 { [%eval #2] } e5 { [%eval 5.0] } 2. Nf3 { [%eval #-4] }'::game);
-- no evaluation, no row; a gap: the ply after it is not judged
SELECT count(*) FROM accuracy('1. e4 e5'::game);
SELECT * FROM judgements('1. e4 { [%eval 0.2] } e5 2. Qh5 { [%eval -3.0] } Nc6 { [%eval -3.0] }'::game);
-- another start: its first ply has nothing to be judged against
SELECT * FROM judgements('[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"] 1. Kd1 { [%eval -2.0] } Kd8 { [%eval 9.0] }'::game);

-- time controls
SELECT tc, (time_control(tc)).* FROM unnest('{300+3,60+0,15+0,29+0,30+0,180+0,179+0,480+0,479+0,600+5,1500+0,1800+30,40/7200:3600,*180,300,-,21599+0,21600+0,999999999+999999999}'::text[]) AS tc;
SELECT time_control('?') IS NULL AS unknown;
SELECT time_control('300+');
SELECT time_control('abc');
SELECT time_control('40/7200+30');
SELECT time_control('1234567890');
-- PGN dates
SELECT d, pgn_date(d) FROM unnest('{2024.01.15,2024.??.??,????.??.??,2024.02.29,1999.12.31,2024.01.??}'::text[]) AS d;
SELECT pgn_date('2023.02.29');
SELECT pgn_date('2024-01-15');
SELECT pgn_date('2024.1?.15');
SELECT pgn_date('');
-- the SQLSTATEs: 22023 for a time control, 22007 for a date, 22023 for a Win% out of range
DO $$
DECLARE
  q text;
BEGIN
  FOREACH q IN ARRAY ARRAY['SELECT time_control(''5 minutes'')', 'SELECT pgn_date(''2024.13.01'')',
                           'SELECT move_accuracy(-1, 50)']
  LOOP
    BEGIN
      EXECUTE q;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE '%: %', q, SQLSTATE;
    END;
  END LOOP;
END $$;
