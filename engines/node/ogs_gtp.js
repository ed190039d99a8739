#!/usr/bin/env node
// engines/node/ogs_gtp.js: a GTP adapter over OGS's rules engine (npm `goban`, GobanEngine: the engine behind online-go.com), every verdict its own.
"use strict";
/*
 * GTP over `GobanEngine` from the npm package `goban` (see package.json for
 * the version). The package ships one browser bundle; the few browser
 * objects it touches while loading (window, document, navigator,
 * localStorage) are stubbed below with objects that do nothing. No rule of
 * the engine is touched.
 *
 * Rules: the engine is built with OGS's own rule set name and settings,
 * given on the command line:
 *   --ogs-rules chinese|nz|japanese|aga|korean|ing   GobanEngine's `rules` (its
 *                                                   defaults for superko, self
 *                                                   capture and scoring follow)
 *   --self-capture 0|1                              sets `allow_self_capture`
 *   --superko psk|ssk|csk|none                      sets `superko_algorithm`
 *                                                   (`none`: `allow_superko`)
 * engines/ogs-goban.toml maps our rule sets to these (and says which have no
 * mapping).
 *
 * Every verdict is GobanEngine's: `play` is `place(x, y, true, true)` (check
 * ko, throw on superko), as online-go.com's board calls it for a move, and
 * `place(-1, -1)` for a pass; a move it throws on is `? illegal move: CODE`
 * with its error code. `is_legal`/`all_legal` try `place` and jump back to
 * the position before (`jumpTo`). `list_stones` reads `engine.board`,
 * `captures` its `black_prisoners`/`white_prisoners`, `final_score` its
 * `computeScore()` (no stone marked dead).
 *
 * What the adapter itself does, none of it a rule: GTP parsing; a vertex off
 * the board is refused before the engine is asked (`place` takes any x, y
 * and records an off-board point as a move that changes nothing); `play`
 * for a color the engine does not have to move sets `engine.player` first
 * (GTP names the color; GNU Go and Pachi accept that too). The engine does
 * not end a game: after two passes `play` is still accepted (the controller
 * ends GTP games).
 */

const path = require("path");
const { COLUMNS, GtpError, boardCommands, player, point, readOptions, serve, word } = require("./gtp_loop");

// The browser objects the bundle touches while loading.
const noop = () => {};
const element = () => ({
    style: {},
    classList: { add: noop, remove: noop, contains: () => false },
    appendChild: noop,
    addEventListener: noop,
    removeEventListener: noop,
    setAttribute: noop,
    getContext: () => null,
    children: [],
});
globalThis.self = globalThis;
globalThis.window = globalThis;
globalThis.addEventListener = noop;
globalThis.removeEventListener = noop;
globalThis.document = {
    createElement: element,
    createElementNS: element,
    addEventListener: noop,
    removeEventListener: noop,
    body: element(),
    head: element(),
    getElementById: () => null,
    querySelector: () => null,
};
globalThis.navigator = { userAgent: "node" };
globalThis.localStorage = { getItem: () => null, setItem: noop, removeItem: noop };

const quiet = console.log;
console.log = (...args) => process.stderr.write(args.join(" ") + "\n"); // the bundle logs; stdout is GTP's
const goban = require("goban");
const { GobanEngine } = goban;
const GOBAN_VERSION = require(path.join(path.dirname(require.resolve("goban")), "..", "package.json")).version;
void quiet;


function parseArgs(argv) {
    return readOptions(
        argv,
        { ogsRules: "chinese", selfCapture: null, superko: null, seed: 1 },
        {},
        {
            "--ogs-rules": ["ogsRules", word],
            "--self-capture": ["selfCapture", (v) => v === "1"],
            "--superko": ["superko", word],
            "--seed": ["seed", (v) => parseInt(v, 10)],
        },
    );
}


class Adapter {
    constructor(options) {
        this.options = options;
        this.width = 19;
        this.height = 19;
        this.komi = 0;
        this.rng = options.seed >>> 0 || 1;
        this.clear();
    }

    config() {
        const c = { width: this.width, height: this.height, rules: this.options.ogsRules, komi: this.komi };
        if (this.options.selfCapture !== null) {
            c.allow_self_capture = this.options.selfCapture;
        }
        if (this.options.superko === "none") {
            c.allow_superko = true;
        } else if (this.options.superko) {
            c.allow_superko = false;
            c.superko_algorithm = this.options.superko;
        }
        return c;
    }

    clear() {
        this.engine = new GobanEngine(this.config());
    }

    resize(width, height) {
        this.width = width;
        this.height = height;
        this.clear();
    }

    setKomi(k) {
        this.komi = k;
        this.engine.komi = k;
    }

    stoneAt(col, row) {
        return { 1: "black", 2: "white" }[this.engine.board[this.height - row][col]] || null;
    }

    color(word) {
        return { black: 1, white: 2 }[player(word)];
    }

    // A GTP vertex as the engine's (x, y), y from the top; null for pass.
    vertex(word) {
        const p = point(word);
        if (p === null) return null;
        const { col, row } = p;
        return { x: col, y: this.height - row, onBoard: col < this.width && row <= this.height };
    }

    name(x, y) {
        return COLUMNS[x] + String(this.height - y);
    }

    // Places for `player` at v (null: pass) through GobanEngine; throws its error.
    place(player, v) {
        this.engine.player = player;
        if (v === null) {
            this.engine.place(-1, -1);
        } else {
            this.engine.place(v.x, v.y, true, true);
        }
    }

    // The engine's verdict, the position left as it was.
    tryPlace(player, v) {
        if (v !== null && !v.onBoard) return "off the board (checked by the adapter)";
        const node = this.engine.cur_move;
        const before = this.engine.player;
        try {
            this.place(player, v);
        } catch (e) {
            this.engine.player = before;
            return (e && e.message) || String(e);
        }
        this.engine.jumpTo(node);
        this.engine.player = before;
        return null;
    }

    handlers() {
        return {
            ...boardCommands(this),
            name: () => `OGS goban GobanEngine (rules ${this.engine.rules})`,
            version: () => GOBAN_VERSION,
            play: (args) => {
                const player = this.color(args[0]);
                const v = this.vertex(args[1]);
                if (v !== null && !v.onBoard) throw new GtpError("illegal move: off the board (checked by the adapter)");
                const before = this.engine.player;
                try {
                    this.place(player, v);
                } catch (e) {
                    this.engine.player = before;
                    throw new GtpError(`illegal move: ${(e && e.message) || e}`);
                }
                return "";
            },
            is_legal: (args) => {
                const player = this.color(args[0]);
                return this.tryPlace(player, this.vertex(args[1])) === null ? "1" : "0";
            },
            all_legal: (args) => this.legal(this.color(args[0])).map(([x, y]) => this.name(x, y)).join(" "),
            genmove: (args) => {
                const player = this.color(args[0]);
                const moves = this.legal(player);
                if (moves.length === 0) {
                    this.place(player, null);
                    return "pass";
                }
                this.rng = (Math.imul(this.rng, 1103515245) + 12345) >>> 0;
                const [x, y] = moves[this.rng % moves.length];
                this.place(player, { x, y, onBoard: true });
                return this.name(x, y);
            },
            captures: (args) => {
                const player = this.color(args[0]);
                return String(player === 1 ? this.engine.black_prisoners : this.engine.white_prisoners);
            },
            final_score: () => {
                const score = this.engine.computeScore();
                const margin = score.black.total - score.white.total;
                if (margin === 0) return "0";
                return margin > 0 ? `B+${margin}` : `W+${-margin}`;
            },
        };
    }

    legal(player) {
        const out = [];
        for (let y = this.height - 1; y >= 0; y--) {
            for (let x = 0; x < this.width; x++) {
                if (this.engine.board[y][x] === 0 && this.tryPlace(player, { x, y, onBoard: true }) === null) {
                    out.push([x, y]);
                }
            }
        }
        return out;
    }
}


serve(new Adapter(parseArgs(process.argv.slice(2))));
