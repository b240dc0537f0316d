/*
 * analysis.h — what lichess computes from a game's evaluations and clocks:
 * Win%, move and game accuracy, inaccuracies, mistakes and blunders
 * (lichess.org/page/accuracy; lila's WinPercent, AccuracyPercent and
 * Advice), and the time control's speed (scalachess's Speed).
 */
#ifndef CHESS_ENGINE_ANALYSIS_H
#define CHESS_ENGINE_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>

/* lichess's "initial" evaluation of the start, in centipawns */
#define ANALYSIS_INITIAL_CP 15
/* the centipawns a Win% is computed from are clamped to this, mates to its sign */
#define ANALYSIS_CP_CEILING 1000

/* winning chances in [-1, 1] of an evaluation in centipawns (not clamped) */
extern double analysis_winning_chances(double cp);

/* Win% in [0, 100]: 50 + 50 × winning chances of cp clamped to ±1000 */
extern double analysis_win_percent(double cp);

/* the accuracy in [0, 100] of a move that takes the mover's Win% from before to after */
extern double analysis_move_accuracy(double before, double after);

/*
 * The accuracy of each side over a game, as lichess aggregates it: the
 * mean of a volatility-weighted mean and a harmonic mean of the moves'
 * accuracies.  wins are n + 1 Win%s from White's view: the start's
 * (lichess's initial evaluation, analysis_win_percent(ANALYSIS_INITIAL_CP)),
 * then after each ply that has an evaluation, in order; white_first when
 * White made the first of those plies.  *has_white and *has_black say
 * whether the side moved.
 */
extern void analysis_game_accuracy(const double *wins, int n, bool white_first, double *white,
								   bool *has_white, double *black, bool *has_black);

typedef enum AnalysisJudgement
{
	JUDGEMENT_NONE = 0,
	JUDGEMENT_INACCURACY,
	JUDGEMENT_MISTAKE,
	JUDGEMENT_BLUNDER
} AnalysisJudgement;

/*
 * An evaluation: centipawns or moves to mate (mate 0: the side to move is
 * mated), from White's view.
 */
typedef struct AnalysisEval
{
	bool		mate;
	int			value;
} AnalysisEval;

/*
 * lichess's judgement of a move by White (white_moved) or Black from the
 * evaluation before it to the one after it: a loss of winning chances of
 * 0.1, 0.2, 0.3 from the mover's view (centipawns clamped to ±1000) is an
 * inaccuracy, a mistake, a blunder; a mate allowed or a mate lost is judged
 * by the centipawns on the other side.
 */
extern AnalysisJudgement analysis_judgement(AnalysisEval before, AnalysisEval after, bool white_moved);

extern const char *analysis_judgement_name(AnalysisJudgement j);

/* A PGN TimeControl. */
typedef enum TimeControlKind
{
	TC_UNKNOWN,					/* "?" */
	TC_NONE,					/* "-": no clock (correspondence) */
	TC_CLOCK					/* base and increment */
} TimeControlKind;

typedef struct TimeControl
{
	TimeControlKind kind;
	long		base;			/* seconds: the first period's */
	long		increment;		/* seconds */
	const char *speed;			/* lichess's: ultraBullet ... classical, correspondence */
} TimeControl;

/*
 * Reads a PGN TimeControl: "?", "-", "300", "300+3", "40/7200:3600" (periods
 * of moves/seconds, then sudden death), "*180" (sandclock); speed from the
 * estimated duration base + 40 × increment, as lichess classes games (from
 * 21,600 seconds on, correspondence).
 * Returns false when the text is none of these.
 */
extern bool time_control_parse(const char *s, size_t n, TimeControl *tc);

#endif							/* CHESS_ENGINE_ANALYSIS_H */
