/*
 * notation.c — SAN in SQL: san(), parse_move(), play(position, text).
 */
#include "chess.h"

#include "engine/san.h"

#include "lib/stringinfo.h"
#include "utils/builtins.h"

/* san(position, move) → text */
PG_FUNCTION_INFO_V1(position_san);
Datum
position_san(PG_FUNCTION_ARGS)
{
	Position	pos;
	Move		m = PG_GETARG_MOVE(1);
	char		san[SAN_MAX_LENGTH];

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	san_write(&pos, chess_legal_move(&pos, m, 0), san);
	PG_RETURN_TEXT_P(cstring_to_text(san));
}

/*
 * Reads a move in SAN or UCI, raising the error that fits: malformed
 * notation (22P02), an illegal move (22023, saying why) or an ambiguous
 * one (22023, listing the moves it could be).
 */
Move
chess_parse_notation(const Position *pos, text *notation, bool lenient)
{
	SanResult  *r = palloc(sizeof(SanResult));
	char	   *str = chess_quote(VARDATA_ANY(notation), VARSIZE_ANY_EXHDR(notation));
	char		fen[FEN_MAX_LENGTH];
	Move		m;

	san_parse(pos, VARDATA_ANY(notation), VARSIZE_ANY_EXHDR(notation), lenient, r);
	if (r->status != SAN_OK)
		fen_write(pos, fen);
	switch (r->status)
	{
		case SAN_OK:
			break;
		case SAN_MALFORMED:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid move notation \"%s\"", str),
					 errdetail("%s", chess_detail(r->detail)),
					 lenient ? 0 : errhint("The lenient mode accepts forms like 0-0, Nf3xe5, e8Q and nf3.")));
			break;
		case SAN_ILLEGAL:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("illegal move %s in position %s", str, fen),
					 errdetail("%s", chess_detail(r->detail))));
			break;
		case SAN_AMBIGUOUS:
			{
				StringInfoData list;
				int			i;

				initStringInfo(&list);
				for (i = 0; i < r->ncandidates; i++)
				{
					char		san[SAN_MAX_LENGTH],
								uci[6];

					san_write(pos, r->candidates[i], san);
					move_write(r->candidates[i], uci);
					appendStringInfo(&list, "%s%s (%s)", i ? ", " : "", san, uci);
				}
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("ambiguous move %s in position %s", str, fen),
						 errdetail("It could be %s.", list.data)));
			}
			break;
	}
	m = r->move;
	pfree(r);
	return m;
}

/* parse_move(position, text [, lenient boolean]) → move */
PG_FUNCTION_INFO_V1(position_parse_move);
Datum
position_parse_move(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_MOVE(chess_parse_notation(&pos, PG_GETARG_TEXT_PP(1), PG_GETARG_BOOL(2)));
}

/* play(position, text [, lenient boolean]) → position */
PG_FUNCTION_INFO_V1(position_play_notation);
Datum
position_play_notation(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	position_play(&pos, chess_parse_notation(&pos, PG_GETARG_TEXT_PP(1), PG_GETARG_BOOL(2)));
	PG_RETURN_POSITION_P(position_to_datum(&pos));
}
