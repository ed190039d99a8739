//! Replaying a game tree: every line walked on one game per engine (the
//! second, if any, compared with the first by the driver's comparisons), each
//! node played once on the way down and taken back once on the way up, so
//! the work (and the reports) grow with the tree, not with its lines times
//! their length.

use super::report::{
    agreement_text, check_result, letter, vertex, GameReport, MoveVerdict, ReplayEngines,
    ResultCheck,
};
use tromp_taylor_harness::diff::{after_agreement, after_turn, Difference};
use tromp_taylor_harness::engine::{Engine, EngineKind, EngineName};
use tromp_taylor_harness::sgf::{GameRecord, GameTree, RecordedMove, RulesSource, TreeNode};
use tromp_taylor_harness::vocab::{Action, IllegalMove, Player, Rules, Setup, Verdict};

type Game = Box<dyn Engine + Send>;

/// Starts a game of `record` with `first` to move first from its setup.
fn start(kind: &EngineKind, record: &GameRecord, first: Player) -> Result<Game, String> {
    match &record.setup {
        Some(colors) => kind.start_position(record.size, record.rules, colors, first),
        None => kind.start(Setup {
            size: record.size,
            rules: record.rules,
            handicap: record.handicap,
        }),
    }
}

/// The engines of one walk: the main one, and the one checked against it.
struct Engines {
    kinds: (EngineKind, Option<EngineKind>),
    main: Game,
    check: Option<Game>,
}

impl Engines {
    fn start(engines: ReplayEngines, record: &GameRecord, first: Player) -> Result<Self, String> {
        let kinds = (engines.main.kind(), engines.check.map(EngineName::kind));
        let setup_error = |e: String| format!("node 0, the setup: {e}");
        let main = start(&kinds.0, record, first).map_err(setup_error)?;
        let check = match &kinds.1 {
            Some(kind) => Some(start(kind, record, first).map_err(setup_error)?),
            None => None,
        };
        Ok(Engines { kinds, main, check })
    }

    /// Takes back `steps` on the main engine and `check_steps` on the other.
    fn undo(&mut self, steps: (usize, usize)) -> Result<(), String> {
        let cannot = |kind: &EngineKind| format!("{} cannot take a turn back", kind.name());
        for _ in 0..steps.0 {
            if !self.main.undo() {
                return Err(cannot(&self.kinds.0));
            }
        }
        if let (Some(check), Some(kind)) = (self.check.as_mut(), &self.kinds.1) {
            for _ in 0..steps.1 {
                if !check.undo() {
                    return Err(cannot(kind));
                }
            }
        }
        Ok(())
    }
}

/// How many steps a verdict took on an engine: a legal turn one, and under
/// seed 003's rules a move refused as suicide, ko or superko one too (the
/// lost turn).
fn steps(verdict: &Verdict, rules: Rules) -> usize {
    match verdict {
        Ok(()) => 1,
        Err(illegal) => {
            usize::from(rules.illegal_move == IllegalMove::LosesTurn && illegal.loses_turn())
        }
    }
}

/// What the main engine (`main`) and the one checked against it (`check`)
/// disagree on, in the driver's words, on one line.
fn said(difference: &Difference, main: &EngineKind, check: &EngineKind) -> String {
    difference
        .describe(main.name(), check.name())
        .replace(":\n  ", ": ")
        .replace("\n  ", "; ")
}

/// What taking one recorded move came to.
struct Taken {
    row: MoveVerdict,
    /// `Err` with the verdict when the main engine refuses the move.
    taken: Result<(), String>,
    /// Where the two engines part, if they do.
    parted: Option<String>,
    /// The steps it took on the main engine and on the other.
    steps: (usize, usize),
}

/// Takes move `number` of a record on the main engine and on the engine
/// checked against it.
fn take(engines: &mut Engines, rules: Rules, number: usize, recorded: &RecordedMove) -> Taken {
    let RecordedMove {
        node,
        player,
        action,
    } = recorded;
    let (node, player) = (*node, *player);
    let mut row = MoveVerdict {
        number,
        node,
        player: letter(player),
        vertex: String::new(),
        verdict: "legal".to_string(),
    };
    let (main, check) = (&mut engines.main, &mut engines.check);
    let kinds = &engines.kinds;
    let turn = match action {
        Action::Turn(turn) => *turn,
        Action::Agree(points) => {
            // Comment 8 (only a record read as attempts holds one).
            row.vertex = agreement_text(points);
            let agreed = main.agree(points);
            let mut parted = None;
            let mut check_steps = 0;
            if let (Some(other), Some(kind)) = (check.as_mut(), &kinds.1) {
                let other_agreed = other.agree(points);
                check_steps = usize::from(other_agreed.is_ok());
                let both = kinds.0.supports().both(&kind.supports());
                let games = (&**main as &dyn Engine, &**other as &dyn Engine);
                parted = after_agreement(games, both, (agreed, other_agreed)).map(|d| {
                    let said = said(&d, &kinds.0, kind);
                    format!("move {number} ({}): {said}", row.vertex)
                });
            }
            return Taken {
                row,
                taken: agreed.map_err(|refusal| format!("refused: {refusal:?}")),
                parted,
                steps: (usize::from(agreed.is_ok()), check_steps),
            };
        }
    };
    row.vertex = vertex(turn);
    if main.to_move() != player {
        let why = format!(
            "out of turn: it is {}'s turn (rule 5: the players alternate)",
            main.to_move()
        );
        return Taken {
            row,
            taken: Err(why),
            parted: None,
            steps: (0, 0),
        };
    }
    let result = main.play(turn);
    let mut parted = None;
    let mut check_steps = 0;
    if let (Some(other), Some(kind)) = (check.as_mut(), &kinds.1) {
        let other_result = other.play(turn);
        check_steps = steps(&other_result, rules);
        let both = kinds.0.supports().both(&kind.supports());
        let games = (&**main as &dyn Engine, &**other as &dyn Engine);
        parted = after_turn(games, both, turn, (result, other_result)).map(|d| {
            let said = said(&d, &kinds.0, kind);
            format!(
                "move {number} ({} {}): {said}",
                letter(player),
                vertex(turn)
            )
        });
    }
    Taken {
        row,
        steps: (steps(&result, rules), check_steps),
        taken: result.map_err(|why| format!("illegal: {why}")),
        parted,
    }
}

/// One node on the path from the root to the node being replayed.
struct Frame {
    depth: usize,
    /// The legal moves on the path before this node's.
    moves_before: usize,
    /// The steps this node took on each engine, to take back.
    steps: (usize, usize),
    /// Its illegal move, where the path stops, if any.
    illegal: Option<MoveVerdict>,
    /// Where the engines part at this node, if they do.
    parted: Option<String>,
    /// The frame (this one or one above) whose node holds the first `RE`
    /// along the path.
    result_at: Option<usize>,
    /// The frame (this one or one above) where the path stops.
    stopped_at: Option<usize>,
    /// The result recorded at this node.
    result: Option<String>,
}

/// Replays one game record: [`replay_tree`] on its one line.
pub fn replay(
    file: &str,
    record: &GameRecord,
    engines: ReplayEngines,
) -> Result<GameReport, String> {
    let mut tree = GameTree::from_record(record);
    tree.start.line.clone_from(&record.line);
    let mut report = None;
    replay_tree(file, &tree, engines, |r| report = Some(r))?;
    report.ok_or_else(|| "the record has no line".to_string())
}

/// Replays every line of a game tree, giving `each` the report of each line
/// in order. Each node is played once: a line's report lists the moves from
/// where it leaves the line before ([`GameReport::shared_moves`]), and a
/// line stops at its first illegal move, or where the engines part. `Err`
/// when the game cannot be started (its setup), or an engine cannot take a
/// move back.
pub fn replay_tree(
    file: &str,
    tree: &GameTree,
    engines: ReplayEngines,
    mut each: impl FnMut(GameReport),
) -> Result<(), String> {
    let record = &tree.start;
    let first_move = tree.nodes.iter().flat_map(|n| &n.moves).next();
    let first = record
        .to_move
        .or(first_move.map(|m| m.player))
        .unwrap_or(Player::Black);
    let mut walk = Walk {
        record,
        engines,
        game: Engines::start(engines, record, first)?,
        first,
        path: Vec::new(),
        rows: Vec::new(),
        reported: 0,
        steps_taken: 0,
    };
    let lines = tree.line_count();
    let mut line = 0;
    for (i, node) in tree.nodes.iter().enumerate() {
        walk.climb_to(node.depth)?;
        walk.descend(node)?;
        if !tree.ends_line(i) {
            continue;
        }
        line += 1;
        each(walk.report(file, tree.line_name(line, lines)));
    }
    Ok(())
}

/// A walk down a game tree, one node at a time.
struct Walk<'a> {
    /// The game's board, rules and setup.
    record: &'a GameRecord,
    /// The engines to start (again, should the first player change).
    engines: ReplayEngines,
    /// The games on the engines.
    game: Engines,
    /// The player who moves first.
    first: Player,
    /// The frames from the root to the node last played.
    path: Vec<Frame>,
    /// The rows of the legal moves along the path.
    rows: Vec<MoveVerdict>,
    /// How many of `rows` were reported with an earlier line.
    reported: usize,
    /// The steps taken on the main engine along the path.
    steps_taken: usize,
}

impl Walk<'_> {
    /// Climbs back up the path, taking its nodes back, to above `depth`.
    fn climb_to(&mut self, depth: usize) -> Result<(), String> {
        while self.path.last().is_some_and(|f| f.depth >= depth) {
            let frame = self.path.pop().expect("checked");
            self.game.undo(frame.steps)?;
            self.steps_taken -= frame.steps.0;
            self.rows.truncate(frame.moves_before);
            self.reported = self.reported.min(frame.moves_before);
        }
        Ok(())
    }

    /// Plays `node`'s moves (unless the path has stopped above it) and
    /// adds its frame to the path.
    fn descend(&mut self, node: &TreeNode) -> Result<(), String> {
        let above = self.path.last();
        let mut frame = Frame {
            depth: node.depth,
            moves_before: self.rows.len(),
            steps: (0, 0),
            illegal: None,
            parted: None,
            result_at: above.and_then(|f| f.result_at),
            stopped_at: above.and_then(|f| f.stopped_at),
            result: node.result.clone(),
        };
        if frame.result_at.is_none() && node.result.is_some() {
            frame.result_at = Some(self.path.len());
        }
        if frame.stopped_at.is_none() {
            self.play_moves(node, &mut frame)?;
        }
        self.path.push(frame);
        Ok(())
    }

    /// Plays `node`'s moves on the engines, noting them in `frame`, up to
    /// the first illegal one or the first where the engines part.
    fn play_moves(&mut self, node: &TreeNode, frame: &mut Frame) -> Result<(), String> {
        let record = self.record;
        for recorded in &node.moves {
            // A setup without PL: each line's first move says who starts.
            if self.steps_taken == 0
                && record.setup.is_some()
                && record.to_move.is_none()
                && recorded.player != self.first
            {
                self.first = recorded.player;
                self.game = Engines::start(self.engines, record, self.first)?;
            }
            let Taken {
                mut row,
                taken,
                parted,
                steps,
            } = take(&mut self.game, record.rules, self.rows.len() + 1, recorded);
            frame.steps.0 += steps.0;
            frame.steps.1 += steps.1;
            self.steps_taken += steps.0;
            if let Err(why) = taken {
                row.verdict = why;
                frame.illegal = Some(row);
                frame.parted = parted;
                frame.stopped_at = Some(self.path.len());
                break;
            }
            self.rows.push(row);
            if parted.is_some() {
                frame.parted = parted;
                frame.stopped_at = Some(self.path.len());
                break;
            }
        }
        Ok(())
    }

    /// The report of the line that ends at the node last played, named
    /// `line` in `file`; its moves count as reported from here on.
    fn report(&mut self, file: &str, line: String) -> GameReport {
        let (record, path, game) = (self.record, &self.path, &self.game);
        let rules = record.rules;
        let shared = self.reported;
        let moves = self.rows[shared..].to_vec();
        self.reported = self.rows.len();
        let stop = path.last().and_then(|f| f.stopped_at).map(|at| &path[at]);
        let recorded = path
            .last()
            .and_then(|f| f.result_at)
            .and_then(|at| path[at].result.clone());
        let outcome = game.main.outcome();
        let over = game.main.is_over();
        GameReport {
            file: file.to_string(),
            line,
            size: record.size.to_string(),
            rules: rules.to_string(),
            rules_from: match &record.rules_source {
                RulesSource::Override => "--rules".to_string(),
                RulesSource::Ru(ru) => format!("RU[{ru}]"),
                RulesSource::Default => "the default (no RU)".to_string(),
            },
            shared_moves: shared,
            moves,
            illegal: stop.and_then(|f| f.illegal.clone()),
            engines_disagree: stop.and_then(|f| f.parted.clone()),
            board: game.main.grid().rows(),
            over,
            black: game.main.score(Player::Black),
            white: game.main.score(Player::White),
            result: outcome.to_string(),
            result_check: match check_result(recorded.as_deref(), outcome) {
                ResultCheck::Agrees | ResultCheck::Disagrees if !over => ResultCheck::Unfinished,
                check => check,
            },
            recorded,
        }
    }
}
