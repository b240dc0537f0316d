/*
 * json.h — reading JSON text token by token (RFC 8259), for the readers
 * of query languages built on it (query.c): white space skipped, strings
 * decoded (escapes, surrogate pairs; \u0000 refused), any value skipped,
 * the nesting of arrays and objects counted against a limit.  The reader
 * builds nothing: its caller knows the grammar.  Every function returns
 * false at text that is no JSON, with error saying why and where.
 */
#ifndef CHESS_ENGINE_JSON_H
#define CHESS_ENGINE_JSON_H

#include <stdbool.h>
#include <stddef.h>

typedef struct JsonReader
{
	const char *s;
	size_t		len;
	size_t		pos;			/* the next byte */
	int			depth;			/* arrays and objects open */
	int			max_depth;
	bool		too_deep;		/* the error is the nesting limit */
	char		error[120];		/* "" while all is well */
} JsonReader;

extern void json_init(JsonReader *j, const char *s, size_t len, int max_depth);

/* The next character after white space, or '\0' at the end of the text. */
extern char json_peek(JsonReader *j);

/* Reads the character c (after white space). */
extern bool json_expect(JsonReader *j, char c);

/*
 * A string, decoded into out (cap bytes, its terminator included; a longer
 * one is cut and *cut set, when cut is not NULL).  out may be NULL to skip it.
 */
extern bool json_string(JsonReader *j, char *out, size_t cap, bool *cut);

/* Any value, read and dropped. */
extern bool json_skip(JsonReader *j);

/* An array or object opens ('[' or '{' read): false past max_depth. */
extern bool json_enter(JsonReader *j);
extern void json_leave(JsonReader *j);

/*
 * After an element of an array or a member of an object: 1 when a ','
 * follows (another comes), 0 when close does (it is read), -1 (an error)
 * for anything else.
 */
extern int	json_next(JsonReader *j, char close);

/* Sets the error: what went wrong, at the reader's byte; returns false. */
extern bool json_fail(JsonReader *j, const char *what);

#endif							/* CHESS_ENGINE_JSON_H */
