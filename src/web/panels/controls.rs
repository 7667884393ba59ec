//! The training controls: Step, Play, Next mistake, Finish epoch, Run to convergence, Reset and
//! Clear; the progress bar of long work with its Cancel; the Play speed. Every home has them
//! (a compact lab shows Step, Play and Reset unless its `hide` says otherwise). Each button's
//! `data-act` names its command for course pages' scripts; the keyboard's shortcuts call the
//! same handle methods. Written in every frame that writes text (the Play label, the progress,
//! the speed), unthrottled.

use super::{el, text, Cx, Markup, Panel, PanelEvent};
use crate::core::i18n::t;
use crate::core::{Action, Error, Progress, Session};
use crate::web::dom::{active_element, find, set_attribute, set_text};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement};

#[derive(Default)]
pub(super) struct ControlsPanel {
    play_label: Option<Element>,
    /// Play's label while stopped and while playing, in the page's language.
    play_words: (String, String),
    speed: Option<HtmlInputElement>,
    speed_value: Option<Element>,
    work: Work,
}

/// One of the training buttons: `<button type="button" id=… data-control=… data-act=…
/// data-panel-act=… title=…>` with its words, and any further attributes (`"class" =
/// "primary"`).
macro_rules! button {
    ($act:literal, $title:literal, $children:expr $(, $name:literal = $value:literal)*) => {
        el(
            "button",
            &[
                ("type", "button"),
                ("id", $act),
                ("data-control", $act),
                ("data-act", $act),
                ("data-panel-act", $act),
                ("title", $title),
                $(($name, $value),)*
            ],
            $children,
        )
    };
}

impl Panel for ControlsPanel {
    fn name(&self) -> &'static str {
        "controls"
    }

    fn markup(&self) -> Markup {
        let buttons = vec![
            button!(
                "step",
                "Visit exactly one sample (→, Space)",
                vec![text(t!("button-step"))],
                "class" = "primary"
            ),
            button!(
                "play",
                "Step continuously (P)",
                vec![el(
                    "span",
                    &[("data-field", "play-label")],
                    vec![text(t!("button-play"))]
                )]
            ),
            button!(
                "next-mistake",
                "Step until the next update (N)",
                vec![text(t!("button-next-mistake"))]
            ),
            button!(
                "finish-epoch",
                "Complete the current pass (E)",
                vec![text(t!("button-finish-epoch"))]
            ),
            button!(
                "run",
                "Run until convergence or a cap",
                vec![text(t!("button-run"))]
            ),
            button!(
                "reset",
                "Back to the initial weights, step 0, epoch 1; points stay (R)",
                vec![text(t!("button-reset"))]
            ),
            button!("clear", "Remove all points", vec![text(t!("button-clear"))]),
        ];
        el(
            "div",
            &[
                ("class", "training"),
                ("data-panel", "controls"),
                ("role", "group"),
                ("aria-label", "Training"),
            ],
            vec![
                el(
                    "div",
                    &[("class", "controls lab-only"), ("data-control", "controls")],
                    buttons,
                ),
                work_bar(),
                speed(),
            ],
        )
    }

    fn bind(&mut self, root: &Element) {
        self.play_label = find(root, "[data-field=\"play-label\"]");
        self.play_words = (t!("button-play"), t!("button-pause"));
        self.speed = find(root, "input[data-panel-act=\"speed\"]").and_then(|e| e.dyn_into().ok());
        self.speed_value = find(root, "output");
        self.work = Work {
            panel: find(root, "[data-role=\"work\"]"),
            bar: find(root, "[data-role=\"work-progress\"]"),
            text: find(root, "[data-role=\"work-text\"]"),
            cancel: find(root, "[data-role=\"work-cancel\"]"),
            shown: false,
        };
    }

    fn throttle_ms(&self) -> f64 {
        0.0
    }

    fn write(&mut self, cx: &Cx<'_>) {
        let session = cx.session;
        if let Some(label) = &self.play_label {
            let (play, pause) = &self.play_words;
            set_text(label, if session.is_playing() { pause } else { play });
        }
        if let Some(value) = &self.speed_value {
            set_text(value, &crate::core::words::speed_label(session.speed()));
        }
        if let Some(speed) = &self.speed {
            // The slider moves only when the speed is not the one it shows (a link's, say):
            // never under a finger that drags it.
            let shown = 10f64.powf(speed.value_as_number());
            if (shown.log10() - session.speed().log10()).abs() > 0.006 {
                speed.set_value(&format!("{:.2}", session.speed().log10()));
            }
        }
        if let Some(lab) = cx.lab.dyn_ref::<HtmlElement>() {
            self.work.show(session.progress().as_ref(), lab);
        }
    }

    fn event(&mut self, event: &PanelEvent, session: &Session) -> Result<Option<Action>, Error> {
        Ok(Some(match event.act.as_str() {
            "step" => return Ok(crate::web::runner::step_action(session)),
            "play" => Action::TogglePlay,
            "next-mistake" => Action::NextMistake,
            "finish-epoch" => Action::FinishEpoch,
            "run" => Action::RunToConvergence,
            "reset" => Action::Reset,
            "clear" => Action::Clear,
            "cancel" => Action::Cancel,
            "speed" if event.value.is_finite() => Action::SetSpeed(10f64.powf(event.value)),
            _ => return Ok(None),
        }))
    }
}

/// The progress bar of long work: a `<progress>`, its text and Cancel.
fn work_bar() -> Markup {
    // Long work (a run, a replayed link or file) goes on across frames: its
    // progress, and a Cancel that goes back to where it began.
    el(
        "div",
        &[("class", "work"), ("data-role", "work"), ("hidden", "")],
        vec![
            el(
                "progress",
                &[
                    ("data-role", "work-progress"),
                    ("max", "1000"),
                    ("value", "0"),
                    ("aria-label", "Progress of the work under way"),
                    ("aria-describedby", "work-text"),
                ],
                vec![],
            ),
            el(
                "span",
                &[
                    ("id", "work-text"),
                    ("data-role", "work-text"),
                    ("class", "work-text"),
                ],
                vec![],
            ),
            el(
                "button",
                &[
                    ("type", "button"),
                    ("id", "work-cancel"),
                    ("data-role", "work-cancel"),
                    ("data-act", "cancel"),
                    ("data-panel-act", "cancel"),
                    ("title", "Stop and go back to where it began (Esc)"),
                ],
                vec![text("Cancel")],
            ),
        ],
    )
}

/// The Play speed: a slider (10 to the power of its value, in steps a second) and its label.
fn speed() -> Markup {
    el(
        "label",
        &[("class", "speed"), ("data-control", "speed play")],
        vec![
            text("Speed "),
            el(
                "input",
                &[
                    ("id", "speed"),
                    ("type", "range"),
                    ("min", "-0.3"),
                    ("max", "3"),
                    ("step", "0.01"),
                    ("value", "0.7"),
                    ("data-panel-act", "speed"),
                    ("aria-describedby", "speed-value"),
                ],
                vec![],
            ),
            el(
                "output",
                &[("id", "speed-value"), ("for", "speed")],
                vec![text("5 steps/s")],
            ),
        ],
    )
}

/// The progress bar of long work (`[data-role="work"]`: a `<progress>`, its text and a Cancel
/// button), shown while the session is busy and hidden after.
#[derive(Default)]
struct Work {
    panel: Option<Element>,
    bar: Option<Element>,
    text: Option<Element>,
    cancel: Option<Element>,
    shown: bool,
}

impl Work {
    /// Shows `progress`, or hides the bar when there is none. When it hides with focus on its
    /// Cancel button, focus goes to the lab's Run button (or the lab), not to the page.
    fn show(&mut self, progress: Option<&Progress>, root: &HtmlElement) {
        let Some(panel) = &self.panel else {
            return;
        };
        match progress {
            Some(p) => {
                if let Some(bar) = &self.bar {
                    set_attribute(bar, "value", &format!("{:.0}", p.fraction() * 1000.0));
                    set_attribute(
                        bar,
                        "aria-valuetext",
                        &format!("{:.0}%", (p.fraction() * 100.0).floor()),
                    );
                }
                if let Some(text) = &self.text {
                    set_text(text, &p.text());
                }
                if !self.shown {
                    let _ = panel.remove_attribute("hidden");
                    self.shown = true;
                }
            }
            None if self.shown => {
                let focused = active_element(root)
                    .zip(self.cancel.as_ref())
                    .is_some_and(|(active, cancel)| &active == cancel);
                let _ = panel.set_attribute("hidden", "");
                self.shown = false;
                if focused {
                    let next = find(root, "[data-control=\"run\"]")
                        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
                        .unwrap_or_else(|| root.clone());
                    let _ = next.focus();
                }
            }
            None => {}
        }
    }
}
