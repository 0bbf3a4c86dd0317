//! The `tak` command: perft, ptn, and usage errors.
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn tak(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tak"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tak");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn perft_prints_one_line_per_depth() {
    let o = tak(&["perft", "--size", "4", "3"], "");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "1 16\n2 240\n3 7440\n");
    let o = tak(
        &["perft", "--tps", "x5/x2,2S,x2/x2,121,x2/x5/x5 1 4", "2"],
        "",
    );
    assert_eq!(stdout(&o), "1 87\n2 6155\n");
    let o = tak(&["perft", "2"], "");
    assert_eq!(stdout(&o), "1 25\n2 600\n", "default size 5");
    // No-swap: the same counts from the empty board (see tests/variants.rs); after one ply
    // the board must hold White's own flat, and black then places its own.
    let o = tak(&["perft", "--size", "4", "--opening", "no-swap", "3"], "");
    assert_eq!(stdout(&o), "1 16\n2 240\n3 7440\n");
    let o = tak(
        &[
            "perft",
            "--opening",
            "no-swap",
            "--tps",
            "x3/x3/1,x2 2 1",
            "1",
        ],
        "",
    );
    assert_eq!(stdout(&o), "1 8\n");
    let o = tak(
        &[
            "perft",
            "--opening",
            "no-swap",
            "--tps",
            "x3/x3/2,x2 2 1",
            "1",
        ],
        "",
    );
    assert!(
        !o.status.success(),
        "a black flat after a no-swap first ply"
    );
    let o = tak(&["perft", "--opening", "sideways", "1"], "");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--opening") && err.contains("'sideways' is not 'swap' or 'no-swap'"));
}

#[test]
fn ptn_replays_and_reports_the_rules_result() {
    let game = "[Size \"3\"]\n[Result \"0-R\"]\n1. a1 c3 2. b3 b1 3. c1 a3 4. a2 b2 5. c2 0-R\n";
    let o = tak(&["ptn"], game);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        stdout(&o),
        "tps 2,1,1/1,2,1/2,2,1 2 5\nresult R-0\n",
        "the tag is not trusted"
    );
    let o = tak(&["ptn"], "[Size \"5\"]\n1. a1 e5 2. c3 1-0");
    assert_eq!(stdout(&o), "tps x4,1/x5/x2,1,x2/x5/2,x4 2 2\nresult none\n");
}

#[test]
fn ptn_reads_a_file() {
    let path = std::env::temp_dir().join(format!("tak-cli-test-{}.ptn", std::process::id()));
    std::fs::write(&path, "[Size \"4\"]\n1. a1 d4\n").unwrap();
    let o = tak(&["ptn", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).ok();
    assert_eq!(stdout(&o), "tps x3,1/x4/x4/2,x3 1 2\nresult none\n");
}

#[test]
fn an_illegal_ply_is_an_error_with_its_number() {
    let o = tak(&["ptn"], "[Size \"5\"]\n1. a1 e5 2. Cc3 Cc3");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "error: ply 4: c3 is not empty\n"
    );
    assert!(o.stdout.is_empty());
    let o = tak(&["ptn"], "1. a1 e5 2. zz9");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("error: ply 3: 'zz9'"));
}

#[test]
fn bad_usage_exits_2_and_names_the_argument() {
    for (args, named) in [
        (&[][..], "Usage: tak <COMMAND>"),
        (&["frobnicate"], "'frobnicate'"),
        (&["perft"], "<DEPTH>"),
        (&["perft", "x"], "'x' for '<DEPTH>'"),
        (
            &["perft", "--size", "9", "1"],
            "'9' for '--size <SIZE>': board size 9",
        ),
        (&["ptn", "a", "b"], "'b'"),
        (&["match", "--sprt", "1", "a", "b"], "'--sprt <ELO0,ELO1>'"),
        (&["render"], "--tps"),
        (
            &["tinue", "--plies", "99", "x3/x3/x3 1 1"],
            "'--plies <PLIES>'",
        ),
    ] {
        let o = tak(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(named), "{args:?}: {err}");
        assert!(
            err.contains("Usage: tak") || err.contains("try '--help'"),
            "{args:?}: {err}"
        );
    }
    let o = tak(&["--help"], "");
    assert!(o.status.success() && stdout(&o).contains("perft"));
    // Every command has its own help, listing its options.
    for (command, option) in [
        ("perft", "--opening"),
        ("match", "--movetime2"),
        ("tune", "--result-share"),
        ("puzzles", "--per-group"),
        ("render", "--no-coordinates"),
    ] {
        let o = tak(&[command, "--help"], "");
        assert!(o.status.success(), "{command}");
        let help = stdout(&o);
        assert!(help.contains(&format!("Usage: tak {command}")), "{help}");
        assert!(help.contains(option), "{command}: {help}");
    }
}

#[test]
fn render_writes_well_formed_svg_for_every_size_with_and_without_marks() {
    for size in 3..=8u8 {
        let empty = format!("{} 1 1", vec![format!("x{size}"); size as usize].join("/"));
        for marks in [
            vec![],
            vec![
                "--highlight",
                "a1,b2:red",
                "--arrows",
                "a1-a3",
                "--labels",
                "b1:A",
            ],
        ] {
            let mut args = vec!["render", "--tps", empty.as_str()];
            args.extend(marks.iter().copied());
            let out = tak(&args, "");
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let text = String::from_utf8(out.stdout).unwrap();
            let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
            assert_eq!(doc.root_element().tag_name().name(), "svg");
            let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
            // The file letters along the edge, one per column.
            let last = (b'a' + size - 1) as char;
            assert!(texts.contains(&last.to_string().as_str()), "size {size}");
            if !marks.is_empty() {
                assert!(text.contains("#d55e00"), "the red highlight");
                assert_eq!(
                    doc.descendants()
                        .filter(|n| n.has_tag_name("polygon"))
                        .count(),
                    1
                );
                assert!(texts.contains(&"A"));
            }
        }
    }
}

#[test]
fn render_flip_draws_the_board_from_blacks_side() {
    // The x of the file letter `label` along the bottom edge.
    let file_x = |args: &[&str], label: &str| -> f64 {
        let out = tak(args, "");
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
        let node = doc
            .descendants()
            .find(|n| n.has_tag_name("text") && n.text() == Some(label))
            .expect("the file letter");
        node.attribute("x").unwrap().parse().unwrap()
    };
    let tps = "x5/x5/x5/x5/x5 1 1";
    assert!(file_x(&["render", "--tps", tps], "a") < file_x(&["render", "--tps", tps], "e"));
    let flipped = ["render", "--tps", tps, "--flip"];
    assert!(
        file_x(&flipped, "a") > file_x(&flipped, "e"),
        "file a at the right"
    );
}

#[test]
fn render_reads_a_ptn_at_a_ply_and_refuses_bad_marks() {
    let dir = std::env::temp_dir().join(format!("tak-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.ptn");
    std::fs::write(&file, "[Size \"4\"]\n1. a1 d4 2. b2 {[highlight b2]} c3").unwrap();
    let out = tak(
        &[
            "render",
            "--ptn",
            file.to_str().unwrap(),
            "--ply",
            "3",
            "--dark",
        ],
        "",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("#1b1a19"), "dark");
    assert!(text.contains("#009e73"), "the comment's highlight on ply 3");
    let bad = tak(
        &["render", "--tps", "x3/x3/x3 1 1", "--highlight", "z9"],
        "",
    );
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not a square"));
    let usage = tak(&["render"], "");
    assert_eq!(usage.status.code(), Some(2));
}

#[test]
fn every_error_has_one_prefix_and_a_malformed_tps_says_what_is_wrong() {
    // A usage error and a failure begin alike (they began `tak:` and `error:`).
    let usage = tak(&["frobnicate"], "");
    assert!(String::from_utf8_lossy(&usage.stderr)
        .starts_with("error: unrecognized subcommand 'frobnicate'"));
    let failed = tak(&["ptn"], "1. a1 e5 2. zz9");
    assert!(String::from_utf8_lossy(&failed.stderr).starts_with("error: "));
    // A TPS of one word is not "board size 1".
    let o = tak(&["perft", "--tps", "hello", "1"], "");
    let err = String::from_utf8_lossy(&o.stderr);
    let first = err.lines().next().unwrap_or("");
    assert!(
        first.starts_with("error: TPS column 1: expected three fields"),
        "{err}"
    );
    assert!(!first.contains("board size"), "{err}");
    let o = tak(&["perft", "--tps", "x9/x9 1 1", "1"], "");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("error: TPS column 1: 2 rows: a board has 3 to 8 rows"),
        "{err}"
    );
}
