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

#include "utils/jsonb.h"

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
	ReturnSetInfo *rsinfo;
	bool		plies_mode;		/* pgn_plies (one row a ply) or pgn_games */
	bool		skip_errors;
	bool		keep_errors;	/* pgn_games: a bad game up to its error, with the error */
	bool		with_variations;	/* pgn_plies: the variations' plies too */
	const char *source;			/* the file read, for messages; NULL for a text */
	char	   *event,			/* the game's Event, White and Black tags, for messages */
			   *white,
			   *black;
	int			games_read;
	MemoryContext caller;		/* the context of the call */
	MemoryContext game_cxt;
	MemoryContext row_cxt;		/* the values of one row, reset after it is stored */
	/* pgn_games */
	JsonbParseState *tags;		/* the game's tags; NULL before the first */
	char	  **tag_names;		/* their names in the order read (a game repeats none) */
	int			ntag_names;
	int			tag_names_capacity;
	StringInfoData opening;		/* the comments before the first move; data NULL when none */
	Move	   *moves;			/* the main line's moves */
	int			nmoves;
	int			moves_capacity;
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
 * Sets up the state and the handler h of a reading into the rows of
 * fcinfo's call (plies_mode: pgn_plies' rows, else pgn_games'), and
 * switches to the memory of a game; read_end() frees it.
 */
extern void read_start(FunctionCallInfo fcinfo, bool plies_mode, bool skip_errors, bool keep_errors,
					   PgnReadState *st, PgnHandler *h);
extern void read_end(PgnReadState *st);

#endif							/* CHESS_PGN_READ_H */
