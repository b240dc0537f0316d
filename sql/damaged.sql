-- No reader trusts its bytes.  Bytes that no writer produces raise XX001
-- (data corrupted) naming the type and saying what is wrong — never
-- undefined behaviour, never a position that cannot be.  A cast without
-- function puts bytes on disk as a game value (superuser only, dropped at
-- the end: no user's tool); a game's start is a packed position, read as a
-- stored position is.  pattern and balance, fixed-length, cannot be cast
-- from bytea: their stored bytes are read by the checks their binary input
-- uses, which test/sqlfuzz.py feeds mutated bytes through binary COPY and
-- test/fuzz/ feeds under ASan and UBSan.
CREATE CAST (bytea AS game) WITHOUT FUNCTION;
CREATE CAST (game AS bytea) WITHOUT FUNCTION;

-- A header that promises five plies, and no move.  plies() and start()
-- read the header alone (they stay O(1)); whatever reads the moves raises.
SELECT plies('\x02000005'::bytea::game), start('\x02000005'::bytea::game);
SELECT final('\x02000005'::bytea::game);
SELECT '\x02000005'::bytea::game::text;
SELECT opening('\x02000005'::bytea::game);
SELECT moves('\x02000005'::bytea::game);
SELECT * FROM positions('\x02000005'::bytea::game);
SELECT '\x02000005'::bytea::game @> start_position();

-- each way the bytes can be wrong
SELECT '\x02000010ca191ab2fbe11e888e361d00'::bytea::game AS "the sixteenth piece of fifteen";
SELECT '\x0200000100'::bytea::game AS "a piece with no move";
SELECT '\x02000010ca199af2fbe11e888e361d00'::bytea::game AS "a move beyond the piece's";
SELECT '\x02000010caf49ab2fbe11e888e361d00'::bytea::game AS "a move into check";
SELECT '\x02000010ca'::bytea::game AS "moves that end too soon";
SELECT '\x02000010ca199ab2fbe11e888e361d0000'::bytea::game AS "a byte after the last move";
SELECT '\x02000010ca199ab2fbe11e888e361d01'::bytea::game AS "bits after the last move";
SELECT plies('\x02000000ca'::bytea::game) AS "more bytes than the plies fill";
SELECT plies('\x02fc0000'::bytea::game) AS "unknown flags";
SELECT '\x01000001f8'::bytea::game AS "version 1: a move beyond the legal moves";
-- a start position: impossible, malformed, not canonical, or the standard one written out
SELECT start('\x0201100000003000001016320000000000000000000000000000002e0000020000000002d0'::bytea::game);
SELECT start('\x0201100000003000001016e90000000000000038000000000000002e0000020000000002d0'::bytea::game);
SELECT start('\x0201100000003000001016e90000000000000000000000000000042e0000020000000002d0'::bytea::game);
SELECT start('\x0201100000003000001016e9000000000000000000000000000000520000020000000002d0'::bytea::game);
SELECT start(('\x0201' || substr(position_send(start_position()), 1) || '\x0000')::bytea::game);

-- Mutated values of real games, through their whole reading and the writer:
-- 4,000 of them, one to three bytes changed, a bit flipped, cut short or
-- lengthened, at places a fixed generator chooses (the same on every major).
-- Each is refused with XX001, or reads as a game that writes back to the
-- same bytes (the encoding is canonical: one game, one form).
CREATE TABLE damaged_samples (id int, g game);
INSERT INTO damaged_samples VALUES
 (1, '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O'),
 (2, '[FEN "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"] 1... gxh1=R 2. bxa8=N Kd6 3. Kxf2'),
 (3, '[FEN "4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2"] 2. exf6 Kf7'),
 (4, '1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. cxd5 Nxd5 9. Bxe7 Qxe7
      10. Nxd5 exd5 11. Rc1 Be6 12. Qa4 c5 13. Qa3 Rc8 14. Bb5 a6 15. dxc5 bxc5 16. O-O Ra7 17. Be2 Nd7
      18. Nd4 Qf8 19. Nxe6 fxe6 20. e4 d4 21. f4 Qe7 22. e5 Rb8 23. Bc4 Kh8 24. Qh3 Nf8 25. b3 a5
      26. f5 exf5 27. Rxf5 Nh7 28. Rcf1 Qd8 29. Qg3 Re7 30. h4 Rbb7 31. e6 Rbc7 32. Qe5 Qe8 33. a4 Qd8
      34. R1f2 Qe8 35. R2f3 Qd8 36. Bd3 Qe8 37. Qe4 Nf6 38. Rxf6 gxf6 39. Rxf6 Kg8 40. Bc4 Kh8 41. Qf4'),
 (5, '[FEN "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1"] 1. O-O-O O-O 2. e4 Kh8');
CREATE TABLE damaged (i int, b bytea);
DO $$
DECLARE
	x bigint := 20261201;		-- a linear congruential generator: the same bytes everywhere
	b bytea;
	n int;
BEGIN
	FOR i IN 1..4000 LOOP
		x := (x * 1103515245 + 12345) % 2147483648;
		SELECT g::bytea INTO b FROM damaged_samples WHERE id = 1 + (x >> 8) % 5;
		n := length(b);
		x := (x * 1103515245 + 12345) % 2147483648;
		CASE (x >> 8) % 5
			WHEN 0, 1 THEN
				FOR j IN 0..(x >> 12) % 3 LOOP
					x := (x * 1103515245 + 12345) % 2147483648;
					b := set_byte(b, ((x >> 8) % n)::int, ((x >> 16) % 256)::int);
				END LOOP;
			WHEN 2 THEN
				b := set_bit(b, ((x >> 10) % (n * 8))::int, 1 - get_bit(b, ((x >> 10) % (n * 8))::int));
			WHEN 3 THEN
				b := substr(b, 1, (4 + (x >> 10) % (n - 3))::int);
			ELSE
				b := b || set_byte('\x00'::bytea, 0, ((x >> 10) % 256)::int);
		END CASE;
		INSERT INTO damaged VALUES (i, b);
	END LOOP;
END $$;

-- What each reader makes of them: the whole reading and writing back, every
-- position, the searches (with the argument unpacked once for many values),
-- the comparisons and hashes, the GIN keys of the three operator classes.
CREATE FUNCTION damaged_outcomes(test text)
RETURNS TABLE (outcome text, sqlstate text, games bigint)
LANGUAGE plpgsql AS $$
DECLARE
	d damaged;
	ok boolean;
	st text;
	seen text[] := '{}';
	counts bigint[] := '{}';
	k int;
BEGIN
	FOR d IN SELECT * FROM damaged ORDER BY i LOOP
		BEGIN
			EXECUTE test INTO ok USING d.b;
			st := CASE WHEN ok THEN 'read|' ELSE 'read, but wrong|' END;
		EXCEPTION WHEN OTHERS THEN
			st := 'refused|' || SQLSTATE;
		END;
		k := array_position(seen, st);
		IF k IS NULL THEN
			seen := seen || st;
			counts := counts || 1::bigint;
		ELSE
			counts[k] := counts[k] + 1;
		END IF;
	END LOOP;
	RETURN QUERY SELECT split_part(s, '|', 1), nullif(split_part(s, '|', 2), ''), c
	             FROM unnest(seen, counts) AS u(s, c) ORDER BY 1, 2;
END $$;
-- A search reads no further than its answer (the position found, the
-- material out of reach): damage past that point goes unseen; what is read
-- is checked.
SELECT * FROM damaged_outcomes('SELECT $1::game::text::game::bytea = $1');
SELECT * FROM damaged_outcomes('SELECT count(*) >= 0 FROM positions($1::game) WHERE "position" IS NOT NULL');
SELECT * FROM damaged_outcomes('SELECT ($1::game @> ''r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4''::"position") IS NOT NULL');
SELECT * FROM damaged_outcomes('SELECT ($1::game @> ''8/8/8/8/4P3/5N2/8/8''::pattern) IS NOT NULL');
SELECT * FROM damaged_outcomes('SELECT ($1::game @> ''KQRRBNPPPPPvKQRRBNPPPPP''::balance) IS NOT NULL');
SELECT * FROM damaged_outcomes('SELECT $1::game = $1::game AND game_hash($1::game) IS NOT NULL');
SELECT * FROM damaged_outcomes('SELECT ($1::game ^@ ''1. e4''::game) IS NOT NULL');
SELECT * FROM damaged_outcomes('SELECT count(*) >= 0 FROM next_moves($1::game, start_position())');
SELECT * FROM damaged_outcomes('SELECT (outcome($1::game)).result IS NOT NULL');
-- the GIN keys: an index over the values that read, and inserting the others
CREATE TABLE damaged_indexed (g game);
CREATE INDEX ON damaged_indexed USING gin (g);
CREATE INDEX ON damaged_indexed USING gin (g game_pattern_ops (pairs = true));
SELECT * FROM damaged_outcomes('INSERT INTO damaged_indexed VALUES ($1::game) RETURNING true');
SELECT count(*) AS indexed FROM damaged_indexed;

DROP FUNCTION damaged_outcomes(text);
DROP TABLE damaged, damaged_samples, damaged_indexed;
DROP CAST (bytea AS game);
DROP CAST (game AS bytea);
