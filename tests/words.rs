//! The sentences the page builds from the state, worded in the core (`core::words`): each case
//! as a reader sees it.

use perceptron_lab::core::words::*;

#[test]
fn the_trace_caption_says_which_steps_are_shown_and_kept() {
    assert_eq!(trace_caption(None, 0, 0, 0, 0), "No steps yet.");
    assert_eq!(trace_caption(Some((1, 12)), 12, 12, 12, 0), "12 steps.");
    assert_eq!(trace_caption(Some((1, 1)), 1, 1, 1, 0), "1 step.");
    assert_eq!(
        trace_caption(Some((41, 100)), 60, 120, 120, 0),
        "Steps 41–100 shown of 120."
    );
    assert_eq!(
        trace_caption(Some((501, 560)), 60, 500, 1000, 500),
        "Steps 501–560 shown of 1000 (steps before 501 are no longer kept)."
    );
    assert_eq!(scrubber_text(3, 12), "step 3 of 12");
}

#[test]
fn the_points_caption_counts_the_points_listed() {
    assert_eq!(points_caption(0, 0), "The points: none yet.");
    assert_eq!(
        points_caption(3, 3),
        "The points (3), with the class, the score and whether the model gets each right."
    );
    assert_eq!(
        points_caption(5000, 1000),
        "The points: the first 1000 of 5000, with the class, the score and whether the model gets each right."
    );
}

#[test]
fn practice_labels_name_the_numbers_asked_for() {
    assert_eq!(
        numbers_label("w", 3, "0, 3, 2"),
        "w (3 numbers, e.g. 0, 3, 2)"
    );
    assert_eq!(numbers_label("b", 1, "0"), "b (one number, e.g. 0)");
    assert_eq!(score_label("s"), "s (one number)");
    assert_eq!(arrow_tip(None), "No arrow on the plot yet.");
    assert_eq!(arrow_tip(Some([1.5, -2.0])), "Your arrow's tip: (1.5, -2).");
    assert_eq!(
        answer_first("Update or not?"),
        "Answer first. Update or not?"
    );
}

#[test]
fn link_messages_quote_at_most_three_keys_cut_short() {
    let long = "x".repeat(40);
    let unknown = vec![
        "a".to_string(),
        long.clone(),
        "c".to_string(),
        "d".to_string(),
    ];
    assert_eq!(
        link_without_scenario(&unknown),
        format!(
            "it holds no scenario (a link of this lab begins with v=1&), only “a”, “{}…”, “c”",
            &long[..24]
        )
    );
    assert_eq!(
        link_keys_ignored("Opened.", &["zz".to_string()]),
        "Opened. Ignored what this version does not know in the link: zz."
    );
    assert_eq!(
        too_many_for_link(5000, 1000),
        "5000 points are too many for a link (at most 1000); export the scenario as a file instead"
    );
}

#[test]
fn eta_steps_are_marked_where_the_runs_part() {
    assert_eq!(eta_step(4, true, true), "4 ← first difference");
    assert_eq!(eta_step(5, false, true), "5 ≠");
    assert_eq!(eta_step(6, false, false), "6");
}

#[test]
fn the_practice_frame_is_the_sets_link_in_a_named_sandboxed_frame_with_every_value_escaped() {
    assert_eq!(
        practice_frame("https://lab.example/#xv=1&xid=week-3", "week-3"),
        "<iframe src=\"https://lab.example/#xv=1&amp;xid=week-3&amp;embed=1&amp;name=week-3\" \
         title=\"Perceptron Lab practice: week-3\" width=\"100%\" height=\"900\" \
         sandbox=\"allow-scripts allow-same-origin allow-downloads\"></iframe>"
    );
    // A page address that would end an attribute or open a tag stays inside it: five
    // attributes, ten quotes.
    let frame = practice_frame("https://x/\"><script>#xv=1", "a\"b");
    assert!(!frame.contains("<script>"), "{frame}");
    assert_eq!(frame.matches('"').count(), 10, "{frame}");
    assert!(
        frame.contains("title=\"Perceptron Lab practice: a&quot;b\""),
        "{frame}"
    );
}

#[test]
fn a_file_not_opened_is_named_with_the_reason() {
    assert_eq!(
        file_refused("points.csv", "line 3: x1 is not a number"),
        "points.csv: line 3: x1 is not a number"
    );
    assert_eq!(
        file_unreadable("huge.csv", "The file could not be read."),
        "huge.csv: the browser could not read it (The file could not be read.). Nothing was changed."
    );
}

#[test]
fn the_speed_label_says_steps_a_second_or_max() {
    assert_eq!(speed_label(5.0), "5.0 steps/s");
    assert_eq!(speed_label(0.5), "0.5 steps/s");
    assert_eq!(speed_label(20.4), "20 steps/s");
    assert_eq!(speed_label(1000.0), "max");
}

#[test]
fn refusals_end_in_one_full_stop() {
    assert_eq!(
        link_refused("link: a is given but the version v is missing."),
        "This link could not be opened: link: a is given but the version v is missing. Nothing was changed."
    );
    assert_eq!(
        scenario_refused("scenario: version 2 is newer than this lab"),
        "This scenario could not be opened: scenario: version 2 is newer than this lab."
    );
    assert_eq!(
        scenario_refused("no points."),
        "This scenario could not be opened: no points."
    );
    assert_eq!(
        answer_not_sent(
            "https://course.example.org",
            "answer (DataCloneError); finish (DataCloneError)"
        ),
        "This answer could not be sent to https://course.example.org: answer (DataCloneError); finish (DataCloneError)."
    );
}

#[test]
fn a_course_pages_script_is_told_what_its_arguments_may_be() {
    assert_eq!(value_kind("null", ""), "null");
    assert_eq!(value_kind("undefined", ""), "undefined");
    assert_eq!(value_kind("array", ""), "an array");
    assert_eq!(value_kind("object", "Map"), "an object of kind Map");
    assert_eq!(value_kind("number", ""), "a number");
    assert_eq!(
        not_a_scenario("a number"),
        "a scenario is a link fragment (a string: what \"Copy link\" puts after the #), a \
         scenario object (what toJSON() returns or \"Scenario JSON\" saves), or nothing \
         (undefined, null or '') for a blank lab, not a number"
    );
    assert_eq!(
        scenario_not_json("Converting circular structure to JSON"),
        "the scenario object cannot be written as JSON: Converting circular structure to JSON"
    );
    assert_eq!(
        not_mount_options("a string"),
        "mount's options are an object such as { hide: ['trace'] }, not a string"
    );
    assert_eq!(
        unknown_mount_options(&["hidden".to_string(), "say \"hi\"".to_string()]),
        "mount has no option \"hidden\", \"say \\\"hi\\\"\" (its one option is hide)"
    );
    assert_eq!(
        not_hide_names("an array", Some("a number")),
        "hide takes names of controls, as an array of strings (['trace', 'status']) or one \
         string ('trace,status'), not an array holding a number"
    );
    assert_eq!(
        not_hide_names("an object of kind Object", None),
        "hide takes names of controls, as an array of strings (['trace', 'status']) or one \
         string ('trace,status'), not an object of kind Object"
    );
}
