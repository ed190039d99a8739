// The explorer's page: draws the JSON views of the WebAssembly Explorer (explorer/src/web.rs) as an SVG Go board and panels, and sends it the player's clicks and keys.
import init, { Explorer, presets, version } from "./pkg/tromp_taylor_explorer.js";
import { RULES_URL } from "./pkg/config.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

// Column names as GTP writes them (no I; AA, AB, ... past 25), as the Rust side does.
const LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
const column = (x) =>
  x < 25 ? LETTERS[x] : LETTERS[(Math.floor(x / 25) - 1) % 25] + LETTERS[x % 25];
const vertex = (x, y) => column(x) + (y + 1);
const COLOR = { X: "black", O: "white", ".": "empty" };
const AREA = { b: "reaches only black", w: "reaches only white", n: "reaches both colors", "-": "reaches neither color" };
// The margin around the outer lines, in points, where the coordinates are.
const MARGIN = 1;
// The smallest point a finger can tap, in CSS pixels.
const TAP = 24;

let explorer = null;
let view = null;
let cells = []; // cells[index] = the point's hit area, index = y * width + x
let stones = []; // stones[index] = the point's stone
let drawn = ""; // the board the stones show, a mark per point
let focus = 0;
let zoom = null; // null: fit the screen (tap-sized on a phone); else pixels per point
let keepAddress = false; // an unreadable link stays in the address bar until the next action
const timings = { firstVerdictMs: null, openMs: [], plays: [], engines: [], frames: [], parts: [] };
window.explorerTimings = timings;

function esc(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function ruleLink(cited) {
  return `<a class="rule" href="${esc(RULES_URL)}#${esc(cited.anchor)}">${esc(cited.rule)}</a>`;
}

// A result as a reader says it: rule 10's tie, or the winner and margin.
function resultText(result) {
  return result === "0" ? "a tie (equal scores, rule 10)" : result;
}

function parseVertex(name) {
  const m = /^([A-Z]+)(\d+)$/.exec(name);
  if (!m) return [null, null];
  const l = m[1];
  const x = l.length === 1 ? LETTERS.indexOf(l) : (LETTERS.indexOf(l[0]) + 1) * 25 + LETTERS.indexOf(l[1]);
  return [x, Number(m[2]) - 1];
}

// The star points: the 4-4 (3-3 below 13 lines) points, the sides' middles
// and the centre on boards of 13 and more; the corners' and the centre on smaller ones.
function starPoints(width, height) {
  const lines = (side, big) => {
    if (side < 7) return [];
    const e = side >= 13 ? 3 : 2;
    const out = [e, side - 1 - e];
    if (big && side % 2 === 1) out.push((side - 1) / 2);
    return out;
  };
  const big = width >= 13 && height >= 13;
  const points = [];
  for (const x of lines(width, big)) for (const y of lines(height, big)) points.push([x, y]);
  if (!big && width % 2 === 1 && height % 2 === 1 && width >= 7 && height >= 7) {
    points.push([(width - 1) / 2, (height - 1) / 2]);
  }
  return points;
}

// SVG markup of a board's wood, lines, star points and coordinates, in
// units of one point, the top left point at (0, 0).
function boardFrame(width, height, coordinates) {
  const m = MARGIN;
  let path = "";
  for (let x = 0; x < width; x++) path += `M${x} 0V${height - 1}`;
  for (let r = 0; r < height; r++) path += `M0 ${r}H${width - 1}`;
  let svg = `<rect x="${-m}" y="${-m}" width="${width - 1 + 2 * m}" height="${height - 1 + 2 * m}" fill="var(--wood)"/>`;
  svg += `<path d="${path}" stroke="var(--line)" stroke-width="0.045" fill="none" stroke-linecap="square"/>`;
  svg += `<rect x="0" y="0" width="${width - 1}" height="${height - 1}" fill="none" stroke="var(--line)" stroke-width="0.08"/>`;
  for (const [x, y] of starPoints(width, height)) {
    svg += `<circle class="star" cx="${x}" cy="${height - 1 - y}" r="0.11" fill="var(--line)"/>`;
  }
  if (coordinates) {
    const d = 0.62;
    for (let x = 0; x < width; x++) {
      svg += `<text class="coord" x="${x}" y="${-d}">${column(x)}</text><text class="coord" x="${x}" y="${height - 1 + d}">${column(x)}</text>`;
    }
    for (let y = 0; y < height; y++) {
      const r = height - 1 - y;
      svg += `<text class="coord" x="${-d}" y="${r}">${y + 1}</text><text class="coord" x="${width - 1 + d}" y="${r}">${y + 1}</text>`;
    }
  }
  return svg;
}

const DEFS = `<defs>
  <radialGradient id="black-stone" cx="0.35" cy="0.35" r="0.75"><stop offset="0" stop-color="#5a5a5a"/><stop offset="0.6" stop-color="#161616"/><stop offset="1" stop-color="#000"/></radialGradient>
  <radialGradient id="white-stone" cx="0.35" cy="0.35" r="0.8"><stop offset="0" stop-color="#fff"/><stop offset="0.7" stop-color="#ecece6"/><stop offset="1" stop-color="#c9c9c2"/></radialGradient>
</defs>`;

// The board: built again only when the size changes.
function buildBoard(width, height) {
  const board = $("board");
  const m = MARGIN;
  board.setAttribute("viewBox", `${-m} ${-m} ${width - 1 + 2 * m} ${height - 1 + 2 * m}`);
  board.setAttribute("aria-rowcount", height);
  board.setAttribute("aria-colcount", width);
  board.classList.toggle("large", width > 25 || height > 25);
  let rows = "";
  let circles = "";
  for (let y = height - 1; y >= 0; y--) {
    const r = height - 1 - y;
    rows += `<g role="row">`;
    for (let x = 0; x < width; x++) {
      circles += `<circle class="stone" cx="${x}" cy="${r}" r="0.48"/>`;
      rows += `<rect class="cell" role="gridcell" tabindex="-1" data-x="${x}" data-y="${y}" x="${x - 0.5}" y="${r - 0.5}" width="1" height="1"/>`;
    }
    rows += `</g>`;
  }
  board.innerHTML = `${DEFS}<g aria-hidden="true">${boardFrame(width, height, true)}</g>
    <g id="stones" aria-hidden="true">${circles}</g><g id="marks" aria-hidden="true"></g>
    <circle id="shadow" r="0.48" visibility="hidden" aria-hidden="true"/><g id="cells">${rows}</g>`;
  cells = new Array(width * height);
  stones = new Array(width * height);
  drawn = ".".repeat(width * height);
  const circleList = board.querySelectorAll(".stone");
  let k = 0;
  for (let y = height - 1; y >= 0; y--) {
    for (let x = 0; x < width; x++) stones[y * width + x] = circleList[k++];
  }
  for (const cell of board.querySelectorAll(".cell")) {
    cells[Number(cell.dataset.y) * width + Number(cell.dataset.x)] = cell;
  }
  focus = Math.min(focus, cells.length - 1);
  cells[focus].tabIndex = 0;
  sizeBoard(width, height);
}

// Pixels per point: fit to the screen's width and height (small boards
// drawn large), or the zoom chosen; never under a finger's width on a
// phone, where a large board then scrolls in its box.
function pitch(width, height) {
  if (zoom) return zoom;
  const scroll = $("board-scroll");
  const narrow = window.innerWidth <= 760;
  const roomX = Math.max(200, scroll.parentElement.clientWidth - ($("earlier").hidden || narrow ? 0 : 200));
  const roomY = Math.max(240, window.innerHeight - (narrow ? 200 : 150));
  const fit = Math.min(roomX / (width - 1 + 2 * MARGIN), roomY / (height - 1 + 2 * MARGIN), 96);
  return narrow || matchMedia("(pointer: coarse)").matches ? Math.max(fit, Math.min(TAP, roomX / 3)) : fit;
}

function sizeBoard(width, height) {
  const p = pitch(width, height);
  const board = $("board");
  board.setAttribute("width", Math.round(p * (width - 1 + 2 * MARGIN)));
  board.setAttribute("height", Math.round(p * (height - 1 + 2 * MARGIN)));
  board.dataset.pitch = p.toFixed(2);
}

function setZoom(next) {
  zoom = next;
  sizeBoard(view.width, view.height);
}

function setFocus(index, move) {
  cells[focus].tabIndex = -1;
  focus = index;
  cells[focus].tabIndex = 0;
  if (move) cells[focus].focus();
}

// The marks over the stones: the last move, the refused point, what a
// capture cleared and the points next to it (rule 3's reach), the shading
// of the score.
function drawMarks(v) {
  const h = v.height;
  const at = (name) => {
    const [x, y] = parseVertex(name);
    return x === null ? null : [x, h - 1 - y, y * v.width + x];
  };
  const cross = (cx, cy, cls, s = 0.22) =>
    `<path class="${cls}" d="M${cx - s} ${cy - s}L${cx + s} ${cy + s}M${cx + s} ${cy - s}L${cx - s} ${cy + s}"/>`;
  let svg = "";
  if ($("shade").checked && v.score) {
    const area = v.score.marks;
    for (let i = 0; i < area.length; i++) {
      const a = area[i];
      if (a === " ") continue;
      const x = i % v.width;
      const r = h - 1 - Math.floor(i / v.width);
      svg += `<rect class="area-${a === "-" ? "none" : a}" x="${x - 0.17}" y="${r - 0.17}" width="0.34" height="0.34"/>`;
    }
  }
  const verdict = v.verdict;
  if (verdict) {
    for (const s of verdict.cleared || []) {
      for (const p of s.points) {
        const q = at(p);
        if (q) svg += cross(q[0], q[1], "cleared", 0.18);
      }
      for (const p of s.nextTo) {
        const q = at(p);
        if (q) svg += `<rect class="reach" x="${q[0] - 0.3}" y="${q[1] - 0.3}" width="0.6" height="0.6"/>`;
      }
    }
    if (verdict.turn !== "pass" && !verdict.legal) {
      const q = at(verdict.turn);
      if (q) svg += cross(q[0], q[1], "refused");
    }
  }
  if (v.lastMove) {
    const q = at(v.lastMove);
    if (q) svg += `<circle class="last on-${v.board[q[2]] === "O" ? "w" : "b"}" cx="${q[0]}" cy="${q[1]}" r="0.22"/>`;
  }
  $("marks").innerHTML = svg;
}

function drawBoard(v) {
  if (!view || view.width !== v.width || view.height !== v.height) buildBoard(v.width, v.height);
  // No score while spec checks a long link (the score is spec's).
  const shade = $("shade").checked && Boolean(v.score);
  const area = v.score ? v.score.marks : "";
  const cleared = new Set();
  const reach = new Set();
  for (const s of (v.verdict && v.verdict.cleared) || []) {
    s.points.forEach((p) => cleared.add(p));
    s.nextTo.forEach((p) => reach.add(p));
  }
  const refused = v.verdict && !v.verdict.legal ? v.verdict.turn : null;
  for (let i = 0; i < cells.length; i++) {
    const c = v.board[i];
    if (drawn[i] !== c) stones[i].setAttribute("class", c === "X" ? "stone b" : c === "O" ? "stone w" : "stone");
    const x = i % v.width;
    const y = Math.floor(i / v.width);
    const name = vertex(x, y);
    let label = `${name}, ${COLOR[c]}`;
    if (shade && c === ".") label += `, ${AREA[area[i]]}`;
    if (cleared.has(name)) label += ", cleared by rule 4";
    if (reach.has(name)) label += ", next to a cleared string";
    if (refused === name) label += ", refused";
    if (v.lastMove === name) label += ", last move";
    const cell = cells[i];
    if (cell.getAttribute("aria-label") !== label) cell.setAttribute("aria-label", label);
  }
  drawn = v.board;
  $("board").classList.toggle("over", v.over);
  drawMarks(v);
}

// A small board with a coloring (the one a superko repeats), the refused point marked.
function drawMini(board, width, height, point) {
  const mini = $("earlier-board");
  const m = MARGIN;
  mini.setAttribute("viewBox", `${-m} ${-m} ${width - 1 + 2 * m} ${height - 1 + 2 * m}`);
  let svg = DEFS.replace(/id="(black|white)-stone"/g, 'id="mini-$1-stone"') + boardFrame(width, height, width <= 25 && height <= 25);
  let stonesDrawn = 0;
  for (let i = 0; i < board.length; i++) {
    const c = board[i];
    if (c === ".") continue;
    stonesDrawn++;
    const x = i % width;
    const r = height - 1 - Math.floor(i / width);
    svg += c === "X"
      ? `<circle cx="${x}" cy="${r}" r="0.48" fill="url(#mini-black-stone)"/>`
      : `<circle cx="${x}" cy="${r}" r="0.48" fill="url(#mini-white-stone)" stroke="#6b6b66" stroke-width="0.03"/>`;
  }
  const [px, py] = parseVertex(point);
  if (px !== null) {
    const cx = px;
    const cy = height - 1 - py;
    svg += `<circle cx="${cx}" cy="${cy}" r="0.3" fill="none" stroke="var(--accent)" stroke-width="0.12"/>`;
  }
  mini.innerHTML = svg;
  mini.setAttribute("aria-label", `a ${width}x${height} coloring with ${stonesDrawn} stones; ${point} circled`);
}

function drawVerdict(v) {
  const verdict = v.verdict;
  const body = $("verdict-body");
  const earlier = $("earlier");
  const wasHidden = earlier.hidden;
  earlier.hidden = true;
  if (!verdict) {
    body.innerHTML = `<p>No verdict yet: ${esc(v.toMove)} to move (${ruleLink({ rule: "rule 5", anchor: "rule-5" })}).</p>`;
    if (!wasHidden) sizeBoard(v.width, v.height);
    return;
  }
  const who = `${esc(verdict.player)} ${verdict.turn === "pass" ? "passes" : "at " + esc(verdict.turn)}`;
  if (verdict.byFast) {
    body.innerHTML = `<p class="fast-verdict"><strong>fast says: ${verdict.legal ? "legal" : "refused"}</strong>: ${who}, turn ${verdict.number}${verdict.legal ? "" : ` (${esc(verdict.says)})`}.
      This is the verdict of fast, the optimised engine, shown while spec, which gives every verdict here, checks the link.</p>
      <p id="checking" class="checking">${esc(checkingText(v.checking))}</p>`;
    if (!wasHidden) sizeBoard(v.width, v.height);
    return;
  }
  let html = verdict.legal
    ? `<p class="legal-verdict"><strong>Legal${verdict.suicide ? ": a suicide" : ""}</strong>: ${who}, turn ${verdict.number}, by ${ruleLink(verdict.cited)}${verdict.also ? ` and ${ruleLink(verdict.also)}` : ""}.</p>`
    : `<p class="refused-verdict"><strong>Refused</strong>: ${who}, by ${ruleLink(verdict.cited)}.</p>`;
  html += `<blockquote>${esc(verdict.cited.quote)}</blockquote>`;
  if (verdict.also) html += `<blockquote>${esc(verdict.also.quote)}</blockquote>`;
  html += `<p class="reason">${esc(verdict.reason)}</p>`;
  if (verdict.lostTurn) html += `<p>Under these rules a refused move also loses the turn (seed 003).</p>`;
  if (verdict.repeatsTurn !== undefined) {
    html += `<p class="repeats">It repeats the coloring after <a href="#turn-${verdict.repeatsTurn}" class="turn-ref">turn ${verdict.repeatsTurn}</a>${verdict.repeatsTurn === 0 ? " (the empty start)" : ""}, highlighted in the turns and drawn beside the board.</p>`;
    if (verdict.repeatsBoard) {
      drawMini(verdict.repeatsBoard, v.width, v.height, verdict.turn);
      $("earlier-title").textContent = `The coloring after turn ${verdict.repeatsTurn}, which ${verdict.turn} would make again`;
      earlier.hidden = false;
    }
  }
  if (verdict.cleared && verdict.cleared.length) {
    html += `<p>It cleared ${verdict.cleared.length} string${verdict.cleared.length > 1 ? "s" : ""}
      (${ruleLink({ rule: "rule 4", anchor: "rule-4" })}, by ${ruleLink({ rule: "rule 3", anchor: "rule-3" })}'s reach), crossed on the board, the points next to it boxed:</p><ul class="cleared">`;
    for (const s of verdict.cleared) {
      html += `<li>the ${esc(s.color)} string ${esc(s.points.join(", "))}: ${esc(s.why)}; next to it: ${esc(s.nextTo.join(", "))}.</li>`;
    }
    html += `</ul><blockquote>${esc(verdict.clearing.rule4)}</blockquote><blockquote>${esc(verdict.clearing.rule3)}</blockquote>`;
  }
  body.innerHTML = html;
  if (wasHidden !== earlier.hidden) sizeBoard(v.width, v.height);
}

function drawScore(v) {
  const s = v.score;
  if (!s) {
    $("score-body").innerHTML = `<p>The score is spec's (${ruleLink({ rule: "rule 9", anchor: "rule-9" })}): shown once spec has checked the link.</p>`;
    return;
  }
  const row = (name, p) =>
    `<tr><th scope="row">${name}</th><td>${s.territory ? p.prisoners : p.stones}</td><td>${p.empty}</td><td>${p.score}</td></tr>`;
  const regions = s.regions
    .slice(0, 200)
    .map((r) => `<li class="region-${r.mark === "-" ? "none" : r.mark}">${r.size} empty point${r.size > 1 ? "s" : ""} from ${esc(r.first)}: reach ${esc(r.reaches)}</li>`)
    .join("");
  const more = s.regions.length > 200 ? `<li>and ${s.regions.length - 200} more</li>` : "";
  $("score-body").innerHTML = `
    <p>${s.over ? "The game is over (rule 8)." : "As the position stands (the game is not over)."}
      By ${ruleLink({ rule: s.rule, anchor: s.anchor })}:</p>
    <blockquote>${esc(s.quote)}</blockquote>
    <table><thead><tr><th></th><th>${s.territory ? "prisoners" : "stones"}</th><th>empty reaching only hers</th><th>score</th></tr></thead>
    <tbody>${row("Black", s.black)}${row("White", s.white)}</tbody></table>
    <p>Komi ${esc(s.komi)} to White. <strong id="result">Result: ${esc(resultText(s.result))}</strong> (${ruleLink({ rule: "rule 10", anchor: "rule-10" })}).</p>
    <details ${s.over ? "open" : ""}><summary>${s.regions.length} empty region${s.regions.length === 1 ? "" : "s"}</summary><ul id="regions">${regions}${more}</ul></details>`;
}

// The turns: a list drawn lazily, only the rows in sight (a link holds
// 20,000 turns), each asked of the explorer when it comes into sight.
const ROW = 24; // px, as .turn's height (1.5rem)
let turnCount = 0;
let highlighted = null; // the turn a superko repeats
function drawTurnRows() {
  const list = $("turns");
  const rows = $("turns-rows");
  const rowHeight = rows.firstElementChild ? rows.firstElementChild.offsetHeight || ROW : ROW;
  const from = Math.max(0, Math.floor(list.scrollTop / rowHeight) - 5);
  const to = Math.min(turnCount, from + Math.ceil(list.clientHeight / rowHeight) + 10);
  const items = JSON.parse(explorer.turns(from, to));
  let html = "";
  for (const item of items) {
    const cls = item.number === highlighted ? " repeated" : item.number === turnCount - 1 ? " latest" : "";
    const current = item.number === highlighted ? ' aria-current="true"' : "";
    html += `<div class="turn${cls}" id="turn-${item.number}" role="listitem"${current} style="top:${item.number * rowHeight}px"><span class="n">${item.number}</span>${esc(item.text)}</div>`;
  }
  rows.style.height = `${turnCount * rowHeight}px`;
  rows.innerHTML = html;
}

function drawTurns(v) {
  turnCount = v.turnItems;
  highlighted = v.verdict && v.verdict.repeatsTurn !== undefined ? v.verdict.repeatsTurn : null;
  const list = $("turns");
  // The list's full height first, so that a first draw can scroll to its end.
  $("turns-rows").style.height = `${turnCount * ROW}px`;
  const target = highlighted !== null ? highlighted : turnCount - 1;
  list.scrollTop = Math.max(0, target * ROW - list.clientHeight / 2 + ROW / 2);
  drawTurnRows();
}

function draw(json) {
  const t = [performance.now()];
  const v = JSON.parse(json);
  t.push(performance.now());
  // A game that has just ended shows its score on the board.
  if (v.over && !(view && view.over)) $("shade").checked = true;
  drawBoard(v);
  t.push(performance.now());
  drawVerdict(v);
  t.push(performance.now());
  drawScore(v);
  t.push(performance.now());
  drawTurns(v);
  t.push(performance.now());
  timings.parts.push(t.slice(1).map((x, i) => x - t[i]));
  const status = v.checking
    ? `fast's position after turn ${v.turnsTaken}, spec checking it. Rules ${v.rules}, komi ${v.komi}, handicap ${v.handicap}.`
    : v.over
    ? `The game is over (rule 8). Result: ${resultText(v.score.result)}.`
    : `${v.toMove} to move, turn ${v.turnsTaken + 1}. Rules ${v.rules}, komi ${v.komi}, handicap ${v.handicap}.`;
  $("status").textContent = status;
  const message = $("message");
  message.hidden = !v.message;
  message.textContent = v.message || "";
  showDisagreements(v.disagreements);
  const link = "#" + v.fragment;
  $("permalink").href = link;
  if (!keepAddress) address(link);
  view = v;
  return v;
}

// The address bar follows the position, a moment after it changes: writing
// a long link there (20,000 turns) takes Chromium some 30 ms, which a play
// should not wait for.
let addressTimer = null;
function address(link) {
  clearTimeout(addressTimer);
  addressTimer = setTimeout(() => {
    if (!keepAddress && location.hash !== link) history.replaceState(null, "", link);
  }, link.length > 2000 ? 300 : 0);
}

function settings() {
  const kind = $("handicap-kind").value;
  const stones = $("handicap-stones").value;
  return [$("size").value, $("rules").value, $("komi").value, kind === "none" ? "none" : `${kind}-${stones}`];
}

// The handicap's stones: asked only for a handicap; up to 9 fixed, up to
// a link's limit (2,704) free.
function showStones() {
  const kind = $("handicap-kind").value;
  $("handicap-stones-label").hidden = kind === "none";
  $("handicap-stones").max = kind === "fixed" ? 9 : 2704;
}

function showSettings(v) {
  $("size").value = v.width === v.height ? String(v.width) : `${v.width}x${v.height}`;
  $("rules").value = v.rules;
  $("komi").value = v.komi;
  const [kind, n] = v.handicap.split(" ");
  $("handicap-kind").value = kind;
  if (n) $("handicap-stones").value = n;
  showStones();
}

// Opens another game; one from the address bar that could not be read (or
// that stopped early) leaves the address as it was, with the message.
function open(next, fromAddress) {
  const t0 = performance.now();
  if (explorer) explorer.free();
  explorer = next;
  const json = explorer.view();
  const peek = JSON.parse(json);
  keepAddress = Boolean(fromAddress && (peek.failed || peek.message));
  const v = draw(json);
  showSettings(v);
  timings.openMs.push(performance.now() - t0);
  checkWithSpec(fromAddress);
}

function showDisagreements(disagreements) {
  const dis = $("disagreement");
  dis.hidden = disagreements.length === 0;
  dis.textContent = disagreements.length
    ? "DISAGREEMENT between the two engines (spec and fast), which should never happen: " + disagreements.join("; ")
    : "";
}

// A long link opens with fast's position (openLinkFastFirst); spec then
// replays it here, a slice of some 40 ms at a time so that the tab stays
// live, and its view replaces fast's once it has checked every turn. What
// the player does meanwhile waits in `checking.queued` for spec.
const SLICE_MS = 40;
let checking = null; // while spec checks: { queued: [actions], checked, of }

function checkingText(c) {
  if (!c) return "";
  const waiting = checking && checking.queued.length
    ? ` ${checking.queued.length} action${checking.queued.length > 1 ? "s" : ""} waiting for it.`
    : "";
  return `Checking with spec: ${c.checked.toLocaleString("en")} of ${c.of.toLocaleString("en")} turns.${waiting}`;
}

// A link from the address bar that spec stops early, or that another
// version wrote, stays in the address bar with spec's message (as open does).
function checkWithSpec(fromAddress) {
  const mine = explorer;
  checking = view.checking ? { queued: [], ...view.checking } : null;
  document.body.dataset.checked = String(!checking);
  // The verdict panel (a live region) is busy while spec checks: a screen
  // reader is not read the progress 4 times a second, only spec's verdict.
  $("verdict").setAttribute("aria-busy", String(Boolean(checking)));
  if (!checking) return;
  timings.checkMs = 0;
  timings.slices = 0;
  // Each slice is a task of its own (a message to itself: no timer's 4 ms
  // clamp), so that clicks, scrolling and painting go on between slices;
  // the progress is written a few times a second, not every slice.
  const channel = new MessageChannel();
  let shown = 0;
  const step = () => {
    if (explorer !== mine) return; // another game was opened meanwhile
    const t = performance.now();
    let progress;
    do progress = JSON.parse(explorer.check(25));
    while (!progress.done && performance.now() - t < SLICE_MS);
    timings.checkMs += performance.now() - t;
    timings.slices += 1;
    if (progress.disagreements.length) showDisagreements(progress.disagreements);
    if (!progress.done) {
      checking.checked = progress.checked;
      const note = $("checking");
      if (note && t - shown > 250) {
        note.textContent = checkingText(checking);
        shown = t;
      }
      channel.port2.postMessage(null);
      return;
    }
    channel.port1.close();
    const queued = checking.queued;
    checking = null;
    const json = explorer.view();
    const peek = JSON.parse(json);
    keepAddress = Boolean(fromAddress && (peek.failed || peek.message));
    draw(json);
    timings.checkedMs = performance.now();
    document.body.dataset.checked = "true";
    $("verdict").setAttribute("aria-busy", "false");
    queued.forEach((action) => action());
  };
  channel.port1.onmessage = step;
  channel.port2.postMessage(null);
}

// Runs `action` now, or once spec has checked the link it is checking.
function act(action) {
  if (!checking) return action();
  checking.queued.push(action);
  const note = $("checking");
  if (note) note.textContent = checkingText(checking);
}

// Each play timed three ways: the engines (the wasm call), the page's
// drawing besides, and until the next frame has been drawn.
function timed(action) {
  const t0 = performance.now();
  const json = action();
  const t1 = performance.now();
  keepAddress = false;
  draw(json);
  timings.engines.push(t1 - t0);
  timings.plays.push(performance.now() - t0);
  requestAnimationFrame(() => setTimeout(() => timings.frames.push(performance.now() - t0), 0));
}

function play(x, y) {
  act(() => timed(() => explorer.play(x, y)));
}

function keydown(event) {
  if (!view) return;
  const w = view.width;
  const h = view.height;
  const x = focus % w;
  const y = Math.floor(focus / w);
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (moves[event.key]) {
    const [dx, dy] = moves[event.key];
    const nx = Math.min(w - 1, Math.max(0, x + dx));
    const ny = Math.min(h - 1, Math.max(0, y + dy));
    setFocus(ny * w + nx, true);
    event.preventDefault();
  } else if (event.key === "Enter" || event.key === " ") {
    play(x, y);
    event.preventDefault();
  }
}

function globalKeys(event) {
  const tag = event.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "p" || event.key === "P") act(() => timed(() => explorer.pass()));
  else if (event.key === "u" || event.key === "U") act(() => timed(() => explorer.undo()));
}

// The stone the player to move would place, under the pointer.
function hover(event) {
  const shadow = $("shadow");
  const cell = event.target.closest && event.target.closest(".cell");
  if (!cell || !view || view.over) {
    shadow.setAttribute("visibility", "hidden");
    return;
  }
  const x = Number(cell.dataset.x);
  const y = Number(cell.dataset.y);
  if (view.board[y * view.width + x] !== ".") {
    shadow.setAttribute("visibility", "hidden");
    return;
  }
  shadow.setAttribute("cx", x);
  shadow.setAttribute("cy", view.height - 1 - y);
  shadow.setAttribute("class", view.toMove === "Black" ? "b" : "w");
  shadow.setAttribute("visibility", "visible");
}

async function main() {
  await init();
  const names = JSON.parse(presets());
  $("rule-names").innerHTML = names
    .map(([name, what]) => `<option value="${esc(name)}">${esc(what)}</option>`)
    .concat(['<option value="koPOSITIONALscoreAREAsui1">', '<option value="japanese">', '<option value="aga">'])
    .join("");
  $("version").textContent = `(explorer version ${version()}, written in the link as v=)`;
  const t0 = performance.now();
  const first = location.hash.length > 1 ? Explorer.openLinkFastFirst(location.hash) : new Explorer("9x9", "tromp-taylor", "0", "none");
  timings.linkMs = performance.now() - t0;
  open(first, true);
  timings.firstVerdictMs = performance.now();
  document.body.dataset.ready = "true";

  const board = $("board");
  board.addEventListener("click", (event) => {
    const cell = event.target.closest(".cell");
    if (!cell) return;
    const x = Number(cell.dataset.x);
    const y = Number(cell.dataset.y);
    setFocus(y * view.width + x, false);
    play(x, y);
    hover(event);
  });
  board.addEventListener("pointermove", hover);
  board.addEventListener("pointerleave", () => $("shadow").setAttribute("visibility", "hidden"));
  board.addEventListener("keydown", keydown);
  document.addEventListener("keydown", globalKeys);
  $("pass").addEventListener("click", () => act(() => timed(() => explorer.pass())));
  $("undo").addEventListener("click", () => act(() => timed(() => explorer.undo())));
  $("zoom-in").addEventListener("click", () => setZoom(Number($("board").dataset.pitch) * 1.25));
  $("zoom-out").addEventListener("click", () => setZoom(Math.max(4, Number($("board").dataset.pitch) / 1.25)));
  $("zoom-fit").addEventListener("click", () => setZoom(null));
  window.addEventListener("resize", () => view && sizeBoard(view.width, view.height));
  $("shade").addEventListener("change", () => drawBoard(view));
  $("handicap-kind").addEventListener("change", showStones);
  $("turns").addEventListener("scroll", () => requestAnimationFrame(drawTurnRows), { passive: true });
  $("settings").addEventListener("submit", (event) => {
    event.preventDefault();
    keepAddress = false;
    open(new Explorer(...settings()), false);
  });
  $("apply").addEventListener("click", () => {
    const chosen = settings();
    act(() => {
      keepAddress = false;
      draw(explorer.reconfigure(...chosen));
      showSettings(view);
    });
  });
  $("open-sgf").addEventListener("click", () => open(Explorer.openSgf($("sgf").value), false));
  $("export-sgf").addEventListener("click", () => act(() => {
    $("sgf").value = explorer.sgf();
  }));
  window.addEventListener("hashchange", () => {
    if (location.hash !== "#" + view.fragment) open(Explorer.openLinkFastFirst(location.hash), true);
  });
  $("verdict").addEventListener("click", (event) => {
    const ref = event.target.closest(".turn-ref");
    if (!ref) return;
    event.preventDefault();
    drawTurns(view);
    document.getElementById(ref.getAttribute("href").slice(1))?.scrollIntoView({ block: "nearest" });
  });
}

main().catch((error) => {
  const message = $("message");
  message.hidden = false;
  message.textContent = `The explorer could not start: ${error}`;
  $("status").textContent = "Not loaded.";
});
