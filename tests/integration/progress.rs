//! The progress bar as a person sees it: the binary run on a pseudo-terminal of 120 columns
//! (`script`, from util-linux), its output played on a small model of a terminal. The bar
//! keeps its width from the first frame to the last, is labelled, and when the input is done
//! it is gone from the screen, replaced by one line saying the whole file was read (100%).
//! No assertion on time: what is drawn when depends on the machine.

use std::io::Read;
use std::path::Path;
use std::process::Command;

use crate::support::testdata;

/// The terminal's width.
const COLUMNS: usize = 120;

/// A screen that understands what indicatif writes: printable text with the deferred wrap
/// of xterm at the last column, CR, LF, erase line (`ESC [ 2 K`, `ESC [ K`), erase below
/// (`ESC [ J`) and cursor up (`ESC [ n A`).
struct Screen {
    rows: Vec<Vec<char>>,
    row: usize,
    col: usize,
    wrap: bool,
}

impl Screen {
    fn play(bytes: &[u8]) -> Screen {
        let mut s = Screen {
            rows: vec![Vec::new()],
            row: 0,
            col: 0,
            wrap: false,
        };
        let text = String::from_utf8_lossy(bytes);
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\r' => {
                    s.col = 0;
                    s.wrap = false;
                }
                '\n' => s.down(),
                '\x1b' if chars.peek() == Some(&'[') => {
                    chars.next();
                    let mut arg = String::new();
                    let mut end = ' ';
                    for c in chars.by_ref() {
                        if c.is_ascii_alphabetic() {
                            end = c;
                            break;
                        }
                        arg.push(c);
                    }
                    match end {
                        'K' => {
                            let line = &mut s.rows[s.row];
                            if arg == "2" {
                                line.clear();
                            } else {
                                line.truncate(s.col);
                            }
                        }
                        'J' => {
                            s.rows[s.row].truncate(s.col);
                            s.rows.truncate(s.row + 1);
                        }
                        'A' => {
                            let n: usize = arg.parse().unwrap_or(1);
                            s.row = s.row.saturating_sub(n);
                            s.wrap = false;
                        }
                        _ => {}
                    }
                }
                c if !c.is_control() => {
                    if s.wrap {
                        s.down();
                        s.col = 0;
                    }
                    let line = &mut s.rows[s.row];
                    if line.len() <= s.col {
                        line.resize(s.col + 1, ' ');
                    }
                    line[s.col] = c;
                    if s.col + 1 == COLUMNS {
                        s.wrap = true;
                    } else {
                        s.col += 1;
                    }
                }
                _ => {}
            }
        }
        s
    }

    fn down(&mut self) {
        self.row += 1;
        self.wrap = false;
        if self.rows.len() <= self.row {
            self.rows.push(Vec::new());
        }
    }

    fn lines(&self) -> Vec<String> {
        self.rows
            .iter()
            .map(|r| r.iter().collect::<String>().trim_end().to_owned())
            .filter(|l| !l.is_empty())
            .collect()
    }
}

/// Whether `script` can give the binary a terminal here.
fn have_script() -> bool {
    Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The shipped log, decompressed and repeated to a few MiB: several blocks, several frames.
fn log_of_a_few_blocks(dir: &Path) -> std::path::PathBuf {
    let mut one = Vec::new();
    flate2::read::MultiGzDecoder::new(
        std::fs::File::open(testdata("access.log.gz")).expect("the shipped log"),
    )
    .read_to_end(&mut one)
    .expect("it inflates");
    let path = dir.join("access.log");
    std::fs::write(&path, one.repeat(5)).expect("written");
    path
}

#[test]
fn the_bar_keeps_its_width_and_gives_way_to_a_line_at_100_percent() {
    if !have_script() {
        eprintln!("skipped: no script(1) to give the binary a terminal");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let log = log_of_a_few_blocks(dir.path());
    let command = format!(
        "stty cols {COLUMNS} rows 40; exec '{}' '{}' --robots-dir '{}' --out '{}'",
        env!("CARGO_BIN_EXE_robots-audit"),
        log.display(),
        testdata("robots-dir").display(),
        dir.path().join("report.csv").display()
    );
    // What the terminal was sent comes on script's standard output (the typescript file
    // adds a header of its own).
    let o = Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .env("XDG_CACHE_HOME", dir.path().join("cache"))
        .output()
        .expect("script runs");
    let raw = o.stdout.clone();
    let shown = String::from_utf8_lossy(&raw).into_owned();
    assert!(
        o.status.success(),
        "{}\n{shown}",
        String::from_utf8_lossy(&o.stderr)
    );

    // Every frame drawn: a bar of one width, the bytes read labelled. (A frame may follow a
    // note on the same stretch of output: the note is padded to the width, not ended.)
    let name = log.display().to_string();
    let frames: Vec<&str> = shown
        .split(['\r', '\n'])
        .filter_map(|f| f.rfind("access.log ").map(|at| &f[at..]))
        .filter(|f| f.contains('%'))
        .collect();
    assert!(!frames.is_empty(), "no frame was drawn: {shown:?}");
    let widths: Vec<Option<usize>> = frames.iter().map(|f| f.find('%')).collect();
    assert!(
        widths.iter().all(|w| *w == widths[0]),
        "the bar changed width: {frames:#?}"
    );
    assert!(
        frames.iter().all(|f| f.contains(" read")),
        "unlabelled: {frames:#?}"
    );

    // What stays on the screen: no bar, and the line saying the whole file was read.
    let screen = Screen::play(&raw).lines();
    assert!(
        !screen
            .iter()
            .any(|l| l.contains("access.log ") && l.contains('%')),
        "a bar was left on the screen: {screen:#?}"
    );
    let done: Vec<&String> = screen
        .iter()
        .filter(|l| {
            l.starts_with(&format!("robots-audit: {name}: ")) && l.contains(" read (100%) in ")
        })
        .collect();
    assert_eq!(done.len(), 1, "{screen:#?}");
    let size = std::fs::metadata(&log).expect("the log").len() as f64 / 1_048_576.0;
    assert!(
        done[0].contains(&format!("{size:.1} MiB of {size:.1} MiB read (100%)")),
        "{}",
        done[0]
    );
}
