use super::*;

/// A mark drawn whole (opaque runs copied a row at a time, the rest blended) leaves the
/// same pixels as the same mark blended pixel by pixel, over marks drawn before it.
#[test]
fn a_mark_drawn_whole_is_the_mark_blended_pixel_by_pixel() {
    let w = 40;
    let shapes = [
        Mark::Circle(4.5),
        Mark::Polygon(vec![(-5.0, -5.0), (5.0, -5.0), (0.0, 5.0)]),
    ];
    for shape in &shapes {
        let mut under = Sprite::new(&Mark::Circle(6.0), [200, 40, 40], [255, 255, 255], 1.5);
        let mut sprite = Sprite::new(shape, [20, 90, 200], [250, 250, 250], 1.5);
        under.place(w);
        sprite.place(w);
        assert!(!sprite.runs.is_empty() && !sprite.soft.is_empty());
        let mut images = Vec::new();
        for one_by_one in [false, true] {
            let mut image = vec![0u8; w * w * 4];
            let mut partial = Vec::new();
            let whole = [0, 0, w as i32, w as i32];
            let below = Placed {
                sprite: 0,
                x: 17,
                y: 18,
            };
            blend(&mut image, w, &under, &below, whole, &mut partial);
            let mark = Placed {
                sprite: 1,
                x: 20,
                y: 20,
            };
            let r = sprite.reach;
            // A clip that holds every pixel of the mark but not, by `blend`'s test, the
            // whole mark: each pixel is then looked at on its own.
            let clip = if one_by_one {
                [20 - r, 20 - r, 20 + r, 20 + r]
            } else {
                whole
            };
            blend(&mut image, w, &sprite, &mark, clip, &mut partial);
            partial.sort_unstable();
            unpremultiply(&mut image, &partial);
            images.push((image, partial));
        }
        assert!(images[0].0.iter().any(|&v| v != 0));
        assert!(images[0] == images[1], "the two ways differ for {shape:?}");
    }
}
