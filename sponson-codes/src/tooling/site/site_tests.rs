//! Tests of the site renderer: escaping, file names, layouts, retired
//! codes, llms.txt.

use serde_json::json;

use super::*;
use crate::tooling::merge::merge;

fn catalog(codes: serde_json::Value) -> Catalog {
    let codes: Vec<serde_json::Value> = codes
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let mut c = c.clone();
            let defaults = json!({"exit": 1, "doc": "A failure.", "enum": "app::Code", "crate": "app", "variant": "V"});
            for (key, value) in defaults.as_object().unwrap() {
                if c.get(key).is_none() {
                    c[key] = value.clone();
                }
            }
            c
        })
        .collect();
    serde_json::from_value(json!({
        "format": "sponson-codes/catalog",
        "version": 2,
        "library": "0.1.0",
        "enums": [{
            "crate": "app", "path": "app::Code", "name": "Code", "module_path": "app",
            "explain": "Failures of *app*.",
            "exits": [{"exit": 1, "meaning": "failure"}, {"exit": 3, "meaning": "the lock is held"}],
            "fallback": "INTERNAL",
            "sets": [{"kind": "command", "name": "apply", "codes": ["LOCK_HELD", "INTERNAL"]}]
        }],
        "codes": codes,
    }))
    .unwrap()
}

fn demo() -> Catalog {
    catalog(json!([
        {"code": "LOCK_HELD", "exit": 3, "doc": "Another run holds the lock.", "hint": "Pass `--wait`.",
         "explain": "# Why\n\nThe lock file names its holder.", "http": 409, "retryable": true, "variant": "LockHeld"},
        {"code": "OLD_CONFIG", "doc": "The old config format.", "retired": "0.4: configs are migrated on read", "variant": "OldConfig"},
        {"code": "INTERNAL", "doc": "An unexpected error.", "fallback": true, "http": 500, "variant": "Internal"},
    ]))
}

fn render(catalog: &Catalog) -> Vec<SiteFile> {
    render_site(catalog, &SiteOptions::new())
}

fn find<'a>(files: &'a [SiteFile], path: &str) -> &'a str {
    &files
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| {
            panic!(
                "no {path} in {:?}",
                files.iter().map(|f| &f.path).collect::<Vec<_>>()
            )
        })
        .contents
}

#[test]
fn one_program_has_an_index_a_page_per_code_and_its_assets() {
    let files = render(&demo());
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "index.html",
            "llms.txt",
            "style.css",
            "search.js",
            "LOCK_HELD.html",
            "OLD_CONFIG.html",
            "INTERNAL.html"
        ]
    );
    let index = find(&files, "index.html");
    // Every code is a row with its page's link and an id for `index.html#CODE`.
    for code in ["LOCK_HELD", "OLD_CONFIG", "INTERNAL"] {
        assert!(
            index.contains(&format!("<tr id=\"{code}\"")),
            "{code} has no row id"
        );
        assert!(index.contains(&format!("<a href=\"{code}.html\"><code>{code}</code></a>")));
    }
    assert!(index.contains("<td class=\"num\">3</td><td class=\"num\">409</td><td>yes</td>"));
    assert!(index.contains("<script src=\"search.js\"></script>"));
    // Nothing but the folder's own files is referred to.
    for page in files.iter().filter(|f| f.path.ends_with(".html")) {
        for attr in ["src=\"", "href=\""] {
            for (at, _) in page.contents.match_indices(attr) {
                let rest = &page.contents[at + attr.len()..];
                let target = &rest[..rest.find('"').unwrap()];
                assert!(
                    !target.contains("//") || target.starts_with("https://"),
                    "{}: {target}",
                    page.path
                );
                assert!(
                    attr == "href=\"" || !target.contains(':'),
                    "{}: {target}",
                    page.path
                );
            }
        }
    }
}

#[test]
fn a_code_page_shows_everything_the_catalog_says_of_the_code() {
    let files = render(&demo());
    let page = find(&files, "LOCK_HELD.html");
    for part in [
        "<title>LOCK_HELD · Error codes</title>",
        "<h1><code>LOCK_HELD</code></h1>",
        "<p class=\"doc\">Another run holds the lock.</p>",
        "<dt>Exit status</dt><dd>3: the lock is held</dd>",
        "<dt>HTTP status</dt><dd>409 Conflict</dd>",
        "<dt>Retryable</dt><dd>Yes: retrying the same request can succeed.</dd>",
        "<dt>Declared by</dt><dd><code>app::Code::LockHeld</code>, in crate <code>app</code></dd>",
        "<h2>What to do</h2>\n<p class=\"hint\">Pass <code>--wait</code>.</p>",
        // The explanation's headings sit under the page's.
        "<h2>Explanation</h2>\n<div class=\"explain\">\n<h3>Why</h3>\n<p>The lock file names its holder.</p>",
        "<h2>Returned by</h2>\n<ul class=\"sets\">\n<li>command <code>apply</code></li>",
        "<a href=\"index.html\">Error codes</a>",
    ] {
        assert!(page.contains(part), "missing {part:?} in\n{page}");
    }
    let internal = find(&files, "INTERNAL.html");
    assert!(internal.contains("<dt>Role</dt><dd>The fallback"));
    assert!(internal.contains("Every command, route and tool of the enum may return it."));
}

#[test]
fn a_retired_code_keeps_its_page_marked_with_its_note() {
    let files = render(&demo());
    let page = find(&files, "OLD_CONFIG.html");
    assert!(page.contains(
        "<p class=\"retired\" role=\"note\"><strong>Retired.</strong> 0.4: configs are migrated on read. It is no longer raised, and stays listed so that it is never reused.</p>"
    ));
    let index = find(&files, "index.html");
    assert!(index.contains("<tr id=\"OLD_CONFIG\" class=\"retired\"><th scope=\"row\"><a href=\"OLD_CONFIG.html\"><code>OLD_CONFIG</code></a> <span class=\"tag\">retired</span></th>"));
    assert!(index.contains("3 codes (1 retired) in 1 enum"));
    assert!(find(&files, "llms.txt").contains(
        "- [OLD_CONFIG](OLD_CONFIG.html): The old config format. (exit 1, retired) Retired: 0.4: configs are migrated on read\n"
    ));
}

#[test]
fn a_retired_note_without_a_full_stop_ends_its_sentence() {
    for (note, shown) in [
        ("0.4: gone", " 0.4: gone."),
        ("Replaced by `NEW`", " Replaced by <code>NEW</code>."),
        ("Replaced by NEW.", " Replaced by NEW."),
        ("Why? Nobody knows?", " Why? Nobody knows?"),
        ("Gone!  ", " Gone!"),
        ("", ""),
    ] {
        let files = render(&catalog(json!([
            {"code": "OLD", "retired": note},
            {"code": "INTERNAL", "fallback": true},
        ])));
        let page = find(&files, "OLD.html");
        let expected = format!(
            "<strong>Retired.</strong>{shown} It is no longer raised, and stays listed so that it is never reused.</p>"
        );
        assert!(page.contains(&expected), "{note:?}:\n{page}");
    }
}

#[test]
fn a_doc_with_a_script_stays_text_everywhere() {
    let hostile = catalog(json!([
        {"code": "X", "doc": "<script>alert(1)</script> & \"quotes\"", "hint": "<img src=x onerror=alert(2)>",
         "retired": "<b onmouseover=alert(3)>", "url": "javascript:alert(4)"},
    ]));
    let files = render_site(
        &hostile,
        &SiteOptions::new()
            .title("<script>alert(5)</script>")
            .regenerate("sponson-codes site --> <script>alert(6)</script>"),
    );
    for file in &files {
        if file.path.ends_with(".js") {
            continue;
        }
        for raw in ["<script>alert(", "<img src=x", "<b onmouseover"] {
            assert!(
                !file.contents.contains(raw),
                "{} holds {raw:?}:\n{}",
                file.path,
                file.contents
            );
        }
        assert!(
            !file.contents.contains("href=\"javascript:"),
            "{}",
            file.path
        );
        assert!(!file.contents.contains("-->\n<") || file.contents.matches("-->").count() == 1);
    }
    let page = find(&files, "X.html");
    assert!(page.contains(
        "<p class=\"doc\">&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;</p>"
    ));
    assert!(page.contains("<title>X · &lt;script&gt;alert(5)&lt;/script&gt;</title>"));
    // The regenerate comment cannot be ended early.
    let comment = page.lines().nth(1).unwrap();
    assert!(comment.starts_with("<!-- Generated by sponson-codes") && comment.ends_with(" -->"));
    assert_eq!(comment.find("-->"), Some(comment.len() - 3), "{comment}");
    assert!(
        comment.contains("sponson-codes site --&gt; &lt;script&gt;alert(6)"),
        "{comment}"
    );
    // llms.txt escapes as the markdown docs do.
    let llms = find(&files, "llms.txt");
    assert!(
        llms.contains("- [X](X.html): &lt;script>alert(1)&lt;/script> & \"quotes\""),
        "{llms}"
    );
}

#[test]
fn an_explanation_with_raw_html_is_neutralised() {
    let catalog = catalog(json!([{
        "code": "E0001",
        "explain": "Read <span onclick=\"alert(1)\">this</span>.\n\n<script>alert(2)</script>\n\n<iframe src=\"https://evil.example\"></iframe>\n\n[click](javascript:alert(3)) ![track](https://evil.example/pixel.png)\n\n```compile_fail,E0001\nlet x = <y>;\n```\n\nText with a bidi override \u{202e}here.",
    }]));
    let page = find(&render(&catalog), "E0001.html").to_owned();
    for raw in [
        "<span onclick",
        "<script>alert",
        "<iframe",
        "<img",
        "href=\"javascript:",
        "\u{202e}",
    ] {
        assert!(!page.contains(raw), "{raw:?} in\n{page}");
    }
    for shown in [
        "Read &lt;span onclick=&quot;alert(1)&quot;&gt;this&lt;/span&gt;.",
        "<pre><code class=\"language-html\">&lt;script&gt;alert(2)&lt;/script&gt;</code></pre>",
        "click (<code>javascript:alert(3)</code>)",
        // An image is a link to it, never loaded.
        "<a href=\"https://evil.example/pixel.png\">track</a>",
        "<pre><code class=\"language-rust\">let x = &lt;y&gt;;</code></pre>",
        "a bidi override \\u{202e}here.",
    ] {
        assert!(page.contains(shown), "missing {shown:?} in\n{page}");
    }
}

#[test]
fn file_names_are_stable_and_never_collide() {
    let catalog = catalog(json!([
        {"code": "my_app::config::missing"},
        {"code": "index"},
        {"code": ".hidden"},
        {"code": "auth.expired"},
        {"code": "NUL"},
        {"code": "com1"},
        {"code": "COM10"},
    ]));
    let files = render(&catalog);
    let pages: Vec<&str> = files
        .iter()
        .map(|f| f.path.as_str())
        .filter(|p| p.ends_with(".html") && *p != "index.html")
        .collect();
    assert_eq!(
        pages,
        [
            "my_app~config~missing.html",
            "~index.html",
            "~.hidden.html",
            "auth.expired.html",
            "~NUL.html",
            "~com1.html",
            "COM10.html"
        ]
    );
    let index = find(&files, "index.html");
    assert!(index.contains("<tr id=\"my_app::config::missing\"><th scope=\"row\"><a href=\"my_app~config~missing.html\">"));
    assert!(index.contains("<a href=\"~index.html\"><code>index</code></a>"));
}

#[test]
fn a_code_of_two_enums_has_one_page_with_both_definitions() {
    let mut catalog = demo();
    let mut second = catalog.enums[0].clone();
    second.path = "app::net::Code".into();
    second.sets.clear();
    catalog.enums.push(second);
    let mut internal = catalog.codes[2].clone();
    internal.enum_path = "app::net::Code".into();
    catalog.codes.push(internal);
    let files = render(&catalog);
    assert_eq!(
        files.iter().filter(|f| f.path == "INTERNAL.html").count(),
        1
    );
    let page = find(&files, "INTERNAL.html");
    assert!(page.contains("Declared by 2 enums of the program"));
    assert!(page.contains("<h2>In <code>app::Code</code></h2>"));
    assert!(page.contains("<h2>In <code>app::net::Code</code></h2>"));
    // One row id per code in the index.
    assert_eq!(
        find(&files, "index.html")
            .matches("id=\"INTERNAL\"")
            .count(),
        1
    );
}

#[test]
fn a_merged_site_puts_each_program_in_its_folder() {
    let plan = demo();
    let mut service = demo();
    service.codes[0].exit = 4;
    let merged = merge(&[
        plan.named("plan").unwrap(),
        service.named("service").unwrap(),
    ])
    .unwrap();
    let files = render(&merged.catalog);
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(
        paths[..6],
        [
            "index.html",
            "llms.txt",
            "style.css",
            "search.js",
            "plan/index.html",
            "plan/llms.txt"
        ]
    );
    assert!(paths.contains(&"service/LOCK_HELD.html"));
    let top = find(&files, "index.html");
    assert!(top.contains("<a href=\"plan/LOCK_HELD.html\"><code>LOCK_HELD</code></a>"));
    assert!(top.contains("6 codes (2 retired) in 2 enums of 2 programs: <a href=\"plan/index.html\">plan</a>, <a href=\"service/index.html\">service</a>."), "{top}");
    // A program's pages are its own, with a way up to the merged index.
    let page = find(&files, "plan/LOCK_HELD.html");
    assert!(page.contains("<li><a href=\"../index.html\">Error codes</a></li>\n<li><a href=\"index.html\">plan</a></li>"));
    assert!(page.contains(
        "<li><a href=\"../service/LOCK_HELD.html\">service</a>: exit 4, HTTP 409, retryable."
    ));
    // llms.txt: one section per program, links into its folder.
    let llms = find(&files, "llms.txt");
    assert!(llms.starts_with("# Error codes\n\n> Every error code of 2 programs (plan, service)"));
    assert!(llms.contains("\n## plan\n\n- [LOCK_HELD](plan/LOCK_HELD.html): Another run holds the lock. (exit 3, HTTP 409, retryable) What to do: Pass `--wait`.\n"));
    assert!(llms.contains("- [service](service/llms.txt): the codes of service alone"));
}

#[test]
fn a_merged_index_gives_each_code_string_a_row_id() {
    let plan = demo();
    let mut service = catalog(json!([
        {"code": "LOCK_HELD", "exit": 3, "variant": "LockHeld"},
        {"code": "QUOTA_SPENT", "exit": 3, "variant": "QuotaSpent"},
        {"code": "INTERNAL", "fallback": true, "variant": "Internal"},
    ]));
    service.codes[0].doc = "Another run holds the lock.".into();
    let merged = merge(&[
        plan.named("plan").unwrap(),
        service.named("service").unwrap(),
    ])
    .unwrap();
    let files = render(&merged.catalog);
    let top = find(&files, "index.html");
    // `index.html#{code}` finds the first row of the code, once per index.
    for code in ["LOCK_HELD", "OLD_CONFIG", "INTERNAL", "QUOTA_SPENT"] {
        assert_eq!(
            top.matches(&format!(" id=\"{code}\"")).count(),
            1,
            "{code}\n{top}"
        );
    }
    assert!(
        top.contains("<tr id=\"LOCK_HELD\"><th scope=\"row\"><a href=\"plan/LOCK_HELD.html\">"),
        "{top}"
    );
    assert!(
        top.contains(
            "<tr id=\"QUOTA_SPENT\"><th scope=\"row\"><a href=\"service/QUOTA_SPENT.html\">"
        ),
        "{top}"
    );
}

#[test]
fn the_same_catalog_renders_the_same_bytes() {
    let options = SiteOptions::new()
        .title("Errors")
        .regenerate("sponson-codes site");
    assert_eq!(
        render_site(&demo(), &options),
        render_site(&demo(), &options)
    );
}

#[test]
fn llms_txt_follows_the_format() {
    let files = render(&demo());
    let llms = find(&files, "llms.txt");
    let lines: Vec<&str> = llms.lines().collect();
    assert_eq!(lines[0], "# Error codes");
    assert!(lines[2].starts_with("> Every error code of the program"));
    assert!(lines.contains(&"## `app::Code`"));
    assert!(lines.contains(&"## Optional"));
    // Every line after the first heading is a link line, a heading, the
    // summary, the paragraph or blank.
    for line in &lines[1..] {
        assert!(
            line.is_empty()
                || line.starts_with("## ")
                || line.starts_with("> ")
                || line.starts_with("- [")
                || line.starts_with("A failure exits"),
            "{line:?}"
        );
    }
}

#[test]
fn an_old_name_has_a_page_that_sends_the_reader_to_the_code() {
    let catalog = catalog(json!([
        {"code": "LOCK_HELD", "exit": 3, "aliases": ["LOCKED", "INTERNAL", "my::lock"], "variant": "LockHeld"},
        {"code": "LOCK_TIMEOUT", "exit": 3, "split_from": "LOCK_HELD", "variant": "LockTimeout"},
        {"code": "INTERNAL", "fallback": true, "variant": "Internal"},
    ]));
    let files = render(&catalog);
    let moved = find(&files, "LOCKED.html");
    assert!(
        moved.contains("<meta http-equiv=\"refresh\" content=\"0; url=LOCK_HELD.html\">\n"),
        "{moved}"
    );
    assert!(
        moved.contains("<p><code>LOCKED</code> was renamed: it is now <a href=\"LOCK_HELD.html\"><code>LOCK_HELD</code></a>"),
        "{moved}"
    );
    // `::` is mapped as in a code's file name.
    assert!(find(&files, "my~lock.html").contains("url=LOCK_HELD.html"));
    // An old name that is a code now keeps that code's page.
    assert!(!find(&files, "INTERNAL.html").contains("http-equiv=\"refresh\""));
    assert_eq!(
        files.iter().filter(|f| f.path == "INTERNAL.html").count(),
        1
    );
    // The code's own page lists its old names; the split one names its source.
    let page = find(&files, "LOCK_HELD.html");
    assert!(
        page.contains("<dt>Old names</dt><dd><code>LOCKED</code>, <code>INTERNAL</code>, <code>my::lock</code>:"),
        "{page}"
    );
    let page = find(&files, "LOCK_TIMEOUT.html");
    assert!(
        page.contains("<dt>Split from</dt><dd><code>LOCK_HELD</code>:"),
        "{page}"
    );
    // The index's search finds the code by an old name; llms.txt names both.
    let index = find(&files, "index.html");
    assert!(
        index.contains("<code>LOCK_HELD</code></a> <span class=\"tag\">formerly LOCKED</span>"),
        "{index}"
    );
    let llms = find(&files, "llms.txt");
    assert!(
        llms.contains(" Formerly: LOCKED, INTERNAL, my::lock."),
        "{llms}"
    );
    assert!(
        llms.contains(" Split from LOCK_HELD: older programs report that code."),
        "{llms}"
    );
}

#[test]
fn each_locale_s_message_shows_on_its_code_s_page_as_text() {
    let options = SiteOptions::new()
        .messages(
            "de",
            [
                ("LOCK_HELD", "Die Sperre hält { $holder }."),
                ("OLD_CONFIG", "<script>alert(1)</script> & \"mehr\""),
            ],
        )
        .messages("fr\"><b>", [("LOCK_HELD", "Le verrou est pris.\n<img>")]);
    let files = render_site(&demo(), &options);
    let page = find(&files, "LOCK_HELD.html");
    assert!(
        page.contains(concat!(
            "<section aria-labelledby=\"languages\">\n<h2 id=\"languages\">In other languages</h2>\n",
            "<p>The message in each locale the program ships, as its Fluent files write it: <code>{ $name }</code> is the code&#39;s detail <code>name</code>.</p>\n",
            "<dl class=\"facts\">\n",
            "<dt>de</dt><dd lang=\"de\">Die Sperre hält { $holder }.</dd>\n",
            "<dt>fr&quot;&gt;&lt;b&gt;</dt><dd lang=\"fr&quot;&gt;&lt;b&gt;\">Le verrou est pris.\\n&lt;img&gt;</dd>\n",
            "</dl>\n</section>\n",
        )),
        "{page}"
    );
    assert!(!page.contains("<img>") && !page.contains("<b>"), "{page}");
    // Untrusted text from a Fluent file stays text.
    let page = find(&files, "OLD_CONFIG.html");
    assert!(
        page.contains("<dt>de</dt><dd lang=\"de\">&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;mehr&quot;</dd>\n</dl>"),
        "{page}"
    );
    assert!(!page.contains("<script>"), "{page}");
    // A code without a message in any locale has no such section.
    assert!(!find(&files, "INTERNAL.html").contains("In other languages"));
    // Only the code pages change: without messages, the site is as before.
    let plain = render(&demo());
    assert_eq!(plain.len(), files.len());
    for (before, after) in plain.iter().zip(&files) {
        assert_eq!(before.path, after.path);
        if !["LOCK_HELD.html", "OLD_CONFIG.html"].contains(&before.path.as_str()) {
            assert_eq!(before.contents, after.contents, "{}", before.path);
        }
    }
    assert!(!plain
        .iter()
        .any(|f| f.contents.contains("In other languages")));
}
