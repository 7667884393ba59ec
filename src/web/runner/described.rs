//! What a screen reader hears of the plot: its `aria-describedby` points at the described
//! panel's description (`web/panels/described.rs`); the announcements' live region is a panel
//! of its own (`web/panels/announce.rs`).

use super::Runner;
use crate::web::dom::find;

impl Runner {
    /// Points the plot's `aria-describedby` at the described panel's description, when the lab
    /// has the panel (its id carries the lab's number).
    pub(super) fn described_by_panel(self) -> Runner {
        let description = find(
            &self.root,
            "[data-panel=\"described\"] [data-part=\"description\"]",
        );
        if let Some(id) = description.map(|d| d.id()).filter(|id| !id.is_empty()) {
            let _ = self.plot.canvas.set_attribute("aria-describedby", &id);
        }
        self
    }

    /// Leaves what the last action gave to say unsaid (an embedded lab's own scenario, opened
    /// as it mounts: a course page with several labs does not start by talking): the
    /// announcements' panel passes it.
    pub fn hush(&mut self) {
        let _ = self.panel_event(
            "announce",
            &crate::web::panels::PanelEvent::new(crate::web::panels::HUSH.to_string()),
        );
    }
}
