/*
 * find_magics.c — searches the magic numbers of the slider attack tables
 * with the engine's fixed-seed search and prints src/engine/magic_numbers.h.
 *
 *   make test/find_magics && test/find_magics > src/engine/magic_numbers.h
 */
#include "engine/bitboard.h"

#include <stdio.h>

static void
print_table(const char *name, const Magic *magics)
{
	int			sq;

	printf("static const uint64_t %s[64] = {\n", name);
	for (sq = 0; sq < 64; sq++)
		printf("%s0x%016llXULL,%s", sq % 3 == 0 ? "\t" : " ",
			   (unsigned long long) magics[sq].magic, sq % 3 == 2 || sq == 63 ? "\n" : "");
	printf("};\n");
}

int
main(void)
{
	bb_search_magics();
	printf("/*\n * magic_numbers.h — the magics of the slider attack tables, as printed by\n"
		   " * test/find_magics.c (a fixed-seed search: the output never changes).\n"
		   " * Do not edit.\n */\n");
	print_table("rook_magic_numbers", bb_rook_magics);
	printf("\n");
	print_table("bishop_magic_numbers", bb_bishop_magics);
	return 0;
}
