/*
 * pgn.h — reading and writing Portable Game Notation.
 */
#ifndef CHESS_ENGINE_PGN_H
#define CHESS_ENGINE_PGN_H

#include "game.h"
#include "san.h"

/*
 * Limits of the reader.  A game beyond one is reported with PGN_LIMIT and
 * reading goes on at the next game, so that no input, however large, makes
 * the reader's caller keep more than one game's worth of rows.
 */
#define PGN_MAX_PLIES		GAME_MAX_PLIES	/* main-line plies of a game */
#define PGN_MAX_GAME_PLIES	500000  /* plies of a game, variations included */
#define PGN_MAX_DEPTH		32		/* variations inside variations */
#define PGN_MAX_TAGS		1000	/* tag pairs of a game */
#define PGN_MAX_TAG_NAME	255		/* bytes of a tag name */
#define PGN_MAX_TAG_VALUE	4096	/* bytes of a tag value, escapes resolved */
#define PGN_MAX_COMMENT_BYTES 1000000	/* bytes of a game's comments joined by spaces */

/* How many movetext tokens the reader and the writer walk between two calls of poll. */
#define PGN_POLL_TOKENS		4096

typedef enum PgnErrorCode
{
	PGN_OK = 0,
	PGN_SYNTAX,					/* malformed tag, unbalanced comment or variation, ... */
	PGN_BAD_FEN,				/* the FEN tag is not a valid position */
	PGN_BAD_MOVE,				/* a move token is no SAN */
	PGN_ILLEGAL_MOVE,			/* a move is illegal in its position */
	PGN_AMBIGUOUS_MOVE,			/* a move matches several legal moves */
	PGN_LIMIT,					/* the game exceeds one of the limits above */
	PGN_VARIANT					/* the Variant tag names neither chess nor Chess960 */
} PgnErrorCode;

typedef struct PgnError
{
	PgnErrorCode code;
	int			ply;			/* the ply of the offending move, 0 when none */
	const char *token;			/* the offending text, inside the input */
	size_t		token_len;		/* its length (the caller clips it for messages) */
	char		detail[256];	/* a full sentence */
} PgnError;

/*
 * What the reader reports, game by game.  Tag names, values and comments
 * are not NUL-terminated and point into the text or are valid only during
 * the call.  variation is NULL for the main line, else the variation's path:
 * "1", "2" for the main line's variations in the order they open, "1.1" for
 * the first variation inside variation 1, and so on.  A callback returning
 * false stops the reading.  poll, when set, is called at least every 64 kB
 * of text and every few thousand plies, so that the caller can abandon the
 * reading by longjmp (the reader holds no resources).
 */
typedef struct PgnHandler
{
	void	   *arg;
	void		(*tag) (void *arg, const char *name, size_t nlen, const char *value, size_t vlen);
	void		(*ply) (void *arg, int ply, Move m, const Position *before,
						const Position *after, const char *variation);
	/* ply 0 and variation NULL: a comment before the game's first move */
	void		(*comment) (void *arg, int ply, const char *variation, const char *text, size_t len);
	/* a bad move in a variation: the rest of that variation is skipped */
	void		(*variation_error) (void *arg, int ply, const char *variation,
									const char *token, size_t tlen, const char *detail);
	/* the end of a game: err is NULL when it was read without error */
	bool		(*game) (void *arg, int game, const char *result, const Position *start,
						 const Position *final, int plies, const PgnError *err);
	void		(*poll) (void *arg);
	/*
	 * a game begins at byte offset of the text (what was reported of an
	 * unfinished one is to be forgotten)
	 */
	void		(*begin) (void *arg, size_t offset);
	/*
	 * A NAG ($n, or a glyph: ! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6, alone or after
	 * its move) of the line being read; a variation opens (its moves replace
	 * the last move of the line it opens from) or closes.  Each is reported
	 * where the text has it, between the ply and comment callbacks.
	 */
	void		(*nag) (void *arg, unsigned nag);
	void		(*open) (void *arg);
	void		(*close) (void *arg);
} PgnHandler;

/*
 * Reads every game of a PGN text, in time linear in its length.  Moves are
 * read leniently (0-0, missing "x" and "=", ...: PGN "import format").  The
 * main line is what is played; variations are played from the position
 * before the move they replace and reported with their path, and a bad
 * move in one ends only that variation.  A game with an error in its main
 * line or its syntax is reported with it, and reading goes on at the next
 * game.  A game begins with a tag section or movetext; a tag whose name
 * the game already has begins the next game.  Returns the number of games.
 */
extern int	pgn_read(const char *text, size_t len, const PgnHandler *handler);

/*
 * Reads a part of a PGN text that goes on: when final is false, a game the
 * part ends in (no result or next tag section after it) is not reported,
 * and *consumed is where it begins — the caller reads again from there with
 * more text.  (Its tags, plies and comments were reported already: the
 * begin callback marks where a game starts.)  When final is true this is
 * pgn_read(); *consumed is then the whole length.  Game numbers count from
 * 1 in each call.
 */
extern int	pgn_read_part(const char *text, size_t len, bool final, const PgnHandler *handler,
						  size_t *consumed);

typedef void (*PgnEmit) (void *arg, const char *s, size_t n);

/* The longest line pgn_write_movetext() writes: shorter than 80, as the standard asks. */
#define PGN_LINE_MAX 79

/* Whether a tag name is one the reader reads: letters, digits and _+#=:- */
extern bool pgn_tag_name_valid(const char *name, size_t len);

/* The Seven Tag Roster: PGN_ROSTER names in the standard's order (Event ... Result). */
#define PGN_ROSTER 7
extern const char *pgn_roster_name(int i);
/* A name's place in the Seven Tag Roster, or -1 */
extern int	pgn_roster_index(const char *name, size_t len);
/* Whether pgn() writes a tag before all others: the roster's, SetUp and FEN */
extern bool pgn_tag_written_first(const char *name, size_t len);

/*
 * The order in which pgn() writes the other tags when it is given none
 * (<0, 0, >0 as strcmp): lichess's (UTCDate, UTCTime, WhiteElo, ...), then
 * by length, then by bytes, as jsonb orders object keys.
 */
extern int	pgn_tag_cmp(const char *a, size_t alen, const char *b, size_t blen);

/*
 * Writes the movetext of moves played from start — move numbers, SAN, the
 * result (when NULL, the one the final position decides: position_result();
 * when "", none) — through emit, in lines of at most PGN_LINE_MAX characters
 * when wrap is set, else on one line with no line break at all; poll, when
 * not NULL, is called every few thousand moves.  Returns -1, or the index of
 * the first illegal move (nothing more is written); final gets the position
 * reached.
 */
extern int	pgn_write_movetext(const Position *start, const Move *moves, int n,
							   const char *result, bool wrap, PgnEmit emit, void *arg,
							   Position *final, void (*poll) (void *arg));

/*
 * Writes the movetext of an annotated game (annotation.h: its events, the
 * main line's moves among them) as pgn_write_movetext() does, with its
 * comments, NAGs ($n), variations and each move's commands ([%clk ...],
 * written as chessops's makeComment writes them, in the comment that held
 * them or in one of their own after the move and its NAGs).  A comment is
 * one token, never broken across lines.  scratch has room for
 * PGN_ANNOTATED_SCRATCH(ann) bytes.  Returns -1, or the index of the event
 * whose move is illegal.
 */
struct AnnGame;
#define PGN_ANNOTATED_SCRATCH(ann) (ANN_COMMANDS_MAX((ann)->nshapes) * 2 + (ann)->ntext + 16)
extern int	pgn_write_annotated(const Position *start, const struct AnnGame *ann, const char *result,
								bool wrap, PgnEmit emit, void *arg, Position *final,
								void (*poll) (void *arg), char *scratch);

#endif							/* CHESS_ENGINE_PGN_H */
