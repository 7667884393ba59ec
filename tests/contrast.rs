//! Contrast of every theme, computed from its colours (WCAG 2.2 relative luminance): in the
//! light, dark and presenter themes the plot's marks, lines, arrows, rings and region edges
//! stand ≥ 3:1 against the background and the region tints under them, its text ≥ 4.5:1; the
//! page's text (www/style.css) ≥ 4.5:1 on every surface it sits on and its focus ring ≥ 3:1.
//! The page's class colours are the plot's: the CSS variables are checked to agree with
//! `Theme`, so the colours live in one place each and cannot drift apart.

use perceptron_lab::render::Theme;
use plotters::style::RGBColor;
use std::collections::HashMap;

/// An sRGB colour.
type Rgb = (u8, u8, u8);

/// A palette's CSS variables by name (without the `--`).
type Palette = HashMap<String, Rgb>;

/// The relative luminance of an sRGB colour.
fn luminance((r, g, b): Rgb) -> f64 {
    let c = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b)
}

/// The contrast ratio of two colours, 1 to 21.
fn ratio(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

fn rgb(c: RGBColor) -> Rgb {
    (c.0, c.1, c.2)
}

/// The three themes the page draws with (presenter mode: the light palette, larger).
fn themes() -> Vec<(&'static str, Theme)> {
    vec![
        ("light", Theme::for_view(false, false, 1.0)),
        ("dark", Theme::for_view(true, false, 1.0)),
        ("presenter", Theme::for_view(false, true, 1.0)),
        ("presenter dark", Theme::for_view(true, true, 1.0)),
    ]
}

/// The colours a theme draws as marks, lines, arrows and rings (all must stand ≥ 3:1).
fn marks(t: &Theme) -> Vec<(String, RGBColor)> {
    let mut marks = vec![
        ("class +1".to_string(), t.positive),
        ("class −1".to_string(), t.negative),
        ("boundary".to_string(), t.boundary),
        ("ghost boundary".to_string(), t.ghost),
        ("weight arrow".to_string(), t.weight),
        ("old weight arrow".to_string(), t.old_weight),
        ("pocket boundary".to_string(), t.pocket),
        ("max-margin separator".to_string(), t.max_margin),
        ("ring".to_string(), t.ring),
        ("mistake ring".to_string(), t.ring_mistake),
        ("averaged boundary".to_string(), t.averaged),
        ("plot frame".to_string(), t.axis),
        ("axes x1 = 0, x2 = 0".to_string(), t.origin_axes),
    ];
    for (c, colour) in t.classes.iter().enumerate() {
        marks.push((format!("class {c}"), *colour));
    }
    marks
}

/// Every background a mark can lie on: the plot's, and each class's region tint and the tied
/// grey of the region maps.
fn grounds(t: &Theme) -> Vec<(String, Rgb)> {
    let mut grounds = vec![("background".to_string(), rgb(t.background))];
    for code in (0..t.classes.len() as u8).chain([perceptron_lab::core::region::TIED]) {
        let [r, g, b, _] = t.region_colour(code);
        grounds.push((format!("region {code}"), (r, g, b)));
    }
    grounds
}

#[test]
fn marks_lines_and_rings_stand_three_to_one_on_every_ground() {
    let mut failures = Vec::new();
    for (name, theme) in themes() {
        for (mark, colour) in marks(&theme) {
            for (ground, g) in grounds(&theme) {
                let r = ratio(rgb(colour), g);
                if r < 3.0 {
                    failures.push(format!("{name}: {mark} on {ground}: {r:.2}:1"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "below 3:1:\n{}", failures.join("\n"));
}

#[test]
fn region_edges_stand_three_to_one_where_two_regions_meet() {
    // A region map's edge is where two tints meet; it is drawn by the boundary's colour, and
    // the tints themselves are only a wash: check the drawn edge against both sides.
    let mut failures = Vec::new();
    for (name, theme) in themes() {
        for (ground, g) in grounds(&theme) {
            let r = ratio(rgb(theme.boundary), g);
            if r < 3.0 {
                failures.push(format!("{name}: boundary on {ground}: {r:.2}:1"));
            }
        }
    }
    assert!(failures.is_empty(), "below 3:1:\n{}", failures.join("\n"));
}

#[test]
fn the_plots_text_stands_four_and_a_half_to_one() {
    for (name, theme) in themes() {
        for (ground, g) in grounds(&theme) {
            let r = ratio(rgb(theme.text), g);
            assert!(r >= 4.5, "{name}: tick labels on {ground}: {r:.2}:1");
        }
    }
}

/// The `--name: #hex` variables of the first `:root { … }` block after `after` in `css`.
fn variables(css: &str, after: &str) -> Palette {
    let from = css.find(after).expect("the block's marker is in style.css");
    let block = &css[from..];
    let open = block
        .find(":root")
        .map(|i| i + block[i..].find('{').unwrap_or(0));
    let open = open.expect(":root block");
    let close = open + block[open..].find('}').expect("closing brace");
    let mut vars = HashMap::new();
    for decl in block[open + 1..close].split(';') {
        let Some((name, value)) = decl.split_once(':') else {
            continue;
        };
        let (name, value) = (name.trim(), value.trim());
        if let (Some(name), Some(hex)) = (name.strip_prefix("--"), value.strip_prefix('#')) {
            if hex.len() == 6 {
                let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex");
                vars.insert(name.to_string(), (byte(0), byte(2), byte(4)));
            }
        }
    }
    vars
}

fn page_palettes() -> Vec<(&'static str, Palette, Theme)> {
    let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/style.css"))
        .expect("www/style.css");
    vec![
        ("light", variables(&css, ":root"), Theme::new(1.0)),
        (
            "dark",
            variables(&css, "@media (prefers-color-scheme: dark)"),
            Theme::dark(1.0),
        ),
    ]
}

#[test]
fn the_pages_colours_are_the_plots() {
    for (name, vars, theme) in page_palettes() {
        let var = |v: &str| *vars.get(v).unwrap_or_else(|| panic!("{name}: no --{v}"));
        assert_eq!(var("bg"), rgb(theme.background), "{name}: --bg");
        assert_eq!(var("pos"), rgb(theme.positive), "{name}: --pos");
        assert_eq!(var("neg"), rgb(theme.negative), "{name}: --neg");
        for (c, colour) in theme.classes.iter().enumerate() {
            assert_eq!(var(&format!("c{c}")), rgb(*colour), "{name}: --c{c}");
        }
    }
}

#[test]
fn the_pages_text_and_focus_ring_stand_out_on_every_surface() {
    let mut failures = Vec::new();
    for (name, vars, _) in page_palettes() {
        let var = |v: &str| *vars.get(v).unwrap_or_else(|| panic!("{name}: no --{v}"));
        let surfaces = ["bg", "panel", "field", "button", "button-hover", "current"];
        for text in ["ink", "muted", "error"] {
            for surface in surfaces {
                let r = ratio(var(text), var(surface));
                if r < 4.5 {
                    failures.push(format!("{name}: --{text} on --{surface}: {r:.2}:1"));
                }
            }
        }
        for surface in ["bg", "panel", "button"] {
            let r = ratio(var("accent"), var(surface));
            if r < 3.0 {
                failures.push(format!(
                    "{name}: focus ring --accent on --{surface}: {r:.2}:1"
                ));
            }
        }
        for mark in [
            "pos",
            "neg",
            "c0",
            "c1",
            "c2",
            "c3",
            "c4",
            "c5",
            "control-edge",
        ] {
            for surface in ["bg", "panel", "button"] {
                let r = ratio(var(mark), var(surface));
                if r < 3.0 {
                    failures.push(format!("{name}: --{mark} on --{surface}: {r:.2}:1"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "too little contrast:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_ratio_is_wcags() {
    // Black on white is 21:1, a colour on itself 1:1, and #767676 on white the well-known 4.54.
    assert!((ratio((0, 0, 0), (255, 255, 255)) - 21.0).abs() < 1e-9);
    assert!((ratio((10, 200, 30), (10, 200, 30)) - 1.0).abs() < 1e-12);
    assert!((ratio((0x76, 0x76, 0x76), (255, 255, 255)) - 4.54).abs() < 0.01);
}
