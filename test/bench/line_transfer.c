/*
 * line_transfer: how long a cache line written on one core takes to reach
 * another, the cost that every lock word and page header shared by two
 * PostgreSQL sessions pays at each access from the other core.
 *
 *   line_transfer [CORE_A CORE_B]     (default 0 1)
 *
 * Two threads, pinned to the two cores, pass a counter back and forth
 * through one cache line, each waiting for the other's increment: a round
 * trip moves the line twice.  Prints the best of five runs of 200,000 round
 * trips, in nanoseconds a transfer (half a round trip, the mean of the two
 * directions; each transfer includes the receiver's write, one side's an
 * atomic compare-and-swap, so an upper bound of a bare move).  A measuring
 * tool for test/bench/cores.sh, not the extension's code.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROUND_TRIPS 200000
#define RUNS 5

static _Alignas(64) _Atomic long line;

/* a core's number, or -1 */
static int
core_number(const char *text)
{
	char	   *end;
	long		n = strtol(text, &end, 10);

	return (*text != '\0' && *end == '\0' && n >= 0 && n < CPU_SETSIZE) ? (int) n : -1;
}

static int
pin(int core)
{
	cpu_set_t	set;

	CPU_ZERO(&set);
	CPU_SET(core, &set);
	return pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

/* the other side: answers each odd value with the next even one (-1 if it
 * cannot run on its core) */
static void *
answer(void *arg)
{
	if (pin(*(int *) arg) != 0)
	{
		atomic_store(&line, -1);
		return NULL;
	}
	for (long i = 0; i < ROUND_TRIPS; i++)
	{
		while (atomic_load_explicit(&line, memory_order_acquire) != 2 * i + 1)
			;
		atomic_store_explicit(&line, 2 * i + 2, memory_order_release);
	}
	return NULL;
}

int
main(int argc, char **argv)
{
	int			a = 0,
				b = 1;
	double		best = -1;
	cpu_set_t	allowed;

	if (argc == 3)
	{
		a = core_number(argv[1]);
		b = core_number(argv[2]);
	}
	else if (argc != 1)
	{
		fprintf(stderr, "usage: line_transfer [CORE_A CORE_B]\n");
		return 2;
	}
	if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0 ||
		a < 0 || b < 0 ||
		!CPU_ISSET(a, &allowed) || !CPU_ISSET(b, &allowed) || a == b || pin(a) != 0)
	{
		fprintf(stderr, "line_transfer: cannot run on cores %s and %s\n",
				argc == 3 ? argv[1] : "0", argc == 3 ? argv[2] : "1");
		return 1;
	}
	for (int run = 0; run < RUNS; run++)
	{
		pthread_t	other;
		struct timespec start,
					end;
		double		ns;
		long		v = 0;
		int			err;

		atomic_store(&line, 0);
		if ((err = pthread_create(&other, NULL, answer, &b)) != 0)
		{
			fprintf(stderr, "line_transfer: cannot start a thread: %s\n", strerror(err));
			return 1;
		}
		clock_gettime(CLOCK_MONOTONIC, &start);
		for (long i = 0; i < ROUND_TRIPS; i++)
		{
			long		expected = 2 * i;

			/* the next odd value, unless the other side has stored -1 */
			if (!atomic_compare_exchange_strong(&line, &expected, 2 * i + 1))
				break;
			while ((v = atomic_load_explicit(&line, memory_order_acquire)) != 2 * i + 2 && v >= 0)
				;
			if (v < 0)
				break;
		}
		clock_gettime(CLOCK_MONOTONIC, &end);
		pthread_join(other, NULL);
		if (atomic_load(&line) < 0)
		{
			fprintf(stderr, "line_transfer: cannot run on core %d\n", b);
			return 1;
		}
		ns = ((end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec)) / (2.0 * ROUND_TRIPS);
		if (best < 0 || ns < best)
			best = ns;
	}
	printf("%.0f\n", best);
	return 0;
}
