//! The guide (docs/guide.md) shows one code on five surfaces; every snippet
//! there is the real output, checked here (`SPONSON_CODES_BLESS=1` rewrites
//! them).

use service_example::client::Running;
use service_example::{lock_held, Code};
use sponson_codes::{mcp, Mode, Runner};

const GUIDE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/guide.md");

/// The fenced block after `<!-- surface: NAME -->`: (start, end) of its body.
fn block(guide: &str, name: &str) -> (usize, usize) {
    let marker = format!("<!-- surface: {name} -->\n");
    let at = guide
        .find(&marker)
        .unwrap_or_else(|| panic!("the guide has no `{}`", marker.trim()));
    let fence = at + marker.len();
    let start = fence + guide[fence..].find('\n').expect("a fence line") + 1;
    let end = start + guide[start..].find("```").expect("a closing fence");
    (start, end)
}

async fn surfaces() -> Vec<(&'static str, String)> {
    let failed: Result<(), _> = Err(lock_held());
    let cli = Runner::<Code>::new("runs", Mode::Json)
        .render(|| Err::<(), _>(lock_held()))
        .stdout;
    let text = Runner::<Code>::new("runs", Mode::Text)
        .render(|| Err::<(), _>(lock_held()))
        .stderr;

    let service = Running::start().await.unwrap();
    let reply = service
        .call("POST", "/runs", Some(r#"{"plan":"deploy","scope":"prod"}"#))
        .await;
    let http = format!(
        "POST /runs {{\"plan\":\"deploy\",\"scope\":\"prod\"}}\n\nHTTP {} {}\ncontent-type: {}\n\n{}\n",
        reply.status,
        axum::http::StatusCode::from_u16(reply.status)
            .ok()
            .and_then(|status| status.canonical_reason())
            .unwrap_or_default(),
        reply.content_type,
        reply.body
    );
    let mcp = serde_json::to_string_pretty(&mcp::tool_result("runs", &failed)).unwrap() + "\n";
    let miette = lock_held().miette_report();
    vec![
        ("cli", cli),
        ("text", text),
        ("http", http),
        ("mcp", mcp),
        ("miette", miette),
    ]
}

#[tokio::test]
async fn guide_snippets_are_real_output() {
    let mut guide = std::fs::read_to_string(GUIDE).unwrap();
    let bless = std::env::var_os("SPONSON_CODES_BLESS").is_some();
    let mut stale = Vec::new();
    for (name, actual) in surfaces().await {
        let (start, end) = block(&guide, name);
        if guide[start..end] != actual {
            if bless {
                guide.replace_range(start..end, &actual);
            } else {
                stale.push(format!(
                    "--- {name}: the guide shows\n{}--- the code prints\n{actual}",
                    &guide[start..end]
                ));
            }
        }
    }
    if bless {
        std::fs::write(GUIDE, guide).unwrap();
    }
    assert!(
        stale.is_empty(),
        "the guide's snippets are stale; rerun with SPONSON_CODES_BLESS=1 to rewrite them:\n{}",
        stale.join("\n")
    );
}
