// engines/node/gtp_loop.js: the GTP plumbing shared by the Node adapters (reading commands, answering, refusing); no rules here.
"use strict";
/*
 * An adapter gives `serve` an object whose `handlers()` maps a command's
 * name to `function(args) -> string`: the text after `= `, or a thrown
 * `GtpError(text)`, answered `? text`. Anything else thrown is answered
 * `? internal error: ...`. Every answer is kept on one line (an engine's
 * words may hold newlines). `known_command`, `list_commands` and `quit` are
 * added here; the process exits on `quit`, at the end of its input, and when
 * the controller closes its output.
 */

/** The columns of a GTP vertex: A to Z without I. */
const COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/** A refusal: answered `? MESSAGE`. */
class GtpError extends Error {}

/** An engine's words on one line: no control characters, no newline that would end the GTP answer. */
const oneLine = (text) => String(text).replace(/[\x00-\x1f\x7f]+/g, " ").trim();

/**
 * The command line `argv` read into `defaults`' keys: each of `flags`
 * (`--name`: key) sets its key to true, each of `valued` (`--name`: [key,
 * read]) takes the next word through `read`. Anything else, or a valued
 * option without its word, ends the process with status 2, naming it.
 */
function readOptions(argv, defaults, flags, valued) {
    const options = { ...defaults };
    for (let i = 0; i < argv.length; i++) {
        if (Object.prototype.hasOwnProperty.call(flags, argv[i])) {
            options[flags[argv[i]]] = true;
        } else if (Object.prototype.hasOwnProperty.call(valued, argv[i]) && i + 1 < argv.length) {
            const [key, read] = valued[argv[i]];
            options[key] = read(argv[i + 1]);
            i++;
        } else {
            process.stderr.write(`unknown option ${argv[i]}\n`);
            process.exit(2);
        }
    }
    return options;
}

/** A word as it is. */
const word = (text) => text;

/** A GTP color, `b`/`black` or `w`/`white` in any case: "black" or "white"; else a GtpError. */
function player(text) {
    const w = (text || "").toLowerCase();
    if (w === "b" || w === "black") return "black";
    if (w === "w" || w === "white") return "white";
    throw new GtpError("syntax error: not a color");
}

/**
 * A GTP vertex: null for pass, else `{ col, row }`, the column from 0 at the
 * left and the row from 1 at the bottom (the point may lie off the board:
 * the adapter asks its library or refuses it); else a GtpError.
 */
function point(text) {
    const w = (text || "").toUpperCase();
    if (w === "PASS") return null;
    const col = COLUMNS.indexOf(w[0]);
    const digits = w.slice(1);
    if (col < 0 || !/^[0-9]+$/.test(digits) || parseInt(digits, 10) < 1) {
        throw new GtpError("syntax error: not a vertex");
    }
    return { col, row: parseInt(digits, 10) };
}

/** `boardsize`'s argument: a side from 1 to 25 (the columns there are); else a GtpError. */
function side(text) {
    const n = parseInt(text, 10);
    if (!(n >= 1 && n <= COLUMNS.length)) throw new GtpError("unacceptable size");
    return n;
}

/** `komi`'s argument as a number; else a GtpError. */
function komiOf(text) {
    const k = parseFloat(text);
    if (Number.isNaN(k)) throw new GtpError("syntax error: not a komi");
    return k;
}

/**
 * The commands every Node adapter answers the same way, whatever its
 * library, built from what the adapter says of the board:
 *   width, height          its columns and rows
 *   resize(width, height)  an empty board of that size (a GtpError when the
 *                          library refuses it, the board left as it was)
 *   clear()                an empty board of the same size
 *   setKomi(k)             komi from now on
 *   stoneAt(col, row)      "black", "white" or null: col from 0 at the left,
 *                          row from 1 at the bottom, as in a GTP vertex
 * Gives protocol_version, boardsize, rectangular_boardsize (unless
 * `squareOnly`: the library has square boards only), clear_board, komi,
 * list_stones and showboard; the adapter adds its own name, version, play
 * and the rest.
 */
function boardCommands(board, { squareOnly = false } = {}) {
    const vertices = (wanted) => {
        const out = [];
        for (let row = board.height; row >= 1; row--) {
            for (let col = 0; col < board.width; col++) {
                if (wanted(board.stoneAt(col, row))) out.push(COLUMNS[col] + String(row));
            }
        }
        return out;
    };
    const commands = {
        protocol_version: () => "2",
        boardsize: (args) => {
            const n = side(args[0]);
            board.resize(n, n);
            return "";
        },
        clear_board: () => {
            board.clear();
            return "";
        },
        komi: (args) => {
            board.setKomi(komiOf(args[0]));
            return "";
        },
        list_stones: (args) => {
            const color = player(args[0]);
            return vertices((stone) => stone === color).join(" ");
        },
        showboard: () => {
            const mark = { black: "X", white: "O" };
            const rows = [""];
            for (let row = board.height; row >= 1; row--) {
                const marks = [];
                for (let col = 0; col < board.width; col++) marks.push(mark[board.stoneAt(col, row)] || ".");
                rows.push(`${String(row).padStart(2)} ${marks.join(" ")}`);
            }
            return rows.join("\n");
        },
    };
    if (!squareOnly) {
        commands.rectangular_boardsize = (args) => {
            board.resize(side(args[0]), side(args[1]));
            return "";
        };
    }
    return commands;
}

/** Serves GTP on standard input and output with `adapter.handlers()`. */
function serve(adapter) {
    const handlers = adapter.handlers();
    handlers.known_command = (args) => (args[0] in handlers || args[0] === "quit" ? "true" : "false");
    handlers.list_commands = () => Object.keys(handlers).concat(["quit"]).sort().join("\n");
    let buffer = "";
    const out = (text) => process.stdout.write(text);
    const handle = (raw) => {
        const line = raw.replace(/\t/g, " ").replace(/[\x00-\x08\x0b-\x1f\x7f]/g, "").split("#")[0].trim();
        if (!line) return true;
        const words = line.split(/\s+/);
        let id = "";
        if (/^[0-9]+$/.test(words[0])) id = words.shift();
        if (words.length === 0) return true;
        const [name, ...args] = words;
        if (name === "quit") {
            out(`=${id} \n\n`);
            return false;
        }
        const handler = Object.prototype.hasOwnProperty.call(handlers, name) ? handlers[name] : null;
        try {
            if (!handler) throw new GtpError("unknown command");
            out(`=${id} ${handler(args)}\n\n`);
        } catch (e) {
            const message = e instanceof GtpError ? e.message : `internal error: ${(e && e.message) || e}`;
            out(`?${id} ${oneLine(message)}\n\n`);
        }
        return true;
    };
    process.stdout.on("error", () => process.exit(0)); // the controller went away (EPIPE)
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (chunk) => {
        buffer += chunk;
        let nl;
        while ((nl = buffer.indexOf("\n")) >= 0) {
            const line = buffer.slice(0, nl);
            buffer = buffer.slice(nl + 1);
            if (!handle(line)) {
                process.exit(0);
            }
        }
    });
    process.stdin.on("end", () => process.exit(0));
}

module.exports = { COLUMNS, GtpError, boardCommands, komiOf, oneLine, player, point, readOptions, serve, side, word };
