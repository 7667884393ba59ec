//! The plot's keyboard cursor (issue #11): grid and fine steps, kept inside the view, the
//! nearest-point text, Enter / Shift+Enter adding at the cursor, Delete, and Space picking a
//! point up, the arrows carrying it and Space dropping it as one edit, Escape putting it back
//! where it was; and the crosshair in the drawing.
#![cfg(not(target_arch = "wasm32"))]

use perceptron_lab::core::{
    cursor_steps, Action, Algorithm, CursorAction, Rect, Session, Setup, DEFAULT_VIEW,
};
use perceptron_lab::render::{draw, Theme};
use plotters::prelude::*;

fn key(s: &mut Session, action: CursorAction) {
    let _ = s
        .apply(Action::Cursor(action))
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
}

fn arrow(s: &mut Session, dx: i32, dy: i32, fine: bool) {
    key(s, CursorAction::Move { dx, dy, fine });
}

fn at(s: &Session) -> (f64, f64) {
    let c = s.cursor().expect("the cursor shows");
    (c.x, c.y)
}

fn points(s: &Session) -> Vec<(f64, f64, usize)> {
    (0..s.data().len())
        .map(|i| (s.data().x(i)[0], s.data().x(i)[1], s.data().class(i)))
        .collect()
}

fn add(s: &mut Session, x: f64, y: f64, alternate: bool) {
    let _ = s
        .apply(Action::AddPoint {
            x,
            y,
            alternate,
            pixel: 0.01,
        })
        .unwrap();
}

/// A session with the plot focused.
fn focused() -> Session {
    let mut s = Session::new();
    key(&mut s, CursorAction::Focus(true));
    s
}

#[test]
fn steps_follow_the_view() {
    assert_eq!(cursor_steps(&DEFAULT_VIEW), (0.5, 0.1));
    let square = |half: f64| Rect {
        x_min: -half,
        x_max: half,
        y_min: -half,
        y_max: half,
    };
    // A twentieth of the larger side, to the nearest 1, 2 or 5 × 10^k.
    assert_eq!(cursor_steps(&square(6.25)).0, 0.5); // 0.625
    assert_eq!(cursor_steps(&square(50.0)).0, 5.0); // 5
    assert_eq!(cursor_steps(&square(1.5)).0, 0.2); // 0.15
    assert_eq!(cursor_steps(&square(0.04)).0, 0.005); // 0.004
    let wide = Rect {
        x_min: 0.0,
        x_max: 200.0,
        y_min: 0.0,
        y_max: 1.0,
    };
    assert_eq!(cursor_steps(&wide), (10.0, 2.0));
    // A view that cannot be measured still gives usable steps.
    let broken = Rect {
        x_min: f64::NAN,
        ..DEFAULT_VIEW
    };
    assert_eq!(cursor_steps(&broken), (0.5, 0.1));
}

#[test]
fn focus_shows_the_cursor_at_the_centre_and_says_the_keys_blur_hides_it() {
    let mut s = Session::new();
    assert!(s.cursor().is_none(), "no cursor before the plot has focus");
    assert_eq!(s.cursor_text(), "");
    key(&mut s, CursorAction::Focus(true));
    assert_eq!(at(&s), (0.0, 0.0));
    assert_eq!(
        s.cursor_text(),
        "cursor at (0, 0); no points yet. Arrow keys move it by 0.5, Shift+arrows by 0.1; \
         Enter adds a point of class +1, Shift+Enter of class −1; Space picks up the point \
         under it, Delete removes it"
    );
    arrow(&mut s, 1, 0, false);
    assert_eq!(s.cursor_text(), "cursor at (0.5, 0); no points yet");
    key(&mut s, CursorAction::Focus(false));
    assert!(s.cursor().is_none());
    assert_eq!(s.cursor_text(), "");
    // Back on the plot: where it was.
    key(&mut s, CursorAction::Focus(true));
    assert_eq!(at(&s), (0.5, 0.0));
}

#[test]
fn arrows_move_by_grid_steps_and_shift_arrows_by_fine_steps_with_exact_decimals() {
    let mut s = focused();
    for _ in 0..3 {
        arrow(&mut s, 1, 0, false);
    }
    arrow(&mut s, 0, -1, false);
    assert_eq!(at(&s), (1.5, -0.5));
    for _ in 0..3 {
        arrow(&mut s, 0, 1, true);
    }
    // 0.1 three times from -0.5 is -0.2 exactly, not -0.20000000000000004.
    assert_eq!(at(&s), (1.5, -0.2));
    arrow(&mut s, -1, 0, true);
    assert_eq!(at(&s), (1.4, -0.2));
    assert!(s.cursor_text().starts_with("cursor at (1.4, −0.2); "));
}

#[test]
fn the_cursor_stops_at_the_edges_of_the_view_and_says_so() {
    let mut s = focused();
    for _ in 0..10 {
        arrow(&mut s, 1, 0, false);
    }
    assert_eq!(at(&s), (5.0, 0.0));
    assert_eq!(s.cursor_text(), "cursor at (5, 0); no points yet");
    arrow(&mut s, 1, 0, false);
    assert_eq!(at(&s), (5.0, 0.0));
    assert_eq!(
        s.cursor_text(),
        "cursor at (5, 0), at the right edge; no points yet"
    );
    for _ in 0..40 {
        arrow(&mut s, 0, -1, true);
    }
    assert_eq!(at(&s), (5.0, -4.0));
    for _ in 0..20 {
        arrow(&mut s, 0, -1, false);
    }
    assert_eq!(at(&s), (5.0, -5.0));
    assert!(s.cursor_text().contains("at the bottom edge"));
    // A move away from the edge says nothing of it.
    arrow(&mut s, -1, 0, false);
    assert_eq!(s.cursor_text(), "cursor at (4.5, −5); no points yet");
}

#[test]
fn enter_adds_the_selected_class_at_the_cursor_and_shift_enter_the_other() {
    let mut s = focused();
    arrow(&mut s, 1, 0, false);
    arrow(&mut s, 0, 1, false);
    key(&mut s, CursorAction::Add { alternate: false });
    arrow(&mut s, -1, 0, false);
    arrow(&mut s, -1, 0, false);
    arrow(&mut s, 0, -1, true);
    key(&mut s, CursorAction::Add { alternate: true });
    assert_eq!(points(&s), vec![(0.5, 0.5, 1), (-0.5, 0.4, 0)]);
    assert_eq!(
        s.status().notice,
        "Added point #2 at (-0.5, 0.4), class -1."
    );
    assert_eq!(
        s.cursor_text(),
        "cursor at (−0.5, 0.4); on point #2, class −1"
    );
    // Key 2 selects class −1: Enter adds it, Shift+Enter +1.
    let _ = s.apply(Action::SelectClass(0)).unwrap();
    arrow(&mut s, 0, -1, false);
    key(&mut s, CursorAction::Add { alternate: false });
    key(&mut s, CursorAction::Add { alternate: true });
    assert_eq!(s.data().class(2), 0);
    assert_eq!(s.data().class(3), 1);
}

#[test]
fn under_multiclass_shift_enter_adds_the_next_class() {
    let mut s = focused();
    let setup = Setup {
        algorithm: Algorithm::Multiclass,
        classes: 3,
        ..Setup::default()
    };
    let _ = s.apply(Action::SetSetup(setup)).unwrap();
    let _ = s.apply(Action::SelectClass(2)).unwrap();
    key(&mut s, CursorAction::Add { alternate: false });
    arrow(&mut s, 1, 0, false);
    key(&mut s, CursorAction::Add { alternate: true });
    assert_eq!(points(&s), vec![(0.0, 0.0, 2), (0.5, 0.0, 0)]);
    assert!(s.cursor_text().contains("on point #2, class 0"));
}

#[test]
fn the_text_names_the_point_under_the_cursor_or_the_nearest_with_its_distance() {
    let mut s = Session::new();
    add(&mut s, 1.5, -2.0, false);
    add(&mut s, -3.0, 3.0, true);
    key(&mut s, CursorAction::Focus(true));
    for _ in 0..3 {
        arrow(&mut s, 1, 0, false);
    }
    arrow(&mut s, 0, -1, false);
    arrow(&mut s, 0, -1, false);
    assert_eq!(
        s.cursor_text(),
        "cursor at (1.5, −1); nearest point: #1 at (1.5, −2), class +1, 1 away"
    );
    arrow(&mut s, 0, -1, false);
    assert_eq!(
        s.cursor_text(),
        "cursor at (1.5, −1.5); nearest point: #1 at (1.5, −2), class +1, 0.5 away"
    );
    arrow(&mut s, 0, -1, true);
    arrow(&mut s, 1, 0, true);
    // √(0.1² + 0.4²) = 0.412…, beyond the reach (0.5 · √½ = 0.35…): rounded to a hundredth.
    assert_eq!(
        s.cursor_text(),
        "cursor at (1.6, −1.6); nearest point: #1 at (1.5, −2), class +1, 0.41 away"
    );
    arrow(&mut s, 0, -1, true);
    assert_eq!(
        s.cursor_text(),
        "cursor at (1.6, −1.7); on point #1, class +1"
    );
}

#[test]
fn delete_removes_the_point_under_the_cursor_and_refuses_with_a_reason_elsewhere() {
    let mut s = Session::new();
    add(&mut s, 1.0, 1.0, false);
    add(&mut s, 0.1, -0.1, true);
    key(&mut s, CursorAction::Focus(true));
    arrow(&mut s, -1, 0, false);
    arrow(&mut s, -1, 0, false);
    key(&mut s, CursorAction::Delete);
    assert_eq!(
        s.data().len(),
        2,
        "nothing under the cursor: nothing removed"
    );
    assert_eq!(
        s.status().notice,
        "No point under the cursor to remove (nearest point: #2 at (0.1, -0.1), class -1, 1.1 away)."
    );
    arrow(&mut s, 1, 0, false);
    arrow(&mut s, 1, 0, false);
    key(&mut s, CursorAction::Delete);
    assert_eq!(points(&s), vec![(1.0, 1.0, 1)]);
    assert_eq!(s.status().notice, "Removed point #2 at (0.1, -0.1).");
}

#[test]
fn space_picks_up_arrows_carry_space_drops_as_one_edit_that_back_undoes() {
    let mut s = Session::new();
    add(&mut s, 2.0, 1.0, false);
    add(&mut s, -2.0, -1.0, true);
    let _ = s.apply(Action::Step).unwrap();
    let entries = s.history().done_entries().count();
    key(&mut s, CursorAction::Focus(true));
    for _ in 0..4 {
        arrow(&mut s, 1, 0, false);
    }
    arrow(&mut s, 0, 1, false);
    arrow(&mut s, 0, 1, false);
    key(&mut s, CursorAction::PickOrDrop);
    assert_eq!(s.carried_point(), Some(0));
    assert!(s.cursor().unwrap().carrying);
    assert!(s
        .status()
        .notice
        .starts_with("Picked up point #1 at (2, 1), class +1"));
    arrow(&mut s, 0, 1, false);
    arrow(&mut s, -1, 0, true);
    // The point follows the cursor while carried…
    assert_eq!(points(&s)[0], (1.9, 1.5, 1));
    assert_eq!(
        s.cursor_text(),
        "carrying point #1, class +1, at (1.9, 1.5)"
    );
    // …and the timeline gets one entry when it is dropped.
    assert_eq!(s.history().done_entries().count(), entries);
    key(&mut s, CursorAction::PickOrDrop);
    assert_eq!(s.carried_point(), None);
    assert_eq!(s.history().done_entries().count(), entries + 1);
    assert!(s
        .status()
        .notice
        .starts_with("Moved point #1 to (1.9, 1.5)."));
    assert_eq!(
        s.cursor_text(),
        "cursor at (1.9, 1.5); on point #1, class +1"
    );
    // Back undoes the move exactly.
    let _ = s.apply(Action::Back).unwrap();
    assert_eq!(points(&s), vec![(2.0, 1.0, 1), (-2.0, -1.0, 0)]);
}

#[test]
fn escape_puts_a_carried_point_back_where_it_was_and_records_nothing() {
    let mut s = Session::new();
    add(&mut s, 0.5, 0.5, false);
    add(&mut s, -1.0, 0.0, true);
    let before = points(&s);
    let entries = s.history().done_entries().count();
    key(&mut s, CursorAction::Focus(true));
    arrow(&mut s, 1, 0, false);
    arrow(&mut s, 0, 1, false);
    key(&mut s, CursorAction::PickOrDrop);
    for _ in 0..3 {
        arrow(&mut s, 1, 0, false);
    }
    arrow(&mut s, 0, -1, true);
    assert_eq!(points(&s)[0], (2.0, 0.4, 1));
    key(&mut s, CursorAction::Cancel);
    assert_eq!(points(&s), before);
    assert_eq!(s.history().done_entries().count(), entries);
    assert_eq!(s.carried_point(), None);
    assert_eq!(at(&s), (0.5, 0.5), "the cursor goes back with the point");
    assert_eq!(s.status().notice, "Put point #1 back at (0.5, 0.5).");
    // Escape with nothing carried changes nothing.
    assert_eq!(
        s.apply(Action::Cursor(CursorAction::Cancel)).unwrap(),
        perceptron_lab::core::Changed::Nothing
    );
}

#[test]
fn space_where_there_is_no_point_says_so() {
    let mut s = Session::new();
    add(&mut s, 3.0, 3.0, false);
    key(&mut s, CursorAction::Focus(true));
    key(&mut s, CursorAction::PickOrDrop);
    assert_eq!(s.carried_point(), None);
    assert_eq!(
        s.status().notice,
        "No point under the cursor to pick up (nearest point: #1 at (3, 3), class +1, 4.24 away)."
    );
}

#[test]
fn another_action_or_leaving_the_plot_drops_a_carried_point_where_it_is() {
    let mut s = Session::new();
    add(&mut s, 1.0, 1.0, false);
    add(&mut s, -1.0, -1.0, true);
    key(&mut s, CursorAction::Focus(true));
    arrow(&mut s, 1, 1, false);
    arrow(&mut s, 1, 1, false);
    key(&mut s, CursorAction::PickOrDrop);
    arrow(&mut s, 1, 0, false);
    // PageDown steps: the move is made first, then the step trains on it.
    let _ = s.apply(Action::Step).unwrap();
    assert_eq!(s.carried_point(), None);
    assert_eq!(points(&s)[0], (1.5, 1.0, 1));
    assert_eq!(s.model().steps(), 1);
    // Leaving the plot while carrying drops the point too.
    key(&mut s, CursorAction::PickOrDrop);
    arrow(&mut s, 0, 1, false);
    key(&mut s, CursorAction::Focus(false));
    assert_eq!(s.carried_point(), None);
    assert_eq!(points(&s)[0], (1.5, 1.5, 1));
    assert!(s
        .status()
        .notice
        .starts_with("Moved point #1 to (1.5, 1.5)."));
}

#[test]
fn picking_up_a_point_stops_play_and_delete_while_carrying_removes_it_from_where_it_was() {
    let mut s = Session::new();
    add(&mut s, 1.0, 1.0, false);
    add(&mut s, -1.0, -1.0, true);
    let _ = s.apply(Action::Play).unwrap();
    assert!(s.is_playing());
    key(&mut s, CursorAction::Focus(true));
    arrow(&mut s, 1, 1, false);
    arrow(&mut s, 1, 1, false);
    key(&mut s, CursorAction::PickOrDrop);
    assert!(!s.is_playing());
    arrow(&mut s, 1, 0, false);
    key(&mut s, CursorAction::Delete);
    assert_eq!(points(&s), vec![(-1.0, -1.0, 0)]);
    assert!(s.status().notice.starts_with("Removed point #1 at (1, 1)."));
}

/// The plot drawn as SVG.
fn svg(s: &Session) -> String {
    let mut out = String::new();
    {
        let area = SVGBackend::with_string(&mut out, (600, 500)).into_drawing_area();
        draw(&area, &s.scene(), &Theme::new(1.0)).unwrap();
        area.present().unwrap();
    }
    out
}

#[test]
fn the_crosshair_and_its_coordinates_are_drawn_only_while_the_plot_has_focus() {
    let mut s = Session::new();
    add(&mut s, 2.0, 2.0, false);
    let label = "(1.5, -0.5)";
    key(&mut s, CursorAction::Focus(true));
    for _ in 0..3 {
        arrow(&mut s, 1, 0, false);
    }
    arrow(&mut s, 0, -1, false);
    let shown = svg(&s);
    assert!(shown.contains(label), "the cursor's coordinates are drawn");
    key(&mut s, CursorAction::Focus(false));
    let hidden = svg(&s);
    assert!(!hidden.contains(label));
    // Four arms on a halo: eight more paths than without the cursor.
    let paths = |svg: &str| svg.matches("<polyline").count();
    assert_eq!(paths(&shown), paths(&hidden) + 8);
    // Carrying adds the ring (on its halo).
    key(&mut s, CursorAction::Focus(true));
    let circles = |svg: &str| svg.matches("<circle").count();
    let before = circles(&svg(&s));
    arrow(&mut s, 1, 0, false);
    for _ in 0..5 {
        arrow(&mut s, 0, 1, false);
    }
    key(&mut s, CursorAction::PickOrDrop);
    assert_eq!(s.carried_point(), Some(0));
    assert_eq!(circles(&svg(&s)), before + 2);
}

#[test]
fn back_while_carrying_undoes_the_move_and_undo_keeps_the_cursor_where_it_is() {
    let mut s = Session::new();
    add(&mut s, 1.0, 1.0, false);
    add(&mut s, -1.0, -1.0, true);
    let _ = s.apply(Action::Step).unwrap();
    key(&mut s, CursorAction::Focus(true));
    arrow(&mut s, 1, 1, false);
    arrow(&mut s, 1, 1, false);
    key(&mut s, CursorAction::PickOrDrop);
    arrow(&mut s, 1, 0, false);
    // PageUp while carrying: the move is dropped as an edit, and Back undoes it.
    let _ = s.apply(Action::Back).unwrap();
    assert_eq!(points(&s), vec![(1.0, 1.0, 1), (-1.0, -1.0, 0)]);
    assert_eq!(s.carried_point(), None);
    assert_eq!(s.model().steps(), 1);
    // Clear, then Back brings the points back; the cursor stays where it was, shown.
    arrow(&mut s, -1, 0, false);
    let _ = s.apply(Action::Clear).unwrap();
    let _ = s.apply(Action::Back).unwrap();
    assert_eq!(s.data().len(), 2);
    assert_eq!(at(&s), (1.0, 1.0));
    assert!(s.cursor_text().starts_with("cursor at (1, 1); on point #1"));
}
