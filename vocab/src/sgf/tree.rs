//! SGF's collection of game trees read from bytes without recursion: the
//! nodes of every tree in one flat arena (so no tree is ever walked, or
//! dropped, recursively, however deep its lines), their properties read by
//! `sgf-parse`'s `go::Prop`, and their text decoded by the file's charset.
//!
//! `sgf-parse` builds its trees without recursion but drops them (and, on
//! an error, the half-built ones) recursively: a line of some 150,000 nodes
//! overflows the stack. The grammar (FF\[4\]: `Collection = GameTree+`,
//! `GameTree = "(" Sequence GameTree* ")"`, `Sequence = Node+`,
//! `Node = ";" Property*`) is small, so the structure is read here, with the
//! same lexical rules as `sgf-parse` (an escape keeps the character after
//! `\`; FF\[3\]'s mixed-case names keep their capitals), and every
//! property's values are still interpreted by `sgf-parse`.

use super::error::SgfError;
use sgf_parse::go::Prop;
use sgf_parse::SgfProp;

/// A node: its properties and its place in the arena (`NONE` for no node).
#[derive(Debug)]
pub(crate) struct Node {
    /// The properties, in the order written.
    pub props: Vec<Prop>,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
}

/// No node.
const NONE: u32 = u32::MAX;

/// Every node of a file's game trees, and the root of each tree.
#[derive(Debug, Default)]
pub(crate) struct Collection {
    nodes: Vec<Node>,
    /// The root of each game tree, in file order.
    pub roots: Vec<u32>,
}

impl Collection {
    /// The node `id`.
    pub fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize]
    }

    /// The children of `id`, the main line's first.
    pub fn children(&self, id: u32) -> impl Iterator<Item = u32> + '_ {
        let first = self.node(id).first_child;
        std::iter::successors((first != NONE).then_some(first), |&c| {
            let next = self.node(c).next_sibling;
            (next != NONE).then_some(next)
        })
    }

    /// The first child of `id`, if any.
    pub fn first_child(&self, id: u32) -> Option<u32> {
        let first = self.node(id).first_child;
        (first != NONE).then_some(first)
    }

    fn push(&mut self, parent: Option<u32>, props: Vec<Prop>) -> Result<u32, &'static str> {
        let id = u32::try_from(self.nodes.len())
            .ok()
            .filter(|&id| id != NONE)
            .ok_or("more nodes than this reader can hold (2^32)")?;
        self.nodes.push(Node {
            props,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
        });
        match parent {
            None => self.roots.push(id),
            Some(p) => {
                let last = self.nodes[p as usize].last_child;
                if last == NONE {
                    self.nodes[p as usize].first_child = id;
                } else {
                    self.nodes[last as usize].next_sibling = id;
                }
                self.nodes[p as usize].last_child = id;
            }
        }
        Ok(id)
    }
}

/// How a file's text is encoded: `CA`, or UTF-8 when the file is valid
/// UTF-8 throughout, or else ISO-8859-1 (FF\[4\]'s default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Charset {
    /// UTF-8 (bytes that are not UTF-8 read as U+FFFD).
    Utf8,
    /// ISO-8859-1: each byte is the character of that number.
    Latin1,
}

impl Charset {
    /// The charset of `bytes`: the first `CA[...]` if it names Latin-1 or
    /// UTF-8, otherwise UTF-8 if the bytes are UTF-8, otherwise Latin-1.
    pub fn of(bytes: &[u8]) -> Charset {
        let ca = bytes
            .windows(3)
            .position(|w| w == b"CA[")
            .map(|at| &bytes[at + 3..])
            .map(|rest| &rest[..rest.iter().position(|&b| b == b']').unwrap_or(rest.len())]);
        if let Some(name) = ca {
            let name = String::from_utf8_lossy(name).trim().to_ascii_lowercase();
            let name = name.replace(['-', '_', ' '], "");
            if matches!(
                name.as_str(),
                "iso88591" | "latin1" | "l1" | "iso885915" | "windows1252" | "cp1252"
            ) {
                return Charset::Latin1;
            }
            if name == "utf8" {
                return Charset::Utf8;
            }
        }
        if std::str::from_utf8(bytes).is_ok() {
            Charset::Utf8
        } else {
            Charset::Latin1
        }
    }

    fn decode(self, bytes: &[u8]) -> String {
        match self {
            Charset::Utf8 => String::from_utf8_lossy(bytes).into_owned(),
            Charset::Latin1 => bytes.iter().map(|&b| char::from(b)).collect(),
        }
    }
}

/// Reads the game trees of `bytes`, all into one arena.
pub(crate) fn parse(bytes: &[u8]) -> Result<Collection, SgfError> {
    let mut lexer = Lexer::new(bytes);
    let mut trees = Collection::default();
    while lexer.game_tree(&mut trees)?.is_some() {}
    if trees.roots.is_empty() {
        return Err(SgfError::NoGame);
    }
    Ok(trees)
}

/// The game trees of `bytes` read one at a time, each into an arena of its
/// own: a large collection is never held whole. After a syntax error it
/// yields nothing more.
pub(crate) struct GameTrees<'a> {
    lexer: Lexer<'a>,
    read: usize,
    failed: bool,
}

impl<'a> GameTrees<'a> {
    pub fn new(bytes: &'a [u8]) -> GameTrees<'a> {
        GameTrees {
            lexer: Lexer::new(bytes),
            read: 0,
            failed: false,
        }
    }

    /// How many bytes have been read so far.
    pub fn position(&self) -> usize {
        self.lexer.at.min(self.lexer.bytes.len())
    }

    /// Whether anything but white space is left after the trees read so far.
    pub fn more_follows(&mut self) -> bool {
        self.lexer.skip_space();
        self.lexer.at < self.lexer.bytes.len()
    }
}

impl Iterator for GameTrees<'_> {
    type Item = Result<Collection, SgfError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let mut tree = Collection::default();
        match self.lexer.game_tree(&mut tree) {
            Ok(Some(_)) => {
                self.read += 1;
                Some(Ok(tree))
            }
            Ok(None) if self.read == 0 => {
                self.failed = true;
                Some(Err(SgfError::NoGame))
            }
            Ok(None) => None,
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

/// One open game tree: the node its first node hangs from, and its last
/// node so far.
struct Open {
    parent: Option<u32>,
    last: Option<u32>,
    /// Whether a variation of it has been read (no node may follow one).
    variations: bool,
}

struct Lexer<'a> {
    bytes: &'a [u8],
    at: usize,
    charset: Charset,
}

impl<'a> Lexer<'a> {
    fn new(bytes: &'a [u8]) -> Lexer<'a> {
        let at = if bytes.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        Lexer {
            bytes,
            at,
            charset: Charset::of(bytes),
        }
    }
}

impl Lexer<'_> {
    fn error(&self, what: impl Into<String>) -> SgfError {
        let before = &self.bytes[..self.at.min(self.bytes.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = before.len()
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
        SgfError::Syntax {
            line,
            column: column + 1,
            what: what.into(),
        }
    }

    fn skip_space(&mut self) {
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// Reads the next game tree of the collection into `trees`: its root,
    /// or `None` at the end of the input.
    fn game_tree(&mut self, trees: &mut Collection) -> Result<Option<u32>, SgfError> {
        let mut open: Vec<Open> = Vec::new();
        let mut root = None;
        loop {
            self.skip_space();
            let Some(&byte) = self.bytes.get(self.at) else {
                break;
            };
            match byte {
                b'(' => {
                    let parent = match open.last() {
                        None => None,
                        Some(Open { last: None, .. }) => {
                            return Err(self.error("a variation before the first node"))
                        }
                        Some(Open { last, .. }) => *last,
                    };
                    if let Some(tree) = open.last_mut() {
                        tree.variations = true;
                    }
                    open.push(Open {
                        parent,
                        last: None,
                        variations: false,
                    });
                    self.at += 1;
                }
                b')' => {
                    match open.pop() {
                        None => return Err(self.error("')' closes no game tree")),
                        Some(Open { last: None, .. }) => {
                            return Err(self.error("a game tree without a node"))
                        }
                        Some(_) => {}
                    }
                    self.at += 1;
                    if open.is_empty() {
                        return Ok(root);
                    }
                }
                b';' => {
                    let Some(tree) = open.last_mut() else {
                        return Err(self.error("a node outside any game tree"));
                    };
                    if tree.variations {
                        return Err(self.error("a node after the variations of its game tree"));
                    }
                    self.at += 1;
                    let props = self.properties()?;
                    let parent = tree.last.or(tree.parent);
                    let id = trees.push(parent, props).map_err(|e| self.error(e))?;
                    root = root.or(Some(id));
                    tree.last = Some(id);
                }
                b'A'..=b'Z' | b'a'..=b'z' if open.is_empty() => {
                    return Err(self.error("a property outside any game tree"))
                }
                b'A'..=b'Z' | b'a'..=b'z' => {
                    return Err(self.error("a property before the first ';' of its game tree"))
                }
                other => {
                    return Err(
                        self.error(format!("unexpected {:?}", self.charset.decode(&[other])))
                    )
                }
            }
        }
        if !open.is_empty() {
            return Err(self.error(format!(
                "the file ends inside {} unclosed game tree{}",
                open.len(),
                if open.len() == 1 { "" } else { "s" }
            )));
        }
        Ok(None)
    }

    /// The properties of a node, after its `;`.
    fn properties(&mut self) -> Result<Vec<Prop>, SgfError> {
        let mut props = Vec::new();
        loop {
            self.skip_space();
            let start = self.at;
            while self.bytes.get(self.at).is_some_and(u8::is_ascii_alphabetic) {
                self.at += 1;
            }
            if self.at == start {
                return Ok(props);
            }
            // FF[3]'s mixed-case names (`CoPyright`) keep their capitals.
            let name: String = self.bytes[start..self.at]
                .iter()
                .filter(|b| b.is_ascii_uppercase())
                .map(|&b| char::from(b))
                .collect();
            if name.is_empty() {
                self.at = start;
                return Err(self.error("a property name without a capital letter"));
            }
            let mut values = Vec::new();
            loop {
                self.skip_space();
                if self.bytes.get(self.at) != Some(&b'[') {
                    break;
                }
                self.at += 1;
                values.push(self.value()?);
            }
            if values.is_empty() {
                return Err(self.error(format!("the property {name} has no value")));
            }
            props.push(Prop::new(name, values));
        }
    }

    /// A value after its `[`, up to its unescaped `]`, without the escapes.
    fn value(&mut self) -> Result<String, SgfError> {
        let start = self.at;
        let mut raw = Vec::new();
        loop {
            match self.bytes.get(self.at) {
                None => {
                    self.at = start;
                    return Err(self.error("a value from here is never closed by ']'"));
                }
                Some(b']') => break,
                Some(b'\\') => {
                    self.at += 1;
                    if let Some(&b) = self.bytes.get(self.at) {
                        raw.push(b);
                    }
                }
                Some(&b) => raw.push(b),
            }
            self.at += 1;
        }
        self.at += 1;
        Ok(self.charset.decode(&raw))
    }
}
