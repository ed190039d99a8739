//! What a Python engine claims, stated by its author (`check_engine`'s
//! `claims`) and never assumed: the harness's `Supports` built from the
//! rule texts claimed, and what the report's header says of them; and the
//! report's closing advice in the words of a Python reader.

use tromp_taylor_harness::engine::Supports;
use tromp_taylor_harness::vocab::{Ending, IllegalMove, Rules, Scoring, Suicide, Superko};

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
    match rules.suicide {
        Suicide::Allowed => supports.suicide_allowed = true,
        Suicide::Forbidden => supports.suicide_forbidden = true,
    }
    if rules.ending == Ending::TwoPasses {
        supports.two_passes_ending = true;
    }
    match rules.scoring {
        Scoring::Territory => supports.territory_scoring = true,
        Scoring::Area => supports.area_scoring = true,
    }
    supports.komi |= rules.komi_half_points != 0;
    supports.illegal_loses_turn |= rules.illegal_move == IllegalMove::LosesTurn;
}

/// What the report's header says the engine claims (after `{engine}
/// claims: `): the claims as the user stated them, or that none were.
pub(crate) fn claims_text(stated: Option<&[String]>) -> String {
    match stated {
        Some(stated) => format!("{} (as stated)", stated.join(", ")),
        None => "not stated (held to the rules checked)".to_string(),
    }
}

/// The line that ends a report with divergences: how to keep one as a
/// regression test in Python.
pub(crate) const ADVICE: &str = "\
Keep each divergence as a regression test in Python (pytest): save its SGF \
(divergence.sgf) beside your tests; tt.Game.from_sgf replays it up to the \
disputed turn, which it keeps in game.disputed, not played:
    def test_divergence_stays_fixed():
        game = tt.Game.from_sgf(pathlib.Path(__file__).with_name(\"divergence.sgf\").read_text())
        engine = MyEngine(*game.size, str(game.rules))
        for color, vertex in game.moves:
            engine.play(color, vertex)
        color, vertex, note = game.disputed  # None after a legal set, board or score
        try:
            engine.play(color, vertex)
            accepted = True
        except Exception:
            accepted = False
        assert accepted == game.is_legal(vertex), note
(docs/python.md, \"Keeping a divergence as a regression test\".)
";
