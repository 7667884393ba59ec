//! The lab's panels as modules: each one implements [`Panel`] and is listed once in
//! [`registry`]. A panel owns its markup (the only copy: the runner places it in the lab's
//! `[data-panels]` slot, in the full page and in compact embeds alike), what it shows and when
//! that changed, its drawing (through `src/render`), its DOM writes and its commands.
//!
//! What every panel needs is written here once:
//! - **placing** the markup and finding the panel's root (`[data-panel="<name>"]`); its
//!   `data-control` makes it hideable with `hide=` like every control; ids in the markup get
//!   the lab's number (but in a page's first lab), so two labs of a page never share one;
//! - **open or closed**: a panel whose root is a `<details>` is drawn and written only while it
//!   is open; opening it asks for a frame (the lab listens for `toggle`); the slot's
//!   `data-open` names the panels that start open; a form that shows what is in force (the
//!   settings) is written while closed too, so that it is right the moment it opens;
//! - **the frame's order**: a draw pass over the panels (canvases are measured and drawn) comes
//!   before the frame writes any text, and the write pass after the lab's own text;
//! - **throttling**: while the run plays, a panel is brought up to date at most every
//!   [`Panel::throttle_ms`];
//! - **commands**: a click, submit, change, key or drag on a panel's elements, as their markup
//!   asks (`events.rs`), becomes a [`PanelEvent`] for that panel, which may answer with an
//!   [`Action`] for the session (or why it cannot) and is told how it went.

/// A panel that opens and closes: `<details class="panel lab-panel {class}" data-panel="{name}"
/// data-control="{name}">`, its summary `{summary}` first, then `children`.
macro_rules! details_panel {
    ($name:literal, $class:literal, $summary:literal, $children:expr $(,)?) => {{
        let mut children = vec![super::el("summary", &[], vec![super::text($summary)])];
        children.extend($children);
        super::el(
            "details",
            &[
                ("class", concat!("panel lab-panel ", $class)),
                ("data-panel", $name),
                ("data-control", $name),
            ],
            children,
        )
    }};
}

/// A panel on show while it applies: `<section class="panel {class}" data-panel="{name}"
/// data-control="{name}" aria-label="{label}">` with `children`.
macro_rules! section_panel {
    ($name:literal, $class:literal, $label:literal, $children:expr $(,)?) => {
        super::el(
            "section",
            &[
                ("class", concat!("panel ", $class)),
                ("data-panel", $name),
                ("data-control", $name),
                ("aria-label", $label),
            ],
            $children,
        )
    };
}

/// A group of controls on show in the lab: `<div class="{class}" data-panel="{name}"
/// data-control="{control}" role="group" aria-label="{label}">` with `children` (`hide=` names
/// it by `{control}`).
macro_rules! group_panel {
    ($name:literal, $control:literal, $class:literal, $label:literal, $children:expr $(,)?) => {
        super::el(
            "div",
            &[
                ("class", $class),
                ("data-panel", $name),
                ("data-control", $control),
                ("role", "group"),
                ("aria-label", $label),
            ],
            $children,
        )
    };
}

/// A box of a panel: `<label class="check"><input type="checkbox" data-panel-act="{act}">
/// {words}</label>` (its change is the panel's act, with `value` 1 or 0).
macro_rules! check_box {
    ($act:literal, $words:literal) => {
        super::el(
            "label",
            &[("class", "check")],
            vec![
                super::el(
                    "input",
                    &[("type", "checkbox"), ("data-panel-act", $act)],
                    vec![],
                ),
                super::text($words),
            ],
        )
    };
}

mod algorithm;
mod announce;
mod augmented;
mod batch;
mod classes;
mod code;
mod compare;
mod composer;
mod controls;
mod crash;
mod curve;
mod described;
mod eta;
mod events;
mod explain;
mod gram;
mod plot;
mod practice;
mod settings;
mod share;
mod shortcuts;
mod sound;
mod status;
mod theory;
mod timeline;
mod trace;

pub(crate) use announce::HUSH;
pub(crate) use augmented::{css_size as augmented_size, svg as augmented_svg};
pub(crate) use events::{asked, LISTENED};

pub(crate) use crate::web::markup::{el, text, thead, Markup};

use crate::core::{Action, Error, Session};
use crate::render::Theme;
use crate::web::dom::{find, set_attribute};
use crate::web::markup::next_lab_number;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// The panels' small plots (side by side, η) are drawn this much smaller than the main plot's
/// text and lines.
pub(crate) const COMPARE_SCALE: f64 = 0.8;

/// Every panel of the lab, in the order they appear. Adding a panel is one line here.
fn registry() -> Vec<Box<dyn Panel>> {
    vec![
        Box::new(plot::PlotPanel::default()),
        Box::new(announce::AnnouncePanel::default()),
        Box::new(timeline::TimelinePanel::default()),
        Box::new(controls::ControlsPanel::default()),
        Box::new(classes::ClassesPanel::default()),
        Box::new(sound::SoundPanel),
        Box::new(shortcuts::ShortcutsPanel),
        Box::new(status::StatusPanel::default()),
        Box::new(composer::ComposerPanel),
        Box::new(practice::PracticePanel::default()),
        Box::new(explain::ExplainPanel::default()),
        Box::new(described::DescribedPanel::default()),
        Box::new(trace::TracePanel::default()),
        Box::new(theory::TheoryPanel::default()),
        Box::new(compare::ComparePanel::default()),
        Box::new(augmented::AugmentedPanel::default()),
        Box::new(eta::EtaPanel::default()),
        Box::new(batch::BatchPanel::default()),
        Box::new(gram::GramPanel::default()),
        Box::new(curve::LearningCurve::default()),
        Box::new(code::CodePanel::default()),
        Box::new(share::SharePanel),
        Box::new(algorithm::AlgorithmPanel::default()),
        Box::new(settings::SettingsPanel::default()),
        Box::new(crash::CrashPanel),
    ]
}

/// Says in a panel's alert (`error`) why its command was refused, or clears it when it was
/// done: what was typed stays in the field, to be mended.
pub(crate) fn say_result(error: Option<&Element>, result: &Result<(), Error>) {
    if let Some(error) = error {
        match result {
            Ok(()) => crate::web::dom::set_text(error, ""),
            Err(e) => crate::web::dom::set_text(error, &e.to_string()),
        }
    }
}

/// The status fields of a panel's markup (`[data-field]`), written from the session's
/// [`Status`](crate::core::Status): for a panel that shows some of the status's fields.
#[derive(Default)]
pub(crate) struct Fields(Vec<(String, Element)>);

impl Fields {
    /// The `[data-field]` elements under `root`.
    pub(crate) fn find(root: &Element) -> Fields {
        let Ok(list) = root.query_selector_all("[data-field]") else {
            return Fields::default();
        };
        Fields(
            (0..list.length())
                .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
                .filter_map(|e| Some((e.get_attribute("data-field")?, e)))
                .collect(),
        )
    }

    /// Writes the fields of `status` that are here.
    pub(crate) fn show(&self, status: &crate::core::Status) {
        for (name, text) in status.fields() {
            for (_, element) in self.0.iter().filter(|(n, _)| n == name) {
                crate::web::dom::set_text(element, text);
            }
        }
    }
}

/// What a panel is given in a frame.
pub(crate) struct Cx<'a> {
    /// The session (read only: a panel changes it through [`Panel::event`]'s action).
    pub session: &'a Session,
    /// The session's status, found once for the frame.
    pub status: &'a crate::core::Status,
    /// The lab's theme: its scale is the device's pixel ratio times presenter mode's.
    pub theme: Theme,
    /// Backing pixels per CSS pixel of the lab's canvases (the device's pixel ratio): a
    /// panel's canvas is sized by it, and a click's CSS position turned into pixels by it.
    pub pixel_ratio: f64,
    /// The frame's time, ms.
    pub now_ms: f64,
    /// Whether the reader prefers reduced motion (scrolls jump rather than glide).
    pub reduced_motion: bool,
    /// The lab's root: for what a panel marks on the whole lab (a practice set running).
    pub lab: &'a Element,
}

/// A command to a panel: a click, a submit, a change, a key or a drag on one of its elements
/// (see `events.rs`).
#[derive(Debug, Clone, PartialEq)]
pub struct PanelEvent {
    /// The element's `data-panel-act` (`drag` for a drag, `toggle` for its `<details>`).
    pub act: String,
    /// A click's `data-value` as a number, a box's change as 1 (checked) or 0; NaN otherwise.
    pub value: f64,
    /// Where in the element it was clicked, or how far a drag moved, CSS pixels.
    pub at: (f64, f64),
    /// The key pressed (for an element's `data-panel-keys`), else empty.
    pub key: String,
}

impl PanelEvent {
    /// The command `act`, with no value, position or key.
    pub(crate) fn new(act: String) -> PanelEvent {
        PanelEvent {
            act,
            value: f64::NAN,
            at: (0.0, 0.0),
            key: String::new(),
        }
    }
}

/// One panel of the lab.
pub(crate) trait Panel {
    /// Its name: its root's `data-panel` and `data-control` (for `hide=`).
    fn name(&self) -> &'static str;
    /// Its markup: one element with `data-panel="<name>"` (built with DOM calls, never parsed
    /// from HTML).
    fn markup(&self) -> Markup;
    /// Whether it goes only in a slot that names it (the plot: a root without such a slot
    /// brings its own canvas), never in the slot for every panel.
    fn only_where_named(&self) -> bool {
        false
    }
    /// Finds its elements under its root, once its markup is in the page.
    fn bind(&mut self, root: &Element);
    /// Whether it has anything to show for this session (the Gram matrix only for a kernel
    /// run): a panel that does not apply is put away (`data-applies="false"`).
    fn applies(&self, _session: &Session) -> bool {
        true
    }
    /// The action that tells the session whether the panel is showing, for derived data the
    /// session computes only while it is (the side-by-side comparison).
    fn watch(&self, _showing: bool) -> Option<Action> {
        None
    }
    /// The session's state changed (an action that redraws was applied), whether or not the
    /// panel is showing: for a panel that cannot tell a change from a key of the session.
    fn changed(&mut self) {}
    /// Measures and draws its canvases (before the frame writes text); it compares what it
    /// shows with what it drew and returns at once when nothing changed.
    fn draw(&mut self, _cx: &Cx<'_>) {}
    /// Writes its text (after the lab's own).
    fn write(&mut self, _cx: &Cx<'_>) {}
    /// After every panel has written its text: what reads the layout (a scroll into view).
    fn settle(&mut self) {}
    /// Whether it is written while closed too: a form that shows what is in force, so that a
    /// reader who opens it and types at once is never overwritten by its first write.
    fn writes_closed(&self) -> bool {
        false
    }
    /// Whether it has work left for another frame (while open).
    fn wants_frames(&self, _session: &Session) -> bool {
        false
    }
    /// The least time between two updates while the run plays, ms.
    fn throttle_ms(&self) -> f64 {
        250.0
    }
    /// A command on one of its elements (a click, submit, change, key or drag: see
    /// `events.rs`): the action it asks for, if any, or why what was asked cannot be done.
    fn event(&mut self, _event: &PanelEvent, _session: &Session) -> Result<Option<Action>, Error> {
        Ok(None)
    }
    /// How its event went: refused by [`Panel::event`] or by the session, or done.
    fn answered(&mut self, _result: &Result<(), Error>) {}
    /// A change waited for long work to finish: the panel shows again what is in force (a
    /// field it writes from the session).
    fn echo(&mut self) {}
}

/// The lab's `[data-panels]` slots, in the order of the page (none for a lab without panels).
fn slots(root: &Element) -> Vec<Element> {
    let Ok(list) = root.query_selector_all("[data-panels]") else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
        .collect()
}

/// The slot that names `name`, else the first that names none and does not leave it out
/// (`data-without`: a compact lab leaves out the algorithm box) unless `open` names it
/// (`<perceptron-lab open-panels="algorithm">` asks for it).
fn slot_for<'s>(slots: &'s [Element], panel: &dyn Panel, open: &str) -> Option<&'s Element> {
    let name = panel.name();
    let lists = |slot: &Element, attribute: &str| {
        let names = slot.get_attribute(attribute).unwrap_or_default();
        names.split_whitespace().any(|n| n == name)
    };
    let asked = open.split_whitespace().any(|n| n == name);
    slots
        .iter()
        .find(|slot| lists(slot, "data-panels"))
        .or_else(|| {
            if panel.only_where_named() {
                return None;
            }
            slots.iter().find(|slot| {
                let unnamed = slot.get_attribute("data-panels").unwrap_or_default();
                unnamed.trim().is_empty() && (asked || !lists(slot, "data-without"))
            })
        })
}

/// One registered panel in this lab.
struct Placed {
    panel: Box<dyn Panel>,
    /// Its root in the page (none when the lab has no `[data-panels]` slot).
    root: Option<Element>,
    /// When it was last brought up to date, ms.
    last_ms: f64,
    /// Whether it was showing when the session was last told ([`Panel::watch`]).
    watched: bool,
}

impl Placed {
    /// Whether it shows anything now: placed, not hidden, applying, and open if it opens.
    fn showing(&self) -> bool {
        self.root.as_ref().is_some_and(|root| {
            !root.has_attribute("hidden")
                && root.get_attribute("data-applies").as_deref() != Some("false")
                && (root.tag_name() != "DETAILS" || root.has_attribute("open"))
        })
    }

    /// Puts the panel away when it does not apply to `session`, and back when it does.
    fn follow_applies(&self, session: &Session) {
        if let Some(root) = &self.root {
            let applies = if self.panel.applies(session) {
                "true"
            } else {
                "false"
            };
            set_attribute(root, "data-applies", applies);
        }
    }
}

/// The lab's panels.
pub(crate) struct Panels {
    placed: Vec<Placed>,
}

impl Panels {
    /// Places every registered panel's markup in a `[data-panels]` slot of `root` and binds
    /// it: in the slot that names it (`data-panels="trace"`), else in the slot that names none
    /// (`data-panels=""`). The panels a slot names in `data-open` (space-separated) start open.
    pub(crate) fn mount(root: &Element) -> Panels {
        let slots = slots(root);
        let lab = next_lab_number(root);
        let open: String = slots
            .iter()
            .filter_map(|slot| slot.get_attribute("data-open"))
            .collect::<Vec<_>>()
            .join(" ");
        let placed = registry()
            .into_iter()
            .map(|mut panel| {
                let slot = slot_for(&slots, panel.as_ref(), &open);
                let selector = format!("[data-panel=\"{}\"]", panel.name());
                let root = slot.and_then(|slot| {
                    // Already placed (the first-frame module placed the plot): adopted as it is.
                    if let Some(root) = find(slot, &selector) {
                        return Some(root);
                    }
                    let document = slot.owner_document()?;
                    // A slot marked `data-landmarks="no"` (compact labs) places groups.
                    let landmarks = slot.get_attribute("data-landmarks").as_deref() != Some("no");
                    let node = panel.markup().build(&document, lab, landmarks)?;
                    slot.append_child(&node).ok()?;
                    find(slot, &selector)
                });
                if let Some(root) = &root {
                    if open.split_whitespace().any(|name| name == panel.name()) {
                        set_attribute(root, "open", "");
                    }
                    panel.bind(root);
                }
                Placed {
                    panel,
                    root,
                    last_ms: f64::NEG_INFINITY,
                    watched: false,
                }
            })
            .collect();
        Panels { placed }
    }

    /// The panels due in this frame: showing (or written while closed), and not throttled
    /// while the run plays or long work goes on.
    fn due<'p>(
        &'p mut self,
        session: &Session,
        now_ms: f64,
    ) -> impl Iterator<Item = &'p mut Placed> + 'p {
        let playing = session.is_playing() || session.is_busy();
        self.placed.iter_mut().filter(move |p| {
            (p.showing() || (p.root.is_some() && p.panel.writes_closed()))
                && !(playing && now_ms >= p.last_ms && now_ms - p.last_ms < p.panel.throttle_ms())
        })
    }

    /// The actions that tell the session which panels now show and which no longer do
    /// ([`Panel::watch`]), after the panels that do not apply to `session` are put away: the
    /// runner applies them at the start of a frame.
    pub(crate) fn watches(&mut self, session: &Session) -> Vec<Action> {
        let mut actions = Vec::new();
        for placed in &mut self.placed {
            placed.follow_applies(session);
            let showing = placed.showing();
            if showing != placed.watched {
                placed.watched = showing;
                actions.extend(placed.panel.watch(showing));
            }
        }
        actions
    }

    /// The draw pass: every due panel measures and draws its canvases (after the panels that
    /// do not apply are put away).
    pub(crate) fn draw(&mut self, cx: &Cx<'_>) {
        for placed in &self.placed {
            placed.follow_applies(cx.session);
        }
        for placed in self.due(cx.session, cx.now_ms) {
            placed.panel.draw(cx);
        }
    }

    /// The write pass: every due panel writes its text; then they count as up to date. Then
    /// each settles (what reads the layout comes after every write of the frame).
    pub(crate) fn write(&mut self, cx: &Cx<'_>) {
        for placed in self.due(cx.session, cx.now_ms) {
            placed.panel.write(cx);
            placed.last_ms = cx.now_ms;
        }
        for placed in &mut self.placed {
            placed.panel.settle();
        }
    }

    /// Whether a showing panel has work left.
    pub(crate) fn wants_frames(&self, session: &Session) -> bool {
        self.placed
            .iter()
            .any(|p| p.showing() && p.panel.wants_frames(session))
    }

    /// Tells every panel that the session's state changed.
    pub(crate) fn changed(&mut self) {
        for placed in &mut self.placed {
            placed.panel.changed();
        }
    }

    /// Hands `event` to the panel named `name`: its place (for [`Panels::answered`]) and the
    /// action it asks for, or why it cannot be done.
    pub(crate) fn event(
        &mut self,
        name: &str,
        event: &PanelEvent,
        session: &Session,
    ) -> Option<(usize, Result<Option<Action>, Error>)> {
        let at = self.placed.iter().position(|p| p.panel.name() == name)?;
        let placed = &mut self.placed[at];
        // Whatever it was, the panel is brought up to date in the next frame.
        placed.last_ms = f64::NEG_INFINITY;
        Some((at, placed.panel.event(event, session)))
    }

    /// Tells the panel at `at` (of [`Panels::event`]) how its event went.
    pub(crate) fn answered(&mut self, at: usize, result: &Result<(), Error>) {
        if let Some(placed) = self.placed.get_mut(at) {
            placed.panel.answered(result);
        }
    }

    /// A change waited for long work: every panel shows again what is in force.
    pub(crate) fn echo(&mut self) {
        for placed in &mut self.placed {
            placed.panel.echo();
        }
    }
}
