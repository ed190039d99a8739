//! What a Python engine claims, stated by its author (`check_engine`'s
//! `claims`) and never assumed: the harness's `Supports` built from the
//! rule texts claimed, and the report's header and closing advice in the
//! words of a Python reader.

use tromp_taylor_harness::engine::Supports;
use tromp_taylor_harness::vocab::{Rules, Superko};

/// What the protocol can do whatever the rules: no agreement ending, fixed
/// handicaps, setup positions or undo, which it has no words for. Free
/// handicaps are Black's first turns in a row, which `play` is told by its
/// color.
pub(crate) const PYTHON_SUPPORTS: Supports = Supports {
    agreement_ending: false,
    fixed_handicap: false,
    setup_positions: false,
    undo: false,
    ..Supports::EVERYTHING
};

/// What an engine claiming `claims` is played on: the protocol's
/// [`PYTHON_SUPPORTS`] with each rule option on only where one of the
/// claimed rules has it (the harness claims options one by one, so two
/// claimed rules also claim their mixtures). `None` (nothing stated) holds
/// the engine to every rule option, so to the rules checked.
pub(crate) fn supports_of(claims: Option<&[Rules]>) -> Supports {
    let Some(claims) = claims else {
        return PYTHON_SUPPORTS;
    };
    let mut supports = Supports {
        positional_superko: false,
        situational_superko: false,
        simple_ko: false,
        suicide_allowed: false,
        suicide_forbidden: false,
        two_passes_ending: false,
        area_scoring: false,
        territory_scoring: false,
        komi: false,
        illegal_loses_turn: false,
        ..PYTHON_SUPPORTS
    };
    for rules in claims {
        claim(&mut supports, rules);
    }
    supports
}

/// Switches on in `supports` the options of `rules` (but the agreement
/// ending, which the protocol cannot play).
fn claim(supports: &mut Supports, rules: &Rules) {
    match rules.superko {
        Superko::Positional => supports.positional_superko = true,
        Superko::Situational => supports.situational_superko = true,
        Superko::SimpleKo => supports.simple_ko = true,
    }
    match rules.suicide_allowed {
        true => supports.suicide_allowed = true,
        false => supports.suicide_forbidden = true,
    }
    if !rules.agreement_ending {
        supports.two_passes_ending = true;
    }
    match rules.territory_scoring {
        true => supports.territory_scoring = true,
        false => supports.area_scoring = true,
    }
    supports.komi |= rules.komi_half_points != 0;
    supports.illegal_loses_turn |= rules.illegal_loses_turn;
}

/// The claims line of the header: the claims as the user stated them, or
/// that none were.
pub(crate) fn claims_line(stated: Option<&str>) -> String {
    match stated {
        Some(stated) => format!("claims (as stated): {stated}"),
        None => "claims: not stated (held to the rules checked)".to_string(),
    }
}

/// The rules-checked line of the header.
pub(crate) fn rules_line(rules: &[Rules]) -> String {
    let names: Vec<String> = rules.iter().map(Rules::to_string).collect();
    format!("rules checked: {}", names.join(", "))
}

/// The line that ends a report with divergences: how to keep one as a
/// regression test in Python.
pub(crate) const ADVICE: &str = "\
Keep each divergence as a regression test in Python (pytest): copy its \
board, rules and turns (divergence.size, .rules_text, .moves, .disputed; \
its SGF is divergence.sgf) into a test that plays them on tt.Game and on \
your engine, then tries the disputed turn on both:
    def test_divergence_stays_fixed():
        game, engine = tt.Game(\"WxH\", RULES), MyEngine(W, H, RULES)
        for color, vertex in MOVES:
            try:
                game.play(vertex)                # the rules refuse some attempts,
                engine.play(color, vertex)       # which change nothing
            except tt.IllegalMove:
                pass
        color, vertex = DISPUTED
        try:
            engine.play(color, vertex)
            accepted = True
        except Exception:
            accepted = False
        assert accepted == game.is_legal(vertex)
";

/// The harness's report `text` in a Python reader's words: its line of
/// what `engine` claims replaced by `header`, its closing advice (the Rust
/// call) by [`ADVICE`].
pub(crate) fn in_python_words(text: &str, engine: &str, header: &[String]) -> String {
    let claims = format!("{engine} claims: ");
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if line.starts_with(&claims) {
            for header_line in header {
                out.push_str(header_line);
                out.push('\n');
            }
        } else if line.starts_with("Keep each SGF above") {
            out.push_str(ADVICE);
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}
