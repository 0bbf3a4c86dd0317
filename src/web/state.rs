//! A board instance: the game (with its variations), what the pointer is doing and
//! how the board is laid out. Everything on screen is derived from this; nothing is kept twice.

use super::anim::Animation;
use super::config::BoardOptions;
use super::drag::{Gesture, Intent};
use super::i18n;
use super::i18n::{Lang, Message};
use super::json::{self, Json};
use super::layout::{Layout, Point};
use super::marks::{self, Mark, MarkColor};
use super::theme::Theme;
use crate::score::{score_detail, Bonus, Variants};
use crate::series::{Series, TakeBacks};
use crate::square::bitboard::Bits;
use crate::{
    ptn, tps, Color, Config, Direction, EndReason, Game, Kind, Move, Outcome, Position, Square,
};

/// Something a host page may want to hear about.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A ply was played (its PTN) and the ply count after it.
    Move { ptn: String, ply: usize },
    /// The shown ply changed by undo, redo or navigation.
    Navigate { ply: usize },
    /// A new game or position was loaded.
    Load,
}

/// One board on a page.
#[derive(Debug)]
pub struct Board {
    pub game: Game,
    /// Marks a host put on the board (they stay through navigation).
    pub host_marks: Vec<Mark>,
    /// Marks of the ply shown, from its comments (kept in sync with the tree).
    ply_marks: Vec<Mark>,
    /// A right-button press that may become a mark: where it went down.
    mark_press: Option<Square>,
    /// The scoring variants of this game (its `Scoring` tag).
    pub variants: Variants,
    /// Court or tavern (its `TakeBacks` tag).
    pub take_backs: TakeBacks,
    /// The match this game belongs to, if any.
    pub series: Option<Series>,
    /// Keep the reserves above and below the board unless the canvas is clearly wide (a
    /// page held upright), so the board does not rearrange itself as the room changes.
    pub prefer_portrait: bool,
    /// Whether a ply played where the current line went on differently makes the new line
    /// the main line (a game against the computer: the game as played is the main line),
    /// rather than a variation (study: the main line is kept).
    pub played_line_is_main: bool,
    pub layout: Layout,
    pub theme: Theme,
    pub gesture: Gesture,
    /// The pointer's position while hovering (for the stack inspector).
    pub hover: Option<Point>,
    /// The kind a click on an empty square places.
    pub selected: Kind,
    pub options: BoardOptions,
    /// The last refused action, for the page to show.
    pub message: Option<Message>,
    /// Counts refusals, so the page shows a message again when the same one repeats.
    message_serial: u32,
    /// Why the reader may not play just now (the computer is thinking), if so.
    pub locked: Option<Message>,
    /// Squares where the player who threatens a road could complete it next turn.
    threats: u64,
    /// The reader's language, for messages and the names drawn on the canvas.
    pub lang: Lang,
    pub animation: Option<Animation>,
    /// A suggested ply to show (the hint button), until anything changes.
    pub hint: Option<Move>,
    /// A line being previewed (the analysis's best line): the position after it and its
    /// last ply, shown instead of the game's position until anything changes.
    pub preview: Option<(Position, Move)>,
    /// The keyboard's cursor, once the keyboard is used.
    pub cursor: Option<Square>,
    events: Vec<Event>,
    dirty: bool,
}

impl Board {
    pub fn new(game: Game, options: BoardOptions) -> Board {
        let size = game.position().size();
        let caps = game.position().config().caps > 0;
        Board {
            game,
            played_line_is_main: false,
            prefer_portrait: false,
            variants: Variants::default(),
            take_backs: TakeBacks::Court,
            series: None,
            host_marks: Vec::new(),
            ply_marks: Vec::new(),
            mark_press: None,
            layout: Layout::with_caps(size, caps, 400.0, 400.0, 1.0),
            theme: Theme::LIGHT,
            gesture: Gesture::Idle,
            hover: None,
            selected: Kind::Flat,
            options,
            message: None,
            message_serial: 0,
            locked: None,
            threats: 0,
            lang: Lang::En,
            animation: None,
            hint: None,
            preview: None,
            cursor: None,
            events: Vec::new(),
            dirty: true,
        }
        .with_threats()
    }

    fn with_threats(mut self) -> Board {
        self.read_options();
        self.position_changed();
        self
    }

    /// The game's options from its tags: scoring variants and take-backs.
    fn read_options(&mut self) {
        self.variants = self
            .game
            .tag("Scoring")
            .and_then(|v| Variants::parse(v).ok())
            .unwrap_or_default();
        self.take_backs = self
            .game
            .tag("TakeBacks")
            .and_then(TakeBacks::parse)
            .unwrap_or_default();
    }

    /// A new game of `config` with these options, written into its tags so that they travel
    /// with its PTN.
    pub fn new_game(&mut self, config: Config, variants: Variants, take_backs: TakeBacks) {
        let mut game = Game::with_config(config);
        if variants.any() {
            game.set_tag("Scoring", &variants.to_string());
        }
        if take_backs == TakeBacks::Tavern {
            game.set_tag("TakeBacks", take_backs.name());
        }
        self.load(game);
    }

    /// Starts a match: its first game, with white for the first player.
    pub fn start_match(&mut self, series: Series) {
        let mut game = Game::with_config(series.config);
        series.tag(&mut game, 1, series.white_player());
        self.series = Some(series);
        self.load(game);
    }

    /// Records the finished game in the match and starts the next one (the other player
    /// has white). On error nothing changes and the message says why.
    pub fn next_game(&mut self) -> Result<(), String> {
        let Some(series) = &mut self.series else {
            return Err(self.text(&Message::new("match.none")));
        };
        let mut end = self.game.clone();
        end.goto_path(&vec![0; end.main_line().len()]);
        if end.outcome().is_none() {
            return Err(self.text(&Message::new("match.unfinished")));
        }
        if series.is_over() {
            return Err(self.text(&Message::new("match.over")));
        }
        series.record(&self.game);
        let number = series.games.len() + 1;
        let white = series.white_player();
        let mut game = Game::with_config(series.config);
        if !series.is_over() {
            series.tag(&mut game, number, white);
            self.load(game);
        } else {
            self.events.push(Event::Load);
            self.dirty = true;
        }
        Ok(())
    }

    fn match_status(&self, m: &Series) -> MatchStatus {
        let lang = self.lang;
        let row = |number: usize, white: usize, game: &Game| -> MatchRow {
            let mut end = game.clone();
            end.goto_path(&vec![0; end.main_line().len()]);
            let outcome = end.outcome();
            let summary = outcome.map(|o| summarize(end.position(), o, lang, m.variants));
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
        let current = (!m.is_over()).then(|| row(m.games.len() + 1, m.white_player(), &self.game));
        let current_finished = current.as_ref().is_some_and(|c| !c.result.is_empty());
        let mut counted = m.clone();
        if current_finished {
            counted.record(&self.game);
        }
        let over = counted.is_over();
        let can_next = current_finished && !over;
        MatchStatus {
            players: m.players.clone(),
            length: match m.length {
                crate::series::Length::Games(n) => {
                    i18n::text(lang, "match.games", &[("n", n.to_string())])
                }
                crate::series::Length::FirstTo(p) => {
                    i18n::text(lang, "match.first_to", &[("points", p.to_string())])
                }
            },
            games,
            current,
            totals: counted.totals(),
            over,
            leader: counted.leader(),
            can_next,
        }
    }

    /// Leaves the match (the current game stays on the board).
    pub fn end_match(&mut self) {
        if self.series.take().is_some() {
            self.events.push(Event::Load);
            self.dirty = true;
        }
    }

    /// `color` resigns here.
    pub fn resign(&mut self, color: Color) -> bool {
        if self.game.outcome().is_some() {
            return false;
        }
        self.game.resign(color);
        self.after_ending();
        true
    }

    /// The players agree a draw here.
    pub fn agree_draw(&mut self) -> bool {
        if self.game.outcome().is_some() {
            return false;
        }
        self.game.agree_draw();
        self.after_ending();
        true
    }

    fn after_ending(&mut self) {
        self.gesture = Gesture::Idle;
        self.position_changed();
        self.events.push(Event::Navigate {
            ply: self.game.len(),
        });
        self.dirty = true;
    }

    /// Whether the rules of this game forbid taking a ply back now: tavern rules while the
    /// game goes on.
    pub fn take_backs_forbidden(&self) -> bool {
        self.take_backs == TakeBacks::Tavern && self.final_outcome().is_none()
    }

    /// How the current line ends, if it does.
    fn final_outcome(&self) -> Option<Outcome> {
        let mut end = self.game.clone();
        end.goto(end.line().len());
        end.outcome()
    }

    /// Recomputes what depends on the position alone (kept so frames stay cheap).
    fn position_changed(&mut self) {
        self.preview = None;
        // The kind chosen for a placement is one player's choice for one ply: the next
        // player starts from a flat again (a wall chosen by White must not make Black's
        // tap place a wall).
        self.selected = Kind::Flat;
        self.ply_marks = self.read_ply_marks();
        self.threats = match self.game.outcome() {
            Some(_) => 0,
            None => road_threats(self.position()),
        };
    }

    /// A still copy of what the board shows, for images: the game at the ply shown, its
    /// marks, options and language, with no pointer, animation or highlighted reserves.
    pub fn snapshot(&self) -> Board {
        let mut b = Board::new(
            self.game.clone(),
            BoardOptions {
                interactive: false,
                animate: false,
                ..self.options
            },
        );
        b.lang = self.lang;
        b.theme = self.theme;
        b.host_marks = self.host_marks.clone();
        b.prefer_portrait = self.prefer_portrait;
        b.variants = self.variants;
        b
    }

    /// The marks drawn now: the host's and those of the ply shown.
    pub fn marks(&self) -> impl Iterator<Item = &Mark> {
        self.host_marks.iter().chain(&self.ply_marks)
    }

    /// The marks of the ply shown (from its comments).
    pub fn ply_marks(&self) -> &[Mark] {
        &self.ply_marks
    }

    fn read_ply_marks(&self) -> Vec<Mark> {
        // Comments come only from games read from text or written in the study build: the
        // first visit's build has none, and so no reader of marks.
        if !cfg!(feature = "study") {
            return Vec::new();
        }
        self.game
            .comments(self.game.path())
            .iter()
            .filter_map(|c| marks::parse_comment(c).ok())
            .flat_map(|(m, _)| m)
            .collect()
    }

    /// Replaces the host's marks.
    pub fn set_host_marks(&mut self, marks: Vec<Mark>) {
        self.host_marks = marks;
        self.host_marks.truncate(marks::MAX_MARKS);
        self.dirty = true;
    }

    /// Replaces the marks of the ply shown, keeping the text of its comments; they are
    /// written into its first comment, so that they travel with the PTN.
    pub fn set_ply_marks(&mut self, new: Vec<Mark>) {
        let path = self.game.path().to_vec();
        let comments = self.game.comments(&path).to_vec();
        let mut texts: Vec<String> = comments
            .iter()
            .map(|c| match marks::parse_comment(c) {
                Ok((_, rest)) => rest,
                Err(_) => c.clone(),
            })
            .collect();
        let written = marks::to_comment(&new);
        if !written.is_empty() {
            match texts.first_mut() {
                Some(first) if !crate::web::state::is_review_comment(first) => {
                    *first = format!("{written} {first}").trim().to_string()
                }
                _ => texts.insert(0, written),
            }
        }
        texts.retain(|t| !t.trim().is_empty());
        if path.is_empty() {
            self.game.start_comments = texts;
        } else if let Some(node) = self.game.node_mut(&path) {
            node.comments = texts;
        }
        self.tree_changed();
    }

    /// A right-button press at `p` (a mark may follow).
    pub fn mark_down(&mut self, p: Point) {
        self.mark_press = self.layout.square_at(p);
    }

    /// The right button went up at `p`: the same square toggles a highlight, another square
    /// an arrow, in `color`. Kept with the ply shown.
    pub fn mark_up(&mut self, p: Point, color: MarkColor) -> bool {
        let (Some(from), Some(to)) = (self.mark_press.take(), self.layout.square_at(p)) else {
            return false;
        };
        let mark = if from == to {
            Mark::Square {
                square: from,
                color,
            }
        } else {
            Mark::Arrow { from, to, color }
        };
        let mut marks = self.ply_marks.clone();
        marks::toggle(&mut marks, mark);
        self.set_ply_marks(marks);
        true
    }

    /// Counts refused actions (the page shows each one, even a repeat).
    pub fn message_serial(&self) -> u32 {
        self.message_serial
    }

    /// The squares that would complete the threatening player's road (for "Tak!").
    pub fn threat_squares(&self) -> u64 {
        self.threats
    }

    /// A new empty game.
    pub fn with_config(config: Config, options: BoardOptions) -> Board {
        Board::new(Game::with_config(config), options)
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Whether the canvas must be redrawn; clears the flag.
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    /// Whether the canvas must be redrawn (without clearing the flag).
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    pub fn mark_dirty(&mut self) {
        self.dirty = true;
    }

    /// Events since the last call.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// The canvas changed size.
    pub fn resize(&mut self, width: f64, height: f64, pixel_ratio: f64) {
        let layout = Layout::arranged(
            self.position().size(),
            self.position().config().caps > 0,
            width,
            height,
            pixel_ratio,
            self.prefer_portrait,
        );
        if layout != self.layout {
            self.layout = layout;
            self.dirty = true;
        }
    }

    pub fn set_dark(&mut self, dark: bool) {
        self.theme = if dark { Theme::DARK } else { Theme::LIGHT };
        self.dirty = true;
    }

    /// A message in the reader's language.
    /// The name over a player's reserve: theirs when the game names them (a match, or a game
    /// read with `Player1` / `Player2` tags), shortened to fit; else the colour.
    pub fn player_label(&self, color: Color) -> String {
        const LONGEST: usize = 16;
        let tag = if color == Color::White {
            "Player1"
        } else {
            "Player2"
        };
        match self.game.tag(tag).map(str::trim) {
            Some(name) if !name.is_empty() && name != "?" => {
                if name.chars().count() > LONGEST {
                    let mut short: String = name.chars().take(LONGEST - 1).collect();
                    short.push('…');
                    short
                } else {
                    name.to_string()
                }
            }
            _ => self.colour_name(color),
        }
    }

    /// "White" or "Black", in the board's language.
    pub fn colour_name(&self, color: Color) -> String {
        let key = if color == Color::White {
            "color.white"
        } else {
            "color.black"
        };
        i18n::text(self.lang, key, &[])
    }

    pub fn text(&self, message: &Message) -> String {
        message.text(self.lang)
    }

    /// Switches the language of messages and of the canvas.
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
        self.dirty = true;
    }

    /// Plays a ply given in PTN. On error nothing changes and the message (in the reader's
    /// language) says why.
    pub fn play_ptn(&mut self, text: &str) -> Result<(), String> {
        let mv: Move = text.parse().map_err(|e| self.text(&Message::from(&e)))?;
        self.play(mv)
    }

    /// Plays `mv` (checked), sliding it into place. Where the current line went on with
    /// another ply, `mv` starts a variation (or follows one that starts with it).
    pub fn play(&mut self, mv: Move) -> Result<(), String> {
        self.play_with(mv, self.options.animate)
            .map_err(|m| self.text(&m))
    }

    /// Plays `mv`; `animate` is false when the player just put the pieces there by hand.
    fn play_with(&mut self, mv: Move, animate: bool) -> Result<(), Message> {
        let before = self.position().clone();
        self.game.play(mv).map_err(|e| Message::from(&e))?;
        if self.played_line_is_main {
            let path = self.game.path().to_vec();
            self.game.promote(&path);
        }
        self.gesture = Gesture::Idle;
        self.message = None;
        self.hint = None;
        self.animation = Animation::for_move(mv, animate);
        self.position_changed();
        self.events.push(Event::Move {
            ptn: ptn::write_move(&before, mv),
            ply: self.game.len(),
        });
        self.dirty = true;
        Ok(())
    }

    pub fn can_undo(&self) -> bool {
        !self.game.is_empty()
            || self
                .game
                .outcome()
                .is_some_and(|_| self.position().outcome().is_none())
    }

    pub fn can_redo(&self) -> bool {
        self.game.can_forward()
    }

    /// One ply back along the current line (a resignation or agreed draw is taken back
    /// first); the ply stays in the game.
    pub fn undo(&mut self) -> bool {
        // Pieces in hand: putting them back is the undo the player means.
        if !matches!(self.gesture, Gesture::Idle | Gesture::Press { .. }) {
            self.gesture = Gesture::Idle;
            self.dirty = true;
            return true;
        }
        let had_end = self.game.outcome().is_some() && self.game.position().outcome().is_none();
        if self.game.back().is_none() && !had_end {
            return false;
        }
        self.after_navigation();
        true
    }

    /// One ply forward along the current line.
    pub fn redo(&mut self) -> bool {
        if self.game.forward().is_none() {
            return false;
        }
        self.after_navigation();
        true
    }

    /// Shows the position after `ply` plies of the current line.
    pub fn goto(&mut self, ply: usize) -> bool {
        let before = self.game.len();
        self.game.goto(ply);
        let changed = self.game.len() != before;
        if changed {
            self.after_navigation();
        }
        changed
    }

    /// Shows the position at `path` in the tree; the line through it becomes the current
    /// line. Returns false (changing nothing) if there is no such ply.
    pub fn goto_path(&mut self, path: &[usize]) -> bool {
        let before = (self.game.path().to_vec(), self.game.line().to_vec());
        if !self.game.goto_path(path) {
            return false;
        }
        if before != (self.game.path().to_vec(), self.game.line().to_vec()) {
            self.after_navigation();
        }
        true
    }

    /// Makes the line through `path` the main line.
    pub fn promote(&mut self, path: &[usize]) -> bool {
        let done = self.game.promote(path);
        if done {
            self.tree_changed();
        }
        done
    }

    /// Deletes the ply at `path` and what follows it.
    pub fn delete(&mut self, path: &[usize]) -> bool {
        let at = self.game.len();
        let done = self.game.delete(path);
        if done {
            if self.game.len() != at {
                self.after_navigation();
            } else {
                self.tree_changed();
            }
        }
        done
    }

    /// Sets the comment of the ply at `path` (the empty path: before the first ply).
    pub fn set_comment(&mut self, path: &[usize], text: &str) -> bool {
        let done = self.game.set_comment(path, text);
        if done {
            self.tree_changed();
        }
        done
    }

    /// Sets the annotation (`'`, `''`, `!`, `?`, `!!`, `??`, `!?`, `?!`, or nothing) of the
    /// ply at `path`. On error nothing changes and the message says why.
    pub fn set_annotation(&mut self, path: &[usize], text: &str) -> Result<(), String> {
        let annotation: crate::game::Annotation = text
            .parse()
            .map_err(|e: crate::game::BadAnnotation| e.to_string())?;
        if !self.game.set_annotation(path, annotation) {
            return Err(format!("no ply at {path:?}"));
        }
        self.tree_changed();
        Ok(())
    }

    /// Writes a review's verdicts into the current line: for ply `i` (from 1) of the line, a
    /// judgement (`?`, `??`, or empty to leave the ply's own) and a comment that replaces any
    /// earlier review comment of that ply. Returns how many plies were marked.
    pub fn apply_review(&mut self, verdicts: &[(String, String)]) -> usize {
        let line = self.game.line().to_vec();
        let mut marked = 0;
        for (i, (judgement, comment)) in verdicts.iter().enumerate().take(line.len()) {
            let path = &line[..=i];
            let Some(node) = self.game.node_mut(path) else {
                break;
            };
            if let Some(j) = crate::game::Judgement::from_symbol(judgement) {
                if j != crate::game::Judgement::None {
                    node.annotation.judgement = j;
                    marked += 1;
                }
            }
            node.comments.retain(|c| !is_review_comment(c));
            if !comment.trim().is_empty() {
                node.comments.insert(0, comment.trim().to_string());
            }
        }
        self.tree_changed();
        marked
    }

    /// White's chance to win after each ply of the current line, where a review left its
    /// evaluation in the ply's comment.
    pub fn line_chances(&self) -> Vec<Option<f64>> {
        let size = self.position().size();
        let line = self.game.line();
        (1..=line.len())
            .map(|i| {
                self.game.comments(&line[..i]).iter().find_map(|c| {
                    let head = c.split(" · ").next().unwrap_or("");
                    crate::ai::review::parse_eval(head)
                        .map(|s| crate::ai::eval::win_probability(s, size))
                })
            })
            .collect()
    }

    /// The tree changed but not the position: the page redraws its move list.
    fn tree_changed(&mut self) {
        self.ply_marks = self.read_ply_marks();
        self.events.push(Event::Navigate {
            ply: self.game.len(),
        });
        self.dirty = true;
    }

    fn after_navigation(&mut self) {
        self.position_changed();
        self.gesture = Gesture::Idle;
        self.message = None;
        self.hint = None;
        self.animation = None;
        self.events.push(Event::Navigate {
            ply: self.game.len(),
        });
        self.dirty = true;
    }

    /// Every ply of the current line, from the start to its end.
    pub fn all_moves(&self) -> Vec<Move> {
        self.game.line_moves()
    }

    /// Replaces the game (a new game, a pasted PTN or TPS).
    pub fn load(&mut self, game: Game) {
        self.game = game;
        self.read_options();
        self.gesture = Gesture::Idle;
        self.message = None;
        self.animation = None;
        self.hint = None;
        // The size or the capstones may differ from the last game's.
        let caps = self.position().config().caps > 0;
        self.layout = Layout::arranged(
            self.position().size(),
            caps,
            self.layout.width,
            self.layout.height,
            self.layout.pixel_ratio,
            self.prefer_portrait,
        );
        self.position_changed();
        self.events.push(Event::Load);
        self.dirty = true;
    }

    /// Reads a PTN game or a TPS position. On error nothing changes.
    pub fn load_text(&mut self, text: &str) -> Result<(), String> {
        let game = parse_game_or_position(text).map_err(|m| self.text(&m))?;
        self.load(game);
        Ok(())
    }

    /// The whole game as PTN: main line, variations, comments and annotations.
    pub fn ptn(&self) -> String {
        ptn::write_game(&self.game)
    }

    pub fn tps(&self) -> String {
        tps::write(self.position())
    }

    // ---- pointer and keys ----

    fn accepts_input(&self) -> bool {
        self.options.interactive
            && self.locked.is_none()
            && self.game.outcome().is_none()
            && !self.tavern_locked()
    }

    /// Tavern rules, looking back in a game that goes on: playing here would take plies
    /// back.
    fn tavern_locked(&self) -> bool {
        self.take_backs == TakeBacks::Tavern
            && self.game.can_forward()
            && self.final_outcome().is_none()
    }

    /// Why a press on the board does nothing, for boards that take input at all.
    fn refusal(&self, p: Point) -> Option<Message> {
        if !self.options.interactive {
            return None;
        }
        let on_board = self.layout.square_at(p).is_some() || self.layout.pile_at(p).is_some();
        if !on_board {
            return None;
        }
        if let Some(why) = &self.locked {
            return Some(why.clone());
        }
        if self.tavern_locked() {
            return Some(Message::new("refuse.tavern"));
        }
        self.game
            .outcome()
            .map(|_| Message::new("refuse.game_over"))
    }

    pub fn pointer_down(&mut self, p: Point) {
        self.hover = Some(p);
        if self.preview.take().is_some() {
            self.dirty = true; // back to the game's own position before anything else
        }
        if !self.accepts_input() {
            if let Some(why) = self.refusal(p) {
                self.apply(Intent::Refuse(why));
            }
            self.dirty = true;
            return;
        }
        let intent = self.gesture.down(self.game.position(), &self.layout, p);
        self.apply(intent);
    }

    pub fn pointer_move(&mut self, p: Point) {
        let before = self.hover.and_then(|h| self.layout.square_at(h));
        self.hover = Some(p);
        if before != self.layout.square_at(p) {
            self.dirty = true;
        }
        if self.accepts_input() {
            let intent = self.gesture.moved(self.game.position(), &self.layout, p);
            self.apply(intent);
        }
    }

    pub fn pointer_up(&mut self, p: Point) {
        if self.accepts_input() {
            let intent = self
                .gesture
                .up(self.game.position(), &self.layout, p, self.selected);
            self.apply(intent);
        }
    }

    /// The pointer left the canvas (mouse) or was lifted (touch): no more hover.
    pub fn pointer_leave(&mut self) {
        if self.hover.take().is_some() {
            self.dirty = true;
        }
    }

    pub fn pointer_cancel(&mut self) {
        let intent = self.gesture.cancel();
        self.apply(intent);
    }

    /// A key while the board has focus; returns whether the board used it. Arrows move the
    /// cursor (and a held stack along with it); Enter or Space places the chosen piece on an
    /// empty square or picks up your stack, then confirms its move; F, S and C choose flat,
    /// wall or capstone; + and − (or PageUp and PageDown) carry or leave more or fewer;
    /// Escape cancels.
    pub fn key(&mut self, key: &str) -> bool {
        if !self.accepts_input() {
            return false;
        }
        let size = self.position().size();
        let arrow = match key {
            "ArrowUp" => Some(Direction::Up),
            "ArrowDown" => Some(Direction::Down),
            "ArrowLeft" => Some(Direction::Left),
            "ArrowRight" => Some(Direction::Right),
            _ => None,
        };
        if let Some(dir) = arrow {
            let next = match self.cursor {
                Some(sq) => sq.step(dir, size).unwrap_or(sq),
                None => self.cursor_start(),
            };
            self.cursor = Some(next);
            if let Gesture::Carry(carry) = &mut self.gesture {
                carry.follow(self.game.position(), next);
            }
            self.dirty = true;
            return true;
        }
        if matches!(self.gesture, Gesture::Idle) {
            match key {
                "f" | "F" => {
                    self.select(Kind::Flat);
                    return true;
                }
                "s" | "S" => {
                    self.select(Kind::Wall);
                    return true;
                }
                "c" | "C" => {
                    self.select(Kind::Cap);
                    return true;
                }
                "Enter" | " " => {
                    let Some(sq) = self.cursor else {
                        self.cursor = Some(self.cursor_start());
                        self.dirty = true;
                        return true;
                    };
                    let pos = self.game.position();
                    let intent = if pos.height(sq) == 0 {
                        let kind = if pos.is_opening() {
                            Kind::Flat
                        } else {
                            self.selected
                        };
                        super::drag::place(pos, sq, kind)
                    } else if pos.tops(pos.to_move()) & sq.bit() != 0 && !pos.is_opening() {
                        self.gesture = super::drag::pick_up(pos, sq);
                        Intent::Changed
                    } else {
                        Intent::Refuse(Message::new("illegal.not_yours").with("square", sq))
                    };
                    self.apply(intent);
                    return true;
                }
                _ => {}
            }
        }
        let intent = self.gesture.key(self.game.position(), key);
        let used = intent != Intent::Nothing;
        self.apply(intent);
        used
    }

    /// Shows the keyboard's cursor where it would first appear, if it is not shown yet.
    pub fn show_cursor(&mut self) {
        if self.cursor.is_none() && self.options.interactive {
            self.cursor = Some(self.cursor_start());
            self.dirty = true;
        }
    }

    /// Where the cursor appears first: the last ply's square, or the centre.
    fn cursor_start(&self) -> Square {
        let size = self.position().size();
        self.game
            .moves()
            .last()
            .map(|m| m.square())
            .unwrap_or_else(|| Square::new(size / 2, size / 2).expect("on board"))
    }

    /// The board as text, square by square from the top rank down, each stack bottom to top:
    /// for screen readers.
    pub fn describe(&self) -> Vec<String> {
        let pos = self.position();
        let size = pos.size();
        let mut lines = Vec::with_capacity(64);
        for rank in (0..size).rev() {
            for file in 0..size {
                let sq = Square::new(file, rank).expect("on board");
                let stack = pos.stack(sq);
                let pieces = if stack.is_empty() {
                    i18n::text(self.lang, "sr.empty", &[])
                } else {
                    stack
                        .pieces()
                        .map(|p| {
                            let key = match (p.color, p.kind) {
                                (Color::White, Kind::Flat) => "piece.white.flat",
                                (Color::White, Kind::Wall) => "piece.white.wall",
                                (Color::White, Kind::Cap) => "piece.white.cap",
                                (Color::Black, Kind::Flat) => "piece.black.flat",
                                (Color::Black, Kind::Wall) => "piece.black.wall",
                                (Color::Black, Kind::Cap) => "piece.black.cap",
                            };
                            i18n::text(self.lang, key, &[])
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                lines.push(i18n::text(
                    self.lang,
                    "sr.square",
                    &[("square", sq.to_string()), ("pieces", pieces)],
                ));
            }
        }
        lines
    }

    /// Returns whether the wheel was used (so the page should not scroll).
    pub fn wheel(&mut self, delta_y: f64) -> bool {
        let intent = self.gesture.wheel(self.game.position(), delta_y);
        let used = intent != Intent::Nothing;
        self.apply(intent);
        used
    }

    /// Shows `hint` (a ply in PTN, checked) on the board, or clears it.
    pub fn set_hint(&mut self, hint: Option<&str>) -> Result<(), String> {
        self.hint = match hint {
            Some(text) => {
                let mv: Move = text.parse().map_err(|e| self.text(&Message::from(&e)))?;
                self.position()
                    .check(mv)
                    .map_err(|e| self.text(&Message::from(&e)))?;
                // A hinted placement readies its kind, so a tap on the square plays it.
                if let Some(kind) = mv.kind() {
                    self.selected = kind;
                }
                Some(mv)
            }
            None => None,
        };
        self.dirty = true;
        Ok(())
    }

    /// Locks the board while the computer thinks: a press then says so instead of playing.
    /// `None` unlocks it.
    pub fn set_locked(&mut self, why: Option<Message>) {
        if self.locked != why {
            if why.is_some() {
                self.gesture = Gesture::Idle;
            }
            self.locked = why;
            self.dirty = true;
        }
    }

    /// Shows the position after `plies` (PTN, played from the position shown) without
    /// playing them; `None` or an empty list ends the preview. On error nothing changes.
    pub fn set_preview(&mut self, plies: Option<&[String]>) -> Result<(), String> {
        let plies = plies.unwrap_or_default();
        if plies.is_empty() {
            if self.preview.take().is_some() {
                self.dirty = true;
            }
            return Ok(());
        }
        let mut pos = self.position().clone();
        let mut last = None;
        for text in plies {
            let mv: Move = text.parse().map_err(|e| self.text(&Message::from(&e)))?;
            pos.play(mv).map_err(|e| self.text(&Message::from(&e)))?;
            last = Some(mv);
        }
        self.preview = last.map(|mv| (pos, mv));
        self.dirty = true;
        Ok(())
    }

    /// The position to draw: a previewed line's, or the game's.
    pub fn shown_position(&self) -> &Position {
        self.preview.as_ref().map_or(self.position(), |(p, _)| p)
    }

    /// Whether the reader may play at all (false: a board only to look at).
    pub fn set_interactive(&mut self, interactive: bool) {
        if self.options.interactive != interactive {
            self.options.interactive = interactive;
            self.gesture = Gesture::Idle;
            self.dirty = true;
        }
    }

    /// Chooses the kind a click on an empty square places.
    pub fn select(&mut self, kind: Kind) {
        self.selected = kind;
        self.dirty = true;
    }

    fn apply(&mut self, intent: Intent) {
        // A word about what the hand just did (only the capstone goes on to a wall).
        if let Gesture::Carry(c) = &mut self.gesture {
            if let Some(note) = c.note.take() {
                self.message = Some(note);
                self.message_serial = self.message_serial.wrapping_add(1);
            }
        }
        match intent {
            Intent::Nothing => {}
            Intent::Changed => self.dirty = true,
            Intent::Play(mv) => {
                if let Err(m) = self.play_with(mv, false) {
                    self.apply(Intent::Refuse(m));
                }
            }
            Intent::Select(kind) => self.select(kind),
            Intent::Refuse(why) => {
                self.message = Some(why);
                self.message_serial = self.message_serial.wrapping_add(1);
                self.dirty = true;
            }
        }
    }

    /// The ply a release would play now (the spreading preview), in PTN.
    pub fn pending(&self) -> Option<Move> {
        match &self.gesture {
            Gesture::Carry(c) => c.pending(),
            _ => None,
        }
    }

    // ---- what the page shows around the canvas ----

    /// A summary for the controls around the board.
    pub fn status(&self) -> Status {
        let pos = self.position();
        let lang = self.lang;
        let result = self
            .game
            .outcome()
            .map(|o| summarize(pos, o, lang, self.variants));
        let mut moves = Vec::new();
        let mut replay = self.game.start().clone();
        for mv in self.all_moves() {
            moves.push(ptn::write_move(&replay, mv));
            replay.play_unchecked(mv);
        }
        // Looking back at a finished game: how it ended, so the page can still say so.
        let final_result = if !self.game.can_forward() {
            result.clone()
        } else {
            replay
                .outcome()
                .map(|o| summarize(&replay, o, lang, self.variants))
        };
        let tak_by = (self.threats != 0).then(|| (!pos.to_move()).name().to_string());
        let in_hand = match &self.gesture {
            Gesture::Carry(c) => Some(c.in_hand()),
            _ => None,
        };
        Status {
            to_move: pos.to_move().name().to_string(),
            placing: super::drag::placing_color(pos).name().to_string(),
            opening: pos.is_opening() && result.is_none(),
            ply: self.game.len(),
            first_move_number: self.game.start().move_number() as usize,
            first_player: self.game.start().to_move().name().to_string(),
            moves,
            tree: tree_items(&self.game),
            path: self.game.path().to_vec(),
            start_comments: comment_texts(&self.game.start_comments),
            raw_start_comments: self.game.start_comments.clone(),
            // Reviews and matches are the study build's: the first visit's build skips them.
            chances: if cfg!(feature = "study") {
                self.line_chances()
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
            scoring: if self.variants.any() {
                self.variants.to_string()
            } else {
                String::new()
            },
            tie_rule: pos.config().ancient_tie_rule,
            take_backs: self.take_backs.name().to_string(),
            take_backs_forbidden: self.take_backs_forbidden(),
            series: if cfg!(feature = "study") {
                self.series.as_ref().map(|m| self.match_status(m))
            } else {
                None
            },
            selected: self.selected.name().to_string(),
            size: pos.size(),
            komi: pos.config().komi.to_string(),
            flats: [pos.flat_count(Color::White), pos.flat_count(Color::Black)],
            reserves: [
                [pos.stones_left(Color::White), pos.caps_left(Color::White)],
                [pos.stones_left(Color::Black), pos.caps_left(Color::Black)],
            ],
        }
    }
}

/// The result of a game that ended in `pos` with `outcome`, in `lang`.
fn summarize(pos: &Position, o: Outcome, lang: Lang, variants: Variants) -> ResultSummary {
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
        EndReason::Agreement => i18n::text(lang, "reason.agreement", &[]),
    };
    let detail = score_detail(pos, o, variants);
    let text = match o.winner {
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
            EndReason::Agreement => "agreement",
        }
        .to_string(),
        reason_text: reason,
        text,
        score: detail.total,
        score_text: score_text(&detail, lang),
    }
}

/// The text of a comment to show: without its marks.
/// The texts to read of `comments`, empty ones left out. Only the study build has comments
/// (games read from text, notes, reviews): the first visit's build skips the marks reader.
fn comment_texts(comments: &[String]) -> Vec<String> {
    if !cfg!(feature = "study") {
        return Vec::new();
    }
    comments
        .iter()
        .map(|c| comment_text(c))
        .filter(|c| !c.is_empty())
        .collect()
}

pub fn comment_text(comment: &str) -> String {
    match marks::parse_comment(comment) {
        Ok((_, rest)) => rest,
        Err(_) => comment.to_string(),
    }
}

/// Whether `comment` is one a review wrote: an evaluation, optionally ` · best <ply>`, or
/// `best <ply>` alone.
///
/// ```
/// use tak::web::state::is_review_comment;
/// assert!(is_review_comment("+1.2 · best c3") && is_review_comment("-R3") && is_review_comment("best 3c3>12"));
/// assert!(!is_review_comment("+1 for style") && !is_review_comment("best of all"));
/// ```
pub fn is_review_comment(comment: &str) -> bool {
    if let Some(ply) = comment.strip_prefix("best ") {
        return ply.parse::<Move>().is_ok();
    }
    let mut parts = comment.splitn(2, " · ");
    let head = parts.next().unwrap_or("");
    crate::ai::review::parse_eval(head).is_some()
        && parts.next().is_none_or(|rest| rest.starts_with("best "))
}

/// One ply of the move list: where it is in the tree, how it is written, and the lines that
/// replace it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyItem {
    pub path: Vec<usize>,
    /// The ply in PTN (with `*` for a flattening), without its annotation.
    pub ptn: String,
    pub annotation: String,
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

/// The main line of `game` as move-list items, variations nested where they branch off.
pub fn tree_items(game: &Game) -> Vec<PlyItem> {
    line_items(game, game.start().clone(), &[], game.children(&[]), 0)
}

/// The line that starts with child `first` of the node at `parent`, from `pos`. Its first
/// ply lists no variations (its siblings are listed where the line itself is).
fn line_items(
    game: &Game,
    mut pos: Position,
    parent: &[usize],
    siblings: &[crate::game::Node],
    first: usize,
) -> Vec<PlyItem> {
    let mut items = Vec::new();
    let mut path = parent.to_vec();
    let mut siblings = siblings;
    let mut index = first;
    let (here, line) = (game.path(), game.line());
    while let Some(node) = siblings.get(index) {
        let variations = if index == 0 {
            (1..siblings.len())
                .map(|j| line_items(game, pos.clone(), &path, siblings, j))
                .collect()
        } else {
            Vec::new()
        };
        path.push(index);
        items.push(PlyItem {
            path: path.clone(),
            ptn: ptn::write_move(&pos, node.mv),
            annotation: node.annotation.to_string(),
            comments: comment_texts(&node.comments),
            raw_comments: node.comments.clone(),
            number: pos.move_number() as u32,
            white: pos.to_move() == Color::White,
            current: path == here,
            on_line: line.starts_with(&path),
            variations,
        });
        pos.play_unchecked(node.mv);
        siblings = &node.children;
        index = 0;
    }
    items
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
    /// The arithmetic: `25 board + 7 pieces × 2 (low road) = 39`.
    pub score_text: String,
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

/// What the page needs to show around the canvas.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    pub to_move: String,
    /// Whose piece a placement puts down now (the opponent's on the first two plies).
    pub placing: String,
    /// The first two plies: each player places one of the opponent's flats.
    pub opening: bool,
    pub ply: usize,
    pub first_move_number: usize,
    pub first_player: String,
    pub moves: Vec<String>,
    /// The main line with its variations, comments and annotations, for the move list.
    pub tree: Vec<PlyItem>,
    /// The path of the position shown (the child index at each ply).
    pub path: Vec<usize>,
    /// Comments before the first ply (as text to read), and as written.
    pub start_comments: Vec<String>,
    pub raw_start_comments: Vec<String>,
    /// White's chance after each ply of the current line, where a review evaluated it.
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
    /// The scoring variants (`Downings Tarway`), empty for plain scoring.
    pub scoring: String,
    pub tie_rule: bool,
    /// `court` or `tavern`.
    pub take_backs: String,
    /// Tavern rules while the game goes on: no undo.
    pub take_backs_forbidden: bool,
    /// The match this game belongs to.
    pub series: Option<MatchStatus>,
    pub selected: String,
    pub size: u8,
    pub komi: String,
    pub flats: [u32; 2],
    pub reserves: [[u8; 2]; 2],
}

/// Where the player who is not to move could complete a road on their next turn: the
/// empty squares a placement wins on, and the last square of each winning spread.
///
/// ```
/// use tak::{Position, Square};
/// use tak::web::state::road_threats;
/// // Black to move; white threatens e1 (a placement) to finish rank 1.
/// let pos = Position::from_tps("x5/x5/x5/2,2,2,x2/1,1,1,1,x 2 5")?;
/// assert_eq!(road_threats(&pos), "e1".parse::<Square>()?.bit());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn road_threats(pos: &Position) -> u64 {
    if pos.is_over() {
        return 0;
    }
    let threatener = !pos.to_move();
    let mut turn = pos.clone();
    turn.pass();
    if turn.is_opening() {
        return 0;
    }
    let mut squares = 0;
    if turn.stones_left(threatener) + turn.caps_left(threatener) > 0 {
        squares |= turn.road_placements(threatener);
    }
    let mut moves = Vec::new();
    turn.legal_moves(&mut moves);
    for &mv in moves.iter().filter(|m| !m.is_placement()) {
        let undo = turn.play_unchecked(mv);
        if turn.has_road(threatener) {
            let last = move_path(mv, pos.size()).last().unwrap_or(mv.square());
            squares |= last.bit();
        }
        turn.undo(undo);
    }
    squares
}

/// The origin of a ply and every square it touched, in order.
pub fn move_path(mv: Move, size: u8) -> impl Iterator<Item = Square> {
    let dir = mv.direction();
    let mut sq = mv.square();
    let steps = mv.distance() as usize;
    std::iter::once(sq).chain((0..steps).filter_map(move |_| {
        sq = sq.step(dir?, size)?;
        Some(sq)
    }))
}

// What the page reads: each as a JSON object with camelCase keys.

impl Json for Status {
    fn write_json(&self, out: &mut String) {
        json::object(
            out,
            &[
                ("toMove", &self.to_move),
                ("placing", &self.placing),
                ("opening", &self.opening),
                ("ply", &self.ply),
                ("firstMoveNumber", &self.first_move_number),
                ("firstPlayer", &self.first_player),
                ("moves", &self.moves),
                ("tree", &self.tree),
                ("path", &self.path),
                ("startComments", &self.start_comments),
                ("rawStartComments", &self.raw_start_comments),
                ("chances", &self.chances),
                ("canUndo", &self.can_undo),
                ("canRedo", &self.can_redo),
                ("tak", &self.tak),
                ("takBy", &self.tak_by),
                ("takSquares", &self.tak_squares),
                ("result", &self.result),
                ("finalResult", &self.final_result),
                ("message", &self.message),
                ("messageSerial", &self.message_serial),
                ("pending", &self.pending),
                ("inHand", &self.in_hand),
                ("cursor", &self.cursor),
                ("scoring", &self.scoring),
                ("tieRule", &self.tie_rule),
                ("takeBacks", &self.take_backs),
                ("takeBacksForbidden", &self.take_backs_forbidden),
                ("series", &self.series),
                ("selected", &self.selected),
                ("size", &self.size),
                ("komi", &self.komi),
                ("flats", &self.flats),
                ("reserves", &self.reserves),
            ],
        );
    }
}

impl Json for PlyItem {
    fn write_json(&self, out: &mut String) {
        json::object(
            out,
            &[
                ("path", &self.path),
                ("ptn", &self.ptn),
                ("annotation", &self.annotation),
                ("comments", &self.comments),
                ("rawComments", &self.raw_comments),
                ("number", &self.number),
                ("white", &self.white),
                ("current", &self.current),
                ("onLine", &self.on_line),
                ("variations", &self.variations),
            ],
        );
    }
}

impl Json for ResultSummary {
    fn write_json(&self, out: &mut String) {
        json::object(
            out,
            &[
                ("ptn", &self.ptn),
                ("winner", &self.winner),
                ("reason", &self.reason),
                ("reasonText", &self.reason_text),
                ("text", &self.text),
                ("score", &self.score),
                ("scoreText", &self.score_text),
            ],
        );
    }
}

impl Json for MatchStatus {
    fn write_json(&self, out: &mut String) {
        json::object(
            out,
            &[
                ("players", &self.players),
                ("length", &self.length),
                ("games", &self.games),
                ("current", &self.current),
                ("totals", &self.totals),
                ("over", &self.over),
                ("leader", &self.leader),
                ("canNext", &self.can_next),
            ],
        );
    }
}

impl Json for MatchRow {
    fn write_json(&self, out: &mut String) {
        json::object(
            out,
            &[
                ("number", &self.number),
                ("white", &self.white),
                ("result", &self.result),
                ("reason", &self.reason),
                ("winner", &self.winner),
                ("points", &self.points),
                ("scoreText", &self.score_text),
            ],
        );
    }
}

/// Reads a PTN game, or a bare TPS position (as the start of a new game).
pub fn parse_game_or_position(text: &str) -> Result<Game, Message> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(Message::new("load.nothing"));
    }
    let looks_like_tps = !trimmed.starts_with('[')
        && trimmed.contains('/')
        && trimmed.split_whitespace().count() == 3;
    if looks_like_tps {
        let pos =
            Position::from_tps(trimmed).map_err(|e| Message::new("load.error").with("error", e))?;
        return Ok(Game::new(pos));
    }
    ptn::parse_game(trimmed).map_err(|e| match (&e.location, &e.cause) {
        (ptn::Location::Ply(n), Some(cause)) => {
            let inner = match cause {
                ptn::PlyError::Parse(p) => Message::from(p),
                ptn::PlyError::Illegal(i) => Message::from(i),
            };
            PlyMessage { ply: *n, inner }.into()
        }
        _ => Message::new("load.error").with("error", format!("PTN {e}")),
    })
}

/// A PTN ply error whose cause is itself a message: translated in two steps.
struct PlyMessage {
    ply: usize,
    inner: Message,
}

impl From<PlyMessage> for Message {
    fn from(p: PlyMessage) -> Message {
        // The cause is kept as its key; `Message::text` of `load.ptn_ply` fills in `{error}`
        // with the cause in the same language.
        Message::new("load.ptn_ply")
            .with("ply", p.ply)
            .with_nested("error", p.inner)
    }
}
