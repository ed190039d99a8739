//! The page's one object, through `wasm-bindgen`: [`Explorer`] answers
//! every call with the JSON view the page draws (the permalink's fragment
//! included), and [`presets`] lists the rules' presets.

use crate::engines::{read_handicap, Setup};
use crate::link::Opening;
use crate::preview::Preview;
use crate::{explorer, link, sgf};

use tromp_taylor_spec::{Point, Turn};
use tromp_taylor_vocab::names::read_komi;
use tromp_taylor_vocab::vocab::{Rules, Size};
use wasm_bindgen::prelude::wasm_bindgen;

/// A position in both engines, as the page holds it.
#[wasm_bindgen]
pub struct Explorer {
    inner: explorer::Explorer,
    /// A long link `spec` is still checking: until it has, `inner` is a
    /// stand-in and the view is `fast`'s, marked as such.
    checking: Option<Checking>,
}

/// A long link opened with `fast`'s position while `spec` replays it a
/// slice at a time ([`Explorer::check`]).
struct Checking {
    opening: Opening,
    preview: Preview,
    fragment: String,
}

/// The fewest turns a link needs for [`Explorer::open_link_fast_first`] to
/// show `fast`'s position before `spec` has checked it: a shorter link is
/// checked at once (a 19x19 game of 300 turns opens in well under a second).
pub const FAST_FIRST_FROM: usize = 1_000;

impl Explorer {
    /// An explorer of `inner`, checked.
    fn checked(inner: explorer::Explorer) -> Explorer {
        Explorer {
            inner,
            checking: None,
        }
    }

    /// Lets `spec` finish checking a long link, if it has not yet: every
    /// call that changes or reads the game waits for it.
    fn settle(&mut self) {
        if let Some(checking) = self.checking.take() {
            self.inner = checking.opening.finish();
        }
    }
}

/// The setup the page's controls give, or what is wrong with it.
fn read_setup(size: &str, rules: &str, komi: &str, handicap: &str) -> Result<Setup, String> {
    let size: Size = size.parse().map_err(|e| format!("size: {e}"))?;
    let mut rules: Rules = rules.parse().map_err(|e| format!("rules: {e}"))?;
    if !komi.trim().is_empty() {
        rules.komi_half_points = read_komi(komi).map_err(|e| format!("komi: {e}"))?;
    }
    let handicap = read_handicap(handicap).map_err(|e| format!("handicap: {e}"))?;
    Ok(Setup {
        size,
        rules,
        handicap,
        position: None,
    })
}

#[wasm_bindgen]
impl Explorer {
    /// A new game: `size` (`9`, `9x5`), `rules` (a preset, a compact rule
    /// string, or a name other programs write), `komi` (`7.5`; empty keeps
    /// the rules'), `handicap` (`none`, `4`, `fixed-4`). When one cannot be
    /// read: an empty 9x9 board, and the view's message says why.
    #[wasm_bindgen(constructor)]
    pub fn new(size: &str, rules: &str, komi: &str, handicap: &str) -> Explorer {
        let inner = match read_setup(size, rules, komi, handicap) {
            Ok(setup) => explorer::Explorer::new(setup).unwrap_or_else(|e| {
                explorer::Explorer::failed(format!(
                    "This game cannot start: {e}. An empty 9x9 board is shown instead."
                ))
            }),
            Err(e) => {
                explorer::Explorer::failed(format!("{e}. An empty 9x9 board is shown instead."))
            }
        };
        Explorer::checked(inner)
    }

    /// The same turns replayed under other rules or komi (up to the first
    /// the new rules refuse), the refused attempt shown, if any, included;
    /// a new size or handicap starts an empty game;
    /// a setting that cannot be read changes nothing and says why.
    pub fn reconfigure(&mut self, size: &str, rules: &str, komi: &str, handicap: &str) -> String {
        self.settle();
        match read_setup(size, rules, komi, handicap) {
            Ok(mut setup) => {
                let same_board = setup.size == self.inner.setup().size;
                if same_board {
                    setup.position = self.inner.setup().position.clone();
                }
                // The turns taken, and the refused attempt shown, if any:
                // the new rules give their own verdict on it.
                let turns: Vec<Turn> =
                    if same_board && setup.handicap == self.inner.setup().handicap {
                        let taken = self.inner.taken().iter().map(|t| t.turn);
                        taken.chain(self.inner.refused()).collect()
                    } else {
                        Vec::new()
                    };
                self.inner = explorer::Explorer::replay(setup, &turns, "The turns", true);
            }
            Err(e) => self
                .inner
                .set_message(Some(format!("{e}; nothing was changed."))),
        }
        self.view()
    }

    /// The position a permalink's fragment holds (`#` optional); a fragment
    /// that cannot be read opens an empty board saying why.
    #[wasm_bindgen(js_name = openLink)]
    pub fn open_link(fragment: &str) -> Explorer {
        Explorer::checked(link::open(fragment))
    }

    /// As [`open_link`](Self::open_link), but a link of
    /// [`FAST_FIRST_FROM`] turns or more opens with `fast`'s position and
    /// verdict, marked as `fast`'s, while `spec` has not checked it: the
    /// page then calls [`check`](Self::check) until it says `done`.
    #[wasm_bindgen(js_name = openLinkFastFirst)]
    pub fn open_link_fast_first(fragment: &str) -> Explorer {
        let read = match link::read(fragment) {
            Ok(read) => read,
            Err(e) => return Explorer::checked(link::unreadable(&e)),
        };
        let preview = (read.turns.len() >= FAST_FIRST_FROM)
            .then(|| Preview::by_fast(&read.setup, &read.turns).ok())
            .flatten();
        let opening = Opening::start(read);
        match preview {
            Some(preview) => Explorer {
                inner: explorer::Explorer::default(),
                checking: Some(Checking {
                    opening,
                    preview,
                    fragment: fragment.trim().trim_start_matches('#').to_string(),
                }),
            },
            None => Explorer::checked(opening.finish()),
        }
    }

    /// Lets `spec` check up to `turns` more turns of a link opened by
    /// [`open_link_fast_first`](Self::open_link_fast_first): JSON of
    /// `done`, `checked` (turns looked at), `of` (the link's turns) and
    /// the `disagreements` of `fast` with `spec` found so far. Once `done`,
    /// the view is `spec`'s.
    pub fn check(&mut self, turns: usize) -> String {
        let Some(checking) = self.checking.as_mut() else {
            return serde_json::json!({"done": true}).to_string();
        };
        let done = checking.opening.replay.advance(turns);
        let (checked, of) = checking.opening.replay.progress();
        let disagreements = checking.opening.replay.explorer().disagreements().to_vec();
        if done {
            self.settle();
        }
        serde_json::json!({
            "done": done,
            "checked": checked,
            "of": of,
            "disagreements": disagreements,
        })
        .to_string()
    }

    /// The game an SGF text holds, up to its first refused move; an SGF that
    /// cannot be read opens an empty board saying why.
    #[wasm_bindgen(js_name = openSgf)]
    pub fn open_sgf(text: &str) -> Explorer {
        Explorer::checked(sgf::open(text))
    }

    /// A move at column `x`, row `y` (from 0, at the bottom left): the view after.
    pub fn play(&mut self, x: usize, y: usize) -> String {
        self.settle();
        self.inner.attempt(Turn::Move(Point::new(x, y)));
        self.view()
    }

    /// A pass: the view after.
    pub fn pass(&mut self) -> String {
        self.settle();
        self.inner.attempt(Turn::Pass);
        self.view()
    }

    /// Takes back the last turn: the view after.
    pub fn undo(&mut self) -> String {
        self.settle();
        self.inner.undo();
        self.view()
    }

    /// Everything the page shows, as JSON: the board, whose turn, the
    /// turns, the last verdict, the score, a message, any disagreement of
    /// `fast`, and the permalink's fragment.
    pub fn view(&self) -> String {
        if let Some(checking) = &self.checking {
            let (checked, of) = checking.opening.replay.progress();
            let mut view = checking.preview.view(checked, of);
            view["fragment"] = serde_json::Value::String(checking.fragment.clone());
            return view.to_string();
        }
        let mut view = self.inner.view();
        view["fragment"] = serde_json::Value::String(link::fragment(&self.inner));
        view.to_string()
    }

    /// The list of turns from number `from` up to `to` (turn 0 is the
    /// start): JSON items of a number and a text, for the page's list,
    /// which asks only for the part it shows.
    pub fn turns(&self, from: usize, to: usize) -> String {
        match &self.checking {
            Some(checking) => checking.preview.turn_items(from, to).to_string(),
            None => self.inner.turn_items(from, to).to_string(),
        }
    }

    /// The game as SGF.
    pub fn sgf(&mut self) -> String {
        self.settle();
        sgf::write(&self.inner)
    }

    /// The permalink's fragment (without `#`).
    pub fn fragment(&self) -> String {
        match &self.checking {
            Some(checking) => checking.fragment.clone(),
            None => link::fragment(&self.inner),
        }
    }
}

/// The version of the explorer (and of the rules text), as links write it.
#[wasm_bindgen]
pub fn version() -> String {
    link::VERSION.to_string()
}

/// The rules' presets, for the page's list: JSON pairs of a name and what it means.
#[wasm_bindgen]
pub fn presets() -> String {
    serde_json::to_string(&tromp_taylor_vocab::names::PRESETS).unwrap_or_default()
}
