//! Drawing a [`Figure`] as an SVG file: two log-scale bar panels, nodes expanded and time.

use std::error::Error;
use std::path::Path;
use std::time::Duration;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{Figure, Measured, RUNS};
// ---------------------------------------------------------------------------------------
// Charts

const WIDTH: u32 = 1400;
const HEIGHT: u32 = 600;
const HEADER: u32 = 92;
const FONT: &str = "sans-serif";
const COLORS: [RGBColor; 2] = [RGBColor(31, 119, 180), RGBColor(255, 127, 14)];
const INADMISSIBLE: RGBColor = RGBColor(178, 34, 34);

/// The ends of a log axis showing `values`: powers of ten, with room below the lowest bar
/// and above the highest one (for its value).
fn log_bounds(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (mut min, mut max) = (f64::INFINITY, 0f64);
    for v in values.filter(|v| *v > 0.0) {
        min = min.min(v);
        max = max.max(v);
    }
    if !min.is_finite() {
        return (1.0, 10.0);
    }
    // Room below the lowest bar, so that it stays visible.
    let lo = 10f64.powf((min / 3.0).log10().floor());
    // Head room for the value printed above the highest bar.
    let hi = 10f64.powf((max * 2.5).log10().ceil()).max(lo * 10.0);
    (lo, hi)
}

/// `1`, `10`, `100`, `1k`, ..., `1M`, `10M`, `1G`: a power of ten, compactly.
fn power_label(v: f64) -> String {
    let e = v.log10().round() as i32;
    match e {
        i32::MIN..=-1 => format!("1e{e}"),
        0..=2 => format!("{}", 10i64.pow(e as u32)),
        3..=5 => format!("{}k", 10i64.pow(e as u32 - 3)),
        6..=8 => format!("{}M", 10i64.pow(e as u32 - 6)),
        _ => format!("{}G", 10i64.pow(e as u32 - 9)),
    }
}

/// A time in seconds on the axis (powers of ten): `10 µs`, `1 ms`, `1 s`, ...
fn time_axis_label(v: f64) -> String {
    let e = v.log10().round() as i32;
    let (value, unit) = match e {
        i32::MIN..=-10 => return format!("1e{e} s"),
        -9..=-7 => (10f64.powi(e + 9), "ns"),
        -6..=-4 => (10f64.powi(e + 6), "µs"),
        -3..=-1 => (10f64.powi(e + 3), "ms"),
        _ => (10f64.powi(e), "s"),
    };
    format!("{value:.0} {unit}")
}

/// A node count above its bar: three significant digits at most.
fn count_label(n: u64) -> String {
    let v = n as f64;
    let (x, suffix) = if v >= 1e9 {
        (v / 1e9, "G")
    } else if v >= 1e6 {
        (v / 1e6, "M")
    } else if v >= 1e3 {
        (v / 1e3, "k")
    } else {
        return n.to_string();
    };
    if x >= 100.0 {
        format!("{x:.0}{suffix}")
    } else if x >= 10.0 {
        format!("{x:.1}{suffix}")
    } else {
        format!("{x:.2}{suffix}")
    }
}

/// A time above its bar: three significant digits at most.
fn time_label(d: Duration) -> String {
    let s = d.as_secs_f64();
    let (x, unit) = if s >= 1.0 {
        (s, "s")
    } else if s >= 1e-3 {
        (s * 1e3, "ms")
    } else {
        (s * 1e6, "µs")
    };
    if x >= 100.0 {
        format!("{x:.0} {unit}")
    } else if x >= 10.0 {
        format!("{x:.1} {unit}")
    } else {
        format!("{x:.2} {unit}")
    }
}

/// Which quantity a panel shows.
#[derive(Clone, Copy)]
enum Panel {
    Nodes,
    Time,
}

impl Panel {
    fn value(self, m: &Measured) -> f64 {
        match self {
            Panel::Nodes => m.expanded as f64,
            Panel::Time => m.median.as_secs_f64(),
        }
    }

    fn bar_label(self, m: &Measured) -> String {
        match self {
            Panel::Nodes => count_label(m.expanded),
            Panel::Time => time_label(m.median),
        }
    }
}

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;

fn draw_panel(
    root: &Area<'_>,
    area: &Area<'_>,
    fig: &Figure,
    panel: Panel,
) -> Result<(), Box<dyn Error>> {
    let values = fig
        .groups
        .iter()
        .flat_map(|g| g.results.iter().flatten().map(|m| panel.value(m)));
    let (lo, hi) = log_bounds(values);
    let decades = (hi / lo).log10().round() as usize;
    // Widened by a hair, so that rounding keeps both end decades among the labels.
    let (lo, hi) = (lo / 1.0001, hi * 1.0001);
    let (caption, y_desc) = match panel {
        Panel::Nodes => (
            format!("Nodes expanded (sum over the {} instances)", fig.instances),
            "nodes expanded (log scale)",
        ),
        Panel::Time => (
            format!("Time to solve the set (median of {RUNS} runs)"),
            "wall-clock time (log scale)",
        ),
    };
    let n = fig.groups.len();
    let mut chart = ChartBuilder::on(area)
        .caption(caption, (FONT, 17))
        .margin(12)
        .margin_right(24)
        .x_label_area_size(62)
        .y_label_area_size(78)
        .build_cartesian_2d(0f64..n as f64, (lo..hi).log_scale())?;
    let axis_label = |v: &f64| match panel {
        Panel::Nodes => power_label(*v),
        Panel::Time => time_axis_label(*v),
    };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_label_formatter(&|_| String::new())
        .y_labels(decades)
        .y_label_formatter(&axis_label)
        .y_label_style((FONT, 13))
        .y_desc(y_desc)
        .x_desc("heuristic")
        .axis_desc_style((FONT, 14))
        .light_line_style(TRANSPARENT)
        .bold_line_style(RGBColor(200, 200, 200))
        .draw()?;
    // Minor grid lines at 2..9 times each power of ten.
    let minor = RGBColor(236, 236, 236);
    let mut decade = lo * 1.0001;
    while decade < hi {
        for m in 2..=9 {
            let y = decade * f64::from(m);
            if y < hi {
                chart.draw_series(std::iter::once(PathElement::new(
                    vec![(0.0, y), (n as f64, y)],
                    minor,
                )))?;
            }
        }
        decade *= 10.0;
    }

    let k = fig.algos.len();
    let group_width = 0.76;
    let bar_width = group_width / k as f64;
    let value_style = TextStyle::from((FONT, 12).into_font())
        .pos(Pos::new(HPos::Center, VPos::Bottom))
        .color(&RGBColor(40, 40, 40));
    for (i, g) in fig.groups.iter().enumerate() {
        for (j, r) in g.results.iter().enumerate() {
            let x0 = i as f64 + (1.0 - group_width) / 2.0 + j as f64 * bar_width;
            let x1 = x0 + bar_width;
            let color = COLORS[fig.algos[j] as usize];
            let Some(m) = r else {
                chart.draw_series(std::iter::once(
                    EmptyElement::at(((x0 + x1) / 2.0, lo))
                        + Text::new("not run", (0, -4), value_style.clone()),
                ))?;
                continue;
            };
            let v = panel.value(m).max(lo);
            chart.draw_series(std::iter::once(Rectangle::new(
                [(x0 + 0.01, lo), (x1 - 0.01, v)],
                color.filled(),
            )))?;
            chart.draw_series(std::iter::once(
                EmptyElement::at(((x0 + x1) / 2.0, v))
                    + Text::new(panel.bar_label(m), (0, -3), value_style.clone()),
            ))?;
        }
    }
    // Group labels under the axis, drawn on the whole canvas in pixels.
    let name_style = TextStyle::from((FONT, 14).into_font())
        .pos(Pos::new(HPos::Center, VPos::Top))
        .color(&BLACK);
    let note_style = TextStyle::from((FONT, 12).into_font().style(FontStyle::Italic))
        .pos(Pos::new(HPos::Center, VPos::Top))
        .color(&INADMISSIBLE);
    for (i, g) in fig.groups.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(i as f64 + 0.5, lo));
        root.draw(&Text::new(g.name.clone(), (x, y + 8), name_style.clone()))?;
        if !g.admissible {
            root.draw(&Text::new(
                "(inadmissible)",
                (x, y + 25),
                note_style.clone(),
            ))?;
        }
    }
    Ok(())
}

pub(crate) fn draw_figure(fig: &Figure, path: &Path) -> Result<(), Box<dyn Error>> {
    let root = SVGBackend::new(path, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE)?;
    let (header, body) = root.split_vertically(HEADER);
    let left = |size: u32| {
        TextStyle::from((FONT, size).into_font())
            .pos(Pos::new(HPos::Left, VPos::Top))
            .color(&BLACK)
    };
    header.draw(&Text::new(
        fig.title.clone(),
        (20, 12),
        TextStyle::from((FONT, 21).into_font().style(FontStyle::Bold))
            .pos(Pos::new(HPos::Left, VPos::Top))
            .color(&BLACK),
    ))?;
    header.draw(&Text::new(
        format!(
            "Nodes expanded summed over the set; time = median of {RUNS} runs of the whole set \
             (std::time::Instant, after one warm-up run). Both axes log scale."
        ),
        (20, 44),
        left(14).color(&RGBColor(70, 70, 70)),
    ))?;
    header.draw(&Text::new(
        fig.note.clone(),
        (20, 64),
        left(14).color(&RGBColor(70, 70, 70)),
    ))?;
    // Legend, top right.
    let mut x = WIDTH as i32 - 30 - 90 * fig.algos.len() as i32;
    for &a in &fig.algos {
        header.draw(&Rectangle::new(
            [(x, 48), (x + 16, 62)],
            COLORS[a as usize].filled(),
        ))?;
        header.draw(&Text::new(a.name(), (x + 22, 47), left(15)))?;
        x += 90;
    }
    let (l, r) = body.split_horizontally(WIDTH / 2);
    draw_panel(&root, &l, fig, Panel::Nodes)?;
    draw_panel(&root, &r, fig, Panel::Time)?;
    root.present()?;
    Ok(())
}
