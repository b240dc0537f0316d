/*
 * explorer.c — the opening explorer's cells: speeds, rating groups, dates
 * and performances, as lichess's explorer and FIDE's rating regulations
 * define them.
 */
#include "explorer.h"

#include <string.h>

const int	explorer_group_bounds[EXPLORER_GROUPS] = {
	0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500, 2800, 3200
};

const char *const explorer_speed_names[EXPLORER_SPEEDS] = {
	"ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence"
};

/*
 * FIDE's table of rating differences dp by the fraction scored p, for p =
 * 0.50 to 1.00 in hundredths (Rating regulations, table 8.1.2); below one
 * half, the same negated.
 */
static const short fide_dp[51] = {
	0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117,
	125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240,
	251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444,
	470, 501, 538, 589, 677, 800
};

int
explorer_group(int rating)
{
	int			g;

	if (rating <= 0)
		return 0;
	for (g = EXPLORER_GROUPS - 1; g > 0 && rating < explorer_group_bounds[g]; g--)
		;
	return g + 1;
}

int
explorer_speed(const char *name, size_t len)
{
	int			i;

	for (i = 0; i < EXPLORER_SPEEDS; i++)
		if (strlen(explorer_speed_names[i]) == len && memcmp(explorer_speed_names[i], name, len) == 0)
			return i + 1;
	return 0;
}

int
explorer_rating(const char *s, size_t len)
{
	int			r = 0;
	size_t		i;

	if (len == 0 || len > 4)
		return 0;
	for (i = 0; i < len; i++)
	{
		if (s[i] < '0' || s[i] > '9')
			return 0;
		r = r * 10 + (s[i] - '0');
	}
	return r;
}

/* the number of n digits at s, or -1 when one is not a digit */
static int
digits(const char *s, int n)
{
	int			v = 0,
				i;

	for (i = 0; i < n; i++)
	{
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

bool
explorer_valid_day(int64_t yyyymmdd)
{
	static const int days[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	int64_t		y = yyyymmdd / 10000,
				m = yyyymmdd / 100 % 100,
				d = yyyymmdd % 100;

	return y >= 1 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= days[m - 1] &&
		!(m == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)));
}

int
explorer_date(const char *s, size_t len, int *month)
{
	int			y,
				m,
				d;

	*month = 0;
	if (len != 10 || s[4] != '.' || s[7] != '.')
		return 0;
	y = digits(s, 4);
	m = digits(s + 5, 2);
	if (y < 1 || m < 1 || m > 12)
		return 0;
	*month = y * 100 + m;
	d = digits(s + 8, 2);
	if (d < 1 || !explorer_valid_day((int64_t) *month * 100 + d))
		return 0;
	return *month * 100 + d;
}

int
explorer_performance(int64_t half_points, int64_t games, int average)
{
	/* the fraction scored in hundredths, rounded to the nearest */
	int64_t		p = (half_points * 100 + games) / (2 * games);

	if (p < 0)
		p = 0;
	if (p > 100)
		p = 100;
	return p >= 50 ? average + fide_dp[p - 50] : average - fide_dp[50 - p];
}
