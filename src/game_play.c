/*
 * game_play.c — a game played on and taken back: g || move and g || text
 * (SAN or UCI), refused once the game has ended by the rules; undo(g);
 * san_moves(g).  The annotations of an annotated game stay with their
 * moves.
 */
#include "chess.h"

#include "engine/san.h"

#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"

/*
 * The moves of a game that is not over, with room for one more (read once
 * with its positions); raises
 * 22023 naming how it ended, 54000 at the longest game.
 */
static int
game_to_play_on(const struct varlena *g, Move **moves, Position *final)
{
	int			repetitions = chess_game_repetitions(g, final, moves),
				n = game_plies(GAME_DATA(g), GAME_LEN(g));
	const char *result,
			   *termination = chess_termination(final, repetitions, &result);

	if (termination)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the game is over: %s, %s", termination, result),
				 errdetail("No move is played after a game has ended by the rules.")));
	if (n == GAME_MAX_PLIES)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("a game of %d moves is too long", n + 1),
				 errdetail("A game has at most %d plies.", GAME_MAX_PLIES)));
	return n;
}

/* The game with moves[n] played at its end (tested), its annotations kept. */
static struct varlena *
game_played_on(const struct varlena *g, Move *moves, int n)
{
	Position	start;
	struct varlena *played;

	chess_game_start(g, &start);
	played = chess_game_from_moves(&start, moves, n + 1);
	if (GAME_LEN(g) != GAME_FULL_LEN(g))
	{
		AnnGame		ann;

		chess_game_annotations(g, &ann, &start);
		ann_builder_move(&ann, moves[n]);
		played = chess_game_annotate(played, &start, moves, n + 1, &ann);
	}
	return played;
}

/* game || move → game: 22023 when the move is illegal or the game is over */
PG_FUNCTION_INFO_V1(game_append);
Datum
game_append(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	Move	   *moves;
	Position	final;
	int			n = game_to_play_on(g, &moves, &final);

	moves[n] = PG_GETARG_MOVE(1);
	PG_RETURN_POINTER(game_played_on(g, moves, n));
}

/* game || text → game: the move in SAN or UCI, read as play() reads it */
PG_FUNCTION_INFO_V1(game_append_text);
Datum
game_append_text(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	Move	   *moves;
	Position	final;
	int			n = game_to_play_on(g, &moves, &final);

	moves[n] = chess_parse_notation(&final, PG_GETARG_TEXT_PP(1), false);
	PG_RETURN_POINTER(game_played_on(g, moves, n));
}

/*
 * undo(game) → game: without its last ply (and what its annotations say of
 * that ply: its comments, NAGs, variations); 22023 for a game of no ply.
 */
PG_FUNCTION_INFO_V1(game_undo);
Datum
game_undo(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	struct varlena *taken_back;
	Move	   *moves;
	Position	start;
	int			n = chess_game_decode(g, &moves, NULL);

	if (n == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("the game has no move to take back")));
	chess_game_start(g, &start);
	taken_back = chess_game_from_legal_moves(&start, moves, n - 1);
	if (GAME_LEN(g) != GAME_FULL_LEN(g))
	{
		AnnGame		ann;
		int			i,
					depth = 0,
					last = -1;

		/* the events from the last main-line move on are that move's */
		chess_game_annotations(g, &ann, &start);
		for (i = 0; i < ann.nevents; i++)
		{
			const AnnEvent *e = &ann.events[i];

			depth += e->kind == ANN_EV_OPEN ? 1 : e->kind == ANN_EV_CLOSE ? -1 : 0;
			if (e->kind == ANN_EV_MOVE && depth == 0)
				last = i;
		}
		ann.nevents = last;
		ann.mainline--;
		taken_back = chess_game_annotate(taken_back, &start, moves, n - 1, &ann);
	}
	PG_RETURN_POINTER(taken_back);
}

/* san_moves(game) → text[]: the main line's moves in SAN */
PG_FUNCTION_INFO_V1(game_san_moves);
Datum
game_san_moves(PG_FUNCTION_ARGS)
{
	struct varlena *g = PG_GETARG_GAME_P(0);
	GameReader	r;
	Datum	   *elems;

	chess_game_reader(&r, g);
	elems = palloc(sizeof(Datum) * (r.plies + 1));
	while (r.ply < r.plies)
	{
		char		san[SAN_MAX_LENGTH];
		Position	before = r.pos;
		int			i = r.ply;

		if ((i & 4095) == 4095)
			CHECK_FOR_INTERRUPTS();
		san_write(&before, chess_game_next(&r), san);
		elems[i] = CStringGetTextDatum(san);
	}
	PG_RETURN_ARRAYTYPE_P(construct_array(elems, r.plies, TEXTOID, -1, false, TYPALIGN_INT));
}
