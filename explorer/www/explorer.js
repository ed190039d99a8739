// The explorer's page: draws the JSON views of the WebAssembly Explorer
// (explorer/src/lib.rs) and sends it the player's clicks and keys.
import init, { Explorer, presets } from "./pkg/tromp_taylor_explorer.js";

const $ = (id) => document.getElementById(id);
const ruleBase =
  document.querySelector('meta[name="rule-base"]')?.content ?? "../rules.html";

// Column names as GTP writes them (no I; AA, AB, ... past 25), as the Rust side does.
const LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
const column = (x) =>
  x < 25 ? LETTERS[x] : LETTERS[(Math.floor(x / 25) - 1) % 25] + LETTERS[x % 25];
const vertex = (x, y) => column(x) + (y + 1);
const COLOR = { X: "black", O: "white", ".": "empty" };
const AREA = { b: "reaches only black", w: "reaches only white", n: "reaches both colors", "-": "reaches neither color" };

let explorer = null;
let view = null;
let cells = []; // cells[index] = element, index = y * width + x
let focus = 0;
const timings = { firstVerdictMs: null, plays: [], engines: [], frames: [] };
window.explorerTimings = timings;

function esc(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function ruleLink(cited) {
  return `<a class="rule" href="${esc(ruleBase)}#${esc(cited.anchor)}">${esc(cited.rule)}</a>`;
}

// The grid: rows top first, as a board is read; built again only when the size changes.
function buildBoard(width, height) {
  const board = $("board");
  board.textContent = "";
  board.style.setProperty("--cols", width);
  board.style.setProperty("--rows", height);
  board.setAttribute("aria-rowcount", height);
  board.setAttribute("aria-colcount", width);
  board.classList.toggle("tiny", width > 25 || height > 25);
  cells = new Array(width * height);
  for (let y = height - 1; y >= 0; y--) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "row";
    for (let x = 0; x < width; x++) {
      const cell = document.createElement("div");
      cell.setAttribute("role", "gridcell");
      cell.className = "cell";
      cell.tabIndex = -1;
      cell.dataset.x = x;
      cell.dataset.y = y;
      if (x === 0) cell.classList.add("left");
      if (x === width - 1) cell.classList.add("right");
      if (y === 0) cell.classList.add("bottom");
      if (y === height - 1) cell.classList.add("top");
      row.appendChild(cell);
      cells[y * width + x] = cell;
    }
    board.appendChild(row);
  }
  focus = Math.min(focus, cells.length - 1);
  cells[focus].tabIndex = 0;
}

function setFocus(index, move) {
  cells[focus].tabIndex = -1;
  focus = index;
  cells[focus].tabIndex = 0;
  if (move) cells[focus].focus();
}

function marks(v) {
  // Per point: the cleared strings and the points next to them (rule 3's
  // reach), the refused point, and the last move.
  const extra = new Map();
  const add = (name, cls) => {
    const [x, y] = parseVertex(name);
    if (x !== null) {
      const i = y * v.width + x;
      extra.set(i, (extra.get(i) || []).concat(cls));
    }
  };
  const verdict = v.verdict;
  if (verdict) {
    for (const s of verdict.cleared || []) {
      s.points.forEach((p) => add(p, "cleared"));
      s.nextTo.forEach((p) => add(p, "reach"));
    }
    if (verdict.turn !== "pass") add(verdict.turn, verdict.legal ? "last" : "refused");
  }
  return extra;
}

function parseVertex(name) {
  const m = /^([A-Z]+)(\d+)$/.exec(name);
  if (!m) return [null, null];
  const l = m[1];
  const x = l.length === 1 ? LETTERS.indexOf(l) : (LETTERS.indexOf(l[0]) + 1) * 25 + LETTERS.indexOf(l[1]);
  return [x, Number(m[2]) - 1];
}

function drawBoard(v) {
  if (!view || view.width !== v.width || view.height !== v.height) buildBoard(v.width, v.height);
  const shade = $("shade").checked;
  const extra = marks(v);
  const area = v.score.marks;
  for (let i = 0; i < cells.length; i++) {
    const c = v.board[i];
    const cell = cells[i];
    const x = i % v.width;
    const y = Math.floor(i / v.width);
    let cls = "cell";
    if (c === "X") cls += " black";
    else if (c === "O") cls += " white";
    if (x === 0) cls += " left";
    if (x === v.width - 1) cls += " right";
    if (y === 0) cls += " bottom";
    if (y === v.height - 1) cls += " top";
    if (shade && c === ".") cls += " area-" + (area[i] === "-" ? "none" : area[i]);
    const more = extra.get(i);
    if (more) cls += " " + more.join(" ");
    let label = `${vertex(x, y)}, ${COLOR[c]}`;
    if (shade && c === ".") label += `, ${AREA[area[i]]}`;
    if (more) {
      if (more.includes("cleared")) label += ", cleared by rule 4";
      if (more.includes("reach")) label += ", next to a cleared string";
      if (more.includes("refused")) label += ", refused";
      if (more.includes("last")) label += ", last move";
    }
    if (cell.className !== cls) cell.className = cls;
    if (cell.getAttribute("aria-label") !== label) cell.setAttribute("aria-label", label);
  }
}

function drawVerdict(v) {
  const verdict = v.verdict;
  const body = $("verdict-body");
  const earlier = $("earlier");
  earlier.hidden = true;
  if (!verdict) {
    body.innerHTML = `<p>No verdict yet: ${esc(v.toMove)} to move.</p>`;
    return;
  }
  const who = `${esc(verdict.player)} ${verdict.turn === "pass" ? "passes" : "at " + esc(verdict.turn)}`;
  let html = verdict.legal
    ? `<p class="legal"><strong>Legal</strong>: ${who}, turn ${verdict.number}.</p>`
    : `<p class="refused"><strong>Refused</strong>: ${who}, by ${ruleLink(verdict.cited)}.</p>`;
  html += `<blockquote>${esc(verdict.cited.quote)}</blockquote><p class="reason">${esc(verdict.reason)}</p>`;
  if (verdict.lostTurn) html += `<p>Under these rules a refused move also loses the turn (seed 003).</p>`;
  if (verdict.repeatsTurn !== undefined) {
    html += `<p class="repeats">It repeats the coloring after <a href="#turn-${verdict.repeatsTurn}" class="turn-ref">turn ${verdict.repeatsTurn}</a>${verdict.repeatsTurn === 0 ? " (the empty start)" : ""}, highlighted in the turns.</p>`;
    if (verdict.repeatsBoard) {
      drawMini(verdict.repeatsBoard, v.width, v.height);
      $("earlier-title").textContent = `The coloring after turn ${verdict.repeatsTurn}`;
      earlier.hidden = false;
    }
  }
  if (verdict.cleared && verdict.cleared.length) {
    html += `<p>It cleared ${verdict.cleared.length} string${verdict.cleared.length > 1 ? "s" : ""}
      (${ruleLink({ rule: "rule 4", anchor: "rule-4" })}, by ${ruleLink({ rule: "rule 3", anchor: "rule-3" })}'s reach), marked on the board:</p><ul class="cleared">`;
    for (const s of verdict.cleared) {
      html += `<li>the ${esc(s.color)} string ${esc(s.points.join(", "))}: ${esc(s.why)}; next to it: ${esc(s.nextTo.join(", "))}.</li>`;
    }
    html += `</ul><blockquote>${esc(verdict.clearing.rule4)}</blockquote><blockquote>${esc(verdict.clearing.rule3)}</blockquote>`;
  }
  body.innerHTML = html;
}

function drawMini(board, width, height) {
  const mini = $("earlier-board");
  mini.style.setProperty("--cols", width);
  let html = "";
  for (let y = height - 1; y >= 0; y--) {
    for (let x = 0; x < width; x++) {
      const c = board[y * width + x];
      html += `<span class="${c === "X" ? "black" : c === "O" ? "white" : ""}"></span>`;
    }
  }
  mini.innerHTML = html;
  const stones = [...board].filter((c) => c !== ".").length;
  mini.setAttribute("aria-label", `a ${width}x${height} coloring with ${stones} stones`);
}

function drawScore(v) {
  const s = v.score;
  const row = (name, p) =>
    `<tr><th scope="row">${name}</th><td>${s.territory ? p.prisoners : p.stones}</td><td>${p.empty}</td><td>${p.score}</td></tr>`;
  const regions = s.regions
    .map((r) => `<li class="region-${r.mark === "-" ? "none" : r.mark}">${r.size} empty point${r.size > 1 ? "s" : ""} from ${esc(r.first)}: reach ${esc(r.reaches)}</li>`)
    .join("");
  $("score-body").innerHTML = `
    <p>${s.over ? "The game is over (rule 8)." : "As the position stands (the game is not over)."}
      By ${ruleLink({ rule: s.rule, anchor: s.anchor })}:</p>
    <blockquote>${esc(s.quote)}</blockquote>
    <table><thead><tr><th></th><th>${s.territory ? "prisoners" : "stones"}</th><th>empty reaching only hers</th><th>score</th></tr></thead>
    <tbody>${row("Black", s.black)}${row("White", s.white)}</tbody></table>
    <p>Komi ${esc(s.komi)} to White. <strong id="result">Result: ${esc(s.result)}</strong> (${ruleLink({ rule: "rule 10", anchor: "rule-10" })}).</p>
    <details ${s.over ? "open" : ""}><summary>${s.regions.length} empty region${s.regions.length === 1 ? "" : "s"}</summary><ul id="regions">${regions}</ul></details>`;
}

// The turns, as a list from turn 0: built again only when it is not the
// list drawn before with turns added or taken off its end (a long game
// would otherwise redraw a thousand items a play).
let drawnTurns = [];
function turnItem(n, html) {
  const li = document.createElement("li");
  li.id = `turn-${n}`;
  li.value = n;
  li.innerHTML = html;
  return li;
}
function drawTurns(v) {
  // Turn 0 is the start; a fixed handicap is turn 1.
  const before = v.turnsTaken - v.turns.length;
  const keys = [];
  for (let n = 0; n <= before; n++) keys.push(n === 0 ? "the start" : "the handicap stones");
  for (const t of v.turns) keys.push(`${t.player} ${esc(t.turn)}${t.lost ? " (refused, turn lost)" : ""}`);
  const list = $("turns");
  let same = 0;
  while (same < keys.length && same < drawnTurns.length && keys[same] === drawnTurns[same]) same++;
  while (list.children.length > same) list.lastChild.remove();
  for (let n = same; n < keys.length; n++) list.appendChild(turnItem(n, keys[n]));
  drawnTurns = keys;
  for (const li of list.querySelectorAll(".repeated")) {
    li.classList.remove("repeated");
    li.removeAttribute("aria-current");
  }
  const repeated = v.verdict ? v.verdict.repeatsTurn : undefined;
  const li = repeated !== undefined ? document.getElementById(`turn-${repeated}`) : list.lastChild;
  if (repeated !== undefined && li) {
    li.classList.add("repeated");
    li.setAttribute("aria-current", "true");
  }
  // The list (not the page) scrolled to it after the frame is drawn, not
  // forcing a layout now.
  if (li) {
    requestAnimationFrame(() => {
      list.scrollTop = li.offsetTop - list.clientHeight / 2;
    });
  }
}

function draw(json) {
  const v = JSON.parse(json);
  // A game that has just ended shows its score on the board.
  if (v.over && !(view && view.over)) $("shade").checked = true;
  drawBoard(v);
  drawVerdict(v);
  drawScore(v);
  drawTurns(v);
  const status = v.over
    ? `The game is over (rule 8). Result ${v.score.result}.`
    : `${v.toMove} to move, turn ${v.turnsTaken + 1}. Rules ${v.rules}, komi ${v.komi}, handicap ${v.handicap}.`;
  $("status").textContent = status;
  const message = $("message");
  message.hidden = !v.message;
  message.textContent = v.message || "";
  const dis = $("disagreement");
  dis.hidden = v.disagreements.length === 0;
  dis.textContent = v.disagreements.length
    ? "DISAGREEMENT between the two engines (spec and fast), which should never happen: " + v.disagreements.join("; ")
    : "";
  const link = "#" + v.fragment;
  $("permalink").href = link;
  if (location.hash !== link) history.replaceState(null, "", link);
  view = v;
  return v;
}

function settings() {
  const kind = $("handicap-kind").value;
  const stones = $("handicap-stones").value;
  return [$("size").value, $("rules").value, $("komi").value, kind === "none" ? "none" : `${kind}-${stones}`];
}

function showSettings(v) {
  $("size").value = v.width === v.height ? String(v.width) : `${v.width}x${v.height}`;
  $("rules").value = v.rules;
  $("komi").value = v.komi;
  const [kind, n] = v.handicap.split(" ");
  $("handicap-kind").value = kind;
  if (n) $("handicap-stones").value = n;
}

function open(next) {
  if (explorer) explorer.free();
  explorer = next;
  const v = draw(explorer.view());
  showSettings(v);
}

// Each play timed three ways: the engines (the wasm call), the page's
// drawing besides, and until the next frame has been drawn.
function timed(action) {
  const t0 = performance.now();
  const json = action();
  const t1 = performance.now();
  draw(json);
  timings.engines.push(t1 - t0);
  timings.plays.push(performance.now() - t0);
  requestAnimationFrame(() => setTimeout(() => timings.frames.push(performance.now() - t0), 0));
}

function play(x, y) {
  timed(() => explorer.play(x, y));
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
  if (event.key === "p" || event.key === "P") timed(() => explorer.pass());
  else if (event.key === "u" || event.key === "U") timed(() => explorer.undo());
}

async function main() {
  await init();
  const names = JSON.parse(presets());
  $("rule-names").innerHTML = names
    .map(([name, what]) => `<option value="${esc(name)}">${esc(what)}</option>`)
    .concat(['<option value="koPOSITIONALscoreAREAsui1">', '<option value="japanese">', '<option value="aga">'])
    .join("");
  open(location.hash.length > 1 ? Explorer.openLink(location.hash) : new Explorer("9x9", "tromp-taylor", "0", "none"));
  timings.firstVerdictMs = performance.now();
  document.body.dataset.ready = "true";

  $("board").addEventListener("click", (event) => {
    const cell = event.target.closest(".cell");
    if (!cell) return;
    const x = Number(cell.dataset.x);
    const y = Number(cell.dataset.y);
    setFocus(y * view.width + x, false);
    play(x, y);
  });
  $("board").addEventListener("keydown", keydown);
  document.addEventListener("keydown", globalKeys);
  $("pass").addEventListener("click", () => timed(() => explorer.pass()));
  $("undo").addEventListener("click", () => timed(() => explorer.undo()));
  $("shade").addEventListener("change", () => draw(explorer.view()));
  $("settings").addEventListener("submit", (event) => {
    event.preventDefault();
    open(new Explorer(...settings()));
  });
  $("apply").addEventListener("click", () => {
    draw(explorer.reconfigure(...settings()));
    showSettings(view);
  });
  $("open-sgf").addEventListener("click", () => open(Explorer.openSgf($("sgf").value)));
  $("export-sgf").addEventListener("click", () => {
    $("sgf").value = explorer.sgf();
  });
  window.addEventListener("hashchange", () => {
    if (location.hash !== "#" + view.fragment) open(Explorer.openLink(location.hash));
  });
  $("verdict").addEventListener("click", (event) => {
    const ref = event.target.closest(".turn-ref");
    if (!ref) return;
    event.preventDefault();
    document.getElementById(ref.getAttribute("href").slice(1))?.scrollIntoView({ block: "center" });
  });
}

main().catch((error) => {
  const message = $("message");
  message.hidden = false;
  message.textContent = `The explorer could not start: ${error}`;
  $("status").textContent = "Not loaded.";
});
