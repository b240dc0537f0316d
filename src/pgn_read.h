/*
 * pgn_read.h — the state of a reading of PGN into rows (pgn_games(),
 * pgn_plies(), pgn_games_file()): pgn.c reads, pgn_file.c feeds it a
 * file's text a part at a time.
 */
#ifndef CHESS_PGN_READ_H
#define CHESS_PGN_READ_H

#include "chess.h"

#include "engine/game.h"
#include "engine/pgn.h"

#include "access/htup.h"
#include "utils/jsonb.h"
#include "utils/tuplestore.h"

/* A ply of pgn_plies, kept until its game is known to be valid. */
typedef struct PlyRow
{
	int			ply;
	Move		move;
	int			comment;		/* offset into the game's comments, or -1 */
	int			comment_len;
	const char *variation;		/* NULL on the main line; shared by a variation's rows */
	ChessPosition before;		/* the position after is computed when the row is stored */
} PlyRow;

/*
 * The state of pgn_games() and pgn_plies().  Everything a game needs lives
 * in game_cxt, which is reset after the game's rows are stored, so that a
 * call over any number of games runs in the memory of its largest game.
 */
typedef struct PgnReadState
{
	Tuplestorestate *ts;		/* pgn_plies: the rows, all of them */
	TupleDesc	desc;			/* the rows' */
	/* pgn_games: the rows read and not yet returned, one at a time */
	HeapTuple  *queue;
	int			nqueued;
	int			next_queued;
	int			queue_capacity;
	MemoryContext queue_cxt;	/* the queued rows, reset when they are all returned */
	bool		plies_mode;		/* pgn_plies (one row a ply) or pgn_games */
	bool		skip_errors;
	bool		keep_errors;	/* pgn_games: a bad game up to its error, with the error */
	bool		with_variations;	/* pgn_plies: the variations' plies too */
	const char *source;			/* the file read, for messages; NULL for a text */
	char	   *event,			/* the game's Event, White and Black tags, for messages */
			   *white,
			   *black;
	int			games_read;
	/*
	 * Where the text given to read_queue() begins in the input: its offset
	 * in the input's bytes; when the text is a conversion of a single-byte
	 * encoding (count_chars), each of its characters is one byte of the
	 * input, counted from the text's start (count_pos bytes are count_n
	 * characters).
	 */
	int64		base_offset;
	bool		count_chars;
	size_t		count_pos;
	int64		count_n;
	const char *text;			/* the text being read */
	int64		game_offset;	/* the input's offset of the game being read */
	MemoryContext caller;		/* the context of the call */
	MemoryContext game_cxt;
	MemoryContext row_cxt;		/* the values of one row, reset after it is stored */
	/* pgn_games */
	JsonbPair  *tag_pairs;		/* the game's tags, in the order read until sorted */
	char	  **tag_names;		/* their names in the order read (a game repeats none) */
	int			ntag_names;		/* (of both) */
	int			tag_names_capacity;
	int			tag_pairs_capacity;
	StringInfoData opening;		/* the comments before the first move; data NULL when none */
	Move	   *moves;			/* the main line's moves */
	int			nmoves;
	int			moves_capacity;
	bool		ann_pending;	/* ann holds none of the moves read (ann_now()) */
	GameWriter	writer;			/* the game value, written as the moves come */
	struct varlena *value;		/* its bytes after a varlena header; NULL before a move */
	size_t		value_capacity;	/* bytes after the header, zeroed past the moves */
	Oid			move_type;
	AnnGame		ann;			/* the game's comments, NAGs, variations and commands */
	/* pgn_plies */
	PlyRow	   *rows;
	int			nrows;
	int			rows_capacity;
	StringInfoData comments;	/* the comments of the game's plies, end to end */
} PgnReadState;

/*
 * The rows of pgn_games() are returned as they are read (value per call):
 * the reader stops after PGN_QUEUE_ROWS games, so that a call's memory is
 * that of a few hundred rows and never grows with the input, and the first
 * row comes before the input's second megabyte is read.
 */
#define PGN_QUEUE_ROWS 64

/*
 * Sets up the state and the handler h of a reading into the rows of
 * fcinfo's call (plies_mode: pgn_plies' rows, all of them at once into a
 * tuplestore; else pgn_games', queued), and switches to the memory of a
 * game; read_end() frees it.  For pgn_games(), call it in the memory of the
 * SRF's calls (funcctx->multi_call_memory_ctx).  input_len: the input's
 * length in bytes (SIZE_MAX for a file), which sizes the memory kept for
 * the rows.
 */
extern void read_start(FunctionCallInfo fcinfo, bool plies_mode, bool skip_errors, bool keep_errors,
					   size_t input_len, PgnReadState *st, PgnHandler *h);
/* Frees the reading's memory; pgn_plies' goes back to the memory of read_start()'s call. */
extern void read_end(PgnReadState *st);

/* Makes room for one more element in an array that doubles in game_cxt. */
static inline void *
read_grow(void *array, int n, int *capacity, size_t size)
{
	if (likely(n < *capacity))
		return array;
	*capacity = *capacity ? 2 * *capacity : 64;
	return array ? repalloc(array, size * *capacity) : palloc(size * *capacity);
}

/* pgn_tags.c: a tag read (the handler's tag callback); the game's tags as jsonb, and their order */
extern void read_tag(void *arg, const char *name, size_t nlen, const char *value, size_t vlen);
extern Jsonb *read_tags_jsonb(PgnReadState *st);
extern Datum read_tag_order(PgnReadState *st, bool *isnull);

/* games + more, the count of a text's games: 54000 past PG_INT32_MAX */
extern int	read_count_games(int games, int more);

/*
 * Reads games of text (len bytes; final: nothing comes after it) until the
 * queue has rows or the text has no more complete games; returns how many
 * bytes were read, as pgn_read_part()'s consumed, and the input's offset
 * moves past them (read_advance()).
 */
extern size_t read_queue(PgnReadState *st, PgnHandler *h, const char *text, size_t len, bool final);

/* The next queued row, or NULL when the queue is empty (it is then emptied). */
extern HeapTuple read_dequeue(PgnReadState *st);

/*
 * The text's first consumed bytes are gone: the next text given to
 * read_queue() begins that much further in the input.
 */
extern void read_advance(PgnReadState *st, const char *text, size_t consumed);

#endif							/* CHESS_PGN_READ_H */
