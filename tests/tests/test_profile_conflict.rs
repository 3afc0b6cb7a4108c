//! Two crates declaring different profiles is a mistake `check` reports.

sponson_codes::use_profile!(sponson_codes::profile::NOGGIN);
sponson_codes::use_profile!(sponson_codes::profile::FIRSTDRAFT);

#[test]
fn check_fails_when_profiles_disagree() {
    let names: Vec<&str> = sponson_codes::profile::all_declared()
        .iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["firstdraft", "noggin"]);
    // The first by name, whatever the link order.
    assert_eq!(sponson_codes::profile::declared().name, "firstdraft");
    let companion = sponson_codes::companion::Companion::new("app", "app-codes", "/nonexistent");
    let out = companion.run(["check", "--json"]);
    assert_eq!(out.exit, 1);
    // The companion speaks the program's profile: firstdraft's failure
    // object, on stderr.
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    let doc: serde_json::Value = serde_json::from_str(&out.stderr).unwrap();
    assert_eq!(doc["error"], "PROFILE_CONFLICT");
    assert_eq!(doc["profiles"], serde_json::json!(["firstdraft", "noggin"]));
}
