/*
 * annotation.h — what a PGN says besides its main line: comments, NAGs,
 * recursive variations and the commands inside comments ([%clk], [%emt],
 * [%eval], [%csl], [%cal]), kept with a game value and written back.
 *
 * In memory a game's annotations are a model (AnnGame): the events of its
 * movetext in the order the PGN gives them — moves (the main line's and the
 * variations'), variations opened and closed, comments, NAGs — and, for
 * each move, its node: the commands its comments held, parsed.  The PGN
 * reader builds the model (ann_builder_*), the encoder writes it as the
 * annotation section of a game value, the decoder reads a section back
 * into a model, validating every byte, and the PGN writer and the SQL
 * functions (clocks(), evals(), comments(), ...) read the model.
 *
 * The annotation section (doc/formats.md has it byte by byte) follows the
 * main line's move bits of a value whose flag GAME_FLAG_ANNOTATED is set,
 * and ends with its own length in 4 bytes, so that the main line is found
 * without reading the annotations and every search reads the value as the
 * bare game it holds: clocks and evaluations of the main line in two dense
 * streams (deltas from the same side's previous clock, from the previous
 * evaluation), the rest as a stream of events.
 */
#ifndef CHESS_ENGINE_ANNOTATION_H
#define CHESS_ENGINE_ANNOTATION_H

#include "game.h"

#define ANN_FORMAT 1
#define ANN_TRAILER 4			/* the section's length, big-endian, after it */
#define ANN_MAX_DEPTH 32		/* variations inside variations */
#define ANN_NONE INT32_MIN		/* a clock, time or evaluation not given */
#define ANN_MAX_EVAL_DEPTH 99999	/* [%eval x,depth]: five digits */
/* clocks and elapsed times: centiseconds, at most about 5,965 hours */
#define ANN_MAX_CLOCK INT32_MAX

/* a realloc: the caller's allocator (the engine has none) */
typedef void *(*AnnAlloc) (void *ctx, void *old, size_t size);

typedef enum AnnEvalKind
{
	ANN_EVAL_NONE = 0,
	ANN_EVAL_CP = 1,			/* eval: centipawns, from White's side */
	ANN_EVAL_MATE = 2			/* eval: mate in n (negative: Black mates) */
} AnnEvalKind;

/* [%csl Ga1] (from == to) and [%cal Ga1a8]; colour 0 green, 1 red, 2 yellow, 3 blue */
typedef struct AnnShape
{
	uint8_t		color;
	uint8_t		from;
	uint8_t		to;
} AnnShape;

/* The commands of a move: what its comments' [%...] said. */
typedef struct AnnNode
{
	Move		move;
	bool		carried;		/* a comment of the move holds them (else: right after the move) */
	bool		seen;			/* the decoder met that comment */
	uint8_t		eval_kind;		/* AnnEvalKind */
	int32_t		clock;			/* centiseconds, or ANN_NONE */
	int32_t		emt;			/* centiseconds, or ANN_NONE */
	int32_t		eval;			/* centipawns or moves to mate */
	int32_t		depth;			/* of the evaluation, or ANN_NONE */
	uint32_t	shape_at;		/* its shapes: shapes[shape_at .. shape_at + nshapes) */
	uint32_t	nshapes;
} AnnNode;

/* Whether a move's comments held any command. */
static inline bool
ann_node_has_commands(const AnnNode *nd)
{
	return nd->clock != ANN_NONE || nd->emt != ANN_NONE || nd->eval_kind != ANN_EVAL_NONE || nd->nshapes > 0;
}

typedef enum AnnEventKind
{
	ANN_EV_MOVE,				/* a = the node; depth 0 is the main line */
	ANN_EV_OPEN,				/* a variation of the line's last move begins */
	ANN_EV_CLOSE,
	ANN_EV_COMMENT,				/* a = offset in text, b = length; carry: the node's commands */
	ANN_EV_NAG					/* a = the NAG */
} AnnEventKind;

typedef struct AnnEvent
{
	uint8_t		kind;
	bool		carry;
	uint32_t	a;
	uint32_t	b;
} AnnEvent;

typedef struct AnnGame
{
	AnnEvent   *events;
	int			nevents;
	int			events_cap;
	AnnNode    *nodes;
	int			nnodes;
	int			nodes_cap;
	AnnShape   *shapes;
	uint32_t	nshapes;
	uint32_t	shapes_cap;
	char	   *text;			/* the comments' text, one after another */
	size_t		ntext;
	size_t		text_cap;
	int			mainline;		/* moves of the main line */
	AnnAlloc	alloc;
	void	   *ctx;
	void		(*poll) (void *ctx);	/* called now and then while decoding, when set */
	/* the builder's state */
	int			depth;
	int			dead_depth;		/* a variation being skipped opened at this depth; 0 none */
	int			line_node[ANN_MAX_DEPTH + 1];	/* each open line's last move's node, -1 none */
	int			line_events[ANN_MAX_DEPTH + 1];	/* events after it that were NAGs only: -1 others */
} AnnGame;

/* An empty model that grows through alloc(ctx, old, size). */
extern void ann_init(AnnGame *g, AnnAlloc alloc, void *ctx);

/* Adding to a model (what the builder and the decoder do). */
extern AnnEvent *ann_add_event(AnnGame *g, AnnEventKind kind);
extern int	ann_add_node(AnnGame *g, Move m);
extern uint32_t ann_add_text(AnnGame *g, const char *s, size_t n);
extern void ann_add_shape(AnnGame *g, AnnShape s);

/*
 * The nodes of a model's main line (its moves at depth 0), in order, into
 * out (room for g->mainline); returns their number.
 */
extern int	ann_main_nodes(const AnnGame *g, int *out);

/* Whether a model holds anything (else the game is bare). */
extern bool ann_any(const AnnGame *g);

/*
 * Building from a PGN reader's events, in their order: a move of the line
 * at the present depth (depth 0 the main line), a variation opened and
 * closed, a comment (its commands parsed and given to the line's last move;
 * a comment before any move, or one of a variation before its first move,
 * keeps them as text), a NAG (dropped before a line's first move, as
 * chessops does).  A variation opened where its line has no move yet is
 * skipped whole, as is one whose move is bad from the bad move on.
 */
extern void ann_builder_move(AnnGame *g, Move m);
extern void ann_builder_open(AnnGame *g);
extern void ann_builder_close(AnnGame *g);
extern void ann_builder_comment(AnnGame *g, const char *s, size_t n);
extern void ann_builder_nag(AnnGame *g, unsigned nag);
extern void ann_builder_kill(AnnGame *g);	/* a bad move: the variation's rest is skipped */
extern void ann_builder_finish(AnnGame *g);	/* the end: variations left open are closed */

/*
 * The bytes the comments of a model take when pgn_write_annotated() writes
 * them, as the PGN reader counts them against PGN_MAX_COMMENT_BYTES: each
 * comment's text (its commands written in) and one more; counted, not
 * written (ann_commands_length()).
 */
extern size_t ann_written_comment_bytes(const AnnGame *g);

/*
 * The commands of a comment, as lichess's chessops reads them
 * (parseComment): each [%clk H:MM:SS(.sss)], [%emt ...], [%eval 0.31],
 * [%eval #-3], [%eval 0.31,20], [%csl Ga1,...], [%cal Ga1a2,...] with one
 * whitespace character after its name is taken out of the text with a
 * whitespace character on each side, leaving two spaces, and the text is
 * trimmed; a command that our values cannot hold exactly (a clock with
 * milliseconds, beyond ANN_MAX_CLOCK) stays in the text.  out receives the
 * text (room for n bytes; it may be s), shapes the shapes (room for n / 3 + 1;
 * cmd->nshapes their number); returns the text's length.
 */
extern size_t ann_parse_comment(const char *s, size_t n, AnnNode *cmd, AnnShape *shapes,
								char *out);

/*
 * The annotation section of a model whose main line is moves[0..n) from
 * start (the moves of the value it goes with): appended to out through the
 * model's allocator, the 4-byte trailer included.  Returns the new length
 * of out, or 0 when a variation move of the model is not legal.
 */
extern size_t ann_encode(const AnnGame *g, const Position *start, const Move *moves, int n,
						 uint8_t **out, size_t len, size_t *cap);

/*
 * Reads the annotation section sec[0..len) (trailer excluded) of a game
 * whose main line is moves[0..n) from start into g (empty, from
 * ann_init()).  Every byte is validated, and
 * the section must be the one ann_encode() writes for what it decodes to:
 * returns false with error (160 bytes) saying what is wrong otherwise.
 */
extern bool ann_decode(const uint8_t *sec, size_t len, const Position *start, const Move *moves,
					   int n, AnnGame *g, char *error);

/*
 * The length of an encoded game's bare bytes: all of them, or, when flag
 * GAME_FLAG_ANNOTATED is set, those before its annotation section, whose
 * length its last 4 bytes give; 0 when they cannot be right.
 */
static inline size_t
game_bare_len(const uint8_t *data, size_t len)
{
	size_t		a;

	if (!(data[1] & GAME_FLAG_ANNOTATED))
		return len;
	if (len < 4 + ANN_TRAILER)
		return 0;				/* damaged */
	a = (size_t) data[len - 4] << 24 | (size_t) data[len - 3] << 16 |
		(size_t) data[len - 2] << 8 | data[len - 1];
	return a > len - 4 - ANN_TRAILER ? 0 : len - ANN_TRAILER - a;
}

/* Writing a node's commands as chessops's makeComment does, after text; returns the length. */
#define ANN_COMMANDS_MAX(nshapes) (96 + 8 * (size_t) (nshapes))
extern size_t ann_write_commands(const AnnGame *g, const AnnNode *node, char *out);
/* ... and that length alone, without writing (the import checks it for every game) */
extern size_t ann_commands_length(const AnnGame *g, const AnnNode *node);

/* The clock text H:MM:SS[.d[d]] of centiseconds (at least 16 bytes). */
extern int	ann_write_clock(int32_t cs, char *out);

#endif							/* CHESS_ENGINE_ANNOTATION_H */
