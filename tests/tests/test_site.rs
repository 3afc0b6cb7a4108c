//! Two example programs' catalogs merged into one catalog and one site:
//! `plan` (a CLI) and `service` (an HTTP service) share three codes, agree
//! on what a machine reads of them and word one differently; a conflict
//! planted in a copy is reported with both programs named.

use sponson_codes::companion::catalog::{merge, Catalog, Field};
use sponson_codes::companion::site::{page_file, render_site, SiteOptions};
use sponson_codes::ErrorCode;

/// What each program hands the companion: the catalog of the enums it links.
fn plan() -> Catalog {
    Catalog::from_enums(&[
        <plan_example::Code as ErrorCode>::ENUM,
        <plan_example::Warn as sponson_codes::WarningCode>::ENUM,
    ])
}

fn service() -> Catalog {
    Catalog::from_enums(&[<service_example::Code as ErrorCode>::ENUM])
}

#[test]
fn the_examples_merge_with_only_a_wording_difference() {
    let merged = merge(&[
        plan().named("plan").unwrap(),
        service().named("service").unwrap(),
    ])
    .unwrap();
    assert_eq!(merged.catalog.program_names(), ["plan", "service"]);
    assert_eq!(
        merged.catalog.codes.len(),
        plan().codes.len() + service().codes.len()
    );
    // LOCK_HELD: exit 3 in both, an HTTP status only in the service: no
    // conflict. SERVER_REJECTED: the same exit, worded differently.
    let lines: Vec<String> = merged.conflicts.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            r#"code `SERVER_REJECTED` is worded differently: "The server rejected the plan." in `plan` and "The plan server rejected the plan." in `service`"#
        ]
    );
    assert_eq!(merged.contract_conflicts().count(), 0);
    // The merged catalog reads back, and each program's enums keep their codes.
    let read = Catalog::from_json(&merged.catalog.to_json()).unwrap();
    assert_eq!(read, merged.catalog);
    let tables: Vec<usize> = read.enum_infos().iter().map(|e| e.table.len()).collect();
    let mut expected: Vec<usize> = plan().enum_infos().iter().map(|e| e.table.len()).collect();
    expected.extend(service().enum_infos().iter().map(|e| e.table.len()));
    assert_eq!(tables, expected);
}

#[test]
fn a_planted_conflict_is_reported_with_both_programs_named() {
    let mut service = service();
    let held = service
        .codes
        .iter_mut()
        .find(|c| c.code == "LOCK_HELD")
        .unwrap();
    held.exit = 4;
    held.retryable = Some(false);
    let merged = merge(&[
        plan().named("plan").unwrap(),
        service.named("service").unwrap(),
    ])
    .unwrap();
    let contract: Vec<String> = merged
        .contract_conflicts()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        contract,
        [
            "code `LOCK_HELD` has exit 3 in `plan` and exit 4 in `service`",
            "code `LOCK_HELD` has retryable in `plan` and not retryable in `service`",
        ]
    );
    let exit = merged
        .conflicts
        .iter()
        .find(|c| c.field == Field::Exit)
        .unwrap();
    assert_eq!(exit.programs(), ["plan", "service"]);
    assert_eq!(
        exit.values,
        [
            ("exit 3".to_owned(), vec!["plan".to_owned()]),
            ("exit 4".to_owned(), vec!["service".to_owned()])
        ]
    );
}

#[test]
fn the_merged_site_has_a_page_for_every_code_of_every_program() {
    let merged = merge(&[
        plan().named("plan").unwrap(),
        service().named("service").unwrap(),
    ])
    .unwrap();
    let files = render_site(&merged.catalog, &SiteOptions::new().title("Examples"));
    let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
    for code in &merged.catalog.codes {
        let program = code.program.as_deref().unwrap();
        let page = format!("{program}/{}", page_file(&code.code));
        assert!(paths.contains(&page.as_str()), "no {page}");
    }
    let index = &files[0];
    assert_eq!(index.path, "index.html");
    assert!(index
        .contents
        .contains("<a href=\"service/LOCK_HELD.html\"><code>LOCK_HELD</code></a>"));
    let page = &files
        .iter()
        .find(|f| f.path == "service/LOCK_HELD.html")
        .unwrap()
        .contents;
    assert!(page.contains("<dt>HTTP status</dt><dd>409 Conflict</dd>"));
    assert!(page.contains("<li>route <code>POST /runs</code></li>"));
    assert!(page.contains("<a href=\"../plan/LOCK_HELD.html\">plan</a>: exit 3, retryable."));
}
