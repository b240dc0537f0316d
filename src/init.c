/*
 * init.c — what the server runs when it loads the library: the planner hook
 * that reads pgn_games() in FROM as a stream (pgn_scan.c) and the setting
 * chess.pgn_piece_size (pgn_file.c).  The engine's tables are constant
 * data, made at build time.
 */
#include "chess.h"

#include "utils/guc.h"

PGDLLEXPORT void _PG_init(void);

void
_PG_init(void)
{
	chess_pgn_scan_init();
	chess_pgn_file_init();
#if PG_VERSION_NUM >= 150000
	MarkGUCPrefixReserved("chess");
#else
	EmitWarningsOnPlaceholders("chess");
#endif
}
