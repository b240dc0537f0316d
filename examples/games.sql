-- An application's games, kept by the database: the moves table accepts a
-- move only when it is legal in the game's current position and is the
-- game's next ply.  Two sessions racing to insert the same ply of the same
-- game cannot both succeed: the insert locks the game row, and the primary
-- key (game_id, ply) holds in any case.  test/concurrency.sh races them.
--
--   psql -f examples/games.sql            (after CREATE EXTENSION chess)

CREATE TABLE games (
	id bigserial PRIMARY KEY,
	white text,
	black text,
	start "position" NOT NULL DEFAULT start_position(),
	current "position" NOT NULL DEFAULT start_position(),	-- kept by the trigger
	plies integer NOT NULL DEFAULT 0,						-- kept by the trigger
	CHECK (plies > 0 OR current = start)
);

CREATE TABLE moves (
	game_id bigint NOT NULL REFERENCES games ON DELETE CASCADE,
	ply integer NOT NULL CHECK (ply > 0),
	move move NOT NULL,
	san text NOT NULL,			-- filled in by the trigger
	after "position" NOT NULL,	-- filled in by the trigger
	PRIMARY KEY (game_id, ply)
);

-- Validates and applies a move: the next ply, a legal move (play() raises
-- SQLSTATE 22023 with the reason otherwise).
CREATE FUNCTION moves_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	g games;
BEGIN
	SELECT * INTO g FROM games WHERE id = NEW.game_id FOR UPDATE;
	IF NOT FOUND THEN
		RAISE foreign_key_violation USING MESSAGE = format('game %s does not exist', NEW.game_id);
	END IF;
	IF NEW.ply <> g.plies + 1 THEN
		RAISE unique_violation USING
			MESSAGE = format('ply %s of game %s is not the next ply', NEW.ply, NEW.game_id),
			DETAIL = format('The game has %s plies; the next is ply %s.', g.plies, g.plies + 1);
	END IF;
	NEW.san := san(g.current, NEW.move);
	NEW.after := play(g.current, NEW.move);
	UPDATE games SET current = NEW.after, plies = NEW.ply WHERE id = g.id;
	RETURN NEW;
END $$;
CREATE TRIGGER moves_insert BEFORE INSERT ON moves
	FOR EACH ROW EXECUTE FUNCTION moves_insert();

-- Moves are history: no updates, and only the last ply may be taken back.
CREATE FUNCTION moves_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		RAISE EXCEPTION 'moves cannot be changed; take the last one back and play another'
			USING ERRCODE = 'restrict_violation';
	END IF;
	IF OLD.ply <> (SELECT plies FROM games WHERE id = OLD.game_id FOR UPDATE) THEN
		RAISE EXCEPTION 'only the last ply of a game can be taken back'
			USING ERRCODE = 'restrict_violation';
	END IF;
	UPDATE games SET plies = OLD.ply - 1,
	                 current = coalesce((SELECT after FROM moves WHERE game_id = OLD.game_id AND ply = OLD.ply - 1), start)
	WHERE id = OLD.game_id;
	RETURN OLD;
END $$;
CREATE TRIGGER moves_guard BEFORE UPDATE OR DELETE ON moves
	FOR EACH ROW EXECUTE FUNCTION moves_guard();

-- Plays a move written in SAN or UCI as the game's next ply.
CREATE FUNCTION play_move(game bigint, notation text) RETURNS moves LANGUAGE sql AS $$
	INSERT INTO moves (game_id, ply, move)
	SELECT id, plies + 1, parse_move(current, notation) FROM games WHERE id = game
	RETURNING *;
$$;
