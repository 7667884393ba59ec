use super::*;

fn row2() -> StepRecord {
    StepRecord {
        step: 2,
        epoch: 1,
        index: 2,
        x: vec![3.0, 2.0],
        y: 1.0,
        weights_before: vec![-1.0, 0.0, 0.0],
        score: -1.0,
        mistake: true,
        weights_after: vec![0.0, 3.0, 2.0],
    }
}

#[test]
fn seed_000_row_two() {
    let r = row2();
    assert_eq!(score_expression(&r, true), "-1 * 1 + 0 * 3 + 0 * 2 = -1");
    assert_eq!(update_text(&r, 1.0, true), "+[1, 3, 2]");
    assert_eq!(update_text(&r, 0.5, true), "+0.5 * [1, 3, 2]");
    assert_eq!(
        markdown_row(&r, 1.0, true),
        "| 2 | [-1, 0, 0] | -1 * 1 + 0 * 3 + 0 * 2 = -1 | no | +[1, 3, 2] |\n"
    );
    assert_eq!(csv_row(&r), "2,1,2,3,2,1,-1,0,0,-1,true,0,3,2\n");
    assert_eq!(
        csv_header(2),
        "step,epoch,index,x1,x2,y,w0_before,w1_before,w2_before,score,mistake,w0_after,w1_after,w2_after\n"
    );
}

#[test]
fn no_bias_and_negative_features() {
    let r = StepRecord {
        x: vec![-2.0, -2.0],
        weights_before: vec![0.0, 3.0, -1.0],
        score: -4.0,
        weights_after: vec![0.0, 1.0, -3.0],
        ..row2()
    };
    assert_eq!(score_expression(&r, false), "3 * (-2) + -1 * (-2) = -4");
    assert_eq!(update_text(&r, 1.0, false), "+[0, -2, -2]");
}

#[test]
fn latex_escapes_every_control_character_visibly() {
    assert_eq!(
        Cell::Text("x\n\\input{a}".into()).latex(),
        "x\\textbackslash{}x0a\\textbackslash{}input\\{a\\}"
    );
    assert_eq!(
        latex_text("a\rb\x1b\u{9b}"),
        "a\\textbackslash{}x0db\\textbackslash{}x1b\\textbackslash{}u\\{9b\\}"
    );
    assert_eq!(
        latex_comment("50% of\nrows"),
        "50\\% of\\textbackslash{}x0arows"
    );
    for code in (0u32..0x20).chain(0x7f..0xa0) {
        let ch = char::from_u32(code).unwrap_or('\0');
        let text = latex_comment(&format!("a{ch}b"));
        assert!(!text.chars().any(char::is_control), "{code:#x}: {text:?}");
    }
}

#[test]
fn markdown_text_escapes_html_and_what_would_change_the_table() {
    assert_eq!(
        markdown_text("<img src=x onerror=alert(1)>"),
        "&lt;img src=x onerror=alert(1)&gt;"
    );
    // Issue #38: `a\|b` was `a\\|b`, which pandoc splits into two cells.
    assert_eq!(markdown_text("a\\|b"), "a\\\\\\|b");
    assert_eq!(markdown_text("a & `b` &lt;"), "a &amp; \\`b\\` &amp;lt;");
    assert_eq!(
        markdown_text("*x* _y_ ~z~ **w** [l](u) ![i](u)"),
        "\\*x\\* \\_y\\_ \\~z\\~ \\*\\*w\\*\\* [l\\](u) ![i\\](u)"
    );
    // Left as they are where they change nothing: between spaces, `_` inside a word,
    // a `]` that opens no link.
    assert_eq!(markdown_text("-1 * 1 + 0 * 3 = -1"), "-1 * 1 + 0 * 3 = -1");
    assert_eq!(markdown_text("J_p α_i a__b"), "J_p α_i a__b");
    assert_eq!(markdown_text("[1, 3, 2] *"), "[1, 3, 2] *");
    assert_eq!(markdown_text("café 日本 עברית"), "café 日本 עברית");
}

#[test]
fn latex_text_keeps_utf8_and_escapes_what_the_default_font_misprints() {
    assert_eq!(latex_text("café 日本 עברית"), "café 日本 עברית");
    assert_eq!(
        latex_text("a|b<c>\"d"),
        "a\\textbar{}b\\textless{}c\\textgreater{}\\textquotedbl{}d"
    );
    assert_eq!(latex_text("w̄ → b̄"), "$\\bar{w}$ $\\to$ $\\bar{b}$");
    assert_eq!(latex_text("ā"), "ā");
    assert_eq!(Cell::Text("é|".into()).latex(), "é\\textbar{}");
    assert_eq!(latex_needs("1 & 2 \\\\"), None);
    let quote = latex_needs(&latex_text("\"d\"")).expect("a note");
    assert!(quote.contains("\\usepackage[T1]{fontenc}"), "{quote}");
    let note = latex_needs("café").expect("a note");
    assert!(note.starts_with("% ") && note.ends_with('\n') && note.lines().count() == 1);
    assert!(
        note.contains("XeLaTeX") && note.contains("fontspec"),
        "{note}"
    );
}

#[test]
fn csv_lines_quote_and_neutralize_every_cell() {
    assert_eq!(
        csv_line(&["Converged: =2+2 [1], a,=1+1,b", "=2+2", "-1", "a\"b"]),
        "\"Converged: =2+2 [1], a,=1+1,b\",'=2+2,-1,\"a\"\"b\""
    );
}

#[test]
fn a_terminal_sees_controls_as_escapes_and_line_feeds_as_they_are() {
    assert_eq!(terminal_text("plain\ntext"), "plain\ntext");
    assert_eq!(
        terminal_text("b\x1b[31m\rred\x07\t\u{9b}2J"),
        "b\\x1b[31m\\x0dred\\x07\\x09\\u{9b}2J"
    );
    assert_eq!(control_escape('\x7f'), "\\x7f");
    assert_eq!(control_escape('é'), "é");
}

#[test]
fn formula_cells_are_neutralized_and_plain_labels_are_not() {
    for formula in [
        "=1+1",
        "=HYPERLINK(\"x\")",
        "@SUM(A1)",
        "\t=1",
        "\r=1",
        "+1+1",
        "-2+3",
        "+A1",
        "--1",
        "+[1, 2]",
        "-inf",
    ] {
        assert!(csv_formula_like(formula), "{formula:?}");
        assert_eq!(csv_formula_safe(formula), format!("'{formula}"));
        assert_eq!(csv_formula_restore(&csv_formula_safe(formula)), formula);
    }
    for plain in [
        "+", "-", "-1", "+1", "0", "-0.5", "+.5", "3.", "-1e-3", "+2E+10", "apple", "a=b", "", "'",
        "'quoted",
    ] {
        assert!(!csv_formula_like(plain), "{plain:?}");
        assert_eq!(csv_formula_safe(plain), plain);
        assert_eq!(csv_formula_restore(plain), plain);
    }
    // Quotes already in front of a formula get one more, and lose it again.
    assert_eq!(csv_formula_safe("'=x"), "''=x");
    assert_eq!(csv_formula_restore("''=x"), "'=x");
    assert_eq!(csv_field("=1,2"), "\"'=1,2\"");
    assert_eq!(csv_field("-1"), "-1");
}
