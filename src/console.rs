//! Standard error: progress bars on a terminal, and the run's notes (which the library gives
//! as data, in its words). The library never prints; this module is the binary's voice.
//!
//! Progress: one line per input from when it starts being read (none for inputs waiting their
//! turn), of a width that does not change: the input's name, a bar and its percentage of the
//! file, then the input bytes read (the file's bytes, compressed or not), their rate and the
//! lines per second, the rates once a second of reading has been measured. When the input is
//! done its bar is cleared and one line says what was read: all of it (100%) or how much
//! before a damaged input broke off, and the rates of the whole read. Notes are silent under
//! `--quiet`; errors are not.

use std::fmt;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use robots_audit::audit::Observer;
use robots_audit::input::{Source, source_len};
use robots_audit::logformat::Format;
use robots_audit::run::Note;
use robots_audit::text;

/// `eprintln!`, except that a standard error nobody reads any more (a pipe closed early,
/// `2>&1 | head -1`) is not a panic: the exit status still says how the run went, and there
/// is no one left to tell.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
pub(crate) use say;

/// The longest input name shown on a progress line; longer ones keep their start and end.
const NAME_WIDTH: usize = 24;

/// Rates are shown once this much reading has been measured: over less, a rate says more
/// about buffers filling than about speed.
const RATE_AFTER: Duration = Duration::from_secs(1);

/// The finished line's rates need less: they are over the whole read, less only its first
/// block.
const FINAL_RATE_AFTER: Duration = Duration::from_millis(250);

/// The binary's standard error.
pub struct Console {
    quiet: bool,
    bars: Option<MultiProgress>,
    /// Per input: its bar while it is read, and what its line says.
    inputs: Vec<Mutex<InputBar>>,
    names: Vec<String>,
}

#[derive(Default)]
struct InputBar {
    bar: Option<ProgressBar>,
    meter: Meter,
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
    /// errors alone under `--quiet` ([`Note::shown`]).
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
            None => say!("{line}"),
        }
    }

    /// Whether progress (and so the summary per host) is shown.
    pub fn is_interactive(&self) -> bool {
        self.bars.is_some()
    }

    /// Notes a progress report of `input` and gives its bar (made on its first report) with
    /// the message to show; `None` without bars or once the input is done.
    fn report(&self, input: usize, bytes: u64, lines: u64) -> Option<(ProgressBar, String)> {
        let bars = self.bars.as_ref()?;
        let mut state = self
            .inputs
            .get(input)?
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if state.done {
            return None;
        }
        let now = Instant::now();
        let first = state.bar.is_none();
        if first {
            state.meter.len = source_len_of(&self.names, input);
        }
        state.meter.report(now, bytes, lines);
        let message = state.meter.message(now);
        if first {
            let name = short_name(&text::terminal(self.names[input].as_bytes()));
            let bar = new_bar(name, state.meter.len);
            bar.set_position(bytes);
            bar.set_message(message.clone());
            state.bar = Some(bars.add(bar));
        }
        state.bar.clone().map(|bar| (bar, message))
    }
}

/// A bar for an input of `len` bytes (a spinner when the size is not known), not drawn until
/// it is added to the multi-bar: a bar drawn by itself first leaves that frame on the screen.
fn new_bar(name: String, len: Option<u64>) -> ProgressBar {
    // The bytes read are drawn from the bar's position, not from its message: a frame never
    // shows the one updated and the other not.
    let template = match len {
        Some(_) => "{prefix} [{wide_bar}] {percent:>3}% {read:>10} read {msg}",
        None => "{prefix} {spinner} {read:>10} read {msg}",
    };
    let style = ProgressStyle::with_template(template)
        // Constant templates, drawn by every run on a terminal (tests/integration/progress.rs).
        .expect("a valid template")
        .with_key("read", |state: &ProgressState, w: &mut dyn fmt::Write| {
            // A failed write only loses this frame's field.
            let _ = w.write_str(&text::human_bytes(state.pos()));
        })
        .progress_chars("=> ");
    let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::hidden()).with_style(style);
    bar.set_prefix(name);
    bar
}

/// One input's progress as its line says it: reports in, the message out.
#[derive(Debug, Default)]
struct Meter {
    /// The input's size, when it is a file.
    len: Option<u64>,
    /// The first report (when, bytes, lines): rates count from it, since what came before
    /// it was read in no time that was measured.
    first: Option<(Instant, u64, u64)>,
    /// The latest report (bytes, lines).
    last: (u64, u64),
}

impl Meter {
    fn report(&mut self, now: Instant, bytes: u64, lines: u64) {
        self.first.get_or_insert((now, bytes, lines));
        self.last = (bytes.max(self.last.0), lines.max(self.last.1));
    }

    /// The rates from the first report to `now` (input bytes and lines per second), once
    /// `after` of reading is measured.
    fn rates(&self, now: Instant, after: Duration) -> Option<(String, String)> {
        let (t0, b0, l0) = self.first?;
        let (bytes, lines) = self.last;
        let span = now.saturating_duration_since(t0);
        if span < after {
            return None;
        }
        let secs = span.as_secs_f64();
        Some((
            format!(
                "{}/s",
                text::human_bytes(((bytes - b0) as f64 / secs) as u64)
            ),
            format!(
                "{} lines/s",
                human_count(((lines - l0) as f64 / secs) as u64)
            ),
        ))
    }

    /// The rate of reading input bytes and the lines per second (the bar's template shows
    /// the bytes read before them), each in a field of its own width so that the line's bar
    /// keeps its width; blank until [`RATE_AFTER`] of reading is measured.
    fn message(&self, now: Instant) -> String {
        let (rate, lines) = self.rates(now, RATE_AFTER).unwrap_or_default();
        format!("{rate:>12} {lines:>14}")
    }

    /// The line that replaces the bar when the input is done: how much of it was read (all of
    /// a file read to its end: 100%), in how long, and the rates of the whole read (once
    /// [`FINAL_RATE_AFTER`] of it is measured).
    fn finished(&self, name: &str, now: Instant) -> String {
        let bytes = self.last.0;
        let read = match self.len {
            Some(len) if len > 0 => format!(
                "{} of {} read ({}%)",
                text::human_bytes(bytes),
                text::human_bytes(len),
                bytes.min(len) * 100 / len
            ),
            _ => format!("{} read", text::human_bytes(bytes)),
        };
        let took = self
            .first
            .map(|(t0, ..)| now.saturating_duration_since(t0).as_secs_f64())
            .unwrap_or_default();
        match self.rates(now, FINAL_RATE_AFTER) {
            Some((rate, lines)) => format!("{name}: {read} in {took:.1} s: {rate}, {lines}"),
            None => format!("{name}: {read} in {took:.1} s"),
        }
    }
}

/// A count in at most six characters: exact below 10,000, then thousands (`982k`) and
/// millions (`1.28M`).
fn human_count(n: u64) -> String {
    match n {
        0..10_000 => text::thousands(n),
        10_000..1_000_000 => format!("{}k", n / 1000),
        _ => format!("{:.2}M", n as f64 / 1e6),
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
        if let Some((bar, message)) = self.report(input, bytes, lines) {
            bar.set_position(bytes);
            bar.set_message(message);
        }
    }

    fn input_done(&self, input: usize) {
        let Some(state) = self.inputs.get(input) else {
            return;
        };
        let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
        state.done = true;
        let Some(bar) = state.bar.take() else {
            return;
        };
        // The bar goes (a finished bar left among the others would be erased by the next
        // note anyway); a line that stays says what came of the input.
        bar.finish_and_clear();
        let name = text::terminal(self.names[input].as_bytes()).into_owned();
        let line = state.meter.finished(&name, Instant::now());
        drop(state);
        self.line(&format!("robots-audit: {line}"));
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
        assert!(s.starts_with("/var/log/ng"), "{s}");
        assert!(s.ends_with("ess.log.2.gz") && s.contains('…'), "{s}");
        assert_eq!(short_name("a.log").trim_end(), "a.log");
    }

    #[test]
    fn sizes_and_counts_fit_their_fields() {
        assert_eq!(text::human_bytes(0), "0 B");
        assert_eq!(text::human_bytes(1023), "1023 B");
        assert_eq!(text::human_bytes(1024), "1.0 KiB");
        assert_eq!(text::human_bytes(41_608_873), "39.7 MiB");
        assert_eq!(text::human_bytes(1024 * 1024 * 1024 - 1), "1024.0 MiB");
        assert_eq!(text::human_bytes(5 << 40), "5.0 TiB");
        assert_eq!(human_count(9_999), "9,999");
        assert_eq!(human_count(982_345), "982k");
        assert_eq!(human_count(1_283_356), "1.28M");
        for n in [0, 1023, 1_000_000, (1 << 50) - 1] {
            assert!(text::human_bytes(n).len() <= 10, "{}", text::human_bytes(n));
        }
    }

    #[test]
    fn rates_wait_for_a_second_of_reading_and_keep_their_width() {
        let t0 = Instant::now();
        let mut m = Meter {
            len: Some(8 << 20),
            ..Meter::default()
        };
        // The first report comes with a whole block already read, in no measured time: no
        // rate yet (reading 1 MiB "in 0 s" is what gave 22 GiB/s).
        m.report(t0, 1 << 20, 10_000);
        let first = m.message(t0 + Duration::from_millis(20));
        assert_eq!(first.trim(), "");
        m.report(t0 + Duration::from_millis(900), 2 << 20, 20_000);
        assert_eq!(m.message(t0 + Duration::from_millis(900)).trim(), "");
        // From the first report on: 3 MiB and 30,000 lines more in 2 s.
        m.report(t0 + Duration::from_secs(2), 4 << 20, 40_000);
        let later = m.message(t0 + Duration::from_secs(2));
        assert_eq!(later.trim(), "1.5 MiB/s    15k lines/s");
        assert_eq!(later.len(), first.len(), "the bar keeps its width");
        // A report never takes the count back.
        m.report(t0 + Duration::from_secs(2), 3 << 20, 30_000);
        assert_eq!(m.last, (4 << 20, 40_000));
    }

    #[test]
    fn the_finished_line_says_how_much_was_read() {
        let t0 = Instant::now();
        let mut m = Meter {
            len: Some(8 << 20),
            ..Meter::default()
        };
        m.report(t0, 1 << 20, 10_000);
        m.report(t0 + Duration::from_secs(2), 8 << 20, 80_000);
        assert_eq!(
            m.finished("a.log.gz", t0 + Duration::from_secs(2)),
            "a.log.gz: 8.0 MiB of 8.0 MiB read (100%) in 2.0 s: 3.5 MiB/s, 35k lines/s"
        );
        // A damaged input: where it broke off. Too short a read for a rate: none.
        let mut m = Meter {
            len: Some(8 << 20),
            ..Meter::default()
        };
        m.report(t0, 2 << 20, 100);
        assert_eq!(
            m.finished("bad.gz", t0 + Duration::from_millis(200)),
            "bad.gz: 2.0 MiB of 8.0 MiB read (25%) in 0.2 s"
        );
        // Standard input has no size.
        let mut m = Meter::default();
        m.report(t0, 512, 3);
        assert_eq!(
            m.finished("<stdin>", t0 + Duration::from_millis(100)),
            "<stdin>: 512 B read in 0.1 s"
        );
    }
}
