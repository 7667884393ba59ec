//! The page's events inside a lab turned into the panels' commands ([`PanelEvent`]s): the lab
//! listens on its root (captured, so `toggle`, which does not bubble, arrives too) for each of
//! [`LISTENED`] and hands what [`asked`] finds to the panel. What a panel's elements take is
//! said by their markup:
//! - `data-panel-act="<act>"` on a button (a click), a form (a submit), a checkbox (a change:
//!   `value` 1 or 0), a menu (a change: the panel reads its value) — with `data-value` for a
//!   click's number; a slider (`type="range"`): its `input`, `value` its number;
//! - `data-panel-keys="<key> …"` on a focusable element: those keys (without Ctrl, Alt or Meta)
//!   are the element's act with `key` set, and go no further (the page's shortcuts do not see
//!   them);
//! - `data-panel-drag` on an element: a drag on it (mouse, touch, pen; the pointer captured) is
//!   the act `drag` with `at` the move in CSS pixels since the last one;
//! - a panel's `<details>` (or one inside it) opened or closed is its act `toggle`.

use super::PanelEvent;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event};

/// The events a lab listens for on its root for its panels.
pub(crate) const LISTENED: [&str; 10] = [
    "click",
    "submit",
    "toggle",
    "change",
    "input",
    "keydown",
    "pointerdown",
    "pointermove",
    "pointerup",
    "pointercancel",
];

/// The attribute that holds where a drag last was (`"x y"`, client CSS pixels).
const DRAG_FROM: &str = "data-drag-from";

/// The panel and command `event` asks for, if any.
pub(crate) fn asked(event: &Event) -> Option<(String, PanelEvent)> {
    let target: Element = event.target()?.dyn_into().ok()?;
    let kind = event.type_();
    let (actor, event) = match kind.as_str() {
        "click" => clicked(event, &target)?,
        "submit" => {
            let act = target.get_attribute("data-panel-act")?;
            // The page is not left: the submit is the panel's.
            event.prevent_default();
            (target, PanelEvent::new(act))
        }
        "change" => {
            let act = target.get_attribute("data-panel-act")?;
            let mut asked = PanelEvent::new(act);
            // A box's change says how it is; a menu's, only that it changed (the panel reads it).
            // A slider's is its input's, already taken.
            if let Some(input) = target.dyn_ref::<web_sys::HtmlInputElement>() {
                if input.type_() == "range" {
                    return None;
                }
                asked.value = if input.checked() { 1.0 } else { 0.0 };
            }
            (target, asked)
        }
        "input" => {
            // A slider as it moves: its value.
            let input = target.dyn_ref::<web_sys::HtmlInputElement>()?;
            if input.type_() != "range" {
                return None;
            }
            let mut asked = PanelEvent::new(target.get_attribute("data-panel-act")?);
            asked.value = input.value_as_number();
            (target, asked)
        }
        "toggle" => {
            // A panel's own <details>, or one inside it (the points table): the panel is
            // brought up to date in the next frame.
            (target, PanelEvent::new("toggle".to_string()))
        }
        "keydown" => key(event, target)?,
        _ => dragged(event, &kind, target)?,
    };
    let panel = actor.closest("[data-panel]").ok()??;
    Some((panel.get_attribute("data-panel")?, event))
}

/// A click on a panel's `[data-panel-act]` (a form field's own act is its change or submit).
fn clicked(event: &Event, target: &Element) -> Option<(Element, PanelEvent)> {
    let actor = target.closest("[data-panel-act]").ok()??;
    if actor.tag_name() == "INPUT" || actor.tag_name() == "FORM" {
        return None;
    }
    let mut asked = PanelEvent::new(actor.get_attribute("data-panel-act")?);
    asked.value = actor
        .get_attribute("data-value")
        .and_then(|v| v.parse().ok())
        .unwrap_or(f64::NAN);
    if let Some(m) = event.dyn_ref::<web_sys::MouseEvent>() {
        let rect = actor.get_bounding_client_rect();
        asked.at = (
            f64::from(m.client_x()) - rect.left(),
            f64::from(m.client_y()) - rect.top(),
        );
    }
    Some((actor, asked))
}

/// A key an element of a panel takes (`data-panel-keys`).
fn key(event: &Event, target: Element) -> Option<(Element, PanelEvent)> {
    let keyboard = event.dyn_ref::<web_sys::KeyboardEvent>()?;
    if keyboard.ctrl_key() || keyboard.alt_key() || keyboard.meta_key() {
        return None;
    }
    let key = keyboard.key();
    let keys = target.get_attribute("data-panel-keys")?;
    if !keys.split_whitespace().any(|k| k == key) {
        return None;
    }
    event.prevent_default();
    event.stop_propagation();
    let mut asked = PanelEvent::new(target.get_attribute("data-panel-act")?);
    asked.key = key;
    Some((target, asked))
}

/// A drag on an element marked `data-panel-drag`: its moves are the act `drag`.
fn dragged(event: &Event, kind: &str, target: Element) -> Option<(Element, PanelEvent)> {
    let pointer = event.dyn_ref::<web_sys::PointerEvent>()?;
    if !target.has_attribute("data-panel-drag") {
        return None;
    }
    let (x, y) = (f64::from(pointer.client_x()), f64::from(pointer.client_y()));
    let here = format!("{x} {y}");
    match kind {
        "pointerdown" => {
            let _ = target.set_attribute(DRAG_FROM, &here);
            let _ = target.set_pointer_capture(pointer.pointer_id());
            event.prevent_default();
            None
        }
        "pointermove" => {
            let from = target.get_attribute(DRAG_FROM)?;
            let mut numbers = from.split(' ').filter_map(|n| n.parse::<f64>().ok());
            let (x0, y0) = (numbers.next()?, numbers.next()?);
            let _ = target.set_attribute(DRAG_FROM, &here);
            let mut asked = PanelEvent::new("drag".to_string());
            asked.at = (x - x0, y - y0);
            Some((target, asked))
        }
        _ => {
            let _ = target.remove_attribute(DRAG_FROM);
            None
        }
    }
}
