#!/usr/bin/env node
// engines/node/tenuki_gtp.js: a GTP adapter over tenuki's game engine (npm `tenuki`, its headless Game), every verdict its own.
"use strict";
/*
 * GTP over `Game` from the npm package `tenuki` (installed in
 * engines/node/tenuki/; see its package.json for the version), built without
 * a board element, which its README documents for use outside a browser
 * ("you can simply create a new game without passing an element"): the
 * game then renders to tenuki's own NullRenderer and touches no DOM.
 *
 * Rules: tenuki's own Game options, given on the command line:
 *   --ko-rule simple|positional-superko|situational-superko|natural-situational-superko
 *   --scoring area|territory|equivalence
 * (tenuki's defaults are "simple" and "territory"); `komi` is its `komi`
 * option. engines/tenuki.toml maps our rule sets to these.
 *
 * Every verdict is tenuki's: `play` is `game.playAt(y, x)` and `game.pass()`
 * (each returns false when tenuki refuses; playAt throws off the board, and
 * its error message is kept); `is_legal`/`all_legal` are
 * `!game.isIllegalAt(y, x)`, the check playAt makes; `list_stones` reads
 * `game.intersectionAt(y, x).value`, `captures` the current state's
 * `blackStonesCaptured`/`whiteStonesCaptured`, `final_score` is
 * `game.score()` (no stone marked dead) once `game.isOver()`.
 *
 * What the adapter itself does, none of it a rule: GTP parsing and the
 * vertex names; the words of a refusal (playAt only returns false: the
 * adapter names which of tenuki's own checks in Ruleset.isIllegal failed:
 * occupied, suicide, ko); a `play` for the color tenuki does not have to
 * move is refused (tenuki always plays for `game.currentPlayer()`); `komi`
 * after moves rebuilds the game with the new komi and replays its moves
 * (tenuki takes komi only when a game is made). Every `playAt` and `pass`
 * passes `{render: false}`: there is nothing to render. A package missing,
 * or not the version engines/node/tenuki/package.json pins, is one line on
 * standard error and exit status 1 before any GTP.
 */

const path = require("path");
const { COLUMNS, GtpError, boardCommands, oneLine, player, point, readOptions, serve, word } = require("./gtp_loop");

const PACKAGE = path.join(__dirname, "tenuki", "node_modules", "tenuki");
let Game, VERSION;
try {
    ({ Game } = require(PACKAGE));
    VERSION = require(path.join(PACKAGE, "package.json")).version;
} catch (e) {
    process.stderr.write(`tenuki is not installed in ${path.dirname(PACKAGE)} (run engines/install/tenuki.sh): ${String((e && e.message) || e).split("\n")[0]}\n`);
    process.exit(1);
}
const PINNED = require(path.join(__dirname, "tenuki", "package.json")).dependencies["tenuki"];
if (VERSION !== PINNED) {
    process.stderr.write(`tenuki ${PINNED} wanted (engines/node/tenuki/package.json), ${VERSION} installed (run engines/install/tenuki.sh)\n`);
    process.exit(1);
}

const QUIET = { render: false };

function parseArgs(argv) {
    return readOptions(
        argv,
        { koRule: "simple", scoring: "territory" },
        {},
        { "--ko-rule": ["koRule", word], "--scoring": ["scoring", word] },
    );
}

class Adapter {
    constructor(options) {
        this.options = options;
        this.width = this.height = 19;
        this.komi = 0;
        this.clear();
    }

    // A new tenuki Game; throws tenuki's error for options it refuses.
    newGame() {
        return new Game({ boardSize: this.width, koRule: this.options.koRule, scoring: this.options.scoring, komi: this.komi });
    }

    clear() {
        this.game = this.newGame();
        this.moves = [];
    }

    // A new empty Game of that size; tenuki's error for a size it refuses, the game left as it was.
    resize(width) {
        const before = this.width;
        this.width = this.height = width;
        try {
            this.clear();
        } catch (e) {
            this.width = this.height = before;
            this.clear();
            throw new GtpError(`unacceptable size: ${oneLine((e && e.message) || e)}`);
        }
    }

    // tenuki takes komi only when a Game is made: a new one, the moves replayed.
    setKomi(k) {
        this.komi = k;
        const moves = this.moves;
        this.clear();
        for (const m of moves) {
            if (m === null) this.game.pass(QUIET);
            else this.game.playAt(m.y, m.x, QUIET);
            this.moves.push(m);
        }
    }

    stoneAt(col, row) {
        const value = this.game.intersectionAt(this.height - row, col).value;
        return value === "black" || value === "white" ? value : null;
    }

    color(word) {
        return { black: "black", white: "white" }[player(word)];
    }

    // A GTP vertex as tenuki's {y, x}, y from the top; null for pass.
    vertex(word) {
        const p = point(word);
        if (p === null) return null;
        const { col, row } = p;
        return { y: this.height - row, x: col };
    }

    name(y, x) {
        return COLUMNS[x] + String(this.height - y);
    }

    // The player tenuki has to move must be the one GTP names.
    mover(color) {
        const current = this.game.currentPlayer();
        if (color !== current) throw new GtpError(`illegal move: tenuki has ${current} to move (checked by the adapter)`);
    }

    // Which of tenuki's own checks (Ruleset.isIllegal) refuses the point.
    why(y, x) {
        const state = this.game.currentState();
        const ruleset = this.game._ruleset;
        if (!state.intersectionAt(y, x).isEmpty()) return "occupied";
        if (ruleset._wouldBeSuicide(y, x, state)) return "suicide";
        if (ruleset._isKoViolation(y, x, state, this.game._moves)) return `ko (${ruleset.koRule})`;
        return "no check of Ruleset.isIllegal names it";
    }

    // tenuki's answer to isIllegalAt: true, false, or its error's words.
    illegal(y, x) {
        try {
            return this.game.isIllegalAt(y, x);
        } catch (e) {
            return oneLine((e && e.message) || e);
        }
    }

    handlers() {
        return {
            ...boardCommands(this, { squareOnly: true }),
            name: () => `tenuki Game (koRule ${this.options.koRule}, scoring ${this.options.scoring})`,
            version: () => VERSION,
            play: (args) => {
                const color = this.color(args[0]);
                const v = this.vertex(args[1]);
                this.mover(color);
                if (v === null) {
                    if (!this.game.pass(QUIET)) throw new GtpError("illegal move: pass() returned false (the game is over)");
                } else {
                    let played;
                    try {
                        played = this.game.playAt(v.y, v.x, QUIET);
                    } catch (e) {
                        throw new GtpError(`illegal move: ${oneLine((e && e.message) || e)}`);
                    }
                    if (!played) throw new GtpError(`illegal move: playAt returned false (${this.why(v.y, v.x)})`);
                }
                this.moves.push(v);
                return "";
            },
            is_legal: (args) => {
                const color = this.color(args[0]);
                const v = this.vertex(args[1]);
                if (color !== this.game.currentPlayer()) throw new GtpError("tenuki answers for the player to move only");
                if (v === null) return this.game.isOver() ? "0" : "1";
                return this.illegal(v.y, v.x) === false ? "1" : "0";
            },
            all_legal: (args) => {
                const color = this.color(args[0]);
                if (color !== this.game.currentPlayer()) throw new GtpError("tenuki answers for the player to move only");
                const out = [];
                for (let y = 0; y < this.height; y++) {
                    for (let x = 0; x < this.width; x++) {
                        if (this.illegal(y, x) === false) out.push(this.name(y, x));
                    }
                }
                return out.join(" ");
            },
            captures: (args) => {
                const state = this.game.currentState();
                // blackStonesCaptured counts Black's stones taken off the board (by White).
                return String(this.color(args[0]) === "black" ? state.whiteStonesCaptured : state.blackStonesCaptured);
            },
            final_score: () => {
                if (!this.game.isOver()) throw new GtpError("cannot score: game.isOver() is false");
                const score = this.game.score();
                const margin = score.black - score.white;
                if (margin === 0) return "0";
                return margin > 0 ? `B+${margin}` : `W+${-margin}`;
            },
        };
    }
}

let adapter;
try {
    adapter = new Adapter(parseArgs(process.argv.slice(2)));
} catch (e) {
    process.stderr.write(`tenuki refused its options: ${oneLine((e && e.message) || e)}\n`);
    process.exit(2);
}
serve(adapter);
