//! The page's one object, through `wasm-bindgen`: [`Explorer`] answers
//! every call with the JSON view the page draws (the permalink's fragment
//! included), and [`presets`] lists the rules' presets.

use crate::engines::{read_handicap, Setup};
use crate::{explorer, link, sgf};

use tromp_taylor_spec::{Point, Turn};
use tromp_taylor_vocab::names::read_komi;
use tromp_taylor_vocab::vocab::{Rules, Size};
use wasm_bindgen::prelude::wasm_bindgen;

/// A position in both engines, as the page holds it.
#[wasm_bindgen]
pub struct Explorer {
    inner: explorer::Explorer,
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
        Explorer { inner }
    }

    /// The same turns replayed under other rules or komi (up to the first
    /// the new rules refuse), the refused attempt shown, if any, included;
    /// a new size or handicap starts an empty game;
    /// a setting that cannot be read changes nothing and says why.
    pub fn reconfigure(&mut self, size: &str, rules: &str, komi: &str, handicap: &str) -> String {
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
        Explorer {
            inner: link::open(fragment),
        }
    }

    /// The game an SGF text holds, up to its first refused move; an SGF that
    /// cannot be read opens an empty board saying why.
    #[wasm_bindgen(js_name = openSgf)]
    pub fn open_sgf(text: &str) -> Explorer {
        Explorer {
            inner: sgf::open(text),
        }
    }

    /// A move at column `x`, row `y` (from 0, at the bottom left): the view after.
    pub fn play(&mut self, x: usize, y: usize) -> String {
        self.inner.attempt(Turn::Move(Point::new(x, y)));
        self.view()
    }

    /// A pass: the view after.
    pub fn pass(&mut self) -> String {
        self.inner.attempt(Turn::Pass);
        self.view()
    }

    /// Takes back the last turn: the view after.
    pub fn undo(&mut self) -> String {
        self.inner.undo();
        self.view()
    }

    /// Everything the page shows, as JSON: the board, whose turn, the
    /// turns, the last verdict, the score, a message, any disagreement of
    /// `fast`, and the permalink's fragment.
    pub fn view(&self) -> String {
        let mut view = self.inner.view();
        view["fragment"] = serde_json::Value::String(link::fragment(&self.inner));
        view.to_string()
    }

    /// The list of turns from number `from` up to `to` (turn 0 is the
    /// start): JSON items of a number and a text, for the page's list,
    /// which asks only for the part it shows.
    pub fn turns(&self, from: usize, to: usize) -> String {
        self.inner.turn_items(from, to).to_string()
    }

    /// The game as SGF.
    pub fn sgf(&self) -> String {
        sgf::write(&self.inner)
    }

    /// The permalink's fragment (without `#`).
    pub fn fragment(&self) -> String {
        link::fragment(&self.inner)
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
