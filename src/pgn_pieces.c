/*
 * pgn_pieces.c — the pieces of a PGN file's text for its parts
 * (pgn_games_file(part => k, parts => n), pgn_file.c): where the text is cut,
 * how many games a piece holds, and, for a compressed file, the size of its
 * text and the runs of pieces its parts take.  Every part must cut and share
 * the text alike, whatever it reads: these depend on the file alone.
 */
#include "pgn_pieces.h"

#include "miscadmin.h"
#include "port/pg_bitutils.h"
#include "storage/fd.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <zlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#define ZSTD_STATIC_LINKING_ONLY	/* ZSTD_getFrameHeader(): exported, not frozen */
#include <zstd.h>
#include <zstd_errors.h>

/*
 * Whether the text cuts at buf[p] for the parts of a file: a tag line after
 * an empty line.  buf is the text's start or a cut, so that the bytes
 * before it are never needed, and every part cuts the text alike, whatever
 * it reads.
 */
static inline bool
game_starts_at(const char *buf, size_t p)
{
	if (buf[p] != '[' || p < 2 || buf[p - 1] != '\n')
		return false;
	return buf[p - 2] == '\n' || (p >= 3 && buf[p - 2] == '\r' && buf[p - 3] == '\n');
}

/*
 * The first cut at or after p in buf[0, len), or len.  Every part of a
 * file looks for the cuts in all its text, to count the games of the
 * others' pieces: with SSE2 16 bytes at a time, the '[' that follow a '\n',
 * where memchr() stopped at every '[' (in lichess's files, every [%clk]
 * comment: a '[' every 27 bytes; doc/benchmarks.md, "Import in parts").
 */
size_t
next_cut(const char *buf, size_t p, size_t len)
{
#ifdef __SSE2__
	const __m128i newlines = _mm_set1_epi8('\n'),
				brackets = _mm_set1_epi8('[');

	Assert(p >= 1);				/* a cut follows a line's end: the loads below read buf[p - 1] */
	for (; p + 16 <= len; p += 16)
	{
		__m128i		at = _mm_loadu_si128((const __m128i *) (buf + p)),
					before = _mm_loadu_si128((const __m128i *) (buf + p - 1));
		uint32		m = (uint32) _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(at, brackets),
																 _mm_cmpeq_epi8(before, newlines)));

		for (; m != 0; m &= m - 1)
		{
			size_t		q = p + pg_rightmost_one_pos32(m);

			if (game_starts_at(buf, q))
				return q;
		}
	}
#endif
	while (p < len && !game_starts_at(buf, p))
	{
		const char *bracket = memchr(buf + p + 1, '[', len - p - 1);

		p = bracket ? (size_t) (bracket - buf) : len;
	}
	return p;
}

/* The games that begin in buf[0, len): a game begins at each cut, and at the text's first tag. */
int
count_game_starts(const char *buf, size_t len, bool at_start)
{
	int			n = 0;
	size_t		p = 0;

	if (len == 0)
		return 0;
	if (at_start)
	{
		/* the text's first game: its first character, after a byte-order mark and blanks */
		if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
			p = 3;
		while (p < len && (buf[p] == ' ' || buf[p] == '\t' || buf[p] == '\r' || buf[p] == '\n'))
			p++;
		n += p < len && buf[p] == '[' && !game_starts_at(buf, p);
	}
	else
		n++;					/* a piece after the first begins with a game */
	for (p = next_cut(buf, 1, len); p < len; p = next_cut(buf, p + 1, len))
		n++;
	return n;
}

/*
 * len bytes of the file at at, or fewer at its end only (a short read is
 * read on, so that every part sees the same steps); an error raised
 */
ssize_t
pread_full(int fd, void *buf, size_t len, off_t at, const char *path)
{
	size_t		got = 0;

	while (got < len)
	{
		ssize_t		n = pg_pread(fd, (char *) buf + got, len - got, at + (off_t) got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			ereport(ERROR,
					(errcode_for_file_access(),
					 errmsg("could not read file \"%s\": %m", path)));
		if (n == 0)
			break;
		got += n;
	}
	return (ssize_t) got;
}

/*
 * The size of a zstd file's text, or -1 when it cannot be told: the sum of
 * the sizes its frames declare (zstd declares it when it compresses a file,
 * not a stream), found by a first pass over the headers of its frames and
 * blocks alone (3 bytes every 128 kB of text or so).  A frame that declares
 * none, a damaged header or a file cut short give -1 for every part alike;
 * an error of the file system is raised, never taken for -1, since the
 * parts must all cut the text the same way.
 */
int64
zstd_text_size(const char *path)
{
	int			fd = OpenTransientFile(path, O_RDONLY | PG_BINARY);
	off_t		at = 0;
	int64		total = 0;
	int64		blocks = 0;

	if (fd < 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not open file \"%s\" for reading: %m", path)));
	for (;;)
	{
		unsigned char header[ZSTD_FRAMEHEADERSIZE_MAX];
		ssize_t		n = pread_full(fd, header, sizeof(header), at, path);
		ZSTD_frameHeader zfh;
		bool		last = false;

		if (n == 0)
			break;				/* the end of the file, after a frame */
		if (ZSTD_getFrameHeader(&zfh, header, (size_t) n) != 0)
			goto unknown;		/* damaged or cut short: the decompressor will say */
		at += zfh.headerSize;
		if (zfh.frameType == ZSTD_skippableFrame)
		{
			at += (off_t) zfh.frameContentSize;
			continue;
		}
		if (zfh.frameContentSize == ZSTD_CONTENTSIZE_UNKNOWN)
			goto unknown;		/* a stream's: blocks tell no size */
		while (!last)
		{
			unsigned char b[3];
			uint32		h;

			if ((++blocks & 4095) == 0)
				CHECK_FOR_INTERRUPTS();
			if (pread_full(fd, b, 3, at, path) != 3)
				goto unknown;
			h = b[0] | (uint32) b[1] << 8 | (uint32) b[2] << 16;
			last = h & 1;
			if (((h >> 1) & 3) == 3)
				goto unknown;	/* a reserved block type */
			at += 3 + (((h >> 1) & 3) == 1 ? 1 : (off_t) (h >> 3));	/* an RLE block has 1 byte */
		}
		at += zfh.checksumFlag ? 4 : 0;
		total += (int64) Min(zfh.frameContentSize, (unsigned long long) PG_INT64_MAX / 4);
		if (total > PG_INT64_MAX / 4)
			goto unknown;
	}
	CloseTransientFile(fd);
	return total;
unknown:
	CloseTransientFile(fd);
	return -1;
}

/*
 * An estimate of the size of a compressed file's text, when its headers do
 * not tell it (a zstd stream; pzstd's frames, as in lichess's files; gzip,
 * whose trailer tells the size modulo 4 GB): the file's size times the
 * ratio of its first ESTIMATE_TEXT bytes of text to the compressed bytes
 * that hold them.  The decompressor is given ESTIMATE_STEP bytes at a time,
 * and the step that brings the text to ESTIMATE_TEXT ends a block (a
 * decompressor keeps a block's bytes until it has all of them, and gives
 * its text then): the compressed bytes are known to a step, and the
 * estimate within 0.4 % on the corpora here (doc/benchmarks.md).  The
 * text's size when it ends sooner; -1 when its first bytes do not
 * decompress or the file is cut short within them (the reading says why).
 * The same for every part, which must cut the text alike: an error of the
 * file system, or the decompressor's memory refused, is raised.
 */
#define ESTIMATE_TEXT (8 << 20)
#define ESTIMATE_STEP 4096

int64
text_size_estimate(const char *path, bool gzip)
{
	int			fd = OpenTransientFile(path, O_RDONLY | PG_BINARY);
	struct stat st;
	unsigned char *in = palloc(ESTIMATE_STEP);
	size_t		room = ESTIMATE_TEXT + ZSTD_BLOCKSIZE_MAX;
	char	   *out = palloc(room);
	z_stream   *zs = palloc0(sizeof(z_stream));
	ZSTD_DCtx  *volatile zd = NULL;
	volatile bool z_ready = false;
	volatile int64 result = -1;

	if (fd < 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not open file \"%s\" for reading: %m", path)));
	if (fstat(fd, &st) != 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not stat file \"%s\": %m", path)));
	PG_TRY();
	{
		off_t		at = 0;
		size_t		text = 0;
		bool		ended = false;	/* the last frame or member is whole */

		if (gzip)
		{
			if (inflateInit2(zs, 15 + 32) != Z_OK)
				elog(ERROR, "could not initialize gzip decompression");
			z_ready = true;
		}
		else if ((zd = ZSTD_createDCtx()) == NULL)
			elog(ERROR, "could not initialize zstd decompression");
		for (;;)
		{
			ssize_t		n;
			size_t		pos = 0;
			bool		bad = false;

			CHECK_FOR_INTERRUPTS();	/* (the decompressor is freed below) */
			n = pread_full(fd, in, ESTIMATE_STEP, at, path);
			if (n == 0)
			{
				if (ended)
					result = text;	/* the whole text, in the sample */
				break;
			}
			at += n;
			while (pos < (size_t) n && !bad && text < ESTIMATE_TEXT)
			{
				bool		no_memory;
				size_t		pos_before = pos,
							text_before = text;

				if (gzip)
				{
					int			rc;

					zs->next_in = in + pos;
					zs->avail_in = (uInt) (n - pos);
					zs->next_out = (Bytef *) out + text;
					zs->avail_out = (uInt) (room - text);
					rc = inflate(zs, Z_NO_FLUSH);
					pos = n - zs->avail_in;
					text = room - zs->avail_out;
					ended = rc == Z_STREAM_END;
					if (ended)
						inflateReset(zs);	/* another member may follow */
					no_memory = rc == Z_MEM_ERROR;
					bad = rc != Z_OK && rc != Z_BUF_ERROR && !ended;
				}
				else
				{
					ZSTD_inBuffer zin = {in, (size_t) n, pos};
					ZSTD_outBuffer zout = {out, room, text};
					size_t		rc = ZSTD_decompressStream(zd, &zout, &zin);

					no_memory = ZSTD_isError(rc) && ZSTD_getErrorCode(rc) == ZSTD_error_memory_allocation;
					bad = ZSTD_isError(rc);
					pos = zin.pos;
					text = zout.pos;
					ended = rc == 0;
				}
				if (pos == pos_before && text == text_before && !ended)
					bad = true;	/* no progress: never loop on it */
				if (no_memory)
					ereport(ERROR,
							(errcode(ERRCODE_OUT_OF_MEMORY),
							 errmsg("out of memory"),
							 errdetail("The decompression of PGN file \"%s\" could not allocate its window.", path)));
			}
			if (bad)
				break;
			if (text >= ESTIMATE_TEXT)
			{
				double		size = (double) text / (double) (at - (off_t) (n - pos)) * (double) st.st_size;

				result = (int64) Min(size, (double) (PG_INT64_MAX / 4));
				break;
			}
		}
	}
	PG_FINALLY();
	{
		if (z_ready)
			inflateEnd(zs);
		if (zd)
			ZSTD_freeDCtx(zd);
	}
	PG_END_TRY();
	CloseTransientFile(fd);
	pfree(in);
	pfree(out);
	pfree(zs);
	return result;
}

/*
 * How the pieces of a compressed file are shared out, when its text's size
 * is known or estimated:
 * each part takes a run of them, part k from where part k - 1 ends, so
 * that a part stops decompressing at the end of its run.  Part k then
 * decompresses the text up to its run's end e_k and reads the games of
 * e_k - e_(k-1): the runs are such that e_k * d + (e_k - e_(k-1)) is the
 * same for every part, d the cost of decompressing a byte of text against
 * that of reading it into rows (decompress_share()).  With 2 parts and d = 0.1
 * the first reads 52 % of the text, and two parts at once take
 * (1 + d) / (2 + d) of one part's time (1.91 times as fast), where
 * interleaved pieces, which every part decompresses, take
 * (1 + 2 d) / (2 + 2 d) (1.83 times).
 */
#define EMPTY_SHARE 0.1			/* d of an empty text */
#define GZIP_COST 1.6			/* zlib's cost against zstd's in a session (doc/benchmarks.md) */

/*
 * d for a text of B bytes a game: decompressing costs the same for each
 * byte, reading costs for each game and for each byte, so that
 * d = B / (P + p B), P and p from the two corpora measured
 * (doc/benchmarks.md): d = 0.08 for the benchmark's 969 bytes a game, 0.20
 * to 0.24 for the lichess form's 3,784 (a clock after every move), taken
 * as 0.22; gzip's is GZIP_COST times as much.  Every part finds the same
 * d: B is told by the same first bytes of the text, whatever the part
 * (which all decompress that megabyte).
 */
double
decompress_share(const char *text, size_t len, bool gzip)
{
	int			games = count_game_starts(text, len, true);
	double		b;

	if (len == 0)
		return EMPTY_SHARE;
	b = (double) len / Max(games, 1);	/* one game in the megabyte, or none begun: a long game */
	return (gzip ? GZIP_COST : 1) * b / (10400 + 1.8 * b);
}

int64 *
zone_ends(int64 text_size, int64 size, int parts, double d)
{
	int64	   *end = palloc(parts * sizeof(int64));
	double		pieces = (double) text_size / (double) size,
				sum = 0,
				w = 1,
				run = 0;
	int			k;

	for (k = 0; k < parts; k++)
		sum += (w /= 1 + d);
	for (k = 0, w = 1; k < parts - 1; k++)
	{
		run += (w /= 1 + d) / sum;
		end[k] = (int64) (run * pieces + 0.5);
	}
	end[parts - 1] = PG_INT64_MAX;
	return end;
}
