//! The augmented view as SVG for the JS API.

use super::Runner;
use crate::core::Error;
use crate::render::Theme;
use crate::web::dom::find;

impl Runner {
    /// The augmented view as SVG at its canvas's CSS size (at least 320 × 240; 640 × 480 when
    /// the lab has no such panel), by the same `render::draw_augmented`.
    pub fn export_augmented_svg(&self) -> Result<String, Error> {
        let canvas = find(&self.root, "[data-panel=\"augmented\"] canvas");
        let size = crate::web::panels::augmented_size(canvas.as_ref());
        let theme = if self.options.dark {
            Theme::dark(1.0)
        } else {
            Theme::new(1.0)
        };
        crate::web::panels::augmented_svg(&self.session, size, &theme)
    }
}
