/*
 * json.c — reading JSON text token by token (json.h).
 */
#include "json.h"

#include <stdio.h>
#include <string.h>

void
json_init(JsonReader *j, const char *s, size_t len, int max_depth)
{
	memset(j, 0, sizeof(*j));
	j->s = s;
	j->len = len;
	j->max_depth = max_depth;
}

bool
json_fail(JsonReader *j, const char *what)
{
	snprintf(j->error, sizeof(j->error), "%s at byte %zu", what, j->pos);
	return false;
}

void
json_leave(JsonReader *j)
{
	j->depth--;
}

int
json_next(JsonReader *j, char close)
{
	char		c = json_peek(j);
	char		what[40];

	if (c == ',' || c == close)
	{
		j->pos++;
		return c == ',';
	}
	snprintf(what, sizeof(what), "',' or '%c' expected", close);
	json_fail(j, what);
	return -1;
}

static void
skip_space(JsonReader *j)
{
	while (j->pos < j->len && (j->s[j->pos] == ' ' || j->s[j->pos] == '\t' ||
							   j->s[j->pos] == '\n' || j->s[j->pos] == '\r'))
		j->pos++;
}

char
json_peek(JsonReader *j)
{
	skip_space(j);
	return j->pos < j->len ? j->s[j->pos] : '\0';
}

bool
json_expect(JsonReader *j, char c)
{
	char		what[40];

	if (json_peek(j) == c)
	{
		j->pos++;
		return true;
	}
	snprintf(what, sizeof(what), "'%c' expected", c);
	return json_fail(j, what);
}

static int
hex4(const char *s)
{
	int			v = 0,
				i;

	for (i = 0; i < 4; i++)
	{
		char		c = s[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

bool
json_string(JsonReader *j, char *out, size_t cap, bool *cut)
{
	size_t		n = 0;
	bool		full = false;

	if (cut)
		*cut = false;
	if (json_peek(j) != '"')
		return json_fail(j, "a string expected");
	j->pos++;
	for (;;)
	{
		unsigned char c;
		char		buf[4];
		int			blen = 1;

		if (j->pos >= j->len)
			return json_fail(j, "an unterminated string");
		c = (unsigned char) j->s[j->pos++];
		if (c == '"')
			break;
		if (c < 0x20)
			return json_fail(j, "a control character in a string");
		buf[0] = (char) c;
		if (c == '\\')
		{
			if (j->pos >= j->len)
				return json_fail(j, "an unterminated string");
			c = (unsigned char) j->s[j->pos++];
			switch (c)
			{
				case '"':
				case '\\':
				case '/':
					buf[0] = (char) c;
					break;
				case 'b':
					buf[0] = '\b';
					break;
				case 'f':
					buf[0] = '\f';
					break;
				case 'n':
					buf[0] = '\n';
					break;
				case 'r':
					buf[0] = '\r';
					break;
				case 't':
					buf[0] = '\t';
					break;
				case 'u':
					{
						int			u;

						if (j->len - j->pos < 4 || (u = hex4(j->s + j->pos)) < 0)
							return json_fail(j, "a bad \\u escape");
						j->pos += 4;
						if (u >= 0xD800 && u < 0xDC00)
						{
							int			lo;

							if (j->len - j->pos < 6 || j->s[j->pos] != '\\' || j->s[j->pos + 1] != 'u' ||
								(lo = hex4(j->s + j->pos + 2)) < 0xDC00 || lo >= 0xE000)
								return json_fail(j, "a lone surrogate in a \\u escape");
							j->pos += 6;
							u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
						}
						else if (u >= 0xDC00 && u < 0xE000)
							return json_fail(j, "a lone surrogate in a \\u escape");
						if (u == 0)
							return json_fail(j, "a \\u0000 escape");
						if (u < 0x80)
							buf[0] = (char) u;
						else if (u < 0x800)
						{
							buf[0] = (char) (0xC0 | (u >> 6));
							buf[1] = (char) (0x80 | (u & 0x3F));
							blen = 2;
						}
						else if (u < 0x10000)
						{
							buf[0] = (char) (0xE0 | (u >> 12));
							buf[1] = (char) (0x80 | ((u >> 6) & 0x3F));
							buf[2] = (char) (0x80 | (u & 0x3F));
							blen = 3;
						}
						else
						{
							buf[0] = (char) (0xF0 | (u >> 18));
							buf[1] = (char) (0x80 | ((u >> 12) & 0x3F));
							buf[2] = (char) (0x80 | ((u >> 6) & 0x3F));
							buf[3] = (char) (0x80 | (u & 0x3F));
							blen = 4;
						}
						break;
					}
				default:
					return json_fail(j, "a bad escape in a string");
			}
		}
		if (out && !full)
		{
			if (n + (size_t) blen < cap)
			{
				memcpy(out + n, buf, (size_t) blen);
				n += (size_t) blen;
			}
			else
			{
				full = true;	/* what fits, a prefix */
				if (cut)
					*cut = true;
			}
		}
	}
	if (out)
		out[n] = '\0';
	return true;
}

bool
json_enter(JsonReader *j)
{
	if (++j->depth > j->max_depth)
	{
		snprintf(j->error, sizeof(j->error), "arrays and objects more than %d deep", j->max_depth);
		j->too_deep = true;
		return false;
	}
	return true;
}

/* Any value, read and dropped. */
bool
json_skip(JsonReader *j)
{
	char		c = json_peek(j);

	if (c == '"')
		return json_string(j, NULL, 0, NULL);
	if (c == '{' || c == '[')
	{
		char		close = c == '{' ? '}' : ']';

		if (!json_enter(j))
			return false;
		j->pos++;
		if (json_peek(j) == close)
		{
			j->pos++;
			json_leave(j);
			return true;
		}
		for (;;)
		{
			int			more;

			if (c == '{' && (!json_string(j, NULL, 0, NULL) || !json_expect(j, ':')))
				return false;
			if (!json_skip(j))
				return false;
			if ((more = json_next(j, close)) < 0)
				return false;
			if (more == 0)
				break;
		}
		json_leave(j);
		return true;
	}
	if (c == '-' || (c >= '0' && c <= '9'))
	{
		if (j->s[j->pos] == '-')
			j->pos++;
		if (j->pos < j->len && j->s[j->pos] == '0')
			j->pos++;
		else if (j->pos < j->len && j->s[j->pos] >= '1' && j->s[j->pos] <= '9')
			while (j->pos < j->len && j->s[j->pos] >= '0' && j->s[j->pos] <= '9')
				j->pos++;
		else
			return json_fail(j, "a bad number");
		if (j->pos < j->len && j->s[j->pos] == '.')
		{
			j->pos++;
			if (j->pos >= j->len || j->s[j->pos] < '0' || j->s[j->pos] > '9')
				return json_fail(j, "a bad number");
			while (j->pos < j->len && j->s[j->pos] >= '0' && j->s[j->pos] <= '9')
				j->pos++;
		}
		if (j->pos < j->len && (j->s[j->pos] == 'e' || j->s[j->pos] == 'E'))
		{
			j->pos++;
			if (j->pos < j->len && (j->s[j->pos] == '+' || j->s[j->pos] == '-'))
				j->pos++;
			if (j->pos >= j->len || j->s[j->pos] < '0' || j->s[j->pos] > '9')
				return json_fail(j, "a bad number");
			while (j->pos < j->len && j->s[j->pos] >= '0' && j->s[j->pos] <= '9')
				j->pos++;
		}
		return true;
	}
	{
		static const char *const words[] = {"true", "false", "null"};
		int			i;

		for (i = 0; i < 3; i++)
		{
			size_t		n = strlen(words[i]);

			if (j->len - j->pos >= n && memcmp(j->s + j->pos, words[i], n) == 0)
			{
				j->pos += n;
				return true;
			}
		}
	}
	return json_fail(j, c ? "a value expected" : "the text ends early");
}
