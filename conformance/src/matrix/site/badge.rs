//! A badge, shields-style: a grey label ("tromp-taylor") beside a message
//! ("pass", "N divergences", "not run") on green, red or grey, as SVG.

use super::html::escape;

/// The label of every badge.
pub const LABEL: &str = "tromp-taylor";

/// What a badge says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every check agreed with the rules.
    Pass,
    /// It agrees but for this many deviations it states that it means
    /// (documented, a setting, a documentation mismatch).
    Deviates(usize),
    /// This many divergences it does not state that it means (bugs by its
    /// own intent, and those not yet judged).
    Diverges(usize),
    /// The audit did not run.
    NotRun,
}

impl Verdict {
    /// The message.
    pub fn message(self) -> String {
        match self {
            Verdict::Pass => "pass".to_string(),
            Verdict::Deviates(1) => "agrees, except 1 stated deviation".to_string(),
            Verdict::Deviates(n) => format!("agrees, except {n} stated deviations"),
            Verdict::Diverges(1) => "1 divergence".to_string(),
            Verdict::Diverges(n) => format!("{n} divergences"),
            Verdict::NotRun => "not run".to_string(),
        }
    }

    /// The message's background.
    pub fn color(self) -> &'static str {
        match self {
            Verdict::Pass => "#4c1",
            Verdict::Deviates(_) => "#a4a61d",
            Verdict::Diverges(_) => "#e05d44",
            Verdict::NotRun => "#9f9f9f",
        }
    }

    /// The CSS class of a cell with this verdict.
    pub fn class(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Deviates(_) => "deviate",
            Verdict::Diverges(_) => "diverge",
            Verdict::NotRun => "notrun",
        }
    }

    /// The verdict of several rows taken together: their divergences
    /// summed where any diverges, else their deviations summed, a pass
    /// where any ran and none diverged or deviated.
    pub fn all(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
        verdicts
            .into_iter()
            .fold(Verdict::NotRun, |sum, v| match (sum, v) {
                (Verdict::Diverges(a), Verdict::Diverges(b)) => Verdict::Diverges(a + b),
                (Verdict::Diverges(a), _) | (_, Verdict::Diverges(a)) => Verdict::Diverges(a),
                (Verdict::Deviates(a), Verdict::Deviates(b)) => Verdict::Deviates(a + b),
                (Verdict::Deviates(a), _) | (_, Verdict::Deviates(a)) => Verdict::Deviates(a),
                (Verdict::Pass, _) | (_, Verdict::Pass) => Verdict::Pass,
                _ => Verdict::NotRun,
            })
    }
}

/// The width a text takes in the badge's 11 px Verdana, roughly.
fn width(text: &str) -> usize {
    text.chars().count() * 7 + 10
}

/// The badge: `label` on grey, the verdict's message on its color.
pub fn badge(label: &str, verdict: Verdict) -> String {
    let message = verdict.message();
    let (left, right) = (width(label), width(&message));
    let total = left + right;
    let (label, message) = (escape(label), escape(&message));
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="20" role="img" aria-label="{label}: {message}">
<title>{label}: {message}</title>
<rect width="{left}" height="20" fill="#555"/>
<rect x="{left}" width="{right}" height="20" fill="{color}"/>
<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">
<text x="{lx}" y="14">{label}</text>
<text x="{mx}" y="14">{message}</text>
</g>
</svg>
"##,
        color = verdict.color(),
        lx = left / 2,
        mx = left + right / 2,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_badge_says_its_verdict_in_its_color() {
        let pass = badge("tromp-taylor", Verdict::Pass);
        assert!(pass.contains(">tromp-taylor</text>") && pass.contains(">pass</text>"));
        assert!(pass.contains("fill=\"#4c1\""), "{pass}");
        let two = badge("tromp-taylor", Verdict::Diverges(2));
        assert!(two.contains(">2 divergences</text>") && two.contains("#e05d44"));
        assert_eq!(Verdict::Diverges(1).message(), "1 divergence");
        assert!(badge("a<b", Verdict::NotRun).contains("a&lt;b: not run"));
        assert!(badge("x", Verdict::NotRun).contains("#9f9f9f"));
    }

    #[test]
    fn verdicts_add_up() {
        use Verdict::*;
        assert_eq!(
            Verdict::all([Pass, Diverges(2), NotRun, Diverges(1)]),
            Diverges(3)
        );
        assert_eq!(Verdict::all([NotRun, Pass]), Pass);
        assert_eq!(Verdict::all([NotRun]), NotRun);
        assert_eq!(Verdict::all([]), NotRun);
    }
}
