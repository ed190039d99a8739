//! Why: each verdict with the rule that gives it (its number, its words
//! quoted, its anchor in docs/rules.md), what rule 4 cleared after a legal
//! move and why (rule 3's reach), and the score as rule 9 counts it.

use serde_json::{json, Value};
use tromp_taylor_engine::engine::spec::illegal as reason;
use tromp_taylor_spec as spec;
use tromp_taylor_spec::rules::{self, Topology};
use tromp_taylor_spec::{Color, Coloring, IllegalTurn, Player, Rectangle, Turn};
use tromp_taylor_vocab::quotes;
use tromp_taylor_vocab::vertex::{turn_name, vertex_name};

/// A rule as the page names it: its name, the anchor of its section in
/// docs/rules.md (and the book's rules page), and its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cited {
    /// `rule 6`, `comment 6`, `seed 004`.
    pub rule: &'static str,
    /// `rule-6`: the anchor of the rule's section.
    pub anchor: &'static str,
    /// The rule's words, quoted.
    pub quote: &'static str,
}

impl Cited {
    /// Rule 6: a turn is a pass or a move that repeats no earlier coloring.
    pub const RULE_6: Cited = Cited {
        rule: "rule 6",
        anchor: "rule-6",
        quote: quotes::RULE_6,
    };
    /// Rule 7: a move colors a point, clears the opponent, then its own.
    pub const RULE_7: Cited = Cited {
        rule: "rule 7",
        anchor: "rule-7",
        quote: quotes::RULE_7,
    };
    /// Rule 8: two consecutive passes end the game.
    pub const RULE_8: Cited = Cited {
        rule: "rule 8",
        anchor: "rule-8",
        quote: quotes::RULE_8,
    };
}

/// The rule that refuses a turn, in `spec`'s terms.
pub fn refusal_rule(illegal: &IllegalTurn) -> Cited {
    let (rule, anchor, quote) = match illegal {
        IllegalTurn::GameOver => ("rule 8", "rule-8", quotes::RULE_8),
        IllegalTurn::OffBoard(_) => ("rule 1", "rule-1", quotes::RULE_1),
        IllegalTurn::Occupied(_) => ("rule 7", "rule-7", quotes::RULE_7),
        IllegalTurn::Suicide(_) => ("comment 7", "comment-7-variation", quotes::NO_SUICIDE),
        IllegalTurn::Superko { .. } => ("rule 6", "rule-6", quotes::RULE_6),
        IllegalTurn::SituationalSuperko { .. } => ("comment 6", "comment-6", quotes::COMMENT_6),
        IllegalTurn::Ko(_) => ("seed 004", "simple-ko", quotes::SIMPLE_KO),
    };
    Cited {
        rule,
        anchor,
        quote,
    }
}

/// A rule as the page's JSON gives it: its name, anchor and words.
pub fn cited(c: Cited) -> Value {
    json!({"rule": c.rule, "anchor": c.anchor, "quote": c.quote})
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
        Color::Empty => "empty",
    }
}

/// The strings of `color` in `coloring` that do not reach empty, each as
/// its points and the points next to it (none of them empty: rule 3's
/// reach fails at every one), in point order.
fn strings_without_reach(grid: &Rectangle, coloring: &Coloring, color: Color) -> Vec<Value> {
    let reach = rules::reaching(grid, coloring, color, Color::Empty);
    let mut seen = vec![false; grid.point_count()];
    // The points next to the string being followed, by the string's number.
    let mut next_to_string = vec![usize::MAX; grid.point_count()];
    let mut strings = Vec::new();
    for start in 0..grid.point_count() {
        if coloring[start] != color || reach[start] || seen[start] {
            continue;
        }
        let (mut points, mut next_to) = (Vec::new(), Vec::new());
        let mut todo = vec![start];
        seen[start] = true;
        while let Some(p) = todo.pop() {
            points.push(p);
            for q in grid.neighbours(p) {
                if coloring[q] == color && !seen[q] {
                    seen[q] = true;
                    todo.push(q);
                } else if coloring[q] != color && next_to_string[q] != start {
                    next_to_string[q] = start;
                    next_to.push(q);
                }
            }
        }
        points.sort_unstable();
        next_to.sort_unstable();
        let name = |p: &usize| vertex_name(grid.point(*p));
        let other = color_name(match color {
            Color::Black => Color::White,
            _ => Color::Black,
        });
        strings.push(json!({
            "color": color_name(color),
            "points": points.iter().map(name).collect::<Vec<_>>(),
            "nextTo": next_to.iter().map(name).collect::<Vec<_>>(),
            "why": format!(
                "no point of this {} string reaches empty (rule 3): every point next to it is {}, so clearing {} empties it (rule 4)",
                color_name(color), other, color_name(color)
            ),
        }));
    }
    strings
}

/// What a legal move at `p` by `player` clears, by rule 7's two clearings
/// on the coloring `before` it: the opponent's strings that no longer
/// reach empty (capture), then the player's own (suicide).
pub fn clearings(grid: &Rectangle, before: &Coloring, p: usize, player: Player) -> Vec<Value> {
    let mut colored = before.clone();
    colored[p] = player.color();
    let opponent = player.opponent().color();
    let mut cleared = strings_without_reach(grid, &colored, opponent);
    let after_capture = rules::clear(grid, colored, opponent);
    cleared.extend(strings_without_reach(grid, &after_capture, player.color()));
    cleared
}

/// The verdict on a turn `player` attempted as turn `number` on the
/// coloring `before`: legal (with what it cleared) or refused (with the
/// rule, its words, and for superko the turn it repeats); `lost` when the
/// refusal cost the turn (seed 003).
pub fn verdict(
    (grid, before, player): (&Rectangle, &Coloring, Player),
    turn: Turn,
    outcome: Result<(), IllegalTurn>,
    number: usize,
    lost: bool,
) -> Value {
    let mut v = json!({
        "turn": turn_name(turn),
        "player": format!("{player:?}"),
        "number": number,
    });
    match outcome {
        Err(illegal) => {
            v["legal"] = json!(false);
            v["cited"] = cited(refusal_rule(&illegal));
            // The harness's one phrasing of a reason (the vocabulary's).
            v["reason"] = json!(reason(&illegal).to_string());
            v["lostTurn"] = json!(lost);
            if let IllegalTurn::Superko { repeats_turn, .. }
            | IllegalTurn::SituationalSuperko { repeats_turn, .. } = illegal
            {
                v["repeatsTurn"] = json!(repeats_turn);
            }
        }
        Ok(()) => {
            v["legal"] = json!(true);
            match turn {
                Turn::Pass => {
                    v["cited"] = cited(Cited::RULE_6);
                    v["reason"] = json!("a pass is always a turn (rule 6); the coloring stays");
                }
                Turn::Move(point) => {
                    let p = grid.index(point).unwrap_or(0);
                    let cleared = clearings(grid, before, p, player);
                    v["cited"] = cited(Cited::RULE_7);
                    let own = color_name(player.color());
                    let suicide = cleared.iter().any(|s| s["color"] == own);
                    v["suicide"] = json!(suicide);
                    if suicide {
                        v["also"] = cited(Cited {
                            rule: "comment 7",
                            anchor: "comment-7",
                            quote: quotes::COMMENT_7,
                        });
                    }
                    v["reason"] = json!(if suicide {
                        format!(
                            "a suicide, which these rules allow: {player:?} colors the empty point {}, then clears the opponent color, then its own, and its own string at {} no longer reaches empty (rule 7; comment 7)",
                            vertex_name(point),
                            vertex_name(point)
                        )
                    } else {
                        format!(
                            "{player:?} colors the empty point {}, then clears the opponent color, then its own (rule 7)",
                            vertex_name(point)
                        )
                    });
                    if !cleared.is_empty() {
                        v["clearing"] = json!({"rule4": quotes::RULE_4, "rule3": quotes::RULE_3});
                    }
                    v["cleared"] = json!(cleared);
                }
            }
        }
    }
    v
}

/// The empty regions of a coloring (connected empty points) with the colors
/// each reaches: a mark per point (`b` reaches only black, `w` only white,
/// `n` both, `-` neither, a space for a stone), and a summary per region.
pub fn regions(grid: &Rectangle, coloring: &Coloring) -> (String, Vec<Value>) {
    let n = grid.point_count();
    let mut marks = vec![' '; n];
    let mut seen = vec![false; n];
    let mut summary = Vec::new();
    for start in 0..n {
        if coloring[start] != Color::Empty || seen[start] {
            continue;
        }
        let (mut points, mut black, mut white) = (Vec::new(), false, false);
        let mut todo = vec![start];
        seen[start] = true;
        while let Some(p) = todo.pop() {
            points.push(p);
            for q in grid.neighbours(p) {
                match coloring[q] {
                    Color::Black => black = true,
                    Color::White => white = true,
                    Color::Empty if !seen[q] => {
                        seen[q] = true;
                        todo.push(q);
                    }
                    Color::Empty => {}
                }
            }
        }
        let (mark, reaches) = match (black, white) {
            (true, false) => ('b', "black only: Black's"),
            (false, true) => ('w', "white only: White's"),
            (true, true) => ('n', "both colors: nobody's"),
            (false, false) => ('-', "neither color: nobody's"),
        };
        for &p in &points {
            marks[p] = mark;
        }
        summary.push(json!({
            "first": vertex_name(grid.point(points.iter().copied().min().unwrap_or(start))),
            "size": points.len(),
            "mark": mark.to_string(),
            "reaches": reaches,
        }));
    }
    (marks.into_iter().collect(), summary)
}

/// The score as the position stands: rule 9 (or comment 9's territory),
/// each region, the counts per player, komi and the result (rule 10).
pub fn score(game: &spec::Game) -> Value {
    let grid = game.grid();
    let coloring = game.coloring();
    let (marks, summary) = regions(&grid, coloring);
    let territory = game.rules().scoring == spec::Scoring::Territory;
    let count = |player: Player| {
        let stones = coloring.count(player.color());
        let empty = rules::empty_points_reaching_only(&grid, coloring, player);
        json!({
            "stones": stones,
            "empty": empty,
            "prisoners": game.prisoners(player),
            "score": game.score(player),
        })
    };
    let (rule, quote) = if territory {
        ("comment 9", quotes::COMMENT_9)
    } else {
        ("rule 9", quotes::RULE_9)
    };
    json!({
        "rule": rule,
        "anchor": if territory { "comment-9" } else { "rule-9" },
        "quote": quote,
        "territory": territory,
        "marks": marks,
        "regions": summary,
        "black": count(Player::Black),
        "white": count(Player::White),
        "komi": game.rules().komi.to_string(),
        "result": game.result().to_string(),
        "over": game.is_over(),
        "rule10": quotes::RULE_10,
    })
}
