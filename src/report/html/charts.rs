//! The page's charts, as inline SVG readable without script: violating requests over time
//! (stacked per crawler) and per host.
//!
//! The time charts share one axis: the span of the crawler requests (the page's "Time
//! span"), cut into round UTC bins (a minute to four weeks, see [`time_bin_ms`]) as narrow as
//! keep them at most [`MAX_BINS`]. The audit counts its activity in bins of that width, so
//! a log of an hour gets bars of a minute and one of a year bars of a week.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::digest::Digest;
use super::escape::{Html, grouped, minute, push_text};
use super::{ActivityBin, DAY, HOUR, Limits, MINUTE, Page, ranked};
use crate::report::Kind;

/// Bars per series in a time chart at most: the bins are made wider beyond that.
pub const MAX_BINS: i64 = 180;
/// Characters of a crawler's name in a bar's tooltip.
const TOOLTIP_CHARS: usize = 24;
/// Bins a time axis covers at least.
const MIN_AXIS_BINS: usize = 12;

/// Plot area of a time chart, in SVG units.
const W: f64 = 960.0;
const CHART_H: f64 = 260.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 44.0;

/// The charts' section. `span`: the first and the last crawler request (unix ms), the
/// time charts' axis.
pub(super) fn charts(h: &mut Html, page: &Page<'_>, v: &Digest, span: Option<(i64, i64)>) {
    let limits = &v.limits;
    h.raw("<section id=\"charts\">\n<h2>Violations over time</h2>\n");
    time_chart(
        h,
        page,
        span,
        |_| true,
        "violating requests",
        "time",
        limits,
    );
    h.raw("<h2>Violations per host</h2>\n");
    host_chart(h, &v.per_host, limits);
    h.raw("<h2>Crawl-delay breaches over time</h2>\n");
    time_chart(
        h,
        page,
        span,
        |k| k == Kind::CrawlDelay,
        "requests faster than the Crawl-delay",
        "delay",
        limits,
    );
    h.raw("</section>\n");
}

/// A stacked bar chart of requests per time bin, one series per top crawler and one for
/// the rest, over `span` (and any activity outside it); the bins are the activity's, or
/// wider so that there are at most [`MAX_BINS`].
fn time_chart(
    h: &mut Html,
    page: &Page<'_>,
    span: Option<(i64, i64)>,
    kind: impl Fn(Kind) -> bool,
    what: &str,
    id: &str,
    limits: &Limits,
) {
    let rows: Vec<&ActivityBin<'_>> = page
        .activity
        .iter()
        .filter(|a| kind(a.kind) && a.requests > 0)
        .collect();
    let (Some(first), Some(last)) = (
        rows.iter().map(|a| a.start_ms).min(),
        rows.iter().map(|a| a.start_ms).max(),
    ) else {
        h.fmt(format_args!("<p class=\"none\">No {what}.</p>\n"));
        return;
    };
    let (first, last) = match span {
        Some((lo, hi)) => (first.min(lo), last.max(hi)),
        None => (first, last),
    };
    // Series: the crawlers with the most requests (ties by name), then the rest as one.
    let mut per_crawler: BTreeMap<&str, u64> = BTreeMap::new();
    for a in &rows {
        *per_crawler.entry(a.crawler).or_default() += a.requests;
    }
    let ranked = ranked(per_crawler);
    let top: Vec<&str> = ranked
        .iter()
        .take(limits.chart_crawlers)
        .map(|c| c.0)
        .collect();
    let rest: u64 = ranked.iter().skip(limits.chart_crawlers).map(|c| c.1).sum();
    let series = top.len() + usize::from(rest > 0);
    let bin = bin_width(first, last, page.activity_bin_ms);
    let x0 = first.div_euclid(bin) * bin;
    let bins = ((last.div_euclid(bin) * bin - x0) / bin + 1) as usize;
    // A log of a few minutes does not get bars as wide as the page: the axis covers at
    // least MIN_AXIS_BINS bins from the first.
    let x1 = x0 + bins.max(MIN_AXIS_BINS) as i64 * bin;
    // counts[bin][series]
    let mut counts = vec![vec![0u64; series]; bins];
    for a in &rows {
        let b = ((a.start_ms.div_euclid(bin) * bin - x0) / bin) as usize;
        let s = top
            .iter()
            .position(|c| *c == a.crawler)
            .unwrap_or(top.len());
        counts[b][s] += a.requests;
    }
    let max = counts
        .iter()
        .map(|c| c.iter().sum::<u64>())
        .max()
        .unwrap_or(0);
    let (y_step, y_max) = nice_axis(max);
    let plot_w = W - LEFT - RIGHT;
    let plot_h = CHART_H - TOP - BOTTOM;
    let x_of = |t: i64| LEFT + (t - x0) as f64 / (x1 - x0) as f64 * plot_w;
    let y_of = |v: u64| TOP + plot_h - v as f64 / y_max as f64 * plot_h;
    h.fmt(format_args!(
        "<figure>\n<div class=\"scroll\"><svg id=\"chart-{id}\" viewBox=\"0 0 {W} {CHART_H}\" role=\"img\" \
         aria-labelledby=\"chart-{id}-t\"><title id=\"chart-{id}-t\">{} per {}, UTC</title>\n",
        capitalised(what),
        bin_name(bin)
    ));
    // Horizontal grid and the y axis.
    let mut v = 0;
    while v <= y_max {
        let y = y_of(v);
        h.fmt(format_args!(
            "<line class=\"grid\" x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\"/>\
             <text class=\"ax\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
            W - RIGHT,
            LEFT - 6.0,
            y + 4.0,
            grouped(v)
        ));
        v += y_step;
    }
    // Bars, each with its series' name in a tooltip (escaped once, cut shorter than in
    // the legend: a chart repeats it for every bar).
    let labels: Vec<String> = top
        .iter()
        .map(|name| {
            let mut label = String::new();
            push_text(&mut label, name.as_bytes(), TOOLTIP_CHARS);
            label
        })
        .collect();
    let bar_w = plot_w / bins.max(MIN_AXIS_BINS) as f64;
    let gap = if bar_w > 4.0 { 1.0 } else { 0.0 };
    for (b, per_series) in counts.iter().enumerate() {
        let t = x0 + b as i64 * bin;
        let mut below = 0;
        for (s, &n) in per_series.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let (y_top, y_bottom) = (y_of(below + n), y_of(below));
            below += n;
            h.fmt(format_args!(
                "<rect class=\"s{}\" x=\"{:.1}\" y=\"{y_top:.1}\" width=\"{:.1}\" height=\"{:.1}\"><title>",
                series_class(s, top.len()),
                x_of(t) + gap / 2.0,
                (bar_w - gap).max(0.5),
                y_bottom - y_top
            ));
            h.raw(labels.get(s).map_or("other crawlers", String::as_str));
            h.fmt(format_args!(
                ": {} requests, {} to {} UTC</title></rect>\n",
                grouped(n),
                minute(t),
                minute(t + bin)
            ));
        }
    }
    // The time axis: ticks at round UTC times, the date written whenever it changes.
    let step = tick_step(x1 - x0, bin);
    let mut t = x0.div_euclid(step) * step;
    if t < x0 {
        t += step;
    }
    let mut last_date = String::new();
    h.fmt(format_args!(
        "<line class=\"axis\" x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\"/>\n",
        W - RIGHT,
        TOP + plot_h,
        TOP + plot_h
    ));
    while t <= x1 {
        let x = x_of(t);
        let stamp = minute(t);
        let (date, time) = stamp.split_once(' ').unwrap_or((&stamp, ""));
        let anchor = if x < LEFT + 30.0 {
            "start"
        } else if x > W - RIGHT - 30.0 {
            "end"
        } else {
            "middle"
        };
        h.fmt(format_args!(
            "<line class=\"axis\" x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"{:.1}\" y2=\"{:.1}\"/>",
            TOP + plot_h,
            TOP + plot_h + 4.0
        ));
        if step < DAY {
            h.fmt(format_args!(
                "<text class=\"ax\" x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{time}</text>",
                TOP + plot_h + 16.0
            ));
            if date != last_date {
                h.fmt(format_args!(
                    "<text class=\"ax\" x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{date}</text>",
                    TOP + plot_h + 30.0
                ));
            }
        } else {
            h.fmt(format_args!(
                "<text class=\"ax\" x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{date}</text>",
                TOP + plot_h + 16.0
            ));
        }
        last_date = date.to_string();
        h.raw("\n");
        t += step;
    }
    h.raw("</svg></div>\n<figcaption>");
    h.raw(&capitalised(what));
    h.fmt(format_args!(" per {} (UTC), by crawler:", bin_name(bin)));
    h.raw("<ul class=\"legend\">");
    for (s, (name, n)) in ranked.iter().take(limits.chart_crawlers).enumerate() {
        h.fmt(format_args!(
            "<li><span class=\"sw s{}\"></span>",
            series_class(s, top.len())
        ));
        h.text_cut(name, 60);
        h.fmt(format_args!(" ({})</li>", grouped(*n)));
    }
    if rest > 0 {
        h.fmt(format_args!(
            "<li><span class=\"sw s{}\"></span>{} other crawlers ({})</li>",
            series_class(top.len(), top.len()),
            grouped((ranked.len() - top.len()) as u64),
            grouped(rest)
        ));
    }
    h.raw("</ul></figcaption>\n</figure>\n");
}

/// The palette class of series `s` of `named` named ones: the rest are grey.
fn series_class(s: usize, named: usize) -> usize {
    if s >= named { PALETTE_OTHER } else { s }
}

/// Class of the "other" series (grey).
const PALETTE_OTHER: usize = 7;

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Round UTC widths of time, for bins and for the steps between ticks.
const ROUND: [i64; 18] = [
    MINUTE,
    2 * MINUTE,
    5 * MINUTE,
    10 * MINUTE,
    15 * MINUTE,
    30 * MINUTE,
    HOUR,
    2 * HOUR,
    3 * HOUR,
    6 * HOUR,
    12 * HOUR,
    DAY,
    2 * DAY,
    7 * DAY,
    14 * DAY,
    28 * DAY,
    91 * DAY,
    364 * DAY,
];

/// The width of the time bins for requests from `first_ms` to `last_ms` (unix ms): the
/// narrowest round UTC width (1, 2, 5, 10, 15 or 30 minutes; 1, 2, 3, 6 or 12 hours; 1, 2,
/// 7, 14, 28, 91 or 364 days; then whole days) that cuts the span into at most 180 bins.
/// Bins start at multiples of their width since the epoch. The audit counts its activity
/// in these bins, and the page's time charts draw them.
///
/// ```
/// use robots_audit::report::time_bin_ms;
///
/// let t0 = 1_795_132_800_000; // 2026-11-20T00:00:00Z
/// assert_eq!(time_bin_ms(t0, t0 + 66 * 60_000), 60_000); // 66 minutes: a bar a minute
/// assert_eq!(time_bin_ms(t0, t0 + 7 * 86_400_000), 3_600_000); // a week: a bar an hour
/// ```
pub fn time_bin_ms(first_ms: i64, last_ms: i64) -> i64 {
    bin_width(first_ms, last_ms, MINUTE)
}

/// [`time_bin_ms`], at least `at_least` wide and a multiple of it (so that bins of
/// `at_least` each fall in one).
fn bin_width(first: i64, last: i64, at_least: i64) -> i64 {
    let at_least = at_least.max(1);
    let (first, last) = (first.min(last), first.max(last));
    let fits = |w: i64| last.div_euclid(w) - first.div_euclid(w) < MAX_BINS;
    if let Some(&w) = ROUND
        .iter()
        .find(|&&w| w >= at_least && w % at_least == 0 && fits(w))
    {
        return w;
    }
    // Longer than 179 years of 364-day bins (or bins of an odd width): whole multiples of a
    // day and of `at_least`, as few as needed.
    let unit = lcm(DAY, at_least);
    let span = last.saturating_sub(first);
    let mut w = unit.saturating_mul(span / unit.saturating_mul(MAX_BINS - 1) + 1);
    while !fits(w) {
        w = w.saturating_add(unit);
    }
    w
}

fn lcm(a: i64, b: i64) -> i64 {
    let gcd = |mut a: i64, mut b: i64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    (a / gcd(a, b)).saturating_mul(b)
}

fn bin_name(bin: i64) -> String {
    let (n, unit) = if bin % DAY == 0 {
        (bin / DAY, "day")
    } else if bin % HOUR == 0 {
        (bin / HOUR, "hour")
    } else if bin % MINUTE == 0 {
        (bin / MINUTE, "minute")
    } else {
        return format!("{} seconds", bin as f64 / 1000.0);
    };
    if n == 1 {
        unit.to_string()
    } else {
        format!("{n} {unit}s")
    }
}

/// Time between ticks on an axis of `span` ms: a round UTC step, at least a bin, giving at
/// most eight ticks.
fn tick_step(span: i64, bin: i64) -> i64 {
    ROUND
        .iter()
        .copied()
        .find(|&s| s >= bin && span / s <= 8)
        .unwrap_or_else(|| (span / 8 / DAY + 1) * DAY)
}

/// A round step for an axis up to at least `max`, and the axis's top: four or five steps.
fn nice_axis(max: u64) -> (u64, u64) {
    let raw = max.div_ceil(4).max(1);
    let mut magnitude = 1u64;
    while magnitude.saturating_mul(10) <= raw {
        magnitude *= 10;
    }
    let step = [1, 2, 5, 10]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|&s| s >= raw)
        .unwrap_or(10 * magnitude);
    (step, max.div_ceil(step).max(1) * step)
}

/// Violating requests per host as horizontal bars (disallowed and crawl-delay stacked), the
/// hosts with the most first, the rest as one bar.
fn host_chart(h: &mut Html, per_host: &BTreeMap<Arc<str>, [u64; 2]>, limits: &Limits) {
    if per_host.is_empty() {
        h.raw("<p class=\"none\">No violations.</p>\n");
        return;
    }
    let mut hosts: Vec<(&str, [u64; 2])> = per_host.iter().map(|(k, n)| (&**k, *n)).collect();
    hosts.sort_by(|a, b| (b.1[0] + b.1[1]).cmp(&(a.1[0] + a.1[1])).then(a.0.cmp(b.0)));
    let others = hosts.split_off(hosts.len().min(limits.chart_hosts));
    let rest = others
        .iter()
        .fold([0u64; 2], |acc, o| [acc[0] + o.1[0], acc[1] + o.1[1]]);
    let bars = hosts.len() + usize::from(!others.is_empty());
    let max = hosts
        .iter()
        .map(|h| h.1[0] + h.1[1])
        .chain([rest[0] + rest[1]])
        .max()
        .unwrap_or(1)
        .max(1);
    const ROW: f64 = 24.0;
    const LABEL: f64 = 240.0;
    const VALUE: f64 = 90.0;
    let height = TOP + bars as f64 * ROW + 4.0;
    let plot_w = W - LABEL - VALUE;
    h.fmt(format_args!(
        "<figure>\n<div class=\"scroll\"><svg id=\"chart-hosts\" viewBox=\"0 0 {W} {height:.0}\" role=\"img\" \
         aria-labelledby=\"chart-hosts-t\"><title id=\"chart-hosts-t\">Violating requests per host</title>\n"
    ));
    for (i, (name, n)) in hosts
        .iter()
        .map(|(name, n)| (Some(*name), *n))
        .chain((!others.is_empty()).then_some((None, rest)))
        .enumerate()
    {
        let y = TOP + i as f64 * ROW;
        h.fmt(format_args!(
            "<text class=\"ax\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">",
            LABEL - 8.0,
            y + 15.0
        ));
        match name {
            Some(name) => h.text_cut(name, 30),
            None => h.fmt(format_args!("{} other hosts", grouped(others.len() as u64))),
        }
        h.raw("</text>");
        let mut x = LABEL;
        for (k, &v) in n.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let w = v as f64 / max as f64 * plot_w;
            h.fmt(format_args!(
                "<rect class=\"s{k}\" x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\"><title>{}: {}</title></rect>",
                y + 3.0,
                w.max(0.5),
                ROW - 6.0,
                ["disallowed", "crawl-delay"][k],
                grouped(v)
            ));
            x += w;
        }
        h.fmt(format_args!(
            "<text class=\"ax\" x=\"{:.1}\" y=\"{:.1}\">{}</text>\n",
            x + 6.0,
            y + 15.0,
            grouped(n[0] + n[1])
        ));
    }
    h.raw(
        "</svg></div>\n<figcaption>Violating requests per host: \
         <ul class=\"legend\"><li><span class=\"sw s0\"></span>disallowed</li>\
         <li><span class=\"sw s1\"></span>crawl-delay</li></ul></figcaption>\n</figure>\n",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_have_round_steps() {
        assert_eq!(nice_axis(0), (1, 1));
        assert_eq!(nice_axis(7), (2, 8));
        assert_eq!(nice_axis(100), (50, 100));
        assert_eq!(nice_axis(1234), (500, 1500));
        let (step, top) = nice_axis(u64::MAX / 2);
        assert!(top >= u64::MAX / 2 && step > 0);
    }

    #[test]
    fn bins_stay_few_and_ticks_stay_round() {
        let t0 = 1_795_132_800_000; // 2026-11-20T00:00:00Z
        assert_eq!(time_bin_ms(t0, t0), MINUTE);
        // Issue #26: 1.1 hours of requests get bars of a minute, not of an hour.
        assert_eq!(time_bin_ms(t0, t0 + 66 * MINUTE), MINUTE);
        assert_eq!(time_bin_ms(t0, t0 + 4 * HOUR), 2 * MINUTE);
        assert_eq!(time_bin_ms(t0, t0 + 100 * HOUR), HOUR);
        assert_eq!(time_bin_ms(t0, t0 + 30 * DAY), 6 * HOUR);
        assert_eq!(time_bin_ms(t0, t0 + 365 * DAY), 7 * DAY);
        // Never narrower than the activity's bins, and a multiple of them.
        assert_eq!(bin_width(t0, t0 + 66 * MINUTE, HOUR), HOUR);
        assert_eq!(bin_width(t0, t0 + 4 * HOUR, 15 * MINUTE), 15 * MINUTE);
        assert_eq!(bin_width(t0, t0 + 30 * HOUR, 10 * MINUTE), 30 * MINUTE);
        assert_eq!(bin_width(t0, t0 + HOUR, 7 * MINUTE) % (7 * MINUTE), 0);
        for span in [
            0,
            HOUR,
            7 * DAY,
            400 * DAY,
            20 * 365 * DAY,
            1_000 * 365 * DAY,
        ] {
            let bin = time_bin_ms(t0, t0 + span);
            assert!((t0 + span) / bin - t0 / bin < MAX_BINS, "{span}");
            let step = tick_step(span + bin, bin);
            assert!(step >= bin && (span + bin) / step <= 8, "{span}");
        }
        assert_eq!(bin_name(MINUTE), "minute");
        assert_eq!(bin_name(5 * MINUTE), "5 minutes");
        assert_eq!(bin_name(HOUR), "hour");
        assert_eq!(bin_name(6 * HOUR), "6 hours");
        assert_eq!(bin_name(7 * DAY), "7 days");
    }
}
