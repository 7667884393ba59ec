//! The points' marks rasterized here into one RGBA image, for the page to put on its canvas with
//! one `putImageData` (issues #13 and #15).
//!
//! A canvas path per point costs a call across the wasm boundary for each of its parts and a
//! path for the browser to rasterize: about 9 µs a point, over 100 ms for 12,000 points. Here each
//! class's mark is rasterized once, anti-aliased (4 × 4 samples a pixel), into a small sprite,
//! and every point of that class is a copy of it blended into the image at the point's pixel:
//! the same shapes, colours, outline and order as [`paint_marks`](super::paint_marks) (marks sit
//! on whole backing pixels, so one sprite fits every point).

use super::{mark, Mark, PlotFrame, Theme};
use crate::core::Scene;

/// Samples per pixel along each axis.
const SAMPLES: usize = 4;

/// Mark sizes are rasterized to the nearest `1 / SIZE_STEPS`.
const SIZE_STEPS: f64 = 32.0;

/// One mark rasterized: premultiplied RGBA pixels that are not transparent, each with its
/// offset from the point's pixel.
struct Sprite {
    pixels: Vec<(i32, i32, [u16; 4])>,
    /// Every pixel's offset is within `-reach..reach` in both directions.
    reach: i32,
    /// Each pixel's offset in the image's bytes (for the image width the sprite was made for).
    offsets: Vec<isize>,
}

impl Sprite {
    /// The mark `shape`, filled with `fill` and outlined `outline` wide in `edge` (centred on
    /// the shape's edge, round joins, as a canvas stroke is), around the pixel corner `(0, 0)`.
    fn new(shape: &Mark, fill: [u8; 3], edge: [u8; 3], outline: f64) -> Sprite {
        let half = outline / 2.0;
        let reach = match shape {
            Mark::Circle(r) => *r,
            Mark::Polygon(corners) => corners
                .iter()
                .map(|(x, y)| x.abs().max(y.abs()))
                .fold(0.0, f64::max),
        } + half
            + 1.0;
        let reach = reach.ceil() as i32;
        let mut pixels = Vec::new();
        let total = (SAMPLES * SAMPLES) as u32;
        for py in -reach..reach {
            for px in -reach..reach {
                let (mut n_fill, mut n_edge) = (0u32, 0u32);
                for sy in 0..SAMPLES {
                    for sx in 0..SAMPLES {
                        let x = f64::from(px) + (sx as f64 + 0.5) / SAMPLES as f64;
                        let y = f64::from(py) + (sy as f64 + 0.5) / SAMPLES as f64;
                        let (inside, distance) = match shape {
                            Mark::Circle(r) => {
                                let d = x.hypot(y);
                                (d < *r, (d - r).abs())
                            }
                            Mark::Polygon(corners) => polygon(corners, x, y),
                        };
                        if distance <= half {
                            n_edge += 1;
                        } else if inside {
                            n_fill += 1;
                        }
                    }
                }
                if n_fill + n_edge == 0 {
                    continue;
                }
                // Premultiplied: each colour weighted by its samples, alpha by all of them.
                let channel =
                    |k: usize| (u32::from(fill[k]) * n_fill + u32::from(edge[k]) * n_edge) / total;
                let alpha = 255 * (n_fill + n_edge) / total;
                pixels.push((
                    px,
                    py,
                    [
                        channel(0) as u16,
                        channel(1) as u16,
                        channel(2) as u16,
                        alpha as u16,
                    ],
                ));
            }
        }
        Sprite {
            pixels,
            reach,
            offsets: Vec::new(),
        }
    }
}

/// Whether `(x, y)` is inside the polygon (crossings) and its distance to the polygon's edge.
fn polygon(corners: &[(f64, f64)], x: f64, y: f64) -> (bool, f64) {
    let mut inside = false;
    let mut distance = f64::INFINITY;
    for (k, &(ax, ay)) in corners.iter().enumerate() {
        let (bx, by) = corners[(k + 1) % corners.len()];
        if (ay > y) != (by > y) && x < ax + (y - ay) * (bx - ax) / (by - ay) {
            inside = !inside;
        }
        let (dx, dy) = (bx - ax, by - ay);
        let length = dx * dx + dy * dy;
        let t = if length > 0.0 {
            (((x - ax) * dx + (y - ay) * dy) / length).clamp(0.0, 1.0)
        } else {
            0.0
        };
        distance = distance.min((x - ax - t * dx).hypot(y - ay - t * dy));
    }
    (inside, distance)
}

/// The marks' image and the sprites it is made of, kept between frames: a sprite costs a few
/// thousand samples of its shape, and a kernel run's marks come in dozens of sizes (issue #15).
#[derive(Default)]
pub struct MarkRaster {
    /// Straight RGBA, rows from the top.
    pub image: Vec<u8>,
    sprites: std::collections::HashMap<SpriteKey, Sprite>,
    /// The image width the sprites' byte offsets are for.
    width: usize,
    /// The image's size when it was last drawn (its `drawn` rectangle is for that size).
    size: (usize, usize),
    /// The rectangle that holds every pixel the last raster drew: `[x, y, width, height]`,
    /// `None` when it drew none.
    drawn: Option<[u32; 4]>,
    /// The byte offsets of the pixels a mark covered only partly before any other mark touched
    /// them: each pixel once, the only ones whose colours need dividing by their alpha.
    partial: Vec<usize>,
}

impl MarkRaster {
    /// The rectangle (`[x, y, width, height]` in image pixels) outside which the image is
    /// transparent; `None` when no mark is on it. What is put on a canvas and copied needs
    /// only this part.
    pub fn drawn(&self) -> Option<[u32; 4]> {
        self.drawn
    }
}

/// A sprite's class, size (in `1 / SIZE_STEPS`), fill and edge colours, outline and scale.
type SpriteKey = (usize, i64, [u8; 3], [u8; 3], u64, u64);

/// At most this many sprites are kept (sizes, classes and themes seen); beyond, they are made
/// again as needed.
const SPRITES_KEPT: usize = 1024;

/// The marks of `scene`'s points on a transparent `width × height` image (straight RGBA, rows
/// from the top, as `ImageData` takes them), written into `raster.image` (resized; its old
/// contents are cleared): class by class, each point over the ones before it, as
/// [`paint_marks`](super::paint_marks) paints them.
pub fn raster_marks(
    raster: &mut MarkRaster,
    (width, height): (u32, u32),
    frame: &PlotFrame,
    scene: &Scene<'_>,
    theme: &Theme,
) {
    let (w, h) = (width as usize, height as usize);
    let MarkRaster {
        image,
        sprites,
        width: sprites_width,
        size,
        drawn,
        partial,
    } = raster;
    // Only what the last raster drew needs clearing when the size is the same.
    match *drawn {
        Some([x0, y0, dw, dh]) if *size == (w, h) && image.len() == w * h * 4 => {
            let (x0, dw) = (x0 as usize, dw as usize);
            for y in y0 as usize..(y0 + dh) as usize {
                let start = (y * w + x0) * 4;
                image[start..start + dw * 4].fill(0);
            }
        }
        Some(_) | None if *size == (w, h) && image.len() == w * h * 4 => {}
        _ => {
            image.clear();
            image.resize(w * h * 4, 0);
        }
    }
    *size = (w, h);
    partial.clear();
    // The drawn rectangle as it grows: [x_min, y_min, x_max, y_max), empty while x_min ≥ x_max.
    let mut bounds = [w as i32, h as i32, 0i32, 0i32];
    if *sprites_width != w || sprites.len() > SPRITES_KEPT {
        sprites.clear();
        *sprites_width = w;
    }
    let classes = theme.classes.len();
    let rgb = |c: plotters::style::RGBColor| [c.0, c.1, c.2];
    let outline = f64::from(theme.px(1.5));
    let edge = rgb(theme.background);
    let mut order: Vec<(usize, usize)> = scene
        .points()
        .enumerate()
        .map(|(i, p)| (p.class % classes, i))
        .collect();
    // By class, in point order within a class (a stable sort).
    order.sort_by_key(|&(class, _)| class);
    let points: Vec<_> = scene.points().collect();
    for (class, i) in order {
        let p = &points[i];
        // Sizes (the kernel's marks grow with α) are taken to the nearest 1/32, a hundredth
        // of a pixel or so, so a few dozen sprites serve thousands of points of different α.
        let step = (p.size * SIZE_STEPS).round();
        let fill = rgb(theme.class_colour(class));
        let key = (
            class,
            step as i64,
            fill,
            edge,
            outline.to_bits(),
            theme.scale.to_bits(),
        );
        let sprite = sprites.entry(key).or_insert_with(|| {
            let shape = mark(class, step / SIZE_STEPS, theme);
            let mut sprite = Sprite::new(&shape, fill, edge, outline);
            sprite.offsets = sprite
                .pixels
                .iter()
                .map(|&(dx, dy, _)| (dy as isize * w as isize + dx as isize) * 4)
                .collect();
            sprite
        });
        let (cx, cy) = frame.to_backend(p.x, p.y);
        let whole = cx >= sprite.reach
            && cy >= sprite.reach
            && (cx as usize).saturating_add(sprite.reach as usize) < w
            && (cy as usize).saturating_add(sprite.reach as usize) < h;
        let (x_from, y_from) = (
            cx.saturating_sub(sprite.reach),
            cy.saturating_sub(sprite.reach),
        );
        let (x_to, y_to) = (
            cx.saturating_add(sprite.reach),
            cy.saturating_add(sprite.reach),
        );
        if x_to <= 0 || y_to <= 0 || x_from >= w as i32 || y_from >= h as i32 {
            continue;
        }
        bounds = [
            bounds[0].min(x_from.max(0)),
            bounds[1].min(y_from.max(0)),
            bounds[2].max(x_to.min(w as i32)),
            bounds[3].max(y_to.min(h as i32)),
        ];
        let base = (cy as isize * w as isize + cx as isize) * 4;
        for (&(dx, dy, [r, g, b, a]), &offset) in sprite.pixels.iter().zip(&sprite.offsets) {
            let at = if whole {
                // The whole mark is on the image: no pixel of it needs a look at the edges.
                (base + offset) as usize
            } else {
                let (x, y) = (cx.saturating_add(dx), cy.saturating_add(dy));
                if x < 0 || y < 0 || x as usize >= w || y as usize >= h {
                    continue;
                }
                (y as usize * w + x as usize) * 4
            };
            let Some(dst) = image.get_mut(at..at + 4) else {
                continue;
            };
            if a == 255 {
                // Most of a mark: opaque, it covers what was there.
                dst[0] = r as u8;
                dst[1] = g as u8;
                dst[2] = b as u8;
                dst[3] = 255;
                continue;
            }
            if dst[3] == 0 {
                // First touched, and only partly: its colours are divided by alpha at the end.
                partial.push(at);
            }
            let keep = 255 - a;
            // Premultiplied "source over": src + dst · (1 − src alpha).
            dst[0] = (r + (u16::from(dst[0]) * keep + 127) / 255) as u8;
            dst[1] = (g + (u16::from(dst[1]) * keep + 127) / 255) as u8;
            dst[2] = (b + (u16::from(dst[2]) * keep + 127) / 255) as u8;
            dst[3] = (a + (u16::from(dst[3]) * keep + 127) / 255) as u8;
        }
    }
    // ImageData is straight RGBA: divide the colours of partly covered pixels by their alpha.
    // A pixel whose first touch covered it whole is opaque for good (alpha only grows), so the
    // pixels listed in `partial` are all that may need it.
    for &at in partial.iter() {
        let px = &mut image[at..at + 4];
        let a = u16::from(px[3]);
        if a != 0 && a != 255 {
            for c in &mut px[..3] {
                *c = ((u16::from(*c) * 255 + a / 2) / a).min(255) as u8;
            }
        }
    }
    *drawn = (bounds[0] < bounds[2] && bounds[1] < bounds[3]).then(|| {
        [
            bounds[0] as u32,
            bounds[1] as u32,
            (bounds[2] - bounds[0]) as u32,
            (bounds[3] - bounds[1]) as u32,
        ]
    });
}

/// The marks of `scene` rasterized into `image` ([`raster_marks`]) and put on the painter's
/// canvas of `size` backing pixels with one image: only its drawn rectangle
/// ([`MarkRaster::drawn`]), nothing when no mark is on it. `false` when the painter could not.
pub fn paint_marks_image(
    painter: &mut impl super::MarkPainter,
    raster: &mut MarkRaster,
    size: (u32, u32),
    frame: &PlotFrame,
    scene: &Scene<'_>,
    theme: &Theme,
) -> bool {
    raster_marks(raster, size, frame, scene, theme);
    match raster.drawn {
        Some(dirty) => painter.put_image(&raster.image, size.0, size.1, dirty),
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Action, Preset, Session};

    fn seed000() -> Session {
        let mut session = Session::new();
        let _ = session
            .apply(Action::LoadPreset(Preset::Seed000))
            .expect("the preset loads");
        session
    }

    fn pixel(image: &[u8], width: u32, (x, y): (i32, i32)) -> [u8; 4] {
        let at = (y as usize * width as usize + x as usize) * 4;
        [image[at], image[at + 1], image[at + 2], image[at + 3]]
    }

    #[test]
    fn each_point_is_its_class_colour_outlined_in_the_background_on_a_clear_image() {
        let session = seed000();
        let scene = session.scene();
        // One raster for all: the sprites kept from one theme must not show in another.
        let mut raster = MarkRaster {
            image: vec![7; 3],
            ..MarkRaster::default()
        };
        for theme in [Theme::new(1.0), Theme::dark(2.0), Theme::new(1.0)] {
            let (width, height) = (640, 480);
            let frame = super::super::layout(width, height, scene.view, &theme).expect("room");
            raster_marks(&mut raster, (width, height), &frame, &scene, &theme);
            let image = &raster.image;
            assert_eq!(image.len(), 640 * 480 * 4);
            let mut outside = 0;
            for p in scene.points() {
                let (x, y) = frame.to_backend(p.x, p.y);
                let colour = theme.class_colour(p.class);
                assert_eq!(
                    pixel(image, width, (x, y)),
                    [colour.0, colour.1, colour.2, 255],
                    "the centre of {p:?}"
                );
                // Along the mark's edge, the outline: the background colour, opaque.
                let r = match mark(p.class, p.size, &theme) {
                    Mark::Circle(r) => r as i32,
                    Mark::Polygon(c) => c[1].0 as i32,
                };
                let bg = theme.background;
                assert_eq!(
                    pixel(image, width, (x + r, y)),
                    [bg.0, bg.1, bg.2, 255],
                    "the outline of {p:?}"
                );
                // Well outside every mark: transparent.
                let (ox, oy) = (x + 3 * r, y - 3 * r);
                let clear = scene.points().all(|q| {
                    let (qx, qy) = frame.to_backend(q.x, q.y);
                    (qx - ox).abs().max((qy - oy).abs()) > 2 * r
                });
                if clear {
                    assert_eq!(pixel(image, width, (ox, oy))[3], 0, "beside {p:?}");
                    outside += 1;
                }
            }
            assert!(outside > 0, "some point has room around it");
        }
    }

    /// Every pixel of `image` (`width` wide) that is not transparent, as `(x, y)`.
    fn drawn_pixels(image: &[u8], width: u32) -> Vec<(u32, u32)> {
        image
            .chunks_exact(4)
            .enumerate()
            .filter(|(_, p)| p[3] != 0)
            .map(|(i, _)| (i as u32 % width, i as u32 / width))
            .collect()
    }

    #[test]
    fn a_kept_raster_draws_what_a_fresh_one_draws_and_its_rectangle_holds_every_mark() {
        let mut moved = seed000();
        let _ = moved
            .apply(Action::AddPoint {
                x: -0.5,
                y: 0.25,
                alternate: true,
                pixel: 0.01,
            })
            .expect("a point is added");
        let many = {
            let mut session = Session::new();
            let mut csv = String::from("x1,x2,label\n");
            for i in 0..300 {
                let t = f64::from(i) * 0.37;
                csv.push_str(&format!(
                    "{},{},{}\n",
                    3.0 * t.sin(),
                    2.0 * (1.3 * t).cos(),
                    1 - 2 * (i % 2)
                ));
            }
            let _ = session
                .apply(Action::ImportCsv(csv.into_bytes()))
                .expect("the points load");
            session
        };
        let theme = Theme::new(1.0);
        let mut kept = MarkRaster::default();
        // The same raster through scenes and sizes; each image must equal a fresh raster's.
        for (session, (width, height)) in [
            (&many, (640, 480)),
            (&seed000(), (640, 480)),
            (&moved, (640, 480)),
            (&many, (300, 200)),
            (&seed000(), (200, 300)),
        ] {
            let scene = session.scene();
            let frame = super::super::layout(width, height, scene.view, &theme).expect("room");
            raster_marks(&mut kept, (width, height), &frame, &scene, &theme);
            let mut fresh = MarkRaster::default();
            raster_marks(&mut fresh, (width, height), &frame, &scene, &theme);
            assert!(
                kept.image == fresh.image,
                "a kept raster left marks of before"
            );
            let [x, y, w, h] = kept.drawn().expect("marks are drawn");
            let pixels = drawn_pixels(&kept.image, width);
            assert!(!pixels.is_empty());
            for (px, py) in pixels {
                assert!(
                    (x..x + w).contains(&px) && (y..y + h).contains(&py),
                    "({px}, {py}) is outside {:?}",
                    [x, y, w, h]
                );
            }
            assert!(x + w <= width && y + h <= height);
        }
    }

    #[test]
    fn partly_covered_pixels_are_straight_colours_between_the_fill_and_the_outline() {
        let session = seed000();
        let scene = session.scene();
        for theme in [Theme::new(1.0), Theme::dark(2.0)] {
            let (width, height) = (640, 480);
            let frame = super::super::layout(width, height, scene.view, &theme).expect("room");
            let mut raster = MarkRaster::default();
            raster_marks(&mut raster, (width, height), &frame, &scene, &theme);
            let edge = theme.background;
            let mut partial = 0;
            for p in scene.points() {
                let (cx, cy) = frame.to_backend(p.x, p.y);
                let fill = theme.class_colour(p.class);
                let reach = theme.px(10.0) as i32;
                // Only a mark with no other near it: its pixels are its own fill and outline.
                let alone = scene.points().all(|q| {
                    let (qx, qy) = frame.to_backend(q.x, q.y);
                    (qx, qy) == (cx, cy) || (qx - cx).abs().max((qy - cy).abs()) > 2 * reach
                });
                if !alone {
                    continue;
                }
                for y in cy - reach..cy + reach {
                    for x in cx - reach..cx + reach {
                        let [r, g, b, a] = pixel(&raster.image, width, (x, y));
                        if a == 0 || a == 255 {
                            continue;
                        }
                        partial += 1;
                        for (c, (f, e)) in [r, g, b].into_iter().zip([
                            (fill.0, edge.0),
                            (fill.1, edge.1),
                            (fill.2, edge.2),
                        ]) {
                            assert!(
                                c.saturating_add(2) >= f.min(e) && c <= f.max(e).saturating_add(2),
                                "({x}, {y}) of {p:?}: {c} is not between {f} and {e} (alpha {a})"
                            );
                        }
                    }
                }
            }
            assert!(partial > 20, "{partial} partly covered pixels checked");
        }
    }

    #[test]
    fn marks_cover_earlier_ones_and_points_off_the_image_are_skipped() {
        let session = seed000();
        let theme = Theme::new(1.0);
        let scene = session.scene();
        let frame = super::super::layout(200, 150, scene.view, &theme).expect("room");
        let mut raster = MarkRaster::default();
        raster_marks(&mut raster, (200, 150), &frame, &scene, &theme);
        let drawn = raster.image.chunks_exact(4).filter(|p| p[3] != 0).count();
        assert!(drawn > 100, "{drawn} pixels drawn");
        // A far view leaves every point off the image: nothing drawn, nothing out of bounds.
        let mut far = session.scene();
        far.view = crate::core::Rect {
            x_min: 1e6,
            x_max: 1e6 + 1.0,
            y_min: 1e6,
            y_max: 1e6 + 1.0,
        };
        let frame = super::super::layout(200, 150, far.view, &theme).expect("room");
        raster_marks(&mut raster, (200, 150), &frame, &far, &theme);
        assert!(raster.image.iter().all(|&b| b == 0));
    }
}
