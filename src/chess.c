/*
 * chess.c — module entry point and helpers shared by the glue files.
 */
#include "chess.h"

#include <ctype.h>

PG_MODULE_MAGIC;

void		_PG_init(void);

void
_PG_init(void)
{
	bb_init();
}

/* Skips leading white space and returns the length without trailing white space. */
const char *
chess_trim(const char *s, size_t *len)
{
	size_t		n;

	while (isspace((unsigned char) *s))
		s++;
	n = strlen(s);
	while (n > 0 && isspace((unsigned char) s[n - 1]))
		n--;
	*len = n;
	return s;
}
