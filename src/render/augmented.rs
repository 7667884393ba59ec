//! The augmented view: samples lifted to `(x0, x1, x2)`, the weight vector, the plane
//! `w·z = 0` through the origin and its trace on the data plane, drawn through plotters' 3-D
//! chart (the page on a canvas, the tests and "Save SVG" on the SVG backend).
//!
//! Axes: plotters' X is x1, its vertical Y is the bias coordinate x0, its Z is x2. The three
//! axes are drawn at the same length whatever their ranges, so angles are not to scale.

use super::points::{draw_mark, draw_visited_ring, mark};
use super::{draw_arrow_pixels, DrawError, Theme};
use crate::core::augmented::{Activation, AugmentedScene};
use crate::core::numfmt::num;
use crate::core::Label;
use plotters::coord::cartesian::Cartesian3d;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

/// A point of the augmented space, `(x0, x1, x2)`, in plotters' axis order `(x1, x0, x2)`.
fn at(z: [f64; 3]) -> (f64, f64, f64) {
    (z[1], z[0], z[2])
}

/// The view's chart: three axes of `f64`.
type Chart3d<'a, DB> =
    ChartContext<'a, DB, Cartesian3d<RangedCoordf64, RangedCoordf64, RangedCoordf64>>;

/// The 3-D chart of the view: plotters' X is x1, its vertical Y is `up` (x0 or the activation),
/// its Z is x2; looked at from the scene's camera; the box drawn with its grid and ticks
/// (`up_ticks` on the vertical axis).
fn boxed_chart<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    x1: (f64, f64),
    up: (f64, f64),
    x2: (f64, f64),
    scene: &AugmentedScene,
    up_ticks: usize,
    theme: &Theme,
) -> Result<Chart3d<'a, DB>, DrawError<DB>> {
    let mut chart = ChartBuilder::on(area)
        .margin(theme.px(10.0))
        .margin_top(theme.px(46.0))
        .build_cartesian_3d(x1.0..x1.1, up.0..up.1, x2.0..x2.1)?;
    let camera = scene.options.camera;
    chart.with_projection(|mut pb| {
        pb.yaw = camera.yaw;
        pb.pitch = camera.pitch;
        pb.scale = 0.78;
        pb.into_matrix()
    });
    let tick_font = ("sans-serif", theme.font(12.0))
        .into_font()
        .color(&theme.text);
    chart
        .configure_axes()
        .tick_size(theme.px(4.0))
        .x_labels(5)
        .y_labels(up_ticks)
        .z_labels(5)
        .max_light_lines(0)
        .axis_panel_style(theme.grid_light)
        .bold_grid_style(theme.grid_bold.stroke_width(theme.px(1.0)))
        .light_grid_style(theme.grid_light.stroke_width(theme.px(1.0)))
        .label_style(tick_font)
        .x_formatter(&|v| num(*v))
        .y_formatter(&|v| num(*v))
        .z_formatter(&|v| num(*v))
        .draw()?;
    Ok(chart)
}

/// The boundary where a surface meets the data plane, in the boundary's colour.
fn boundary_line<DB: DrawingBackend>(
    chart: &mut Chart3d<'_, DB>,
    segment: Option<[[f64; 3]; 2]>,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    if let Some([p, q]) = segment {
        chart.draw_series(std::iter::once(PathElement::new(
            vec![at(p), at(q)],
            theme.boundary.stroke_width(theme.px(3.0)),
        )))?;
    }
    Ok(())
}

/// A flat polygon (corners `[up, x1, x2]` in order) filled with `colour` at opacity `fill` and
/// outlined at opacity `edge`, `width` pixels wide.
fn outlined<DB: DrawingBackend>(
    chart: &mut Chart3d<'_, DB>,
    corners: &[[f64; 3]],
    colour: RGBColor,
    fill: f64,
    edge: f64,
    width: u32,
) -> Result<(), DrawError<DB>> {
    let points: Vec<_> = corners.iter().copied().map(at).collect();
    chart.draw_series(std::iter::once(Polygon::new(
        points.clone(),
        colour.mix(fill).filled(),
    )))?;
    let mut outline = points;
    outline.push(outline[0]);
    chart.draw_series(std::iter::once(PathElement::new(
        outline,
        colour.mix(edge).stroke_width(width),
    )))?;
    Ok(())
}

/// Draws the augmented view of `scene` on `area`.
///
/// Layers, back to front: the box with its grid and ticks, the data plane (`x0 = 1`, or
/// `x0 = 0` without the bias; with the sign flip also `x0 = −1`), the old plane as a dashed
/// ghost after an update, the plane `w·z = 0` (translucent, outlined), its trace on the data
/// plane (the 2-D boundary, in the boundary's colour), the samples (class by colour *and*
/// shape, nearest last), the ring of the sample just visited, the arrows (old w, Δw tip to tail,
/// w) from the origin, the axis names and a key.
pub fn draw_augmented<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &AugmentedScene,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    area.fill(&theme.background)?;
    let (width, height) = area.dim_in_pixel();
    if width < 60 || height < 60 {
        return Ok(());
    }
    if let Some(activation) = &scene.activation {
        return draw_activation(area, scene, activation, theme);
    }
    let b = scene.bounds;
    let mut chart = boxed_chart(area, b.x1, b.x0, b.x2, scene, 3, theme)?;

    let h = if scene.bias { 1.0 } else { 0.0 };
    let mut planes = vec![h];
    if scene.options.flip && scene.bias {
        planes.push(-h);
    }
    for x0 in planes {
        outlined(
            &mut chart,
            &b.level(x0),
            theme.axis,
            0.10,
            0.6,
            theme.px(1.0),
        )?;
    }

    // The old plane, dashed, then the plane w·z = 0.
    if scene.old_plane.len() >= 3 {
        let mut ghost: Vec<_> = scene.old_plane.iter().copied().map(at).collect();
        ghost.push(ghost[0]);
        chart.draw_series(std::iter::once(DashedPathElement::new(
            ghost,
            theme.px(7.0),
            theme.px(5.0),
            theme.ghost.stroke_width(theme.px(2.0)),
        )))?;
    }
    if scene.plane.len() >= 3 {
        outlined(
            &mut chart,
            &scene.plane,
            theme.weight,
            0.16,
            0.9,
            theme.px(1.5),
        )?;
    }
    boundary_line(&mut chart, scene.boundary, theme)?;

    // Samples, farthest first, so nearer marks cover farther ones.
    let spec = chart.as_coord_spec().clone();
    let pixel = |z: [f64; 3]| spec.translate(&at(z));
    // A sample beyond the box (out at ±f64::MAX) on its face.
    let lifted = |i: usize| b.clamp(scene.points[i].z);
    let mut order: Vec<usize> = (0..scene.points.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(spec.depth(&at(lifted(i)))));
    for i in order {
        let p = scene.points[i];
        let (x, y) = pixel(lifted(i));
        let colour = match p.label {
            Label::Pos => theme.positive,
            Label::Neg => theme.negative,
        };
        draw_mark(area, (x, y), &mark(p.class, 1.0, theme), colour, theme)?;
    }
    if let Some(v) = scene.visited {
        if v.index < scene.points.len() {
            draw_visited_ring(area, pixel(lifted(v.index)), v.mistake, theme)?;
        }
    }

    // Arrows from the origin, scaled together so they fit.
    let s = scene.arrow_scale;
    let scaled = |w: [f64; 3]| [w[0] * s, w[1] * s, w[2] * s];
    let origin = pixel([0.0, 0.0, 0.0]);
    let tip = scaled(scene.weights);
    if let Some(previous) = scene.previous {
        let old = scaled(previous);
        arrow(
            area,
            origin,
            pixel(old),
            theme.old_weight,
            ("old w", false),
            theme,
        )?;
        let colour = match scene.visited.and_then(|v| scene.points.get(v.index)) {
            Some(p) if p.label == Label::Neg => theme.negative,
            Some(_) => theme.positive,
            None => theme.old_weight,
        };
        arrow(area, pixel(old), pixel(tip), colour, ("Δw", false), theme)?;
    }
    if scene.weights != [0.0, 0.0, 0.0] {
        arrow(area, origin, pixel(tip), theme.weight, ("w", true), theme)?;
    }
    area.draw(&Circle::new(origin, theme.px(3.0), theme.text.filled()))?;

    // Axis names at the far ends of the box's edges through the low corner.
    let names = [
        ([b.x0.0, b.x1.1, b.x2.0], "x₁"),
        ([b.x0.1, b.x1.0, b.x2.0], "x₀"),
        ([b.x0.0, b.x1.0, b.x2.1], "x₂"),
    ];
    axis_names(area, &pixel, &names, theme)?;
    key(area, scene, theme)
}

/// Seed 000's picture: the activation `h(x) = w·(1, x)` as a height over the data plane. The
/// data plane `h = 0` with the samples on it, the surface (a plane, translucent), a drop line
/// from each sample up or down to its height on the surface (a dot there in its class colour),
/// and where the surface is 0: the boundary.
fn draw_activation<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &AugmentedScene,
    activation: &Activation,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let b = scene.bounds;
    let reach = activation.reach;
    let mut chart = boxed_chart(area, b.x1, (-reach, reach), b.x2, scene, 5, theme)?;
    outlined(
        &mut chart,
        &b.level(0.0),
        theme.axis,
        0.10,
        0.6,
        theme.px(1.0),
    )?;
    outlined(
        &mut chart,
        &activation.corners,
        theme.weight,
        0.16,
        0.9,
        theme.px(1.5),
    )?;
    boundary_line(&mut chart, activation.zero, theme)?;
    let spec = chart.as_coord_spec().clone();
    let pixel = |z: [f64; 3]| spec.translate(&at(z));
    let mut order: Vec<usize> = (0..scene.points.len()).collect();
    let base = |i: usize| {
        let p = &scene.points[i];
        // The sample itself on the data plane (its unflipped x).
        let s = if p.flipped { -1.0 } else { 1.0 };
        b.clamp([0.0, s * p.z[1], s * p.z[2]])
    };
    order.sort_by_key(|&i| std::cmp::Reverse(spec.depth(&at(base(i)))));
    for i in order {
        let p = scene.points[i];
        let colour = match p.label {
            Label::Pos => theme.positive,
            Label::Neg => theme.negative,
        };
        let foot = base(i);
        let Some(&h) = activation.heights.get(i) else {
            continue;
        };
        let top = [
            if h.is_nan() {
                0.0
            } else {
                h.clamp(-reach, reach)
            },
            foot[1],
            foot[2],
        ];
        area.draw(&PathElement::new(
            vec![pixel(foot), pixel(top)],
            colour.stroke_width(theme.px(1.5)),
        ))?;
        area.draw(&Circle::new(pixel(top), theme.px(3.5), colour.filled()))?;
        draw_mark(area, pixel(foot), &mark(p.class, 1.0, theme), colour, theme)?;
    }
    if let Some(v) = scene.visited {
        if v.index < scene.points.len() {
            draw_visited_ring(area, pixel(base(v.index)), v.mistake, theme)?;
        }
    }
    let names = [
        ([-reach, b.x1.1, b.x2.0], "x₁"),
        ([reach, b.x1.0, b.x2.0], "h"),
        ([-reach, b.x1.0, b.x2.1], "x₂"),
    ];
    axis_names(area, &pixel, &names, theme)?;
    let entries = vec![
        (
            theme.weight,
            if scene.bias {
                "activation h(x) = w·(1, x)"
            } else {
                "activation h(x) = w·x"
            }
            .to_string(),
        ),
        (theme.boundary, "h = 0: the boundary".to_string()),
    ];
    draw_key(area, entries, theme)
}

/// The axes' names beside the far ends of the box's edges.
fn axis_names<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    pixel: &dyn Fn([f64; 3]) -> (i32, i32),
    names: &[([f64; 3], &str)],
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let name_font = ("sans-serif", theme.font(16.0))
        .into_font()
        .style(FontStyle::Bold)
        .color(&theme.text);
    for (z, name) in names {
        let (x, y) = pixel(*z);
        area.draw(&Text::new(
            *name,
            (x + theme.px(6.0) as i32, y - theme.px(8.0) as i32),
            name_font.clone(),
        ))?;
    }
    Ok(())
}

/// An arrow from `from` to `to` (pixels) with a filled head and its label beyond its tip
/// (`(label, true)`) or beside its middle (`(label, false)`).
fn arrow<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    from: (i32, i32),
    to: (i32, i32),
    colour: RGBColor,
    (label, at_tip): (&str, bool),
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let (sx, sy) = (f64::from(from.0), f64::from(from.1));
    let (ex, ey) = (f64::from(to.0), f64::from(to.1));
    if (ex - sx).hypot(ey - sy) < 2.0 {
        return Ok(());
    }
    let Some((ux, uy)) = draw_arrow_pixels(area, (sx, sy), (ex, ey), colour, (3.0, 14.0), theme)?
    else {
        return Ok(());
    };
    let font = ("sans-serif", theme.font(15.0))
        .into_font()
        .style(FontStyle::Bold)
        // The text in the text colour (≥ 4.5:1 on the halo); the arrow beside it has the colour.
        .color(&theme.text);
    let offset = f64::from(theme.px(12.0));
    let (ax, ay) = if at_tip {
        (ex + ux * offset, ey + uy * offset)
    } else {
        // Beside the middle, on the side away from the origin's arrows.
        (
            (sx + ex) / 2.0 - uy * offset * 1.4,
            (sy + ey) / 2.0 + ux * offset * 1.4,
        )
    };
    let at = (
        (ax - f64::from(theme.px(4.0))).round() as i32,
        (ay - f64::from(theme.px(8.0))).round() as i32,
    );
    let (w, h) = (
        (f64::from(theme.px(9.5)) * label.chars().count() as f64) as i32,
        theme.px(18.0) as i32,
    );
    area.draw(&Rectangle::new(
        [(at.0 - 2, at.1 - 2), (at.0 + w, at.1 + h)],
        theme.background.mix(0.78).filled(),
    ))?;
    area.draw(&Text::new(label.to_string(), at, font))
}

/// The key along the top: what each mark of the picture is.
fn key<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    scene: &AugmentedScene,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let plane_name = if scene.bias { "x₀ = 1" } else { "x₀ = 0" };
    let mut entries: Vec<(RGBColor, String)> = vec![
        (theme.weight, "plane w·z = 0".to_string()),
        (theme.boundary, format!("its trace on {plane_name}")),
    ];
    if scene.previous.is_some() {
        entries.push((theme.ghost, "old plane (dashed)".to_string()));
    }
    if scene.options.flip {
        entries.push((theme.negative, "class −1 drawn as −z".to_string()));
    }
    draw_key(area, entries, theme)
}

/// Draws `entries` (a colour swatch and its words each) along the top, wrapping into rows.
fn draw_key<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: Vec<(RGBColor, String)>,
    theme: &Theme,
) -> Result<(), DrawError<DB>> {
    let font = ("sans-serif", theme.font(13.0))
        .into_font()
        .color(&theme.text);
    let left = theme.px(8.0) as i32;
    let (width, _) = area.dim_in_pixel();
    let width = i32::try_from(width).unwrap_or(i32::MAX);
    let (mut x, mut y) = (left, theme.px(8.0) as i32);
    let swatch = theme.px(14.0) as i32;
    for (colour, text) in entries {
        let span = swatch
            + theme.px(5.0) as i32
            + (f64::from(theme.px(7.2)) * text.chars().count() as f64) as i32;
        // An entry that would run past the right edge starts a new row.
        if x > left && x + span > width - left {
            x = left;
            y += theme.px(20.0) as i32;
        }
        area.draw(&Rectangle::new(
            [(x, y + 2), (x + swatch, y + swatch - 2)],
            colour.filled(),
        ))?;
        area.draw(&Text::new(
            text.clone(),
            (x + swatch + theme.px(5.0) as i32, y),
            font.clone(),
        ))?;
        x += span + theme.px(14.0) as i32;
    }
    Ok(())
}
