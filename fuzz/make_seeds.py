#!/usr/bin/env python3
"""Writes the hand-made seeds of the sgf, vectors, rules and gtp targets
(fuzz/corpus/<target>/case-*) and the deep SGFs waiting in
fuzz/corpus-pending/sgf/. Run from fuzz/: python3 make_seeds.py"""
import json, os, string

LETTERS = string.ascii_lowercase + string.ascii_uppercase  # SGF: a-z then A-Z

def put(folder, name, data):
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode('utf-8')
    if 'corpus-pending' not in folder and not name.startswith('seed-'):
        name = 'seed-' + name  # fuzz/.gitignore keeps only seed-* files
    with open(os.path.join(folder, name), 'wb') as f:
        f.write(data)

def moves(n, size, start='B'):
    """n moves along the board, a point each, alternating colors."""
    out, player = [], start
    for i in range(n):
        x, y = i % size, (i // size) % size
        out.append(f";{player}[{LETTERS[x]}{LETTERS[y]}]")
        player = 'W' if player == 'B' else 'B'
    return ''.join(out)

# --- sgf -------------------------------------------------------------------
S = 'corpus/sgf'
put(S, 'case-basic', '(;FF[4]GM[1]SZ[9]KM[7.5]RU[tromp-taylor];B[ee];W[ce];B[];W[])')
put(S, 'case-30x30-upper', '(;FF[4]GM[1]SZ[30]' + ';B[AD];W[zA];B[DA];W[aa];B[Dd];W[]' + ')')
put(S, 'case-52x52-upper', '(;FF[4]GM[1]SZ[52]AB[ZZ][Aa]AW[zZ];B[ZA];W[AZ];B[Zz];W[zz];B[];W[])')
put(S, 'case-52x52-long', '(;FF[4]GM[1]SZ[52]' + moves(300, 52) + ')')
put(S, 'case-30x5-rect', '(;FF[4]GM[1]SZ[30:5];B[Dc];W[ae];B[])')
put(S, 'case-53-too-big', '(;FF[4]GM[1]SZ[53];B[aa])')
put(S, 'case-size-zero', '(;FF[4]GM[1]SZ[0])')
put(S, 'case-off-board-upper', '(;FF[4]GM[1]SZ[27];B[Bb])')
put(S, 'case-latin1-ca', b'(;FF[4]GM[1]CA[ISO-8859-1]SZ[9]PB[Jos\xe9]C[caf\xe9 cr\xe8me]\n;B[cc]C[\xe0 toi];W[gg])')
put(S, 'case-latin1-no-ca', b'(;FF[4]GM[1]SZ[9]C[na\xefve \xff\xfe];B[cc];W[gg])')
put(S, 'case-utf8-ca', '(;FF[4]GM[1]CA[UTF-8]SZ[9]C[碁 — ヨセ];B[cc])')
put(S, 'case-ca-unknown', '(;FF[4]GM[1]CA[EBCDIC-37]SZ[9];B[cc])')
put(S, 'case-ab-aw-one-point', '(;FF[4]GM[1]SZ[9]AB[cc]AW[cc];W[dd])')
put(S, 'case-b-and-w-one-node', '(;FF[4]GM[1]SZ[9];B[cc]W[dd];B[ee])')
put(S, 'case-km-empty', '(;FF[4]GM[1]SZ[9]KM[];B[cc])')
put(S, 'case-km-huge', '(;FF[4]GM[1]SZ[9]KM[1e400];B[cc])')
put(S, 'case-km-nan', '(;FF[4]GM[1]SZ[9]KM[NaN];B[cc])')
put(S, 'case-result-unfinished', '(;FF[4]GM[1]SZ[9]RE[B+R];B[cc])')
put(S, 'case-two-games', '(;FF[4]GM[1]SZ[9];B[cc];W[dd])(;FF[4]GM[1]SZ[5];B[aa];W[])')
put(S, 'case-variations', '(;FF[4]GM[1]SZ[5];B[cc](;W[dd];B[bb])(;W[bb](;B[dd])(;B[aa];W[]))(;W[]))')
put(S, 'case-handicap-fixed', '(;FF[4]GM[1]SZ[9]HA[2]AB[cg][gc];W[ee])')
put(S, 'case-handicap-free', '(;FF[4]GM[1]SZ[9]HA[3];B[cc];B[gg];B[ee];W[cg])')
put(S, 'case-handicap-huge', '(;FF[4]GM[1]SZ[9]HA[99999999999];B[cc])')
put(S, 'case-setup-pl', '(;FF[4]GM[1]SZ[5]AB[aa][ba]AW[ab][bb]AE[cc]PL[W];W[ca];B[])')
put(S, 'case-tt-pass', '(;FF[4]GM[1]SZ[19];B[tt];W[tt])')
put(S, 'case-tt-on-20', '(;FF[4]GM[1]SZ[20];B[tt];W[])')
put(S, 'case-ru-japanese', '(;FF[4]GM[1]SZ[9]RU[Japanese]KM[6.5];B[cc])')
put(S, 'case-ru-compact', '(;FF[4]GM[1]SZ[9]RU[koSITUATIONALscoreTERRITORYsui0komi6.5endAGREEMENT];B[cc];W[];B[];AE[cc])')
put(S, 'case-ru-banana', '(;FF[4]GM[1]SZ[9]RU[koBANANA];B[cc])')
put(S, 'case-not-go', '(;FF[4]GM[2]SZ[8];B[cc])')
put(S, 'case-setup-in-game', '(;FF[4]GM[1]SZ[9];B[cc];AB[dd])')
put(S, 'case-escapes', '(;FF[4]GM[1]SZ[9]C[a \\] b \\\\ c\n:)]GN[x\\:y];B[cc]C[])')
put(S, 'case-malformed', '(;FF[4]GM[1]SZ[9];B[c];W[ccc];B[12])')
put(S, 'case-unclosed', '(;FF[4]GM[1]SZ[9];B[cc]')
put(S, 'case-empty', '')
put(S, 'case-garbage', b'\x00\xff(;(;)))[[]]\\')
put(S, 'case-agreement-attempts', '(;FF[4]GM[1]SZ[5]RU[koPOSITIONALscoreAREAsui1endAGREEMENT];B[cc];W[];B[];AE[cc][aa];W[zz])')
put(S, 'case-deep-main-line-2000', '(;FF[4]GM[1]SZ[19]' + moves(2000, 19) + ')')
# The deepest records (a 150,000-node main line, 10^6 nodes, 10^5 nested
# variations) are tested by vocab/tests/sgf_deep.rs and
# tests/sgf_records.rs, not fuzzed: one such input takes minutes under the
# fuzzer's instrumentation. A tree of 5,001 lines, each nested in the one
# before, is walked once (every node played once, taken back once).
put(S, 'case-deep-nested-siblings-5000',
    '(;FF[4]GM[1]SZ[9]' + ''.join(f"(;B[aa])(;{'BW'[i % 2]}[{LETTERS[i % 9]}{LETTERS[(i // 9) % 9]}]" for i in range(5000)) + ')' * 5000 + ')')

# --- vectors ----------------------------------------------------------------
V = 'corpus/vectors'
def case(group, name, **over):
    c = {
        "id": f"{group}/{name}", "description": "Black plays, White passes.", "rule": "rule 7",
        "requires": ["superko:positional", "suicide:allowed", "scoring:area"],
        "size": "3x3", "rules": "koPOSITIONALscoreAREAsui1", "preset": "tromp-taylor",
        "komi": 0.0, "handicap": None, "setup": None,
        "turns": [{"player": "B", "turn": "B2", "expect": "legal",
                   "grid_after": ["...", ".X.", "..."]}],
        "end": {"over": False, "to_move": "W", "black": 9, "white": 0,
                "prisoners": [0, 0], "result": "B+9"},
    }
    c.update(over)
    return c
def vfile(group, cases, **over):
    f = {"format": "tromp-taylor-vectors/1", "group": group, "cases": cases}
    f.update(over)
    return json.dumps(f, indent=1)
put(V, 'case-valid', vfile('fuzz', [case('fuzz', 'one-move')]))
banana = case('fuzz', 'banana')
banana['turns'][0]['expect'] = 'banana'
put(V, 'case-expect-banana', vfile('fuzz', [banana]))
put(V, 'case-size-impossible', vfile('fuzz', [case('fuzz', 'huge', size='53x53')]))
put(V, 'case-size-zero', vfile('fuzz', [case('fuzz', 'zero', size='0x0')]))
put(V, 'case-size-garbage', vfile('fuzz', [case('fuzz', 'garbage', size='19x')]))
put(V, 'case-duplicate-id', vfile('fuzz', [case('fuzz', 'twice'), case('fuzz', 'twice')]))
put(V, 'case-wrong-group', vfile('other', [case('fuzz', 'one')]))
put(V, 'case-bad-format', vfile('fuzz', [case('fuzz', 'one')], format='vectors/0'))
put(V, 'case-unknown-field', vfile('fuzz', [case('fuzz', 'one')], extra=1))
put(V, 'case-no-cases', vfile('fuzz', []))
put(V, 'case-komi-nan', vfile('fuzz', [case('fuzz', 'komi', komi=1e400)]).replace('Infinity', '1e400'))
put(V, 'case-rules-banana', vfile('fuzz', [case('fuzz', 'rules', rules='koBANANA')]))
put(V, 'case-52x52', vfile('fuzz', [case('fuzz', 'wide', size='52x52', turns=[
    {"player": "B", "turn": "AZ52", "expect": "legal", "grid_after": ['.' * 51 + 'X'] + ['.' * 52] * 51}],
    end={"over": False, "to_move": "W", "black": 2704, "white": 0, "prisoners": [0, 0], "result": "B+2704"})]))
put(V, 'case-not-json', '{"format": "tromp-taylor-vectors/1", "group": ')
put(V, 'case-empty', '')
put(V, 'case-array', '[1, 2, 3]')
put(V, 'case-deep-json', '[' * 200 + ']' * 200)

# --- rules ------------------------------------------------------------------
R = 'corpus/rules'
for i, text in enumerate([
    'tromp-taylor', 'chinese', 'new-zealand', 'simple-ko-territory',
    'koPOSITIONALscoreAREAsui1', 'koSITUATIONALscoreTERRITORYsui0komi6.5endAGREEMENT',
    'koSIMPLEscoreAREAsui1komi-0.5', 'koBANANA', 'komi1e400', 'komiNaN', 'komi7.25',
    'komi999999999.5', 'komi+3', 'komi-', 'taxNONEbutton0whb0', 'taxSEKI', 'button1',
    'sui2', 'endFOURPASSES', 'ko', '', '   ', ' chinese ', 'Japanese', 'AGA', 'NZ',
    'New Zealand', 'CN', 'koPOSITIONALkoSIMPLE', 'kOPOSITIONAL', 'ko\u00c9', 'komi\u0663',
    '7.5', '-0.5', '.5', '1.', 'inf', 'NaN',
]):
    put(R, f'case-{i:02}', text)

# --- gtp --------------------------------------------------------------------
G = 'corpus/gtp'
put(G, 'case-30x30', 'boardsize 30\nplay b AD30\nplay w A1\nplay b Z26\nplay w AE1\nshowboard\nprintsgf\nundo\nprintsgf\n')
put(G, 'case-52x52', 'rectangular_boardsize 52 52\nplay b AZ52\nplay w A1\ngenmove b\nlist_stones black\nprintsgf\n')
put(G, 'case-bad-numbers', 'komi nan\nkomi inf\nkomi 1e400\nkomi -0\nboardsize -1\nboardsize 1e3\nrectangular_boardsize 52 53\ntime_settings nan 1 1\ntime_left b -5 0\n')
put(G, 'case-rules-strings', 'kata-set-rules koBANANA\nkata-set-rules komi1e400\nkata-set-rules komiNaN\nkgs-rules japanese\nkgs-rules banana\nkata-get-rules\n')
put(G, 'case-errors-keep-state', 'boardsize 5\nplay b C3\nplay w C3\nplay b Z9\nplay w\nundo\nundo\nundo\nfixed_handicap 99\nset_free_handicap C3\nset_free_handicap A1 A1\nloadsgf x.sgf\nshowboard\n')
put(G, 'case-handicap-printsgf', 'boardsize 9\nfixed_handicap 3\nplay w E5\nprintsgf\nclear_board\nset_free_handicap A1 B2\nplay w C3\nprintsgf\n')
