/*
 * pgn_write.c — writing the movetext of Portable Game Notation.
 */
#include "pgn.h"
#include "annotation.h"
#include "outcome.h"

#include <stdio.h>
#include <string.h>

/*
 * The Seven Tag Roster in the order the standard gives it (8.1.1), and the
 * order of the other tags pgn() writes when it is told none: lichess's, as
 * its exports write them (with PlyCount before Termination, as Scid and
 * ChessBase put it), then the rest as jsonb keeps object keys (by length,
 * then bytes).  Most collections are written in this order.
 */
static const char *const roster[PGN_ROSTER] = {
	"Event", "Site", "Date", "Round", "White", "Black", "Result"
};

static const char *const lichess_order[] = {
	"UTCDate", "UTCTime", "WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff",
	"WhiteTitle", "BlackTitle", "WhiteFideId", "BlackFideId", "Variant", "TimeControl", "ECO",
	"Opening", "PlyCount", "Termination", "Annotator"
};

#define NLICHESS ((int) (sizeof(lichess_order) / sizeof(lichess_order[0])))

static bool
name_is(const char *name, size_t len, const char *s)
{
	return strlen(s) == len && memcmp(name, s, len) == 0;
}

const char *
pgn_roster_name(int i)
{
	return roster[i];
}

int
pgn_roster_index(const char *name, size_t len)
{
	int			i;

	for (i = 0; i < PGN_ROSTER; i++)
		if (name_is(name, len, roster[i]))
			return i;
	return -1;
}

bool
pgn_tag_written_first(const char *name, size_t len)
{
	return pgn_roster_index(name, len) >= 0 || name_is(name, len, "SetUp") ||
		name_is(name, len, "FEN");
}

static int
lichess_rank(const char *name, size_t len)
{
	int			i;

	for (i = 0; i < NLICHESS; i++)
		if (name_is(name, len, lichess_order[i]))
			return i;
	return NLICHESS;
}

int
pgn_tag_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int			ra = lichess_rank(a, alen),
				rb = lichess_rank(b, blen);

	if (ra != rb)
		return ra < rb ? -1 : 1;
	if (alen != blen)
		return alen < blen ? -1 : 1;
	return memcmp(a, b, alen);
}

int
pgn_write_movetext(const Position *start, const Move *moves, int n, const char *result,
				   bool wrap, PgnEmit emit, void *arg, Position *final, void (*poll) (void *arg))
{
	Position	pos = *start;
	int			line = 0,
				i;

	for (i = 0; i <= n; i++)
	{
		char		token[32];
		int			tlen;

		if (poll && i % PGN_POLL_TOKENS == PGN_POLL_TOKENS - 1)
			poll(arg);
		if (i == n)
		{
			if (result && result[0] == '\0')
				break;
			tlen = snprintf(token, sizeof(token), "%s", result ? result : position_result(&pos));
		}
		else
		{
			char		san[SAN_MAX_LENGTH];
			int			number = 0;
			Move		m = castle_normalize(&pos, moves[i]);

			if (!move_is_legal(&pos, m))
			{
				*final = pos;
				return i;
			}
			san_write(&pos, m, san);
			if (pos.side == WHITE || i == 0)
				number = snprintf(token, sizeof(token), "%u%s ", (unsigned) pos.fullmove,
								  pos.side == WHITE ? "." : "...");
			tlen = number + snprintf(token + number, sizeof(token) - (size_t) number, "%s", san);
			position_play(&pos, m);
		}
		/* the move number stays with its move; break the line before it if need be */
		if (wrap && line > 0 && line + 1 + tlen > PGN_LINE_MAX)
		{
			emit(arg, "\n", 1);
			line = 0;
		}
		if (line > 0)
		{
			emit(arg, " ", 1);
			line++;
		}
		emit(arg, token, (size_t) tlen);
		line += tlen;
	}
	if (wrap)
		emit(arg, "\n", 1);
	*final = pos;
	return -1;
}

/* Where the annotated writer is: the line being written and its length. */
typedef struct Writer
{
	PgnEmit		emit;
	void	   *arg;
	bool		wrap;
	int			line;
} Writer;

/* A token, after a space or at the start of a new line when it would pass PGN_LINE_MAX. */
static void
put_token(Writer *w, const char *s, size_t n)
{
	const char *nl;

	if (w->wrap && w->line > 0 && w->line + 1 + (int) n > PGN_LINE_MAX)
	{
		w->emit(w->arg, "\n", 1);
		w->line = 0;
	}
	if (w->line > 0)
	{
		w->emit(w->arg, " ", 1);
		w->line++;
	}
	w->emit(w->arg, s, n);
	nl = NULL;
	for (size_t i = n; i > 0; i--)
		if (s[i - 1] == '\n')
		{
			nl = s + i - 1;
			break;
		}
	w->line = nl ? (int) (s + n - nl - 1) : w->line + (int) n;
}

/*
 * A comment: "{ text commands }" (commands, when not NULL, after the text);
 * a text with a "}" (read from a ";" comment) is written as a ";" comment
 * to the end of its line, or, with a line break too (which no reading
 * gives), without its "}"s, as chessops does.
 */
static void
put_comment(Writer *w, const char *text, size_t n, const char *commands, char *scratch)
{
	size_t		o = 0,
				i;
	bool		brace = memchr(text, '}', n) != NULL,
				semicolon = brace && !memchr(text, '\n', n);

	scratch[o++] = semicolon ? ';' : '{';
	scratch[o++] = ' ';
	for (i = 0; i < n; i++)
		if (semicolon || text[i] != '}')
			scratch[o++] = text[i];
	if (commands && commands[0])
	{
		if (n)
			scratch[o++] = ' ';
		memcpy(scratch + o, commands, strlen(commands));
		o += strlen(commands);
	}
	if (semicolon)
	{
		scratch[o++] = '\n';
		put_token(w, scratch, o);
		w->line = 0;
		return;
	}
	scratch[o++] = ' ';
	scratch[o++] = '}';
	put_token(w, scratch, o);
}

int
pgn_write_annotated(const Position *start, const AnnGame *ann, const char *result, bool wrap,
					PgnEmit emit, void *arg, Position *final, void (*poll) (void *arg),
					char *scratch)
{
	Writer		w = {emit, arg, wrap, 0};
	Position	lines[ANN_MAX_DEPTH + 1][2];
	int			depth = 0,
				pending = -1,	/* a move whose commands are to be written */
				last[ANN_MAX_DEPTH + 1],	/* each line's last move's node */
				i;
	char	   *commands = scratch,
			   *text = scratch + ANN_COMMANDS_MAX(ann->nshapes);
	bool		number = true;	/* the next move has its number */

	lines[0][0] = lines[0][1] = *start;
	for (i = 0; i <= ann->nevents; i++)
	{
		const AnnEvent *e = i < ann->nevents ? &ann->events[i] : NULL;
		char		token[48];
		int			tlen;

		if (poll && i % PGN_POLL_TOKENS == PGN_POLL_TOKENS - 1)
			poll(arg);
		if (pending >= 0 && (e == NULL || e->kind != ANN_EV_NAG))
		{
			ann_write_commands(ann, &ann->nodes[pending], commands);
			put_comment(&w, "", 0, commands, text);
			pending = -1;
			number = true;
		}
		if (e == NULL)
			break;
		switch (e->kind)
		{
			case ANN_EV_MOVE:
				{
					const AnnNode *nd = &ann->nodes[e->a];
					Position   *pos = &lines[depth][0];
					char		san[SAN_MAX_LENGTH];
					int			nlen = 0;

					if (!move_is_legal(pos, nd->move))
					{
						*final = *pos;
						return i;
					}
					san_write(pos, nd->move, san);
					if (pos->side == WHITE || number)
						nlen = snprintf(token, sizeof(token), "%u%s ", (unsigned) pos->fullmove,
										pos->side == WHITE ? "." : "...");
					tlen = nlen + snprintf(token + nlen, sizeof(token) - (size_t) nlen, "%s", san);
					put_token(&w, token, (size_t) tlen);
					lines[depth][1] = *pos;
					position_play(pos, nd->move);
					last[depth] = (int) e->a;
					number = false;
					if (!nd->carried && ann_node_has_commands(nd))
						pending = (int) e->a;
					break;
				}
			case ANN_EV_OPEN:
				put_token(&w, "(", 1);
				lines[depth + 1][0] = lines[depth + 1][1] = lines[depth][1];
				depth++;
				number = true;
				break;
			case ANN_EV_CLOSE:
				put_token(&w, ")", 1);
				depth--;
				number = true;
				break;
			case ANN_EV_COMMENT:
				{
					if (e->carry)
						ann_write_commands(ann, &ann->nodes[last[depth]], commands);
					put_comment(&w, e->b ? ann->text + e->a : "", e->b, e->carry ? commands : NULL, text);
					number = true;
					break;
				}
			case ANN_EV_NAG:
				tlen = snprintf(token, sizeof(token), "$%u", (unsigned) e->a);
				put_token(&w, token, (size_t) tlen);
				break;
		}
	}
	if (!(result && result[0] == '\0'))
	{
		const char *r = result ? result : position_result(&lines[0][0]);

		put_token(&w, r, strlen(r));
	}
	if (wrap)
		emit(arg, "\n", 1);
	*final = lines[0][0];
	return -1;
}
