//! The plot: its canvas (the points, the weight vector and the boundary) and the live region
//! of its keyboard cursor. Its markup is also the first-frame module's (`web/first_frame.rs`,
//! built without the `lab` feature, which compiles this file for [`markup`] alone): on the full
//! page that module places the plot and draws its first frame before the lab has loaded, and
//! the lab adopts the plot it finds in its slot. The plot's drawing is the runner's own
//! (`runner/paint.rs`): its mapping serves every pointer call and its layers are kept between
//! frames. A lab places the plot only in a slot that names it (`data-panels="plot"`); a root
//! without one brings its own `<canvas>` (see `Lab::new`).

use crate::web::markup::{el, text, Markup};

/// One of the zoom control's buttons: its command, its name and its face.
macro_rules! zoom_button {
    ($act:literal, $name:literal, $face:literal) => {
        el(
            "button",
            &[
                ("type", "button"),
                ("data-panel-act", $act),
                ("aria-label", $name),
                ("title", $name),
            ],
            vec![text($face)],
        )
    };
}

/// The plot's markup: `<div class="plot-frame" data-panel="plot" role="group">` holding the canvas (`#plot`
/// in a page's first lab) and the cursor's live region.
pub(crate) fn markup() -> Markup {
    el(
        "div",
        &[
            ("class", "plot-frame plab-plot-frame"),
            ("data-panel", "plot"),
            ("role", "group"),
            ("aria-label", "The plot"),
        ],
        vec![
            el(
                "canvas",
                &[
                    ("id", "plot"),
                    ("class", "plab-plot"),
                    ("tabindex", "0"),
                    ("role", "application"),
                    (
                        "aria-label",
                        "Plot: data points, the weight vector w and the decision boundary \
                         w·x + b = 0. Arrow keys move a cursor; Enter adds a point, Space picks \
                         one up, Delete removes one.",
                    ),
                ],
                vec![],
            ),
            // The zoom control: the view closer, farther, or fitted to the points again (a
            // two-finger pinch on the plot zooms too: www/compact.js, `wirePlot`).
            el(
                "div",
                &[
                    ("class", "plot-zoom"),
                    ("role", "group"),
                    ("aria-label", "Zoom the plot"),
                ],
                vec![
                    zoom_button!("zoom-in", "Zoom in", "+"),
                    zoom_button!("zoom-out", "Zoom out", "−"),
                    zoom_button!("zoom-fit", "Fit the view to the points", "Fit"),
                ],
            ),
            // What the keyboard cursor is on, said as it moves (the lab writes it).
            el(
                "p",
                &[
                    ("class", "visually-hidden plab-hidden"),
                    ("data-role", "cursor-status"),
                    ("role", "status"),
                    ("aria-live", "polite"),
                ],
                vec![],
            ),
        ],
    )
}

#[cfg(feature = "lab")]
pub(super) use panel::PlotPanel;

#[cfg(feature = "lab")]
mod panel {
    use super::super::{Cx, Markup, Panel, PanelEvent};
    use crate::core::{Action, Error, Session};
    use crate::web::dom::{find, set_text};
    use web_sys::Element;

    /// The plot as a panel of the registry: its markup, and the cursor's live region it writes.
    #[derive(Default)]
    pub(in crate::web::panels) struct PlotPanel {
        cursor_status: Option<Element>,
    }

    impl Panel for PlotPanel {
        fn name(&self) -> &'static str {
            "plot"
        }

        fn markup(&self) -> Markup {
            super::markup()
        }

        fn only_where_named(&self) -> bool {
            true
        }

        fn bind(&mut self, root: &Element) {
            self.cursor_status = find(root, "[data-role=\"cursor-status\"]");
        }

        fn throttle_ms(&self) -> f64 {
            // The cursor is said as it moves, never late.
            0.0
        }

        fn write(&mut self, cx: &Cx<'_>) {
            if let Some(region) = &self.cursor_status {
                set_text(region, &cx.session.cursor_text());
            }
        }

        fn event(
            &mut self,
            event: &PanelEvent,
            _session: &Session,
        ) -> Result<Option<Action>, Error> {
            // The buttons zoom about the view's centre, and the view is said.
            Ok(match event.act.as_str() {
                "zoom-in" => Some(Action::ZoomStep { zoom_in: true }),
                "zoom-out" => Some(Action::ZoomStep { zoom_in: false }),
                "zoom-fit" => Some(Action::FitView),
                _ => None,
            })
        }
    }
}
