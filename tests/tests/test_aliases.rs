//! Aliases and splits: a renamed code keeps its old name as an alias, which
//! every reader (`from_code`, `FromStr`, serde, the document readers) takes
//! as the code, while writers write the new name; a split code names the
//! broader code it refines. Both reach the table and the catalog. Misuse is
//! in `ui/alias-*.rs` and `ui/split-from-unknown.rs`.

use serde_json::Value;
use sponson_codes::companion::catalog::Catalog;
use sponson_codes::profile::SPONSON;
use sponson_codes::{Details, Error, ErrorCode, ErrorCodes, Outcome, WarningCodes};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(
        exit = 3,
        doc = "Another run holds the lock.",
        alias = "LOCKED",
        alias = "LOCK_BUSY"
    )]
    LockHeld,
    #[deprecated = "2.0: split into REQUEST_TIMEOUT and REQUEST_REFUSED"]
    #[code(exit = 4, doc = "The request failed.")]
    RequestFailed,
    #[code(
        exit = 4,
        doc = "The request took too long.",
        split_from = "REQUEST_FAILED"
    )]
    RequestTimeout,
    #[code(
        exit = 4,
        doc = "The server refused the request.",
        split_from = "REQUEST_FAILED"
    )]
    RequestRefused,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Refuses unknown codes, but not old names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
#[codes(deny_unknown, compat = "strict")]
enum Strict {
    #[code(exit = 3, doc = "Another run holds the lock.", alias = "LOCKED")]
    LockHeld,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Past the size where `from_code` is a perfect hash instead of a `match`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Big {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
    #[code(exit = 3, doc = "Renamed.", alias = "OLD_NAME", alias = "V999")]
    NewName,
    #[code(exit = 2, doc = "Code 0.")]
    V000,
    #[code(exit = 2, doc = "Code 1.")]
    V001,
    #[code(exit = 2, doc = "Code 2.")]
    V002,
    #[code(exit = 2, doc = "Code 3.")]
    V003,
    #[code(exit = 2, doc = "Code 4.")]
    V004,
    #[code(exit = 2, doc = "Code 5.")]
    V005,
    #[code(exit = 2, doc = "Code 6.")]
    V006,
    #[code(exit = 2, doc = "Code 7.")]
    V007,
    #[code(exit = 2, doc = "Code 8.")]
    V008,
    #[code(exit = 2, doc = "Code 9.")]
    V009,
    #[code(exit = 2, doc = "Code 10.")]
    V010,
    #[code(exit = 2, doc = "Code 11.")]
    V011,
    #[code(exit = 2, doc = "Code 12.")]
    V012,
    #[code(exit = 2, doc = "Code 13.")]
    V013,
    #[code(exit = 2, doc = "Code 14.")]
    V014,
    #[code(exit = 2, doc = "Code 15.")]
    V015,
    #[code(exit = 2, doc = "Code 16.")]
    V016,
    #[code(exit = 2, doc = "Code 17.")]
    V017,
    #[code(exit = 2, doc = "Code 18.")]
    V018,
    #[code(exit = 2, doc = "Code 19.")]
    V019,
    #[code(exit = 2, doc = "Code 20.")]
    V020,
    #[code(exit = 2, doc = "Code 21.")]
    V021,
    #[code(exit = 2, doc = "Code 22.")]
    V022,
    #[code(exit = 2, doc = "Code 23.")]
    V023,
    #[code(exit = 2, doc = "Code 24.")]
    V024,
    #[code(exit = 2, doc = "Code 25.")]
    V025,
    #[code(exit = 2, doc = "Code 26.")]
    V026,
    #[code(exit = 2, doc = "Code 27.")]
    V027,
    #[code(exit = 2, doc = "Code 28.")]
    V028,
    #[code(exit = 2, doc = "Code 29.")]
    V029,
    #[code(exit = 2, doc = "Code 30.")]
    V030,
    #[code(exit = 2, doc = "Code 31.")]
    V031,
    #[code(exit = 2, doc = "Code 32.")]
    V032,
    #[code(exit = 2, doc = "Code 33.")]
    V033,
    #[code(exit = 2, doc = "Code 34.")]
    V034,
    #[code(exit = 2, doc = "Code 35.")]
    V035,
    #[code(exit = 2, doc = "Code 36.")]
    V036,
    #[code(exit = 2, doc = "Code 37.")]
    V037,
    #[code(exit = 2, doc = "Code 38.")]
    V038,
    #[code(exit = 2, doc = "Code 39.")]
    V039,
    #[code(exit = 2, doc = "Code 40.")]
    V040,
    #[code(exit = 2, doc = "Code 41.")]
    V041,
    #[code(exit = 2, doc = "Code 42.")]
    V042,
    #[code(exit = 2, doc = "Code 43.")]
    V043,
    #[code(exit = 2, doc = "Code 44.")]
    V044,
    #[code(exit = 2, doc = "Code 45.")]
    V045,
    #[code(exit = 2, doc = "Code 46.")]
    V046,
    #[code(exit = 2, doc = "Code 47.")]
    V047,
    #[code(exit = 2, doc = "Code 48.")]
    V048,
    #[code(exit = 2, doc = "Code 49.")]
    V049,
    #[code(exit = 2, doc = "Code 50.")]
    V050,
    #[code(exit = 2, doc = "Code 51.")]
    V051,
    #[code(exit = 2, doc = "Code 52.")]
    V052,
    #[code(exit = 2, doc = "Code 53.")]
    V053,
    #[code(exit = 2, doc = "Code 54.")]
    V054,
    #[code(exit = 2, doc = "Code 55.")]
    V055,
    #[code(exit = 2, doc = "Code 56.")]
    V056,
    #[code(exit = 2, doc = "Code 57.")]
    V057,
    #[code(exit = 2, doc = "Code 58.")]
    V058,
    #[code(exit = 2, doc = "Code 59.")]
    V059,
    #[code(exit = 2, doc = "Code 60.")]
    V060,
    #[code(exit = 2, doc = "Code 61.")]
    V061,
    #[code(exit = 2, doc = "Code 62.")]
    V062,
    #[code(exit = 2, doc = "Code 63.")]
    V063,
    #[code(exit = 2, doc = "Code 64.")]
    V064,
    #[code(exit = 2, doc = "Code 65.")]
    V065,
    #[code(exit = 2, doc = "Code 66.")]
    V066,
    #[code(exit = 2, doc = "Code 67.")]
    V067,
    #[code(exit = 2, doc = "Code 68.")]
    V068,
    #[code(exit = 2, doc = "Code 69.")]
    V069,
    #[code(exit = 2, doc = "Code 70.")]
    V070,
    #[code(exit = 2, doc = "Code 71.")]
    V071,
    #[code(exit = 2, doc = "Code 72.")]
    V072,
    #[code(exit = 2, doc = "Code 73.")]
    V073,
    #[code(exit = 2, doc = "Code 74.")]
    V074,
    #[code(exit = 2, doc = "Code 75.")]
    V075,
    #[code(exit = 2, doc = "Code 76.")]
    V076,
    #[code(exit = 2, doc = "Code 77.")]
    V077,
    #[code(exit = 2, doc = "Code 78.")]
    V078,
    #[code(exit = 2, doc = "Code 79.")]
    V079,
    #[code(exit = 2, doc = "Code 80.")]
    V080,
    #[code(exit = 2, doc = "Code 81.")]
    V081,
    #[code(exit = 2, doc = "Code 82.")]
    V082,
    #[code(exit = 2, doc = "Code 83.")]
    V083,
    #[code(exit = 2, doc = "Code 84.")]
    V084,
    #[code(exit = 2, doc = "Code 85.")]
    V085,
    #[code(exit = 2, doc = "Code 86.")]
    V086,
    #[code(exit = 2, doc = "Code 87.")]
    V087,
    #[code(exit = 2, doc = "Code 88.")]
    V088,
    #[code(exit = 2, doc = "Code 89.")]
    V089,
    #[code(exit = 2, doc = "Code 90.")]
    V090,
    #[code(exit = 2, doc = "Code 91.")]
    V091,
    #[code(exit = 2, doc = "Code 92.")]
    V092,
    #[code(exit = 2, doc = "Code 93.")]
    V093,
    #[code(exit = 2, doc = "Code 94.")]
    V094,
    #[code(exit = 2, doc = "Code 95.")]
    V095,
    #[code(exit = 2, doc = "Code 96.")]
    V096,
    #[code(exit = 2, doc = "Code 97.")]
    V097,
    #[code(exit = 2, doc = "Code 98.")]
    V098,
    #[code(exit = 2, doc = "Code 99.")]
    V099,
    #[code(exit = 2, doc = "Code 100.")]
    V100,
    #[code(exit = 2, doc = "Code 101.")]
    V101,
    #[code(exit = 2, doc = "Code 102.")]
    V102,
    #[code(exit = 2, doc = "Code 103.")]
    V103,
    #[code(exit = 2, doc = "Code 104.")]
    V104,
    #[code(exit = 2, doc = "Code 105.")]
    V105,
    #[code(exit = 2, doc = "Code 106.")]
    V106,
    #[code(exit = 2, doc = "Code 107.")]
    V107,
    #[code(exit = 2, doc = "Code 108.")]
    V108,
    #[code(exit = 2, doc = "Code 109.")]
    V109,
    #[code(exit = 2, doc = "Code 110.")]
    V110,
    #[code(exit = 2, doc = "Code 111.")]
    V111,
    #[code(exit = 2, doc = "Code 112.")]
    V112,
    #[code(exit = 2, doc = "Code 113.")]
    V113,
    #[code(exit = 2, doc = "Code 114.")]
    V114,
    #[code(exit = 2, doc = "Code 115.")]
    V115,
    #[code(exit = 2, doc = "Code 116.")]
    V116,
    #[code(exit = 2, doc = "Code 117.")]
    V117,
    #[code(exit = 2, doc = "Code 118.")]
    V118,
    #[code(exit = 2, doc = "Code 119.")]
    V119,
    #[code(exit = 2, doc = "Code 120.")]
    V120,
    #[code(exit = 2, doc = "Code 121.")]
    V121,
    #[code(exit = 2, doc = "Code 122.")]
    V122,
    #[code(exit = 2, doc = "Code 123.")]
    V123,
    #[code(exit = 2, doc = "Code 124.")]
    V124,
    #[code(exit = 2, doc = "Code 125.")]
    V125,
    #[code(exit = 2, doc = "Code 126.")]
    V126,
    #[code(exit = 2, doc = "Code 127.")]
    V127,
    #[code(exit = 2, doc = "Code 128.")]
    V128,
    #[code(exit = 2, doc = "Code 129.")]
    V129,
    #[code(exit = 2, doc = "Code 130.")]
    V130,
    #[code(exit = 2, doc = "Code 131.")]
    V131,
    #[code(exit = 2, doc = "Code 132.")]
    V132,
    #[code(exit = 2, doc = "Code 133.")]
    V133,
    #[code(exit = 2, doc = "Code 134.")]
    V134,
    #[code(exit = 2, doc = "Code 135.")]
    V135,
    #[code(exit = 2, doc = "Code 136.")]
    V136,
    #[code(exit = 2, doc = "Code 137.")]
    V137,
    #[code(exit = 2, doc = "Code 138.")]
    V138,
    #[code(exit = 2, doc = "Code 139.")]
    V139,
    #[code(exit = 2, doc = "Code 140.")]
    V140,
    #[code(exit = 2, doc = "Code 141.")]
    V141,
    #[code(exit = 2, doc = "Code 142.")]
    V142,
    #[code(exit = 2, doc = "Code 143.")]
    V143,
    #[code(exit = 2, doc = "Code 144.")]
    V144,
    #[code(exit = 2, doc = "Code 145.")]
    V145,
    #[code(exit = 2, doc = "Code 146.")]
    V146,
    #[code(exit = 2, doc = "Code 147.")]
    V147,
    #[code(exit = 2, doc = "Code 148.")]
    V148,
    #[code(exit = 2, doc = "Code 149.")]
    V149,
    #[code(exit = 2, doc = "Code 150.")]
    V150,
    #[code(exit = 2, doc = "Code 151.")]
    V151,
    #[code(exit = 2, doc = "Code 152.")]
    V152,
    #[code(exit = 2, doc = "Code 153.")]
    V153,
    #[code(exit = 2, doc = "Code 154.")]
    V154,
    #[code(exit = 2, doc = "Code 155.")]
    V155,
    #[code(exit = 2, doc = "Code 156.")]
    V156,
    #[code(exit = 2, doc = "Code 157.")]
    V157,
    #[code(exit = 2, doc = "Code 158.")]
    V158,
    #[code(exit = 2, doc = "Code 159.")]
    V159,
    #[code(exit = 2, doc = "Code 160.")]
    V160,
    #[code(exit = 2, doc = "Code 161.")]
    V161,
    #[code(exit = 2, doc = "Code 162.")]
    V162,
    #[code(exit = 2, doc = "Code 163.")]
    V163,
    #[code(exit = 2, doc = "Code 164.")]
    V164,
    #[code(exit = 2, doc = "Code 165.")]
    V165,
    #[code(exit = 2, doc = "Code 166.")]
    V166,
    #[code(exit = 2, doc = "Code 167.")]
    V167,
    #[code(exit = 2, doc = "Code 168.")]
    V168,
    #[code(exit = 2, doc = "Code 169.")]
    V169,
    #[code(exit = 2, doc = "Code 170.")]
    V170,
    #[code(exit = 2, doc = "Code 171.")]
    V171,
    #[code(exit = 2, doc = "Code 172.")]
    V172,
    #[code(exit = 2, doc = "Code 173.")]
    V173,
    #[code(exit = 2, doc = "Code 174.")]
    V174,
    #[code(exit = 2, doc = "Code 175.")]
    V175,
    #[code(exit = 2, doc = "Code 176.")]
    V176,
    #[code(exit = 2, doc = "Code 177.")]
    V177,
    #[code(exit = 2, doc = "Code 178.")]
    V178,
    #[code(exit = 2, doc = "Code 179.")]
    V179,
    #[code(exit = 2, doc = "Code 180.")]
    V180,
    #[code(exit = 2, doc = "Code 181.")]
    V181,
    #[code(exit = 2, doc = "Code 182.")]
    V182,
    #[code(exit = 2, doc = "Code 183.")]
    V183,
    #[code(exit = 2, doc = "Code 184.")]
    V184,
    #[code(exit = 2, doc = "Code 185.")]
    V185,
    #[code(exit = 2, doc = "Code 186.")]
    V186,
    #[code(exit = 2, doc = "Code 187.")]
    V187,
    #[code(exit = 2, doc = "Code 188.")]
    V188,
    #[code(exit = 2, doc = "Code 189.")]
    V189,
    #[code(exit = 2, doc = "Code 190.")]
    V190,
    #[code(exit = 2, doc = "Code 191.")]
    V191,
    #[code(exit = 2, doc = "Code 192.")]
    V192,
    #[code(exit = 2, doc = "Code 193.")]
    V193,
    #[code(exit = 2, doc = "Code 194.")]
    V194,
    #[code(exit = 2, doc = "Code 195.")]
    V195,
    #[code(exit = 2, doc = "Code 196.")]
    V196,
    #[code(exit = 2, doc = "Code 197.")]
    V197,
    #[code(exit = 2, doc = "Code 198.")]
    V198,
    #[code(exit = 2, doc = "Code 199.")]
    V199,
    #[code(exit = 2, doc = "Code 200.")]
    V200,
    #[code(exit = 2, doc = "Code 201.")]
    V201,
    #[code(exit = 2, doc = "Code 202.")]
    V202,
    #[code(exit = 2, doc = "Code 203.")]
    V203,
    #[code(exit = 2, doc = "Code 204.")]
    V204,
}

#[test]
fn an_alias_reads_as_its_code_and_the_code_is_written() {
    assert_eq!(Code::from_code("LOCKED"), Some(Code::LockHeld));
    assert_eq!(Code::from_code("LOCK_BUSY"), Some(Code::LockHeld));
    assert_eq!(Code::from_code("locked"), None);
    assert_eq!("LOCKED".parse::<Code>(), Ok(Code::LockHeld));
    assert_eq!(
        serde_json::from_str::<Code>("\"LOCKED\"").unwrap(),
        Code::LockHeld
    );
    assert_eq!(
        serde_json::to_string(&Code::LockHeld).unwrap(),
        "\"LOCK_HELD\""
    );
    // `deny_unknown` refuses unknown codes, not old names.
    assert_eq!(
        serde_json::from_str::<Strict>("\"LOCKED\"").unwrap(),
        Strict::LockHeld
    );
    assert!(serde_json::from_str::<Strict>("\"LOCK_GONE\"").is_err());
    assert_eq!(
        Code::ENUM.get("LOCK_BUSY").map(|i| i.code),
        Some("LOCK_HELD")
    );
    assert_eq!(Code::LockHeld.info().aliases, ["LOCKED", "LOCK_BUSY"]);
    assert!(Code::Internal.info().aliases.is_empty());
}

#[test]
fn the_perfect_hash_reads_aliases_too() {
    assert!(Big::TABLE.len() > 200);
    assert_eq!(Big::from_code("OLD_NAME"), Some(Big::NewName));
    assert_eq!(Big::from_code("V999"), Some(Big::NewName));
    assert_eq!(Big::from_code("NEW_NAME"), Some(Big::NewName));
    assert_eq!(Big::from_code("V204"), Some(Big::V204));
    assert_eq!(Big::from_code("V205"), None);
    assert_eq!("OLD_NAME".parse::<Big>(), Ok(Big::NewName));
}

#[test]
fn an_old_document_reads_as_the_new_code() {
    let old =
        r#"{"ok":false,"command":"apply","error":{"code":"LOCKED","message":"held by run 41"}}"#;
    let read = SPONSON.read::<Value, Details>(old).unwrap();
    let body = read.result.unwrap_err();
    assert!(body.is_known::<Code>());
    assert_eq!(body.kind::<Code>(), Code::LockHeld);
    assert_eq!(body.info::<Code>().code, "LOCK_HELD");
    // What is written is the code's name now.
    let out = SPONSON.render(&Outcome::new(
        "apply",
        &Err::<(), _>(Error::new(Code::LockHeld, "held by run 41")),
    ));
    assert!(
        out.stdout.contains(r#""code":"LOCK_HELD""#),
        "{}",
        out.stdout
    );
}

#[test]
fn a_split_names_the_code_it_refines() {
    assert_eq!(
        Code::RequestTimeout.info().split_from,
        Some("REQUEST_FAILED")
    );
    assert_eq!(
        Code::RequestRefused.info().split_from,
        Some("REQUEST_FAILED")
    );
    assert_eq!(Code::LockHeld.info().split_from, None);
}

#[test]
fn the_catalog_records_aliases_splits_and_the_level() {
    let catalog = Catalog::from_enums(&[Code::ENUM, Strict::ENUM]);
    let json: Value = serde_json::from_str(&catalog.to_json()).unwrap();
    let codes = json["codes"].as_array().unwrap();
    assert_eq!(
        codes[0]["aliases"],
        serde_json::json!(["LOCKED", "LOCK_BUSY"])
    );
    assert_eq!(codes[2]["split_from"], "REQUEST_FAILED");
    // Omitted when empty.
    assert!(codes[1].get("aliases").is_none() && codes[1].get("split_from").is_none());
    assert!(json["enums"][0].get("compat").is_none());
    assert_eq!(json["enums"][1]["compat"], "strict");
    // Read back, the companion's view of the enums keeps them.
    let read = Catalog::from_json(&catalog.to_json()).unwrap();
    let infos = read.enum_infos();
    assert_eq!(infos[0].table[0].aliases, ["LOCKED", "LOCK_BUSY"]);
    assert_eq!(infos[0].table[2].split_from, Some("REQUEST_FAILED"));
    assert_eq!(infos[1].compat, Some("strict"));
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, WarningCodes)]
enum Warn {
    #[code(doc = "An anchor was read literally.", alias = "ANCHOR_LITERAL")]
    YamlAnchor,
}

#[test]
fn a_warning_code_reads_its_old_name_too() {
    assert_eq!(Warn::from_code("ANCHOR_LITERAL"), Some(Warn::YamlAnchor));
    assert_eq!("ANCHOR_LITERAL".parse::<Warn>(), Ok(Warn::YamlAnchor));
    assert_eq!(
        serde_json::to_string(&Warn::YamlAnchor).unwrap(),
        "\"YAML_ANCHOR\""
    );
}
