//! The game's session: its options and take-back rules (from its tags), a match of games,
//! resigning and agreeing a draw. The match's rules (lengths, totals, saving) are the
//! engine's `series.rs`; this file is what the board does with them, and the score table.

use super::drag::Gesture;
use super::i18n::{self, Message};
use super::record::Sitting;
use super::state::{Board, Event};
use crate::series::Series;
use crate::settings::GameSettings;
use crate::{Color, Game};

/// The name of computer level `level`, in `lang` ("Club").
fn level_name(lang: i18n::Lang, level: u8) -> String {
    let key = match level {
        1 => "level.1",
        2 => "level.2",
        3 => "level.3",
        4 => "level.4",
        5 => "level.5",
        _ => "level.6",
    };
    i18n::text(lang, key, &[])
}

/// Writes who plays, where and when into the tags of `game`, a game the page starts: `Date`
/// and `Site` when known and, with `players`, `Player1` and `Player2` (against the computer
/// "Player" and "Computer (Club)"; between people on this device, unknown: `?`).
fn stamp(sitting: &Sitting, lang: i18n::Lang, game: &mut Game, players: bool) {
    if let Some(date) = &sitting.today {
        game.set_tag("Date", date);
    }
    if let Some(site) = &sitting.site {
        game.set_tag("Site", site);
    }
    if !players {
        return;
    }
    for color in [Color::White, Color::Black] {
        let name = match sitting.computer {
            Some((computer, level)) if computer == color => i18n::text(
                lang,
                "player.computer_tag",
                &[("level", level_name(lang, level))],
            ),
            Some(_) => i18n::text(lang, "player.reader", &[]),
            None => "?".to_string(),
        };
        let tag = if color == Color::White {
            "Player1"
        } else {
            "Player2"
        };
        game.set_tag(tag, &name);
    }
}

impl Board {
    /// The side `color` as the page names it: against the computer "You" and "Computer ·
    /// Club", else the colour.
    pub fn player_name(&self, color: Color) -> String {
        match self.record.sitting.computer {
            Some((computer, level)) if computer == color => i18n::text(
                self.lang,
                "player.computer",
                &[("level", level_name(self.lang, level))],
            ),
            Some(_) => i18n::text(self.lang, "player.you", &[]),
            None => self.colour_name(color),
        }
    }

    /// The computer's side named without its level ("Computer"), where a short name is
    /// wanted (over its reserve, in little room); none for the other sides.
    pub fn player_short(&self, color: Color) -> Option<String> {
        match self.record.sitting.computer {
            Some((computer, _)) if computer == color => {
                Some(i18n::text(self.lang, "player.computer_short", &[]))
            }
            _ => None,
        }
    }

    /// Against the computer (its colour and level) or not: names the sides on the canvas
    /// and in the status, and the players of the next game started.
    pub fn set_computer(&mut self, computer: Option<(Color, u8)>) {
        if self.record.sitting.computer != computer {
            self.record.sitting.computer = computer;
            self.dirty = true;
        }
    }

    /// [`stamp`] with this board's sitting and language.
    fn stamp(&self, game: &mut Game, players: bool) {
        stamp(&self.record.sitting, self.lang, game, players);
    }

    /// The game on the board is a new one the page started (not read from text): its tags
    /// say who plays, where and when.
    pub fn stamp_new_game(&mut self) {
        let players = self.record.series.is_none();
        stamp(
            &self.record.sitting,
            self.lang,
            &mut self.record.game,
            players,
        );
    }

    /// A name for the game's PTN file, from its players and date:
    /// `Player-vs-Computer-Club-2025-03-07.ptn`, or `tak-2025-03-07.ptn` when the players
    /// are not named.
    pub fn ptn_file_name(&self) -> String {
        file_name(&self.record.game)
    }

    /// A new game of `settings`, written into its tags so that they travel with its PTN
    /// ([`GameSettings::write_tags`]: every option in force, the defaults too), with who
    /// plays, where and when ([`Sitting`]). Its clocks, if it has any, run at once for the
    /// first player.
    pub fn new_game(&mut self, settings: GameSettings) {
        let mut game = Game::with_config(settings.rules);
        self.stamp(&mut game, true);
        settings.write_play_tags(&mut game);
        // A build without clocks writes no Clock tag (nor carries the code that writes one).
        if super::clock::CLOCKS {
            settings.write_clock_tag(&mut game);
        }
        self.load(game);
        self.run_clock();
    }

    /// Starts a match: its first game, with white for the first player.
    pub fn start_match(&mut self, series: Series) {
        let mut game = Game::with_config(series.settings.rules);
        self.stamp(&mut game, false);
        series.tag(&mut game, 1, series.white_player());
        self.record.series = Some(series);
        self.load(game);
        self.run_clock();
    }

    /// Records the finished game in the match and starts the next one (the other player
    /// has white). On error nothing changes and the message says why.
    pub fn next_game(&mut self) -> Result<(), String> {
        let Some(series) = &mut self.record.series else {
            return Err(self.text(&Message::new("match.none")));
        };
        if self.record.game.main_line_outcome().is_none() {
            return Err(self.text(&Message::new("match.unfinished")));
        }
        if series.is_over() {
            return Err(self.text(&Message::new("match.over")));
        }
        series.record(&self.record.game);
        let number = series.games.len() + 1;
        let white = series.white_player();
        let mut game = Game::with_config(series.settings.rules);
        if !series.is_over() {
            stamp(&self.record.sitting, self.lang, &mut game, false);
            series.tag(&mut game, number, white);
            self.load(game);
            self.run_clock();
        } else {
            self.events.push(Event::Load);
            self.dirty = true;
        }
        Ok(())
    }

    /// Shows finished game `number` (from 1) of the match from its start, with its match
    /// tags; the game being played is kept aside until [`Board::back_to_match`] (and is the
    /// game to keep meanwhile: [`GameRecord::game_to_keep`](super::record::GameRecord::game_to_keep)). Returns false for no such game.
    pub fn view_match_game(&mut self, number: usize) -> bool {
        let Some(series) = &self.record.series else {
            return false;
        };
        let Some(played) = number.checked_sub(1).and_then(|i| series.games.get(i)) else {
            return false;
        };
        let mut game = played.game.clone();
        series.tag(&mut game, number, played.white);
        let kept = match self.record.aside.take() {
            Some((kept, _)) => kept,
            None => self.record.game.clone(),
        };
        self.record.aside = Some((kept, number));
        self.load(game);
        self.goto(0);
        true
    }

    /// Back from a finished game of the match to the game being played, as it was left.
    pub fn back_to_match(&mut self) -> bool {
        let Some((kept, _)) = self.record.aside.take() else {
            return false;
        };
        self.load(kept);
        true
    }

    /// The number (from 1) of the finished game of the match shown, if one is.
    pub fn viewing(&self) -> Option<usize> {
        self.record.aside.as_ref().map(|(_, n)| *n)
    }

    /// Leaves the match (the game shown stays on the board).
    pub fn end_match(&mut self) {
        self.record.aside = None;
        if self.record.series.take().is_some() {
            self.events.push(Event::Load);
            self.dirty = true;
        }
    }

    /// `color` resigns here.
    pub fn resign(&mut self, color: Color) -> bool {
        if self.record.game.outcome().is_some() {
            return false;
        }
        self.record.game.resign(color);
        self.after_ending();
        true
    }

    /// The players agree a draw here.
    pub fn agree_draw(&mut self) -> bool {
        if self.record.game.outcome().is_some() {
            return false;
        }
        self.record.game.agree_draw();
        self.after_ending();
        true
    }

    fn after_ending(&mut self) {
        self.gesture = Gesture::Idle;
        // A hint is for a game that goes on: its square is not left on a finished board.
        self.hint = None;
        self.position_changed();
        self.events.push(Event::Navigate {
            ply: self.record.game.len(),
        });
        self.dirty = true;
    }
}

/// A name for `game`'s PTN file: see [`Session::ptn_file_name`].
pub fn file_name(game: &Game) -> String {
    let part = |text: &str| {
        let mut out = String::new();
        // Letters and digits (any beyond ASCII kept: no Unicode tables in the page's wasm).
        for c in text.chars() {
            if c.is_ascii_alphanumeric() || !c.is_ascii() {
                out.push(c);
            } else if !out.is_empty() && !out.ends_with('-') {
                out.push('-');
            }
        }
        out.trim_end_matches('-')
            .chars()
            .take(40)
            .collect::<String>()
    };
    let named = |tag: &str| game.tag(tag).map(part).filter(|n| !n.is_empty());
    let mut name = match (named("Player1"), named("Player2")) {
        (Some(a), Some(b)) => format!("{a}-vs-{b}"),
        _ => "tak".to_string(),
    };
    if let Some(date) = game.tag("Date").map(part).filter(|d| !d.is_empty()) {
        name.push('-');
        name.push_str(&date);
    }
    name.push_str(".ptn");
    name
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::series::{Length, TakeBacks};
    use crate::web::config::BoardOptions;
    use crate::Config;

    fn road_for_white(b: &mut Board) {
        for m in ["a1", "c3", "b3", "b1", "c1", "a3", "a2", "b2", "c2"] {
            b.play_ptn(m).unwrap();
        }
    }

    #[test]
    fn a_finished_game_counts_in_the_match_before_it_is_recorded() {
        let config = Config::standard(3).unwrap();
        let mut b = Board::with_config(config, BoardOptions::default());
        b.start_match(Series::new(
            ["Ann".into(), "Ben".into()],
            Length::Games(2),
            config,
        ));
        assert_eq!(b.next_game(), Err("Finish this game first.".into()));
        road_for_white(&mut b);
        let s = b.status().series.unwrap();
        assert_eq!(s.totals, [14, 0]);
        assert!(s.can_next && !s.over);
        assert_eq!(s.leader, Some(0));
        b.next_game().unwrap();
        let s = b.status().series.unwrap();
        assert_eq!((s.games.len(), s.totals), (1, [14, 0]));
        assert_eq!(
            b.record.game.tag("Player1"),
            Some("Ben"),
            "Ben has white in the second game"
        );
    }

    #[test]
    fn a_finished_game_of_the_match_is_shown_while_the_next_is_kept_aside() {
        let config = Config::standard(3).unwrap();
        let mut b = Board::with_config(config, BoardOptions::default());
        b.start_match(Series::new(
            ["Ann".into(), "Ben".into()],
            Length::Games(3),
            config,
        ));
        road_for_white(&mut b);
        b.next_game().unwrap();
        b.play_ptn("a1").unwrap();
        let playing = crate::web::storage::save(&b.record, b.now, b.clock_hold);
        assert!(!b.view_match_game(2), "only finished games");
        assert!(b.view_match_game(1));
        assert_eq!((b.viewing(), b.record.game.len()), (Some(1), 0));
        assert_eq!(b.record.game.tag("Player1"), Some("Ann"));
        assert_eq!(b.status().series.unwrap().viewing, Some(1));
        assert_eq!(
            crate::web::storage::save_to_keep(&b.record, b.now, b.clock_hold),
            playing
        );
        assert!(b.back_to_match());
        assert_eq!(b.viewing(), None);
        assert_eq!(
            crate::web::storage::save(&b.record, b.now, b.clock_hold),
            playing
        );
        assert!(!b.back_to_match());
    }

    /// A board as the page has it against the computer at `level`, playing `computer`.
    fn against_the_computer(computer: Color, level: u8) -> Board {
        let mut b = Board::with_config(Config::standard(5).unwrap(), BoardOptions::default());
        b.record.sitting.site = Some("Tak for the web (https://example.org/tak/)".into());
        b.record.sitting.set_today(2025, 3, 7);
        b.set_computer(Some((computer, level)));
        b
    }

    #[test]
    fn a_game_against_the_computer_carries_date_site_players_komi_and_options() {
        let mut b = against_the_computer(Color::Black, 3);
        b.new_game(GameSettings::new(Config::standard(5).unwrap()));
        road_for_white_on_five(&mut b);
        let ptn = b.ptn();
        for tag in [
            "[Size \"5\"]",
            "[Date \"2025.03.07\"]",
            "[Site \"Tak for the web (https://example.org/tak/)\"]",
            "[Player1 \"Player\"]",
            "[Player2 \"Computer (Club)\"]",
            "[Komi \"0\"]",
            "[Scoring \"none\"]",
            "[TakeBacks \"court\"]",
            "[Result \"R-0\"]",
        ] {
            assert!(ptn.contains(tag), "{tag} missing from\n{ptn}");
        }
        assert!(ptn.starts_with("[Size \"5\"]\n"), "Size first:\n{ptn}");
        // The PTN reads back as the same game with the same options.
        let back = crate::ptn::parse_game(&ptn).unwrap();
        assert_eq!(back.tag("Player2"), Some("Computer (Club)"));
        assert_eq!(crate::ptn::write_game(&back), ptn);
        assert_eq!(b.ptn_file_name(), "Player-vs-Computer-Club-2025-03-07.ptn");
    }

    fn road_for_white_on_five(b: &mut Board) {
        for m in [
            "e5", "a1", "a2", "b5", "b2", "c5", "c2", "d4", "d2", "a5", "e2",
        ] {
            b.play_ptn(m).unwrap();
        }
    }

    #[test]
    fn the_computer_with_white_is_player1_and_the_options_in_force_are_written() {
        let mut b = against_the_computer(Color::White, 4);
        // Every setting away from its default: the game's PTN carries each of them.
        let settings = GameSettings::every_option_changed();
        let value = settings.value();
        b.new_game(settings);
        assert_eq!(b.record.game.tag("Player1"), Some("Computer (Strong)"));
        assert_eq!(b.record.game.tag("Player2"), Some("Player"));
        let ptn = b.ptn();
        let back = crate::ptn::parse_game(&ptn).unwrap();
        assert_eq!(GameSettings::of_game(&back), Ok(settings), "{ptn}");
        assert_eq!(b.record.settings_value(), value);
        assert!(!ptn.contains("[Result"), "no result while it goes on");
    }

    #[test]
    fn against_the_computer_the_sides_are_named_as_players() {
        let mut b = against_the_computer(Color::Black, 3);
        let s = b.status();
        assert_eq!(
            s.players,
            ["You".to_string(), "Computer · Club".to_string()]
        );
        assert_eq!(b.player_label(Color::White), "You");
        assert_eq!(b.player_label(Color::Black), "Computer · Club");
        assert_eq!(b.player_short(Color::Black).as_deref(), Some("Computer"));
        assert_eq!(b.player_short(Color::White), None);
        // Between people the sides are the colours again, and the game names no one.
        b.set_computer(None);
        b.new_game(GameSettings::new(Config::standard(5).unwrap()));
        assert_eq!(
            b.status().players,
            ["White".to_string(), "Black".to_string()]
        );
        assert_eq!(b.record.game.tag("Player1"), Some("?"));
        assert_eq!(b.player_label(Color::Black), "Black");
        assert_eq!(b.ptn_file_name(), "tak-2025-03-07.ptn");
    }

    #[test]
    fn a_game_of_a_match_keeps_the_match_players_and_gets_date_and_site() {
        let config = Config::standard(3).unwrap();
        let mut b = against_the_computer(Color::Black, 3);
        b.set_computer(None);
        b.start_match(Series::new(
            ["Ann".into(), "Ben".into()],
            Length::Games(2),
            config,
        ));
        assert_eq!(b.record.game.tag("Player1"), Some("Ann"));
        assert_eq!(b.record.game.tag("Date"), Some("2025.03.07"));
        assert!(b.record.game.tag("Site").is_some());
        assert_eq!(b.ptn_file_name(), "Ann-vs-Ben-2025-03-07.ptn");
    }

    #[test]
    fn a_fresh_board_is_stamped_but_a_game_read_from_text_keeps_its_own_tags() {
        let mut b = against_the_computer(Color::Black, 1);
        b.stamp_new_game();
        assert_eq!(b.record.game.tag("Player2"), Some("Computer (Beginner)"));
        assert_eq!(b.record.game.tag("Date"), Some("2025.03.07"));
        // A game without a Komi tag is written with one; one read from text keeps its date.
        let game = crate::ptn::parse_game("[Size \"4\"]\n[Date \"2016.04.01\"]\n1. a1 d4").unwrap();
        b.load(game);
        let ptn = b.ptn();
        assert!(
            ptn.contains("[Komi \"0\"]") && ptn.contains("[Date \"2016.04.01\"]"),
            "{ptn}"
        );
        let tags: Vec<&str> = ptn.lines().filter(|l| l.starts_with('[')).collect();
        assert_eq!(
            tags,
            ["[Size \"4\"]", "[Date \"2016.04.01\"]", "[Komi \"0\"]"],
            "no option tags where the game names none:\n{ptn}"
        );
    }

    #[test]
    fn under_tavern_rules_a_finished_games_result_stands() {
        let mut b = Board::with_config(Config::standard(3).unwrap(), BoardOptions::default());
        b.new_game(GameSettings {
            take_backs: TakeBacks::Tavern,
            ..GameSettings::new(Config::standard(3).unwrap())
        });
        b.record.played_line_is_main = true; // as against the computer
        b.play_ptn("a1").unwrap();
        b.play_ptn("c3").unwrap();
        assert!(b.record.take_backs_forbidden());
        assert!(b.resign(Color::White));
        assert!(!b.resign(Color::Black), "a game ends once");
        // A step back looks back: the resignation stays, found again at the end...
        assert!(b.undo());
        assert_eq!(b.record.game.len(), 1);
        assert!(b.goto(2));
        assert_eq!(b.record.game.outcome().map(|o| o.ptn_result()), Some("0-1"));
        // To the start and back (« and »): still there.
        assert!(b.goto(0));
        assert!(b.goto(2));
        assert_eq!(b.record.game.outcome().map(|o| o.ptn_result()), Some("0-1"));
        assert!(b.goto(1));
        // ... and no ply is played before the end.
        assert!(b.record.tavern_locked());
        assert!(b.play_typed("b2").is_err());
        assert_eq!(
            b.record.game.main_line_outcome().map(|o| o.ptn_result()),
            Some("0-1")
        );
    }

    #[test]
    fn at_court_a_resignation_is_taken_back() {
        let mut b = Board::with_config(Config::standard(3).unwrap(), BoardOptions::default());
        b.play_ptn("a1").unwrap();
        assert!(b.resign(Color::White));
        assert!(b.undo());
        assert!(b.record.game.main_line_outcome().is_none());
    }
}
