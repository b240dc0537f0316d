/*
 * diagnose.c — why a move is illegal, stage by stage, and the sentence that
 * says it (diagnose.h).
 */
#include "diagnose.h"

#include <stdio.h>

/* The first occupied square between from and to, walking from `from`. */
static Square
first_blocker(Bitboard blockers, Square from, Square to)
{
	return to > from ? bb_lsb(blockers) : bb_msb(blockers);
}

/* Why castling of right i is not legal (standard chess and Chess960 alike). */
static MoveVerdict
diagnose_castling(const Position *pos, int i, Square *where)
{
	Color		us = (Color) pos->side;
	Color		them = (Color) (us ^ 1);
	Square		king = position_king(pos, us),
				rook = castle_rook(pos, i),
				kto = CASTLE_KING_TO(i),
				rto = CASTLE_ROOK_TO(i);
	Bitboard	occ = position_occupied(pos),
				others = occ & ~(SQ_BB(king) | SQ_BB(rook)),
				way;

	if (!(pos->castling & (1 << i)))
		return MV_CASTLE_NO_RIGHT;
	/* a piece in the way: between king and rook first, then on the landing squares */
	if (bb_between[king][rook] & others)
	{
		*where = first_blocker(bb_between[king][rook] & others, king, rook);
		return MV_CASTLE_BLOCKED;
	}
	way = (bb_between[king][kto] | SQ_BB(kto) | bb_between[rook][rto] | SQ_BB(rto)) & others;
	if (way)
	{
		*where = first_blocker(way, king, kto);
		return MV_CASTLE_BLOCKED;
	}
	if (position_in_check(pos))
		return MV_CASTLE_IN_CHECK;
	for (way = bb_between[king][kto]; way; )
	{
		Square		sq = bb_pop(&way);

		if (position_attackers_by(pos, sq, occ, them))
		{
			*where = sq;
			return MV_CASTLE_THROUGH_CHECK;
		}
	}
	if (position_attackers_by(pos, kto, occ, them) ||
		position_attackers_by(pos, kto, (occ ^ SQ_BB(king) ^ SQ_BB(rook)) | SQ_BB(kto) | SQ_BB(rto), them))
	{
		*where = kto;
		return MV_CASTLE_INTO_CHECK;
	}
	return MV_LEGAL;
}

/*
 * Why m is or is not legal in pos, stage by stage: the piece on the
 * from-square, castling, the piece's movement, blocked paths, the target
 * square, promotion, and last the safety of the own king.
 */
MoveVerdict
move_diagnose(const Position *pos, Move m, Square *where)
{
	Color		us = (Color) pos->side;
	Color		them = (Color) (us ^ 1);
	Square		from = MOVE_FROM(m);
	Square		to = MOVE_TO(m);
	Piece		pc = pos->board[from];
	PieceKind	kind = PIECE_KIND(pc);
	Bitboard	occ = position_occupied(pos);
	Bitboard	reach;
	Position	after;
	Bitboard	checkers;

	*where = SQ_NONE;
	if (m == MOVE_NULL)
		return MV_NULL_MOVE;
	if (pc == NO_PIECE)
	{
		*where = from;
		return MV_NO_PIECE;
	}
	if (PIECE_COLOR(pc) != us)
	{
		*where = from;
		return MV_WRONG_SIDE;
	}
	{
		/*
		 * castling, written either way (e1g1 or the king onto its rook), but
		 * not the king onto another rook of its own
		 */
		int			i = castle_right_of(pos, m);

		if (i >= 0 && (pos->board[to] != PIECE_MAKE(us, ROOK) || !(pos->castling & (1 << i)) ||
					   to == castle_rook(pos, i)))
			return diagnose_castling(pos, i, where);	/* legal when it passes */
	}

	if (kind == PAWN)
	{
		int			forward = us == WHITE ? 8 : -8;
		int			start_rank = us == WHITE ? 1 : 6;

		if (to == from + forward || (to == from + 2 * forward && SQ_RANK(from) == start_rank))
		{
			if (to == from + 2 * forward && (occ & SQ_BB(from + forward)))
			{
				*where = (Square) (from + forward);
				return MV_PATH_BLOCKED;
			}
			if (occ & SQ_BB(to))
			{
				*where = to;
				return MV_PAWN_BLOCKED;
			}
		}
		else if (bb_pawn_attacks[us][from] & SQ_BB(to))
		{
			if (pos->by_color[us] & SQ_BB(to))
			{
				*where = to;
				return MV_OWN_PIECE;
			}
			if (!(pos->by_color[them] & SQ_BB(to)) && to != pos->ep)
			{
				*where = to;
				return MV_PAWN_CAPTURE_ONLY;
			}
		}
		else
			return MV_CANNOT_MOVE_THAT_WAY;
		if ((SQ_BB(to) & (BB_RANK_1 | BB_RANK_8)) && MOVE_PROMO(m) == NO_KIND)
			return MV_PROMOTION_MISSING;
	}
	else
	{
		switch (kind)
		{
			case KNIGHT:
				reach = bb_knight[from];
				break;
			case BISHOP:
				reach = bb_bishop_attacks(from, 0);
				break;
			case ROOK:
				reach = bb_rook_attacks(from, 0);
				break;
			case QUEEN:
				reach = bb_bishop_attacks(from, 0) | bb_rook_attacks(from, 0);
				break;
			default:
				reach = bb_king[from];
				break;
		}
		if (!(reach & SQ_BB(to)))
			return MV_CANNOT_MOVE_THAT_WAY;
		if (kind != KNIGHT && kind != KING && (bb_between[from][to] & occ))
		{
			*where = first_blocker(bb_between[from][to] & occ, from, to);
			return MV_PATH_BLOCKED;
		}
		if (pos->by_color[us] & SQ_BB(to))
		{
			*where = to;
			return MV_OWN_PIECE;
		}
		if (MOVE_PROMO(m) != NO_KIND)
		{
			*where = from;
			return MV_PROMOTION_NOT_PAWN;
		}
	}

	after = *pos;
	position_play(&after, m);
	checkers = position_attackers_by(&after, position_king(&after, us), position_occupied(&after), them);
	if (checkers)
	{
		*where = bb_lsb(checkers);
		return kind == KING ? MV_KING_INTO_CHECK : MV_LEAVES_KING_IN_CHECK;
	}
	return MV_LEGAL;
}

static const char *const side_names[2] = {"White", "Black"};

void
move_verdict_message(const Position *pos, Move m, MoveVerdict verdict, Square where,
					 char *out, size_t size)
{
	Color		us = (Color) pos->side;
	Square		from = MOVE_FROM(m);
	Square		to = MOVE_TO(m);
	Piece		pc = pos->board[from];
	char		f[3],
				t[3],
				w[3] = "-";
	const char *wing = to > from ? "kingside (O-O)" : "queenside (O-O-O)";
	const char *what = pc != NO_PIECE ? kind_name(PIECE_KIND(pc)) : "piece";
	const char *where_what = where != SQ_NONE && pos->board[where] != NO_PIECE ?
		kind_name(PIECE_KIND(pos->board[where])) : "piece";

	square_write(from, f);
	square_write(to, t);
	if (where != SQ_NONE)
		square_write(where, w);

	switch (verdict)
	{
		case MV_LEGAL:
			snprintf(out, size, "The move is legal.");
			break;
		case MV_NULL_MOVE:
			snprintf(out, size, "The null move 0000 is not a move of the game.");
			break;
		case MV_NO_PIECE:
			snprintf(out, size, "There is no piece on %s.", f);
			break;
		case MV_WRONG_SIDE:
			snprintf(out, size, "The %s on %s is %s's, and it is %s's move.",
					 what, f, side_names[us ^ 1], side_names[us]);
			break;
		case MV_CANNOT_MOVE_THAT_WAY:
			snprintf(out, size, "A %s cannot move from %s to %s.", what, f, t);
			break;
		case MV_PAWN_CAPTURE_ONLY:
			snprintf(out, size,
					 "A pawn moves diagonally only to capture, and %s holds no %s piece and is not the en passant square.",
					 t, us == WHITE ? "black" : "white");
			break;
		case MV_PAWN_BLOCKED:
			snprintf(out, size, "The pawn on %s is blocked: %s is occupied, and a pawn captures only diagonally.",
					 f, w);
			break;
		case MV_PATH_BLOCKED:
			snprintf(out, size, "The path of the %s from %s to %s is blocked at %s.", what, f, t, w);
			break;
		case MV_OWN_PIECE:
			snprintf(out, size, "The target square %s holds %s's own %s.", w, side_names[us], where_what);
			break;
		case MV_CASTLE_NO_RIGHT:
			snprintf(out, size, "%s has no right to castle %s.", side_names[us], wing);
			break;
		case MV_CASTLE_BLOCKED:
			snprintf(out, size, "%s cannot castle %s: %s, between king and rook, is occupied.",
					 side_names[us], wing, w);
			break;
		case MV_CASTLE_IN_CHECK:
			snprintf(out, size, "%s cannot castle %s out of check.", side_names[us], wing);
			break;
		case MV_CASTLE_THROUGH_CHECK:
			snprintf(out, size, "%s cannot castle %s: the king would cross %s, which is attacked.",
					 side_names[us], wing, w);
			break;
		case MV_CASTLE_INTO_CHECK:
			snprintf(out, size, "%s cannot castle %s: the king would land on %s, which is attacked.",
					 side_names[us], wing, w);
			break;
		case MV_PROMOTION_MISSING:
			snprintf(out, size, "The pawn reaching %s must promote: add n, b, r or q, as in %s%sq.",
					 t, f, t);
			break;
		case MV_PROMOTION_NOT_PAWN:
			snprintf(out, size, "Only a pawn promotes, and the piece on %s is a %s.", f, what);
			break;
		case MV_KING_INTO_CHECK:
			snprintf(out, size, "The king cannot move to %s: the %s on %s attacks it.", t, where_what, w);
			break;
		case MV_LEAVES_KING_IN_CHECK:
			snprintf(out, size, "The move would leave %s's king in check from the %s on %s.",
					 side_names[us], where_what, w);
			break;
	}
}
