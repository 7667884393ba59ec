//! The first frame the page shows before the lab has loaded (src/web/first_frame.rs) is the
//! new session's own plot: `render::draw_blank` of the default view draws exactly what `draw`
//! draws of `Session::new().scene()`, and it is drawn only for links that hold no scenario
//! (`scenario::page_only`).

use perceptron_lab::core::scenario::{from_link, page_only};
use perceptron_lab::core::{Action, Session, DEFAULT_VIEW};
use perceptron_lab::render::{draw, draw_blank, PlotFrame, Theme};
use plotters::coord::Shift;
use plotters::prelude::*;

/// `paint` on an SVG of `size`, as text.
fn svg(
    size: (u32, u32),
    paint: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> PlotFrame,
) -> String {
    let mut out = String::new();
    {
        let area = SVGBackend::with_string(&mut out, size).into_drawing_area();
        paint(&area);
        area.present().expect("the SVG is written");
    }
    out
}

fn session_svg(session: &Session, theme: &Theme, size: (u32, u32)) -> String {
    svg(size, |area| {
        draw(area, &session.scene(), theme).expect("the scene draws")
    })
}

fn blank_svg(theme: &Theme, size: (u32, u32)) -> String {
    svg(size, |area| {
        draw_blank(area, DEFAULT_VIEW, theme).expect("the blank plot draws")
    })
}

#[test]
fn the_blank_scene_draws_as_a_new_session() {
    let session = Session::new();
    assert_eq!(session.scene().view, DEFAULT_VIEW);
    for theme in [
        Theme::for_view(false, false, 1.0),
        Theme::for_view(true, false, 2.0),
        Theme::for_view(false, true, 1.5),
    ] {
        // The page's plot at DPR 1 and 2, a phone's, and one too small for a plot.
        for size in [(858, 630), (390, 320), (1716, 1260), (40, 30)] {
            let lab = session_svg(&session, &theme, size);
            let first = blank_svg(&theme, size);
            if size.0 > 100 {
                assert!(lab.contains("<text"), "the plot has its axes' labels");
            }
            assert_eq!(first, lab, "at {size:?}");
        }
    }
}

#[test]
fn a_session_with_a_point_draws_otherwise() {
    // The comparison above can tell two scenes apart.
    let mut session = Session::new();
    let _ = session
        .apply(Action::AddPoint {
            x: 1.0,
            y: 1.0,
            alternate: false,
            pixel: 0.01,
        })
        .expect("a point is added");
    let theme = Theme::default();
    assert_ne!(
        session_svg(&session, &theme, (400, 300)),
        blank_svg(&theme, (400, 300))
    );
}

#[test]
fn only_links_without_a_scenario_get_the_first_frame() {
    for fragment in [
        "",
        "#",
        "#hide=settings,theory",
        "embed=1&name=Week%203",
        "#&&embed=1",
    ] {
        assert!(page_only(fragment), "{fragment:?}");
        let link = from_link(fragment).expect("a page-keys link reads");
        assert!(
            link.scenario.is_none() && link.unknown.is_empty(),
            "{fragment:?}"
        );
    }
    for fragment in [
        "#v=1&p=1,1,1",
        "#embed=1&v=1&p=1,1,1",
        "#x=1",
        "#h%69de=1",
        "#ex=abc",
    ] {
        assert!(!page_only(fragment), "{fragment:?}");
    }
}

/// On a phone the page shows the notice in its step bar (index.html's `.dock-notice`) before the
/// lab has started, so that the line is painted with the page's first text; it holds what a new
/// session says, and the lab writes the same words over it.
#[test]
fn the_page_shows_a_new_sessions_notice_before_the_lab_starts() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/index.html"))
        .expect("index.html is read");
    let start = page
        .find("<p class=\"dock-notice\"")
        .expect("index.html has the step bar's notice");
    let open = start + page[start..].find('>').expect("the tag ends") + 1;
    let close = open + page[open..].find("</p>").expect("the notice ends");
    assert_eq!(&page[open..close], Session::new().status().notice);
}
