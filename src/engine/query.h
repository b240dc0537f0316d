/*
 * query.h — Scoutfish's query language for games: a JSON object of rules
 * that the positions of a game (and the moves played from them) must meet,
 * alone, in a sequence (met in order, each at a later ply), or in a streak
 * (met on consecutive plies).  The SQL type gamequery keeps a query's text;
 * query_parse() checks and compiles it, query_match() replays a game
 * against it.
 *
 * The rules (doc/query.md has them with examples):
 *   "sub-fen"      a pattern (search.h) or a list of them, any of which
 *   "material"     exact material, "KBNKNN" or "KBNvKNN" (White first), or a list
 *   "imbalance"    White's material minus Black's, "PPvN", or a list
 *   "white-move", "black-move"   the move played from the position, in SAN, or a list
 *   "moved"        the kinds of the piece that moves, "KP"
 *   "captured"     the kinds of the piece taken, "Q"; "" for a move that takes nothing
 *   "stm"          the side to move, "white" or "black"
 *   "result"       the game's result, "1-0", "0-1", "1/2-1/2" or "*", or a list
 *   "result-type"  the game ends in "mate" or "stalemate" (its last position)
 *   "pass"         any position
 * and, beyond Scoutfish (features.h computes them):
 *   "checkers", "mobility", "pinned", "passed-pawns", "isolated-pawns",
 *   "doubled-pawns", "connected-pawns"
 *                  how many the position has: true (one at least), false
 *                  (none), a number, or {"color": ..., "min": ..., "max": ...}
 *   "same-pawns", "same-pawn-files"
 *                  Scid's board searches against a FEN, or a list
 *   "manoeuvre"    a piece's path, "Nf3-d2-f1-g3" (upper case White), each
 *                  "-" one move of it, each ".." any number; alone in its
 *                  condition, not in a streak
 * and "sequence" (a list of conditions and streaks) or "streak" (a list of
 * conditions), each alone in the query's object; "flip": true beside any
 * of these at the top asks for the query or its colours swapped.
 *
 * A game is replayed from ply 0 (its start) to its last position; at each
 * ply the current condition is tried on the position and the move played
 * from it (none at the last position).  A condition met at ply p records p
 * and the next condition is tried from ply p + 1; the game matches when the
 * last is met.  In a streak, once its first condition is met, each next
 * condition must be met at the very next ply, or the whole query starts
 * again from its first condition (Scoutfish's greedy rule: the plies of a
 * failed streak are not tried again).
 */
#ifndef CHESS_ENGINE_QUERY_H
#define CHESS_ENGINE_QUERY_H

#include "game.h"
#include "search.h"

#define QUERY_MAX_CONDITIONS 10000	/* conditions of sequences and streaks */
#define QUERY_MAX_ITEMS 100000	/* sub-FENs, materials, imbalances, moves, FENs, manoeuvres */
#define QUERY_MAX_NESTING 64	/* JSON arrays and objects inside each other */

/* A game's result as query_match() takes it. */
typedef enum QueryResult
{
	QUERY_WHITE_WINS = 0,		/* 1-0 */
	QUERY_BLACK_WINS = 1,		/* 0-1 */
	QUERY_DRAW = 2,				/* 1/2-1/2 */
	QUERY_UNKNOWN = 3			/* * */
} QueryResult;

#define QUERY_ANY_RESULT 15		/* the mask of every result */

/* The rules of a condition, as bits. */
#define QR_SUBFEN		0x0001
#define QR_MATERIAL		0x0002
#define QR_IMBALANCE	0x0004
#define QR_MOVE			0x0008
#define QR_MOVED		0x0010
#define QR_CAPTURED		0x0020
#define QR_QUIET		0x0040	/* "captured": "" */
#define QR_STM			0x0080
#define QR_RESULT		0x0100
#define QR_RESULT_TYPE	0x0200
#define QR_PASS			0x0400
#define QR_FEATURES		0x0800	/* counts of features (QF_*) */
#define QR_SAME_PAWNS	0x1000
#define QR_SAME_FILES	0x2000
#define QR_MANOEUVRE	0x4000
#define QR_NEEDS_MOVE	(QR_MOVE | QR_MOVED | QR_CAPTURED | QR_QUIET)

/* What the count rules count in a position. */
typedef enum QueryFeature
{
	QF_CHECKERS = 0,			/* pieces giving check to the side to move */
	QF_MOBILITY,				/* legal moves of the side to move */
	QF_PINNED,					/* pieces pinned to their king */
	QF_PASSED,					/* passed pawns */
	QF_ISOLATED,
	QF_DOUBLED,
	QF_CONNECTED,
	QF_COUNT
} QueryFeature;

/* A count rule: the feature's count, of one colour or both, in min .. max. */
typedef struct QueryCount
{
	int8_t		color;			/* -1 both */
	uint8_t		min;
	uint8_t		max;
} QueryCount;

#define QUERY_MANOEUVRE_MAX 16	/* squares of a manoeuvre */

/* A piece's path: squares[0] to squares[n - 1], hop i from squares[i] to squares[i + 1]. */
typedef struct QueryManoeuvre
{
	uint8_t		color;
	uint8_t		kind;			/* the piece's kind on squares[0] */
	uint8_t		nsquares;
	uint16_t	loose;			/* bit i: hop i takes any number of moves (".."), else one ("-") */
	uint8_t		squares[QUERY_MANOEUVRE_MAX];
} QueryManoeuvre;

/* A move as a rule gives it: a piece and where it goes, what SAN says. */
typedef struct QueryMove
{
	uint8_t		color;
	uint8_t		kind;			/* PieceKind of the piece that moves */
	uint8_t		to;				/* target square (unused for castling) */
	uint8_t		castle;			/* 0, 1 king side, 2 queen side */
	int8_t		from_file;		/* -1 any */
	int8_t		from_rank;		/* -1 any */
	uint8_t		promotion;		/* NO_KIND: any (or none) */
	bool		capture;		/* written with "x": the move takes */
} QueryMove;

typedef struct QueryCondition
{
	uint32_t	rules;			/* QR_* */
	int			streak;			/* 0, or the number of its streak (1, 2, ...) */
	bool		streak_head;	/* the first condition of its streak */
	uint8_t		results;		/* QR_RESULT: mask of 1 << QueryResult */
	uint8_t		result_type;	/* QR_RESULT_TYPE: 1 mate, 2 stalemate */
	uint8_t		stm;			/* QR_STM: Color */
	uint8_t		moved;			/* QR_MOVED: mask of 1 << PieceKind */
	uint8_t		captured;		/* QR_CAPTURED: mask of 1 << PieceKind */
	int			subfen_at,
				nsubfens;		/* patterns[subfen_at ..] */
	int			material_at,
				nmaterials;		/* materials[material_at ..] */
	int			imbalance_at,
				nimbalances;	/* imbalances[imbalance_at ..] */
	int			move_at,
				nmoves;			/* moves[move_at ..] */
	uint8_t		features;		/* QR_FEATURES: mask of 1 << QueryFeature */
	QueryCount	counts[QF_COUNT];
	int			same_pawns_at,
				nsame_pawns;	/* boards[same_pawns_at ..] */
	int			same_files_at,
				nsame_files;	/* boards[same_files_at ..] */
	int			manoeuvre;		/* QR_MANOEUVRE: manoeuvres[manoeuvre] */
	/*
	 * The moves that may meet its move rules (QR_NEEDS_MOVE): onto the
	 * squares of its moves by colour (all without QR_MOVE), of their
	 * pieces' kinds and of QR_MOVED's (both when both are given), taking
	 * when QR_CAPTURED; and its castlings, by side and way (when QR_MOVED,
	 * if given, has the king)
	 */
	GameSeek	seek;

	/*
	 * QR_SUBFEN, when each of its patterns has a probe: the moves that may
	 * bring a probe's piece onto its square (onto it, or castling when it
	 * is on its side's first rank); after a position that none of them
	 * meets, the plies until the next such move meet none either
	 */
	bool		probe_seekable;
	GameSeek	probe_seek;

	/* QR_MATERIAL: bit n set when one of its materials has n men besides the kings */
	uint32_t	material_totals;

	/*
	 * A condition of the material alone (and the result): the moves that
	 * may change its material into one it asks for, captures and
	 * promotions after which the men number one of its materials' (or
	 * fewer than any: the material is out of reach then) and White's lead
	 * in men is one of its imbalances'
	 */
	GameSeek	material_seek;
} QueryCondition;

/*
 * A square and the piece a pattern asks for there, tried before the whole
 * pattern (query_match.c): a queen's, rook's, bishop's or knight's first,
 * then a pawn's, then a king's; square 64 when the pattern asks for none.
 */
typedef struct PatternProbe
{
	uint8_t		sq;
	uint8_t		piece;
} PatternProbe;

/* White's count minus Black's, for Q R B N P (search.h's order). */
typedef struct QueryImbalance
{
	int8_t		diff[MATERIAL_KINDS];
} QueryImbalance;

typedef struct GameQuery
{
	int			nconditions;
	QueryCondition *conditions;
	uint8_t		results;		/* the results every "result" rule allows (QUERY_ANY_RESULT: no rule) */
	int			npatterns;
	Pattern    *patterns;
	PatternReach *reaches;		/* one a pattern */
	PatternProbe *probes;		/* one a pattern */
	int			nmaterials;
	MaterialQuery *materials;	/* exact: min = max */
	int			nimbalances;
	QueryImbalance *imbalances;
	int			nmoves;
	QueryMove  *moves;
	int			nboards;
	Position   *boards;			/* the FENs of "same-pawns" and "same-pawn-files" */
	int			nmanoeuvres;
	QueryManoeuvre *manoeuvres;
	struct GameQuery *flipped;	/* "flip": the query with the colours swapped, else NULL */
} GameQuery;

/* The caller's allocator: a realloc (size 0 never asked; it raises or returns memory). */
typedef void *(*QueryAlloc) (void *ctx, void *old, size_t size);

typedef enum QueryStatus
{
	QUERY_OK = 0,
	QUERY_SYNTAX,				/* not JSON, an unknown rule, a bad value: SQLSTATE 22P02 */
	QUERY_TOO_BIG				/* over a limit above: 54000 */
} QueryStatus;

typedef struct QueryError
{
	QueryStatus status;
	char		detail[500];	/* a full sentence, naming the rule and the value */
} QueryError;

/*
 * Reads a query's JSON text (len bytes, no terminator needed) into q, its
 * arrays allocated with alloc; false with err when it is no query.
 */
extern bool query_parse(const char *text, size_t len, GameQuery *q, QueryAlloc alloc, void *ctx,
						QueryError *err);

/*
 * A query's text (one that query_parse() reads) without its "result"
 * rules, the members of that name, wherever they stand, and without white
 * space, written to out, which has room for len bytes; returns its length,
 * 0 when the text is no JSON.  A game and its result match the query
 * exactly when the result is one every "result" rule allows and the game
 * matches the query written so, which an index can serve (a condition of
 * "result" rules alone becomes {"pass": ""}: any position).
 */
extern size_t query_without_results(const char *text, size_t len, char *out);

/* q with the colours swapped and the board upside down, its arrays allocated with alloc. */
extern GameQuery *query_flipped(const GameQuery *q, QueryAlloc alloc, void *ctx);

/*
 * query_match() tries the quick tests of a ply (a move rule's target
 * squares, a sub-FEN's probe, the material unchanged after a quiet move)
 * before a condition's call; the tests compare it without them (on: true).
 */
extern void query_use_quick_tests(bool on);

/*
 * Makes what the quick tests ask, from the query's rules: each condition's
 * seek and each pattern's probe (query_parse() and query_flipped() call
 * it last).
 */
extern void query_quick_tests(GameQuery *q, QueryAlloc alloc, void *ctx);

/* Whether a game with that result may match: every "result" rule allows it. */
static inline bool
query_result_allowed(const GameQuery *q, QueryResult result)
{
	return (q->results >> result) & 1;
}

/*
 * Replays the game of r (just set up by game_reader_init()) against q:
 * returns q->nconditions with the plies where each condition was met in
 * plies (room for q->nconditions), or 0 when the game does not match, or
 * -1 when its bytes are damaged (r->error says why).  The caller checks
 * query_result_allowed() first.  poll, when not NULL, is called with arg
 * (a cancel) every 4,096 units of work: a ply, and each sub-FEN, material,
 * move or FEN tried on it.
 */
extern int	query_match(const GameQuery *q, GameReader *r, int *plies, void (*poll) (void *), void *arg);

/*
 * Whether a position (and the move m played from it, MOVE_NULL at the end)
 * meets a condition (a manoeuvre's never: query_match() follows those).
 */
extern bool query_condition_met(const GameQuery *q, const QueryCondition *c, const Position *pos,
								Move m, bool last);

#endif							/* CHESS_ENGINE_QUERY_H */
