//! The derive's generated items, on the enum from the README.

use sponson_codes::{code, CodeInfo, ErrorCode, ErrorCodeSet, ErrorCodes};
use std::process::ExitCode;
use std::str::FromStr;

/// Failures of the `plan` command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ErrorCodes)]
#[codes(exits(1 = "failure", 2 = "refused before running", 3 = "the lock is held or was lost"))]
pub enum Code {
    /// Longer markdown explanation, optional.
    ///
    /// It may span paragraphs.
    #[code(exit = 2, doc = "The plan file cannot be read or is not valid YAML.")]
    PlanParse,
    #[code(
        exit = 2,
        doc = "The run writes to production and no approver was given.",
        hint = "Pass --approved-by <who>."
    )]
    EnvNotApproved,
    #[code(
        exit = 3,
        doc = "Another run holds the scope's lock.",
        hint = "Wait for it, or pass --wait."
    )]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[test]
fn code_strings_default_to_screaming_snake_case() {
    let codes: Vec<&str> = Code::ALL.iter().map(ErrorCode::code).collect();
    assert_eq!(
        codes,
        ["PLAN_PARSE", "ENV_NOT_APPROVED", "LOCK_HELD", "INTERNAL"]
    );
}

#[test]
fn accessors_read_the_table() {
    assert_eq!(Code::LockHeld.exit_code(), 3);
    assert_eq!(Code::LockHeld.doc(), "Another run holds the scope's lock.");
    assert_eq!(Code::LockHeld.hint(), Some("Wait for it, or pass --wait."));
    assert_eq!(Code::PlanParse.hint(), None);
    assert_eq!(
        Code::PlanParse.explain(),
        "Longer markdown explanation, optional.\n\nIt may span paragraphs."
    );
    assert_eq!(Code::LockHeld.explain(), "");
    assert!(std::ptr::eq(Code::LockHeld.info(), &Code::TABLE[2]));
}

#[test]
fn table_is_in_declaration_order_with_every_field() {
    let table: &[CodeInfo] = Code::TABLE;
    assert_eq!(table.len(), 4);
    let env = &table[1];
    assert_eq!(env.code, "ENV_NOT_APPROVED");
    assert_eq!(env.exit, 2);
    assert_eq!(
        env.doc,
        "The run writes to production and no approver was given."
    );
    assert_eq!(env.hint, Some("Pass --approved-by <who>."));
    assert_eq!(env.explain, "");
    assert_eq!(env.variant, "EnvNotApproved");
    assert_eq!(Code::ENUM.fallback_info().code, "INTERNAL");
}

#[test]
fn fallback_is_known_for_the_enum() {
    assert_eq!(Code::FALLBACK, Code::Internal);
    assert_eq!(<Code as ErrorCodeSet>::FALLBACK, Code::Internal);
    assert_eq!(Code::FALLBACK_INFO.code, "INTERNAL");
    assert_eq!(Code::FALLBACK_INFO.exit, 1);
}

#[test]
fn enum_info_carries_docs_and_exit_classes() {
    let info = Code::ENUM;
    assert_eq!(info.name, "Code");
    assert_eq!(info.module_path, "test_derive");
    assert_eq!(info.crate_name, "sponson-codes-tests");
    assert_eq!(info.explain, "Failures of the `plan` command line.");
    let exits: Vec<(u8, &str)> = info.exits.iter().map(|e| (e.exit, e.meaning)).collect();
    assert_eq!(
        exits,
        [
            (1, "failure"),
            (2, "refused before running"),
            (3, "the lock is held or was lost")
        ]
    );
    assert!(info.public);
    assert!(!info.non_exhaustive);
}

/// Declared in a private module and imported as `rustc_codes::Code`, as
/// rustc's registry is.
mod private {
    #[derive(Debug, sponson_codes::ErrorCodes)]
    #[codes(path = "rustc_codes::Code")]
    pub enum Code {
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }
}

#[test]
fn enum_info_carries_the_path_users_import_the_enum_by() {
    let info = private::Code::ENUM;
    assert_eq!(info.path, "rustc_codes::Code");
    assert_eq!(info.path(), "rustc_codes::Code");
    assert_eq!(info.module_path, "test_derive::private");
    assert_eq!(info.declared_path(), "test_derive::private::Code");
    // Without `path`, the path is where the enum is declared.
    assert_eq!(Code::ENUM.path, "test_derive::Code");
    assert_eq!(Code::ENUM.path(), Code::ENUM.declared_path());
}

#[test]
fn all_lists_every_variant_in_order() {
    assert_eq!(
        Code::ALL,
        [
            Code::PlanParse,
            Code::EnvNotApproved,
            Code::LockHeld,
            Code::Internal
        ]
    );
}

#[test]
fn from_code_finds_every_listed_code_and_nothing_else() {
    for (value, info) in Code::ALL.iter().zip(Code::TABLE) {
        assert_eq!(Code::from_code(info.code), Some(*value));
    }
    for miss in [
        "",
        "lock_held",
        "LOCK_HELD ",
        "LOCK_HEL",
        "LOCK_HELD\0",
        "NOPE",
    ] {
        assert_eq!(Code::from_code(miss), None, "{miss:?}");
    }
}

#[test]
fn from_str_is_strict_and_names_the_unknown_code() {
    assert_eq!(Code::from_str("LOCK_HELD"), Ok(Code::LockHeld));
    let err = "LOCK_HELDX".parse::<Code>().unwrap_err();
    assert_eq!(err.code(), "LOCK_HELDX");
    assert_eq!(
        err.to_string(),
        "unknown error code `LOCK_HELDX` for `Code`"
    );
}

#[test]
fn serde_round_trips_every_code() {
    for value in Code::ALL {
        let json = serde_json::to_string(value).unwrap();
        assert_eq!(json, format!("\"{}\"", value.code()));
        let back: Code = serde_json::from_str(&json).unwrap();
        assert_eq!(back, *value);
    }
}

#[test]
fn unknown_codes_deserialize_to_the_fallback() {
    let value: Code = serde_json::from_str("\"SOMETHING_NEW\"").unwrap();
    assert_eq!(value, Code::Internal);
    let list: Vec<Code> = serde_json::from_str(r#"["LOCK_HELD","X"]"#).unwrap();
    assert_eq!(list, [Code::LockHeld, Code::Internal]);
}

#[test]
fn non_strings_are_deserialization_errors() {
    let err = serde_json::from_str::<Code>("3").unwrap_err();
    assert!(err.to_string().contains("an error code of `Code`"), "{err}");
}

#[derive(Debug, PartialEq, ErrorCodes)]
#[codes(deny_unknown, rename_all = "kebab-case")]
enum Strict {
    #[code(exit = 4, doc = "The disk is full.")]
    DiskFull,
    #[code(
        exit = 1,
        doc = "An unexpected error.",
        fallback,
        name = "internal.error"
    )]
    Internal,
}

#[test]
fn deny_unknown_makes_unknown_codes_an_error() {
    assert_eq!(Strict::DiskFull.code(), "disk-full");
    assert_eq!(Strict::Internal.code(), "internal.error");
    let value: Strict = serde_json::from_str("\"disk-full\"").unwrap();
    assert_eq!(value, Strict::DiskFull);
    let err = serde_json::from_str::<Strict>("\"disk_full\"").unwrap_err();
    assert!(
        err.to_string()
            .contains("unknown error code `disk_full` for `Strict`"),
        "{err}"
    );
}

#[test]
fn codes_convert_to_process_exit_codes() {
    assert_eq!(ExitCode::from(Code::LockHeld), ExitCode::from(3));
    assert_eq!(ExitCode::from(Strict::DiskFull), ExitCode::from(4));
}

#[test]
fn code_macro_is_a_constant_expression() {
    const HELD: Code = code!(Code, "LOCK_HELD");
    assert_eq!(HELD, Code::LockHeld);
    assert_eq!(code!(Strict, "internal.error"), Strict::Internal);
}

#[derive(Debug, ErrorCodes)]
enum WithData {
    #[code(exit = 2, doc = "The plan file is not valid.")]
    PlanParse {
        #[code(detail)]
        path: String,
        #[code(detail = "lineNumber")]
        line: u32,
        #[allow(dead_code)]
        secret: String,
    },
    #[code(exit = 3, doc = "The lock is held.")]
    LockHeld(#[code(detail = "holder")] String, #[allow(dead_code)] u64),
    #[code(exit = 1, doc = "An unexpected error.", fallback, usage)]
    Internal,
}

#[test]
fn data_variants_index_the_table_too() {
    let parse = WithData::PlanParse {
        path: "plan.yaml".into(),
        line: 3,
        secret: "hunter2".into(),
    };
    assert_eq!(parse.code(), "PLAN_PARSE");
    assert_eq!(WithData::LockHeld("ci".into(), 7).exit_code(), 3);
    assert_eq!(WithData::FALLBACK_INFO.code, "INTERNAL");
    assert_eq!(WithData::USAGE_INFO.map(|i| i.code), Some("INTERNAL"));
    assert_eq!(Code::USAGE_INFO, None);
}

#[test]
fn only_marked_fields_become_details() {
    let parse = WithData::PlanParse {
        path: "plan.yaml".into(),
        line: 3,
        secret: "hunter2".into(),
    };
    let mut details = sponson_codes::Details::new();
    parse.write_details(&mut details);
    assert_eq!(
        serde_json::to_value(details.as_map()).unwrap(),
        serde_json::json!({"path": "plan.yaml", "lineNumber": 3})
    );
    let mut details = sponson_codes::Details::new();
    WithData::LockHeld("ci".into(), 7).write_details(&mut details);
    assert_eq!(
        serde_json::to_value(details.as_map()).unwrap(),
        serde_json::json!({"holder": "ci"})
    );
    let mut details = sponson_codes::Details::new();
    WithData::Internal.write_details(&mut details);
    assert!(details.as_map().is_empty());
}

#[test]
fn every_derived_enum_is_registered() {
    let names: Vec<&str> = sponson_codes::registry::registered()
        .iter()
        .filter(|e| e.crate_name == "sponson-codes-tests" && e.module_path == "test_derive")
        .map(|e| e.name)
        .collect();
    assert_eq!(names, ["Code", "Strict", "WithData"]);
}
