//! Sound: audio cues (a tone per step) and "listen to the boundary" (a sweep from left to
//! right). The lab words and times the notes (`Session::step_cue`, `Session::boundary_sweep`);
//! the browser plays them, so the buttons are wired by `www/sound.js` (found by `data-role`
//! within the lab), which every home loads. A compact lab shows it only when it is full.

use super::{el, text, Markup, Panel};
use web_sys::Element;

pub(super) struct SoundPanel;

impl Panel for SoundPanel {
    fn name(&self) -> &'static str {
        "sound"
    }

    fn markup(&self) -> Markup {
        group_panel!(
            "sound",
            "audio",
            "sound",
            "Sound",
            vec![
                el(
                    "button",
                    &[
                        ("type", "button"),
                        ("id", "audio"),
                        ("data-role", "audio"),
                        ("aria-pressed", "false"),
                        ("aria-describedby", "audio-note"),
                        ("title", "Audio cues: a tone per step (A)"),
                    ],
                    vec![text("Sound")],
                ),
                el(
                    "button",
                    &[
                        ("type", "button"),
                        ("id", "listen"),
                        ("data-role", "listen"),
                        ("aria-describedby", "audio-note"),
                        (
                            "title",
                            "Listen to the boundary: a sweep from left to right (L)",
                        ),
                    ],
                    vec![text("Listen to the boundary")],
                ),
                el(
                    "p",
                    &[("id", "audio-note"), ("class", "note")],
                    vec![text(
                        "A tone per step: higher the further the sample is on its own side; a \
                         harsh falling pair for a mistake. Listen: the boundary's height from \
                         left to right, smooth where class +1 is below it, hollow where −1 is.",
                    )],
                ),
            ],
        )
    }

    fn bind(&mut self, _root: &Element) {}
}
