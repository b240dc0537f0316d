#!/usr/bin/env bash
# Makes the compressed fixtures of sql/pgn_file.sql (the test reads them
# with psql's \lo_import, writes them into the data directory with
# lo_export(), and compares what pgn_games_file() reads of them with the
# same text made in SQL).  Needs python3, gzip, zstd and pzstd; the files are
# committed, so the tests need none of them.
#
#   games.pgn.gz, games.pgn.zst   6,000 games of 30 plies (more than a
#                                 megabyte of text: games straddle the parts
#                                 the reader takes a megabyte at a time)
#   small.pgn.gz, small.pgn.zst   their first 40,000 bytes, for the damaged files
#   clocks.pgn.zst                1,000 games of the same 30 plies with a
#                                 clock and a comment after each (3 kB a game,
#                                 as lichess's with clocks: its parts' runs
#                                 are weighted for longer games)
#   cut.pgn.zst                   the text the test writes as chess_cut.pgn, to
#                                 cut at every byte
#   cut_stream.pgn.zst            the same compressed as a stream (no size
#                                 declared: its parts' runs are cut by the
#                                 size of its text, which the estimate's
#                                 sample holds whole)
#   cut.pgn.gz                    the same in gzip
#   cut_frames.pgn.zst            the same in two frames with a skippable
#                                 frame between them
#   cut_pzstd.pgn.zst, games_pzstd.pgn.zst
#                                 the two texts compressed by pzstd, as
#                                 lichess's files are: a skippable frame
#                                 first (the size of the frame after it),
#                                 no size of the text declared
#   two_members.pgn.gz            two gzip members one after the other
#   bom.pgn                       a game after a UTF-8 byte-order mark
#   latin1.pgn                    [White "Rémi"] in LATIN1
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
python3 - <<'PY'
moves = ('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 '
         '10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6')
text = '\n'.join('[Event "Game %d"]\n[Result "*"]\n\n%s *\n' % (i, moves) for i in range(1, 6001))
open('games.pgn.tmp', 'w').write(text)
open('small.pgn.tmp', 'w').write(text[:40000])
clocked = ' '.join(m if m.endswith('.') else m + ' { [%%clk 0:%02d:00] a comment of about a hundred bytes, as an engine\'s or an annotator\'s are }' % (i % 60)
                   for i, m in enumerate(moves.split()))
open('clocks.pgn.tmp', 'w').write('\n'.join('[Event "Game %d"]\n[Site "https://lichess.org/abcdefgh"]\n[Result "*"]\n\n%s *\n' % (i, clocked)
                                          for i in range(1, 1001)))
open('cut.tmp', 'wb').write(('{a file\'s comment}\n\n[Event "a"]\n[Result "1-0"]\n\n1. e4 {x} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
    '[Event "b"]\r\n[Result "*"]\r\n\r\n1. d4 d5 *\r\n\r\n[Event "c"]\n\n1. c4 (1. Nf3) e5 *\n\n'
    '[Event "d"]\n[White "W"]\n[Black "B"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n\n[Event "e"]\n\n*\n').encode())
open('bom.pgn', 'wb').write(b'\xef\xbb\xbf' + '[Event "BOM"]\n\n1. e4 *\n'.encode())
open('latin1.pgn', 'wb').write('[White "Rémi"]\n1. e4 *\n'.encode('latin-1'))
open('a.tmp', 'w').write('[Event "A"]\n1. e4 *\n')
open('b.tmp', 'w').write('[Event "B"]\n1. d4 *\n')
PY
for f in games small; do
	gzip -n -c "$f.pgn.tmp" >"$f.pgn.gz"
	zstd -q -c "$f.pgn.tmp" >"$f.pgn.zst"
done
zstd -q -c clocks.pgn.tmp >clocks.pgn.zst
zstd -q -c cut.tmp >cut.pgn.zst
zstd -q -c <cut.tmp >cut_stream.pgn.zst
gzip -n -c cut.tmp >cut.pgn.gz
head -c 100 cut.tmp >cut1.tmp
tail -c +101 cut.tmp >cut2.tmp
{
	zstd -q -c cut1.tmp
	printf '\x50\x2a\x4d\x18\x04\x00\x00\x00skip'
	zstd -q -c cut2.tmp
} >cut_frames.pgn.zst
pzstd -q -c cut.tmp >cut_pzstd.pgn.zst
pzstd -q -c games.pgn.tmp >games_pzstd.pgn.zst
{ gzip -n -c a.tmp; gzip -n -c b.tmp; } >two_members.pgn.gz
rm -f ./*.tmp
