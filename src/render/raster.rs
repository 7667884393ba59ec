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
    /// The opaque pixels as runs along rows, for a mark drawn whole: each run's offset in the
    /// image's bytes (for the image width the sprite was placed for), and its bytes' range in
    /// `opaque`, which holds them as the image does.
    runs: Vec<(isize, usize, usize)>,
    opaque: Vec<u8>,
    /// The pixels that are not opaque, with their byte offsets (as the runs'): blended one by
    /// one.
    soft: Vec<(isize, [u16; 4])>,
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
            runs: Vec::new(),
            opaque: Vec::new(),
            soft: Vec::new(),
        }
    }

    /// Computes the byte offsets and the opaque runs for an image `w` pixels wide.
    fn place(&mut self, w: usize) {
        let at = |dx: i32, dy: i32| (dy as isize * w as isize + dx as isize) * 4;
        self.runs.clear();
        self.opaque.clear();
        self.soft.clear();
        let mut last: Option<(i32, i32)> = None;
        for &(dx, dy, [r, g, b, a]) in &self.pixels {
            if a != 255 {
                self.soft.push((at(dx, dy), [r, g, b, a]));
                last = None;
                continue;
            }
            match (last, self.runs.last_mut()) {
                // The pixel right of the last opaque one: the same run.
                (Some((x, y)), Some(run)) if y == dy && x + 1 == dx => run.2 += 4,
                _ => self.runs.push((at(dx, dy), self.opaque.len(), 4)),
            }
            self.opaque.extend([r as u8, g as u8, b as u8, 255]);
            last = Some((dx, dy));
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
/// It also remembers where each mark was drawn, so that when a few points move (a drag) only
/// the rectangles they left and entered are drawn again (issue #13).
#[derive(Default)]
pub struct MarkRaster {
    /// Straight RGBA, rows from the top.
    pub image: Vec<u8>,
    /// The sprites made so far, and which of them each sprite key is.
    sprites: Vec<Sprite>,
    sprite_of: std::collections::HashMap<SpriteKey, usize>,
    /// The image width the sprites' byte offsets are for.
    width: usize,
    /// The image's size when it was last drawn (what `shown` and `drawn` are for).
    size: (usize, usize),
    /// Every mark on the image, in drawing order: its sprite and its centre pixel.
    shown: Vec<Placed>,
    /// The rectangle that holds every pixel the last raster drew: `[x, y, width, height]`,
    /// `None` when it drew none.
    drawn: Option<[u32; 4]>,
    /// The rectangles the last raster changed (`[x, y, width, height]`): all of `drawn` (and
    /// what was drawn before) after a whole raster, the places of the moved marks otherwise.
    changed: Vec<[u32; 4]>,
    /// The byte offsets of the pixels a mark covered only partly before any other mark touched
    /// them: each pixel once, the only ones whose colours need dividing by their alpha.
    partial: Vec<usize>,
}

/// One mark on the image: the index of its sprite and its centre pixel.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Placed {
    sprite: usize,
    x: i32,
    y: i32,
}

/// A sprite's class, size (in `1 / SIZE_STEPS`), fill and edge colours, outline and scale.
type SpriteKey = (usize, i64, [u8; 3], [u8; 3], u64, u64);

/// At most this many sprites are kept (sizes, classes and themes seen); beyond, they are made
/// again as needed.
const SPRITES_KEPT: usize = 1024;

/// At most this many marks may change for the image to be mended rather than drawn afresh.
const MENDED_MARKS: usize = 32;

impl MarkRaster {
    /// The rectangle (`[x, y, width, height]` in image pixels) outside which the image is
    /// transparent; `None` when no mark is on it.
    pub fn drawn(&self) -> Option<[u32; 4]> {
        self.drawn
    }

    /// The rectangles (`[x, y, width, height]`) the last [`raster_marks`] changed: outside
    /// them the image is as it was before. A canvas that held the image before needs only
    /// these parts put on it again.
    pub fn changed(&self) -> &[[u32; 4]] {
        &self.changed
    }

    /// Forgets what the image shows: the next [`raster_marks`] draws every mark afresh and
    /// reports the whole image changed (for a canvas that no longer holds the image).
    pub fn forget(&mut self) {
        self.shown.clear();
        self.size = (0, 0);
    }
}

/// The marks of `scene`'s points on a transparent `width × height` image (straight RGBA, rows
/// from the top, as `ImageData` takes them), written into `raster.image`: class by class, each
/// point over the ones before it, as [`paint_marks`](super::paint_marks) paints them.
///
/// When the image was last drawn at the same size and at most [`MENDED_MARKS`] marks differ
/// (moved, added or removed at the end, or of another size), only the rectangles those marks
/// covered before and cover now are cleared and drawn again, with every mark that reaches into
/// them, in the same order: the image is the same as one drawn afresh, and
/// [`MarkRaster::changed`] names the rectangles.
pub fn raster_marks(
    raster: &mut MarkRaster,
    (width, height): (u32, u32),
    frame: &PlotFrame,
    scene: &Scene<'_>,
    theme: &Theme,
) {
    let (w, h) = (width as usize, height as usize);
    if raster.width != w || raster.sprites.len() > SPRITES_KEPT {
        raster.sprites.clear();
        raster.sprite_of.clear();
        raster.width = w;
        raster.forget();
    }
    let placed = place_marks(raster, w, frame, scene, theme);
    let same_image = raster.size == (w, h) && raster.image.len() == w * h * 4;
    let moved = if same_image {
        differing(&raster.shown, &placed)
    } else {
        None
    };
    let MarkRaster {
        image,
        sprites,
        shown,
        drawn,
        changed,
        partial,
        size,
        ..
    } = raster;
    changed.clear();
    match moved {
        Some(moved) => {
            // Where each changed mark was and is now, clipped to the image.
            let mut rects: Vec<[i32; 4]> = Vec::new();
            for &k in &moved {
                for mark in [shown.get(k), placed.get(k)].into_iter().flatten() {
                    if let Some(r) = mark_box(mark, &sprites[mark.sprite], w, h) {
                        rects.push(r);
                    }
                }
            }
            for &rect in &rects {
                clear_rect(image, w, rect);
                partial.clear();
                for mark in placed.iter() {
                    let sprite = &sprites[mark.sprite];
                    if mark_box(mark, sprite, w, h).is_some_and(|b| overlaps(b, rect)) {
                        blend(image, w, sprite, mark, rect, partial);
                    }
                }
                unpremultiply(image, partial);
                changed.extend(as_rect(rect));
            }
            // The drawn rectangle grows to hold the new places (it never needs to shrink).
            let mut bounds = drawn.map_or([w as i32, h as i32, 0, 0], |[x, y, dw, dh]| {
                [x as i32, y as i32, (x + dw) as i32, (y + dh) as i32]
            });
            for &k in &moved {
                if let Some(b) = placed
                    .get(k)
                    .and_then(|m| mark_box(m, &sprites[m.sprite], w, h))
                {
                    bounds = union(bounds, b);
                }
            }
            *drawn = as_rect(bounds);
        }
        None => {
            // Only what the last raster drew needs clearing when the size is the same.
            match *drawn {
                Some([x, y, dw, dh]) if same_image => {
                    clear_rect(
                        image,
                        w,
                        [x as i32, y as i32, (x + dw) as i32, (y + dh) as i32],
                    );
                }
                None if same_image => {}
                _ => {
                    image.clear();
                    image.resize(w * h * 4, 0);
                }
            }
            let before = if same_image { *drawn } else { None };
            partial.clear();
            let whole = [0, 0, w as i32, h as i32];
            let mut bounds = [w as i32, h as i32, 0, 0];
            for mark in &placed {
                let sprite = &sprites[mark.sprite];
                if let Some(b) = mark_box(mark, sprite, w, h) {
                    bounds = union(bounds, b);
                    blend(image, w, sprite, mark, whole, partial);
                }
            }
            unpremultiply(image, partial);
            *drawn = as_rect(bounds);
            // What a canvas holding the old image needs: the old drawn part and the new one.
            let old =
                before.map(|[x, y, dw, dh]| [x as i32, y as i32, (x + dw) as i32, (y + dh) as i32]);
            let all = match old {
                Some(old) => as_rect(union(old, bounds)),
                None if same_image => *drawn,
                None => Some([0, 0, w as u32, h as u32]),
            };
            changed.extend(all);
        }
    }
    *shown = placed;
    *size = (w, h);
}

/// Every point's mark in drawing order (class by class, each class in point order), making
/// the sprites not made yet.
fn place_marks(
    raster: &mut MarkRaster,
    w: usize,
    frame: &PlotFrame,
    scene: &Scene<'_>,
    theme: &Theme,
) -> Vec<Placed> {
    let classes = theme.classes.len();
    let rgb = |c: plotters::style::RGBColor| [c.0, c.1, c.2];
    let outline = f64::from(theme.px(1.5));
    let edge = rgb(theme.background);
    let points: Vec<_> = scene.points().collect();
    let mut order: Vec<(usize, usize)> = points
        .iter()
        .enumerate()
        .map(|(i, p)| (p.class % classes, i))
        .collect();
    // By class, in point order within a class (a stable sort).
    order.sort_by_key(|&(class, _)| class);
    let MarkRaster {
        sprites, sprite_of, ..
    } = raster;
    // Points of one class and size share a sprite: the last one looked up is kept at hand.
    let mut last: Option<(SpriteKey, usize)> = None;
    order
        .into_iter()
        .map(|(class, i)| {
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
            let sprite = match last {
                Some((k, index)) if k == key => index,
                _ => {
                    let index = *sprite_of.entry(key).or_insert_with(|| {
                        let shape = mark(class, step / SIZE_STEPS, theme);
                        let mut sprite = Sprite::new(&shape, fill, edge, outline);
                        sprite.place(w);
                        sprites.push(sprite);
                        sprites.len() - 1
                    });
                    last = Some((key, index));
                    index
                }
            };
            let (x, y) = frame.to_backend(p.x, p.y);
            Placed { sprite, x, y }
        })
        .collect()
}

/// The positions (in drawing order) at which `before` and `now` differ, when there are at most
/// [`MENDED_MARKS`] of them; `None` when more differ or nothing was drawn before.
fn differing(before: &[Placed], now: &[Placed]) -> Option<Vec<usize>> {
    if before.is_empty() || before.len().abs_diff(now.len()) > MENDED_MARKS {
        return None;
    }
    let mut moved: Vec<usize> =
        (before.len().min(now.len())..before.len().max(now.len())).collect();
    for (k, (a, b)) in before.iter().zip(now).enumerate() {
        if a != b {
            moved.push(k);
            if moved.len() > MENDED_MARKS {
                return None;
            }
        }
    }
    Some(moved)
}

/// The pixels `mark` covers, clipped to the `w × h` image, as `[x0, y0, x1, y1)`; `None` when
/// it is off the image.
fn mark_box(mark: &Placed, sprite: &Sprite, w: usize, h: usize) -> Option<[i32; 4]> {
    let r = sprite.reach;
    let b = [
        mark.x.saturating_sub(r).max(0),
        mark.y.saturating_sub(r).max(0),
        mark.x.saturating_add(r).min(w as i32),
        mark.y.saturating_add(r).min(h as i32),
    ];
    (b[0] < b[2] && b[1] < b[3]).then_some(b)
}

fn overlaps(a: [i32; 4], b: [i32; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

fn union(a: [i32; 4], b: [i32; 4]) -> [i32; 4] {
    [
        a[0].min(b[0]),
        a[1].min(b[1]),
        a[2].max(b[2]),
        a[3].max(b[3]),
    ]
}

/// `[x0, y0, x1, y1)` as `[x, y, width, height]`, `None` when empty.
fn as_rect([x0, y0, x1, y1]: [i32; 4]) -> Option<[u32; 4]> {
    (x0 < x1 && y0 < y1).then(|| [x0 as u32, y0 as u32, (x1 - x0) as u32, (y1 - y0) as u32])
}

/// Makes the pixels of `[x0, y0, x1, y1)` transparent.
fn clear_rect(image: &mut [u8], w: usize, [x0, y0, x1, y1]: [i32; 4]) {
    for y in y0.max(0) as usize..y1.max(0) as usize {
        let start = (y * w + x0.max(0) as usize) * 4;
        let end = (y * w + x1.max(0) as usize) * 4;
        if let Some(row) = image.get_mut(start..end) {
            row.fill(0);
        }
    }
}

/// Blends `sprite` centred at `mark` into the premultiplied pixels of `image` (`w` wide) that
/// lie in `clip` (`[x0, y0, x1, y1)`, within the image), noting in `partial` the pixels it is
/// the first to touch and covers only partly.
fn blend(
    image: &mut [u8],
    w: usize,
    sprite: &Sprite,
    mark: &Placed,
    clip: [i32; 4],
    partial: &mut Vec<usize>,
) {
    let (cx, cy) = (mark.x, mark.y);
    let r = sprite.reach;
    // The whole mark inside the clip: no pixel of it needs a look at the edges.
    let whole = cx.saturating_sub(r) >= clip[0]
        && cy.saturating_sub(r) >= clip[1]
        && cx.saturating_add(r) < clip[2]
        && cy.saturating_add(r) < clip[3];
    let base = (cy as isize * w as isize + cx as isize) * 4;
    if whole {
        // Opaque runs cover what was there: copied a row at a time. The pixels of a sprite
        // are all different, so their order does not matter.
        for &(offset, from, len) in &sprite.runs {
            let at = (base + offset) as usize;
            if let (Some(dst), Some(src)) = (
                image.get_mut(at..at + len),
                sprite.opaque.get(from..from + len),
            ) {
                dst.copy_from_slice(src);
            }
        }
        for &(offset, rgba) in &sprite.soft {
            blend_pixel(image, (base + offset) as usize, rgba, partial);
        }
        return;
    }
    for &(dx, dy, rgba) in &sprite.pixels {
        let (x, y) = (cx.saturating_add(dx), cy.saturating_add(dy));
        if x < clip[0] || y < clip[1] || x >= clip[2] || y >= clip[3] {
            continue;
        }
        blend_pixel(image, (y as usize * w + x as usize) * 4, rgba, partial);
    }
}

/// Blends one premultiplied sprite pixel `[r, g, b, a]` into the image's pixel at byte `at`.
#[inline(always)]
fn blend_pixel(image: &mut [u8], at: usize, [r, g, b, a]: [u16; 4], partial: &mut Vec<usize>) {
    let Some(dst) = image.get_mut(at..at + 4) else {
        return;
    };
    if a == 255 {
        // Most of a mark: opaque, it covers what was there.
        dst.copy_from_slice(&[r as u8, g as u8, b as u8, 255]);
        return;
    }
    if dst[3] == 0 {
        // First touched, and only partly: its colours are divided by alpha at the end. Over
        // nothing (a transparent pixel is all zeros), "source over" is the source.
        partial.push(at);
        dst.copy_from_slice(&[r as u8, g as u8, b as u8, a as u8]);
        return;
    }
    let keep = 255 - a;
    // Premultiplied "source over": src + dst · (1 − src alpha).
    dst[0] = (r + (u16::from(dst[0]) * keep + 127) / 255) as u8;
    dst[1] = (g + (u16::from(dst[1]) * keep + 127) / 255) as u8;
    dst[2] = (b + (u16::from(dst[2]) * keep + 127) / 255) as u8;
    dst[3] = (a + (u16::from(dst[3]) * keep + 127) / 255) as u8;
}

/// ImageData is straight RGBA: divides the colours of the partly covered pixels listed in
/// `partial` by their alpha. A pixel whose first touch covered it whole is opaque for good
/// (alpha only grows), so the listed pixels are all that may need it.
fn unpremultiply(image: &mut [u8], partial: &[usize]) {
    for &at in partial {
        let px = &mut image[at..at + 4];
        let a = u16::from(px[3]);
        if a != 0 && a != 255 {
            for c in &mut px[..3] {
                *c = ((u16::from(*c) * 255 + a / 2) / a).min(255) as u8;
            }
        }
    }
}

/// The marks of `scene` rasterized into `image` ([`raster_marks`]) and put on the painter's
/// canvas of `size` backing pixels, which holds the image as it was before: only the parts
/// that changed ([`MarkRaster::changed`]). `false` when the painter could not (the raster then
/// forgets what it showed, and the next call puts it all).
pub fn paint_marks_image(
    painter: &mut impl super::MarkPainter,
    raster: &mut MarkRaster,
    size: (u32, u32),
    frame: &PlotFrame,
    scene: &Scene<'_>,
    theme: &Theme,
) -> bool {
    raster_marks(raster, size, frame, scene, theme);
    let put = raster
        .changed
        .iter()
        .all(|&dirty| painter.put_image(&raster.image, size.0, size.1, dirty));
    if !put {
        raster.forget();
    }
    put
}

#[cfg(test)]
mod tests;
