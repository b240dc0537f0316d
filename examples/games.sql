-- An application's games, kept by the database: a move is accepted only
-- when it is legal in the game's current position, is the game's next ply
-- and is played by the player whose turn it is; a game ends by the board
-- (mate, stalemate, the draws by rule), by its player's resignation or by
-- a draw both players agree to.  No other path — a write to the tables by
-- the application's role, an UPDATE of a game's position by its owner, a
-- TRUNCATE, a game inserted with moves already made, a move changed or
-- taken back out of order, a temporary table standing in for these — can
-- leave a game that its moves do not make, or act for a player.
--
--   psql -f examples/games.sql                        (after CREATE EXTENSION chess)
--   psql -v app_role=chess_app -f examples/games.sql  (and what the application may do)
--
-- What it promises, and how:
--   * games.game (the type game: legal by construction) is the game;
--     current and plies repeat it for queries and a CHECK constraint ties
--     them to it.  games.game changes only through moves, one ply at a
--     time: the triggers of moves extend it or take its last ply back, and
--     the guard of games refuses any other change of it (and of start once
--     moves are made); a new game starts without moves.  Moves are never
--     updated, only the last ply may be taken back, TRUNCATE is refused.
--   * players: a game has two seats.  new_game() and sit() give whoever
--     takes a seat a secret token (as lichess's player id in a game's
--     address) and keep only its SHA-256 in seats, which the application's
--     role cannot read.  Every action names the game and the token, and
--     acts for the side the token holds: play_move() only on that side's
--     turn, resign() only for that side, offer_draw() ends the game only
--     when the other side's offer stands (an offer stands until the other
--     side moves), take_back() takes the last ply back only when both
--     sides asked for it.  The application's server only passes the token
--     on (examples/app keeps it in an HttpOnly cookie): what a player may
--     do is decided here, whatever the server does.
--   * privileges: the application's role (-v app_role=R) writes no table.
--     It reads games and moves and which seats are taken, and calls the
--     seven functions of the players; they are SECURITY DEFINER (they run
--     as the owner of the tables) and, like every function here, not
--     executable by PUBLIC.  A role with no grant can do nothing.  The
--     owner and superusers can still write the tables (the triggers keep
--     the games legal), disable triggers and drop constraints, as with any
--     table: run this file as a role of its own, as examples/app does.
--   * search_path: every function runs with a fixed search_path — the
--     schema this file creates the tables in, the extension's schema, and
--     pg_temp last.  Without pg_temp in it, PostgreSQL searches the
--     caller's temporary schema first, and a caller's temporary table named
--     games would stand in for the real one inside a SECURITY DEFINER
--     function ("Writing SECURITY DEFINER Functions Safely" in PostgreSQL's
--     manual).  Those schemas must be trusted: the file refuses to run when
--     every role may create objects in them (PostgreSQL 14 and earlier let
--     every role create in public: REVOKE CREATE ON SCHEMA public FROM
--     PUBLIC first, as 15 does).
-- Two sessions racing to insert the same ply of the same game cannot both
-- succeed: the insert locks the game row, and the primary key (game_id, ply)
-- holds in any case (test/concurrency.sh races them).  Every change of a
-- game notifies the channel chess_game with the game's id (LISTEN
-- chess_game), for the players' and watchers' screens (examples/app).

-- The search_path of every function below (SET search_path FROM CURRENT):
-- this schema, the extension's, pg_temp last; the session keeps it.
DO $$
DECLARE
	here oid := to_regnamespace(current_schema());
	chess oid := (SELECT extnamespace FROM pg_extension WHERE extname = 'chess');
	s oid;
BEGIN
	IF here IS NULL OR chess IS NULL THEN
		RAISE invalid_schema_name USING
			MESSAGE = 'examples/games.sql needs a schema to create its tables in and the extension chess',
			HINT = 'CREATE EXTENSION chess, and set search_path to the schema the games go in.';
	END IF;
	FOREACH s IN ARRAY ARRAY[here, chess] LOOP
		IF has_schema_privilege('public', s, 'CREATE') THEN
			RAISE insufficient_privilege USING
				MESSAGE = format('every role may create objects in schema %s', s::regnamespace),
				DETAIL = 'The functions of the games run as their owner and look names up in this schema: another role could put its own objects in their way.',
				HINT = format('REVOKE CREATE ON SCHEMA %s FROM PUBLIC (PostgreSQL 15 and later do it for public).', s::regnamespace);
		END IF;
	END LOOP;
	PERFORM set_config('search_path', concat_ws(', ', here::regnamespace,
	                   CASE WHEN chess <> here THEN chess::regnamespace END, 'pg_temp'), false);
END $$;
-- nothing is made in an untrusted schema (\quit ends this file only)
\if :ERROR
\quit
\endif

CREATE TABLE games (
	id bigserial PRIMARY KEY,
	white text,						-- the players' names, given as they sit
	black text,
	start "position" NOT NULL DEFAULT start_position(),
	game game NOT NULL,				-- filled in and kept by the triggers
	current "position" NOT NULL,	-- final(game)
	plies integer NOT NULL,			-- plies(game)
	result text NOT NULL DEFAULT '*',
	termination text,				-- why the game ended: checkmate, resignation, ...
	draw_offer text,				-- the side whose offer of a draw stands
	takeback_offer text,			-- the side that asks to take the last ply back
	CONSTRAINT game_is_its_moves CHECK (start(game) = start AND final(game) = current AND plies(game) = plies),
	CONSTRAINT result_known CHECK (result IN ('*', '1-0', '0-1', '1/2-1/2')
	                               AND (result = '*') = (termination IS NULL)),
	CONSTRAINT offers CHECK (draw_offer IN ('white', 'black') AND takeback_offer IN ('white', 'black')),
	CONSTRAINT names CHECK (char_length(white) <= 100 AND char_length(black) <= 100)
);

CREATE TABLE moves (
	game_id bigint NOT NULL REFERENCES games ON DELETE CASCADE,
	ply integer NOT NULL CHECK (ply > 0),
	move move NOT NULL,
	san text NOT NULL,			-- filled in by the trigger
	after "position" NOT NULL,	-- filled in by the trigger
	PRIMARY KEY (game_id, ply)
);

-- A game's players: the token of each seat, kept as its SHA-256.
CREATE TABLE seats (
	game_id bigint NOT NULL REFERENCES games ON DELETE CASCADE,
	side text NOT NULL CHECK (side IN ('white', 'black')),
	token_sha256 bytea NOT NULL,
	PRIMARY KEY (game_id, side)
);

-- Raises 23001 when game g is over; when a move is to be taken back, only
-- when a resignation or an agreement ended it (a mate or a draw by rule
-- may be taken back).
CREATE FUNCTION check_going_on(g games, taking_back boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	IF g.result <> '*' AND NOT (taking_back AND g.termination IS NOT DISTINCT FROM (SELECT termination FROM outcome(g.game))) THEN
		RAISE restrict_violation USING
			MESSAGE = format('game %s is over: %s (%s)', g.id, g.result, g.termination);
	END IF;
END $$;

-- A new game: no moves yet; game, current and plies follow from start.
CREATE FUNCTION games_insert() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	IF NEW.game IS NOT NULL AND plies(NEW.game) > 0 OR NEW.plies <> 0 THEN
		RAISE check_violation USING
			MESSAGE = 'a new game starts without moves',
			HINT = 'Insert the game, then its moves into moves, one ply at a time.';
	END IF;
	IF NEW.result <> '*' THEN
		RAISE check_violation USING MESSAGE = 'a new game has no result';
	END IF;
	NEW.game := coalesce(NEW.game, game(NEW.start, '{}'::move[]));
	NEW.current := coalesce(NEW.current, NEW.start);
	NEW.plies := coalesce(NEW.plies, 0);
	RETURN NEW;
END $$;
CREATE TRIGGER games_insert BEFORE INSERT ON games
	FOR EACH ROW EXECUTE FUNCTION games_insert();

-- A game changes only through its moves: the triggers of moves (one
-- trigger level down) extend it by a ply or take its last ply back; no
-- statement may set it otherwise.  The result follows the board.
CREATE FUNCTION games_guard() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
	o record;
BEGIN
	IF NEW.start IS DISTINCT FROM OLD.start THEN
		IF OLD.plies > 0 THEN
			RAISE restrict_violation USING
				MESSAGE = format('the start of game %s cannot change: it has moves', OLD.id);
		END IF;
		NEW.game := game(NEW.start, '{}'::move[]);
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
	ELSIF (NEW.result, NEW.termination) IS DISTINCT FROM (OLD.result, OLD.termination) THEN
		PERFORM check_going_on(OLD);
	END IF;
	RETURN NEW;
END $$;
CREATE TRIGGER games_guard BEFORE UPDATE ON games
	FOR EACH ROW EXECUTE FUNCTION games_guard();

-- Every change of a game tells the listeners (LISTEN chess_game) its id:
-- a move, a take-back, an offer, a resignation, a draw, a player seated.
CREATE FUNCTION games_notify() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	PERFORM pg_notify('chess_game', NEW.id::text);
	RETURN NULL;
END $$;
CREATE TRIGGER games_notify AFTER UPDATE ON games
	FOR EACH ROW EXECUTE FUNCTION games_notify();

-- Validates and applies a move: the next ply of a game that goes on, a
-- legal move (play() raises SQLSTATE 22023 with the reason otherwise).  A
-- move declines the opponent's offer of a draw and every request to take
-- a move back.
CREATE FUNCTION moves_insert() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
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
	PERFORM check_going_on(g);
	NEW.san := san(g.current, NEW.move);
	NEW.after := play(g.current, NEW.move);
	UPDATE games SET game = game || NEW.move, current = NEW.after, plies = NEW.ply,
	                 draw_offer = CASE WHEN draw_offer = side_to_move(g.current) THEN draw_offer END,
	                 takeback_offer = NULL
	WHERE id = g.id;
	RETURN NEW;
END $$;
CREATE TRIGGER moves_insert BEFORE INSERT ON moves
	FOR EACH ROW EXECUTE FUNCTION moves_insert();

-- Moves are history: no updates, and only the last ply may be taken back.
CREATE FUNCTION moves_guard() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
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
	PERFORM check_going_on(g, taking_back => true);
	UPDATE games SET game = game(start, (moves(game))[1:OLD.ply - 1]),
	                 current = coalesce((SELECT after FROM moves WHERE game_id = OLD.game_id AND ply = OLD.ply - 1), start),
	                 plies = OLD.ply - 1, draw_offer = NULL, takeback_offer = NULL
	WHERE id = OLD.game_id;
	RETURN OLD;
END $$;
CREATE TRIGGER moves_guard BEFORE UPDATE OR DELETE ON moves
	FOR EACH ROW EXECUTE FUNCTION moves_guard();

CREATE FUNCTION moves_truncate() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	RAISE restrict_violation USING
		MESSAGE = 'moves cannot be truncated: it would leave games whose moves are gone',
		HINT = 'Delete the games (their moves go with them).';
END $$;
CREATE TRIGGER moves_truncate BEFORE TRUNCATE ON moves
	FOR EACH STATEMENT EXECUTE FUNCTION moves_truncate();

-- The players.  A token is 32 hexadecimal digits of a random UUID (122
-- random bits from the server's strong random source); the side it holds
-- is found by its SHA-256.  A wrong or missing token raises 42501.

-- The side a token holds in a game: white, black, or NULL when it holds none.
CREATE FUNCTION player_side(game_id bigint, token text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT AS $$
	SELECT s.side FROM seats AS s
	WHERE s.game_id = player_side.game_id AND s.token_sha256 = sha256(convert_to(token, 'UTF8'))
$$;

-- The game a player acts in, locked until the end of the transaction, and
-- the side the token holds (for the functions below only).
CREATE FUNCTION act(game_id bigint, token text, OUT g games, OUT side text)
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	SELECT * INTO g FROM games WHERE id = act.game_id FOR UPDATE;
	IF NOT FOUND THEN
		RAISE no_data_found USING MESSAGE = format('game %s does not exist', act.game_id);
	END IF;
	side := player_side(act.game_id, token);
	IF side IS NULL THEN
		RAISE insufficient_privilege USING
			MESSAGE = format('the token holds no seat in game %s', act.game_id),
			HINT = 'A player acts with the token that new_game() or sit() gave them.';
	END IF;
END $$;

-- Takes a seat of a game that goes on: its token, shown once.
CREATE FUNCTION sit(game_id bigint, side text, name text) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
	token text := replace(gen_random_uuid()::text, '-', '');
	g games;
BEGIN
	IF sit.side IS NULL OR sit.side NOT IN ('white', 'black') THEN
		RAISE invalid_parameter_value USING MESSAGE = format('side must be white or black, not %L', sit.side);
	END IF;
	SELECT * INTO g FROM games WHERE id = sit.game_id FOR UPDATE;
	IF NOT FOUND THEN
		RAISE no_data_found USING MESSAGE = format('game %s does not exist', sit.game_id);
	END IF;
	PERFORM check_going_on(g);
	INSERT INTO seats (game_id, side, token_sha256)
	VALUES (g.id, sit.side, sha256(convert_to(token, 'UTF8')))
	ON CONFLICT DO NOTHING;
	IF NOT FOUND THEN
		RAISE unique_violation USING MESSAGE = format('the %s seat of game %s is taken', sit.side, g.id);
	END IF;
	UPDATE games SET white = CASE sit.side WHEN 'white' THEN name ELSE white END,
	                 black = CASE sit.side WHEN 'black' THEN name ELSE black END
	WHERE id = g.id;
	RETURN token;
END $$;

-- A new game (from the start position, or from start), with its creator
-- seated on the side given.
CREATE FUNCTION new_game(side text, name text, start "position" DEFAULT start_position(),
                         OUT game_id bigint, OUT token text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
	INSERT INTO games (start) VALUES (coalesce(new_game.start, start_position()))
	RETURNING id INTO game_id;
	token := sit(game_id, side, name);
END $$;

-- Plays a move written in SAN or UCI for the token's side — read leniently,
-- as players type it (0-0, nf3, e8Q, a wrong + or #) — as the game's
-- next ply or as the ply given (the ply a player's screen showed: when
-- another move came first, the move fails as not the next ply instead of
-- being played in a position the player did not see).
CREATE FUNCTION play_move(game_id bigint, token text, notation text, ply integer DEFAULT NULL) RETURNS moves
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
	a record := act(game_id, token);
	m moves;
BEGIN
	PERFORM check_going_on(a.g);
	IF play_move.ply <> (a.g).plies + 1 THEN
		RAISE unique_violation USING
			MESSAGE = format('ply %s of game %s is not the next ply', play_move.ply, (a.g).id),
			DETAIL = format('The game has %s plies; the next is ply %s.', (a.g).plies, (a.g).plies + 1);
	END IF;
	IF side_to_move((a.g).current) <> a.side THEN
		RAISE insufficient_privilege USING
			MESSAGE = format('it is %s''s turn in game %s, not %s''s', side_to_move((a.g).current), (a.g).id, a.side);
	END IF;
	INSERT INTO moves (game_id, ply, move)
	VALUES ((a.g).id, (a.g).plies + 1, parse_move((a.g).current, notation, lenient => true))
	RETURNING * INTO m;
	RETURN m;
END $$;

-- Asks to take the last ply back; done when the other side asked too (an
-- agreement), until then the move stands.  A mate or a draw by rule may be
-- taken back, a resignation or an agreed draw not.
CREATE FUNCTION take_back(game_id bigint, token text) RETURNS games
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
	a record := act(game_id, token);
	g games := a.g;
BEGIN
	IF g.plies = 0 THEN
		RAISE object_not_in_prerequisite_state USING MESSAGE = format('game %s has no move to take back', g.id);
	END IF;
	PERFORM check_going_on(g, taking_back => true);
	IF g.takeback_offer IS NULL OR g.takeback_offer = a.side THEN
		UPDATE games SET takeback_offer = a.side WHERE id = g.id RETURNING * INTO g;
	ELSE
		DELETE FROM moves WHERE moves.game_id = g.id AND moves.ply = g.plies;
		SELECT * INTO g FROM games WHERE id = g.id;
	END IF;
	RETURN g;
END $$;

-- Offers a draw; when the other side's offer stands, the game is drawn by
-- agreement.  An offer stands until the other side moves.
CREATE FUNCTION offer_draw(game_id bigint, token text) RETURNS games
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
	a record := act(game_id, token);
	g games := a.g;
BEGIN
	PERFORM check_going_on(g);
	IF g.draw_offer IS NOT NULL AND g.draw_offer <> a.side THEN
		UPDATE games SET result = '1/2-1/2', termination = 'agreement', draw_offer = NULL, takeback_offer = NULL
		WHERE id = g.id RETURNING * INTO g;
	ELSE
		UPDATE games SET draw_offer = a.side WHERE id = g.id RETURNING * INTO g;
	END IF;
	RETURN g;
END $$;

-- The token's side resigns.
CREATE FUNCTION resign(game_id bigint, token text) RETURNS games
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
	a record := act(game_id, token);
	g games;
BEGIN
	PERFORM check_going_on(a.g);
	UPDATE games SET result = CASE a.side WHEN 'white' THEN '0-1' ELSE '1-0' END, termination = 'resignation',
	                 draw_offer = NULL, takeback_offer = NULL
	WHERE id = (a.g).id RETURNING * INTO g;
	RETURN g;
END $$;

-- No function here is PUBLIC's: a role calls what it is granted below.
REVOKE EXECUTE ON FUNCTION games_insert(), games_guard(), games_notify(), moves_insert(), moves_guard(),
	moves_truncate(), check_going_on(games, boolean), player_side(bigint, text), act(bigint, text), sit(bigint, text, text),
	new_game(text, text, "position"), play_move(bigint, text, text, integer), take_back(bigint, text),
	offer_draw(bigint, text), resign(bigint, text) FROM PUBLIC;

-- What an application's role may do (psql -v app_role=R): read the games,
-- their moves and which seats are taken; act as a player through the
-- functions of the players.  It writes no table itself.
\if :{?app_role}
GRANT SELECT ON games, moves TO :"app_role";
GRANT SELECT (game_id, side) ON seats TO :"app_role";
GRANT EXECUTE ON FUNCTION player_side(bigint, text), sit(bigint, text, text), new_game(text, text, "position"),
	play_move(bigint, text, text, integer), take_back(bigint, text), offer_draw(bigint, text),
	resign(bigint, text) TO :"app_role";
\endif
