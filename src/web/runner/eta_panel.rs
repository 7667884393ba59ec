//! The η-invariance panel (classic perceptron only): the verdict, the two runs' plots and the
//! table of their steps, all from [`Session::eta_view`](crate::core::Session::eta_view) and
//! [`Session::eta_scenes`](crate::core::Session::eta_scenes), written by the frame.

use super::paint::paint_scene;
use super::{Runner, COMPARE_SCALE};
use crate::core::algo::perceptron::eta::{weights_text, EtaRow};
use crate::core::numfmt::{exact, num};
use crate::core::EtaKey;
use crate::render::Theme;
use crate::web::dom::{find, fit_backing, set_attribute, set_text};
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlCanvasElement, HtmlInputElement};

/// The table shows this many of the latest steps (and the first difference when it is older).
const ETA_TABLE_ROWS: usize = 12;

/// While playing, the panel follows at most every this many milliseconds.
const ETA_PLAYING_MS: f64 = 250.0;

/// The panel's elements and what was last written into them.
pub(super) struct EtaPanel {
    panel: Element,
    input: Option<HtmlInputElement>,
    verdict: Option<Element>,
    plots: Vec<(HtmlCanvasElement, Option<Element>)>,
    heads: [Option<Element>; 4],
    body: Option<Element>,
    /// The η₂ last written into the field: it is written again only when the session's
    /// changes, so what the user is typing is never overwritten.
    written_eta: Option<f64>,
    last_ms: f64,
    /// What the panel shows was drawn from: the session's key, the plots' theme and backing
    /// sizes, and whether it was playing. A frame with the same draws nothing (the panel's
    /// table, text and plots hold it).
    shown: Option<Shown>,
}

/// The session's key, the plots' theme and backing sizes, and whether it was playing.
type Shown = (EtaKey, Theme, Vec<(u32, u32)>, bool);

/// The η panel under `root`, when the page has one (`[data-role="eta-panel"]`).
pub(super) fn eta_panel(root: &Element) -> Option<EtaPanel> {
    let panel = find(root, "[data-role=\"eta-panel\"]")?;
    let plots = ["1", "2"]
        .iter()
        .filter_map(|run| {
            let figure = find(&panel, &format!("[data-eta-run=\"{run}\"]"))?;
            let canvas = find(&figure, "canvas")?.dyn_into().ok()?;
            Some((canvas, find(&figure, "[data-role=\"eta-caption\"]")))
        })
        .collect();
    let head = |key: &str| find(&panel, &format!("[data-role=\"eta-head-{key}\"]"));
    Some(EtaPanel {
        input: find(&panel, "[data-role=\"eta-2\"]").and_then(|e| e.dyn_into().ok()),
        verdict: find(&panel, "[data-role=\"eta-verdict\"]"),
        heads: [head("1"), head("2"), head("w1"), head("w2")],
        body: find(&panel, "[data-role=\"eta-body\"]"),
        plots,
        panel,
        written_eta: None,
        last_ms: f64::NEG_INFINITY,
        shown: None,
    })
}

impl EtaPanel {
    /// The next frame writes η₂ into the field again (a change of it was refused).
    pub(super) fn forget_written(&mut self) {
        self.written_eta = None;
    }
}

/// A decision as the table writes it.
fn decision(mistake: Option<bool>) -> &'static str {
    match mistake {
        Some(true) => "mistake",
        Some(false) => "correct",
        None => "stopped",
    }
}

impl Runner {
    /// Writes the η panel (in a dirty frame): hidden for the other algorithms; while playing,
    /// at most every [`ETA_PLAYING_MS`].
    pub(super) fn show_eta(&mut self, theme: &Theme, now_ms: f64) {
        let scale = self.backing_scale();
        let playing = self.session.is_playing();
        let Some(panel) = &mut self.eta_panel else {
            return;
        };
        let second = self.session.second_eta();
        if panel.written_eta != Some(second) {
            if let Some(input) = &panel.input {
                input.set_value(&exact(second));
            }
            panel.written_eta = Some(second);
        }
        // The key first: the view and the plots' scenes are only made for a frame that draws.
        let Some(key) = self.session.eta_key() else {
            set_attribute(&panel.panel, "hidden", "");
            panel.shown = None;
            return;
        };
        let first_show = panel.panel.has_attribute("hidden");
        let _ = panel.panel.remove_attribute("hidden");
        if playing
            && !first_show
            && now_ms - panel.last_ms < ETA_PLAYING_MS
            && now_ms >= panel.last_ms
        {
            // Asked again soon: the frames keep coming while playing.
            return;
        }
        panel.last_ms = now_ms;
        // The plots are measured before anything is written, so the layout read is the one
        // the browser already has (a read after writing would lay the page out again).
        for (canvas, _) in &panel.plots {
            fit_backing(canvas, scale);
        }
        let small = Theme {
            scale: theme.scale * COMPARE_SCALE,
            legend: false,
            ..*theme
        };
        let sizes = panel.plots.iter().map(|(c, _)| (c.width(), c.height()));
        let shown = Some((key, small, sizes.collect(), playing));
        if panel.shown == shown {
            return;
        }
        panel.shown = shown;
        // Both are there whenever the key is (all three need the panel's runs, fresh).
        let (Some(view), Some(scenes)) = (self.session.eta_view(), self.session.eta_scenes())
        else {
            return;
        };
        if let Some(verdict) = &panel.verdict {
            // While playing the verdict changes with every step: it is shown but not spoken
            // (aria-live off); the verdict after Pause is spoken again.
            set_attribute(verdict, "aria-live", if playing { "off" } else { "polite" });
            set_text(verdict, &view.verdict());
        }
        let [e1, e2] = view.eta.map(num);
        for (head, text) in panel.heads.iter().zip([
            format!("η₁ = {e1}"),
            format!("η₂ = {e2}"),
            "w(η₁)".to_string(),
            "w(η₂)".to_string(),
        ]) {
            if let Some(head) = head {
                set_text(head, &text);
            }
        }
        for (run, ((canvas, caption), scene)) in panel.plots.iter().zip(&scenes).enumerate() {
            if let Some(caption) = caption {
                set_text(caption, &view.caption(run));
            }
            if let Err(e) = paint_scene(canvas, &small, scene) {
                web_sys::console::error_1(&e.into());
            }
        }
        if let (Some(body), Some(document)) = (&panel.body, &self.document) {
            let first = view.first_difference().map(|r| r.step);
            body.set_text_content(None);
            for row in view.shown_rows(ETA_TABLE_ROWS) {
                if let Some(tr) = table_row(document, row, first == Some(row.step)) {
                    let _ = body.append_child(&tr);
                }
            }
        }
    }
}

/// One row of the table: step (marked in words when it is the first difference), sample, both
/// decisions, both weight vectors.
fn table_row(document: &Document, row: &EtaRow, first: bool) -> Option<Element> {
    let tr = document.create_element("tr").ok()?;
    if first {
        let _ = tr.set_attribute("class", "differs first-difference");
    } else if row.differs() {
        let _ = tr.set_attribute("class", "differs");
    }
    let step = if first {
        format!("{} ← first difference", row.step)
    } else if row.differs() {
        format!("{} ≠", row.step)
    } else {
        row.step.to_string()
    };
    for text in [
        step,
        format!("#{}", row.index),
        decision(Some(row.mistake_1)).to_string(),
        decision(row.mistake_2).to_string(),
        weights_text(&row.weights_1),
        weights_text(&row.weights_2),
    ] {
        let td = document.create_element("td").ok()?;
        td.set_text_content(Some(&text));
        let _ = tr.append_child(&td);
    }
    Some(tr)
}
