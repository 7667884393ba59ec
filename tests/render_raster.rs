//! The points' marks rasterized into one image (`render::raster_marks`): colours, outline and
//! order as the canvas paints them, straight alpha, what a kept raster leaves behind, and the
//! mending of the image when a point is dragged (issues #13 and #15).
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::{Action, Preset, Session};
use perceptron_lab::render::{layout, mark, raster_marks, Mark, MarkRaster, Theme};

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
    let mut raster = MarkRaster::default();
    raster.image = vec![7; 3];
    for theme in [Theme::new(1.0), Theme::dark(2.0), Theme::new(1.0)] {
        let (width, height) = (640, 480);
        let frame = layout(width, height, scene.view, &theme).expect("room");
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
        let frame = layout(width, height, scene.view, &theme).expect("room");
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

/// The pixels at which two images of `width` differ, as `(x, y)`.
fn differences(a: &[u8], b: &[u8], width: u32) -> Vec<(u32, u32)> {
    a.chunks_exact(4)
        .zip(b.chunks_exact(4))
        .enumerate()
        .filter(|(_, (p, q))| p != q)
        .map(|(i, _)| (i as u32 % width, i as u32 / width))
        .collect()
}

#[test]
fn a_drag_mends_only_where_the_point_was_and_is_and_the_image_is_as_if_drawn_afresh() {
    // 400 points in two crowded classes, so that marks overlap where the dragged one goes.
    let mut session = Session::new();
    let mut csv = String::from("x1,x2,label\n");
    let mut state = 7u64;
    let mut next = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    for i in 0..400 {
        let (x, y) = (4.0 * next() - 2.0, 4.0 * next() - 2.0);
        csv.push_str(&format!("{x:.3},{y:.3},{}\n", 1 - 2 * (i % 2)));
    }
    let _ = session
        .apply(Action::ImportCsv(csv.into_bytes()))
        .expect("the points load");
    for theme in [Theme::new(1.0), Theme::dark(2.0)] {
        let (width, height) = (640, 480);
        let view = session.scene().view;
        let frame = layout(width, height, view, &theme).expect("room");
        let mut kept = MarkRaster::default();
        raster_marks(&mut kept, (width, height), &frame, &session.scene(), &theme);
        assert_eq!(
            kept.changed(),
            &[[0, 0, width, height]],
            "a first raster is all new"
        );
        // Grab a point and drag it in steps, some off the image and back.
        let grabbed = session.scene().points().nth(3).expect("a point");
        let (gx, gy) = (grabbed.x, grabbed.y);
        let _ = session
            .apply(Action::Press {
                x: gx,
                y: gy,
                reach: 1e-9,
            })
            .expect("the press");
        for step in 1..40 {
            let t = f64::from(step) / 6.0;
            let (x, y) = (
                gx + 0.3 * t.sin() + if step == 20 { 50.0 } else { 0.0 },
                gy + 0.2 * t,
            );
            let _ = session
                .apply(Action::DragTo { x, y, pixel: 1e-9 })
                .expect("the drag");
            let scene = session.scene();
            assert_eq!(scene.view, view, "the view stays during a drag");
            let before = kept.image.clone();
            raster_marks(&mut kept, (width, height), &frame, &scene, &theme);
            let mut fresh = MarkRaster::default();
            raster_marks(&mut fresh, (width, height), &frame, &scene, &theme);
            assert!(
                kept.image == fresh.image,
                "step {step}: the mended image is not the fresh one"
            );
            let changed = kept.changed().to_vec();
            let area: u32 = changed.iter().map(|r| r[2] * r[3]).sum();
            assert!(
                (1..=2).contains(&changed.len()) && area < width * height / 50,
                "step {step}: {changed:?} is not where one mark was and is"
            );
            for (x, y) in differences(&before, &kept.image, width) {
                assert!(
                    changed
                        .iter()
                        .any(|r| (r[0]..r[0] + r[2]).contains(&x)
                            && (r[1]..r[1] + r[3]).contains(&y)),
                    "step {step}: ({x}, {y}) changed outside {changed:?}"
                );
            }
            let [x, y, w, h] = kept.drawn().expect("marks");
            for (px, py) in drawn_pixels(&kept.image, width) {
                assert!((x..x + w).contains(&px) && (y..y + h).contains(&py));
            }
        }
        let _ = session
            .apply(Action::Release {
                x: gx,
                y: gy,
                alternate: false,
                pixel: 1e-9,
            })
            .expect("the release");
        // Forgotten, the next raster is all new again.
        kept.forget();
        raster_marks(&mut kept, (width, height), &frame, &session.scene(), &theme);
        assert_eq!(kept.changed().len(), 1);
        let [_, _, w, h] = kept.changed()[0];
        assert!(w * h >= width * height / 4, "{:?}", kept.changed());
    }
}

#[test]
fn partly_covered_pixels_are_straight_colours_between_the_fill_and_the_outline() {
    let session = seed000();
    let scene = session.scene();
    for theme in [Theme::new(1.0), Theme::dark(2.0)] {
        let (width, height) = (640, 480);
        let frame = layout(width, height, scene.view, &theme).expect("room");
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
    let frame = layout(200, 150, scene.view, &theme).expect("room");
    let mut raster = MarkRaster::default();
    raster_marks(&mut raster, (200, 150), &frame, &scene, &theme);
    let drawn = raster.image.chunks_exact(4).filter(|p| p[3] != 0).count();
    assert!(drawn > 100, "{drawn} pixels drawn");
    // A far view leaves every point off the image: nothing drawn, nothing out of bounds.
    let mut far = session.scene();
    far.view = perceptron_lab::core::Rect {
        x_min: 1e6,
        x_max: 1e6 + 1.0,
        y_min: 1e6,
        y_max: 1e6 + 1.0,
    };
    let frame = layout(200, 150, far.view, &theme).expect("room");
    raster_marks(&mut raster, (200, 150), &frame, &far, &theme);
    assert!(raster.image.iter().all(|&b| b == 0));
}
