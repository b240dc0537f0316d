/*
 * pgn_write.c — writing the movetext of Portable Game Notation.
 */
#include "pgn.h"
#include "outcome.h"

#include <stdio.h>

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
