//! Two crates declaring different profiles is a mistake `check` reports.

sponson_codes::use_profile!(sponson_codes::profile::NOGGIN);
sponson_codes::use_profile!(sponson_codes::profile::FIRSTDRAFT);

#[test]
fn check_fails_when_profiles_disagree() {
    let names: Vec<&str> = sponson_codes::profile::all_registered()
        .iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["firstdraft", "noggin"]);
    // The first by name, whatever the link order.
    assert_eq!(sponson_codes::profile::registered().name, "firstdraft");
    let companion = sponson_codes::companion::Companion::new("app", "app-codes", "/nonexistent");
    let out = companion.run(["check", "--json"]);
    assert_eq!(out.exit, 1);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(doc["error"]["code"], "PROFILE_CONFLICT");
    assert_eq!(
        doc["error"]["profiles"],
        serde_json::json!(["firstdraft", "noggin"])
    );
}
