//! The augmented (3-D) view's panel: its canvas drawn by `render::draw_augmented` in the frame,
//! its description and its announcements.

use super::Runner;
use crate::core::augmented::{AugmentedOptions, AugmentedScene};
use crate::core::Error;
use crate::render::{draw_augmented, Theme};
use crate::web::backend::PageBackend;
use crate::web::dom::{find, fit_backing, set_attribute, set_text};
use plotters::prelude::IntoDrawingArea;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, HtmlElement};

/// The panel's elements (`[data-role="augmented-panel"]`, a `<details>`): the canvas
/// (`augmented-plot`), the description the canvas's `aria-describedby` names
/// (`augmented-description`), a polite live region (`augmented-status`) and the note shown
/// when the model has no single linear boundary (`augmented-note`).
pub(super) struct AugmentedPanel {
    panel: Element,
    canvas: HtmlCanvasElement,
    description: Option<Element>,
    status: Option<Element>,
    note: Option<Element>,
    /// The sign flip's checkbox: disabled while the activation picture is shown.
    flip: Option<Element>,
    /// The options last announced, so that only a change is spoken.
    announced: Option<AugmentedOptions>,
}

/// The panel under `root`, if the page has one.
pub(super) fn augmented_panel(root: &HtmlElement) -> Option<AugmentedPanel> {
    let panel = find(root, "[data-role=\"augmented-panel\"]")?;
    let canvas = find(&panel, "[data-role=\"augmented-plot\"]")?
        .dyn_into()
        .ok()?;
    Some(AugmentedPanel {
        description: find(&panel, "[data-role=\"augmented-description\"]"),
        status: find(&panel, "[data-role=\"augmented-status\"]"),
        note: find(&panel, "[data-role=\"augmented-note\"]"),
        flip: find(&panel, "[data-role=\"sign-flip\"]"),
        panel,
        canvas,
        announced: None,
    })
}

impl Runner {
    /// While its panel is open: draws the augmented view, writes its description and announces
    /// a turn of the camera, a change of the picture or of the sign flip.
    pub(super) fn draw_augmented(&mut self, theme: &Theme) {
        // Closed, nothing in it is shown or read: no work in the frame (opening it asks for
        // a frame, which writes everything).
        if !self
            .augmented
            .as_ref()
            .is_some_and(|p| p.panel.has_attribute("open"))
        {
            return;
        }
        let scale = self.backing_scale();
        let scene = self.session.augmented_scene();
        let options = self.session.augmented_options();
        let Some(panel) = &mut self.augmented else {
            return;
        };
        let Some(scene) = scene else {
            if let Some(note) = &panel.note {
                set_text(
                    note,
                    "The augmented view shows the binary linear rules (one weight vector w): choose the classic, averaged, batch or passive-aggressive perceptron, or the linear kernel.",
                );
                let _ = note.remove_attribute("hidden");
            }
            set_attribute(&panel.canvas, "hidden", "");
            if let Some(description) = &panel.description {
                set_text(description, "");
            }
            return;
        };
        if let Some(note) = &panel.note {
            set_attribute(note, "hidden", "");
        }
        let _ = panel.canvas.remove_attribute("hidden");
        if let Some(description) = &panel.description {
            set_text(description, &scene.describe());
        }
        if let Some(flip) = &panel.flip {
            if options.activation {
                set_attribute(flip, "disabled", "");
            } else {
                let _ = flip.remove_attribute("disabled");
            }
        }
        if let Some(status) = &panel.status {
            if let Some(said) = panel.announced {
                if said.camera != options.camera {
                    set_text(status, &options.camera.describe());
                } else if said.activation != options.activation {
                    set_text(
                        status,
                        if options.activation {
                            "Showing the activation h(x) = w·(1, x) over the data plane."
                        } else {
                            "Showing the augmented vectors z = (1, x1, x2) and the plane w·z = 0."
                        },
                    );
                } else if said.flip != options.flip {
                    set_text(status, &flip_words(&scene));
                }
            }
            panel.announced = Some(options);
        }
        let canvas = &panel.canvas;
        fit_backing(canvas, scale);
        if let Some(backend) = PageBackend::canvas(canvas) {
            let area = backend.into_drawing_area();
            if let Err(e) = draw_augmented(&area, &scene, theme) {
                web_sys::console::error_1(&e.to_string().into());
            }
            let _ = area.present();
        }
    }

    /// The augmented view as SVG at the canvas's CSS size (at least 320 × 240), by the same
    /// `render::draw_augmented`.
    pub fn export_augmented_svg(&self) -> Result<String, Error> {
        let Some(scene) = self.session.augmented_scene() else {
            return Err(Error::Field {
                field: "augmented view",
                reason: "this algorithm has no single linear boundary to lift".to_string(),
            });
        };
        let (width, height) = self.augmented.as_ref().map_or((640, 480), |p| {
            (
                u32::try_from(p.canvas.client_width()).unwrap_or(0).max(320),
                u32::try_from(p.canvas.client_height())
                    .unwrap_or(0)
                    .max(240),
            )
        });
        let theme = if self.options.dark {
            Theme::dark(1.0)
        } else {
            Theme::new(1.0)
        };
        let mut svg = String::new();
        {
            let backend = PageBackend::svg(&mut svg, (width, height));
            let area = backend.into_drawing_area();
            let failed = |e: String| Error::Field {
                field: "SVG",
                reason: e,
            };
            draw_augmented(&area, &scene, &theme).map_err(|e| failed(e.to_string()))?;
            area.present().map_err(|e| failed(e.to_string()))?;
        }
        Ok(svg)
    }
}

/// What is announced when the sign flip is switched.
fn flip_words(scene: &AugmentedScene) -> String {
    let n = scene.points.len();
    if scene.options.flip {
        format!(
            "Sign flip on: class −1 drawn as −z. {} of {n} points are on the positive side of the plane.",
            scene.on_positive_side()
        )
    } else {
        "Sign flip off: every point drawn as z.".to_string()
    }
}
