/*
 * pgn_file.c — pgn_games_file(): the games of a PGN file on the server,
 * plain, gzip or zstd, read a part at a time into the rows of pgn_games()
 * (pgn.c).
 */
#include "pgn_read.h"

#include "catalog/pg_authid.h"
#include "miscadmin.h"
#include "storage/fd.h"
#include "utils/acl.h"
#include "utils/builtins.h"

#include <zlib.h>
#include <zstd.h>

/*
 * A PGN file on the server, read in parts: plain, gzip or zstd (told by the
 * first bytes), in UTF-8 (validated; a byte-order mark is white space) or a
 * single-byte encoding such as LATIN1 (converted).  The text is read a
 * megabyte at a time and each part's complete games are read, so memory
 * stays that of a part and a game whatever the file's size.
 */
#define FILE_PART (1 << 20)
#define FILE_GAME_MAX (256 << 20)	/* a game longer than this is refused */

typedef enum FileFormat
{
	FILE_PLAIN,
	FILE_GZIP,
	FILE_ZSTD
} FileFormat;

typedef struct PgnFile
{
	FILE	   *f;
	const char *path;
	FileFormat	format;
	z_stream	gz;
	bool		gz_ready;		/* gz is initialised (inflateEnd() frees it) */
	ZSTD_DCtx  *zstd;
	size_t		zstd_pending;	/* the last progress's result: 0 at a frame's end */
	char	   *in;				/* compressed bytes read, not yet decompressed */
	size_t		in_len;
	size_t		in_pos;
	bool		in_eof;
	bool		out_eof;		/* every byte of text has been produced */
} PgnFile;

static size_t
file_read_raw(PgnFile *pf, char *buf, size_t size)
{
	size_t		n = fread(buf, 1, size, pf->f);

	if (n < size && ferror(pf->f))
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not read file \"%s\": %m", pf->path)));
	return n;
}

/* Up to size bytes of decompressed text into buf; 0 at the end. */
static size_t
file_read(PgnFile *pf, char *buf, size_t size)
{
	size_t		produced = 0;

	if (pf->format == FILE_PLAIN)
	{
		produced = file_read_raw(pf, buf, size);
		pf->out_eof = produced == 0;
		return produced;
	}
	while (produced == 0 && !pf->out_eof)
	{
		if (pf->in_pos == pf->in_len && !pf->in_eof)
		{
			pf->in_len = file_read_raw(pf, pf->in, FILE_PART);
			pf->in_pos = 0;
			pf->in_eof = pf->in_len == 0;
		}
		if (pf->format == FILE_GZIP)
		{
			int			rc;

			pf->gz.next_in = (Bytef *) pf->in + pf->in_pos;
			pf->gz.avail_in = (uInt) (pf->in_len - pf->in_pos);
			pf->gz.next_out = (Bytef *) buf;
			pf->gz.avail_out = (uInt) size;
			rc = inflate(&pf->gz, Z_NO_FLUSH);
			pf->in_pos = pf->in_len - pf->gz.avail_in;
			produced = size - pf->gz.avail_out;
			if (rc == Z_STREAM_END)
			{
				/* the end of a gzip member: the file's end, or another member */
				if (pf->in_pos == pf->in_len && !pf->in_eof)
				{
					pf->in_len = file_read_raw(pf, pf->in, FILE_PART);
					pf->in_pos = 0;
					pf->in_eof = pf->in_len == 0;
				}
				if (pf->in_pos < pf->in_len)
					inflateReset(&pf->gz);
				else
					pf->out_eof = true;
			}
			else if (rc != Z_OK && rc != Z_BUF_ERROR)
				ereport(ERROR,
						(errcode(ERRCODE_DATA_CORRUPTED),
						 errmsg("could not decompress file \"%s\": %s", pf->path,
								pf->gz.msg ? pf->gz.msg : "corrupt gzip data")));
			else if (produced == 0 && pf->in_eof)
				ereport(ERROR,
						(errcode(ERRCODE_DATA_CORRUPTED),
						 errmsg("could not decompress file \"%s\": it ends in the middle of its gzip data",
								pf->path)));
		}
		else
		{
			ZSTD_inBuffer zin = {pf->in, pf->in_len, pf->in_pos};
			ZSTD_outBuffer zout = {buf, size, 0};
			size_t		rc = ZSTD_decompressStream(pf->zstd, &zout, &zin);

			if (ZSTD_isError(rc))
				ereport(ERROR,
						(errcode(ERRCODE_DATA_CORRUPTED),
						 errmsg("could not decompress file \"%s\": %s", pf->path,
								ZSTD_getErrorName(rc))));
			if (zin.pos > pf->in_pos || zout.pos > 0)
				pf->zstd_pending = rc;	/* 0: a frame ended and was flushed */
			pf->in_pos = zin.pos;
			produced = zout.pos;
			if (produced == 0 && pf->in_eof && pf->in_pos == pf->in_len)
			{
				if (pf->zstd_pending != 0)
					ereport(ERROR,
							(errcode(ERRCODE_DATA_CORRUPTED),
							 errmsg("could not decompress file \"%s\": it ends in the middle of its zstd data",
									pf->path)));
				pf->out_eof = true;
			}
		}
	}
	return produced;
}

/*
 * pgn_games_file(path text, skip_errors boolean, encoding text) → the rows
 * of pgn_games(): for superusers and members of pg_read_server_files, as
 * COPY FROM a file is.
 */
PG_FUNCTION_INFO_V1(chess_pgn_games_file);
Datum
chess_pgn_games_file(PG_FUNCTION_ARGS)
{
	char	   *path = text_to_cstring(PG_GETARG_TEXT_PP(0));
	char	   *encoding_name = text_to_cstring(PG_GETARG_TEXT_PP(2));
	int			encoding = pg_char_to_encoding(encoding_name);
	PgnReadState st;
	PgnHandler	h;
	PgnFile    *pf;
	unsigned char magic[4] = {0};
	size_t		magic_len;
	char	   *buf;
	size_t		cap = 4 * FILE_PART,
				len = 0;

	if (!has_privs_of_role(GetUserId(), ROLE_PG_READ_SERVER_FILES))
		ereport(ERROR,
				(errcode(ERRCODE_INSUFFICIENT_PRIVILEGE),
				 errmsg("permission denied to read PGN file \"%s\"", chess_quote_cstring(path)),
				 errdetail("Only superusers and roles with the privileges of pg_read_server_files read files on the server."),
				 errhint("A client sends the file's text to pgn_games() instead, in batches of games as examples/load_pgn.py does.")));
	if (encoding < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid encoding name \"%s\"", chess_quote_cstring(encoding_name))));
	if (encoding != PG_UTF8 && pg_encoding_max_length(encoding) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("PGN files in %s are not supported", pg_encoding_to_char(encoding)),
				 errdetail("A PGN file is read in UTF8 or in a single-byte encoding such as LATIN1 or WIN1252.")));

	if (encoding == PG_UTF8 && GetDatabaseEncoding() != PG_UTF8)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("PGN files in UTF8 are read into UTF8 databases only"),
				 errdetail("This database is in %s.", GetDatabaseEncodingName())));

	/* in memory, not on the stack: PG_FINALLY reads what PG_TRY set */
	pf = palloc0(sizeof(PgnFile));
	pf->path = path;
	pf->f = AllocateFile(path, PG_BINARY_R);
	if (pf->f == NULL)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not open file \"%s\" for reading: %m", path)));
	magic_len = fread(magic, 1, sizeof(magic), pf->f);
	rewind(pf->f);
	if (magic_len >= 2 && magic[0] == 0x1f && magic[1] == 0x8b)
		pf->format = FILE_GZIP;
	else if (magic_len == 4 && magic[0] == 0x28 && magic[1] == 0xb5 && magic[2] == 0x2f && magic[3] == 0xfd)
		pf->format = FILE_ZSTD;
	if (pf->format != FILE_PLAIN)
		pf->in = palloc(FILE_PART);
	read_start(fcinfo, false, PG_GETARG_BOOL(1), PG_GETARG_BOOL(3), &st, &h);
	st.source = path;
	MemoryContextSwitchTo(st.caller);
	buf = palloc(cap + 1);
	/*
	 * zlib and zstd allocate with malloc: their state is made inside the
	 * PG_TRY block whose PG_FINALLY frees it, so that no error leaks it.
	 */
	PG_TRY();
	{
		if (pf->format == FILE_GZIP)
		{
			if (inflateInit2(&pf->gz, 15 + 32) != Z_OK)
				elog(ERROR, "could not initialize gzip decompression");
			pf->gz_ready = true;
		}
		else if (pf->format == FILE_ZSTD)
		{
			pf->zstd = ZSTD_createDCtx();
			if (pf->zstd == NULL)
				elog(ERROR, "could not initialize zstd decompression");
		}
		for (;;)
		{
			size_t		consumed,
						valid,
						n;
			bool		final;

			/* fill the buffer with at least a part of text */
			while (len + FILE_PART <= cap && !pf->out_eof)
			{
				n = file_read(pf, buf + len, FILE_PART);
				if (n == 0)
					break;
				len += n;
			}
			final = pf->out_eof;
			/* the text must be valid in the database's encoding */
			if (encoding == PG_UTF8)
			{
				valid = chess_utf8_valid_prefix(buf, len);
				if (valid < len && (final || len - valid >= 4))
					ereport(ERROR,
							(errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
							 errmsg("invalid byte sequence for encoding \"UTF8\" in PGN file \"%s\"",
									chess_quote_cstring(path)),
							 errhint("Give the file's encoding, as in pgn_games_file(path, encoding => 'LATIN1').")));
			}
			else
				valid = len;
			/* read the complete games (all of them at the end) */
			if (encoding != PG_UTF8)
			{
				char	   *converted;
				size_t		converted_len;

				/* a single-byte encoding: each byte a character (NUL refused by the conversion) */
				buf[valid] = '\0';
				converted = pg_any_to_server(buf, (int) valid, encoding);
				converted_len = strlen(converted);
				MemoryContextSwitchTo(st.game_cxt);
				pgn_read_part(converted, converted_len, final, &h, &consumed);
				MemoryContextSwitchTo(st.caller);
				/* back to the file's bytes: the characters of the converted prefix */
				consumed = consumed < converted_len ?
					(size_t) pg_mbstrlen_with_len(converted, (int) consumed) : valid;
				if (converted != buf)
					pfree(converted);
			}
			else
			{
				MemoryContextSwitchTo(st.game_cxt);
				pgn_read_part(buf, valid, final, &h, &consumed);
				MemoryContextSwitchTo(st.caller);
			}
			if (final)
				break;
			memmove(buf, buf + consumed, len - consumed);
			len -= consumed;
			if (len + FILE_PART > cap)
			{
				/* no game ends in the buffer: a longer game; grow it */
				if (cap >= FILE_GAME_MAX)
					ereport(ERROR,
							(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
							 errmsg("a game of PGN file \"%s\" is longer than %d MB",
									chess_quote_cstring(path), FILE_GAME_MAX >> 20),
							 errdetail("Game %d begins a text of %zu bytes with no end of a game in it.",
									   st.games_read + 1, len)));
				cap *= 2;
				buf = repalloc(buf, cap + 1);
			}
		}
	}
	PG_FINALLY();
	{
		if (pf->gz_ready)
			inflateEnd(&pf->gz);
		if (pf->zstd)
			ZSTD_freeDCtx(pf->zstd);
	}
	PG_END_TRY();
	FreeFile(pf->f);
	read_end(&st);
	return (Datum) 0;
}
