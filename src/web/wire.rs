//! The messages between the page and the engine's worker (`www/worker.js`), defined once:
//! what the page asks ([`Request`]) and what the worker answers ([`Reply`]), each as JSON with
//! camelCase keys. The worker reads a request with serde ([`crate::web::engine`]); the page's
//! wasm writes a [`SearchSpec`] with its small JSON writer ([`json_object!`]), which a test
//! holds to the serde form; and the page's scripts see these types in TypeScript, declared
//! from the same serde form by `tsify` in `pkg/*.d.ts` (`make test-types` checks the worker's
//! scripts against them, JSDoc in `www/worker.js` and its clients).
//!
//! On the wire a message is one of these with an `id` beside it (`Asked`, `Answered` below):
//! `{id: 7, think: {spec, level, seed}}` is answered by `{id: 7, think: {move, …}}`, and
//! `{beat: true}` comes every second while the worker is idle and twice a second in a move's
//! search, so that the page can tell a long search from a worker that died.

use super::json::json_object;
use crate::settings::SettingsValue;
use crate::{tps, Position};
use serde::{Deserialize, Serialize};
use tsify::Tsify;
use wasm_bindgen::prelude::wasm_bindgen;

/// A position as a search needs it: the board's `searchSpec()` (the page's wasm writes it),
/// read by the worker: the position as TPS and the game's settings, the one value they
/// travel as everywhere ([`SettingsValue`]: its rules say what a draw is worth and whose flat
/// the first plies place).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct SearchSpec {
    pub tps: String,
    /// The game's settings (the rules the worker plays by; the size is the TPS's).
    pub settings: SettingsValue,
    /// `white` or `black`: for the page (the TPS says it to the worker).
    #[serde(default)]
    pub to_move: String,
    /// The game is over, also when ended by the players: for the page.
    #[serde(default)]
    pub over: bool,
    /// The game clocks, as TEI gives them (`wtime btime winc binc`, ms): the computer
    /// shares out its own time.
    #[serde(default)]
    #[tsify(optional)]
    pub wtime: Option<u64>,
    #[serde(default)]
    #[tsify(optional)]
    pub btime: Option<u64>,
    #[serde(default)]
    #[tsify(optional)]
    pub winc: Option<u64>,
    #[serde(default)]
    #[tsify(optional)]
    pub binc: Option<u64>,
}

json_object!(SearchSpec {
    tps,
    settings,
    to_move,
    over,
    wtime,
    btime,
    winc,
    binc
});

impl SearchSpec {
    /// What a computer player needs to know of `pos`, a position of a game of `settings`;
    /// `over` also counts a game ended by the players.
    pub fn of(pos: &Position, settings: SettingsValue, over: bool) -> SearchSpec {
        SearchSpec {
            tps: tps::write(pos),
            settings,
            to_move: pos.to_move().name().to_string(),
            over,
            wtime: None,
            btime: None,
            winc: None,
            binc: None,
        }
    }

    /// With the game clocks (`[white, black, white's increment, black's]`, ms), if any.
    pub fn with_clock(self, clock: Option<[u64; 4]>) -> SearchSpec {
        match clock {
            Some([w, b, wi, bi]) => SearchSpec {
                wtime: Some(w),
                btime: Some(b),
                winc: Some(wi),
                binc: Some(bi),
                ..self
            },
            None => self,
        }
    }
}

/// What the page asks the worker; the key names the question (`{think: {…}}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum Request {
    /// Choose a move: answered by [`Reply::Think`].
    Think(Think),
    /// Judge a position once (a draw offer): [`Reply::Evaluate`].
    Evaluate(SearchSpec),
    /// Analyse until told otherwise (`stop`, or another question): [`Reply::Analyze`], again
    /// and again.
    Analyze(SearchSpec),
    /// Stop analysing; no answer.
    Stop(bool),
    /// Review a line of plies: [`Reply::Progress`] after each position, then [`Reply::Review`].
    Review(Review),
    /// Prove a forced road (or not): [`Reply::Tinue`].
    Tinue(Solve),
    /// Judge a puzzle move: [`Reply::KeepsTinue`].
    KeepsTinue(PuzzleMove),
    /// The defence that lasts longest: [`Reply::StrongestDefence`].
    StrongestDefence(Solve),
    /// Read a puzzle set: [`Reply::Puzzles`].
    Puzzles(PuzzleText),
    /// Judge an answer to a puzzle of one's own mistake: [`Reply::JudgeAnswer`].
    JudgeAnswer(AnswerToJudge),
    /// A reviewed game's mistakes, to practise: [`Reply::Mistakes`].
    Mistakes(GameToPractise),
    /// A puzzle of one's own mistake tried: when it comes back ([`Reply::Practised`]).
    Practised(Practised),
    /// Measure search speed, this many nodes a position: [`Reply::Bench`].
    Bench(u32),
}

/// A move to choose.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
pub struct Think {
    pub spec: SearchSpec,
    /// 1 to 6.
    pub level: u8,
    /// The computer's dice: the same seed, the same choice.
    pub seed: u32,
}

/// A line to review from `spec`, with `nodes` a position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
pub struct Review {
    pub spec: SearchSpec,
    /// The plies in PTN.
    pub moves: Vec<String>,
    pub nodes: u32,
}

const fn seven() -> u8 {
    7
}

const fn a_million() -> u32 {
    1_000_000
}

/// A forced road to look for, `plies` deep (7 when not given) in `nodes` nodes (a million).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
pub struct Solve {
    pub spec: SearchSpec,
    #[serde(default = "seven")]
    #[tsify(optional)]
    pub plies: u8,
    #[serde(default = "a_million")]
    #[tsify(optional)]
    pub nodes: u32,
}

/// The attacker's move `move` (PTN) in a puzzle: does it keep the forced road, looked for as
/// [`Solve`] says (its fields sit beside `move`)?
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
pub struct PuzzleMove {
    #[serde(flatten)]
    pub solve: Solve,
    pub r#move: String,
}

/// An answer (`move`, PTN) to a puzzle made of one's own mistake (`mistake`, the ply played
/// there) at `spec`'s position, searched `nodes` nodes a position (as the review does).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
pub struct AnswerToJudge {
    pub spec: SearchSpec,
    pub r#move: String,
    pub mistake: String,
    pub nodes: u32,
}

/// A reviewed game (PTN with the review's comments) whose mistakes are wanted, to be kept
/// at `now` (ms since 1970).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
pub struct GameToPractise {
    pub ptn: String,
    pub now: f64,
}

/// One mistake of a reviewed game ([`crate::web::mistakes::Mistake`]), of either side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct MistakeToPractise {
    /// The ply's number on the main line, from 1.
    pub ply: u32,
    /// The move's number as a player counts them (`12` for `12. c3` and for `12. … c3`).
    pub move_number: u32,
    /// `white` or `black`: who made it.
    pub side: String,
    /// The position before it.
    pub tps: String,
    pub played: String,
    pub better: String,
    /// `??` or `?`.
    pub judgement: String,
    /// A new puzzle's schedule: due at once.
    pub schedule: crate::practice::Schedule,
}

/// A puzzle of one's own mistake tried at `now` (ms since 1970): `solved` or not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
pub struct Practised {
    pub schedule: crate::practice::Schedule,
    pub solved: bool,
    pub now: f64,
}

/// A puzzle set's text (a PTN of puzzles); with `one`, a single puzzle (its errors name no
/// number).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
pub struct PuzzleText {
    pub text: String,
    #[serde(default)]
    #[tsify(optional)]
    pub one: bool,
}

/// What the worker says; the key names the question it answers (`{think: {…}}`), or what it
/// is (`progress`, `error`, `beat`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub enum Reply {
    Think(Thought),
    Evaluate(Insight),
    Analyze(Insight),
    /// A review's progress: `[positions done, positions in all]`.
    Progress([u32; 2]),
    Review(Reviewed),
    Tinue(TinueAnswer),
    KeepsTinue(PuzzleVerdict),
    StrongestDefence(Defended),
    Puzzles(Vec<ShownPuzzle>),
    JudgeAnswer(JudgedAnswer),
    Mistakes(Vec<MistakeToPractise>),
    Practised(crate::practice::Schedule),
    Bench(Bench),
    /// Why the question could not be answered.
    Error(String),
    /// The worker is alive (no `id`).
    Beat(bool),
}

/// The computer's move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct Thought {
    /// The move in PTN (with `*` when it flattens), or null when the game is over.
    pub r#move: Option<String>,
    pub score: i32,
    pub depth: u8,
    pub nodes: u64,
    pub time_ms: f64,
    pub pv: Vec<String>,
    pub level: u8,
    /// Plies to a win the search proved: for the mover (positive: 1, the move wins at once)
    /// or against them (negative); null when it proved none.
    pub win_in: Option<i32>,
    /// How the mover's proved win comes, where its best line shows it to the end: `road`, or
    /// `flats` (the game ends on the flat count, the mover ahead); null otherwise.
    pub win_by: Option<String>,
}

/// Search speed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Bench {
    pub nodes: u64,
    pub time_ms: f64,
    pub nps: f64,
}

/// What the analysis has found so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Insight {
    pub depth: u8,
    /// From white's side, hundredths of a flat (or a forced result, as the search scores).
    pub white_score: i32,
    /// `+1.2`, `-R3`...
    pub text: String,
    pub white_chance: f64,
    /// The best line in PTN, from the position analysed.
    pub pv: Vec<String>,
    pub nodes: u64,
    pub finished: bool,
    /// The next best lines (each starting with another move), best first.
    pub lines: Vec<OtherLine>,
}

/// One of the analysis's next best lines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct OtherLine {
    pub white_score: i32,
    pub text: String,
    pub pv: Vec<String>,
    pub depth: u8,
}

/// The review's verdict on one ply, ready for the game: a judgement and a comment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct Verdict {
    /// `?`, `??` or empty.
    pub judgement: String,
    /// `missed-road`, `allows-road`, `missed-win`, `worse` or empty.
    pub finding: String,
    /// The better ply in PTN, when there is one.
    pub better: Option<String>,
    /// `{+1.2 · best c3}` without the braces.
    pub comment: String,
    pub white_chance: f64,
}

/// A reviewed line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Reviewed {
    pub start_white_chance: f64,
    pub plies: Vec<Verdict>,
}

/// What the tinue solver found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null)]
pub struct TinueAnswer {
    /// `tinue`, `no tinue` or `unknown` (the budget was spent).
    pub answer: String,
    /// The proof's main line in PTN, ending in the road (`tinue` only).
    pub line: Vec<String>,
    /// The depth a `no tinue` holds to (null: any depth).
    pub plies: Option<u8>,
    pub nodes: u64,
}

/// A reader's puzzle move judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null)]
pub struct PuzzleVerdict {
    /// `keeps`, `refuted` or `unknown`.
    pub verdict: String,
    pub r#move: String,
    pub defence: Option<String>,
    pub line: Vec<String>,
}

/// An answer to a puzzle of one's own mistake judged ([`crate::ai::review::judge_answer`]):
/// `right`, and the search's own best move (PTN) to show after a wrong answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null)]
pub struct JudgedAnswer {
    pub right: bool,
    pub best: Option<String>,
}

/// The strongest defence: the line from the defence to the road (empty: none found).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
pub struct Defended {
    pub line: Vec<String>,
}

/// One puzzle of a set, for the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub struct ShownPuzzle {
    pub tps: String,
    pub size: u8,
    pub attacker: String,
    pub source: String,
    /// The source in words (see [`crate::puzzle::SourceWords`]): the game's players and the
    /// move, or that the computer played it against itself; both absent: `source` as written.
    pub source_game: Option<String>,
    pub source_move: Option<u32>,
    pub self_play: bool,
    pub difficulty: u32,
    pub plies: u8,
    pub solution: Vec<String>,
}

/// The envelopes (a message as it travels, with the `id` its answers come back with) and the
/// names the page's scripts use to ask by kind, all made from [`Request`] and [`Reply`].
#[wasm_bindgen(typescript_custom_section)]
const ENVELOPES: &str = r#"
type KeyOf<T> = T extends unknown ? keyof T : never;
/** The kinds of question (web/wire.rs): 'think', 'analyze', … */
export type Kind = KeyOf<Request>;
/** The question of a kind: Question<'think'> is Think. */
export type Question<K extends Kind> = Extract<Request, { [k in K]: unknown }>[K];
/** What the worker says of a kind (the answer to a question of that kind, or 'progress', 'error', 'beat'). */
export type Answer<K extends KeyOf<Reply>> = Extract<Reply, { [k in K]: unknown }>[K];
/** A question as it travels: a Request with the id its answers come back with. */
export type Asked = Request & { id?: number };
/** What the worker posts: a Reply with the id of the question it answers (none for a beat). */
export type Answered = Reply & { id?: number };
/** A message from the worker as the page reads it: any one key may be there. */
export type Heard = { id?: number } & { [K in KeyOf<Reply>]?: Answer<K> };
"#;

/// How the mover's proved win comes (`win_in` plies away, positive: the mover's), where the
/// best line `pv` from `pos` reaches it: `road`, or `flats` (the game ends on the flat count,
/// the mover ahead). A hint says so: not "it makes your road" for a last piece that ends the
/// game on the count.
pub fn win_by(pos: &crate::Position, win_in: Option<i32>, pv: &[crate::Move]) -> Option<String> {
    if win_in? <= 0 {
        return None;
    }
    let mut end = pos.clone();
    for &mv in pv {
        if end.outcome().is_some() || end.play(mv).is_err() {
            break;
        }
    }
    let outcome = end.outcome()?;
    (outcome.winner == Some(pos.to_move())).then(|| match outcome.reason {
        crate::EndReason::Flats => "flats".to_string(),
        _ => "road".to_string(),
    })
}

// Native only: serde_json reads what the page writes.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::settings::GameSettings;
    use crate::web::json::Json;

    fn spec() -> SearchSpec {
        let pos = Position::from_tps("x5/x5/x2,1,x2/x5/2,x4 1 2").unwrap();
        let settings = GameSettings::new(*pos.config()).value();
        SearchSpec::of(&pos, settings, false).with_clock(Some([60_000, 59_000, 1_000, 1_000]))
    }

    #[test]
    fn the_pages_search_spec_is_the_serde_form() {
        let six = Position::new(6).unwrap();
        let settings = GameSettings::every_option_changed();
        let partial = SettingsValue {
            komi: "1.5".into(),
            ..SettingsValue::default()
        };
        for spec in [
            spec(),
            SearchSpec::of(&six, settings.value(), true),
            SearchSpec::of(&six, partial, true),
        ] {
            let written = spec.to_json();
            let read: SearchSpec = serde_json::from_str(&written).unwrap();
            assert_eq!(read, spec);
            let serde_form: serde_json::Value = serde_json::to_value(&spec).unwrap();
            let page_form: serde_json::Value = serde_json::from_str(&written).unwrap();
            assert_eq!(page_form, serde_form, "{written}");
        }
    }

    #[test]
    fn an_answer_to_judge_is_asked_and_answered_as_the_page_writes_it() {
        let asked: Request = serde_json::from_str(
            r#"{"judgeAnswer": {"spec": {"tps": "x5/x5/x5/x5/x5 1 1", "settings": {}}, "move": "e1", "mistake": "a5", "nodes": 20000}}"#,
        )
        .unwrap();
        let Request::JudgeAnswer(a) = asked else {
            panic!("{asked:?}")
        };
        assert_eq!(
            (a.r#move.as_str(), a.mistake.as_str(), a.nodes),
            ("e1", "a5", 20_000)
        );
        let reply = Reply::JudgeAnswer(JudgedAnswer {
            right: false,
            best: None,
        });
        assert_eq!(
            serde_json::to_value(&reply).unwrap(),
            serde_json::json!({"judgeAnswer": {"right": false, "best": null}})
        );
    }

    #[test]
    fn a_try_at_a_puzzle_is_answered_with_when_it_comes_back() {
        let asked: Request = serde_json::from_str(
            r#"{"practised": {"schedule": {"step": 0, "due": 1000}, "solved": true, "now": 2000}}"#,
        )
        .unwrap();
        let Request::Practised(p) = asked else {
            panic!("{asked:?}")
        };
        let reply = Reply::Practised(p.schedule.solved(p.now));
        assert_eq!(
            serde_json::to_value(&reply).unwrap(),
            serde_json::json!({"practised": {"step": 1, "due": 2000.0 + crate::practice::DAY_MS}})
        );
        // A learned puzzle: due null, read back as learned.
        let learned: crate::practice::Schedule =
            serde_json::from_str(r#"{"step": 4, "due": null}"#).unwrap();
        assert!(learned.is_learned());
    }

    #[test]
    fn a_request_is_one_key_with_its_question() {
        let think = Request::Think(Think {
            spec: spec(),
            level: 3,
            seed: 7,
        });
        let json = serde_json::to_value(&think).unwrap();
        assert_eq!(json["think"]["spec"]["settings"]["komi"], "0");
        assert_eq!(serde_json::from_value::<Request>(json).unwrap(), think);
        // What a page may leave out is filled in.
        let solve: Request = serde_json::from_str(
            r#"{"keepsTinue": {"spec": {"tps": "x5/x5/x5/x5/x5 1 1", "settings": {"flats": 21}}, "move": "a1"}}"#,
        )
        .unwrap();
        let Request::KeepsTinue(m) = solve else {
            panic!("{solve:?}")
        };
        assert_eq!(
            (
                m.solve.plies,
                m.solve.nodes,
                m.solve.spec.settings.clone(),
                m.r#move.as_str()
            ),
            (
                7,
                1_000_000,
                SettingsValue {
                    flats: Some(21),
                    ..SettingsValue::default()
                },
                "a1"
            )
        );
        // Its limits sit beside the move, as a page writes them.
        let json = serde_json::to_value(Request::KeepsTinue(m)).unwrap();
        assert_eq!(
            (
                json["keepsTinue"]["plies"].as_u64(),
                json["keepsTinue"]["move"].as_str()
            ),
            (Some(7), Some("a1"))
        );
        let stop: Request = serde_json::from_str(r#"{"stop": true}"#).unwrap();
        assert_eq!(stop, Request::Stop(true));
    }

    #[test]
    fn the_typescript_names_every_field_as_serde_writes_it() {
        let decl = <SearchSpec as Tsify>::DECL;
        let json = serde_json::to_value(spec()).unwrap();
        for key in json.as_object().unwrap().keys() {
            assert!(
                decl.contains(&format!("{key}:")) || decl.contains(&format!("{key}?:")),
                "{key} in {decl}"
            );
        }
        let request = <Request as Tsify>::DECL;
        for word in [
            "think: Think",
            "keepsTinue: PuzzleMove",
            "stop: boolean",
            "bench: number",
        ] {
            assert!(request.contains(word), "{word} in {request}");
        }
        assert!(<Reply as Tsify>::DECL.contains("beat: boolean"));
        assert!(<Thought as Tsify>::DECL.contains("move: string | null"));
    }

    fn line(plies: &[&str]) -> Vec<crate::Move> {
        plies.iter().map(|p| p.parse().unwrap()).collect()
    }

    #[test]
    fn a_hint_knows_a_flat_win_from_a_road() {
        // The last empty square filled: no road, White ahead on the count.
        let full = Position::from_tps("1,2,1/2,1,2/1,2,x 1 5").unwrap();
        assert_eq!(
            win_by(&full, Some(1), &line(&["c1"])).as_deref(),
            Some("flats")
        );
        // A road made.
        let road = Position::from_tps("x,x,x/1,1,x/2,2,x 1 3").unwrap();
        assert_eq!(
            win_by(&road, Some(1), &line(&["c2"])).as_deref(),
            Some("road")
        );
        // No win proved, a loss, or a line that does not reach the end: not said.
        assert_eq!(win_by(&road, None, &line(&["c2"])), None);
        assert_eq!(win_by(&road, Some(-2), &line(&["c2"])), None);
        assert_eq!(win_by(&road, Some(3), &line(&["c3"])), None);
    }
}
