/*
 * chess.h — PostgreSQL glue: Datum macros for the extension's types and
 * helpers shared by the glue files.  The chess itself lives in src/engine/,
 * which includes no PostgreSQL header.
 */
#ifndef CHESS_H
#define CHESS_H

#include "postgres.h"
#include "fmgr.h"
#include "utils/jsonb.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "utils/array.h"

#if PG_VERSION_NUM >= 160000
#include "nodes/miscnodes.h"
#include "varatt.h"
#else
/* Soft input errors arrived in 16; before, an input function raises. */
#define ereturn(context, dummy_value, ...) \
	do { ereport(ERROR, __VA_ARGS__); return dummy_value; } while (0)
#endif

/*
 * The library is built with hidden visibility (Makefile): only what the
 * server looks up — the fmgr entry points and their info records, the
 * magic block, _PG_init — is exported, so that no other library's symbol
 * of the same name (perft, fen_parse, ...) can interpose on ours.  16 and
 * later define PGDLLEXPORT so; before, it is empty on ELF platforms.
 */
#if PG_VERSION_NUM < 160000 && defined(__GNUC__) && !defined(_WIN32)
#undef PGDLLEXPORT
#define PGDLLEXPORT __attribute__((visibility("default")))
/* as 16 declares it: the function exported with its info record */
#undef PG_FUNCTION_INFO_V1
#define PG_FUNCTION_INFO_V1(funcname) \
extern PGDLLEXPORT Datum funcname(PG_FUNCTION_ARGS); \
extern PGDLLEXPORT const Pg_finfo_record * CppConcat(pg_finfo_,funcname)(void); \
const Pg_finfo_record * \
CppConcat(pg_finfo_,funcname) (void) \
{ \
	static const Pg_finfo_record my_finfo = { 1 }; \
	return &my_finfo; \
} \
extern int no_such_variable
#endif

/* 18 marks a function that does not return before it, older majors after it. */
#if PG_VERSION_NUM >= 180000
#define CHESS_NORETURN_BEFORE pg_noreturn
#define CHESS_NORETURN_AFTER
#else
#define CHESS_NORETURN_BEFORE
#define CHESS_NORETURN_AFTER pg_attribute_noreturn()
#endif

/* 14 renamed the predefined roles' OIDs and added pg_encoding_verifymbstr(). */
#if PG_VERSION_NUM < 140000
#define ROLE_PG_READ_SERVER_FILES DEFAULT_ROLE_READ_SERVER_FILES
#endif

/* The length of the longest valid UTF-8 prefix of s. */
static inline size_t
chess_utf8_valid_prefix(const char *s, size_t len)
{
#if PG_VERSION_NUM >= 140000
	return (size_t) pg_encoding_verifymbstr(PG_UTF8, s, (int) len);
#else
	size_t		i = 0;

	while (i < len)
	{
		int			l = pg_encoding_verifymb(PG_UTF8, s + i, (int) (len - i));

		if (l < 0)
			break;
		i += l;
	}
	return i;
#endif
}

#include "engine/annotation.h"

/*
 * square: 1 byte, pass by value (engine/types.h has the bit layout).
 * piece:  1 byte, pass by value.
 * move:   2 bytes, pass by value.
 * position: PACKED_POSITION_SIZE bytes, pass by reference, char-aligned
 *           (engine/position.h has the byte layout).
 */
#define DatumGetSquare(X)		((Square) DatumGetUInt8(X))
#define SquareGetDatum(X)		UInt8GetDatum(X)
#define PG_GETARG_SQUARE(n)		DatumGetSquare(PG_GETARG_DATUM(n))
#define PG_RETURN_SQUARE(x)		return SquareGetDatum(x)

#define DatumGetPiece(X)		((Piece) DatumGetUInt8(X))
#define PieceGetDatum(X)		UInt8GetDatum(X)
#define PG_GETARG_PIECE(n)		DatumGetPiece(PG_GETARG_DATUM(n))
#define PG_RETURN_PIECE(x)		return PieceGetDatum(x)

#define DatumGetMove(X)			((Move) DatumGetUInt16(X))
#define MoveGetDatum(X)			UInt16GetDatum(X)
#define PG_GETARG_MOVE(n)		DatumGetMove(PG_GETARG_DATUM(n))
#define PG_RETURN_MOVE(x)		return MoveGetDatum(x)

typedef struct ChessPosition
{
	uint8		bytes[PACKED_POSITION_SIZE];
} ChessPosition;

#define DatumGetPositionP(X)	((ChessPosition *) DatumGetPointer(X))

/* the input function, for functions that read a literal themselves */
extern Datum position_in(PG_FUNCTION_ARGS);
#define PositionPGetDatum(X)	PointerGetDatum(X)
#define PG_GETARG_POSITION_P(n)	DatumGetPositionP(PG_GETARG_DATUM(n))
#define PG_RETURN_POSITION_P(x)	return PositionPGetDatum(x)

/*
 * game: a varlena whose data is the encoded game of engine/game.h, read
 * through the packed (short-header) form; a value of a format version this
 * library does not know (written by a newer one), or with a damaged header,
 * raises XX001.
 */
extern struct varlena *chess_game_detoast(Datum d);
#define DatumGetGameP(X)		chess_game_detoast(X)
#define PG_GETARG_GAME_P(n)		DatumGetGameP(PG_GETARG_DATUM(n))
#define GAME_DATA(g)			((const uint8 *) VARDATA_ANY(g))
/* the bytes of the bare game: the annotation section and its trailer left out */
#define GAME_LEN(g)				game_bare_len(GAME_DATA(g), VARSIZE_ANY_EXHDR(g))
/* all the bytes, annotations included */
#define GAME_FULL_LEN(g)		VARSIZE_ANY_EXHDR(g)

/*
 * Reading a game value: as the engine's reader (engine/game.h), raising
 * XX001 when the bytes are damaged (a start that is no position, a field
 * beyond its count, a move that leaves the king in check, moves past the
 * end of the value or bytes after its last move) — never a position that
 * cannot be.
 */
CHESS_NORETURN_BEFORE extern void chess_game_damaged(const char *why) CHESS_NORETURN_AFTER;

static inline void
chess_game_reader(GameReader *r, const struct varlena *g)
{
	if (unlikely(!game_reader_init(r, GAME_DATA(g), GAME_LEN(g))))
		chess_game_damaged(r->error);
}

static inline Move
chess_game_next(GameReader *r)
{
	Move		m = game_reader_next(r);

	if (unlikely(m == MOVE_NULL))
		chess_game_damaged(r->error);
	return m;
}

/* The moves of a game value (palloc'd; final, when not NULL, the position after them); their number. */
extern int	chess_game_decode(const struct varlena *g, Move **moves, Position *final);

/*
 * The end of a game by the rules (outcome.c): how often its final position
 * occurs in it (final receives it; moves, when not NULL, its moves in a
 * palloc'd array with room for one more), and the termination of a position that
 * occurs repetitions times — "checkmate", "stalemate", "insufficient
 * material", "seventy-five moves", "fivefold repetition" with *result, or
 * NULL (and "*") while the game goes on.
 */
extern int	chess_game_repetitions(const struct varlena *g, Position *final, Move **moves);
extern const char *chess_termination(const Position *pos, int repetitions, const char **result);

/*
 * A move in SAN or UCI (notation.c), raising 22P02 for what is no move
 * notation, 22023 for an illegal or ambiguous move.
 */
extern Move chess_parse_notation(const Position *pos, text *notation, bool lenient);

/* The start of a game value, read without its moves. */
extern void chess_game_start(const struct varlena *g, Position *start);

/*
 * Annotations (engine/annotation.h), read and written in the current memory
 * context: chess_ann_alloc is the engine's allocator; chess_game_annotations()
 * reads a value's whole model (its main line's moves are in ann's events
 * and nodes; a bare value gives a model of its moves alone), raising XX001
 * for damaged bytes; chess_game_annotate() appends a model to g, the bare
 * value (palloc'd, reallocated) of its main line, moves from start, and
 * returns it (g itself when the model holds nothing; variations left open
 * are closed; 54000 when its comments, written as PGN, would pass the PGN
 * reader's limit).
 */
struct AnnGame;
extern void *chess_ann_alloc(void *ctx, void *old, size_t size);
extern void chess_game_annotations(const struct varlena *g, struct AnnGame *ann, Position *start);
/* chess_game_annotations(), and the nodes of its main line in a palloc'd array; their number */
extern int	chess_game_main_line(const struct varlena *g, struct AnnGame *ann, int **nodes, Position *start);
extern void chess_write_annotated(const struct varlena *g, const char *result, bool wrap,
								  StringInfo out, Position *final);
extern struct varlena *chess_game_annotate(struct varlena *g, const Position *start, const Move *moves,
										   int n, struct AnnGame *ann);
/* an empty model read with CHECK_FOR_INTERRUPTS(); whether its comments are valid in the database's encoding */
extern void chess_ann_init(struct AnnGame *ann);
extern bool chess_ann_text_valid(const struct AnnGame *ann);

/*
 * pattern and material: fixed-length, by reference, char-aligned
 * (engine/search.h has their byte layouts).
 */
typedef struct ChessPattern
{
	uint8		bytes[105];
} ChessPattern;

typedef struct ChessBalance
{
	uint8		bytes[20];
} ChessBalance;

#define PG_GETARG_PATTERN_P(n)	((ChessPattern *) PG_GETARG_POINTER(n))
#define PG_GETARG_BALANCE_P(n)	((ChessBalance *) PG_GETARG_POINTER(n))

/*
 * pattern.c and balance.c: their values unpacked, checked (XX001 for bytes
 * no writer produces); a material query packed into a new value.
 */
struct Pattern;
struct MaterialQuery;
extern void pattern_from_datum(const ChessPattern *d, struct Pattern *p);
extern void material_from_datum(const ChessBalance *d, struct MaterialQuery *q);
extern ChessBalance *material_to_datum(const struct MaterialQuery *q);

/* moves.c */
CHESS_NORETURN_BEFORE extern void report_illegal_move(const Position *pos, Move m, int ply) CHESS_NORETURN_AFTER;
/* m if legal in pos (castling written either way, as the generator writes it); else 22023 */
extern Move chess_legal_move(const Position *pos, Move m, int ply);

/* game.c: a game value of legal moves from start; 22023 at an illegal one */
extern struct varlena *chess_game_from_moves(const Position *start, const Move *moves, int n);
extern struct varlena *chess_game_from_legal_moves(const Position *start, const Move *moves, int n);

/* position.c */
extern void position_from_datum(const ChessPosition *datum, Position *pos);
extern ChessPosition *position_to_datum(const Position *pos);

/*
 * The six comparison operators and the btree support function of a type,
 * from a three-way comparison CMP(a, b) of two arguments fetched with GETARG.
 */
#define CHESS_COMPARISON_FUNCTIONS(prefix, GETARG, CMP)						\
PG_FUNCTION_INFO_V1(prefix##_cmp);											\
Datum prefix##_cmp(PG_FUNCTION_ARGS)										\
{ PG_RETURN_INT32(CMP(GETARG(0), GETARG(1))); }								\
PG_FUNCTION_INFO_V1(prefix##_eq);											\
Datum prefix##_eq(PG_FUNCTION_ARGS)											\
{ PG_RETURN_BOOL(CMP(GETARG(0), GETARG(1)) == 0); }							\
PG_FUNCTION_INFO_V1(prefix##_ne);											\
Datum prefix##_ne(PG_FUNCTION_ARGS)											\
{ PG_RETURN_BOOL(CMP(GETARG(0), GETARG(1)) != 0); }							\
PG_FUNCTION_INFO_V1(prefix##_lt);											\
Datum prefix##_lt(PG_FUNCTION_ARGS)											\
{ PG_RETURN_BOOL(CMP(GETARG(0), GETARG(1)) < 0); }							\
PG_FUNCTION_INFO_V1(prefix##_le);											\
Datum prefix##_le(PG_FUNCTION_ARGS)											\
{ PG_RETURN_BOOL(CMP(GETARG(0), GETARG(1)) <= 0); }							\
PG_FUNCTION_INFO_V1(prefix##_gt);											\
Datum prefix##_gt(PG_FUNCTION_ARGS)											\
{ PG_RETURN_BOOL(CMP(GETARG(0), GETARG(1)) > 0); }							\
PG_FUNCTION_INFO_V1(prefix##_ge);											\
Datum prefix##_ge(PG_FUNCTION_ARGS)											\
{ PG_RETURN_BOOL(CMP(GETARG(0), GETARG(1)) >= 0); }

/* The transition functions of a type's min() and max() aggregates. */
#define CHESS_MINMAX_FUNCTIONS(prefix, GETARG, CMP)							\
PG_FUNCTION_INFO_V1(prefix##_smaller);										\
Datum prefix##_smaller(PG_FUNCTION_ARGS)									\
{ return PG_GETARG_DATUM(CMP(GETARG(0), GETARG(1)) <= 0 ? 0 : 1); }			\
PG_FUNCTION_INFO_V1(prefix##_larger);										\
Datum prefix##_larger(PG_FUNCTION_ARGS)										\
{ return PG_GETARG_DATUM(CMP(GETARG(0), GETARG(1)) >= 0 ? 0 : 1); }

/* Three-way comparison of two small unsigned values. */
#define CHESS_CMP_VALUE(a, b)	((int) (a) - (int) (b))

/* Hash support for a by-value type of at most 4 bytes. */
#define CHESS_HASH_BYVAL_FUNCTIONS(prefix, GETARG)							\
PG_FUNCTION_INFO_V1(prefix##_hash);											\
Datum prefix##_hash(PG_FUNCTION_ARGS)										\
{ return hash_uint32((uint32) GETARG(0)); }									\
PG_FUNCTION_INFO_V1(prefix##_hash_extended);								\
Datum prefix##_hash_extended(PG_FUNCTION_ARGS)								\
{ return hash_uint32_extended((uint32) GETARG(0), PG_GETARG_INT64(1)); }

/* Input of a scalar type from text with surrounding white space trimmed. */
extern const char *chess_trim(const char *s, size_t *len);

/* The text of a tag of a jsonb object (the tags of a game), or NULL with *len 0 when it has none. */
extern const char *chess_tag_text(Jsonb *tags, const char *name, size_t *len);

/*
 * User input quoted in a message: at most CHESS_QUOTE_MAX bytes of it, cut
 * on a character boundary, with "..." when cut.  s must be valid in the
 * database encoding (text and cstring arguments are).
 */
#define CHESS_QUOTE_MAX 100
extern char *chess_quote(const char *s, size_t len);
extern char *chess_quote_cstring(const char *s);

/* A colour argument, "white"/"w" or "black"/"b"; 22023 for anything else. */
extern Color chess_color_argument(text *t);

/*
 * A move[] of n moves (elemtype the type move): the moves' 2-byte values
 * copied at once, the array construct_array() would make element by element.
 */
extern ArrayType *chess_move_array(Oid elemtype, const Move *moves, int n);

/* pgn_scan.c: the planner hook that reads pgn_games() in FROM as a stream */
extern void chess_pgn_scan_init(void);
/* pgn_file.c: the setting chess.pgn_piece_size */
extern void chess_pgn_file_init(void);

/*
 * An engine sentence for errdetail, valid in the database encoding: the
 * engine quotes input bytewise and clips at a byte count, so a byte that
 * does not form a character is written as \xNN.
 */
extern const char *chess_detail(const char *detail);

/*
 * Binary input of a fixed-size type: raises 22P03 unless exactly size
 * bytes are left in buf (an empty field would otherwise be a protocol
 * violation, 08P01, and extra bytes an error of COPY's own).
 */
extern void chess_check_binary_size(StringInfo buf, int size, const char *type);

/* A poll callback for the engine's long loops: CHECK_FOR_INTERRUPTS(). */
extern void chess_poll(void *arg);

/* An emit callback of the engine's writers that appends to a StringInfo. */
extern void chess_emit_stringinfo(void *arg, const char *s, size_t n);

/*
 * The moves of a move[] (no NULLs, at most 65,535: a game's plies), in a
 * palloc'd array; returns their number.
 */
extern int	chess_moves_from_array(ArrayType *array, Move **out);

/*
 * Starts a set-returning function in materialize mode with the tuple
 * descriptor the caller expects (no catalog lookup, nothing left behind per
 * call): rsinfo->setResult and setDesc are ready for tuplestore_putvalues.
 */
extern ReturnSetInfo *chess_materialize(FunctionCallInfo fcinfo);

#endif							/* CHESS_H */
