/* The limit board: a Go board of libEGO's published design (pseudo-liberty
 * counts, strings as circular linked lists with a string id per point, an
 * array of empty points with an index map, a simple ko point, no superko,
 * no suicide), written for this benchmark. Only the benchmark and the test
 * that checks it against tromp-taylor-fast use it, through the safe
 * wrapper in ../src/lib.rs. */
#ifndef TT_LIMIT_BOARD_H
#define TT_LIMIT_BOARD_H

#include <stdint.h>

/* The largest side: boards from 1x1 to 19x19. */
#define LB_MAX_SIDE 19

typedef struct lb_board lb_board;

/* A new board of side `side` (1 to LB_MAX_SIDE), empty, Black to move; NULL
 * when the side is out of range or memory is short. */
lb_board *lb_new(int side);
/* Frees a board from lb_new (NULL is allowed). */
void lb_free(lb_board *b);
/* Empties the board: Black to move, no ko, no passes, no turns. */
void lb_clear(lb_board *b);

/* 1 when two consecutive passes have ended the game. */
int lb_is_over(const lb_board *b);
/* The code of the player to move: 1 Black, 2 White. */
int lb_to_move(const lb_board *b);
/* Turns taken since lb_new or lb_clear, passes included. */
int lb_turns(const lb_board *b);

/* 1 when a move by the player to move at point index `point` (y * side + x)
 * is legal: on the board, empty, not the ko point, not suicide. */
int lb_is_legal(const lb_board *b, int point);
/* Plays at point index `point` if that is legal, or passes when `point` is
 * negative; returns 1 when it did (a pass always, unless the game is over),
 * 0 (and changes nothing) otherwise. */
int lb_play(lb_board *b, int point);

/* One light-playout turn with the SplitMix64 state `*rng`: returns the point
 * index played, -1 for a pass, -2 when the game is over (no turn taken). */
int lb_step(lb_board *b, uint64_t *rng);
/* A light playout from the position now, with a SplitMix64 generator seeded
 * with `seed`, for at most `max_turns` turns; returns the turns taken. */
int lb_playout(lb_board *b, uint64_t seed, int max_turns);
/* Empties the board and plays `n` turns (point indices, negative for a
 * pass) with lb_play; returns how many were legal. */
int lb_replay(lb_board *b, const int16_t *turns, int n);

/* Writes the color of each point (0 empty, 1 black, 2 white), by point
 * index, to out[0 .. side * side]. */
void lb_coloring(const lb_board *b, uint8_t *out);
/* Writes the board's list of empty point indices, in its order, to out
 * (room for side * side) and returns how many. */
int lb_empties(const lb_board *b, uint16_t *out);

#endif
