/* The limit board: libEGO's published design, written here for the
 * benchmark (see board.h). A padded board of (side + 2) rows of side + 1
 * cells (one border column serves both edges), indexed by cell; the point
 * index of the API is y * side + x.
 *
 * - Each stone has a string id (the cell of the string's id stone) and a
 *   `next` link: the stones of a string form a circular list.
 * - At its id, a string keeps its pseudo-liberty count (each pair of a stone
 *   and an empty neighbour counts once) and its number of stones.
 * - Each cell keeps the count of its neighbours by color (4 bits each:
 *   empty; black or border; white or border): the eye test and the "has an
 *   empty neighbour" test are one load.
 * - The empty points are an array with an index map (swap-remove on a move,
 *   appended on a capture).
 * - One ko point, set when a move captured exactly one stone and its own
 *   string is one stone with one liberty; cleared by every other turn.
 *
 * The order of the empty array, the choice of the surviving id when strings
 * merge and the order in which captured strings are emptied are chosen so
 * that the same seed plays the same light playout as tromp-taylor-fast's
 * benchmark workload (checked by ../tests/agrees_with_fast.rs). */
#include "board.h"

#include <stdlib.h>
#include <string.h>

#define EMPTY 0
#define BLACK 1
#define WHITE 2
#define BORDER 3

#define MAX_POINTS (LB_MAX_SIDE * LB_MAX_SIDE)
#define MAX_CELLS ((LB_MAX_SIDE + 2) * (LB_MAX_SIDE + 1) + 1)

struct lb_board {
    int side, stride, points;
    int to_move;   /* 1 Black, 2 White */
    int passes;    /* consecutive passes */
    int turns;
    int ko;        /* the ko cell, 0 for none (cell 0 is border) */
    int empty_count;
    uint8_t color[MAX_CELLS];
    uint16_t nbr[MAX_CELLS];    /* neighbour counts by color */
    uint16_t sid[MAX_CELLS];    /* string id of a stone */
    uint16_t next[MAX_CELLS];   /* the circular list of a string */
    uint16_t libs[MAX_CELLS];   /* pseudo-liberties, at the string id */
    uint16_t stones[MAX_CELLS]; /* stones, at the string id */
    uint16_t index[MAX_CELLS];  /* cell -> point index */
    uint16_t cell[MAX_POINTS];  /* point index -> cell */
    uint16_t empty[MAX_POINTS];
    uint16_t empty_pos[MAX_POINTS];
    uint16_t buffer[MAX_POINTS]; /* the playout's candidates, once copied */
};

/* What a neighbour of color c adds to a cell's count when it goes from
 * empty to c (c = 1 or 2); the reverse subtracts it. */
static inline uint16_t nbr_step(int c) { return (uint16_t)((1u << (4 * c)) - 1u); }

/* How many neighbours of `q` are empty. */
static inline int empty_nbrs(const lb_board *b, int q) { return b->nbr[q] & 15; }

/* How many neighbours of `q` are of color c (1 or 2) or the border. */
static inline int own_nbrs(const lb_board *b, int q, int c) { return (b->nbr[q] >> (4 * c)) & 15; }

lb_board *lb_new(int side) {
    if (side < 1 || side > LB_MAX_SIDE) return NULL;
    lb_board *b = malloc(sizeof *b);
    if (!b) return NULL;
    b->side = side;
    b->stride = side + 1;
    b->points = side * side;
    lb_clear(b);
    return b;
}

void lb_free(lb_board *b) { free(b); }

void lb_clear(lb_board *b) {
    int side = b->side, stride = b->stride;
    int cells = (side + 2) * stride + 1;
    memset(b->color, BORDER, sizeof b->color);
    memset(b->nbr, 0, sizeof b->nbr);
    memset(b->sid, 0, sizeof b->sid);
    memset(b->next, 0, sizeof b->next);
    memset(b->libs, 0, sizeof b->libs);
    memset(b->stones, 0, sizeof b->stones);
    memset(b->index, 0, sizeof b->index);
    for (int y = 0; y < side; y++) {
        for (int x = 0; x < side; x++) {
            int q = (y + 1) * stride + x + 1, i = y * side + x;
            b->color[q] = EMPTY;
            b->index[q] = (uint16_t)i;
            b->cell[i] = (uint16_t)q;
            b->empty[i] = (uint16_t)i;
            b->empty_pos[i] = (uint16_t)i;
        }
    }
    for (int q = stride; q < cells - stride; q++) {
        if (b->color[q] != EMPTY) continue;
        int n[4] = {q - 1, q + 1, q - stride, q + stride};
        uint16_t count = 0;
        for (int k = 0; k < 4; k++) {
            count += b->color[n[k]] == EMPTY ? 1 : (1 << 4) | (1 << 8);
        }
        b->nbr[q] = count;
    }
    b->empty_count = b->points;
    b->to_move = BLACK;
    b->passes = 0;
    b->turns = 0;
    b->ko = 0;
}

int lb_is_over(const lb_board *b) { return b->passes >= 2; }
int lb_to_move(const lb_board *b) { return b->to_move; }
int lb_turns(const lb_board *b) { return b->turns; }

/* How many of the neighbours of `q` are stones of the string `s` of color c. */
static inline int touching(const lb_board *b, int q, int s, int c) {
    int stride = b->stride, count = 0;
    int n[4] = {q - 1, q + 1, q - stride, q + stride};
    for (int k = 0; k < 4; k++) count += b->color[n[k]] == c && b->sid[n[k]] == s;
    return count;
}

/* Whether a move by p at the empty cell q is legal: not the ko point, and
 * not suicide (it has an empty neighbour, or captures, or joins a string
 * with a liberty elsewhere). A string's only liberty is q exactly when all
 * its pseudo-liberties are its stones' contacts with q. */
static inline int legal_at(const lb_board *b, int q, int p) {
    if (q == b->ko) return 0;
    if (empty_nbrs(b, q) > 0) return 1;
    int stride = b->stride;
    int n[4] = {q - 1, q + 1, q - stride, q + stride};
    for (int k = 0; k < 4; k++) {
        int c = b->color[n[k]];
        if (c != BLACK && c != WHITE) continue;
        int s = b->sid[n[k]];
        int only_q = b->libs[s] == touching(b, q, s, c);
        if (c == p ? !only_q : only_q) return 1;
    }
    return 0;
}

/* Empties the string with id s, of color c: its stones go to the end of the
 * empty array in list order, and the strings of the other color next to
 * them gain the pseudo-liberties. */
static void remove_string(lb_board *b, int s, int c) {
    int other = c ^ 3, stride = b->stride;
    uint16_t step = nbr_step(c);
    int t = s;
    do {
        int i = b->index[t];
        b->color[t] = EMPTY;
        b->empty_pos[i] = (uint16_t)b->empty_count;
        b->empty[b->empty_count++] = (uint16_t)i;
        int n[4] = {t - 1, t + 1, t - stride, t + stride};
        for (int k = 0; k < 4; k++) {
            b->nbr[n[k]] -= step;
            if (b->color[n[k]] == other) b->libs[b->sid[n[k]]]++;
        }
        t = b->next[t];
    } while (t != s);
}

/* Plays p at the empty cell q (legal): places the stone, joins its
 * strings, captures. */
static inline void play_at(lb_board *b, int q, int p) {
    int opp = p ^ 3, stride = b->stride;
    int n[4] = {q - 1, q + 1, q - stride, q + stride};
    uint16_t step = nbr_step(p);
    /* Out of the empty array: the last empty point takes its slot. */
    int slot = b->empty_pos[b->index[q]];
    int last = b->empty[--b->empty_count];
    if (slot < b->empty_count) {
        b->empty[slot] = (uint16_t)last;
        b->empty_pos[last] = (uint16_t)slot;
    }
    b->color[q] = (uint8_t)p;
    int libs = 0;
    for (int k = 0; k < 4; k++) {
        b->nbr[n[k]] += step;
        int c = b->color[n[k]];
        if (c == EMPTY) libs++;
        else if (c != BORDER) b->libs[b->sid[n[k]]]--;
    }
    b->sid[q] = (uint16_t)q;
    b->next[q] = (uint16_t)q;
    b->libs[q] = (uint16_t)libs;
    b->stones[q] = 1;
    /* Join the strings: the smaller one's stones take the bigger one's id
     * (the neighbour's on a tie), and the two lists are spliced. */
    for (int k = 0; k < 4; k++) {
        if (b->color[n[k]] != p) continue;
        int big = b->sid[n[k]], small = b->sid[q];
        if (big == small) continue;
        if (b->stones[big] < b->stones[small]) {
            int t = big;
            big = small;
            small = t;
        }
        int t = small;
        do {
            b->sid[t] = (uint16_t)big;
            t = b->next[t];
        } while (t != small);
        uint16_t link = b->next[big];
        b->next[big] = b->next[small];
        b->next[small] = link;
        b->libs[big] += b->libs[small];
        b->stones[big] += b->stones[small];
    }
    /* Capture, neighbour by neighbour. */
    int captured = 0, last_captured = 0;
    for (int k = 0; k < 4; k++) {
        if (b->color[n[k]] != opp) continue;
        int s = b->sid[n[k]];
        if (b->libs[s] != 0) continue;
        captured += b->stones[s];
        last_captured = s;
        remove_string(b, s, opp);
    }
    int s = b->sid[q];
    b->ko = captured == 1 && b->stones[s] == 1 && b->libs[s] == 1 ? last_captured : 0;
}

/* A pass: ends the ko, counts toward the two that end the game. */
static inline void pass(lb_board *b) {
    b->ko = 0;
    b->passes++;
    b->turns++;
    b->to_move ^= 3;
}

/* A move by the player to move at the legal empty cell q. */
static inline void move(lb_board *b, int q) {
    play_at(b, q, b->to_move);
    b->passes = 0;
    b->turns++;
    b->to_move ^= 3;
}

int lb_is_legal(const lb_board *b, int point) {
    if (point < 0 || point >= b->points) return 0;
    int q = b->cell[point];
    return b->color[q] == EMPTY && legal_at(b, q, b->to_move);
}

int lb_play(lb_board *b, int point) {
    if (lb_is_over(b)) return 0;
    if (point < 0) {
        pass(b);
        return 1;
    }
    if (!lb_is_legal(b, point)) return 0;
    move(b, b->cell[point]);
    return 1;
}

/* SplitMix64, as the workload's generator. */
static inline uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A number below n, by multiply-shift of the high 32 bits (the workload's). */
static inline int below(uint64_t *state, int n) {
    return (int)(((splitmix64(state) >> 32) * (uint64_t)n) >> 32);
}

/* The workload's turn: draw empty points uniformly without replacement until
 * one is neither the mover's own one-point eye nor illegal, and play it;
 * pass when none is. The board's own array is read until a candidate is
 * refused, then copied (a refusal changes nothing, so the draws are those
 * of drawing from a copy throughout). */
static inline int step(lb_board *b, uint64_t *rng) {
    int p = b->to_move;
    int k = b->empty_count;
    const uint16_t *list = b->empty;
    while (k > 0) {
        int i = below(rng, k);
        int point = list[i];
        int q = b->cell[point];
        if (own_nbrs(b, q, p) != 4 && legal_at(b, q, p)) {
            move(b, q);
            return point;
        }
        if (list != b->buffer) {
            memcpy(b->buffer, b->empty, (size_t)b->empty_count * sizeof b->empty[0]);
            list = b->buffer;
        }
        b->buffer[i] = b->buffer[k - 1];
        b->buffer[k - 1] = (uint16_t)point;
        k--;
    }
    pass(b);
    return -1;
}

int lb_step(lb_board *b, uint64_t *rng) {
    if (lb_is_over(b)) return -2;
    return step(b, rng);
}

int lb_playout(lb_board *b, uint64_t seed, int max_turns) {
    uint64_t rng = seed;
    int turns = 0;
    while (!lb_is_over(b) && turns < max_turns) {
        step(b, &rng);
        turns++;
    }
    return turns;
}

int lb_replay(lb_board *b, const int16_t *turns, int n) {
    lb_clear(b);
    int legal = 0;
    for (int k = 0; k < n; k++) legal += lb_play(b, turns[k]);
    return legal;
}

void lb_coloring(const lb_board *b, uint8_t *out) {
    for (int i = 0; i < b->points; i++) out[i] = b->color[b->cell[i]];
}

int lb_empties(const lb_board *b, uint16_t *out) {
    memcpy(out, b->empty, (size_t)b->empty_count * sizeof b->empty[0]);
    return b->empty_count;
}
