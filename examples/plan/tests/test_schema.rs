//! Every path's real output is valid against the schema `plan-codes schema`
//! prints (Sponson's profile, plan's codes and warnings).

mod common;

use common::{envelope, fixture, Scratch};
use sponson_codes::profile::SPONSON;

#[test]
fn every_path_is_valid_against_the_schema() {
    let schema = SPONSON.schema(&sponson_codes::registry::documented());
    assert!(schema["$defs"]["code"]["enum"]
        .as_array()
        .unwrap()
        .contains(&"LOCK_HELD".into()));
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    let s = Scratch::new("schema");
    std::fs::copy(fixture("rejection.json"), s.path("rejection.json")).unwrap();
    let runs: &[&[&str]] = &[
        &["validate", "deploy.plan", "--json"],
        &["validate", "anchored.plan", "--json"],
        &["validate", "broken.plan", "--json"],
        &["apply", "deploy.plan", "--env", "prod", "--json"],
        &["apply", "--frobnicate", "deploy.plan", "--json"],
        &[
            "push",
            "deploy.plan",
            "--response-file",
            "rejection.json",
            "--json",
        ],
        &["crash", "--json"],
        &["--version", "--json"],
        &["sample", "--json"],
    ];
    for args in runs {
        let run = s.plan(args);
        let doc = envelope(&run);
        let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "plan {args:?}: {doc}: {errors:?}");
    }
}
