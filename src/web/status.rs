//! What the page shows around the canvas, and its JSON: whose turn, the move list (the tree
//! with labels, annotations and comments), "Tak", the result and its score, messages.

use super::annotate::comment_texts;
use super::drag::Gesture;
use super::i18n::{self, Lang};
use super::json::json_object;
use super::state::Board;
use crate::config::Config;
use crate::game::NodeId;
use crate::score::{score_detail, Bonus, Variants};
use crate::series::Series;
use crate::settings::{GameSettings, SettingsValue};
use crate::square::bitboard::Bits;
use crate::{ptn, Color, EndReason, Game, Outcome, Position, Square};

impl Board {
    /// A summary for the controls around the board.
    pub fn status(&self) -> Status {
        let pos = self.position();
        let lang = self.lang;
        let result = self
            .record
            .game
            .outcome()
            .map(|o| summarize(pos, o, lang, self.record.variants));
        // Looking back at a finished game: how it ended, so the page can still say so (the
        // plies after the one shown replayed from it: a long game's status stays cheap).
        let final_result = if !self.record.game.can_forward() {
            result.clone()
        } else {
            let mut replay = pos.clone();
            for &id in &self.record.game.line_nodes()[self.record.game.len()..] {
                replay.play_unchecked(self.record.game.get(id).mv);
            }
            replay
                .outcome()
                .map(|o| summarize(&replay, o, lang, self.record.variants))
        };
        let tak_by = (self.threats != 0).then(|| (!pos.to_move()).name().to_string());
        let in_hand = match &self.gesture {
            Gesture::Carry(c) => Some(c.in_hand()),
            _ => None,
        };
        let (tree, tree_before, tree_after) = tree_items(&self.record.game);
        let (line, line_from) = line_plies(&self.record.game);
        Status {
            to_move: pos.to_move().name().to_string(),
            placing: pos.placing_color().name().to_string(),
            opening: pos.is_opening() && result.is_none(),
            ply: self.record.game.len(),
            first_move_number: self.record.game.start().move_number() as usize,
            first_player: self.record.game.start().to_move().name().to_string(),
            tree,
            tree_before,
            tree_after,
            node: self.record.game.current().map(|id| id.get()),
            here: self
                .record
                .game
                .len()
                .checked_sub(1 + line_from)
                .and_then(|i| line.get(i).cloned()),
            line,
            line_from,
            mistakes: line_mistakes(&self.record.game),
            start_comments: comment_texts(&self.record.game.start_comments),
            raw_start_comments: self.record.game.start_comments.clone(),
            // Reviews and matches are the study build's: the first visit's build skips them.
            // None at all (no review): an empty list, not one `null` per ply.
            chances: if cfg!(feature = "study") {
                Some(self.line_chances())
                    .filter(|c| c.iter().any(Option::is_some))
                    .unwrap_or_default()
            } else {
                Vec::new()
            },
            can_undo: self.can_undo(),
            can_redo: self.can_redo(),
            tak: tak_by.is_some(),
            tak_by,
            tak_squares: Bits(self.threats)
                .map(|i| Square::from_index(i).to_string())
                .collect(),
            result,
            final_result,
            message: self.message.as_ref().map(|m| self.text(m)),
            message_serial: self.message_serial,
            pending: self.pending().map(|m| m.to_string()),
            in_hand,
            cursor: self.cursor.map(|c| c.to_string()),
            settings: self.record.settings_value(),
            take_backs_forbidden: self.record.take_backs_forbidden(),
            series: if cfg!(feature = "study") {
                self.record.series.as_ref().map(|m| self.match_status(m))
            } else {
                None
            },
            selected: self.selected.name().to_string(),
            flats: [pos.flat_count(Color::White), pos.flat_count(Color::Black)],
            players: [
                self.player_name(Color::White),
                self.player_name(Color::Black),
            ],
            reserves: [
                [pos.stones_left(Color::White), pos.caps_left(Color::White)],
                [pos.stones_left(Color::Black), pos.caps_left(Color::Black)],
            ],
            clock: self.clock_status(),
        }
    }

    /// The match for the page: its players, the score table, the totals.
    pub(super) fn match_status(&self, m: &Series) -> MatchStatus {
        let lang = self.lang;
        let row = |number: usize, white: usize, game: &Game| -> MatchRow {
            let (end, outcome) = game.main_line_end();
            let summary = outcome.map(|o| summarize(&end, o, lang, m.settings.scoring));
            MatchRow {
                number,
                white,
                result: summary.as_ref().map_or(String::new(), |s| s.ptn.clone()),
                reason: summary
                    .as_ref()
                    .map_or(String::new(), |s| s.reason_text.clone()),
                winner: outcome.and_then(|o| o.winner).map(|c| match c {
                    Color::White => white,
                    Color::Black => 1 - white,
                }),
                points: summary.as_ref().map_or(0, |s| s.score),
                score_text: summary.map_or(String::new(), |s| s.score_text),
            }
        };
        let games: Vec<MatchRow> = m
            .games
            .iter()
            .enumerate()
            .map(|(i, p)| row(i + 1, p.white, &p.game))
            .collect();
        // The game on the board counts as soon as it is over, not only once "Next game"
        // records it: the totals, the leader and the end of the match show at once. The
        // last game of a match is never recorded apart (its export and save come from the
        // board), so there is no "Next game" after it.
        let current =
            (!m.is_over()).then(|| row(m.games.len() + 1, m.white_player(), &self.record.game));
        let current_finished = current.as_ref().is_some_and(|c| !c.result.is_empty());
        let standing = m.standing(current_finished.then_some(&self.record.game));
        let over = standing.over;
        let can_next = current_finished && !over;
        MatchStatus {
            players: m.players.clone(),
            length: match m.length {
                crate::series::Length::Games(n) => {
                    let key = if n == 1 {
                        "match.games_one"
                    } else {
                        "match.games"
                    };
                    i18n::text(lang, key, &[("n", n.to_string())])
                }
                crate::series::Length::FirstTo(p) => {
                    i18n::text(lang, "match.first_to", &[("points", p.to_string())])
                }
            },
            games,
            current,
            totals: standing.totals,
            over,
            leader: standing.leader,
            can_next,
            viewing: self.viewing(),
        }
    }
}

impl Board {
    /// Every ply of the current line in PTN, from the first to the line's end. Apart from
    /// the status, which lists only the plies near the one shown: a 100,000-ply game's line
    /// is a large list to write and hand to the page, and only a few callers want it.
    pub fn line_ptn(&self) -> Vec<String> {
        ptn::write_line(self.record.game.start(), &self.record.game.line_moves())
    }
}

/// The result of a game that ended in `pos` with `outcome`, in `lang`.
pub(super) fn summarize(
    pos: &Position,
    o: Outcome,
    lang: Lang,
    variants: Variants,
) -> ResultSummary {
    let player = |c: Color| i18n::text(lang, super::drag::color_key(c), &[]);
    let (white, black) = (pos.flat_count(Color::White), pos.flat_count(Color::Black));
    let komi = pos.config().komi;
    let reason = match o.reason {
        EndReason::Road => i18n::text(lang, "reason.road", &[]),
        EndReason::Flats => {
            let k = if komi.half_flats() != 0 {
                format!(
                    " {}",
                    i18n::text(lang, "reason.komi", &[("komi", komi.to_string())])
                )
            } else {
                String::new()
            };
            i18n::text(
                lang,
                "reason.flats",
                &[
                    ("white", white.to_string()),
                    ("black", black.to_string()),
                    ("komi", k),
                ],
            )
        }
        EndReason::Resignation => i18n::text(lang, "reason.resignation", &[]),
        EndReason::Time => i18n::text(lang, "clock.on_time", &[]),
        EndReason::Agreement => i18n::text(lang, "reason.agreement", &[]),
    };
    let detail = score_detail(pos, o, variants);
    let text = match o.winner {
        // "White wins on time": the words around the reason differ.
        Some(c) if o.reason == EndReason::Time => {
            i18n::text(lang, "clock.win", &[("player", player(c))])
        }
        Some(c) => i18n::text(
            lang,
            "result.win",
            &[("player", player(c)), ("reason", reason.clone())],
        ),
        None => i18n::text(lang, "result.draw", &[("reason", reason.clone())]),
    };
    ResultSummary {
        ptn: o.ptn_result().to_string(),
        winner: o.winner.map(|c| c.name().to_string()),
        reason: match o.reason {
            EndReason::Road => "road",
            EndReason::Flats => "flats",
            EndReason::Resignation => "resignation",
            EndReason::Time => "time",
            EndReason::Agreement => "agreement",
        }
        .to_string(),
        reason_text: reason,
        text,
        score: detail.total,
        score_text: score_text(&detail, lang),
    }
}

/// One ply of the move list: where it is in the tree, how it is written, and the lines that
/// replace it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyItem {
    /// The ply's handle in the tree (what `gotoPath`, `promote`, `deleteLine`,
    /// `setComment` and `setAnnotation` take besides a path).
    pub id: u32,
    /// Plies from the start to here, this one included.
    pub ply: usize,
    /// The ply in PTN (with `*` for a flattening), without its annotation.
    pub ptn: String,
    /// Its move number as the move list writes it: `3.` for white's ply, `3...` for black's.
    pub label: String,
    /// The whole annotation (`''?!`), and its parts: the Tak mark (`'`, `''` or nothing) and
    /// the judgement (`!`, `?`, `!!`, `??`, `!?`, `?!` or nothing).
    pub annotation: String,
    pub tak: String,
    pub judgement: String,
    /// The comments as text to read (marks taken out).
    pub comments: Vec<String>,
    /// The comments as written (with their marks), for editing.
    pub raw_comments: Vec<String>,
    /// The move number, and whether it is white's ply.
    pub number: u32,
    pub white: bool,
    /// The position shown is this ply.
    pub current: bool,
    /// This ply is on the current line (before or after the position shown).
    pub on_line: bool,
    /// Other plies here instead of this one, each with its continuation.
    pub variations: Vec<Vec<PlyItem>>,
}

/// How many plies the move list and the line show on each side of the ply shown: a game of
/// 50,000 plies costs the page no more than one of 400.
pub const LIST_WINDOW: usize = 100;

/// The first and last ply (0-based, end excluded) of a line of `len` plies that a window
/// around ply `here` shows.
fn window(len: usize, here: usize) -> (usize, usize) {
    let to = (here.saturating_sub(LIST_WINDOW) + 2 * LIST_WINDOW).min(len);
    (to.saturating_sub(2 * LIST_WINDOW), to)
}

/// The main line of `game` as move-list items, variations nested where they branch off:
/// the plies within [`LIST_WINDOW`] of the ply shown. Also how many main-line plies are left
/// out before and after them.
pub fn tree_items(game: &Game) -> (Vec<PlyItem>, usize, usize) {
    let main = game.main_line_nodes();
    let (from, to) = window(main.len(), game.len());
    // Where the current line runs along the main line up to the window (a node is one
    // place in the tree), its position there is found from the one shown: a long game's
    // list costs the plies around the window, not the whole game.
    let shared = from == 0 || game.line_nodes().get(from - 1) == Some(&main[from - 1]);
    let pos = if shared {
        game.position_at(from)
    } else {
        let mut pos = game.start().clone();
        for &id in &main[..from] {
            pos.play_unchecked(game.get(id).mv);
        }
        pos
    };
    let parent = from.checked_sub(1).map(|i| main[i]);
    let items = line_items(game, pos, parent, 0, to - from);
    (items, from, main.len() - to)
}

/// At most `limit` plies of the line that starts with child `index` of `parent`, from `pos`.
/// Its first ply lists no variations (its siblings are listed where the line itself is).
/// Recursive only into variations, which nest at most `game::MAX_NESTING` deep.
fn line_items(
    game: &Game,
    mut pos: Position,
    mut parent: Option<NodeId>,
    mut index: usize,
    limit: usize,
) -> Vec<PlyItem> {
    let mut items = Vec::new();
    while items.len() < limit {
        let siblings = game.child_ids(parent);
        let Some(&id) = siblings.get(index) else {
            break;
        };
        let variations = if index == 0 {
            (1..siblings.len())
                .map(|j| line_items(game, pos.clone(), parent, j, 2 * LIST_WINDOW))
                .collect()
        } else {
            Vec::new()
        };
        items.push(ply_item(game, &pos, id, variations));
        pos.play_unchecked(game.get(id).mv);
        parent = Some(id);
        index = 0;
    }
    items
}

/// The ply `id`, played from `pos`, as the move list shows it.
fn ply_item(game: &Game, pos: &Position, id: NodeId, variations: Vec<Vec<PlyItem>>) -> PlyItem {
    let node = game.get(id);
    let (number, white) = (pos.move_number(), pos.to_move() == Color::White);
    let ply = node.depth();
    PlyItem {
        id: id.get(),
        ply,
        ptn: ptn::write_move(pos, node.mv),
        label: format!("{number}{}", if white { "." } else { "..." }),
        annotation: node.annotation.to_string(),
        tak: "'".repeat(node.annotation.tak.min(2) as usize),
        judgement: node.annotation.judgement.symbol().to_string(),
        comments: comment_texts(&node.comments),
        raw_comments: node.comments.clone(),
        number,
        white,
        current: game.current() == Some(id),
        on_line: game.line_nodes().get(ply - 1) == Some(&id),
        variations,
    }
}

/// The plies of the current line within [`LIST_WINDOW`] of the ply shown, without their
/// variations, and how many plies of the line come before them.
pub fn line_plies(game: &Game) -> (Vec<PlyItem>, usize) {
    let line = game.line_nodes();
    let (from, to) = window(line.len(), game.len());
    let mut pos = game.position_at(from);
    let mut items = Vec::with_capacity(to - from);
    for &id in &line[from..to] {
        items.push(ply_item(game, &pos, id, Vec::new()));
        pos.play_unchecked(game.get(id).mv);
    }
    (items, from)
}

/// The plies of the current line that a reader or a review judged a mistake (`?`) or a
/// blunder (`??`): what the graph and the review summary point at.
pub fn line_mistakes(game: &Game) -> Vec<LineMark> {
    game.line_nodes()
        .iter()
        .filter_map(|&id| {
            let node = game.get(id);
            let judgement = node.annotation.judgement.symbol();
            matches!(judgement, "?" | "??").then(|| LineMark {
                ply: node.depth(),
                judgement: judgement.to_string(),
            })
        })
        .collect()
}

/// A ply of the current line with its judgement.
#[derive(Clone, Debug, PartialEq)]
pub struct LineMark {
    pub ply: usize,
    pub judgement: String,
}

/// The result line of a finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultSummary {
    pub ptn: String,
    pub winner: Option<String>,
    /// `road`, `flats`, `resignation` or `agreement`.
    pub reason: String,
    /// The reason in words, as in `text` (`road`, `flats 9–10 + 2 komi`).
    pub reason_text: String,
    pub text: String,
    pub score: u32,
    /// The arithmetic: `25 squares + 7 pieces in hand × 2 (low road) = 39`.
    pub score_text: String,
}

/// A score's arithmetic in words, in `lang`.
pub fn score_text(s: &crate::score::Score, lang: Lang) -> String {
    let mut bonuses = String::new();
    for (bonus, factor) in &s.bonuses {
        let key = match bonus {
            Bonus::StraightLine => "score.straight",
            Bonus::NoCapstone => "score.no_cap",
            Bonus::LowRoad => "score.low",
            Bonus::HighRoad => "score.high",
        };
        bonuses.push(' ');
        bonuses.push_str(&i18n::text(
            lang,
            "score.bonus",
            &[
                ("factor", factor.to_string()),
                ("name", i18n::text(lang, key, &[])),
            ],
        ));
    }
    i18n::text(
        lang,
        "score.arithmetic",
        &[
            ("board", s.board.to_string()),
            ("pieces", s.pieces.to_string()),
            ("bonuses", bonuses),
            ("total", s.total.to_string()),
        ],
    )
}

/// One game of a match in the score table.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchRow {
    pub number: usize,
    /// The player (0 or 1) with white.
    pub white: usize,
    /// `R-0`, `0-F`, ... or empty while it goes on.
    pub result: String,
    pub reason: String,
    pub winner: Option<usize>,
    pub points: u32,
    pub score_text: String,
}

/// A match for the page: the players, the table, the totals.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchStatus {
    pub players: [String; 2],
    /// `3 games` or `first to 50`, in the reader's language.
    pub length: String,
    pub games: Vec<MatchRow>,
    /// The game on the board, when it is not recorded yet.
    pub current: Option<MatchRow>,
    pub totals: [u32; 2],
    pub over: bool,
    pub leader: Option<usize>,
    /// The game on the board is finished and the match goes on: "Next game" may be pressed.
    pub can_next: bool,
    /// The number (from 1) of the finished game shown instead of the game being played.
    pub viewing: Option<usize>,
}

json_object!(MatchStatus {
    players,
    length,
    games,
    current,
    totals,
    over,
    leader,
    can_next,
    viewing
});

json_object!(MatchRow {
    number,
    white,
    result,
    reason,
    winner,
    points,
    score_text
});

/// The JSON of [`Status`] and what it holds, as `pkg/*.d.ts` declares it for the page's
/// scripts (`make test-types` checks them against it: a misspelt field fails there). Kept
/// here by the structs that write it; the tests below check that the fields agree.
pub const STATUS_TYPES: &str = r#"
/** A game's settings, as every page, embed and the worker give and take them (settings.rs). */
export type GameSettings = SettingsValue;
/** The board's status (TakBoard.status()): web/status.rs. */
export interface Status {
    toMove: string;
    placing: string;
    opening: boolean;
    ply: number;
    firstMoveNumber: number;
    firstPlayer: string;
    tree: PlyItem[];
    treeBefore: number;
    treeAfter: number;
    node: number | null;
    line: PlyItem[];
    lineFrom: number;
    mistakes: LineMark[];
    here: PlyItem | null;
    startComments: string[];
    rawStartComments: string[];
    chances: (number | null)[];
    canUndo: boolean;
    canRedo: boolean;
    tak: boolean;
    takBy: string | null;
    takSquares: string[];
    result: ResultSummary | null;
    finalResult: ResultSummary | null;
    message: string | null;
    messageSerial: number;
    pending: string | null;
    inHand: number | null;
    cursor: string | null;
    settings: GameSettings;
    takeBacksForbidden: boolean;
    series: MatchStatus | null;
    selected: string;
    flats: [number, number];
    reserves: [[number, number], [number, number]];
    players: [string, string];
    clock: ClockStatus | null;
}
/** A ply in the move list. */
export interface PlyItem {
    id: number;
    ply: number;
    ptn: string;
    label: string;
    annotation: string;
    tak: string;
    judgement: string;
    comments: string[];
    rawComments: string[];
    number: number;
    white: boolean;
    current: boolean;
    onLine: boolean;
    variations: PlyItem[][];
}
/** A ply of the line judged `?` or `??`. */
export interface LineMark {
    ply: number;
    judgement: string;
}
/** How a game ended. */
export interface ResultSummary {
    ptn: string;
    winner: string | null;
    reason: string;
    reasonText: string;
    text: string;
    score: number;
    scoreText: string;
}
/** A match: web/session.rs. */
export interface MatchStatus {
    players: [string, string];
    length: string;
    games: MatchRow[];
    current: MatchRow | null;
    totals: [number, number];
    over: boolean;
    leader: number | null;
    canNext: boolean;
    viewing: number | null;
}
/** A game of a match. */
export interface MatchRow {
    number: number;
    white: number;
    result: string;
    reason: string;
    winner: number | null;
    points: number;
    scoreText: string;
}
/** The game clocks: web/clock.rs. */
export interface ClockStatus {
    left: [number, number];
    text: [string, string];
    running: string | null;
    turn: string;
    paused: boolean;
    live: boolean;
    low: [boolean, boolean];
    flagged: string | null;
    control: string;
}
/** What the board did since it was last asked (TakBoard.takeEvents()): web/state.rs. */
export type BoardEvent = { type: "move"; ptn: string; ply: number } | { type: "navigate"; ply: number } | { type: "load" };
/** A mark on the board (TakBoard.marks(), setMarks()): an arrow between two squares, or a
 * square highlighted or labelled; green (the default), red, blue, yellow, orange or purple. */
export type Mark = { arrow: [string, string]; color?: string } | { square: string; label?: string; color?: string };
/** A rectangle on the page in CSS pixels, relative to the viewport (TakBoard.squareRect()). */
export interface Rect {
    x: number;
    y: number;
    width: number;
    height: number;
}
/** What My games lists for a game (TakBoard.summary(), summarizeSave()): web/library.rs. */
export interface GameSummary {
    white: string;
    black: string;
    size: number;
    plies: number;
    toMove: string;
    result: string | null;
    tps: string;
    date: string | null;
    tags: string;
    opening: string;
    mistakes: number[];
    reviewed: boolean;
    fromStart: boolean;
    tavern: boolean;
}
/** The position editor's state (TakEditor.status()): web/editor.rs. */
export interface EditorStatus {
    size: number;
    toMove: string;
    moveNumber: number;
    color: string;
    kind: string;
    cursor: string;
    stones: number;
    caps: number;
    customReserves: boolean;
    whiteLeft: [number, number];
    blackLeft: [number, number];
    boardPtn: string;
}
/** A stack carried (TakBoard.hand()): pieces in hand and the square they came from. */
export interface Hand {
    count: number;
    from: string;
}
"#;
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const STATUS_SECTION: &str = STATUS_TYPES;

/// What the page needs to show around the canvas.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    pub to_move: String,
    /// Whose piece a placement puts down now (the opponent's on the first two plies).
    pub placing: String,
    /// The first two plies: each player places one of the opponent's flats (with the
    /// no-swap opening, one of their own: `placing` is then `to_move`).
    pub opening: bool,
    pub ply: usize,
    pub first_move_number: usize,
    pub first_player: String,
    /// The main line with its variations, comments and annotations, for the move list:
    /// the plies near the one shown (see [`LIST_WINDOW`]) ...
    pub tree: Vec<PlyItem>,
    /// ... and how many main-line plies the list leaves out before and after them.
    pub tree_before: usize,
    pub tree_after: usize,
    /// The handle of the ply shown (none at the start).
    pub node: Option<u32>,
    /// The plies of the current line near the one shown, without variations
    /// (`line[ply - 1 - line_from]` is the ply shown) ...
    pub line: Vec<PlyItem>,
    /// ... and how many plies of the line come before them.
    pub line_from: usize,
    /// The plies of the current line judged `?` or `??`.
    pub mistakes: Vec<LineMark>,
    /// The ply shown, as the move list shows it (none at the start).
    pub here: Option<PlyItem>,
    /// Comments before the first ply (as text to read), and as written.
    pub start_comments: Vec<String>,
    pub raw_start_comments: Vec<String>,
    /// White's chance after each ply of the current line, where a review evaluated it
    /// (empty when no ply has one).
    pub chances: Vec<Option<f64>>,
    pub can_undo: bool,
    pub can_redo: bool,
    pub tak: bool,
    /// The player who threatens to complete a road next turn.
    pub tak_by: Option<String>,
    /// The squares that would complete that road.
    pub tak_squares: Vec<String>,
    pub result: Option<ResultSummary>,
    /// How the whole game ended, also while looking back at an earlier ply.
    pub final_result: Option<ResultSummary>,
    pub message: Option<String>,
    /// Increases with every refusal, so the page can show a repeated message again.
    pub message_serial: u32,
    pub pending: Option<String>,
    /// Pieces in hand while a stack is carried.
    pub in_hand: Option<u8>,
    /// The keyboard's cursor, once shown.
    pub cursor: Option<String>,
    /// The game's settings, as a new game, a rematch and the worker take them.
    pub settings: SettingsValue,
    /// Tavern rules while the game goes on: no undo.
    pub take_backs_forbidden: bool,
    /// The match this game belongs to.
    pub series: Option<MatchStatus>,
    pub selected: String,
    pub flats: [u32; 2],
    pub reserves: [[u8; 2]; 2],
    /// The sides as the page names them, white's first: against the computer "You" and
    /// "Computer · Club", else the colours.
    pub players: [String; 2],
    /// The game clocks, at the time last given ([`Board::clock_status`]); none without.
    pub clock: Option<super::clock::ClockStatus>,
}

json_object!(Status {
    to_move,
    placing,
    opening,
    ply,
    first_move_number,
    first_player,
    tree,
    tree_before,
    tree_after,
    node,
    line,
    line_from,
    mistakes,
    here,
    start_comments,
    raw_start_comments,
    chances,
    can_undo,
    can_redo,
    tak,
    tak_by,
    tak_squares,
    result,
    final_result,
    message,
    message_serial,
    pending,
    in_hand,
    cursor,
    settings,
    take_backs_forbidden,
    series,
    selected,
    flats,
    reserves,
    players,
    clock
});

json_object!(LineMark { ply, judgement });
json_object!(PlyItem {
    id,
    ply,
    ptn,
    label,
    annotation,
    tak,
    judgement,
    comments,
    raw_comments,
    number,
    white,
    current,
    on_line,
    variations
});

json_object!(ResultSummary {
    ptn,
    winner,
    reason,
    reason_text,
    text,
    score,
    score_text
});

/// The settings of a standard game on a board of side `size` (its stones and capstones among
/// them), none for a size that is none: a setting of a game that differs from its value here
/// is the game's option, said on the page and passed on by an embed (the page compares them
/// key by key and names no setting); the New game form's hints.
pub fn standard_settings(size: u8) -> Option<SettingsValue> {
    // A standard game has no clocks: its time control is never written.
    Config::standard(size)
        .ok()
        .map(|rules| GameSettings::new(rules).value_with(|_| String::new()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::config::BoardOptions;
    use crate::web::json::Json;
    use crate::web::state::long_board;
    use crate::Config;

    #[test]
    fn the_move_list_nests_a_variation_where_it_branches_off() {
        let mut b = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
        for m in ["a1", "e5", "c3"] {
            b.play_ptn(m).unwrap();
        }
        b.goto(2);
        b.play_ptn("d3").unwrap();
        let (tree, before, after) = tree_items(&b.record.game);
        assert_eq!((tree.len(), before, after), (3, 0, 0));
        assert_eq!((tree[1].number, tree[1].white), (1, false));
        assert_eq!(
            (tree[0].label.as_str(), tree[1].label.as_str()),
            ("1.", "1...")
        );
        assert_eq!(tree[2].ptn, "c3");
        assert!(!tree[2].on_line && !tree[2].current);
        let (line, from) = line_plies(&b.record.game);
        assert_eq!((line.len(), from), (3, 0));
        assert_eq!(
            line[2],
            PlyItem {
                variations: Vec::new(),
                ..tree[2].variations[0][0].clone()
            }
        );
        let variation = &tree[2].variations[0];
        assert_eq!(variation[0].ptn, "d3");
        assert_eq!(
            b.record.game.path_of(NodeId::from_u32(variation[0].id)),
            [0, 0, 1]
        );
        assert_eq!(variation[0].ply, 3);
        assert!(variation[0].current && variation[0].on_line);
    }

    #[test]
    fn each_ply_carries_its_tak_mark_and_judgement_apart() {
        let mut b = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
        b.play_ptn("a1").unwrap();
        b.set_annotation(&[0], "''?!").unwrap();
        let item = &tree_items(&b.record.game).0[0];
        assert_eq!(item.annotation, "''?!");
        assert_eq!((item.tak.as_str(), item.judgement.as_str()), ("''", "?!"));
        let json = item.to_json();
        assert!(json.contains(r#""label":"1.""#), "{json}");
        assert!(json.contains(r#""tak":"''","judgement":"?!""#), "{json}");
    }

    #[test]
    fn a_finished_game_says_how_it_ended_also_when_looking_back() {
        let mut b = Board::with_config(Config::standard(3).unwrap(), BoardOptions::default());
        for m in ["a1", "c3", "b3", "b1", "c1", "a3", "a2", "b2", "c2"] {
            b.play_ptn(m).unwrap();
        }
        let end = b.status();
        assert_eq!(end.result.as_ref().map(|r| r.ptn.as_str()), Some("R-0"));
        b.goto(4);
        let back = b.status();
        assert_eq!(back.result, None);
        assert_eq!(back.final_result, end.result);
    }

    #[test]
    fn a_long_games_status_lists_the_plies_near_the_one_shown_and_the_line_apart() {
        let mut b = long_board(5000);
        b.goto(2500);
        let s = b.status();
        assert_eq!(
            (s.tree_before, s.tree.len(), s.tree_after),
            (2400, 200, 2400)
        );
        assert_eq!((s.line_from, s.line.len()), (2400, 200));
        assert_eq!(s.here.as_ref().map(|h| h.ply), Some(2500));
        // The whole line, for whoever asks, written as the list writes each ply.
        let all = b.line_ptn();
        assert_eq!(all.len(), 5000);
        let listed: Vec<&str> = s.tree.iter().map(|p| p.ptn.as_str()).collect();
        assert_eq!(
            listed,
            all[2400..2600]
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
        );
        assert_eq!(s.line[99].label, format!("{}...", 2500 / 2));
        // The status's JSON stays small: no list of every ply.
        assert!(s.to_json().len() < 200_000, "{}", s.to_json().len());
        assert!(!s.to_json().contains(r#""moves""#));
    }

    #[test]
    fn the_main_lines_window_is_right_also_from_a_variation_that_left_it_before() {
        // The line shown leaves the main line at ply 11 and goes on to ply 400; shown at ply
        // 350, the list shows the main line around ply 350, whose positions cannot be found
        // from the line shown.
        let mut b = long_board(1000);
        b.goto(10);
        b.play_ptn("c3").unwrap();
        for i in 11..400 {
            b.play_ptn(["a1+", "f6-", "a2-", "f5+"][(i - 11) % 4])
                .unwrap();
        }
        b.goto(350);
        let (tree, before, after) = tree_items(&b.record.game);
        assert_eq!((before, tree.len(), after), (250, 200, 550));
        let main = crate::ptn::write_line(b.record.game.start(), &b.record.game.main_line());
        let listed: Vec<&str> = tree.iter().map(|p| p.ptn.as_str()).collect();
        assert_eq!(
            listed,
            main[250..450]
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
        );
        assert!(tree.iter().all(|p| !p.current && !p.on_line));
        // The line's own window (200 plies, to the line's end), found from the ply shown.
        let (line, from) = line_plies(&b.record.game);
        assert_eq!((from, line.len()), (200, 200));
        assert_eq!(line[149].ply, 350);
        assert!(line[149].current && line[149].on_line);
        assert_eq!((line[0].ptn.as_str(), line[1].ptn.as_str()), ("f6-", "a2-"));
        // Back on the main line, far along it: found from the ply shown.
        assert!(b.goto_path(&[0; 700]));
        let (tree, before, _) = tree_items(&b.record.game);
        assert_eq!(before, 600);
        let listed: Vec<&str> = tree.iter().map(|p| p.ptn.as_str()).collect();
        assert_eq!(
            listed,
            main[600..800]
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
        );
        assert!(tree[99].current && tree[99].on_line);
    }

    /// The page's declarations of the status (`STATUS_TYPES`, in `pkg/*.d.ts`) name every
    /// field written, and no other: a field added, renamed or dropped here is one there.
    #[test]
    fn the_declarations_for_the_page_name_the_fields_written() {
        use super::super::clock::ClockStatus;
        let camel = |name: &str| {
            let mut parts = name.split('_');
            let mut out = parts.next().unwrap_or_default().to_string();
            for part in parts {
                let mut chars = part.chars();
                if let Some(first) = chars.next() {
                    out.push(first.to_ascii_uppercase());
                    out.extend(chars);
                }
            }
            out
        };
        let declared = |interface: &str| -> Vec<String> {
            let start = STATUS_TYPES
                .find(&format!("export interface {interface} {{"))
                .unwrap_or_else(|| panic!("no interface {interface}"));
            let body = &STATUS_TYPES[start..];
            let body = &body[body.find('{').unwrap() + 1..body.find("\n}").unwrap()];
            body.lines()
                .filter_map(|line| {
                    line.trim()
                        .split_once(':')
                        .map(|(name, _)| name.to_string())
                })
                .collect()
        };
        for (interface, fields) in [
            ("Status", Status::JSON_FIELDS),
            ("PlyItem", PlyItem::JSON_FIELDS),
            ("LineMark", LineMark::JSON_FIELDS),
            ("ResultSummary", ResultSummary::JSON_FIELDS),
            ("MatchStatus", MatchStatus::JSON_FIELDS),
            ("MatchRow", MatchRow::JSON_FIELDS),
            ("ClockStatus", ClockStatus::JSON_FIELDS),
            (
                "EditorStatus",
                super::super::editor::EditorStatus::JSON_FIELDS,
            ),
        ] {
            let written: Vec<String> = fields.iter().map(|f| camel(f)).collect();
            assert_eq!(declared(interface), written, "{interface}");
        }
        // A game's summary is written field by field (web/library.rs): read back.
        let report = crate::web::library::import("[Size \"5\"]\n1. a1 e5\n").unwrap();
        let mut json = String::new();
        crate::web::library::summarize(&report.games[0].game).write_json(&mut json);
        let mut written: Vec<String> = match crate::web::json::parse(&json).unwrap() {
            crate::web::json::Value::Object(fields) => fields.into_keys().collect(),
            other => panic!("not an object: {other:?}"),
        };
        let mut summary = declared("GameSummary");
        written.sort();
        summary.sort();
        assert_eq!(summary, written, "GameSummary");
    }
}
