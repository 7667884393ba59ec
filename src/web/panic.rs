//! A visible crash state: a panic shows each lab's crash panel (the message and what to do)
//! instead of leaving a frozen plot, and every handle call afterwards is refused.
//!
//! All the labs of one WebAssembly instance stop after a panic, since its state cannot be
//! trusted: the lab whose call or frame panicked shows the message in its own panel; the others
//! say that another lab stopped. `embed.js` gives every lab of a course page an instance of its
//! own, so there a panic stops one lab only. Each lab's root also receives a
//! `perceptron-lab:crash` event, so the page's glue removes its listeners and timers.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;
use wasm_bindgen::JsValue;
use web_sys::Element;

static PANICKED: AtomicBool = AtomicBool::new(false);
static INSTALL: Once = Once::new();

/// A lab's crash panel: `[data-role="crash-message"]` inside it receives the message.
struct Panel {
    id: u32,
    root: Element,
    panel: Option<Element>,
}

thread_local! {
    static PANELS: RefCell<Vec<Panel>> = const { RefCell::new(Vec::new()) };
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
    /// The lab whose call or frame is running (0: none).
    static CURRENT: Cell<u32> = const { Cell::new(0) };
}

/// Installs the hook (once).
pub fn install() {
    INSTALL.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            PANICKED.store(true, Ordering::SeqCst);
            console_error_panic_hook::hook(info);
            show_crash_panels(&info.to_string());
        }));
    });
}

/// Whether the module has panicked; no handle call runs after that.
pub fn has_panicked() -> bool {
    PANICKED.load(Ordering::SeqCst)
}

/// Registers a lab with root `root` and its crash panel: `[data-role="crash"]` inside the root
/// (the registry's crash panel, `web/panels/crash.rs`), else the page's `#crash`. Returns its
/// id.
pub fn register(root: &Element) -> u32 {
    let panel = super::dom::find(root, "[data-role=\"crash\"]").or_else(|| {
        root.owner_document()
            .and_then(|d| d.get_element_by_id("crash"))
    });
    let id = NEXT_ID.with(|next| {
        let id = next.get();
        next.set(id.wrapping_add(1).max(1));
        id
    });
    PANELS.with(|panels| {
        if let Ok(mut panels) = panels.try_borrow_mut() {
            panels.push(Panel {
                id,
                root: root.clone(),
                panel,
            });
        }
    });
    id
}

/// Forgets a lab that is gone.
pub fn unregister(id: u32) {
    PANELS.with(|panels| {
        if let Ok(mut panels) = panels.try_borrow_mut() {
            panels.retain(|p| p.id != id);
        }
    });
}

/// The panic guard every entry point of lab `id` goes through: refuses once the module has
/// panicked, and otherwise runs `f` as that lab (a panic in it is shown in its own panel).
pub fn guard<T>(id: u32, f: impl FnOnce() -> Result<T, JsValue>) -> Result<T, JsValue> {
    if has_panicked() {
        return Err(JsValue::from_str(crate::core::words::STOPPED));
    }
    let outer = CURRENT.with(|c| c.replace(id));
    let result = f();
    CURRENT.with(|c| c.set(outer));
    result
}

/// Stops the module as a panic in lab `id` would, without one: for a state found broken by
/// other means (a call that never returned). Lab `id` shows `message` in its crash panel, the
/// other labs of the instance say that another lab stopped, and every call is refused from now
/// on. A lab the page's glue already shows as stopped (after a trap of the module) keeps its
/// message.
pub fn stop(id: u32, message: &str) {
    if PANICKED.swap(true, Ordering::SeqCst) {
        return;
    }
    let shown = PANELS.with(|panels| {
        panels.try_borrow().is_ok_and(|panels| {
            panels
                .iter()
                .any(|p| p.id == id && p.root.has_attribute("data-crashed"))
        })
    });
    if shown {
        return;
    }
    web_sys::console::error_1(&JsValue::from_str(message));
    let outer = CURRENT.with(|c| c.replace(id));
    show_crash_panels(message);
    CURRENT.with(|c| c.set(outer));
}

fn show_crash_panels(message: &str) {
    let current = CURRENT.with(Cell::get);
    let shown = PANELS.with(|panels| {
        let Ok(panels) = panels.try_borrow() else {
            return false;
        };
        let mut shown_current = false;
        for lab in panels.iter() {
            let text = if lab.id == current {
                message.to_string()
            } else {
                crate::core::words::another_lab_stopped(message)
            };
            if let Some(panel) = &lab.panel {
                show(panel, &text);
                shown_current |= lab.id == current;
            }
            let _ = lab.root.set_attribute("data-crashed", "true");
            announce(&lab.root);
        }
        shown_current
    });
    if !shown {
        // No lab was running (or it had no panel): the page's own panel, if it has one.
        if let Some(panel) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("crash"))
        {
            show(&panel, message);
        }
    }
}

/// Fills in and shows one crash panel.
fn show(panel: &Element, text: &str) {
    let message = super::dom::find(panel, "[data-role=\"crash-message\"]").or_else(|| {
        panel
            .owner_document()
            .and_then(|d| d.get_element_by_id("crash-message"))
    });
    if let Some(message) = message {
        message.set_text_content(Some(text));
    }
    let _ = panel.remove_attribute("hidden");
}

/// Tells the page's glue that the lab at `root` stopped, with a `perceptron-lab:crash` event.
fn announce(root: &Element) {
    let init = web_sys::CustomEventInit::new();
    init.set_bubbles(true);
    if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict("perceptron-lab:crash", &init)
    {
        let _ = root.dispatch_event(&event);
    }
}
