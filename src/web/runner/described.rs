//! What a screen reader hears and reads of the plot: the announcement live region
//! (`[data-role="announce"]`, polite: each step said by the algorithm's own words, paced during
//! Play by the core's `Announcer`, at the verbosity the page set), the plot's description
//! (`[data-role="plot-description"]`, which the canvas's `aria-describedby` names) and the points
//! table (`[data-role="points-body"]`, written only while its `<details>`
//! `[data-role="points-panel"]` is open). All written in the frame; nothing polls.

use super::Runner;
use crate::core::speech::{Announcer, Verbosity};
use crate::core::POINT_ROWS_LIMIT;
use crate::web::dom::{find, set_text};
use web_sys::{Element, HtmlElement};

/// What the description and the table depend on: the points, the run and the step (the
/// session's state key), the region map's grid, and how far the kernel's scores of the points
/// are (`Session::points_pending`: the count of wrong points follows them).
type DescribedKey = (
    (u64, u64, u64),
    Option<(usize, usize)>,
    Option<(usize, usize)>,
);

/// The elements, the pacing and what was last written.
#[derive(Debug, Default)]
pub(super) struct Described {
    live: Option<Element>,
    description: Option<Element>,
    panel: Option<Element>,
    body: Option<Element>,
    caption: Option<Element>,
    announcer: Announcer,
    pub(super) verbosity: Verbosity,
    /// The last announcement written (the same words again get a trailing no-break space, so
    /// the live region changes and is spoken again).
    last_said: String,
    /// The state the description was written for (it is worded again only when that changes).
    described_for: Option<DescribedKey>,
    /// The state the points table was written for (`None` while its panel is closed).
    table_for: Option<DescribedKey>,
    last_ms: f64,
}

impl Described {
    /// The elements under `root` (an embedded lab may have none of them).
    pub(super) fn find(root: &HtmlElement) -> Described {
        Described {
            live: find(root, "[data-role=\"announce\"]"),
            description: find(root, "[data-role=\"plot-description\"]"),
            panel: find(root, "[data-role=\"points-panel\"]"),
            body: find(root, "[data-role=\"points-body\"]"),
            caption: find(root, "[data-role=\"points-caption\"]"),
            last_ms: f64::NEG_INFINITY,
            ..Described::default()
        }
    }
}

impl Runner {
    /// Says what the last action gave to say, if the announcer admits it now.
    pub(super) fn announce(&mut self, now_ms: f64) {
        let Some(live) = &self.described.live else {
            return;
        };
        // Worded only when admitted: during Play most steps are never said.
        let Some((seq, priority)) = self.session.pending() else {
            return;
        };
        if !self.described.announcer.admit(seq, priority, now_ms) {
            return;
        }
        let Some((_, _, text)) = self.session.announcement(self.described.verbosity) else {
            return;
        };
        let text = if text == self.described.last_said {
            format!("{text}\u{a0}")
        } else {
            text
        };
        live.set_text_content(Some(&text));
        self.described.last_said = text;
    }

    /// Leaves what the last action gave to say unsaid (an embedded lab's own scenario, opened
    /// as it mounts: a course page with several labs does not start by talking).
    pub fn hush(&mut self) {
        if let Some((seq, _)) = self.session.utterance() {
            self.described.announcer.pass(seq);
        }
    }

    /// Writes the description and, when its panel is open, the points table; while playing at
    /// most every 250 ms (the frame after Play stops writes the final state).
    pub(super) fn show_described(&mut self, now_ms: f64) {
        let recent = now_ms - self.described.last_ms < 250.0 && now_ms >= self.described.last_ms;
        if self.session.is_playing() && recent {
            return;
        }
        self.described.last_ms = now_ms;
        let Some(element) = &self.described.description else {
            return;
        };
        let key = (
            self.session.state_key(),
            self.session.region().map(|r| (r.cols, r.rows)),
            self.session.points_pending(),
        );
        if self.described.described_for != Some(key) {
            set_text(element, &self.session.plot_description());
            self.described.described_for = Some(key);
        }
        let open = self
            .described
            .panel
            .as_ref()
            .is_some_and(|p| p.has_attribute("open"));
        if !open {
            self.described.table_for = None;
            return;
        }
        if self.described.table_for == Some(key) {
            return;
        }
        self.write_points_table();
        self.described.table_for = Some(key);
    }

    fn write_points_table(&self) {
        let (Some(body), Some(document)) = (&self.described.body, &self.document) else {
            return;
        };
        body.set_text_content(None);
        let rows = self.session.point_rows(POINT_ROWS_LIMIT);
        for row in &rows {
            let Ok(tr) = document.create_element("tr") else {
                return;
            };
            if let Ok(th) = document.create_element("th") {
                let _ = th.set_attribute("scope", "row");
                th.set_text_content(Some(&format!("#{}", row.index)));
                let _ = tr.append_child(&th);
            }
            for text in [&row.x1, &row.x2, &row.class, &row.score, &row.correct] {
                if let Ok(td) = document.create_element("td") {
                    td.set_text_content(Some(text));
                    let _ = tr.append_child(&td);
                }
            }
            if row.correct != "yes" {
                let _ = tr.set_attribute("class", "wrong");
            }
            let _ = body.append_child(&tr);
        }
        if let Some(caption) = &self.described.caption {
            let n = self.session.data().len();
            set_text(caption, &crate::core::words::points_caption(n, rows.len()));
        }
    }
}
