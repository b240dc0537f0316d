/*
 * position.c — the SQL type position (FEN text): I/O, accessors,
 * comparisons, pieces() and board().
 */
#include "chess.h"

#include "engine/svg.h"

#include "common/hashfn.h"
#include "libpq/pqformat.h"
#include "utils/builtins.h"

void
position_from_datum(const ChessPosition *datum, Position *pos)
{
	PositionError err;

	if (unlikely(!position_unpack_stored(datum->bytes, pos, &err)))
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("corrupted position value"),
				 errdetail("%s", chess_detail(err.detail))));
}

ChessPosition *
position_to_datum(const Position *pos)
{
	ChessPosition *result = palloc(sizeof(ChessPosition));

	position_pack(pos, result->bytes);
	return result;
}

PG_FUNCTION_INFO_V1(position_in);
Datum
position_in(PG_FUNCTION_ARGS)
{
	const char *str = PG_GETARG_CSTRING(0);
	Position	pos;
	PositionError err;

	if (!fen_parse(str, &pos, &err))
		ereturn(fcinfo->context, (Datum) 0,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type position: \"%s\"", chess_quote_cstring(str)),
				 errdetail("%s", chess_detail(err.detail))));
	PG_RETURN_POSITION_P(position_to_datum(&pos));
}

PG_FUNCTION_INFO_V1(position_out);
Datum
position_out(PG_FUNCTION_ARGS)
{
	Position	pos;
	char	   *out = palloc(FEN_MAX_LENGTH);

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	fen_write(&pos, out);
	PG_RETURN_CSTRING(out);
}

/* Binary form: the PACKED_POSITION_SIZE bytes of the packed position. */
PG_FUNCTION_INFO_V1(position_recv);
Datum
position_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	const uint8 *bytes;
	Position	pos;
	PositionError err;

	chess_check_binary_size(buf, PACKED_POSITION_SIZE, "position");
	bytes = (const uint8 *) pq_getmsgbytes(buf, PACKED_POSITION_SIZE);
	if (!position_unpack_checked(bytes, &pos, &err))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type position"),
				 errdetail("%s", chess_detail(err.detail))));
	PG_RETURN_POSITION_P(position_to_datum(&pos));
}

PG_FUNCTION_INFO_V1(position_send);
Datum
position_send(PG_FUNCTION_ARGS)
{
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, (const char *) PG_GETARG_POSITION_P(0)->bytes, PACKED_POSITION_SIZE);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* Byte order of the canonical packed form: a total order consistent with =. */
static inline int
position_cmp_internal(const ChessPosition *a, const ChessPosition *b)
{
	return memcmp(a->bytes, b->bytes, PACKED_POSITION_SIZE);
}

CHESS_COMPARISON_FUNCTIONS(position, PG_GETARG_POSITION_P, position_cmp_internal)
CHESS_MINMAX_FUNCTIONS(position, PG_GETARG_POSITION_P, position_cmp_internal)

PG_FUNCTION_INFO_V1(position_hash);
Datum
position_hash(PG_FUNCTION_ARGS)
{
	return hash_any(PG_GETARG_POSITION_P(0)->bytes, PACKED_POSITION_SIZE);
}

PG_FUNCTION_INFO_V1(position_hash_extended);
Datum
position_hash_extended(PG_FUNCTION_ARGS)
{
	return hash_any_extended(PG_GETARG_POSITION_P(0)->bytes, PACKED_POSITION_SIZE,
							 PG_GETARG_INT64(1));
}

/* side_to_move(position) → 'white' or 'black' */
PG_FUNCTION_INFO_V1(position_side_to_move);
Datum
position_side_to_move(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_TEXT_P(cstring_to_text(color_name((Color) pos.side)));
}

/* castling_rights(position) → the FEN castling field, 'KQkq' .. '-' */
PG_FUNCTION_INFO_V1(position_castling_rights);
Datum
position_castling_rights(PG_FUNCTION_ARGS)
{
	Position	pos;
	char		out[5];

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	castling_write(&pos, false, out);
	PG_RETURN_TEXT_P(cstring_to_text(out));
}

/* shredder_fen(position) → the FEN with the castling field in Shredder-FEN (HAha) */
PG_FUNCTION_INFO_V1(position_shredder_fen);
Datum
position_shredder_fen(PG_FUNCTION_ARGS)
{
	Position	pos;
	char		out[FEN_MAX_LENGTH];

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	fen_write_castling(&pos, true, out);
	PG_RETURN_TEXT_P(cstring_to_text(out));
}

/* chess960_position(integer) → position: Chess960 starting position 0..959 (518: the standard) */
PG_FUNCTION_INFO_V1(position_chess960);
Datum
position_chess960(PG_FUNCTION_ARGS)
{
	int32		n = PG_GETARG_INT32(0);
	Position	pos;

	if (n < 0 || n > 959)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("Chess960 position number %d is out of range", n),
				 errdetail("The starting positions are numbered 0 to 959; 518 is the standard one.")));
	position_set_chess960(&pos, n);
	PG_RETURN_POSITION_P(position_to_datum(&pos));
}

/* chess960_number(position) → integer: the number of a Chess960 starting position, else NULL */
PG_FUNCTION_INFO_V1(position_chess960_number_fn);
Datum
position_chess960_number_fn(PG_FUNCTION_ARGS)
{
	Position	pos;
	int			n;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	n = position_chess960_number(&pos);
	if (n < 0)
		PG_RETURN_NULL();
	PG_RETURN_INT32(n);
}

/*
 * uci_chess960(position, move) → move: the move as UCI_Chess960 writes it,
 * castling as the king onto its own rook (e1h1 for e1g1); other moves as
 * they are.  For engines run with UCI_Chess960 (Stockfish and others).
 */
PG_FUNCTION_INFO_V1(position_uci_chess960);
Datum
position_uci_chess960(PG_FUNCTION_ARGS)
{
	Position	pos;
	Move		m = PG_GETARG_MOVE(1);
	int			i;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	m = castle_normalize(&pos, m);
	i = castle_right_of(&pos, m);
	if (i >= 0 && (pos.castling & (1 << i)))
		m = MOVE_MAKE(MOVE_FROM(m), castle_rook(&pos, i), NO_KIND);
	PG_RETURN_MOVE(m);
}

/* en_passant_square(position) → square or NULL (only when a capture is legal) */
PG_FUNCTION_INFO_V1(position_en_passant_square);
Datum
position_en_passant_square(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	if (pos.ep == SQ_NONE)
		PG_RETURN_NULL();
	PG_RETURN_SQUARE(pos.ep);
}

PG_FUNCTION_INFO_V1(position_halfmove_clock);
Datum
position_halfmove_clock(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_INT32(pos.halfmove);
}

PG_FUNCTION_INFO_V1(position_fullmove_number);
Datum
position_fullmove_number(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	PG_RETURN_INT32(pos.fullmove);
}

/* piece_at(position, square) → piece or NULL */
PG_FUNCTION_INFO_V1(position_piece_at);
Datum
position_piece_at(PG_FUNCTION_ARGS)
{
	Position	pos;
	Piece		pc;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	pc = pos.board[PG_GETARG_SQUARE(1)];
	if (pc == NO_PIECE)
		PG_RETURN_NULL();
	PG_RETURN_PIECE(pc);
}

/* pieces(position) → TABLE(square square, piece piece), by ascending square */
PG_FUNCTION_INFO_V1(position_pieces);
Datum
position_pieces(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Position	pos;
	Bitboard	occ;

	chess_materialize(fcinfo);
	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	occ = position_occupied(&pos);
	while (occ)
	{
		Square		sq = bb_pop(&occ);
		Datum		values[2] = {SquareGetDatum(sq), PieceGetDatum(pos.board[sq])};
		bool		nulls[2] = {false, false};

		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* board(position) → an 8-line diagram, rank 8 first, '.' for empty squares */
PG_FUNCTION_INFO_V1(position_board);
Datum
position_board(PG_FUNCTION_ARGS)
{
	Position	pos;
	char		out[BOARD_DIAGRAM_SIZE];

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	board_diagram(&pos, out);
	PG_RETURN_TEXT_P(cstring_to_text(out));
}

/*
 * board_rows(position) → TABLE(rank integer, a piece, ..., h piece): the
 * board as eight rows, rank 8 first, a column a file, NULL for an empty
 * square — in psql the column headers are the files and the first column
 * the ranks.
 */
PG_FUNCTION_INFO_V1(position_board_rows);
Datum
position_board_rows(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = chess_materialize(fcinfo);
	Position	pos;
	int			rank,
				file;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	for (rank = 7; rank >= 0; rank--)
	{
		Datum		values[9];
		bool		nulls[9];

		values[0] = Int32GetDatum(rank + 1);
		nulls[0] = false;
		for (file = 0; file < 8; file++)
		{
			Piece		pc = pos.board[SQ_MAKE(file, rank)];

			values[file + 1] = PieceGetDatum(pc);
			nulls[file + 1] = pc == NO_PIECE;
		}
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}

/* The elements of a move[] or square[] argument, at most max; NULLs refused. */
static int
svg_array(ArrayType *array, const char *what, int max, Datum *out)
{
	ArrayIterator it;
	Datum		value;
	bool		isnull;
	int			n = 0;

	if (ARR_NDIM(array) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("%s must be a one-dimensional array", what)));
	if (ArrayGetNItems(ARR_NDIM(array), ARR_DIMS(array)) > max)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("too many %s for a board", what),
				 errdetail("A board shows at most %d %s.", max, what)));
	it = array_create_iterator(array, 0, NULL);
	while (array_iterate(it, &value, &isnull))
	{
		if (isnull)
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("%s must not contain NULL", what)));
		out[n++] = value;
	}
	array_free_iterator(it);
	return n;
}

/*
 * board_svg(position, orientation text, coordinates boolean, lastmove move,
 * arrows move[], marked square[], size integer) → the board as SVG text.
 */
PG_FUNCTION_INFO_V1(position_board_svg);
Datum
position_board_svg(PG_FUNCTION_ARGS)
{
	Position	pos;
	SvgOptions	opt;
	char	   *orientation = text_to_cstring(PG_GETARG_TEXT_PP(1));
	Datum		items[Max(SVG_MAX_ARROWS, SVG_MAX_MARKS)];
	StringInfoData out;
	int			i;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	memset(&opt, 0, sizeof(opt));
	if (strcmp(orientation, "white") == 0 || strcmp(orientation, "w") == 0)
		opt.flipped = false;
	else if (strcmp(orientation, "black") == 0 || strcmp(orientation, "b") == 0)
		opt.flipped = true;
	else
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid orientation \"%s\"", chess_quote_cstring(orientation)),
				 errdetail("The orientation is white (w) or black (b): the side at the bottom.")));
	opt.coordinates = PG_GETARG_BOOL(2);
	opt.last = PG_GETARG_MOVE(3);
	opt.narrows = svg_array(PG_GETARG_ARRAYTYPE_P(4), "arrows", SVG_MAX_ARROWS, items);
	for (i = 0; i < opt.narrows; i++)
		opt.arrows[i] = DatumGetMove(items[i]);
	opt.nmarks = svg_array(PG_GETARG_ARRAYTYPE_P(5), "marked squares", SVG_MAX_MARKS, items);
	for (i = 0; i < opt.nmarks; i++)
		opt.marks[i] = DatumGetSquare(items[i]);
	opt.size = PG_GETARG_INT32(6);
	if (opt.size < 16 || opt.size > 4096)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid board size %d", opt.size),
				 errdetail("The size is 16 to 4096 pixels.")));
	initStringInfo(&out);
	board_svg(&pos, &opt, chess_emit_stringinfo, &out);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(out.data, out.len));
}

/* start_position() → the standard starting position */
PG_FUNCTION_INFO_V1(position_start);
Datum
position_start(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_set_startpos(&pos);
	PG_RETURN_POSITION_P(position_to_datum(&pos));
}

/*
 * without_clocks(position) → position: the position with its clocks reset
 * (halfmove 0, fullmove 1), so that = and btree or hash indexes on it find
 * a position whatever its clocks — the position as the repetition rules and
 * g @> p see it.
 */
PG_FUNCTION_INFO_V1(position_without_clocks);
Datum
position_without_clocks(PG_FUNCTION_ARGS)
{
	Position	pos;

	position_from_datum(PG_GETARG_POSITION_P(0), &pos);
	pos.halfmove = 0;
	pos.fullmove = 1;
	PG_RETURN_POSITION_P(position_to_datum(&pos));
}
