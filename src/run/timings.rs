//! `--timings`: how long each stage of a run took, by the wall clock and by the process's
//! CPU time (every thread's, user and system), told at the end as one [`Note::Timings`].
//!
//! A stage's CPU time over its wall time says how many cores it kept busy: the read, where
//! inflating and judging share the cores, near their number; the judgement at the end
//! partly on one. The stages are laps of one [`Stopwatch`]: each ends where the next
//! begins, so they add up to the run (from the options read to the reports in place; the
//! planning is timed by [`super::Plan::new`] itself, which comes before any stopwatch). The
//! stages inside the audit are told by the audit's [`Observer`] calls, which [`Timed`]
//! passes on.
//!
//! [`Note::Timings`]: super::Note::Timings

use std::fmt;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::audit::Observer;
use crate::logformat::Format;

/// A stage of a run, in the order they come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The options checked, and the files they name read (`--crawlers`, the saved lists of
    /// AI agents and address ranges): [`super::Plan::new`].
    Plan,
    /// The files checked, the crawler registry and the verifier's address ranges built, the
    /// robots.txt store made, the reports' temporary files opened.
    StartUp,
    /// The logs read, inflated, parsed and judged as they come (with `--robots-dir`, the
    /// saved robots.txt files read as their hosts are met).
    Read,
    /// robots.txt fetched for the origins met (nothing to do offline).
    Robots,
    /// The lines set aside until their origin's robots.txt was known, judged.
    Replay,
    /// The workers' parts merged into one.
    Merge,
    /// The kept requests judged at the end (every fetch of /robots.txt known), counted into
    /// the summary and sorted into report order.
    Judgement,
    /// The reports' rows made and written.
    Reports,
    /// The reports synced and put in place of the old ones.
    Commit,
}

impl Stage {
    /// Its name in the note.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Plan => "plan",
            Stage::StartUp => "start-up",
            Stage::Read => "read",
            Stage::Robots => "robots.txt",
            Stage::Replay => "replay",
            Stage::Merge => "merge",
            Stage::Judgement => "judgement",
            Stage::Reports => "reports",
            Stage::Commit => "commit",
        }
    }
}

/// How long one stage took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageTime {
    pub stage: Stage,
    pub wall: Duration,
    /// The process's CPU time (all threads, user and system) during the stage.
    pub cpu: Duration,
}

/// The stages a run timed, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timings {
    pub stages: Vec<StageTime>,
}

impl Timings {
    /// The whole: every stage's time added.
    pub fn total(&self) -> (Duration, Duration) {
        self.stages
            .iter()
            .fold((Duration::ZERO, Duration::ZERO), |(w, c), s| {
                (w + s.wall, c + s.cpu)
            })
    }
}

/// Milliseconds with one decimal: `317.2`.
fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

impl fmt::Display for Timings {
    /// A heading, then a line per stage and one for the total: its wall time, its CPU time
    /// and their ratio (how many cores it kept busy; `-` for a stage under a millisecond),
    /// in aligned columns.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (wall, cpu) = self.total();
        let rows: Vec<(&str, String, String, String)> = self
            .stages
            .iter()
            .map(|s| (s.stage.name(), s.wall, s.cpu))
            .chain([("total", wall, cpu)])
            .map(|(name, wall, cpu)| {
                // Below a millisecond the clocks' steps make the ratio meaningless.
                let busy = if wall < Duration::from_millis(1) {
                    String::from("-")
                } else {
                    format!("{:.2}", cpu.as_secs_f64() / wall.as_secs_f64())
                };
                (name, ms(wall), ms(cpu), busy)
            })
            .collect();
        let width = |pick: fn(&(&str, String, String, String)) -> usize, head: &str| {
            rows.iter().map(pick).max().unwrap_or(0).max(head.len())
        };
        let (w0, w1, w2, w3) = (
            width(|r| r.0.len(), "stage"),
            width(|r| r.1.len(), "wall ms"),
            width(|r| r.2.len(), "CPU ms"),
            width(|r| r.3.len(), "CPU/wall"),
        );
        write!(
            f,
            "timings:\n  {:<w0$}  {:>w1$}  {:>w2$}  {:>w3$}",
            "stage", "wall ms", "CPU ms", "CPU/wall"
        )?;
        for (name, wall, cpu, busy) in &rows {
            write!(f, "\n  {name:<w0$}  {wall:>w1$}  {cpu:>w2$}  {busy:>w3$}")?;
        }
        Ok(())
    }
}

/// A moment of a run, by both clocks: where a stage begins.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mark {
    wall: Instant,
    cpu: Duration,
}

impl Mark {
    pub fn now() -> Mark {
        Mark {
            wall: Instant::now(),
            cpu: process_cpu(),
        }
    }

    /// `stage`, from this moment to `end`.
    fn until(self, end: Mark, stage: Stage) -> StageTime {
        StageTime {
            stage,
            wall: end.wall - self.wall,
            cpu: end.cpu.saturating_sub(self.cpu),
        }
    }

    /// `stage`, from this moment to now.
    pub fn stage_to_now(self, stage: Stage) -> StageTime {
        self.until(Mark::now(), stage)
    }
}

/// The process's CPU time so far, every thread's, user and system.
fn process_cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    // Never negative for this clock; a value out of range reads as zero rather than failing
    // a run over a statistic.
    Duration::new(
        u64::try_from(t.tv_sec).unwrap_or(0),
        u32::try_from(t.tv_nsec).unwrap_or(0),
    )
}

/// Times the stages of a run as laps: each [`Stopwatch::lap`] ends a stage. Off, it reads
/// no clock and keeps nothing.
#[derive(Debug)]
pub struct Stopwatch {
    on: Option<Mutex<Laps>>,
}

#[derive(Debug)]
struct Laps {
    since: Mark,
    stages: Vec<StageTime>,
}

impl Stopwatch {
    /// A stopwatch started now, when `on`.
    pub fn new(on: bool) -> Stopwatch {
        Stopwatch {
            on: on.then(|| {
                Mutex::new(Laps {
                    since: Mark::now(),
                    stages: Vec::new(),
                })
            }),
        }
    }

    /// A stopwatch started now, after the run's plan was made: when the plan asks for
    /// timings, its first stage is the planning ([`super::Plan::planned`]).
    pub fn after(plan: &super::Plan) -> Stopwatch {
        let watch = Stopwatch::new(plan.policy.timings);
        if let Some(laps) = &watch.on {
            laps.lock()
                .unwrap_or_else(|e| e.into_inner())
                .stages
                .push(plan.planned);
        }
        watch
    }

    /// Ends `stage`: the time since the last lap (or the start) is its.
    pub fn lap(&self, stage: Stage) {
        let Some(laps) = &self.on else { return };
        let mut laps = laps.lock().unwrap_or_else(|e| e.into_inner());
        // One reading of the clocks ends this stage and begins the next.
        let now = Mark::now();
        let stage = laps.since.until(now, stage);
        laps.since = now;
        laps.stages.push(stage);
    }

    /// The stages timed, when on.
    pub fn timings(&self) -> Option<Timings> {
        let laps = self.on.as_ref()?.lock().unwrap_or_else(|e| e.into_inner());
        Some(Timings {
            stages: laps.stages.clone(),
        })
    }
}

/// An observer that passes everything on to `inner` and ends the stages inside the audit
/// on `watch`: the read when robots.txt is asked for, the fetches when the replay starts,
/// the replay when the merge starts.
pub struct Timed<'a> {
    pub inner: &'a dyn Observer,
    pub watch: &'a Stopwatch,
}

impl Observer for Timed<'_> {
    fn format(&self, input: usize, name: &str, format: Format, detected: bool) {
        self.inner.format(input, name, format, detected);
    }

    fn progress(&self, input: usize, bytes: u64, lines: u64) {
        self.inner.progress(input, bytes, lines);
    }

    fn input_done(&self, input: usize) {
        self.inner.input_done(input);
    }

    fn fetching(&self, origins: usize) {
        self.watch.lap(Stage::Read);
        self.inner.fetching(origins);
    }

    fn replaying(&self) {
        self.watch.lap(Stage::Robots);
        self.inner.replaying();
    }

    fn merging(&self) {
        self.watch.lap(Stage::Replay);
        self.inner.merging();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stage(stage: Stage, wall_us: u64, cpu_us: u64) -> StageTime {
        StageTime {
            stage,
            wall: Duration::from_micros(wall_us),
            cpu: Duration::from_micros(cpu_us),
        }
    }

    #[test]
    fn the_note_aligns_each_stage_and_adds_them_up() {
        let t = Timings {
            stages: vec![
                stage(Stage::StartUp, 6_500, 9_000),
                stage(Stage::Read, 317_240, 601_000),
                stage(Stage::Robots, 0, 0),
                stage(Stage::Commit, 7_000, 1_000),
            ],
        };
        assert_eq!(
            t.total(),
            (
                Duration::from_micros(330_740),
                Duration::from_micros(611_000)
            )
        );
        assert_eq!(
            t.to_string(),
            "timings:\n\
             \x20 stage       wall ms  CPU ms  CPU/wall\n\
             \x20 start-up        6.5     9.0      1.38\n\
             \x20 read          317.2   601.0      1.89\n\
             \x20 robots.txt      0.0     0.0         -\n\
             \x20 commit          7.0     1.0      0.14\n\
             \x20 total         330.7   611.0      1.85"
        );
    }

    #[test]
    fn laps_follow_one_another_and_an_idle_stopwatch_keeps_nothing() {
        let off = Stopwatch::new(false);
        off.lap(Stage::StartUp);
        assert_eq!(off.timings(), None);

        let started = Instant::now();
        let watch = Stopwatch::new(true);
        std::thread::sleep(Duration::from_millis(20));
        watch.lap(Stage::StartUp);
        // CPU time of this thread: spin until the clock has moved by some milliseconds.
        let spin = process_cpu();
        while process_cpu() < spin + Duration::from_millis(5) {
            std::hint::black_box(0u64);
        }
        watch.lap(Stage::Read);
        let elapsed = started.elapsed();
        let t = watch.timings().expect("on");
        let names: Vec<&str> = t.stages.iter().map(|s| s.stage.name()).collect();
        assert_eq!(names, ["start-up", "read"]);
        assert!(t.stages[0].wall >= Duration::from_millis(20));
        assert!(t.stages[1].cpu >= Duration::from_millis(5));
        // The laps share their ends: together no longer than the time measured around them.
        assert!(t.total().0 <= elapsed);
    }
}
