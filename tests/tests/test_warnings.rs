//! Warning codes: the derive's items, the registry, and the warning value.

use sponson_codes::{registry::CodeKind, Warning, WarningCode, WarningCodes};

/// Findings that never stop a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, WarningCodes)]
pub enum Warn {
    /// YAML anchors and aliases are expanded before the plan is checked, so
    /// the checked plan may differ from what a reader of the file sees.
    #[code(
        doc = "A YAML anchor or alias was expanded.",
        hint = "Write the value out in full."
    )]
    YamlAnchor,
    #[code(doc = "A step has no description.", name = "STEP_UNDESCRIBED")]
    NoDescription,
    // `retired` gives the docs' note, `deprecated` the warning where it is raised.
    #[deprecated = "removed in 2.0"]
    #[code(
        doc = "The `legacy` key is ignored.",
        retired = "the key was removed in 2.0"
    )]
    LegacyKey,
}

/// A warning with data: only the marked field becomes a detail.
#[derive(Debug, WarningCodes)]
#[codes(rename_all = "kebab-case")]
enum Noted {
    #[code(doc = "A step was skipped.")]
    StepSkipped {
        #[code(detail)]
        step: String,
        #[allow(dead_code)]
        secret: String,
    },
}

/// Warnings declared in a private module, imported as `plan::Lint`.
mod lints {
    #[derive(Debug, sponson_codes::WarningCodes)]
    #[codes(path = "plan::Lint")]
    pub enum Lint {
        #[code(doc = "A step is never reached.")]
        Unreachable,
    }
}

#[test]
fn warnings_take_the_path_users_import_them_by() {
    assert_eq!(lints::Lint::ENUM.path(), "plan::Lint");
    assert_eq!(
        lints::Lint::ENUM.declared_path(),
        "test_warnings::lints::Lint"
    );
    assert_eq!(Warn::ENUM.path(), "test_warnings::Warn");
}

#[test]
fn the_table_has_no_exit_codes() {
    let codes: Vec<(&str, u8)> = Warn::TABLE.iter().map(|c| (c.code, c.exit)).collect();
    assert_eq!(
        codes,
        [
            ("YAML_ANCHOR", 0),
            ("STEP_UNDESCRIBED", 0),
            ("LEGACY_KEY", 0)
        ]
    );
    assert_eq!(Warn::ENUM.kind, CodeKind::Warnings);
    assert!(Warn::ENUM.is_warnings());
    assert!(Warn::ENUM.exits.is_empty());
    assert!(Warn::TABLE.iter().all(|c| !c.usage));
    assert_eq!(Warn::ENUM.explain, "Findings that never stop a run.");
    assert!(Warn::YamlAnchor.explain().starts_with("YAML anchors"));
    assert_eq!(
        Warn::YamlAnchor.hint(),
        Some("Write the value out in full.")
    );
    #[allow(deprecated)]
    let legacy = Warn::LegacyKey;
    assert_eq!(legacy.info().retired, Some("the key was removed in 2.0"));
}

#[test]
fn codes_are_looked_up_strictly() {
    assert_eq!(Warn::from_code("YAML_ANCHOR"), Some(Warn::YamlAnchor));
    assert_eq!(
        Warn::from_code("STEP_UNDESCRIBED"),
        Some(Warn::NoDescription)
    );
    assert_eq!(Warn::from_code("yaml_anchor"), None);
    assert_eq!(Warn::ALL.len(), 3);
    assert_eq!("LEGACY_KEY".parse::<Warn>().unwrap().code(), "LEGACY_KEY");
    let err = "NOPE".parse::<Warn>().unwrap_err();
    assert_eq!(err.to_string(), "unknown error code `NOPE` for `Warn`");
    assert_eq!(
        serde_json::to_string(&Warn::YamlAnchor).unwrap(),
        r#""YAML_ANCHOR""#
    );
    assert_eq!(
        serde_json::from_str::<Warn>(r#""YAML_ANCHOR""#).unwrap(),
        Warn::YamlAnchor
    );
    assert!(serde_json::from_str::<Warn>(r#""NEW_ONE""#).is_err());
}

#[test]
fn warnings_are_registered_beside_error_codes() {
    let enums = sponson_codes::registry::registered();
    let warn = enums.iter().find(|e| e.name == "Warn").expect("registered");
    assert_eq!(warn.kind, CodeKind::Warnings);
    assert!(enums.iter().any(|e| e.name == "Noted"));
}

#[test]
fn a_warning_prints_its_code_message_hint_and_details() {
    let warning =
        Warning::new(Warn::YamlAnchor, "anchor &base expanded in step 2").with_detail("line", &7);
    assert_eq!(
        serde_json::to_string(&warning).unwrap(),
        r#"{"code":"YAML_ANCHOR","message":"anchor &base expanded in step 2","hint":"Write the value out in full.","line":7}"#
    );
    let plain = Warning::plain(Warn::NoDescription);
    assert_eq!(
        serde_json::to_string(&plain).unwrap(),
        r#"{"code":"STEP_UNDESCRIBED","message":"A step has no description."}"#
    );
    let read: Warning = serde_json::from_str(&serde_json::to_string(&warning).unwrap()).unwrap();
    assert_eq!(read, warning);
    assert!(read.is_known::<Warn>());
}

#[test]
fn only_marked_fields_become_details() {
    let warning = Warning::new(
        Noted::StepSkipped {
            step: "build".into(),
            secret: "sk-1".into(),
        },
        "skipped",
    );
    assert_eq!(
        serde_json::to_string(&warning).unwrap(),
        r#"{"code":"step-skipped","message":"skipped","step":"build"}"#
    );
}

#[test]
fn a_reserved_detail_key_is_refused() {
    let warning = Warning::plain(Warn::YamlAnchor).with_detail("code", "SHADOW");
    assert_eq!(warning.code(), "YAML_ANCHOR");
    assert!(warning.details().get("code").is_none());
    assert!(warning.details().problem().is_some());
}
