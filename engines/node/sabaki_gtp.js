#!/usr/bin/env node
// engines/node/sabaki_gtp.js: a GTP adapter over Sabaki's board (npm `@sabaki/go-board`, GoBoard.makeMove), every verdict its own.
"use strict";
/*
 * GTP over `GoBoard` from the npm package `@sabaki/go-board` (installed in
 * engines/node/sabaki/; see its package.json for the version). GoBoard is a
 * board data type: a sign map (1 Black, -1 White, 0 empty), capture counts
 * and the ko point of the last move. It has no turn, no history, no game end
 * and no score.
 *
 * Rules: GoBoard's own `makeMove` options, given on the command line (each
 * off unless named, as in makeMove's defaults):
 *   --prevent-ko          `preventKo`: throw if the move "repeats the position
 *                         that led to board" (the ko point of the last capture)
 *   --prevent-suicide     `preventSuicide`: throw on a suicide
 *   --prevent-overwrite   `preventOverwrite`: throw on an occupied point
 * engines/sabaki-go-board.toml maps our rule sets to these.
 *
 * Every verdict is GoBoard's: `play` is
 * `board = board.makeMove(sign, [x, y], options)`; a move it throws on is
 * `? illegal move: ` + its error message ("Ko prevented", ...). A pass is
 * `board.makeMove(sign, [-1, -1])`, which its README documents as the same
 * as `clone()` (the ko point is kept, as Sabaki keeps it). `is_legal` and
 * `all_legal` try `makeMove` on the board and keep the board as it was
 * (makeMove never changes the board it is called on). `list_stones` reads
 * `board.signMap`, `captures` is `board.getCaptures(sign)`.
 *
 * What the adapter itself does, none of it a rule: GTP parsing and the
 * vertex names; a vertex off the board is refused before GoBoard is asked
 * (makeMove documents an invalid vertex as a pass, "equivalent to clone()",
 * so asked it would take the move as a pass); it keeps no turn (GTP names
 * the color, GoBoard takes any sign) and ends no game (the controller ends
 * GTP games). `final_score` is not offered: GoBoard has no scoring. A
 * package missing, or not the version engines/node/sabaki/package.json
 * pins, is one line on standard error and exit status 1 before any GTP.
 */

const path = require("path");
const { COLUMNS, GtpError, boardCommands, oneLine, player, point, readOptions, serve } = require("./gtp_loop");

const PACKAGE = path.join(__dirname, "sabaki", "node_modules", "@sabaki", "go-board");
let GoBoard, VERSION;
try {
    GoBoard = require(PACKAGE);
    VERSION = require(path.join(PACKAGE, "package.json")).version;
} catch (e) {
    process.stderr.write(`@sabaki/go-board is not installed in ${path.dirname(path.dirname(PACKAGE))} (run engines/install/sabaki-go-board.sh): ${String((e && e.message) || e).split("\n")[0]}\n`);
    process.exit(1);
}
const PINNED = require(path.join(__dirname, "sabaki", "package.json")).dependencies["@sabaki/go-board"];
if (VERSION !== PINNED) {
    process.stderr.write(`@sabaki/go-board ${PINNED} wanted (engines/node/sabaki/package.json), ${VERSION} installed (run engines/install/sabaki-go-board.sh)\n`);
    process.exit(1);
}

function parseArgs(argv) {
    return readOptions(
        argv,
        { preventKo: false, preventSuicide: false, preventOverwrite: false },
        { "--prevent-ko": "preventKo", "--prevent-suicide": "preventSuicide", "--prevent-overwrite": "preventOverwrite" },
        {},
    );
}

class Adapter {
    constructor(options) {
        this.options = options;
        this.width = 19;
        this.height = 19;
        this.clear();
    }

    clear() {
        this.board = GoBoard.fromDimensions(this.width, this.height);
    }

    resize(width, height) {
        this.width = width;
        this.height = height;
        this.clear();
    }

    setKomi() {
        // GoBoard does not score: komi changes nothing.
    }

    stoneAt(col, row) {
        return { 1: "black", "-1": "white" }[this.board.get([col, this.height - row])] || null;
    }

    sign(word) {
        return { black: 1, white: -1 }[player(word)];
    }

    // A GTP vertex as GoBoard's [x, y], y from the top; null for pass.
    vertex(word) {
        const p = point(word);
        if (p === null) return null;
        const { col, row } = p;
        return { at: [col, this.height - row], onBoard: col < this.width && row <= this.height };
    }

    name([x, y]) {
        return COLUMNS[x] + String(this.height - y);
    }

    // GoBoard's board after sign plays v (null: pass); throws its error.
    moved(sign, v) {
        if (v === null) return this.board.makeMove(sign, [-1, -1]);
        return this.board.makeMove(sign, v.at, this.options);
    }

    // GoBoard's verdict: null when it takes the move, else its words.
    verdict(sign, v) {
        if (v !== null && !v.onBoard) return "off the board (checked by the adapter)";
        try {
            this.moved(sign, v);
            return null;
        } catch (e) {
            return oneLine((e && e.message) || e);
        }
    }

    handlers() {
        const flags = Object.keys(this.options).filter((k) => this.options[k]);
        return {
            ...boardCommands(this),
            name: () => `Sabaki go-board (${flags.join(", ") || "no options"})`,
            version: () => VERSION,
            play: (args) => {
                const sign = this.sign(args[0]);
                const v = this.vertex(args[1]);
                const why = this.verdict(sign, v);
                if (why !== null) throw new GtpError(`illegal move: ${why}`);
                this.board = this.moved(sign, v);
                return "";
            },
            is_legal: (args) => (this.verdict(this.sign(args[0]), this.vertex(args[1])) === null ? "1" : "0"),
            all_legal: (args) => this.legal(this.sign(args[0])).map((v) => this.name(v)).join(" "),
            captures: (args) => String(this.board.getCaptures(this.sign(args[0]))),
        };
    }

    legal(sign) {
        const out = [];
        for (let y = this.height - 1; y >= 0; y--) {
            for (let x = 0; x < this.width; x++) {
                if (this.board.get([x, y]) === 0 && this.verdict(sign, { at: [x, y], onBoard: true }) === null) {
                    out.push([x, y]);
                }
            }
        }
        return out;
    }
}

serve(new Adapter(parseArgs(process.argv.slice(2))));
