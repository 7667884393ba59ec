//! The plot's keyboard cursor: a crosshair on the focused plot, moved by the arrow keys one grid
//! step at a time (a fine step with Shift) and kept inside the view. Enter adds a point at it,
//! Delete removes the point under it, and Space picks that point up, the arrows carry it and
//! Space drops it (the keyboard's alternative to dragging, WCAG 2.5.7); Escape puts a carried
//! point back. Every change says where the cursor is and which point is nearest
//! ([`Session::cursor_text`]), for the page's live region.
//!
//! Carrying moves the point in place, as a pointer drag does; the move is recorded as one edit
//! when the point is dropped. Any action other than the cursor's own first drops the carried
//! point where it is, so no other action ever sees a move half made.

use super::*;
use crate::core::speech;

/// What the keyboard does on the focused plot (see [`Action::Cursor`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CursorAction {
    /// The plot took focus (`true`): the cursor shows, at the view's centre the first time,
    /// else where it was (kept inside the view). Or it lost focus (`false`): the cursor hides,
    /// and a point being carried is dropped where it is.
    Focus(bool),
    /// Move by `dx` and `dy` steps (the arrow keys give −1, 0 or 1; up is `+dy`): grid steps,
    /// or fine steps when `fine` (Shift). The cursor stops at the view's edges; a carried
    /// point moves with it.
    Move {
        /// Steps along x1 (right is positive).
        dx: i32,
        /// Steps along x2 (up is positive).
        dy: i32,
        /// Fine steps instead of grid steps.
        fine: bool,
    },
    /// Enter: add a point at the cursor, of the selected class, or (`alternate`, Shift+Enter)
    /// of the other one as Shift-click does (multiclass: the next class). While a point is
    /// carried, drops it instead.
    Add {
        /// The other class than the selected one.
        alternate: bool,
    },
    /// Delete: remove the point under the cursor (a carried point: that one).
    Delete,
    /// Space: pick up the point under the cursor, or drop the one carried.
    PickOrDrop,
    /// Escape: put a carried point back where it was picked up. Nothing to do otherwise.
    Cancel,
}

/// The cursor: where it is, whether it shows, and the point it carries.
#[derive(Debug, Clone, Default)]
pub(super) struct Cursor {
    /// Where it is, in data coordinates, once it has been shown.
    at: Option<[f64; 2]>,
    /// Whether the plot has focus (the cursor is drawn and described).
    shown: bool,
    /// The point being carried: its index and where it was picked up.
    carry: Option<(usize, [f64; 2])>,
    /// The edge the last move stopped at, e.g. `right`.
    edge: Option<&'static str>,
    /// Just shown: the description adds the keys.
    fresh: bool,
}

/// The cursor's steps on `view`: the grid step, the 1, 2 or 5 × 10ᵏ nearest (by ratio) to a
/// twentieth of the view's larger side (0.5 on the default view, where the grid has a line
/// every 0.5), and the fine step, a fifth of it (0.1 there).
pub fn cursor_steps(view: &Rect) -> (f64, f64) {
    let span = (view.x_max - view.x_min).max(view.y_max - view.y_min);
    let raw = span / 20.0;
    if !(raw.is_finite() && raw > 0.0) {
        return (0.5, 0.1);
    }
    let power = 10f64.powi(raw.log10().floor() as i32);
    let grid = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .min_by(|a, b| (a / raw).ln().abs().total_cmp(&(b / raw).ln().abs()))
        .unwrap_or(raw);
    (grid, grid / 5.0)
}

impl Session {
    /// The keyboard cursor as the plot draws it: `None` while the plot does not have focus.
    pub fn cursor(&self) -> Option<crate::core::CursorMark> {
        if !self.editing.cursor.shown {
            return None;
        }
        let [x, y] = self.cursor_at();
        Some(crate::core::CursorMark {
            x,
            y,
            carrying: self.editing.cursor.carry.is_some(),
        })
    }

    /// The index of the point the cursor carries (Space picked it up), if any.
    pub fn carried_point(&self) -> Option<usize> {
        self.editing.cursor.carry.map(|(index, _)| index)
    }

    /// How far from the cursor a point counts as under it: the grid step × √½, so that every
    /// point is under some position the grid steps reach.
    pub fn cursor_reach(&self) -> f64 {
        cursor_steps(&self.shown.view).0 * std::f64::consts::FRAC_1_SQRT_2
    }

    /// What the cursor's live region says: where the cursor is and which point is under it or
    /// nearest (`cursor at (1.5, -2); nearest point: #3 at (1.5, -1.8), class +1, 0.2 away`),
    /// or which point it carries; just after the plot took focus, also the keys. Empty while
    /// the plot does not have focus. Negative numbers and class −1 have the minus sign, which
    /// screen readers say as "minus", as in the spoken steps ([`speech::minus`]).
    pub fn cursor_text(&self) -> String {
        if !self.editing.cursor.shown {
            return String::new();
        }
        let at = self.cursor_at();
        let edge = self
            .editing
            .cursor
            .edge
            .map(|edge| format!(", at the {edge} edge"))
            .unwrap_or_default();
        let mut text = match self.editing.cursor.carry {
            Some((index, _)) if index < self.data.len() => format!(
                "carrying point #{}, class {}, at {}{edge}",
                index + 1,
                self.class_name(self.data.class(index)),
                point(&at)
            ),
            _ => format!("cursor at {}{edge}; {}", point(&at), self.near_text(at)),
        };
        if self.editing.cursor.fresh {
            let (grid, fine) = cursor_steps(&self.shown.view);
            let other = self.alternate_class();
            text.push_str(&format!(
                ". Arrow keys move it by {}, Shift+arrows by {}; Enter adds a point of class {}, \
                 Shift+Enter of class {}; Space picks up the point under it, Delete removes it",
                num(grid),
                num(fine),
                self.class_name(self.editing.selected),
                self.class_name(other)
            ));
        }
        speech::minus(&text)
    }

    /// `on point #3, class +1`, `nearest point: #3 at (1, 2), class +1, 0.7 away`, or
    /// `no points yet`.
    fn near_text(&self, at: [f64; 2]) -> String {
        let Some((index, distance)) = self.nearest_point(at) else {
            return "no points yet".to_string();
        };
        let class = self.class_name(self.data.class(index));
        if distance <= self.cursor_reach() {
            format!("on point #{}, class {class}", index + 1)
        } else {
            let (_, fine) = cursor_steps(&self.shown.view);
            format!(
                "nearest point: #{} at {}, class {class}, {} away",
                index + 1,
                point(self.data.x(index)),
                num(round_to_pixel(distance, fine / 10.0))
            )
        }
    }

    /// The point nearest to `at` and its distance.
    fn nearest_point(&self, at: [f64; 2]) -> Option<(usize, f64)> {
        (0..self.data.len())
            .map(|i| {
                let p = self.data.x(i);
                (i, (p[0] - at[0]).hypot(p[1] - at[1]))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// The class Shift+Enter and Shift-click add: the other of two, else the next one.
    pub(super) fn alternate_class(&self) -> usize {
        let k = self.num_classes();
        if k == 2 {
            1 - self.editing.selected.min(1)
        } else {
            (self.editing.selected + 1) % k.max(1)
        }
    }

    /// Where the cursor is, inside the view (the view's centre on the grid before it was shown).
    fn cursor_at(&self) -> [f64; 2] {
        match self.editing.cursor.at {
            Some([x, y]) if self.editing.cursor.carry.is_some() => [x, y],
            Some([x, y]) => self.on_lattice(x, y).0,
            None => {
                let v = &self.shown.view;
                let (grid, _) = cursor_steps(v);
                let centre = |lo: f64, hi: f64| ((lo + hi) / 2.0 / grid).round() * grid;
                self.on_lattice(centre(v.x_min, v.x_max), centre(v.y_min, v.y_max))
                    .0
            }
        }
    }

    /// `(x, y)` rounded to the fine step and kept inside the view, and the edge it was held
    /// at, if any.
    fn on_lattice(&self, x: f64, y: f64) -> ([f64; 2], [Option<bool>; 2]) {
        let v = &self.shown.view;
        let (_, fine) = cursor_steps(v);
        let snap = |value: f64| round_to_pixel((value / fine).round() * fine, fine);
        // The outermost fine positions inside the view.
        let bounds = |lo: f64, hi: f64| {
            let (a, b) = (
                round_to_pixel((lo / fine).ceil() * fine, fine),
                round_to_pixel((hi / fine).floor() * fine, fine),
            );
            if a <= b {
                (a, b)
            } else {
                (lo, hi)
            }
        };
        let hold = |value: f64, (lo, hi): (f64, f64)| {
            let value = snap(value);
            if !value.is_finite() || value < lo {
                (lo, Some(false))
            } else if value > hi {
                (hi, Some(true))
            } else {
                (value, None)
            }
        };
        let (x, x_edge) = hold(x, bounds(v.x_min, v.x_max));
        let (y, y_edge) = hold(y, bounds(v.y_min, v.y_max));
        ([x, y], [x_edge, y_edge])
    }

    /// The point under the cursor (nearest within [`Session::cursor_reach`]).
    fn under_cursor(&self) -> Option<usize> {
        let [x, y] = self.cursor_at();
        self.point_near(x, y, self.cursor_reach())
    }

    /// Why nothing happened: no point under the cursor to `verb`.
    fn nothing_under(&self, verb: &str) -> String {
        let at = self.cursor_at();
        match self.nearest_point(at) {
            None => format!("No point to {verb}: there are no points yet."),
            Some(_) => format!(
                "No point under the cursor to {verb} ({}).",
                self.near_text(at)
            ),
        }
    }

    /// Applies a cursor action.
    pub(super) fn cursor_action(&mut self, action: CursorAction) -> Result<Changed, Error> {
        if action == CursorAction::Focus(false) {
            if !self.editing.cursor.shown {
                return Ok(Changed::Nothing);
            }
            self.drop_carried()?;
            self.editing.cursor.shown = false;
            self.editing.cursor.edge = None;
            return Ok(Changed::Redraw);
        }
        if action == CursorAction::Focus(true) && self.editing.cursor.shown {
            return Ok(Changed::Nothing);
        }
        // Every other action shows the cursor (at the view's centre the first time).
        let at = self.cursor_at();
        self.editing.cursor.at = Some(at);
        self.editing.cursor.fresh = false;
        self.editing.cursor.edge = None;
        match action {
            CursorAction::Focus(_) => {
                self.editing.cursor.shown = true;
                self.editing.cursor.fresh = true;
                Ok(Changed::Redraw)
            }
            CursorAction::Move { dx, dy, fine } => {
                self.editing.cursor.shown = true;
                let (grid, small) = cursor_steps(&self.shown.view);
                let step = if fine { small } else { grid };
                let (dx, dy) = (dx.clamp(-1000, 1000), dy.clamp(-1000, 1000));
                let (to, held) =
                    self.on_lattice(at[0] + f64::from(dx) * step, at[1] + f64::from(dy) * step);
                self.editing.cursor.edge = match held {
                    [Some(true), _] if dx > 0 => Some("right"),
                    [Some(false), _] if dx < 0 => Some("left"),
                    [_, Some(true)] if dy > 0 => Some("top"),
                    [_, Some(false)] if dy < 0 => Some("bottom"),
                    _ => None,
                };
                self.editing.cursor.at = Some(to);
                if let Some((index, _)) = self.editing.cursor.carry {
                    let (x, y) = self.rounded(to[0], to[1], small);
                    self.data.set_x(index, &[x, y])?;
                    self.data_version += 1;
                    self.editing.cursor.at = Some([x, y]);
                }
                Ok(Changed::Redraw)
            }
            CursorAction::Add { alternate } => {
                self.editing.cursor.shown = true;
                if self.drop_carried()? {
                    return Ok(Changed::Redraw);
                }
                let (_, fine) = cursor_steps(&self.shown.view);
                self.add_point(at[0], at[1], alternate, fine)
            }
            CursorAction::Delete => {
                self.editing.cursor.shown = true;
                if let Some((index, from)) = self.editing.cursor.carry.take() {
                    self.data.set_x(index, &from)?;
                    self.data_version += 1;
                    return self.remove_point(index);
                }
                match self.under_cursor() {
                    Some(index) => self.remove_point(index),
                    None => {
                        self.notice = self.nothing_under("remove");
                        Ok(Changed::Redraw)
                    }
                }
            }
            CursorAction::PickOrDrop => {
                self.editing.cursor.shown = true;
                if self.drop_carried()? {
                    return Ok(Changed::Redraw);
                }
                let Some(index) = self.under_cursor() else {
                    self.notice = self.nothing_under("pick up");
                    return Ok(Changed::Redraw);
                };
                // Steps taken while a point is half moved would train on a move not yet made.
                self.play.playing = false;
                let from = [self.data.x(index)[0], self.data.x(index)[1]];
                self.editing.cursor.at = Some(from);
                self.editing.cursor.carry = Some((index, from));
                self.editing.selected_point = Some(index);
                self.notice = format!(
                    "Picked up point #{} at {}, class {}: the arrow keys move it, Space drops it, \
                     Escape puts it back.",
                    index + 1,
                    point(&from),
                    self.class_name(self.data.class(index))
                );
                Ok(Changed::Redraw)
            }
            CursorAction::Cancel => {
                self.editing.cursor.shown = true;
                let Some((index, from)) = self.editing.cursor.carry.take() else {
                    return Ok(Changed::Nothing);
                };
                self.data.set_x(index, &from)?;
                self.data_version += 1;
                self.editing.cursor.at = Some(from);
                self.notice = format!("Put point #{} back at {}.", index + 1, point(&from));
                Ok(Changed::Redraw)
            }
        }
    }

    /// Drops the carried point where it is, recording the move as one edit (as a pointer drag
    /// does on release). Returns whether a point was carried.
    pub(super) fn drop_carried(&mut self) -> Result<bool, Error> {
        let Some((index, from)) = self.editing.cursor.carry.take() else {
            return Ok(false);
        };
        if index >= self.data.len() {
            return Ok(false);
        }
        let to = [self.data.x(index)[0], self.data.x(index)[1]];
        self.editing.selected_point = Some(index);
        if to == from {
            self.notice = format!(
                "Dropped point #{} where it was, at {}.",
                index + 1,
                point(&to)
            );
            return Ok(true);
        }
        self.record_move(index, from)?;
        Ok(true)
    }

    /// Keeps the cursor when the session is brought back from the undo stacks (it is how the
    /// plot is looked at, not part of what was undone), carrying nothing.
    pub(super) fn keep_cursor(&mut self, cursor: Cursor) {
        self.editing.cursor = Cursor {
            carry: None,
            ..cursor
        };
    }

    /// The cursor state, to keep across an undo (see [`Session::keep_cursor`]).
    pub(super) fn take_cursor(&self) -> Cursor {
        self.editing.cursor.clone()
    }
}
