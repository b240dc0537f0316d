/*
 * pgn_file.c — pgn_games_file(): the games of a PGN file on the server,
 * plain, gzip or zstd, read a part at a time into the rows of pgn_games()
 * (pgn.c).
 */
#include "pgn_read.h"
#include "pgn_frames.h"
#include "pgn_pieces.h"

#include "catalog/pg_authid.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "storage/fd.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/guc.h"

#include <zlib.h>
#include <zstd.h>

/*
 * A PGN file on the server, read in parts: plain, gzip or zstd (told by the
 * first bytes), in UTF-8 (validated; a byte-order mark is white space) or a
 * single-byte encoding such as LATIN1 (converted).  The text is read a
 * megabyte at a time and each part's complete games are read, so memory
 * stays that of a part and a game whatever the file's size.
 */
#define FILE_GAME_MAX (256 << 20)	/* a game longer than this is refused */

typedef enum FileFormat
{
	FILE_PLAIN,
	FILE_GZIP,
	FILE_ZSTD
} FileFormat;

typedef struct PgnFile
{
	off_t		offset;			/* the bytes of the file read so far */
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

/*
 * The next bytes of the file, opened for this read and closed after it:
 * the rows are returned over many calls, which may run in different
 * subtransactions (a cursor FETCHed after SAVEPOINTs), and a file kept open
 * between calls would be closed by the rollback of the one that opened it.
 */
static size_t
file_read_raw(PgnFile *pf, char *buf, size_t size)
{
	FILE	   *f = AllocateFile(pf->path, PG_BINARY_R);
	size_t		n;

	if (f == NULL)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not open file \"%s\" for reading: %m", pf->path)));
	if (fseeko(f, pf->offset, SEEK_SET) != 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not seek in file \"%s\": %m", pf->path)));
	n = fread(buf, 1, size, f);
	if (n < size && ferror(f))
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not read file \"%s\": %m", pf->path)));
	FreeFile(f);
	pf->offset += (off_t) n;
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

/* pgn_games_file(): the file and where its reading is, from call to call */
typedef struct FileReading
{
	PgnReadState st;
	PgnHandler	h;
	PgnFile    *pf;
	int			encoding;		/* the file's */
	char	   *buf;			/* text read, in the database's encoding */
	size_t		cap;
	size_t		len;
	size_t		valid;			/* parts = 1: the bytes of buf known to be valid UTF-8 */
	size_t		start;			/* the bytes of buf consumed (parts > 1: where the piece begins), moved out to make room */
	bool		final;			/* buf ends with the file's last text */
	bool		more;			/* the last reading stopped at a full queue */
	bool		done;
	/* a part of the file (parts > 1): its pieces, from buf + start */
	int			part;			/* 0 to parts - 1 */
	int			parts;
	int64		piece;			/* the number of the piece at buf + start */
	int			games_before;	/* the games that begin before it */
	size_t		piece_len;		/* its length, when its end is known (piece_known) */
	bool		piece_known;
	bool		last_piece;		/* it ends with the file */
	size_t		piece_pos;		/* how much of it is read */
	size_t		search_from;	/* where to look on for its end */
	int64		buf_start;		/* the offset of the piece (buf + start) in the text */
	int64		piece_size;		/* chess.pgn_piece_size when the reading began */
	/* NULL, or each part's pieces in a run: part k's end (zone_ends(); the last part's is INT64_MAX) */
	int64	   *zone_end;
	/* a file of pzstd's frames: its reader, and the text of the part's piece */
	FrameReader *frames;
	const char *piece_text;
} FileReading;

/* chess.pgn_piece_size: the size of the pieces a file is cut into for its parts */
static int	piece_size = 1 << 20;

void
chess_pgn_file_init(void)
{
	DefineCustomIntVariable("chess.pgn_piece_size",
							"The size of the pieces pgn_games_file() cuts a file into for its parts.",
							"Piece j of the text, from its first game at or after byte j times this size, is read by part j mod parts + 1, or, in a gzip or zstd file read in at most 1024 parts, by the part of its run; a file of pzstd's frames read in 2 to 64 parts is cut at its frames.",
							&piece_size, 1 << 20, 1, 64 << 20, PGC_USERSET, GUC_UNIT_BYTE, NULL, NULL, NULL);
}

/*
 * zlib and zstd allocate with malloc: they are freed when the memory of the
 * calls goes, at the end, at an error, or at a LIMIT.
 */
static void
file_free_decompressor(void *arg)
{
	PgnFile    *pf = arg;

	if (pf->gz_ready)
		inflateEnd(&pf->gz);
	pf->gz_ready = false;
	if (pf->zstd)
		ZSTD_freeDCtx(pf->zstd);
	pf->zstd = NULL;
}

/* Raises the error of a text that is not valid UTF-8. */
static void
file_invalid_utf8(FileReading *r)
{
	ereport(ERROR,
			(errcode(ERRCODE_CHARACTER_NOT_IN_REPERTOIRE),
			 errmsg("invalid byte sequence for encoding \"UTF8\" in PGN file \"%s\"",
					chess_quote_cstring(r->pf->path)),
			 errhint("Give the file's encoding, as in pgn_games_file(path, encoding => 'LATIN1').")));
}

/* Moves the bytes not consumed to the front of buf when fewer than need bytes are free after them. */
static void
file_make_room(FileReading *r, size_t need)
{
	if (r->cap - r->len < need && r->start > 0)
	{
		memmove(r->buf, r->buf + r->start, r->len - r->start);
		r->len -= r->start;
		r->valid -= Min(r->valid, r->start);
		r->start = 0;
	}
}

/*
 * Appends the next text of the file to buf, converted, and validated when
 * the file is read in one part (a part validates its own pieces only,
 * file_read_part()).  The bytes before start are consumed: they make room.
 */
static void
file_more_text(FileReading *r)
{
	size_t		n;

	file_make_room(r, FILE_PART);
	if (r->cap - r->len < FILE_PART)
	{
		/* no game ends in the buffer: a longer game; grow it */
		if (r->cap >= FILE_GAME_MAX)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("a game of PGN file \"%s\" is longer than %d MB",
							chess_quote_cstring(r->pf->path), FILE_GAME_MAX >> 20),
					 errdetail("Game %d begins a text of %zu bytes with no end of a game in it.",
							   r->st.games_read + 1, r->len)));
		r->cap *= 2;
		r->buf = repalloc(r->buf, r->cap + 1);
	}
	if (r->encoding == PG_UTF8)
	{
		n = file_read(r->pf, r->buf + r->len, FILE_PART);
		r->len += n;
	}
	else
	{
		/* a single-byte encoding: each byte a character (NUL refused by the conversion) */
		char	   *raw = palloc(FILE_PART + 1),
				   *converted;

		n = file_read(r->pf, raw, FILE_PART);
		raw[n] = '\0';
		converted = pg_any_to_server(raw, (int) n, r->encoding);
		n = strlen(converted);
		file_make_room(r, n);
		while (r->cap - r->len < n)
		{
			r->cap *= 2;
			r->buf = repalloc(r->buf, r->cap + 1);
		}
		memcpy(r->buf + r->len, converted, n);
		r->len += n;
		if (converted != raw)
			pfree(converted);
		pfree(raw);
	}
	r->final = r->pf->out_eof;
	/* the text must be valid in the database's encoding */
	if (r->encoding == PG_UTF8 && r->parts == 1)
	{
		r->valid += chess_utf8_valid_prefix(r->buf + r->valid, r->len - r->valid);
		if (r->valid < r->len && (r->final || r->len - r->valid >= 4))
			file_invalid_utf8(r);
	}
	else
		r->valid = r->len;
}

/*
 * Reads on until rows are queued or the file is read: the games of the
 * text in the buffer, and more text when the buffer holds no complete game.
 */
static void
file_read_games(FileReading *r)
{
	while (r->st.nqueued == 0 && !r->done)
	{
		size_t		consumed;

		CHECK_FOR_INTERRUPTS();
		if (!r->more && !r->final)
			file_more_text(r);	/* the games read make room for it */
		consumed = read_queue(&r->st, &r->h, r->buf + r->start, r->valid - r->start, r->final);
		r->start += consumed;
		r->more = r->st.nqueued >= PGN_QUEUE_ROWS;
		r->done = r->final && !r->more;
	}
}

/* The part that reads piece j */
static inline int
piece_owner(const FileReading *r, int64 j)
{
	int			k = 0;

	if (r->zone_end == NULL)
		return (int) (j % r->parts);
	while (j >= r->zone_end[k])
		k++;
	return k;
}

/*
 * A part of the file: the text is cut into pieces, piece j from the first
 * game that begins at or after byte j * chess.pgn_piece_size to the first
 * at or after byte (j + 1) * chess.pgn_piece_size, and piece j belongs to
 * part j mod parts, or to the part of its run (zone_ends()).  A part reads
 * the text from the start (decompression is sequential) to the end of its
 * last piece but validates and reads games in its own pieces only, and
 * counts the games that begin in the others, so that a game's number is
 * its number in the file.  Returns when rows are queued or the part is
 * read.
 */
static void
file_read_part(FileReading *r)
{
	while (r->st.nqueued == 0 && !r->done)
	{
		/* the piece: the text from buf + start, have bytes of it read */
		const char *piece = r->buf + r->start;
		size_t		have = r->len - r->start;
		bool		mine = piece_owner(r, r->piece) == r->part;

		CHECK_FOR_INTERRUPTS();
		if (!r->piece_known)
		{
			int64		target = (r->piece + 1) * r->piece_size - r->buf_start;

			if (target <= 0)
			{
				/* the next piece begins where this one does: this one is empty */
				r->piece_len = 0;
				r->piece_known = true;
			}
			else
			{
				size_t		p = next_cut(piece, Max((size_t) target, r->search_from), have);

				if (p < have)
				{
					r->piece_len = p;
					r->piece_known = true;
				}
				else if (r->final)
				{
					r->piece_len = have;
					r->piece_known = r->last_piece = true;
				}
				else
				{
					/* every byte read is looked at: on with more text */
					if (have > (size_t) target && have - (size_t) target > PIECE_SEARCH_MAX)
						ereport(ERROR,
								(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
								 errmsg("PGN file \"%s\" cannot be cut into parts",
										chess_quote_cstring(r->pf->path)),
								 errdetail("No empty line followed by a tag line in the %d MB of its text after byte %lld: its games are not separated by empty lines.",
										   PIECE_SEARCH_MAX >> 20, (long long) (r->buf_start + target)),
								 errhint("Read it in one part (parts => 1).")));
					r->search_from = have;
					file_more_text(r);
					continue;
				}
			}
			r->piece_pos = 0;
			if (mine)
			{
				r->st.games_read = r->games_before;
				/* a part's own text must be valid in the database's encoding; the others' is theirs to check */
				if (r->encoding == PG_UTF8 &&
					chess_utf8_valid_prefix(piece, r->piece_len) < r->piece_len)
					file_invalid_utf8(r);
			}
		}
		if (mine && r->piece_pos < r->piece_len)
		{
			r->piece_pos += read_queue(&r->st, &r->h, piece + r->piece_pos,
									   r->piece_len - r->piece_pos, true);
			if (r->st.nqueued >= PGN_QUEUE_ROWS && r->piece_pos < r->piece_len)
				continue;		/* the queue is full: the piece goes on at the next call */
		}
		else
			read_advance(&r->st, piece, r->piece_len);
		/* the piece is read: on to the next, where it ends */
		r->games_before = read_count_games(r->games_before,
										   count_game_starts(piece, r->piece_len, r->buf_start == 0));
		r->start += r->piece_len;
		r->buf_start += r->piece_len;
		r->piece++;
		r->piece_known = false;
		r->search_from = 0;
		/* the end of the file, or of this part's run */
		r->done = r->last_piece || (r->zone_end && r->piece >= r->zone_end[r->part]);
	}
}

/*
 * A part of a file of pzstd's frames (pgn_frames.c): its pieces, each cut
 * at a frame and told with the games and the text before it.  Returns
 * when rows are queued or the part is read.
 */
static void
file_read_frames(FileReading *r)
{
	while (r->st.nqueued == 0 && !r->done)
	{
		FramePiece piece;

		CHECK_FOR_INTERRUPTS();
		if (r->piece_pos < r->piece_len)
		{
			r->piece_pos += read_queue(&r->st, &r->h, r->piece_text + r->piece_pos,
									   r->piece_len - r->piece_pos, true);
			continue;
		}
		if (!frames_next(r->frames, &piece))
		{
			r->done = true;
			break;
		}
		/* a part's own text must be valid UTF-8; the others' is theirs to check */
		if (chess_utf8_valid_prefix(piece.text, piece.len) < piece.len)
			file_invalid_utf8(r);
		r->st.games_read = piece.games_before;
		r->st.base_offset = piece.offset;
		read_advance(&r->st, piece.text, 0);
		r->piece_text = piece.text;
		r->piece_len = piece.len;
		r->piece_pos = 0;
	}
}

/* Opens the file of a pgn_games_file() call, in the memory of its calls. */
static FileReading *
file_start(FunctionCallInfo fcinfo, MemoryContext calls)
{
	char	   *path = text_to_cstring(PG_GETARG_TEXT_PP(0));
	char	   *encoding_name = text_to_cstring(PG_GETARG_TEXT_PP(2));
	int			encoding = pg_char_to_encoding(encoding_name);
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	FileReading *r;
	PgnFile    *pf;
	MemoryContextCallback *cb;
	unsigned char magic[4] = {0};
	size_t		magic_len;
	int64		text_size = -1;

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

	if (rsinfo == NULL || !IsA(rsinfo, ReturnSetInfo))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("set-valued function called in context that cannot accept a set")));
	r = palloc0(sizeof(FileReading));
	r->encoding = encoding;
	r->piece_size = piece_size;
	r->part = PG_GETARG_INT32(4) - 1;
	r->parts = PG_GETARG_INT32(5);
	if (r->parts < 1 || r->part < 0 || r->part >= r->parts)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid part %d of %d parts of PGN file \"%s\"", r->part + 1, r->parts,
						chess_quote_cstring(path)),
				 errdetail("parts is at least 1, and part is from 1 to parts.")));
	r->pf = pf = palloc0(sizeof(PgnFile));
	pf->path = path;
	magic_len = file_read_raw(pf, (char *) magic, sizeof(magic));
	pf->offset = 0;
	if (magic_len >= 2 && magic[0] == 0x1f && magic[1] == 0x8b)
		pf->format = FILE_GZIP;
	else if (magic_len == 4 &&
			 ((magic[0] == 0x28 && magic[1] == 0xb5 && magic[2] == 0x2f && magic[3] == 0xfd) ||
			  ((magic[0] & 0xf0) == 0x50 && magic[1] == 0x2a && magic[2] == 0x4d && magic[3] == 0x18)))
		pf->format = FILE_ZSTD;	/* a frame, or a skippable frame first: pzstd's, as in lichess's files */
	/* a file of pzstd's frames: each part decompresses its own pieces' frames, with a reader of its own */
	if (pf->format == FILE_ZSTD && encoding == PG_UTF8)
		r->frames = frames_start(path, r->part, r->parts);
	if (r->frames)
		pf->format = FILE_PLAIN;	/* (pf is not read) */
	if (pf->format != FILE_PLAIN)
		pf->in = palloc(FILE_PART);
	/* registered before the decompressor is made: no error can leak it */
	cb = palloc0(sizeof(MemoryContextCallback));
	cb->func = file_free_decompressor;
	cb->arg = pf;
	MemoryContextRegisterResetCallback(calls, cb);
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
	/* a part moves what it has not read to the front when a megabyte is not free: the larger, the less often */
	r->cap = r->frames ? 0 : (r->parts > 1 ? 4 : 2) * FILE_PART;
	r->buf = palloc(r->cap + 1);
	if (pf->format != FILE_PLAIN && r->parts > 1 && r->parts <= ZONE_PARTS_MAX)
	{
		/* a compressed file's size: what its zstd frames declare, or an estimate */
		text_size = pf->format == FILE_ZSTD ? zstd_text_size(path) : -1;
		if (text_size < 0)
			text_size = text_size_estimate(path, pf->format == FILE_GZIP);
	}
	if (text_size >= 0)
	{
		/* its runs, weighted by its first megabyte's games (read into buf for the part) */
		while (r->len < SHARE_SAMPLE && !r->final)
			file_more_text(r);
		r->zone_end = zone_ends(text_size, r->piece_size, r->parts,
								decompress_share(r->buf, Min(r->len, SHARE_SAMPLE),
												 pf->format == FILE_GZIP));
	}
	/* (then the memory of a game is current: what lasts the call is allocated before) */
	read_start(fcinfo, false, PG_GETARG_BOOL(1), PG_GETARG_BOOL(3), SIZE_MAX, &r->st, &r->h);
	r->st.source = path;
	/* a single-byte file in a UTF-8 database: an offset counts characters */
	r->st.count_chars = encoding != PG_UTF8 && encoding != PG_SQL_ASCII &&
		GetDatabaseEncoding() == PG_UTF8;
	MemoryContextSwitchTo(calls);
	return r;
}

/*
 * pgn_games_file(path text, skip_errors boolean, encoding text, keep_errors
 * boolean, part integer, parts integer) → the rows of pgn_games(), a call
 * each, the file read a megabyte at a time (the games of one part of it
 * when parts > 1): for superusers and members of pg_read_server_files, as
 * COPY FROM a file is.
 */
PG_FUNCTION_INFO_V1(chess_pgn_games_file);
Datum
chess_pgn_games_file(PG_FUNCTION_ARGS)
{
	FuncCallContext *funcctx;
	FileReading *r;
	HeapTuple	row;

	if (SRF_IS_FIRSTCALL())
	{
		MemoryContext old;

		funcctx = SRF_FIRSTCALL_INIT();
		old = MemoryContextSwitchTo(funcctx->multi_call_memory_ctx);
		funcctx->user_fctx = file_start(fcinfo, funcctx->multi_call_memory_ctx);
		MemoryContextSwitchTo(old);
	}
	funcctx = SRF_PERCALL_SETUP();
	r = funcctx->user_fctx;
	if ((row = read_dequeue(&r->st)) == NULL)
	{
		MemoryContext old = MemoryContextSwitchTo(funcctx->multi_call_memory_ctx);

		if (r->frames)
			file_read_frames(r);
		else if (r->parts > 1)
			file_read_part(r);
		else
			file_read_games(r);
		MemoryContextSwitchTo(old);
		row = read_dequeue(&r->st);
	}
	if (row == NULL)
	{
		read_end(&r->st);
		SRF_RETURN_DONE(funcctx);
	}
	SRF_RETURN_NEXT(funcctx, HeapTupleGetDatum(row));
}
