/*
 * pgn_frames.c — the parts of a zstd file written in pzstd's frames, as
 * lichess's files are (pgn_games_file(part => k, parts => n)): each frame
 * of text follows a skippable frame that gives its compressed size, and
 * decompresses alone.  Piece j of the text is cut at frame j: it runs from
 * the first cut found from frame j's first byte (the text's start for
 * piece 0) to the first found from frame j + 1's, and part j mod parts
 * reads it.  So a part decompresses its own frames, and the start of each
 * next one, where its piece ends: never the others' text.
 *
 * What a part needs of the pieces before its own, their length and their
 * games, the parts hand each other: each writes a record of each of its
 * pieces as soon as it has decompressed the piece, a piece ahead of the
 * one whose games it reads, into a small file of its own in base/pgsql_tmp
 * (doc/formats.md), which the others read.  A record holds facts about the
 * file alone (the file's identity names the files of records), so a part
 * never depends on another for what it returns: a record that does not
 * come, from a part not running, finished, or stalled for RECORD_WAIT_MS,
 * the part makes by decompressing that piece's frame itself.  A part read
 * alone reads its games right: it decompresses the text before its last
 * piece then, as a part of a file whose pieces it takes in turn does.
 */
#include "pgn_frames.h"
#include "pgn_pieces.h"
#include "pgn_read.h"

#include "catalog/pg_tablespace_d.h"
#include "common/hashfn.h"
#include "miscadmin.h"
#include "storage/fd.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#define ZSTD_STATIC_LINKING_ONLY	/* ZSTD_getFrameHeader(): exported, not frozen */
#include <zstd.h>

#ifndef PG_TEMP_FILE_PREFIX		/* storage/fd.h's until PostgreSQL 17, then common/file_utils.h's */
#define PG_TEMP_FILE_PREFIX "pgsql_tmp"
#endif
#define PZSTD_MAGIC 0x184D2A50	/* a skippable frame's, the first of 16 */
#define FRAME_HEADER 12			/* its magic, its size (4) and the frame's compressed size */
#define FRAME_WINDOW_MAX (32 << 20) /* pzstd's frames hold 4 windows of text: larger, runs */
#define FRAME_COMPRESSED_MAX (64 << 20)
#define FRAME_TEXT_MAX (256 << 20)
#define FRAME_STEP (1 << 20)	/* text decompressed between checks for interrupts */
#define HEAD_STEP (64 << 10)	/* a next frame's text, decompressed until a cut shows */
#define RECORD_WAIT_MS 1000
#define RECORD_VERSION 1

typedef struct Text
{
	char	   *data;
	size_t		len;
	size_t		cap;
} Text;

/* What a piece's owner writes of it, at 16 times its number in its file of records */
typedef struct Record
{
	int64		len;
	int32		games;
	uint32		check;			/* a hash of the rest, never 0: a record written whole */
} Record;

/* A piece of the part's, loaded */
typedef struct OwnPiece
{
	Text		text;			/* its frame's text and the next's start */
	size_t		cut;			/* where in it the piece begins */
	Record		rec;
	int64		j;
	bool		loaded;
} OwnPiece;

#define RECORD_NONE (-1)		/* an owner's file of records: none opened */

struct FrameReader
{
	const char *path;
	int			part;
	int			parts;
	int			fd;				/* the file's (-1: closed) */
	int64		nframes;
	uint64		key;			/* the file's identity */
	ZSTD_DCtx  *dctx;
	char	   *in;				/* the compressed frame being decompressed */
	size_t		in_cap;
	size_t		in_len;
	size_t		in_pos;
	bool		frame_done;
	OwnPiece	own[2];			/* the part's piece being read, and its next */
	int			cur;
	Text		spare;			/* the text of another's, when its record is made here */
	int64		load;			/* the part's next piece to load */
	off_t		load_at;		/* the offset of its frame's header */
	int64		sum;			/* the first piece not summed */
	off_t		sum_at;
	int			games_before;	/* the games of the pieces before sum */
	int64		text_before;	/* their text */
	char	   *own_path;		/* the part's file of records, and its descriptor (-1: none) */
	int			own_fd;
	int		   *owner_fd;		/* each part's file of records, when opened (RECORD_NONE: not) */
	int		   *patience;		/* how long to wait for each part's next record */
	int64		pieces;			/* what the part did, said at its end (DEBUG1) */
	int64		records_read;
	int64		records_made;
	int64		waited_ms;
};

/* Closes the part's file of records, and removes it unless another load of the file has made its own since */
static void
own_close(FrameReader *fr)
{
	struct stat mine,
				there;

	if (fstat(fr->own_fd, &mine) == 0 && stat(fr->own_path, &there) == 0 &&
		mine.st_dev == there.st_dev && mine.st_ino == there.st_ino)
		unlink(fr->own_path);
	close(fr->own_fd);
	ReleaseExternalFD();
	fr->own_fd = -1;
}

static void
frames_free(void *arg)
{
	FrameReader *fr = arg;

	if (fr->dctx)
		ZSTD_freeDCtx(fr->dctx);
	fr->dctx = NULL;
	if (fr->fd >= 0)
	{
		close(fr->fd);
		ReleaseExternalFD();
	}
	fr->fd = -1;
	if (fr->own_fd >= 0)
		own_close(fr);
	for (int k = 0; fr->owner_fd && k < fr->parts; k++)
		if (fr->owner_fd[k] >= 0)
		{
			close(fr->owner_fd[k]);
			ReleaseExternalFD();
			fr->owner_fd[k] = RECORD_NONE;
		}
}

/* A descriptor PostgreSQL counts, or -1 with errno */
static int
external_open(const char *path, int flags)
{
	int			fd;

	if (!AcquireExternalFD())
	{
		errno = EMFILE;
		return -1;
	}
	fd = open(path, flags | O_CLOEXEC, S_IRUSR | S_IWUSR);
	if (fd < 0)
	{
		int			save = errno;

		ReleaseExternalFD();
		errno = save;
	}
	return fd;
}

static inline uint32
le32(const unsigned char *b)
{
	return b[0] | (uint32) b[1] << 8 | (uint32) b[2] << 16 | (uint32) b[3] << 24;
}

/*
 * The compressed size of the frame whose header is at at, or -1 when it is
 * not pzstd's (or, with window, when its window is over FRAME_WINDOW_MAX)
 */
static int64
frame_size(FrameReader *fr, off_t at, off_t size, bool window)
{
	unsigned char h[FRAME_HEADER + ZSTD_FRAMEHEADERSIZE_MAX];
	ssize_t		got = pread_full(fr->fd, h, window ? sizeof(h) : FRAME_HEADER + 4, at, fr->path);
	ZSTD_frameHeader zfh;

	if (got < FRAME_HEADER + 4 ||
		le32(h) != PZSTD_MAGIC || le32(h + 4) != 4 || le32(h + 12) != ZSTD_MAGICNUMBER ||
		le32(h + 8) > FRAME_COMPRESSED_MAX || (off_t) le32(h + 8) > size - at - FRAME_HEADER)
		return -1;
	if (window &&
		(ZSTD_getFrameHeader(&zfh, h + FRAME_HEADER, Min((size_t) (got - FRAME_HEADER), le32(h + 8))) != 0 ||
		 zfh.windowSize > FRAME_WINDOW_MAX))
		return -1;
	return le32(h + 8);
}

/* The offset of the frame after the one at at, whose size was told by the walk */
static off_t
frame_after(FrameReader *fr, off_t at)
{
	int64		n = frame_size(fr, at, PG_INT64_MAX, false);

	if (n < 0)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("could not decompress file \"%s\": its frames changed while it was read",
						fr->path)));
	return at + FRAME_HEADER + (off_t) n;
}

/*
 * Whether the file is pzstd's frames to its last byte, none of a window
 * over FRAME_WINDOW_MAX, and their number; and the file's identity, which
 * names the files of records: its device, inode, size and times, and its
 * frames' sizes.
 */
static bool
frames_walk(FrameReader *fr)
{
	struct stat st;
	off_t		at = 0;
	int64		n;

	if (fstat(fr->fd, &st) != 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not stat file \"%s\": %m", fr->path)));
	{
		int64		id[8] = {RECORD_VERSION, (int64) st.st_dev, (int64) st.st_ino, (int64) st.st_size,
			st.st_mtim.tv_sec, st.st_mtim.tv_nsec, st.st_ctim.tv_sec, st.st_ctim.tv_nsec};

		fr->key = hash_bytes_extended((const unsigned char *) id, sizeof(id), 0);
	}
	for (fr->nframes = 0; at < st.st_size; fr->nframes++, at += FRAME_HEADER + n)
	{
		if ((fr->nframes & 1023) == 1023)
			CHECK_FOR_INTERRUPTS();
		if ((n = frame_size(fr, at, st.st_size, true)) < 0)
			return false;
		fr->key = hash_bytes_extended((const unsigned char *) &n, sizeof(n), fr->key);
	}
	return fr->nframes >= 2;
}

/* Reads the frame whose header is at at into in, to be decompressed */
static void
frame_begin(FrameReader *fr, off_t at)
{
	off_t		next = frame_after(fr, at);
	size_t		n = (size_t) (next - at - FRAME_HEADER);

	if (n > fr->in_cap)
	{
		fr->in_cap = Max(n, 2 * fr->in_cap);
		fr->in = fr->in ? repalloc(fr->in, fr->in_cap) : palloc(fr->in_cap);
	}
	if (pread_full(fr->fd, fr->in, n, at + FRAME_HEADER, fr->path) != (ssize_t) n)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("could not decompress file \"%s\": it ends in the middle of its zstd data",
						fr->path)));
	ZSTD_DCtx_reset(fr->dctx, ZSTD_reset_session_only);
	fr->in_len = n;
	fr->in_pos = 0;
	fr->frame_done = false;
}

/* Decompresses up to step more bytes of the frame's text to the end of t */
static void
frame_step(FrameReader *fr, Text *t, size_t step)
{
	ZSTD_inBuffer zin = {fr->in, fr->in_len, fr->in_pos};
	ZSTD_outBuffer zout;
	size_t		rc;

	if (t->len + step > FRAME_TEXT_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("a piece of PGN file \"%s\" is longer than %d MB", fr->path, FRAME_TEXT_MAX >> 20),
				 errdetail("A part reads a zstd frame of text and the next frames' up to a game's start."),
				 errhint("Read it in one part (parts => 1).")));
	if (t->cap - t->len < step)
	{
		t->cap = Min(Max(t->cap * 2, t->len + step), FRAME_TEXT_MAX);
		t->data = t->data ? repalloc(t->data, t->cap + 1) : palloc(t->cap + 1);
	}
	zout.dst = t->data + t->len;
	zout.size = step;
	zout.pos = 0;
	rc = ZSTD_decompressStream(fr->dctx, &zout, &zin);
	if (ZSTD_isError(rc))
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("could not decompress file \"%s\": %s", fr->path, ZSTD_getErrorName(rc))));
	fr->in_pos = zin.pos;
	t->len += zout.pos;
	if (rc == 0 && zin.pos == zin.size)
		fr->frame_done = true;	/* the end of what its header told (a frame, or frames one after the other) */
	else if (rc != 0 && zin.pos == zin.size && zout.pos < zout.size)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("could not decompress file \"%s\": it ends in the middle of its zstd data",
						fr->path)));
}

/*
 * Decompresses piece j, whose frame's header is at at, into t: its frame's
 * text and the next frames' up to the next piece's start.  Returns where
 * in t the piece begins, and its record.
 */
static size_t
piece_load(FrameReader *fr, Text *t, int64 j, off_t at, Record *rec)
{
	size_t		origin,			/* where the next frame's text begins in t */
				searched = 1,	/* the next cut is not before origin + searched */
				end = 0,
				cut;
	bool		found = false;

	t->len = 0;
	frame_begin(fr, at);
	while (!fr->frame_done)
	{
		CHECK_FOR_INTERRUPTS();
		frame_step(fr, t, FRAME_STEP);
	}
	origin = t->len;
	/* the next piece's start: the first cut from the next frame's first byte, in it or after */
	for (int64 f = j + 1; !found && f < fr->nframes; f++)
	{
		at = frame_after(fr, at);
		frame_begin(fr, at);
		while (!found && !fr->frame_done)
		{
			size_t		p;

			CHECK_FOR_INTERRUPTS();
			frame_step(fr, t, HEAD_STEP);
			p = next_cut(t->data + origin, searched, t->len - origin);
			found = p < t->len - origin;
			searched = Max(searched, p);
			end = origin + p;
			if (!found && t->len - origin > PIECE_SEARCH_MAX)
				ereport(ERROR,
						(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
						 errmsg("PGN file \"%s\" cannot be cut into parts", fr->path),
						 errdetail("No empty line followed by a tag line in the %d MB of its text after the start of a zstd frame: its games are not separated by empty lines.",
								   PIECE_SEARCH_MAX >> 20),
						 errhint("Read it in one part (parts => 1).")));
		}
	}
	if (!found)
		end = t->len;			/* the last piece: to the text's end */
	/* the piece's start: the first cut from its frame's first byte (the next piece's start is one) */
	cut = j == 0 || end == 0 ? 0 : next_cut(t->data, 1, end);
	rec->len = (int64) (end - cut);
	rec->games = count_game_starts(t->data + cut, end - cut, j == 0);
	return cut;
}

static uint32
record_check(const FrameReader *fr, int64 j, const Record *rec)
{
	int64		v[4] = {(int64) fr->key, j, rec->len, rec->games};

	return (uint32) hash_bytes_extended((const unsigned char *) v, sizeof(v), 0) | 1;
}

static char *
record_path(const FrameReader *fr, int part)
{
	char		dir[MAXPGPATH];

	TempTablespacePath(dir, DEFAULTTABLESPACE_OID);
	return psprintf("%s/%s_chess_%016llx.%d.%d", dir, PG_TEMP_FILE_PREFIX,
					(unsigned long long) fr->key, fr->parts, part);
}

/* Piece j's record, written for the others: when it cannot be, they make it */
static void
record_write(FrameReader *fr, int64 j, Record *rec)
{
	rec->check = record_check(fr, j, rec);
	if (fr->own_fd >= 0 &&
		pwrite(fr->own_fd, rec, sizeof(*rec), (off_t) (j * sizeof(*rec))) != sizeof(*rec))
		own_close(fr);			/* a file system full: the others make the records */
}

typedef enum RecordState
{
	RECORD_FOUND,
	RECORD_COMING,				/* its owner's file is there, and so is the owner */
	RECORD_ABSENT				/* no file, or its owner ended */
} RecordState;

/* Reads piece j's record from its owner's file */
static RecordState
record_read(FrameReader *fr, int64 j, Record *rec)
{
	int			owner = (int) (j % fr->parts);
	struct stat st;

	if (fr->owner_fd[owner] == RECORD_NONE)
	{
		char	   *path = record_path(fr, owner);

		fr->owner_fd[owner] = external_open(path, O_RDONLY);
		pfree(path);
		if (fr->owner_fd[owner] < 0)
		{
			fr->owner_fd[owner] = RECORD_NONE;	/* not yet begun, or ended: tried again at the next */
			return RECORD_ABSENT;
		}
	}
	if (pg_pread(fr->owner_fd[owner], rec, sizeof(*rec), (off_t) (j * sizeof(*rec))) == sizeof(*rec) &&
		rec->check == record_check(fr, j, rec))
		return RECORD_FOUND;
	/* an owner removes its file when it ends */
	if (fstat(fr->owner_fd[owner], &st) != 0 || st.st_nlink == 0)
		return RECORD_ABSENT;
	return RECORD_COMING;
}

/* Piece j's record, from its owner, or made here when it does not come */
static void
record_get(FrameReader *fr, int64 j, off_t at, Record *rec)
{
	int			owner = (int) (j % fr->parts);

	for (int waited = 0;; waited++)
	{
		RecordState state = record_read(fr, j, rec);

		if (state == RECORD_FOUND)
		{
			fr->records_read++;
			fr->patience[owner] = RECORD_WAIT_MS;
			return;
		}
		if (state == RECORD_ABSENT || waited >= fr->patience[owner])
		{
			/* made here; its owner, stalled, is not waited for again until it writes one */
			if (state == RECORD_COMING)
				fr->patience[owner] = 0;
			piece_load(fr, &fr->spare, j, at, rec);
			fr->records_made++;
			return;
		}
		pg_usleep(1000L);
		fr->waited_ms++;
		CHECK_FOR_INTERRUPTS();
	}
}

FrameReader *
frames_start(const char *path, int part, int parts)
{
	FrameReader *fr;
	MemoryContextCallback *cb;

	if (parts < 2 || parts > FRAME_PARTS_MAX)
		return NULL;
	fr = palloc0(sizeof(FrameReader));
	fr->path = path;
	fr->part = part;
	fr->parts = parts;
	fr->fd = fr->own_fd = -1;
	/* registered before a descriptor is opened: no error can leak it */
	cb = palloc0(sizeof(MemoryContextCallback));
	cb->func = frames_free;
	cb->arg = fr;
	MemoryContextRegisterResetCallback(CurrentMemoryContext, cb);
	if ((fr->fd = external_open(path, O_RDONLY)) < 0)
		return NULL;			/* no descriptor to spare (the reading in runs says why, if another cause) */
	if (!frames_walk(fr))
	{
		frames_free(fr);
		return NULL;
	}
	if ((fr->dctx = ZSTD_createDCtx()) == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OUT_OF_MEMORY),
				 errmsg("out of memory"),
				 errdetail("The zstd decompressor of PGN file \"%s\" could not be allocated.", path)));
	fr->owner_fd = palloc(parts * sizeof(int));
	fr->patience = palloc(parts * sizeof(int));
	for (int k = 0; k < parts; k++)
	{
		fr->owner_fd[k] = RECORD_NONE;
		fr->patience[k] = RECORD_WAIT_MS;
	}
	/* the part's file of records: without it, the others make its records */
	{
		char		dir[MAXPGPATH];

		TempTablespacePath(dir, DEFAULTTABLESPACE_OID);
		(void) MakePGDirectory(dir);
	}
	fr->own_path = record_path(fr, part);
	fr->own_fd = external_open(fr->own_path, O_RDWR | O_CREAT);
	/* the part's first piece */
	fr->load = part;
	for (int k = 0; k < part && fr->load < fr->nframes; k++)
		fr->load_at = frame_after(fr, fr->load_at);
	return fr;
}

/* Loads the part's next piece into p, and writes its record, or marks p empty when the part has no more */
static void
own_load(FrameReader *fr, OwnPiece *p)
{
	p->loaded = fr->load < fr->nframes;
	if (!p->loaded)
		return;
	p->j = fr->load;
	p->cut = piece_load(fr, &p->text, p->j, fr->load_at, &p->rec);
	record_write(fr, p->j, &p->rec);
	/* the next: parts frames on */
	fr->load = p->j + fr->parts;
	for (int k = 0; k < fr->parts && fr->load < fr->nframes; k++)
		fr->load_at = frame_after(fr, fr->load_at);
}

bool
frames_next(FrameReader *fr, FramePiece *piece)
{
	OwnPiece   *p = &fr->own[fr->cur],
			   *ahead = &fr->own[1 - fr->cur];

	if (!p->loaded)
		own_load(fr, p);		/* the first */
	if (!p->loaded)
	{
		elog(DEBUG1, "part %d of %d of PGN file \"%s\" in frames: %lld pieces read, %lld records of the others' read, %lld made, about %lld ms waited for them",
			 fr->part + 1, fr->parts, fr->path, (long long) fr->pieces,
			 (long long) fr->records_read, (long long) fr->records_made, (long long) fr->waited_ms);
		return false;
	}
	fr->pieces++;
	/* the next piece's record too, before this one's games are read: the others wait less */
	if (!ahead->loaded)
		own_load(fr, ahead);
	/* the pieces before it */
	for (; fr->sum < p->j; fr->sum++)
	{
		Record		other;

		record_get(fr, fr->sum, fr->sum_at, &other);
		fr->games_before = read_count_games(fr->games_before, other.games);
		fr->text_before += other.len;
		fr->sum_at = frame_after(fr, fr->sum_at);
	}
	piece->text = p->text.data + p->cut;
	piece->len = (size_t) p->rec.len;
	piece->games_before = fr->games_before;
	piece->offset = fr->text_before;
	fr->games_before = read_count_games(fr->games_before, p->rec.games);
	fr->text_before += p->rec.len;
	fr->sum = p->j + 1;
	fr->sum_at = frame_after(fr, fr->sum_at);
	/* its text is read before the next call, which loads the piece after the next into it */
	p->loaded = false;
	fr->cur = 1 - fr->cur;
	return true;
}
