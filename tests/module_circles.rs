//! No module imports go in circles, in any crate of the workspace (an
//! architecture invariant of docs/architecture.md): every `crate::`,
//! `super::` and `self::` path of every source file is read, and the graph
//! of modules is searched for a circle. Split from tests/architecture.rs.

use std::collections::{BTreeMap, BTreeSet};
mod sources;

use sources::{read, root, rust_files};

/// A token of Rust source, as far as imports need it: comments, strings and
/// character literals are dropped, so a `{` or a path inside them is no code.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    PathSep,
    Punct(char),
}

/// The length of the string literal opening `s` (`"…"`, `r"…"`, `r#"…"#`).
fn string_length(s: &[char]) -> usize {
    if s[0] == 'r' {
        let hashes = s[1..].iter().take_while(|&&c| c == '#').count();
        let body = 2 + hashes;
        let close: Vec<char> = std::iter::once('"').chain(vec!['#'; hashes]).collect();
        return (body..s.len())
            .find(|&i| s[i..].starts_with(&close))
            .map_or(s.len(), |i| i + close.len());
    }
    let mut i = 1;
    while i < s.len() && s[i] != '"' {
        i += if s[i] == '\\' { 2 } else { 1 };
    }
    (i + 1).min(s.len())
}

/// The length of the comment, string or character literal opening `s`, or 0
/// (a raw string only where a word starts: `r"` ends no identifier).
fn skipped_length(s: &[char], starts_word: bool) -> usize {
    let at = |i: usize| s.get(i).copied().unwrap_or(' ');
    match (at(0), at(1), at(2)) {
        ('/', '/', _) => s.iter().position(|&c| c == '\n').unwrap_or(s.len()),
        ('/', '*', _) => (2..s.len())
            .find(|&i| s[i - 1] == '*' && s[i] == '/')
            .map_or(s.len(), |i| i + 1),
        ('"', _, _) => string_length(s),
        ('r', '"', _) | ('r', '#', '"' | '#') if starts_word => string_length(s),
        ('\'', '\\', _) => (3..s.len())
            .find(|&i| s[i] == '\'')
            .map_or(s.len(), |i| i + 1),
        ('\'', _, '\'') => 3,
        _ => 0,
    }
}

/// The tokens of `text`.
fn tokens(text: &str) -> Vec<Token> {
    let s: Vec<char> = text.chars().collect();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let starts_word = i == 0 || !is_ident(s[i - 1]);
        let skip = skipped_length(&s[i..], starts_word);
        if skip > 0 {
            i += skip;
        } else if is_ident(s[i]) {
            let end = (i..s.len()).find(|&j| !is_ident(s[j])).unwrap_or(s.len());
            out.push(Token::Ident(s[i..end].iter().collect()));
            i = end;
        } else if s[i] == ':' && s.get(i + 1) == Some(&':') {
            out.push(Token::PathSep);
            i += 2;
        } else {
            if !s[i].is_whitespace() && s[i] != '$' && s[i] != '\'' {
                out.push(Token::Punct(s[i]));
            }
            i += 1;
        }
    }
    out
}

/// The paths of the use tree (or plain path) at `tokens[*i]`, each as its
/// segments: `a::{b::c, d}` -> `[a, b, c]`, `[a, d]`; a glob ends at its module.
fn use_tree(tokens: &[Token], i: &mut usize) -> Vec<Vec<String>> {
    match tokens.get(*i) {
        Some(Token::Ident(name)) => {
            *i += 1;
            if tokens.get(*i) != Some(&Token::PathSep) {
                return vec![vec![name.clone()]];
            }
            *i += 1;
            let mut paths = use_tree(tokens, i);
            for path in &mut paths {
                path.insert(0, name.clone());
            }
            paths
        }
        Some(Token::Punct('{')) => {
            *i += 1;
            let mut paths = Vec::new();
            while !matches!(tokens.get(*i), None | Some(Token::Punct('}'))) {
                let before = *i;
                paths.extend(use_tree(tokens, i));
                if tokens.get(*i) == Some(&Token::Punct(',')) || *i == before {
                    *i += 1;
                }
            }
            *i += 1;
            paths
        }
        Some(Token::Punct('*')) => {
            *i += 1;
            vec![Vec::new()]
        }
        _ => vec![Vec::new()],
    }
}

/// One source file of a crate: its module path (`[]` for the crate root,
/// `["game", "board"]` for `game/board.rs` or `game/board/mod.rs`) and text.
struct SourceFile {
    module: Vec<String>,
    text: String,
}

impl SourceFile {
    fn new(relative: &str, text: String) -> SourceFile {
        let mut module: Vec<String> = relative
            .trim_end_matches(".rs")
            .split('/')
            .map(String::from)
            .collect();
        if matches!(
            module.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            module.pop();
        }
        SourceFile { module, text }
    }
}

/// The modules a file holds (itself and its inline `mod x { … }`), each with
/// the paths its code names, as written (`crate::…`, `super::…`, `self::…`,
/// or starting at one of its child modules).
fn paths_by_module(file: &SourceFile) -> Vec<(Vec<String>, Vec<Vec<String>>)> {
    let tokens = tokens(&file.text);
    let mut found = vec![(file.module.clone(), Vec::new())];
    // The open inline modules: their index in `found` and the brace depth inside them.
    let mut open: Vec<(usize, usize)> = vec![(0, 0)];
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        let here = open.last().map_or(0, |&(at, _)| at);
        let previous = i.checked_sub(1).and_then(|j| tokens.get(j));
        match (&tokens[i], tokens.get(i + 1), tokens.get(i + 2)) {
            (Token::Ident(kw), Some(Token::Ident(name)), Some(Token::Punct('{')))
                if kw == "mod" =>
            {
                let mut module = found[here].0.clone();
                module.push(name.clone());
                found.push((module, Vec::new()));
                depth += 1;
                open.push((found.len() - 1, depth));
                i += 3;
                continue;
            }
            (Token::Punct('{'), _, _) => depth += 1,
            (Token::Punct('}'), _, _) => {
                if open.len() > 1 && open.last().is_some_and(|&(_, d)| d == depth) {
                    open.pop();
                }
                depth = depth.saturating_sub(1);
            }
            (Token::Ident(_), Some(Token::PathSep), _)
                if previous != Some(&Token::PathSep)
                    && previous != Some(&Token::Ident("in".into())) =>
            {
                let mut at = i;
                let paths = use_tree(&tokens, &mut at);
                found[here].1.extend(paths);
                i = at;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// The module `path`, named in module `from`, lies in: the deepest module of
/// `modules` it walks through (`crate::game::Game` -> `game`), or `None` when
/// it leaves the crate (`std::fmt`, `tromp_taylor_spec::Game`).
fn module_of(
    from: &[String],
    path: &[String],
    modules: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let (first, rest) = path.split_first()?;
    let mut at = match first.as_str() {
        "crate" => Vec::new(),
        "self" => from.to_vec(),
        "super" => from[..from.len().saturating_sub(1)].to_vec(),
        child => {
            let mut module = from.to_vec();
            module.push(child.to_string());
            if !modules.contains(&module) {
                return None;
            }
            module
        }
    };
    for segment in rest {
        match segment.as_str() {
            "super" => {
                at.pop();
            }
            "self" => {}
            name => {
                at.push(name.to_string());
                if !modules.contains(&at) {
                    at.pop();
                    break;
                }
            }
        }
    }
    Some(at)
}

/// A module's name for a report: `crate`, `crate::game::board`.
fn module_name(module: &[String]) -> String {
    std::iter::once("crate")
        .chain(module.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("::")
}

/// Every module of a crate, at any depth (files and inline `mod x { … }`),
/// with the other modules of the crate its code names.
fn module_imports_of(files: &[SourceFile]) -> BTreeMap<String, BTreeSet<String>> {
    let found: Vec<_> = files.iter().flat_map(paths_by_module).collect();
    let modules: BTreeSet<Vec<String>> = found.iter().map(|(m, _)| m.clone()).collect();
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, paths) in &found {
        let named = imports.entry(module_name(module)).or_default();
        for path in paths {
            if let Some(other) = module_of(module, path, &modules) {
                if &other != module {
                    named.insert(module_name(&other));
                }
            }
        }
    }
    imports
}

/// [`module_imports_of`] the crate whose sources are below `src`.
fn module_imports(src: &str) -> BTreeMap<String, BTreeSet<String>> {
    let src_dir = root().join(src);
    let files: Vec<SourceFile> = rust_files(src)
        .into_iter()
        .map(|file| {
            let relative = file.strip_prefix(&src_dir).expect("below src");
            let relative = relative.to_string_lossy().replace('\\', "/");
            SourceFile::new(&relative, read(&file))
        })
        .collect();
    module_imports_of(&files)
}

/// A circle of imports, if there is one, as the modules along it.
fn find_cycle(imports: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        module: &str,
        imports: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| m == module) {
            let mut cycle = path[at..].to_vec();
            cycle.push(module.to_string());
            return Some(cycle);
        }
        if done.contains(module) {
            return None;
        }
        path.push(module.to_string());
        for next in imports.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(next, imports, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(module.to_string());
        None
    }
    let mut done = BTreeSet::new();
    imports
        .keys()
        .find_map(|module| visit(module, imports, &mut Vec::new(), &mut done))
}

/// Panics with the circle when the modules of the crate below `src` import
/// each other in one.
fn assert_no_circle(src: &str) {
    let imports = module_imports(src);
    assert!(imports.len() > 3, "{src}: modules not found");
    if let Some(cycle) = find_cycle(&imports) {
        panic!(
            "{src}: the modules import each other in a circle: {}",
            cycle.join(" -> ")
        );
    }
}

#[test]
fn no_module_imports_go_in_circles() {
    for src in [
        "spec/src",
        "fast/src",
        "vocab/src",
        "harness/src",
        "counts/src",
        "records/src",
        "testkit/src",
        "gtp/src",
        "conformance/src",
        "python/src",
        "src",
        "engines/rust/src",
        "explorer/src",
    ] {
        assert_no_circle(src);
    }
}

/// The modules each module of the planted crate `files` imports, by name.
fn planted(files: &[(&str, &str)]) -> BTreeMap<String, BTreeSet<String>> {
    let files: Vec<SourceFile> = files
        .iter()
        .map(|(path, text)| SourceFile::new(path, text.to_string()))
        .collect();
    module_imports_of(&files)
}

#[test]
fn the_use_tree_reader_finds_every_path_and_skips_comments_and_strings() {
    let code = "use crate::{diff::compare, engine::{self, spec::*}}; // crate::x::y\n\
                let s = \"crate::z\"; let c = '{'; let r = r#\"crate::w\"#; self::q::f()";
    let toks = tokens(code);
    let mut i = 1;
    let paths = use_tree(&toks, &mut i);
    let words = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        paths,
        [
            words(&["crate", "diff", "compare"]),
            words(&["crate", "engine", "self"]),
            words(&["crate", "engine", "spec"]),
        ]
    );
    let named: Vec<&Token> = toks
        .iter()
        .filter(|t| **t == Token::Ident("crate".into()))
        .collect();
    assert_eq!(named.len(), 1, "comments and strings are no code: {toks:?}");
    let braces = toks.iter().filter(|t| **t == Token::Punct('{')).count();
    assert_eq!(
        braces, 2,
        "a brace in a character literal is no code: {toks:?}"
    );
}

#[test]
fn the_cycle_finder_finds_a_planted_circle() {
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")] {
        imports.entry(from.into()).or_default().insert(to.into());
    }
    assert_eq!(
        find_cycle(&imports),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    imports.get_mut("c").unwrap().clear();
    assert_eq!(find_cycle(&imports), None);
}

/// The circle of issue 24 in small: `play` and `undo` are nested in `game`,
/// and each takes a type from the other.
const NESTED_CIRCLE: [(&str, &str); 5] = [
    ("lib.rs", "mod game;\npub use game::Game;"),
    ("game/mod.rs", "mod play;\nmod undo;\npub struct Game;"),
    (
        "game/play.rs",
        "use crate::game::undo::Record;\npub struct TurnRecord;",
    ),
    (
        "game/undo.rs",
        "use super::{play::TurnRecord, Game};\npub enum Record {}",
    ),
    (
        "game/hashing.rs",
        "//! use crate::game::play::TurnRecord;\nuse super::super::game::Game;",
    ),
];

#[test]
fn the_cycle_finder_finds_a_planted_circle_between_nested_modules() {
    let imports = planted(&NESTED_CIRCLE);
    assert_eq!(
        imports["crate"],
        BTreeSet::from(["crate::game".to_string()])
    );
    assert_eq!(
        imports["crate::game::hashing"],
        BTreeSet::from(["crate::game".to_string()]),
        "a doc comment is no import"
    );
    assert_eq!(
        find_cycle(&imports),
        Some(
            [
                "crate::game::play",
                "crate::game::undo",
                "crate::game::play"
            ]
            .map(String::from)
            .to_vec()
        )
    );
    // The fix of issue 24: the records in a module that imports neither.
    let mut fixed = NESTED_CIRCLE.to_vec();
    fixed[1].1 = "mod play;\nmod record;\nmod undo;\npub struct Game;";
    fixed[2].1 = "use crate::game::record::Record;";
    fixed[3].1 = "use super::{record::{Record, TurnRecord}, Game};";
    fixed.push((
        "game/record.rs",
        "pub struct TurnRecord;\npub enum Record {}",
    ));
    assert_eq!(find_cycle(&planted(&fixed)), None);
}

#[test]
fn the_cycle_finder_finds_a_planted_circle_through_a_parent_and_inline_modules() {
    // A parent that takes a type from a child that takes one back.
    let parent = [
        ("lib.rs", "mod game;"),
        (
            "game/mod.rs",
            "mod board;\nuse self::board::Chain;\npub struct Game;",
        ),
        ("game/board.rs", "use crate::game::Game;\npub struct Chain;"),
    ];
    let cycle = find_cycle(&planted(&parent)).expect("a circle");
    assert_eq!(cycle, ["crate::game", "crate::game::board", "crate::game"]);
    // Two inline modules, two levels down, naming each other.
    let inline = [
        ("lib.rs", "mod a;\nmod b;\nmod c;"),
        ("a.rs", "pub mod x {\n    pub mod y {\n        pub fn f() { super::super::z::g() }\n    }\n}\npub mod z {\n    pub fn g() { let s = \"}\"; crate::a::x::y::f() }\n}"),
        ("b.rs", ""),
        ("c.rs", ""),
    ];
    let imports = planted(&inline);
    assert_eq!(
        imports["crate::a::x::y"],
        BTreeSet::from(["crate::a::z".to_string()])
    );
    let cycle = find_cycle(&imports).expect("a circle");
    assert_eq!(cycle, ["crate::a::x::y", "crate::a::z", "crate::a::x::y"]);
}
