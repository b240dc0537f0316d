/*
 * game_memo.c — the memo of a game's first positions (game.h's GameMemo),
 * from which a search resumes reading the next game at the plies the two
 * share.
 */
#include "game.h"

#include <string.h>

void
game_memo_clear(GameMemo *m)
{
	m->headlen = 0;
}

/*
 * Resumes r (at ply 0) at the last ply that its game shares with the
 * memorised one and returns that ply's verdict: a ply is shared when the
 * headers agree (the start) and so do the move bits up to its end, since
 * every move's bits are read from the same position in both games.  With
 * nothing shared, returns no_verdict and the memo holds this game's start.
 */
int
game_memo_resume(GameMemo *m, GameReader *r, int no_verdict)
{
	size_t		off = game_moves_offset(r->data),
				headlen = off - 2,
				movelen = r->len - off,
				common = 0;
	int			k = 0;

	if (movelen > sizeof(m->moves))
		movelen = sizeof(m->moves);
	if (m->headlen == headlen && memcmp(m->head, r->data, headlen) == 0)
	{
		/* no further than the bytes of the memorised plies (none when the verdict came at ply 0) */
		size_t		need = (m->bitpos[m->plies] - off * 8 + 7) / 8;

		while (common < movelen && common < m->movelen && common < need &&
			   m->moves[common] == r->data[off + common])
			common++;
		k = m->plies < r->plies ? m->plies : r->plies;
		while (k > 0 && m->bitpos[k] > off * 8 + common * 8)
			k--;
	}
	else
	{
		m->headlen = headlen;
		memcpy(m->head, r->data, headlen);
		m->pos[0] = r->pos;
		m->bitpos[0] = r->bitpos;
		m->verdict[0] = no_verdict;
	}
	memcpy(m->moves + common, r->data + off + common, movelen - common);
	m->movelen = movelen;
	m->plies = k;
	r->ply = k;
	r->pos = m->pos[k];
	r->bitpos = m->bitpos[k];
	return m->verdict[k];
}

/* Memorises the reader's position, the ply after the last memorised or that one again. */
void
game_memo_record(GameMemo *m, const GameReader *r, int verdict)
{
	if (r->ply > GAME_MEMO_PLIES || r->ply > m->plies + 1)
		return;
	m->plies = r->ply;
	m->pos[r->ply] = r->pos;
	m->bitpos[r->ply] = r->bitpos;
	m->verdict[r->ply] = verdict;
}
