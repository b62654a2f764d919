//! Standard error: progress bars on a terminal, and the run's notes (which the library gives
//! as data, in its words). The library never prints; this module is the binary's voice.
//!
//! Progress: one line per input while it is being read (none for inputs waiting their turn,
//! none left behind when it is done), fitting the terminal's width. Notes are silent under
//! `--quiet`; errors are not.

use std::sync::Mutex;
use std::time::Instant;

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

use robots_audit::audit::Observer;
use robots_audit::input::{Source, source_len};
use robots_audit::logformat::Format;
use robots_audit::run::Note;
use robots_audit::text;

/// The longest input name shown on a progress line; longer ones keep their start and end.
const NAME_WIDTH: usize = 28;

/// The binary's standard error.
pub struct Console {
    quiet: bool,
    bars: Option<MultiProgress>,
    /// Per input: its bar while it is read, its size, when reading started.
    inputs: Vec<Mutex<InputBar>>,
    names: Vec<String>,
}

#[derive(Default)]
struct InputBar {
    bar: Option<ProgressBar>,
    started: Option<Instant>,
    done: bool,
}

impl Console {
    /// A console for a run over `inputs`; bars only when `progress`.
    pub fn new(quiet: bool, progress: bool, inputs: &[Source]) -> Console {
        Console {
            quiet,
            bars: progress.then(|| MultiProgress::with_draw_target(ProgressDrawTarget::stderr())),
            inputs: inputs
                .iter()
                .map(|_| Mutex::new(InputBar::default()))
                .collect(),
            names: inputs.iter().map(Source::name).collect(),
        }
    }

    /// A note of the run, in the library's words, printed around the progress bars:
    /// warnings and errors even under `--quiet`.
    pub fn show(&self, note: &Note) {
        if note.shown(self.quiet) {
            self.line(&format!("robots-audit: {note}"));
        }
    }

    fn line(&self, line: &str) {
        match &self.bars {
            // A failure to draw a progress line is not worth failing over.
            Some(bars) => {
                let _ = bars.println(line);
            }
            None => eprintln!("{line}"),
        }
    }

    /// Whether progress (and so the summary per host) is shown.
    pub fn is_interactive(&self) -> bool {
        self.bars.is_some()
    }

    fn bar_for(&self, input: usize) -> Option<ProgressBar> {
        let bars = self.bars.as_ref()?;
        let mut state = self
            .inputs
            .get(input)?
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if state.done {
            return None;
        }
        if state.bar.is_none() {
            let name = short_name(&text::terminal(self.names[input].as_bytes()));
            let bar = match source_len_of(&self.names, input) {
                Some(len) => ProgressBar::new(len).with_style(
                    ProgressStyle::with_template(
                        "{prefix} {wide_bar} {percent:>3}% {bytes_per_sec:>11} {msg}",
                    )
                    .expect("a valid template")
                    .progress_chars("=> "),
                ),
                None => ProgressBar::new_spinner().with_style(
                    ProgressStyle::with_template(
                        "{prefix} {spinner} {bytes} {bytes_per_sec} {msg}",
                    )
                    .expect("a valid template"),
                ),
            };
            bar.set_prefix(name);
            state.bar = Some(bars.add(bar));
            state.started = Some(Instant::now());
        }
        state.bar.clone()
    }
}

/// The size of a named input file, when it is one.
fn source_len_of(names: &[String], input: usize) -> Option<u64> {
    let name = names.get(input)?;
    if name == "<stdin>" {
        return None;
    }
    source_len(&Source::Path(name.into()))
}

/// A name cut to [`NAME_WIDTH`] characters by its middle, padded to it.
fn short_name(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let s = if chars.len() <= NAME_WIDTH {
        name.to_string()
    } else {
        let keep = NAME_WIDTH - 1;
        let head: String = chars[..keep / 2].iter().collect();
        let tail: String = chars[chars.len() - (keep - keep / 2)..].iter().collect();
        format!("{head}…{tail}")
    };
    format!("{s:<NAME_WIDTH$}")
}

impl Observer for Console {
    fn format(&self, _input: usize, name: &str, format: Format, detected: bool) {
        if detected {
            self.show(&Note::FormatDetected {
                input: name.to_owned(),
                format: format.name().to_owned(),
            });
        }
    }

    fn progress(&self, input: usize, bytes: u64, lines: u64) {
        let Some(bar) = self.bar_for(input) else {
            return;
        };
        bar.set_position(bytes);
        let secs = bar.elapsed().as_secs_f64();
        if secs > 0.5 {
            bar.set_message(format!(
                "{} lines/s",
                text::thousands((lines as f64 / secs) as u64)
            ));
        }
    }

    fn input_done(&self, input: usize) {
        if let Some(state) = self.inputs.get(input) {
            let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
            state.done = true;
            if let Some(bar) = state.bar.take() {
                bar.finish_and_clear();
            }
        }
    }

    fn fetching(&self, origins: usize) {
        if origins > 0 {
            self.show(&Note::Fetching { origins });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_keep_both_ends() {
        let s = short_name("/var/log/nginx/very-long-site-name.example.com.access.log.2.gz");
        assert_eq!(s.chars().count(), NAME_WIDTH);
        assert!(s.starts_with("/var/log/ngin"), "{s}");
        assert!(s.ends_with("ccess.log.2.gz") && s.contains('…'), "{s}");
        assert_eq!(short_name("a.log").trim_end(), "a.log");
    }
}
