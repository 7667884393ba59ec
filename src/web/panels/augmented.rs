//! The augmented (3-D) view's panel: each point lifted to z = (1, x1, x2) and the plane
//! w·z = 0, drawn by `render::draw_augmented` from the core's `AugmentedScene`; it turns and
//! tilts by the arrow keys on the focused view (Home resets it), by its buttons and by
//! dragging; the sign flip and the activation picture are two boxes; it saves as SVG and PNG.
//! Its description and announcements are the core's words.

use super::{el, text, Cx, Markup, Panel, PanelEvent};
use crate::core::augmented::{AugmentedOptions, AugmentedScene};
use crate::core::{Action, Error, Session};
use crate::render::{draw_augmented, Theme};
use crate::web::backend::PageBackend;
use crate::web::dom::{download, find, fit_backing, save_href, set_attribute, set_text};
use plotters::prelude::IntoDrawingArea;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement};

/// One arrow key or button turns or tilts the view by this much, radians (15°).
const TURN: f64 = std::f64::consts::PI / 12.0;

/// Dragging turns the view by this much per CSS pixel, radians.
const DRAG: f64 = 0.01;

/// What the view was drawn from: the scene, the theme and the canvas's backing size.
type Shown = (AugmentedScene, Theme, (u32, u32));

#[derive(Default)]
pub(super) struct AugmentedPanel {
    canvas: Option<HtmlCanvasElement>,
    description: Option<Element>,
    status: Option<Element>,
    note: Option<Element>,
    /// The sign flip's box: disabled while the activation picture is shown.
    flip: Option<Element>,
    /// The options last announced, so that only a change is spoken.
    announced: Option<AugmentedOptions>,
    drawn: Option<Shown>,
}

/// A button of the panel's tools.
macro_rules! tool {
    ($act:literal, $title:literal, $words:literal) => {
        el(
            "button",
            &[
                ("type", "button"),
                ("data-panel-act", $act),
                ("title", $title),
            ],
            vec![text($words)],
        )
    };
}

impl Panel for AugmentedPanel {
    fn name(&self) -> &'static str {
        "augmented"
    }

    fn markup(&self) -> Markup {
        details_panel!(
            "augmented",
            "augmented-panel",
            "Augmented space (3-D): the bias as one dimension more",
            vec![
                el(
                    "p",
                    &[("class", "caption")],
                    vec![text("Each point x is lifted to z = (1, x1, x2) (with the bias off, (0, x1, x2)). The plane w·z = 0 always passes through the origin; where it cuts the data plane is the boundary of the 2-D plot.")],
                ),
                el(
                    "canvas",
                    &[
                        ("class", "augmented-plot"),
                        ("data-part", "plot"),
                        ("tabindex", "0"),
                        ("role", "img"),
                        ("aria-label", "Augmented space in 3-D. Focus it and use the arrow keys to turn and tilt it, Home to reset the view."),
                        ("aria-describedby", "augmented-description"),
                        ("data-panel-act", "view"),
                        ("data-panel-keys", "ArrowLeft ArrowRight ArrowUp ArrowDown Home"),
                        ("data-panel-drag", ""),
                    ],
                    vec![],
                ),
                el("p", &[("class", "note"), ("data-part", "note"), ("hidden", "")], vec![]),
                el(
                    "div",
                    &[("class", "augmented-tools"), ("role", "group"), ("aria-label", "Augmented view")],
                    vec![
                        tool!("turn-left", "Turn left (← on the 3-D view)", "⟲ Turn"),
                        tool!("turn-right", "Turn right (→ on the 3-D view)", "Turn ⟳"),
                        tool!("turn-up", "Tilt up (↑ on the 3-D view)", "Tilt ↑"),
                        tool!("turn-down", "Tilt down (↓ on the 3-D view)", "Tilt ↓"),
                        tool!("reset-view", "Back to the first view (Home on the 3-D view)", "Reset view"),
                        check_box!("flip", " Sign flip: class −1 as −z"),
                        check_box!("activation", " Activation h(x) over the data plane"),
                        el("span", &[("class", "label")], vec![text("Save")]),
                        tool!("svg", "Save the 3-D view as SVG", "SVG"),
                        tool!("png", "Save the 3-D view as PNG", "PNG"),
                    ],
                ),
                el(
                    "p",
                    &[
                        ("id", "augmented-description"),
                        ("class", "caption"),
                        ("data-part", "description"),
                    ],
                    vec![],
                ),
                el(
                    "p",
                    &[
                        ("class", "visually-hidden"),
                        ("data-part", "status"),
                        ("role", "status"),
                        ("aria-live", "polite"),
                    ],
                    vec![],
                ),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        let part = |name: &str| find(root, &format!("[data-part=\"{name}\"]"));
        self.canvas = part("plot").and_then(|e| e.dyn_into().ok());
        self.description = part("description");
        self.status = part("status");
        self.note = part("note");
        self.flip = find(root, "[data-panel-act=\"flip\"]");
    }

    fn draw(&mut self, cx: &Cx<'_>) {
        let Some(canvas) = &self.canvas else {
            return;
        };
        let Some(scene) = cx.session.augmented_scene() else {
            self.drawn = None;
            return;
        };
        fit_backing(canvas, cx.pixel_ratio);
        let shown = (scene, cx.theme, (canvas.width(), canvas.height()));
        if self.drawn.as_ref() == Some(&shown) {
            return;
        }
        if let Some(backend) = PageBackend::canvas(canvas) {
            let area = backend.into_drawing_area();
            if let Err(e) = draw_augmented(&area, &shown.0, &cx.theme) {
                web_sys::console::error_1(&e.to_string().into());
            }
            let _ = area.present();
        }
        self.drawn = Some(shown);
    }

    fn write(&mut self, cx: &Cx<'_>) {
        let options = cx.session.augmented_options();
        let scene = self.drawn.as_ref().map(|(scene, _, _)| scene);
        if let Some(note) = &self.note {
            match cx.session.augmented_note() {
                None => set_attribute(note, "hidden", ""),
                Some(words) => {
                    set_text(note, words);
                    let _ = note.remove_attribute("hidden");
                }
            }
        }
        if let Some(canvas) = &self.canvas {
            if scene.is_some() {
                let _ = canvas.remove_attribute("hidden");
            } else {
                set_attribute(canvas, "hidden", "");
            }
        }
        if let Some(description) = &self.description {
            set_text(
                description,
                &scene.map(AugmentedScene::describe).unwrap_or_default(),
            );
        }
        if let Some(flip) = &self.flip {
            if options.activation {
                set_attribute(flip, "disabled", "");
            } else {
                let _ = flip.remove_attribute("disabled");
            }
        }
        if let (Some(status), Some(_)) = (&self.status, scene) {
            let said = self.announced.replace(options);
            if let Some(words) = said.and_then(|said| cx.session.augmented_announcement(&said)) {
                set_text(status, &words);
            }
        }
    }

    fn event(&mut self, event: &PanelEvent, session: &Session) -> Result<Option<Action>, Error> {
        let turn = |yaw: f64, pitch: f64| Some(Action::TurnAugmented { yaw, pitch });
        Ok(match (event.act.as_str(), event.key.as_str()) {
            ("turn-left", _) | ("view", "ArrowLeft") => turn(-TURN, 0.0),
            ("turn-right", _) | ("view", "ArrowRight") => turn(TURN, 0.0),
            ("turn-up", _) | ("view", "ArrowUp") => turn(0.0, TURN),
            ("turn-down", _) | ("view", "ArrowDown") => turn(0.0, -TURN),
            ("reset-view", _) | ("view", "Home") => Some(Action::ResetAugmentedView),
            ("drag", _) => turn(event.at.0 * DRAG, event.at.1 * DRAG),
            ("flip", _) => Some(Action::SetSignFlip(event.value > 0.0)),
            ("activation", _) => Some(Action::SetActivationView(event.value > 0.0)),
            ("svg", _) => {
                // In the palette on show, at 1 CSS pixel a unit.
                let theme = self
                    .drawn
                    .as_ref()
                    .map_or(Theme::new(1.0), |(_, theme, _)| Theme {
                        scale: 1.0,
                        ..*theme
                    });
                let size = css_size(self.canvas.as_ref().map(|c| c.as_ref()));
                let svg = svg(session, size, &theme)?;
                if let Some(document) = web_sys::window().and_then(|w| w.document()) {
                    download(&document, "perceptron-augmented.svg", "image/svg+xml", &svg);
                }
                None
            }
            ("png", _) => {
                let url = self.canvas.as_ref().and_then(|c| c.to_data_url().ok());
                if let (Some(url), Some(document)) =
                    (url, web_sys::window().and_then(|w| w.document()))
                {
                    save_href(&document, "perceptron-augmented.png", &url);
                }
                None
            }
            _ => None,
        })
    }
}

/// A view's CSS size (at least 320 × 240; 640 × 480 without one): an SVG is drawn at it.
pub(crate) fn css_size(canvas: Option<&Element>) -> (u32, u32) {
    canvas.map_or((640, 480), |canvas| {
        (
            u32::try_from(canvas.client_width()).unwrap_or(0).max(320),
            u32::try_from(canvas.client_height()).unwrap_or(0).max(240),
        )
    })
}

/// The augmented view of `session` as SVG, `size` CSS pixels, by the same
/// `render::draw_augmented`; an error for an algorithm without one linear boundary.
pub(crate) fn svg(session: &Session, size: (u32, u32), theme: &Theme) -> Result<String, Error> {
    let Some(scene) = session.augmented_scene() else {
        return Err(Error::Field {
            field: crate::core::words::AUGMENTED_VIEW,
            reason: crate::core::words::NO_AUGMENTED_VIEW.to_string(),
        });
    };
    let failed = |e: String| Error::Field {
        field: "SVG",
        reason: e,
    };
    let mut svg = String::new();
    {
        let area = PageBackend::svg(&mut svg, size).into_drawing_area();
        draw_augmented(&area, &scene, theme).map_err(|e| failed(e.to_string()))?;
        area.present().map_err(|e| failed(e.to_string()))?;
    }
    Ok(svg)
}
