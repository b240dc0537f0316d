-- An application's games, kept by the database: a move is accepted only when
-- it is legal in the game's current position and is the game's next ply,
-- and no other path — an UPDATE of a game's position, a TRUNCATE, a game
-- inserted with moves already made, a move changed or taken back out of
-- order — can leave a game that its moves do not make.
--
--   psql -f examples/games.sql                       (after CREATE EXTENSION chess)
--   psql -v app_role=chess_app -f examples/games.sql (and what a role needs to play)
--
-- How it holds:
--   * games.game (the type game: legal by construction) is the game;
--     current and plies repeat it for queries and a CHECK constraint ties
--     them to it, so no UPDATE can set a position its moves do not reach.
--   * games.game changes only through moves, one ply at a time: the
--     triggers of moves extend it or take its last ply back, and the guard
--     of games refuses any other change of it (and of start once moves are
--     made); a new game starts without moves.
--   * moves: inserted only as the next ply and only legal (play() raises
--     22023 with the reason), never updated; only the last ply may be taken
--     back; TRUNCATE is refused (DELETE the games instead).
--   * the result: decided by the board (checkmate, stalemate, the draws by
--     rule, from outcome()) whenever a move is played or taken back, or set
--     by resign() or agree_draw() while the board decides nothing; no move
--     after the end.
--   * privileges: the tables belong to the role that runs this file and
--     the triggers run as that role (SECURITY DEFINER), so an application's
--     role needs no right to write game, current or plies: with -v
--     app_role=R, R may read both tables, create games (names, start), play
--     and take back moves through play_move() and INSERT/DELETE on moves, and
--     end games through resign() and agree_draw().  The owner and superusers
--     can still disable triggers and drop constraints, as with any table.
-- Two sessions racing to insert the same ply of the same game cannot both
-- succeed: the insert locks the game row, and the primary key (game_id, ply)
-- holds in any case (test/concurrency.sh races them).  Every move notifies
-- the channel chess_game with the game's id (LISTEN chess_game), for the
-- players' and watchers' screens (examples/app).

CREATE TABLE games (
	id bigserial PRIMARY KEY,
	white text,
	black text,
	start "position" NOT NULL DEFAULT start_position(),
	game game NOT NULL,				-- filled in and kept by the triggers
	current "position" NOT NULL,	-- final(game)
	plies integer NOT NULL,			-- plies(game)
	result text NOT NULL DEFAULT '*',
	termination text,				-- why the game ended: checkmate, resignation, ...
	CONSTRAINT game_is_its_moves CHECK (start(game) = start AND final(game) = current AND plies(game) = plies),
	CONSTRAINT result_known CHECK (result IN ('*', '1-0', '0-1', '1/2-1/2')
	                               AND (result = '*') = (termination IS NULL))
);

CREATE TABLE moves (
	game_id bigint NOT NULL REFERENCES games ON DELETE CASCADE,
	ply integer NOT NULL CHECK (ply > 0),
	move move NOT NULL,
	san text NOT NULL,			-- filled in by the trigger
	after "position" NOT NULL,	-- filled in by the trigger
	PRIMARY KEY (game_id, ply)
);

-- A new game: no moves yet; game, current and plies follow from start.
CREATE FUNCTION games_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.game IS NOT NULL AND plies(NEW.game) > 0 OR NEW.plies <> 0 THEN
		RAISE check_violation USING
			MESSAGE = 'a new game starts without moves',
			HINT = 'Insert the game, then its moves into moves, one ply at a time.';
	END IF;
	IF NEW.result <> '*' THEN
		RAISE check_violation USING MESSAGE = 'a new game has no result';
	END IF;
	NEW.game := coalesce(NEW.game, game(NEW.start, '{}'));
	NEW.current := coalesce(NEW.current, NEW.start);
	NEW.plies := coalesce(NEW.plies, 0);
	RETURN NEW;
END $$;
CREATE TRIGGER games_insert BEFORE INSERT ON games
	FOR EACH ROW EXECUTE FUNCTION games_insert();

-- A game changes only through its moves: the triggers of moves (one
-- trigger level down) extend it by a ply or take its last ply back; no
-- statement may set it otherwise.  The result follows the board.
CREATE FUNCTION games_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	o record;
BEGIN
	IF NEW.start IS DISTINCT FROM OLD.start THEN
		IF OLD.plies > 0 THEN
			RAISE restrict_violation USING
				MESSAGE = format('the start of game %s cannot change: it has moves', OLD.id);
		END IF;
		NEW.game := game(NEW.start, '{}');
		NEW.current := NEW.start;
		RETURN NEW;
	END IF;
	IF NEW.game IS DISTINCT FROM OLD.game THEN
		IF pg_trigger_depth() < 2
		   OR NOT (plies(NEW.game) = plies(OLD.game) + 1 AND NEW.game ^@ OLD.game
		           OR plies(NEW.game) = plies(OLD.game) - 1 AND OLD.game ^@ NEW.game) THEN
			RAISE restrict_violation USING
				MESSAGE = format('game %s changes only through its moves', OLD.id),
				HINT = 'Insert the next ply into moves (or call play_move), or delete the last ply.';
		END IF;
		o := outcome(NEW.game);
		NEW.result := o.result;
		NEW.termination := o.termination;
	ELSIF (NEW.result, NEW.termination) IS DISTINCT FROM (OLD.result, OLD.termination)
	      AND OLD.result <> '*' THEN
		RAISE restrict_violation USING
			MESSAGE = format('game %s is over: %s (%s)', OLD.id, OLD.result, OLD.termination);
	END IF;
	RETURN NEW;
END $$;
CREATE TRIGGER games_guard BEFORE UPDATE ON games
	FOR EACH ROW EXECUTE FUNCTION games_guard();

-- Every change of a game tells the listeners (LISTEN chess_game) its id:
-- a move, a take-back, a resignation, a draw.
CREATE FUNCTION games_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('chess_game', NEW.id::text);
	RETURN NULL;
END $$;
CREATE TRIGGER games_notify AFTER UPDATE ON games
	FOR EACH ROW EXECUTE FUNCTION games_notify();

-- Validates and applies a move: the next ply of a game that goes on, a
-- legal move (play() raises SQLSTATE 22023 with the reason otherwise).
CREATE FUNCTION moves_insert() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
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
	IF g.result <> '*' THEN
		RAISE restrict_violation USING
			MESSAGE = format('game %s is over: %s (%s)', g.id, g.result, g.termination);
	END IF;
	NEW.san := san(g.current, NEW.move);
	NEW.after := play(g.current, NEW.move);
	UPDATE games SET game = game || NEW.move, current = NEW.after, plies = NEW.ply WHERE id = g.id;
	RETURN NEW;
END $$;
CREATE TRIGGER moves_insert BEFORE INSERT ON moves
	FOR EACH ROW EXECUTE FUNCTION moves_insert();

-- Moves are history: no updates, and only the last ply may be taken back.
CREATE FUNCTION moves_guard() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
	g games;
BEGIN
	IF TG_OP = 'UPDATE' THEN
		RAISE EXCEPTION 'moves cannot be changed; take the last one back and play another'
			USING ERRCODE = 'restrict_violation';
	END IF;
	SELECT * INTO g FROM games WHERE id = OLD.game_id FOR UPDATE;
	IF NOT FOUND THEN		-- the game is being deleted: its moves go with it
		RETURN OLD;
	END IF;
	IF OLD.ply <> g.plies THEN
		RAISE EXCEPTION 'only the last ply of a game can be taken back'
			USING ERRCODE = 'restrict_violation';
	END IF;
	-- a mate or a draw by rule may be taken back, a resignation or an agreement not
	IF g.result <> '*' AND g.termination IS DISTINCT FROM (SELECT termination FROM outcome(g.game)) THEN
		RAISE restrict_violation USING
			MESSAGE = format('game %s is over: %s (%s)', g.id, g.result, g.termination);
	END IF;
	UPDATE games SET game = game(start, (moves(game))[1:OLD.ply - 1]),
	                 current = coalesce((SELECT after FROM moves WHERE game_id = OLD.game_id AND ply = OLD.ply - 1), start),
	                 plies = OLD.ply - 1
	WHERE id = OLD.game_id;
	RETURN OLD;
END $$;
CREATE TRIGGER moves_guard BEFORE UPDATE OR DELETE ON moves
	FOR EACH ROW EXECUTE FUNCTION moves_guard();

CREATE FUNCTION moves_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE restrict_violation USING
		MESSAGE = 'moves cannot be truncated: it would leave games whose moves are gone',
		HINT = 'Delete the games (their moves go with them).';
END $$;
CREATE TRIGGER moves_truncate BEFORE TRUNCATE ON moves
	FOR EACH STATEMENT EXECUTE FUNCTION moves_truncate();

-- Plays a move written in SAN or UCI as the game's next ply, or as the ply
-- given (the ply a player's screen showed: when another move came first,
-- the insert fails as not the next ply instead of playing the move in a
-- position the player did not see).
CREATE FUNCTION play_move(game_id bigint, notation text, ply integer DEFAULT NULL) RETURNS moves
LANGUAGE plpgsql AS $$
DECLARE
	g games;
	m moves;
BEGIN
	SELECT * INTO g FROM games WHERE id = play_move.game_id;
	IF NOT FOUND THEN
		RAISE foreign_key_violation USING MESSAGE = format('game %s does not exist', play_move.game_id);
	END IF;
	IF play_move.ply <> g.plies + 1 THEN	-- checked again under the game's lock by the insert
		RAISE unique_violation USING
			MESSAGE = format('ply %s of game %s is not the next ply', play_move.ply, g.id),
			DETAIL = format('The game has %s plies; the next is ply %s.', g.plies, g.plies + 1);
	END IF;
	INSERT INTO moves (game_id, ply, move)
	VALUES (g.id, coalesce(play_move.ply, g.plies + 1), parse_move(g.current, notation))
	RETURNING * INTO m;
	RETURN m;
END $$;

-- Ends a game that the board has not decided: a side resigns, or both
-- agree to a draw (the guard refuses to end a game that is over).
-- end_game() sets any result: only resign() and agree_draw() may call it.
CREATE FUNCTION end_game(game_id bigint, result text, termination text) RETURNS games
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
	g games;
BEGIN
	UPDATE games SET result = end_game.result, termination = end_game.termination
	WHERE id = end_game.game_id RETURNING * INTO g;
	IF NOT FOUND THEN
		RAISE no_data_found USING MESSAGE = format('game %s does not exist', game_id);
	END IF;
	RETURN g;
END $$;
REVOKE EXECUTE ON FUNCTION end_game(bigint, text, text) FROM PUBLIC;

CREATE FUNCTION resign(game_id bigint, side text) RETURNS games LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
	IF side NOT IN ('white', 'black') THEN
		RAISE invalid_parameter_value USING MESSAGE = format('side must be white or black, not %L', side);
	END IF;
	RETURN end_game(game_id, CASE side WHEN 'white' THEN '0-1' ELSE '1-0' END, 'resignation');
END $$;

CREATE FUNCTION agree_draw(game_id bigint) RETURNS games LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT AS $$
	SELECT end_game(game_id, '1/2-1/2', 'agreement')
$$;

-- What an application's role may do (psql -v app_role=R): read, create
-- games, play and take back moves, end games; never write a game's moves,
-- position or result directly.
\if :{?app_role}
GRANT SELECT ON games, moves TO :"app_role";
GRANT INSERT (white, black, start) ON games TO :"app_role";
GRANT UPDATE (white, black) ON games TO :"app_role";
GRANT USAGE ON SEQUENCE games_id_seq TO :"app_role";
GRANT INSERT (game_id, ply, move), DELETE ON moves TO :"app_role";
\endif
