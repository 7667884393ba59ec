//! The app in a real browser (headless Chromium through wasm-bindgen-test): it mounts on a
//! canvas, adds points, steps, draws, and does not panic.
#![cfg(target_arch = "wasm32")]

use perceptron_lab::web::{has_panicked, Lab};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

const FIELDS: [&str; 11] = [
    "step", "epoch", "sample", "score", "outcome", "weights", "bias", "updates", "state", "points",
    "notice",
];

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// A root element like the page's: a 640×480 CSS-pixel canvas and the status fields.
fn mount_root() -> HtmlElement {
    let doc = document();
    let root: HtmlElement = doc.create_element("div").unwrap().dyn_into().unwrap();
    let canvas: HtmlElement = doc.create_element("canvas").unwrap().dyn_into().unwrap();
    canvas
        .set_attribute("style", "display:block;width:640px;height:480px")
        .unwrap();
    root.append_child(&canvas).unwrap();
    for field in FIELDS {
        let span = doc.create_element("span").unwrap();
        span.set_attribute("data-field", field).unwrap();
        root.append_child(&span).unwrap();
    }
    doc.body().unwrap().append_child(&root).unwrap();
    root
}

fn field(root: &HtmlElement, name: &str) -> String {
    root.query_selector(&format!("[data-field=\"{name}\"]"))
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap_or_default()
}

/// Waits for the next animation frame (the runner draws in frames, never in a call).
async fn next_frame() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .request_animation_frame(&resolve)
            .unwrap();
    });
    JsFuture::from(promise).await.unwrap();
}

async fn frames(n: usize) {
    for _ in 0..n {
        next_frame().await;
    }
}

fn click_data(lab: &Lab, x: f64, y: f64, alternate: bool) -> Result<bool, JsValue> {
    let css = lab.to_css(x, y);
    assert_eq!(css.len(), 2, "a frame has been drawn");
    lab.click(css[0], css[1], alternate)
}

#[wasm_bindgen_test]
async fn mounts_adds_points_steps_and_draws() {
    let root = mount_root();
    let lab = Lab::new(root.clone()).expect("mounts");
    frames(2).await;

    let canvas: HtmlCanvasElement = root
        .query_selector("canvas")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let dpr = web_sys::window().unwrap().device_pixel_ratio();
    assert_eq!(
        canvas.width(),
        (640.0 * dpr).round() as u32,
        "backing store = CSS × DPR"
    );
    assert_eq!(field(&root, "step"), "0");
    assert_eq!(field(&root, "weights"), "[0, 0, 0]");

    // Seed 000's points: (1,1)−, (3,2)+, (2,4)+, (3,4)+, (2,3)−.
    for (x, y, negative) in [
        (1.0, 1.0, true),
        (3.0, 2.0, false),
        (2.0, 4.0, false),
        (3.0, 4.0, false),
        (2.0, 3.0, true),
    ] {
        assert_eq!(click_data(&lab, x, y, negative), Ok(true));
    }
    assert_eq!(
        lab.click(1.0, 1.0, false),
        Ok(false),
        "the margin is outside the plot"
    );
    frames(1).await;
    assert_eq!(field(&root, "points"), "5 (3 of +1, 2 of -1)");
    assert_eq!(
        field(&root, "notice"),
        "Added point #5 at (2, 3), class -1."
    );

    lab.set_settings(true, "-1,0,0", "1", "fixed", "1", "1000")
        .expect("valid settings");
    for _ in 0..5 {
        lab.step().unwrap();
    }
    frames(1).await;
    assert_eq!(field(&root, "step"), "5");
    assert_eq!(field(&root, "score"), "12");
    assert_eq!(field(&root, "outcome"), "mistake → -[1, 2, 3]");
    assert_eq!(field(&root, "weights"), "[-1, 1, -1]");

    // The point (3, 4) is drawn in the class +1 colour where the frame says it is.
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let css = lab.to_css(3.0, 4.0);
    let pixel = context
        .get_image_data((css[0] * dpr).round(), (css[1] * dpr).round(), 1.0, 1.0)
        .unwrap()
        .data();
    assert_eq!(
        (pixel[0], pixel[1], pixel[2]),
        (0, 114, 178),
        "class +1 blue"
    );

    assert!(lab
        .set_settings(true, "zero", "-1", "fixed", "1", "1000")
        .is_err());
    frames(1).await;
    assert_eq!(
        field(&root, "weights"),
        "[-1, 1, -1]",
        "bad settings change nothing"
    );
    assert!(!has_panicked());
    root.remove();
}

#[wasm_bindgen_test]
async fn lecture_mode_steps_back_and_fills_the_trace_table() {
    // The trace table is a registry panel, placed in the lab's slot.
    let root = mount_root_with_panels("");
    let lab = Lab::new(root.clone()).expect("mounts");
    let body = root
        .query_selector("[data-panel=\"trace\"] tbody")
        .unwrap()
        .expect("the trace panel is placed");
    frames(1).await;

    lab.load_preset("seed000").expect("a known preset");
    assert!(lab.load_preset("no-such-preset").is_err());
    for _ in 0..5 {
        lab.step().unwrap();
    }
    frames(1).await;
    assert_eq!(field(&root, "weights"), "[-1, 1, -1]");
    let rows = body.query_selector_all("tr").unwrap();
    assert_eq!(rows.length(), 5);
    let second = rows.item(1).unwrap().text_content().unwrap();
    assert_eq!(second, "2[-1, 0, 0]-1 * 1 + 0 * 3 + 0 * 2 = -1no+[1, 3, 2]");

    lab.back().unwrap();
    frames(1).await;
    assert_eq!(field(&root, "weights"), "[0, 3, 2]", "back undoes step 5");
    let current = body.query_selector("tr.current").unwrap().unwrap();
    assert_eq!(current.get_attribute("data-step").as_deref(), Some("4"));
    assert!(body.query_selector("tr.undone").unwrap().is_some());

    let markdown = lab.trace_export("markdown").unwrap();
    assert!(markdown.contains("| 4 | [0, 3, 2] | 0 * 1 + 3 * 3 + 2 * 4 = 17 | yes | none |"));
    assert!(
        !markdown.contains("| 5 | [0, 3, 2] | 0 * 1"),
        "only steps up to the current one"
    );
    assert!(markdown.ends_with("| 5 | [0, 3, 2] | | | |\n"));
    assert!(lab.trace_export("pdf").is_err());
    assert!(!has_panicked());
    root.remove();
}

#[wasm_bindgen_test]
async fn region_maps_are_painted_and_steps_are_reported_and_links_round_trip() {
    let root = mount_root();
    let lab = Lab::new(root.clone()).expect("mounts");
    frames(1).await;
    lab.load_preset("blobs3").expect("a known preset");
    let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::<JsValue>::new()));
    let sink = seen.clone();
    let listener = wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(move |r: JsValue| {
        sink.borrow_mut().push(r);
    });
    lab.on_step(Some(
        listener
            .as_ref()
            .unchecked_ref::<js_sys::Function>()
            .clone(),
    ))
    .expect("a running lab takes a listener");
    for _ in 0..3 {
        lab.step().unwrap();
    }
    frames(1).await;
    assert_eq!(field(&root, "step"), "3");
    // One event per step, with the step's record.
    let steps: Vec<f64> = seen
        .borrow()
        .iter()
        .map(|r| {
            js_sys::Reflect::get(r, &"step".into())
                .unwrap()
                .as_f64()
                .unwrap()
        })
        .collect();
    assert_eq!(steps, [1.0, 2.0, 3.0]);
    let kind = js_sys::Reflect::get(&seen.borrow()[0], &"kind".into()).unwrap();
    assert_eq!(kind.as_string().as_deref(), Some("multiclass"));

    // The region map is painted under the points: far from the blobs' boundaries, each class's
    // light tint, 16% of the class colour over white (class 2, green, at the top; class 0,
    // orange, bottom left).
    let canvas: HtmlCanvasElement = root
        .query_selector("canvas")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let dpr = web_sys::window().unwrap().device_pixel_ratio();
    lab.run_to_convergence().unwrap();
    // Two frames: the lab's own frame draws the converged map whichever callback runs first.
    frames(2).await;
    let tint = |x: f64, y: f64| {
        let css = lab.to_css(x, y);
        let p = context
            .get_image_data((css[0] * dpr).round(), (css[1] * dpr).round(), 1.0, 1.0)
            .unwrap()
            .data();
        (p[0], p[1], p[2])
    };
    // The light theme's region tints (src/render/theme.rs), painted as they are.
    let theme = perceptron_lab::render::Theme::new(1.0);
    let region = |code: u8| {
        let [r, g, b, _] = theme.region_colour(code);
        (r, g, b)
    };
    assert_eq!(tint(0.3, 4.3), region(2), "class 2 region");
    assert_eq!(tint(-4.0, -3.8), region(0), "class 0 region");

    // The link reopens the same state in another lab.
    let link = lab.link().unwrap();
    let other_root = mount_root();
    let other = Lab::new(other_root.clone()).expect("mounts");
    assert_eq!(other.open_link(&format!("#{link}")), Ok(true));
    frames(1).await;
    assert_eq!(field(&other_root, "weights"), field(&root, "weights"));
    assert_eq!(field(&other_root, "step"), field(&root, "step"));
    assert!(other.open_link("#v=9").is_err());
    drop(listener);
    lab.on_step(None).expect("a running lab drops its listener");
    assert!(!has_panicked());
    root.remove();
    other_root.remove();
}

/// Queries (`field`, `busy`, `link`, the exports, `to_css`) change nothing, so they queue no
/// animation frame; a call that may change what is drawn queues one. `requestAnimationFrame`
/// is counted while they run (the call that changes something shows that the count sees the
/// lab's requests: no frame was queued already).
#[wasm_bindgen_test]
async fn queries_queue_no_animation_frame() {
    use js_sys::Reflect;
    let root = mount_root();
    let lab = Lab::new(root.clone()).expect("mounts");
    frames(5).await;
    let window = web_sys::window().unwrap();
    let key = |k: &str| JsValue::from_str(k);
    let original = Reflect::get(&window, &key("requestAnimationFrame")).unwrap();
    let counting = js_sys::Function::new_with_args(
        "callback",
        "window.__rafCalls += 1; return window.__rafOriginal.call(window, callback);",
    );
    Reflect::set(&window, &key("__rafOriginal"), &original).unwrap();
    Reflect::set(&window, &key("__rafCalls"), &JsValue::from_f64(0.0)).unwrap();
    Reflect::set(&window, &key("requestAnimationFrame"), &counting).unwrap();
    let calls = || {
        Reflect::get(&window, &key("__rafCalls"))
            .unwrap()
            .as_f64()
            .unwrap()
    };
    assert!(lab.field("step").unwrap().is_some());
    assert!(!lab.busy().unwrap());
    let _ = lab.link().unwrap();
    let _ = lab.scenario_json().unwrap();
    let _ = lab.points_csv().unwrap();
    let _ = lab.python_code().unwrap();
    let _ = lab.trace_export("csv").unwrap();
    let _ = lab.to_css(0.0, 0.0);
    let after_queries = calls();
    lab.refresh().unwrap();
    let after_refresh = calls();
    // The browser's own again before asserting, so a failure leaves no spy behind.
    Reflect::set(&window, &key("requestAnimationFrame"), &original).unwrap();
    assert_eq!(after_queries, 0.0, "a query queued an animation frame");
    assert_eq!(after_refresh, 1.0, "refresh() queues one frame");
    frames(2).await;
    root.remove();
}

/// The page as shipped (built without the cargo feature `test-hooks`, as this test is) has no
/// test hook: no deliberate panic, no forced redraw, no benchmark entry.
#[cfg(not(feature = "test-hooks"))]
#[wasm_bindgen_test]
async fn a_build_without_the_test_hooks_has_none() {
    let root = mount_root();
    let lab = Lab::new(root.clone()).expect("mounts");
    let handle = JsValue::from(lab);
    for hook in ["debug_panic", "redraw_now"] {
        let found = js_sys::Reflect::get(&handle, &JsValue::from_str(hook)).expect("readable");
        assert!(found.is_undefined(), "the handle has no {hook}");
    }
    let exports = wasm_bindgen::exports();
    for export in ["lab_debug_panic", "lab_redraw_now", "bench_steps"] {
        let found = js_sys::Reflect::has(&exports, &JsValue::from_str(export)).expect("readable");
        assert!(!found, "the module exports no {export}");
    }
    // The handle's ordinary methods are there (the check above looks in the right place).
    let step = js_sys::Reflect::get(&handle, &JsValue::from_str("step")).expect("readable");
    assert!(step.is_function(), "the handle has step()");
    assert!(js_sys::Reflect::has(&exports, &JsValue::from_str("lab_step")).expect("readable"));
    root.remove();
}

#[wasm_bindgen_test]
async fn the_augmented_view_is_drawn_while_its_panel_is_open_and_says_what_it_shows() {
    // The registry's panel, opened at start by the slot's data-open.
    let root = mount_root_with_panels("augmented");
    let text = |part: &str| {
        root.query_selector(&format!(
            "[data-panel=\"augmented\"] [data-part=\"{part}\"]"
        ))
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap_or_default()
    };

    let lab = Lab::new(root.clone()).expect("mounts");
    lab.load_preset("seed000").unwrap();
    let canvas: HtmlCanvasElement = root
        .query_selector("[data-panel=\"augmented\"] canvas")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    canvas
        .set_attribute("style", "display:block;width:480px;height:360px")
        .unwrap();
    lab.step().unwrap();
    lab.step().unwrap();
    frames(2).await;
    let dpr = web_sys::window().unwrap().device_pixel_ratio();
    assert_eq!(canvas.width(), (480.0 * dpr).round() as u32);
    assert!(
        text("description").contains("w = [0, 3, 2] is normal to the plane w·z = 0"),
        "{}",
        text("description")
    );
    // Something other than the background was drawn in the middle of the view.
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let (w, h) = (f64::from(canvas.width()), f64::from(canvas.height()));
    let data = context
        .get_image_data(w * 0.25, h * 0.25, w * 0.5, h * 0.5)
        .unwrap()
        .data();
    assert!(
        data.chunks(4)
            .any(|p| (p[0], p[1], p[2]) != (255, 255, 255)),
        "the view is drawn"
    );

    lab.turn_augmented(std::f64::consts::PI / 12.0, 0.0)
        .unwrap();
    frames(1).await;
    assert_eq!(text("status"), "View turned 49°, tilted 20°.");
    lab.set_sign_flip(true).unwrap();
    frames(1).await;
    assert!(text("status").starts_with("Sign flip on"));
    let svg = lab.export_augmented_svg().unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("class −1 drawn as −z"));

    // Multiclass models have no single plane: an error, not a panic.
    lab.load_preset("blobs3").unwrap();
    assert!(lab.export_augmented_svg().is_err());
    assert!(!has_panicked());
    root.remove();
}

/// Issue #16: on the page (32-bit sizes) `c=18446744073709551615` was echoed as 4294967295;
/// counts beyond their type are refused with the number as given, here where it happened.
#[wasm_bindgen_test]
fn counts_beyond_a_32_bit_size_are_said_as_given() {
    use perceptron_lab::core::scenario::from_link;
    use perceptron_lab::core::{Action, Session};
    let huge = "18446744073709551615";
    for (link, says) in [
        (
            format!("v=1&a=multiclass&c={huge}&p=1,1,0;2,2,1"),
            format!("c: {huge} classes is not from 2 to 6"),
        ),
        (
            "v=1&a=multiclass&c=4294967296".to_string(),
            "c: 4294967296 classes is not from 2 to 6".to_string(),
        ),
        (
            format!("v=1&a=multiclass&p=1,1,{huge}"),
            format!("p: class {huge} is beyond"),
        ),
        (
            format!("v=1&p=1,1,1&n=1&d=0,r,{huge}"),
            format!("d: point #{huge} is beyond"),
        ),
    ] {
        let mut session = Session::new();
        let err = match from_link(&link) {
            Err(e) => e.to_string(),
            Ok(parsed) => session
                .apply(Action::LoadScenario(parsed.scenario.unwrap()))
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default(),
        };
        assert!(err.contains(&says), "{link}: {err:?} lacks {says:?}");
        assert!(!err.contains("4294967295"), "{link}: {err:?}");
    }
}

/// Class names are compared in NFC on the page too, where the browser's own
/// `String.prototype.normalize` does it (installed by the web layer): two spellings of one name in a file are refused,
/// naming both, and one spelling throughout is kept as written.
#[wasm_bindgen_test]
fn class_names_are_compared_in_one_unicode_spelling_in_the_browser() {
    use perceptron_lab::core::{Action, Algorithm, Session, Setup};
    // What the page's start-up does (the test runner calls no start function).
    perceptron_lab::web::install_name_normalizer();
    let multiclass = || {
        let mut session = Session::new();
        let _ = session
            .apply(Action::SetSetup(Setup {
                algorithm: Algorithm::Multiclass,
                kernel: perceptron_lab::core::algo::kernel::Kernel::Linear,
                classes: 3,
                rows: None,
                params: Vec::new(),
            }))
            .expect("multiclass");
        session
    };
    let csv = |labels: &[&str]| {
        let mut text = String::from("x1,x2,y\n");
        for (i, label) in labels.iter().enumerate() {
            text.push_str(&format!("{i},{i},\"{label}\"\n"));
        }
        text.into_bytes()
    };
    // é precomposed and as e + U+0301; Å and the ångström sign; a Hangul syllable and its jamo.
    for (first, second, spelled) in [
        (
            "caf\u{E9}",
            "cafe\u{301}",
            ["c a f U+00E9", "c a f e U+0301"],
        ),
        ("\u{C5}", "\u{212B}", ["U+00C5", "U+212B"]),
        ("\u{AC00}", "\u{1100}\u{1161}", ["U+AC00", "U+1100 U+1161"]),
    ] {
        let mut session = multiclass();
        let err = session
            .apply(Action::ImportCsv(csv(&[first, "pear", second])))
            .expect_err("two spellings of one name are refused")
            .to_string();
        assert!(err.contains("Unicode spelling"), "{err}");
        assert!(
            err.contains(spelled[0]) && err.contains(spelled[1]),
            "{err}"
        );
        // One spelling throughout: three points, two classes, the name as written.
        let mut session = multiclass();
        let _ = session
            .apply(Action::ImportCsv(csv(&[second, "pear", second])))
            .expect("one spelling is fine");
        assert!(session.class_names().contains(&second.to_string()));
    }
    // Names that only look alike in other forms (NFKC would join them) stay two names.
    let mut session = multiclass();
    let _ = session
        .apply(Action::ImportCsv(csv(&["\u{FB01}", "fi", "pear"])))
        .expect("the ligature fi and f i are two names in NFC");
}

/// The colour of CSS pixel `(x, y)` of the canvas.
fn pixel_at(canvas: &HtmlCanvasElement, x: f64, y: f64) -> (u8, u8, u8) {
    let dpr = web_sys::window().unwrap().device_pixel_ratio();
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let data = context
        .get_image_data((x * dpr).round(), (y * dpr).round(), 1.0, 1.0)
        .unwrap()
        .data();
    (data[0], data[1], data[2])
}

#[wasm_bindgen_test]
async fn the_keyboard_cursor_is_drawn_and_said_in_its_live_region_while_the_plot_has_focus() {
    // A root with a slot for the plot panel, which places the canvas and the cursor's live
    // region there (sized here as the page's stylesheet sizes it).
    let root = mount_root();
    root.query_selector("canvas").unwrap().unwrap().remove();
    let slot = document().create_element("div").unwrap();
    slot.set_attribute("data-panels", "plot").unwrap();
    root.prepend_with_node_1(&slot).unwrap();
    let lab = Lab::new(root.clone()).expect("mounts");
    let canvas: HtmlCanvasElement = root
        .query_selector("[data-panel=\"plot\"] canvas")
        .unwrap()
        .expect("the plot panel's canvas")
        .dyn_into()
        .unwrap();
    canvas
        .set_attribute("style", "display:block;width:640px;height:480px")
        .unwrap();
    lab.resize().unwrap();
    let region = root
        .query_selector("[data-panel=\"plot\"] [data-role=\"cursor-status\"]")
        .unwrap()
        .expect("the plot panel's live region");
    frames(2).await;
    assert_eq!(region.text_content().unwrap_or_default(), "");
    // Halfway along the crosshair's right arm (10 to 26 CSS px from the cursor at (1.2, 1.2),
    // off the grid lines): white before.
    let css = lab.to_css(1.2, 1.2);
    let (ax, ay) = (css[0] + 18.0, css[1]);
    assert_eq!(pixel_at(&canvas, ax, ay), (255, 255, 255));

    lab.cursor_focus(true).unwrap();
    lab.cursor_move(1, 0, false).unwrap();
    lab.cursor_move(1, 0, false).unwrap();
    lab.cursor_move(0, 1, false).unwrap();
    lab.cursor_move(0, 1, false).unwrap();
    lab.cursor_move(2, 2, true).unwrap();
    frames(1).await;
    assert_eq!(
        region.text_content().unwrap_or_default(),
        "cursor at (1.2, 1.2); no points yet"
    );
    assert_eq!(
        pixel_at(&canvas, ax, ay),
        (33, 33, 33),
        "the arm, in the text colour"
    );

    lab.cursor_add(true).unwrap();
    frames(1).await;
    assert_eq!(
        field(&root, "notice"),
        "Added point #1 at (1.2, 1.2), class -1."
    );
    assert_eq!(
        region.text_content().unwrap_or_default(),
        "cursor at (1.2, 1.2); on point #1, class −1"
    );
    lab.cursor_pick().unwrap();
    lab.cursor_move(0, -1, true).unwrap();
    lab.cursor_cancel().unwrap();
    frames(1).await;
    assert_eq!(field(&root, "notice"), "Put point #1 back at (1.2, 1.2).");

    lab.cursor_focus(false).unwrap();
    frames(1).await;
    assert_eq!(region.text_content().unwrap_or_default(), "");
    assert_eq!(pixel_at(&canvas, ax, ay), (255, 255, 255), "hidden again");
    assert!(!has_panicked());
    root.remove();
}

/// The live region says each step (in the frame after it), at the verbosity set; the
/// description follows the state; the points table is written only while its panel is open.
#[wasm_bindgen_test]
async fn steps_are_said_and_the_plot_described() {
    let root = mount_root_with_panels("");
    let lab = Lab::new(root.clone()).expect("mounts");
    // The live region is the announcements' panel.
    let live = root
        .query_selector("[data-panel=\"announce\"][data-role=\"announce\"][aria-live=\"polite\"]")
        .unwrap()
        .expect("the announcements' live region");
    // The description and the points table are the described panel's.
    let part = |name: &str| {
        root.query_selector(&format!(
            "[data-panel=\"described\"] [data-part=\"{name}\"]"
        ))
        .unwrap()
        .unwrap_or_else(|| panic!("the described panel's {name}"))
    };
    let (description, panel, body) = (part("description"), part("points"), part("body"));
    let canvas = root.query_selector("canvas").unwrap().unwrap();
    assert_eq!(
        canvas.get_attribute("aria-describedby"),
        Some(description.id()),
        "the plot is described by the panel's description"
    );
    frames(1).await;

    lab.load_preset("seed000").expect("a known preset");
    lab.step().unwrap();
    lab.step().unwrap();
    frames(1).await;
    assert_eq!(
        live.text_content().unwrap(),
        "Step 2, epoch 1: sample 2 at (3, 2), class +1, score −1, a mistake. w becomes [0, 3, 2]; the boundary appears; 2 of 5 points are on the wrong side."
    );
    assert!(description
        .text_content()
        .unwrap()
        .contains("step 2, epoch 1: not converged yet. The boundary is 3·x1 + 2·x2 = 0"));
    assert_eq!(
        body.child_element_count(),
        0,
        "the table waits for its panel"
    );

    assert!(lab.set_verbosity("loud").is_err());
    lab.set_verbosity("brief").unwrap();
    panel.set_attribute("open", "").unwrap();
    lab.refresh().unwrap();
    lab.step().unwrap();
    frames(1).await;
    assert_eq!(
        live.text_content().unwrap(),
        "Step 3: sample 3, correct; 2 of 5 wrong."
    );
    assert_eq!(body.child_element_count(), 5);
    let second = body.query_selector_all("tr").unwrap().item(1).unwrap();
    // #2 (3, 2), class +1, score 0 + 3·3 + 2·2 = 13 under [0, 3, 2]: right.
    assert_eq!(second.text_content().unwrap(), "#232+113yes");
    assert!(!has_panicked());
    root.remove();
}

/// A root with the registry's slot, the panels named in `open` open at start.
fn mount_root_with_panels(open: &str) -> HtmlElement {
    let root = mount_root();
    let slot = document().create_element("div").unwrap();
    slot.set_attribute("data-panels", "").unwrap();
    slot.set_attribute("data-open", open).unwrap();
    root.append_child(&slot).unwrap();
    root
}

#[wasm_bindgen_test]
async fn two_labs_never_share_an_id_and_a_panels_form_is_its_command() {
    let (a, b) = (mount_root_with_panels("eta"), mount_root_with_panels("eta"));
    let lab = Lab::new(a.clone()).expect("mounts");
    let other = Lab::new(b.clone()).expect("mounts");
    lab.load_preset("seed000").unwrap();
    frames(2).await;
    let find = |root: &HtmlElement, selector: &str| {
        root.query_selector(selector)
            .unwrap()
            .unwrap_or_else(|| panic!("{selector} is in the lab"))
    };
    let input = |root: &HtmlElement| find(root, "[data-panel=\"eta\"] input");
    let (id_a, id_b) = (input(&a).id(), input(&b).id());
    assert!(!id_a.is_empty() && id_a != id_b, "{id_a} and {id_b}");
    for root in [&a, &b] {
        let field = input(root);
        // Its label and its error message are its own lab's.
        let label = find(root, &format!("label[for=\"{}\"]", field.id()));
        assert_eq!(label.text_content().unwrap(), "Second learning rate η₂");
        let error = field.get_attribute("aria-describedby").unwrap();
        assert_eq!(
            find(root, &format!("#{error}"))
                .get_attribute("role")
                .as_deref(),
            Some("alert")
        );
        assert_eq!(
            document()
                .query_selector_all(&format!("#{}", field.id()))
                .unwrap()
                .length(),
            1
        );
    }
    let panel = find(&a, "[data-panel=\"eta\"]");
    assert!(panel.has_attribute("open"), "data-open opens it");
    assert!(!find(&b, "[data-panel=\"code\"]").has_attribute("open"));

    // Apply η₂ (a submit of the panel's form): refused with its reason, the text kept; then taken.
    let field: web_sys::HtmlInputElement = input(&a).dyn_into().unwrap();
    let apply: HtmlElement = find(&a, "[data-panel=\"eta\"] button[type=\"submit\"]")
        .dyn_into()
        .unwrap();
    let error = find(&a, "[data-panel=\"eta\"] [data-part=\"error\"]");
    field.set_value("abc");
    apply.click();
    assert_eq!(error.text_content().unwrap(), "η₂: \"abc\" is not a number");
    frames(1).await;
    assert_eq!(field.value(), "abc", "the refused text stays to be mended");
    field.set_value("0.25");
    apply.click();
    assert_eq!(error.text_content().unwrap(), "");
    lab.step().unwrap();
    frames(2).await;
    let head = find(&a, "[data-panel=\"eta\"] [data-part=\"head-2\"]");
    assert_eq!(head.text_content().unwrap(), "η₂ = 0.25");
    assert!(find(&a, "[data-panel=\"eta\"] [data-part=\"verdict\"]")
        .text_content()
        .unwrap()
        .contains("0.25"));
    // The page was not left (the submit was the panel's), and the other lab is untouched.
    assert_eq!(
        input(&b)
            .dyn_into::<web_sys::HtmlInputElement>()
            .unwrap()
            .value(),
        "0.5"
    );
    assert!(!has_panicked());
    drop(other);
    a.remove();
    b.remove();
}
