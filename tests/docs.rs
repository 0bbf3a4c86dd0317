//! The README and `docs/` say nothing that is not so: every link to a file or a heading
//! leads somewhere, and every command they show runs as written — a `tak` command is
//! accepted by the CLI's own parser (the very clap declaration of `src/bin/tak/args.rs`),
//! a `make` target is in the Makefile, a test, bench, script or file named exists.
//!
//! A renamed option, a removed target or a moved heading fails here, naming the file and
//! line of the doc to mend.

#![cfg(not(target_arch = "wasm32"))]

use clap::Parser;
use std::path::{Path, PathBuf};

#[allow(dead_code)] // the test only parses; the binary runs what is parsed
#[path = "../src/bin/tak/args.rs"]
mod args;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The docs a reader is sent to: the README and every page of `docs/`.
fn docs() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    files.extend(pages);
    files
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn name(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// A heading's anchor as GitHub writes it: lower case, punctuation dropped (but `-` and
/// `_`), spaces to `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// Each `](target)` of a line, with the line's number.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut fenced = false;
    for (number, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            found.push((number + 1, after[..end].to_string()));
            rest = &after[end..];
        }
    }
    found
}

#[test]
fn every_link_in_the_docs_leads_to_a_file_and_heading_that_exist() {
    let mut checked = 0;
    for doc in docs() {
        let text = read(&doc);
        for (line, target) in links(&text) {
            let at = format!("{}:{line}: ({target})", name(&doc));
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, heading) = target.split_once('#').unwrap_or((&target, ""));
            let file = if file.is_empty() {
                doc.clone()
            } else {
                doc.parent().unwrap().join(file)
            };
            assert!(file.exists(), "{at}: no file {}", file.display());
            if !heading.is_empty() {
                assert!(
                    anchors(&read(&file)).iter().any(|a| a == heading),
                    "{at}: no heading with the anchor #{heading} in {}",
                    name(&file)
                );
            }
            checked += 1;
        }
    }
    assert!(
        checked >= 20,
        "only {checked} links read: is the reader broken?"
    );
}

/// The inline code of a doc's prose, with the line each starts on: a span may run on to the
/// next line of its paragraph.
fn inline_code(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut fenced = false;
    let mut open: Option<(usize, String)> = None;
    for (number, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            open = None;
            continue;
        }
        if fenced || line.trim().is_empty() {
            open = None;
            continue;
        }
        for (i, piece) in line.split('`').enumerate() {
            if i > 0 {
                match open.take() {
                    Some(span) => found.push(span),
                    None => open = Some((number + 1, String::new())),
                }
            } else if let Some((_, code)) = open.as_mut() {
                code.push(' ');
            }
            if let Some((_, code)) = open.as_mut() {
                code.push_str(piece);
            }
        }
    }
    found
}

/// The shell commands a doc shows: the lines of its code blocks (a trailing `\` joins the
/// next), and its inline code that starts like a command (`make …`, `tak …`, `cargo …`).
/// Comments are cut; `&&`, `;` and `|` split a line into commands.
fn commands(text: &str) -> Vec<(usize, String)> {
    let mut lines: Vec<(usize, String)> = Vec::new();
    let mut fenced = false;
    let mut shell = false;
    let mut joining = false;
    for (number, line) in text.lines().enumerate() {
        if let Some(language) = line.trim_start().strip_prefix("```") {
            fenced = !fenced;
            // Code in another language (the embed API's JavaScript, HTML) is not run.
            shell = fenced && ["", "sh", "bash", "shell", "console"].contains(&language.trim());
            joining = false;
            continue;
        }
        if fenced && shell {
            let trimmed = line.trim();
            let trimmed = trimmed.strip_prefix("$ ").unwrap_or(trimmed);
            let continues = trimmed.ends_with('\\');
            let part = trimmed.trim_end_matches('\\').trim().to_string();
            match lines.last_mut() {
                Some((_, last)) if joining => {
                    last.push(' ');
                    last.push_str(&part);
                }
                _ => lines.push((number + 1, part)),
            }
            joining = continues;
        }
    }
    for (number, code) in inline_code(text) {
        let command_like = ["make ", "tak ", "cargo "]
            .iter()
            .any(|p| code.starts_with(p));
        if command_like && !code.contains(" | ") && !code.contains('…') {
            lines.push((number, code));
        }
    }
    let mut found = Vec::new();
    for (number, line) in lines {
        let line = match line.find(" #") {
            Some(at) if !line.starts_with('#') => line[..at].to_string(),
            _ => line,
        };
        for command in line
            .split("&&")
            .flat_map(|c| c.split(';'))
            .flat_map(|c| c.split('|'))
        {
            let command = command.trim().trim_start_matches('(').trim_end_matches(')');
            let command = command.split(" > ").next().unwrap().trim();
            if !command.is_empty() {
                found.push((number, command.to_string()));
            }
        }
    }
    found
}

/// Whether a doc's line is a command this test knows how to check (after any `VAR=value`
/// in front): the CLI, make, cargo, node, python and the scripts.
fn checkable(command: &str) -> bool {
    let program = command
        .split_whitespace()
        .find(|w| !w.contains('=') || w.starts_with('-'))
        .unwrap_or("");
    ["tak", "$T", "cargo", "make", "node", "python3"].contains(&program)
        || ["target/", "scripts/"]
            .iter()
            .any(|p| program.starts_with(p))
}

/// The words of a command as the shell would pass them, the doc's `$T` (the release binary)
/// and environment assignments in front resolved.
fn words(command: &str) -> Vec<String> {
    let command = command
        .replace("$T ", "target/release/tak ")
        .replace("\"$T ", "\"target/release/tak ");
    let mut words =
        shlex::split(&command).unwrap_or_else(|| panic!("unbalanced quotes: {command}"));
    while words
        .first()
        .is_some_and(|w| w.contains('=') && !w.starts_with('-'))
    {
        words.remove(0);
    }
    words
}

fn makefile_targets() -> Vec<String> {
    read(&root().join("Makefile"))
        .lines()
        .filter(|l| !l.starts_with('\t') && !l.starts_with('#') && !l.contains(":="))
        .filter_map(|l| l.split_once(':').map(|(targets, _)| targets.to_string()))
        .flat_map(|targets| {
            targets
                .split_whitespace()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Whether clap refused only a synopsis's name for a value: a word in capitals (`N`, `FILE`).
fn is_placeholder(error: &clap::Error) -> bool {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let refused = matches!(
        error.kind(),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation
    );
    refused
        && matches!(error.get(ContextKind::InvalidValue), Some(ContextValue::String(value))
            if !value.is_empty() && value.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
}

/// The `tak` arguments of a command that runs the CLI, if it does.
fn tak_arguments(words: &[String]) -> Option<Vec<String>> {
    let first = words.first()?;
    if first == "tak"
        || first.ends_with("target/release/tak")
        || first.ends_with("target/debug/tak")
    {
        return Some(words[1..].to_vec());
    }
    let is_cargo_run = first == "cargo" && words.get(1).is_some_and(|w| w == "run");
    if is_cargo_run && words.windows(2).any(|w| w[0] == "--bin" && w[1] == "tak") {
        let start = words.iter().position(|w| w == "--")? + 1;
        return Some(words[start..].to_vec());
    }
    None
}

#[test]
fn every_command_in_the_docs_runs_as_written() {
    let targets = makefile_targets();
    let mut checked = 0;
    let mut failures = Vec::new();
    for doc in docs() {
        for (line, command) in commands(&read(&doc)) {
            if !checkable(&command) {
                continue;
            }
            let at = format!("{}:{line}: `{command}`", name(&doc));
            let words = words(&command);
            let Some(first) = words.first() else { continue };
            if let Some(arguments) = tak_arguments(&words) {
                let mut argv = vec!["tak".to_string()];
                argv.extend(arguments);
                match args::Cli::try_parse_from(&argv) {
                    Ok(_) => {}
                    Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => {}
                    // A doc may name a command alone (`tak tune`), as a topic, not to run.
                    Err(e)
                        if argv.len() == 2
                            && e.kind() == clap::error::ErrorKind::MissingRequiredArgument => {}
                    // A synopsis names its values (`--size N --out FILE`): the option is known.
                    Err(e) if is_placeholder(&e) => {}
                    Err(e) => failures.push(format!("{at}: the CLI refuses it:\n{e}")),
                }
            } else if first == "make" {
                for target in words[1..]
                    .iter()
                    .filter(|w| !w.starts_with('-') && !w.contains('='))
                {
                    if !targets.contains(target) {
                        failures.push(format!("{at}: the Makefile has no target {target}"));
                    }
                }
            } else if first == "cargo" {
                for (flag, folder) in [("--test", "tests"), ("--bench", "benches")] {
                    if let Some(i) = words.iter().position(|w| w == flag) {
                        let file = root().join(folder).join(format!("{}.rs", words[i + 1]));
                        if !file.exists() {
                            failures.push(format!("{at}: no {}", file.display()));
                        }
                    }
                }
            } else if first == "node" || first == "python3" || first.starts_with("scripts/") {
                let file = words
                    .iter()
                    .find(|w| w.starts_with("scripts/") || w.starts_with("tests/"));
                if let Some(file) = file {
                    if !root().join(file).exists() {
                        failures.push(format!("{at}: no file {file}"));
                    }
                }
            } else {
                continue;
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        checked >= 30,
        "only {checked} commands read: is the reader broken?"
    );
}

#[test]
fn the_readers_find_what_they_check() {
    let doc = "Run `make serve`.\n\n```sh\nT=target/release/tak\n$T perft --size 5 3   # counts\n\
               make dist && node --test tests/e2e/size.test.mjs\n```\n[a](#run) [b](players.md#x)\n";
    let commands: Vec<String> = commands(doc).into_iter().map(|(_, c)| c).collect();
    assert_eq!(
        commands,
        [
            "T=target/release/tak",
            "$T perft --size 5 3",
            "make dist",
            "node --test tests/e2e/size.test.mjs",
            "make serve"
        ]
    );
    let prose = "Run `tak selfplay --games 40\n--size 5 A B` here.\n";
    assert_eq!(
        inline_code(prose),
        [(1, "tak selfplay --games 40 --size 5 A B".to_string())]
    );
    assert_eq!(words("$T perft --size 5 3")[0], "target/release/tak");
    assert_eq!(
        links(doc),
        [(8, "#run".to_string()), (8, "players.md#x".to_string())]
    );
    assert_eq!(
        anchor("Offline, one file, size and speed"),
        "offline-one-file-size-and-speed"
    );
    // A typo in an option is caught.
    let argv = ["tak", "perft", "--sise", "5", "3"];
    assert!(args::Cli::try_parse_from(argv).is_err());
}
