#!/usr/bin/env node
// engines/node/wgo_gtp.js: a GTP adapter over WGo.js's game logic (npm `wgo` 3, its `Game` class), every verdict its own.
"use strict";
/*
 * GTP over `Game` from the npm package `wgo` (see wgo/package.json for the
 * version), loaded with `require` from engines/node/wgo/node_modules: its
 * UMD build `dist/index.js`, which touches no browser object while loading
 * (nothing is stubbed).
 *
 * Rules: `new Game(size, rules)` with one of WGo's own rule objects, named
 * on the command line:
 *   --rules Japanese|Chinese|AGA|GOE|NZ   an entry of `goRules` (the package's
 *                                         default export of Game/rules.ts,
 *                                         "names of the rules should
 *                                         correspond with SGF RU property")
 *   --rules JAPANESE_RULES|CHINESE_RULES|ING_RULES|NO_RULES   the exported
 *                                         constants themselves
 *   --repeating KO|ALL|NONE               overrides `repeating` (a copy of
 *                                         the rule object; the preset is
 *                                         left alone)
 *   --suicide 0|1                         overrides `allowSuicide`
 * Default: `Japanese`, as `new Game()` has. engines/wgo.toml maps our rule
 * sets to these.
 *
 * Every verdict is the library's: `play` is `game.play(x, y)`, which returns
 * the new Position or `false` (WGo gives no reason: the answer is `? illegal
 * move (Game.play returned false)`; an exception it throws is `? illegal
 * move: ` and its message); `pass` is `game.pass(color)`. `is_legal` and
 * `all_legal` ask `game.isValid(x, y)` (the same `tryToPlay` as `play`, the
 * game left as it was; `is_legal` of a pass is 1: `game.pass` refuses none). `list_stones` reads `game.position.get(x, y)`,
 * `captures` `game.capCount` (`black`: white stones captured by Black),
 * `undo` is `game.popPosition()`.
 *
 * What the adapter itself does, none of it a rule: GTP parsing; the GTP
 * vertex as WGo's (x, y), x the column from the left, y the row from the
 * top; a vertex off the board is handed to `play` like any other (WGo
 * refuses it: `Position.get` answers undefined there, not EMPTY); `play`
 * and `is_legal` for a color that does not have the turn set `game.turn`
 * first (the current Position's `turn`, which `play` reads, as WGo's own
 * test "Play custom color" does), and put it back if the move is refused.
 * WGo 3.0.0-alpha.10 has square boards only (no `rectangular_boardsize`),
 * no scoring (no `final_score`) and no end of game: after two passes
 * `play` is still accepted (the controller ends GTP games). It chooses no
 * moves: no `genmove`.
 */

const path = require("path");
const { COLUMNS, GtpError, boardCommands, player, point, readOptions, serve, word } = require("./gtp_loop");
const { createRequire } = require("module");

// The package from engines/node/wgo/node_modules (its own npm folder).
const folderRequire = createRequire(path.join(__dirname, "wgo", "package.json"));
let wgo, WGO_VERSION;
try {
    wgo = folderRequire("wgo");
    WGO_VERSION = folderRequire("wgo/package.json").version;
} catch (e) {
    process.stderr.write(`wgo is not installed in ${path.join(__dirname, "wgo")}: run engines/install/wgo.sh (${(e && e.code) || e})\n`);
    process.exit(2);
}
const { Game, Color } = wgo;

const RULE_CONSTANTS = ["JAPANESE_RULES", "CHINESE_RULES", "ING_RULES", "NO_RULES"];

function fail(message) {
    process.stderr.write(`${message}\n`);
    process.exit(2);
}

function parseArgs(argv) {
    return readOptions(
        argv,
        { rules: "Japanese", repeating: null, suicide: null },
        {},
        { "--rules": ["rules", word], "--repeating": ["repeating", word], "--suicide": ["suicide", word] },
    );
}

// WGo's rule object for the options: a preset, or a copy of it with the overrides.
function ruleObject(options) {
    let base;
    if (Object.prototype.hasOwnProperty.call(wgo.goRules, options.rules)) {
        base = wgo.goRules[options.rules];
    } else if (RULE_CONSTANTS.includes(options.rules)) {
        base = wgo[options.rules];
    } else {
        fail(`unknown rules ${options.rules}: one of ${Object.keys(wgo.goRules).concat(RULE_CONSTANTS).join(", ")}`);
    }
    if (options.repeating === null && options.suicide === null) return base;
    const rules = { ...base };
    if (options.repeating !== null) {
        if (!Object.values(wgo.Repeating).includes(options.repeating)) {
            fail(`unknown repeating ${options.repeating}: one of ${Object.values(wgo.Repeating).join(", ")}`);
        }
        rules.repeating = options.repeating;
    }
    if (options.suicide !== null) {
        if (options.suicide !== "0" && options.suicide !== "1") fail("--suicide takes 0 or 1");
        rules.allowSuicide = options.suicide === "1";
    }
    return rules;
}


class Adapter {
    constructor(options) {
        this.options = options;
        this.rules = ruleObject(options);
        this.width = this.height = 19;
        this.komi = null;
        this.clear();
    }

    clear() {
        this.game = new Game(this.width, this.rules);
        if (this.komi !== null) this.game.komi = this.komi;
    }

    resize(width) {
        this.width = this.height = width;
        this.clear();
    }

    setKomi(k) {
        this.komi = k;
        this.game.komi = k;
    }

    stoneAt(col, row) {
        const s = this.game.position.get(col, this.height - row);
        return s === Color.BLACK ? "black" : s === Color.WHITE ? "white" : null;
    }

    color(word) {
        return { black: Color.BLACK, white: Color.WHITE }[player(word)];
    }

    // A GTP vertex as WGo's (x, y): x from the left, y from the top; null for pass.
    vertex(word) {
        const p = point(word);
        if (p === null) return null;
        const { col, row } = p;
        return { x: col, y: this.height - row };
    }

    name(x, y) {
        return COLUMNS[x] + String(this.height - y);
    }

    // WGo's verdict on a move of `player` at v, the game left as it was: null when legal, else why not.
    refusal(player, v) {
        const before = this.game.turn;
        this.game.turn = player;
        try {
            return this.game.isValid(v.x, v.y) ? null : "Game.isValid returned false";
        } catch (e) {
            return (e && e.message) || String(e);
        } finally {
            this.game.turn = before;
        }
    }

    handlers() {
        return {
            ...boardCommands(this, { squareOnly: true }),
            name: () => `WGo.js Game (rules ${this.options.rules})`,
            version: () => WGO_VERSION,
            play: (args) => {
                const player = this.color(args[0]);
                const v = this.vertex(args[1]);
                if (v === null) {
                    this.game.pass(player);
                    return "";
                }
                const before = this.game.turn;
                this.game.turn = player;
                let result;
                try {
                    result = this.game.play(v.x, v.y);
                } catch (e) {
                    this.game.turn = before;
                    throw new GtpError(`illegal move: ${(e && e.message) || e}`);
                }
                if (!result) {
                    this.game.turn = before;
                    throw new GtpError("illegal move (Game.play returned false)");
                }
                return "";
            },
            undo: () => {
                if (this.game.popPosition() === null) throw new GtpError("cannot undo");
                return "";
            },
            is_legal: (args) => {
                const player = this.color(args[0]);
                const v = this.vertex(args[1]);
                if (v === null) return "1";
                return this.refusal(player, v) === null ? "1" : "0";
            },
            all_legal: (args) => {
                const player = this.color(args[0]);
                const out = [];
                for (let y = 0; y < this.height; y++) {
                    for (let x = 0; x < this.width; x++) {
                        if (this.refusal(player, { x, y }) === null) out.push(this.name(x, y));
                    }
                }
                return out.join(" ");
            },
            captures: (args) => {
                const player = this.color(args[0]);
                const count = this.game.capCount;
                return String(player === Color.BLACK ? count.black : count.white);
            },
        };
    }
}


serve(new Adapter(parseArgs(process.argv.slice(2))));
