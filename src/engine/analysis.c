/*
 * analysis.c — Win%, accuracy and judgements as lichess computes them, and
 * the speed of a time control (analysis.h).  The constants are lichess's:
 * the win-chance multiplier fitted to its games (lila pull request 11148),
 * the accuracy curve of lila's AccuracyPercent, the judgement thresholds
 * of its Advice.
 */
#include "analysis.h"

#include <math.h>
#include <stdint.h>

double
analysis_winning_chances(double cp)
{
	double		w = 2 / (1 + exp(-0.00368208 * cp)) - 1;

	return w < -1 ? -1 : w > 1 ? 1 : w;
}

double
analysis_win_percent(double cp)
{
	if (cp > ANALYSIS_CP_CEILING)
		cp = ANALYSIS_CP_CEILING;
	if (cp < -ANALYSIS_CP_CEILING)
		cp = -ANALYSIS_CP_CEILING;
	return 50 + 50 * analysis_winning_chances(cp);
}

double
analysis_move_accuracy(double before, double after)
{
	double		raw;

	if (after >= before)
		return 100;
	raw = 103.1668100711649 * exp(-0.04354415386753951 * (before - after)) - 3.166924740191411;
	raw += 1;					/* lichess's bonus for the analysis's imprecision */
	return raw < 0 ? 0 : raw > 100 ? 100 : raw;
}

/* the population standard deviation of xs[0..n) */
static double
deviation(const double *xs, int n)
{
	double		mean = 0,
				sum = 0;
	int			i;

	for (i = 0; i < n; i++)
		mean += xs[i];
	mean /= n;
	for (i = 0; i < n; i++)
		sum += (xs[i] - mean) * (xs[i] - mean);
	return sqrt(sum / n);
}

void
analysis_game_accuracy(const double *wins, int n, bool white_first, double *white,
					   bool *has_white, double *black, bool *has_black)
{
	double		wsum[2] = {0, 0},
				wweight[2] = {0, 0},
				hsum[2] = {0, 0};
	int			count[2] = {0, 0},
				window = n / 10 < 2 ? 2 : n / 10 > 8 ? 8 : n / 10,
				i;

	/*
	 * Move i (0-based) is weighted by the volatility of Win% in a window of
	 * the positions: the first windows repeat the first window's (min(window,
	 * n + 1) - 2 of them), then each slides by one.
	 */
	for (i = 0; i < n; i++)
	{
		int			first = i - (window < n + 1 ? window : n + 1) + 2,
					len,
					side = (i % 2 == 0) == white_first ? 0 : 1;
		double		weight,
					accuracy;

		if (first < 0)
			first = 0;
		len = n + 1 - first < window ? n + 1 - first : window;
		weight = deviation(wins + first, len);
		weight = weight < 0.5 ? 0.5 : weight > 12 ? 12 : weight;
		accuracy = side == 0 ? analysis_move_accuracy(wins[i], wins[i + 1]) :
			analysis_move_accuracy(wins[i + 1], wins[i]);
		wsum[side] += accuracy * weight;
		wweight[side] += weight;
		hsum[side] += 1 / (accuracy < 1 ? 1 : accuracy);
		count[side]++;
	}
	*has_white = count[0] > 0;
	*has_black = count[1] > 0;
	*white = count[0] ? (wsum[0] / wweight[0] + count[0] / hsum[0]) / 2 : 0;
	*black = count[1] ? (wsum[1] / wweight[1] + count[1] / hsum[1]) / 2 : 0;
}

AnalysisJudgement
analysis_judgement(AnalysisEval before, AnalysisEval after, bool white_moved)
{
	int			sign = white_moved ? 1 : -1;

	if (!before.mate && !after.mate)
	{
		/* the mover's loss of winning chances, from centipawns clamped to ±1000 as lila's Advice does */
		double		b = before.value > ANALYSIS_CP_CEILING ? ANALYSIS_CP_CEILING :
			before.value < -ANALYSIS_CP_CEILING ? -ANALYSIS_CP_CEILING : before.value,
					a = after.value > ANALYSIS_CP_CEILING ? ANALYSIS_CP_CEILING :
			after.value < -ANALYSIS_CP_CEILING ? -ANALYSIS_CP_CEILING : after.value;
		double		delta = sign * (analysis_winning_chances(b) - analysis_winning_chances(a));

		return delta >= 0.3 ? JUDGEMENT_BLUNDER : delta >= 0.2 ? JUDGEMENT_MISTAKE :
			delta >= 0.1 ? JUDGEMENT_INACCURACY : JUDGEMENT_NONE;
	}
	/* mates from the mover's view: a mate allowed, or one lost */
	{
		long		bmate = before.mate ? (long) sign * before.value : 0,
					amate = after.mate ? (long) sign * after.value : 0;
		long		bcp = before.mate ? 0 : (long) sign * before.value,
					acp = after.mate ? 0 : (long) sign * after.value;

		if (!before.mate && after.mate && amate < 0)
			return bcp < -999 ? JUDGEMENT_INACCURACY : bcp < -700 ? JUDGEMENT_MISTAKE : JUDGEMENT_BLUNDER;
		if (before.mate && bmate > 0 && (!after.mate || amate < 0))
			return acp > 999 ? JUDGEMENT_INACCURACY : acp > 700 ? JUDGEMENT_MISTAKE : JUDGEMENT_BLUNDER;
		return JUDGEMENT_NONE;
	}
}

const char *
analysis_judgement_name(AnalysisJudgement j)
{
	return j == JUDGEMENT_BLUNDER ? "blunder" : j == JUDGEMENT_MISTAKE ? "mistake" :
		j == JUDGEMENT_INACCURACY ? "inaccuracy" : NULL;
}

/* digits from s[*i]; false when none or more than 9 */
static bool
number(const char *s, size_t n, size_t *i, long *v)
{
	size_t		b = *i;

	*v = 0;
	while (*i < n && s[*i] >= '0' && s[*i] <= '9' && *i - b < 9)
		*v = *v * 10 + (s[(*i)++] - '0');
	return *i > b && !(*i < n && s[*i] >= '0' && s[*i] <= '9');
}

/* lichess's speeds by estimated seconds (scalachess Speed) */
static const char *
speed_of(int64_t estimate)
{
	return estimate < 30 ? "ultraBullet" : estimate < 180 ? "bullet" : estimate < 480 ? "blitz" :
		estimate < 1500 ? "rapid" : estimate < 21600 ? "classical" : "correspondence";
}

bool
time_control_parse(const char *s, size_t n, TimeControl *tc)
{
	size_t		i = 0;
	long		v;
	bool		first = true;

	tc->base = tc->increment = 0;
	tc->speed = NULL;
	if (n == 1 && s[0] == '?')
	{
		tc->kind = TC_UNKNOWN;
		return true;
	}
	if (n == 1 && s[0] == '-')
	{
		tc->kind = TC_NONE;
		tc->speed = "correspondence";
		return true;
	}
	tc->kind = TC_CLOCK;
	/* periods: "moves/seconds", then the last one "seconds", "seconds+increment" or "*seconds" */
	for (;;)
	{
		long		moves = -1;

		if (i < n && s[i] == '*')
		{
			i++;
			if (!number(s, n, &i, &v) || i != n)
				return false;
			if (first)
				tc->base = v;
			break;
		}
		if (!number(s, n, &i, &v))
			return false;
		if (i < n && s[i] == '/')
		{
			moves = v;
			i++;
			if (moves == 0 || !number(s, n, &i, &v))
				return false;
		}
		if (first)
			tc->base = v;
		if (moves < 0 && i < n && s[i] == '+')
		{
			long		inc;

			i++;
			if (!number(s, n, &i, &inc))
				return false;
			if (first)
				tc->increment = inc;
		}
		first = false;
		if (i == n)
			break;
		if (s[i] != ':' || moves < 0)
			return false;		/* only a period of moves is followed by another */
		i++;
	}
	tc->speed = speed_of((int64_t) tc->base + 40 * (int64_t) tc->increment);
	return true;
}
