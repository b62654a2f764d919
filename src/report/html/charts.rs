//! The page's charts, as inline SVG readable without script: violating requests over time
//! (stacked per crawler, in bins of whole hours or wider) and per host.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::digest::Digest;
use super::escape::{Html, grouped, minute};
use super::{DAY, HOUR, Hourly, Limits, Page, ranked};
use crate::report::Kind;

/// Bars per series in a time chart at most: the hours are put into wider bins beyond that.
pub const MAX_BINS: i64 = 180;
/// Bins a time axis covers at least.
const MIN_AXIS_BINS: usize = 12;

/// Plot area of a time chart, in SVG units.
const W: f64 = 960.0;
const CHART_H: f64 = 260.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 44.0;

pub(super) fn charts(h: &mut Html, page: &Page<'_>, v: &Digest) {
    let limits = &v.limits;
    h.raw("<section id=\"charts\">\n<h2>Violations over time</h2>\n");
    time_chart(
        h,
        page.activity,
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
        page.activity,
        |k| k == Kind::CrawlDelay,
        "requests faster than the Crawl-delay",
        "delay",
        limits,
    );
    h.raw("</section>\n");
}

/// A stacked bar chart of requests per time bin, one series per top crawler and one for
/// the rest; the bins are hours, or wider so that there are at most [`MAX_BINS`].
fn time_chart(
    h: &mut Html,
    activity: &[Hourly<'_>],
    kind: impl Fn(Kind) -> bool,
    what: &str,
    id: &str,
    limits: &Limits,
) {
    let rows: Vec<&Hourly<'_>> = activity
        .iter()
        .filter(|a| kind(a.kind) && a.requests > 0)
        .collect();
    let (Some(first), Some(last)) = (
        rows.iter().map(|a| a.hour_ms).min(),
        rows.iter().map(|a| a.hour_ms).max(),
    ) else {
        h.fmt(format_args!("<p class=\"none\">No {what}.</p>\n"));
        return;
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
    let bin = bin_width(first, last);
    let x0 = first.div_euclid(bin) * bin;
    let bins = ((last.div_euclid(bin) * bin - x0) / bin + 1) as usize;
    // A short log does not get bars as wide as the page: the axis covers at least
    // MIN_AXIS_BINS bins from the first.
    let x1 = x0 + bins.max(MIN_AXIS_BINS) as i64 * bin;
    // counts[bin][series]
    let mut counts = vec![vec![0u64; series]; bins];
    for a in &rows {
        let b = ((a.hour_ms.div_euclid(bin) * bin - x0) / bin) as usize;
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
    // Bars.
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
            match top.get(s) {
                Some(name) => h.text_cut(name, 60),
                None => h.raw("other crawlers"),
            }
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

/// Bins of whole hours, as few as give at most [`MAX_BINS`] bins over `first..=last`.
fn bin_width(first: i64, last: i64) -> i64 {
    let fits = |w: i64| last.div_euclid(w) - first.div_euclid(w) < MAX_BINS;
    for hours in [1, 2, 3, 6, 12, 24, 48, 7 * 24, 14 * 24, 28 * 24] {
        if fits(hours * HOUR) {
            return hours * HOUR;
        }
    }
    // Longer than 14 years of 28-day bins: whole days, as many as needed.
    let days = ((last - first) / DAY / (MAX_BINS - 1)) + 1;
    let mut w = days * DAY;
    while !fits(w) {
        w += DAY;
    }
    w
}

fn bin_name(bin: i64) -> String {
    match bin {
        HOUR => "hour".to_string(),
        DAY => "day".to_string(),
        b if b % DAY == 0 => format!("{} days", b / DAY),
        b => format!("{} hours", b / HOUR),
    }
}

/// Time between ticks on an axis of `span` ms: a round UTC step, at least a bin, giving at
/// most eight ticks.
fn tick_step(span: i64, bin: i64) -> i64 {
    [
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
    ]
    .into_iter()
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
        assert_eq!(bin_width(t0, t0), HOUR);
        assert_eq!(bin_width(t0, t0 + 100 * HOUR), HOUR);
        assert_eq!(bin_width(t0, t0 + 30 * DAY), 6 * HOUR);
        assert_eq!(bin_width(t0, t0 + 365 * DAY), 7 * DAY);
        for span in [0, HOUR, 7 * DAY, 400 * DAY, 20 * 365 * DAY] {
            let bin = bin_width(t0, t0 + span);
            assert!((t0 + span) / bin - t0 / bin < MAX_BINS, "{span}");
            let step = tick_step(span + bin, bin);
            assert!(step >= bin && (span + bin) / step <= 8, "{span}");
        }
    }
}
