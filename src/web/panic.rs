//! A visible crash state: a panic shows the crash panel (message and a reload link) instead of
//! leaving a frozen plot, and every handle call afterwards is refused.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Once;

static PANICKED: AtomicBool = AtomicBool::new(false);
static INSTALL: Once = Once::new();

/// Installs the hook (once).
pub fn install() {
    INSTALL.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            PANICKED.store(true, Ordering::SeqCst);
            console_error_panic_hook::hook(info);
            show_crash_panel(&info.to_string());
        }));
    });
}

/// Whether the module has panicked; no handle call runs after that.
pub fn has_panicked() -> bool {
    PANICKED.load(Ordering::SeqCst)
}

fn show_crash_panel(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Ok(Some(text)) = document.query_selector("#crash-message") {
        text.set_text_content(Some(message));
    }
    if let Ok(Some(panel)) = document.query_selector("#crash") {
        let _ = panel.remove_attribute("hidden");
    }
    if let Some(body) = document.body() {
        let _ = body.set_attribute("data-crashed", "true");
    }
}
