//! The practice panel written in the frame: the question, what it gives, the worked step, the
//! controls of what is asked now (one `[data-ask]` group shown at a time), the feedback and the
//! results table, all read from [`Session::practice_view`]. The answer fields are built anew
//! only when the question or the part asked changes, so a frame never wipes what the student is
//! typing; when they are, focus moves to the first control asked for if it was in the panel (a
//! screen reader hears the new question from the notice).

use crate::core::numfmt::num;
use crate::core::practice::QuestionResult;
use crate::core::{Ask, PracticeView, Session};
use crate::web::dom::{active_element, find, set_attribute, set_text};
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

use super::PracticePanel;

impl PracticePanel {
    /// Writes the panel for `session` (the question hidden while no set runs); marks `lab`,
    /// the lab's root, with `data-practising="true"` while a set runs.
    pub(super) fn show(&mut self, session: &Session, lab: &Element) {
        let Some(question) = self.question.clone() else {
            return;
        };
        let document = self.document.clone();
        let document = document.as_ref();
        let view = session.practice_view();
        let on = view.is_some();
        if on != self.on {
            self.on = on;
            toggle(&question, on);
            if let Some(composer) = &self.composer {
                toggle(composer, !on);
            }
            // A set started from a link (or by Start) is on show: the panel opens.
            if let Some(details) = self.details.as_ref().filter(|_| on) {
                if !details.has_attribute("open") {
                    let _ = details.set_attribute("open", "");
                }
            }
            // What belongs to the lab's own run waits while a set runs (the CSS).
            if on {
                set_attribute(lab, "data-practising", "true");
            } else {
                let _ = lab.remove_attribute("data-practising");
            }
            // The results table is rewritten for the set now shown (or the one that ended).
            self.rows = usize::MAX;
            if !on {
                self.key = None;
                // Focus that was on the question (Stop practice) or nowhere goes to Start, now
                // shown again (the page's focus() before this frame found it hidden).
                let focus_lost = active_element(&question)
                    .is_none_or(|a| a.tag_name() == "BODY" || question.contains(Some(&a)));
                if focus_lost {
                    if let Some(start) = self
                        .composer
                        .as_ref()
                        .and_then(|c| find(c, "button[type=\"submit\"]"))
                        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
                    {
                        let _ = start.focus();
                    }
                }
            }
        }
        let Some(view) = view else {
            // A stopped set's results stay on show, and can be saved, until another starts.
            let ended = session.ended_practice().map(|run| {
                let r = run.results();
                (r.questions.as_slice(), r.score(), r.total)
            });
            let (results, score, total) = ended.unwrap_or((&[], 0, 0));
            self.show_results(results, score, total, document);
            return;
        };
        if let Some(title) = &self.title {
            set_text(title, &view.title);
        }
        if let Some(variant) = &self.variant {
            set_text(variant, &view.exercise_line());
        }
        if let Some(prompt) = &self.prompt {
            set_text(prompt, &view.prompt);
        }
        if let (Some(facts), Some(d)) = (&self.facts, document) {
            write_list(d, facts, &view.facts);
        }
        if let (Some(worked), Some(d)) = (&self.worked, document) {
            write_list(d, worked, &view.worked);
            toggle(worked, !view.worked.is_empty());
        }
        if let Some(feedback) = &self.feedback {
            let (result, text) = view.feedback_line();
            set_text(feedback, &text);
            // The page's CSS marks a right and a wrong answer by `data-result`.
            set_attribute(feedback, "data-result", result);
        }
        self.show_asks(&view, document);
        self.show_draft(&view);
        self.show_results(view.results, view.score, view.total, document);
    }

    /// Shows the controls of what is asked, building the answer fields when it changed.
    fn show_asks(&mut self, view: &PracticeView<'_>, document: Option<&Document>) {
        let ask = view.ask.name();
        let key = (
            view.title.clone(),
            view.results.len(),
            format!("{:?}", view.ask),
        );
        let fresh = self.key.as_ref() != Some(&key);
        if !fresh {
            return;
        }
        // The first question a page shows came with the page (a link's or a course page's
        // set), not from an answer: it does not take the focus from nowhere, which would
        // scroll the page to it.
        let first = self.key.is_none();
        self.key = Some(key);
        for group in &self.asks {
            toggle(
                group,
                group.get_attribute("data-ask").as_deref() == Some(ask),
            );
        }
        let Some(document) = document else {
            return;
        };
        let (fields_name, fields): (&str, Vec<(String, String, String)>) = match &view.ask {
            Ask::Parameters(parts) => (
                "parameters",
                parts
                    .iter()
                    .map(|(name, n)| {
                        let label = crate::core::words::numbers_label(name, *n, &example(*n));
                        (name.clone(), label, example(*n))
                    })
                    .collect(),
            ),
            Ask::Scores(names) => (
                "scores",
                names
                    .iter()
                    .map(|name| {
                        (
                            name.clone(),
                            crate::core::words::score_label(name),
                            "2".into(),
                        )
                    })
                    .collect(),
            ),
            _ => ("", Vec::new()),
        };
        for (name, holder) in &self.fields {
            if name == fields_name {
                let error = self
                    .question
                    .as_ref()
                    .and_then(|q| find(q, "[data-role=\"practice-error\"]"))
                    .map(|e| e.id())
                    .filter(|id| !id.is_empty());
                build_fields(document, holder, name, &fields, error.as_deref());
            } else {
                holder.set_text_content(None);
            }
        }
        // Focus follows the question when it was in the panel (or nowhere, after the first
        // question, or on the composer that Start just hid).
        let active = match &self.question {
            Some(question) => active_element(question),
            None => document.active_element(),
        };
        let focus_here = active.is_none_or(|active| {
            active.tag_name() == "BODY" && !first
                || self
                    .composer
                    .as_ref()
                    .is_some_and(|c| c.contains(Some(&active)))
                || self
                    .question
                    .as_ref()
                    .is_some_and(|q| q.contains(Some(&active)))
                    && active
                        .closest("[data-ask]")
                        .ok()
                        .flatten()
                        .is_some_and(|g| g.has_attribute("hidden"))
        });
        if focus_here {
            let target = self
                .asks
                .iter()
                .find(|g| g.get_attribute("data-ask").as_deref() == Some(ask))
                .and_then(|g| find(g, "input, button"))
                .and_then(|e| e.dyn_into::<HtmlElement>().ok());
            if let Some(target) = target {
                let _ = target.focus();
            }
        }
    }

    /// What was put on the plot: the guessed boundary's ends into its fields (only when they
    /// changed, so typing is never overwritten by a frame), the tip of w′ into its note.
    fn show_draft(&mut self, view: &PracticeView<'_>) {
        if let Some(note) = &self.tip_note {
            toggle(note, view.placing == Some(false));
        }
        if self.draft.as_ref() == Some(&view.draft) {
            return;
        }
        let point = |v: &[f64; 2]| format!("{}, {}", num(v[0]), num(v[1]));
        for (field, end) in self.end_fields.iter().zip(&view.draft.ends) {
            field.set_value(&point(end));
        }
        if view.draft.ends.is_empty() && self.draft.as_ref().is_some_and(|d| !d.ends.is_empty()) {
            for field in &self.end_fields {
                field.set_value("");
            }
        }
        if let Some(text) = &self.tip_text {
            set_text(text, &crate::core::words::arrow_tip(view.draft.tip));
        }
        self.draft = Some(view.draft.clone());
    }

    /// The results table: `results`, `score` of them right, of `total` questions.
    fn show_results(
        &mut self,
        results: &[QuestionResult],
        score: u32,
        total: u32,
        document: Option<&Document>,
    ) {
        let (Some(panel), Some(body), Some(document)) =
            (&self.results_panel, &self.results_body, document)
        else {
            return;
        };
        toggle(panel, !results.is_empty());
        if let Some(caption) = &self.results_caption {
            set_text(
                caption,
                &crate::core::words::results_caption(results, score, total),
            );
        }
        if self.rows == results.len() {
            return;
        }
        self.rows = results.len();
        body.set_text_content(None);
        for q in results {
            let Ok(row) = document.create_element("tr") else {
                continue;
            };
            let seconds = crate::core::numfmt::num((q.seconds * 10.0).round() / 10.0);
            for text in [
                q.question.to_string(),
                q.kind.title().to_string(),
                q.given.clone(),
                q.expected.clone(),
                if q.correct { "right" } else { "wrong" }.to_string(),
                q.error.clone().unwrap_or_default(),
                seconds,
            ] {
                if let Ok(cell) = document.create_element("td") {
                    cell.set_text_content(Some(&text));
                    let _ = row.append_child(&cell);
                }
            }
            let _ = body.append_child(&row);
        }
    }
}

/// `0, 3, 2`-like hint of `n` numbers.
fn example(n: usize) -> String {
    ["0", "3", "2", "1", "-1", "4"]
        .iter()
        .cycle()
        .take(n)
        .copied()
        .collect::<Vec<_>>()
        .join(", ")
}

fn toggle(element: &Element, show: bool) {
    if show {
        if element.has_attribute("hidden") {
            let _ = element.remove_attribute("hidden");
        }
    } else if !element.has_attribute("hidden") {
        let _ = element.set_attribute("hidden", "");
    }
}

/// Writes `items` as the `<dt>`/`<dd>` pairs of the `<dl>` `list`, when they changed.
fn write_list(document: &Document, list: &Element, items: &[(String, String)]) {
    let text: String = items.iter().map(|(k, v)| format!("{k}{v}")).collect();
    if list.text_content().as_deref() == Some(text.as_str()) {
        return;
    }
    list.set_text_content(None);
    for (term, value) in items {
        if let (Ok(dt), Ok(dd)) = (document.create_element("dt"), document.create_element("dd")) {
            dt.set_text_content(Some(term));
            dd.set_text_content(Some(value));
            let _ = list.append_child(&dt);
            let _ = list.append_child(&dd);
        }
    }
}

/// Fields built so far on this page: each gets an id of its own (several labs on a page).
static FIELDS_BUILT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// One labelled text field per `(name, label, placeholder)` in `holder`, marked
/// `data-part="<k>"` in order, described by the element `error` (the answer's error line).
fn build_fields(
    document: &Document,
    holder: &Element,
    kind: &str,
    fields: &[(String, String, String)],
    error: Option<&str>,
) {
    holder.set_text_content(None);
    for (k, (_, label, placeholder)) in fields.iter().enumerate() {
        let n = FIELDS_BUILT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let id = format!("practice-{kind}-{k}-{n}");
        let (Ok(wrap), Ok(l), Ok(input)) = (
            document.create_element("div"),
            document.create_element("label"),
            document.create_element("input"),
        ) else {
            continue;
        };
        let _ = wrap.set_attribute("class", "practice-field");
        let _ = l.set_attribute("for", &id);
        l.set_text_content(Some(label));
        for (name, value) in [
            ("id", id.as_str()),
            ("type", "text"),
            ("data-part", &k.to_string()),
            ("autocomplete", "off"),
            ("spellcheck", "false"),
            ("inputmode", "text"),
            ("placeholder", placeholder.as_str()),
        ] {
            let _ = input.set_attribute(name, value);
        }
        if let Some(error) = error {
            let _ = input.set_attribute("aria-describedby", error);
        }
        let _ = wrap.append_child(&l);
        let _ = wrap.append_child(&input);
        let _ = holder.append_child(&wrap);
    }
}
