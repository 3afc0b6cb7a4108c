//! The library's MCP tool results against the `CallToolResult` of every
//! dated MCP schema, and its output schema against each version's
//! `Tool.outputSchema`: the specification's own files, which this
//! repository does not copy.
//!
//! The directory holding `<version>/schema.json` is the environment variable
//! `SPONSON_CODES_MCP_SCHEMAS`, relative to the repository's root unless
//! absolute; `.ci/run` sets it to `../shared/mcp-schema` when that exists.
//! Without the variable the test checks nothing and says so; with it, a
//! directory that holds no schema is a failure.

use std::path::{Path, PathBuf};

use serde::{Serialize, Serializer};
use serde_json::{json, Value};
use sponson_codes::profile::{FIRSTDRAFT, NOGGIN, SPONSON};
use sponson_codes::{mcp, Error, ErrorCodes, Mode, Runner};

const VARIABLE: &str = "SPONSON_CODES_MCP_SCHEMAS";

const PANIC_TEXT: &str = "an expected panic in a tool's body";

#[derive(Debug, Clone, Copy, ErrorCodes)]
pub enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.", hint = "Pass --wait.")]
    LockHeld,
    #[code(exit = 2, doc = "Bad arguments.", usage)]
    Usage,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Data whose `Serialize` fails: rendered as the fallback code.
struct Unrenderable;

impl Serialize for Unrenderable {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("no"))
    }
}

/// One dated schema: its version (the directory's name) and its document.
struct Schema {
    version: String,
    document: Value,
}

/// The schemas under the directory the variable names; `None` without it.
fn schemas() -> Option<Vec<Schema>> {
    let Some(dir) = std::env::var_os(VARIABLE) else {
        eprintln!(
            "skipped: {VARIABLE} is not set; set it to the directory holding <version>/schema.json \
             (bash .ci/run sets ../shared/mcp-schema) to validate against the MCP schemas"
        );
        return None;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir: PathBuf = root.join(dir);
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|err| {
        panic!(
            "cannot read {} ({VARIABLE}): {err}; point it at the directory holding <version>/schema.json",
            dir.display()
        )
    });
    let mut found: Vec<Schema> = entries
        .filter_map(|entry| {
            let path = entry.ok()?.path().join("schema.json");
            let text = std::fs::read_to_string(&path).ok()?;
            let document = serde_json::from_str(&text).unwrap_or_else(|err| {
                panic!(
                    "{} is not JSON: {err}; replace it with the official schema",
                    path.display()
                )
            });
            let version = path.parent()?.file_name()?.to_string_lossy().into_owned();
            Some(Schema { version, document })
        })
        .collect();
    assert!(
        !found.is_empty(),
        "{} ({VARIABLE}) holds no <version>/schema.json; copy the official schemas there or unset {VARIABLE}",
        dir.display()
    );
    found.sort_by(|a, b| a.version.cmp(&b.version));
    Some(found)
}

impl Schema {
    /// The JSON pointer of the definition at `pointer` below `definitions`
    /// (draft-07) or `$defs` (2020-12), whichever the document uses, and
    /// the definition.
    fn definition(&self, pointer: &str) -> (String, &Value) {
        let defs = ["$defs", "definitions"]
            .into_iter()
            .find(|key| self.document.get(key).is_some())
            .unwrap_or_else(|| panic!("{}: neither $defs nor definitions", self.version));
        let target = format!("/{defs}/{pointer}");
        let definition = self
            .document
            .pointer(&target)
            .unwrap_or_else(|| panic!("{}: no {target} in the schema", self.version));
        (target, definition)
    }

    /// A validator for the definition at `pointer`, in the document's
    /// dialect: the document itself, its root a `$ref` to the definition,
    /// so that the definition's own references resolve within it.
    fn validator(&self, pointer: &str) -> jsonschema::Validator {
        let (target, _) = self.definition(pointer);
        let mut wrapper = self.document.clone();
        wrapper["$ref"] = json!(format!("#{target}"));
        let built = match self.document["$schema"].as_str() {
            Some("http://json-schema.org/draft-07/schema#") => jsonschema::draft7::new(&wrapper),
            Some("https://json-schema.org/draft/2020-12/schema") => {
                jsonschema::draft202012::new(&wrapper)
            }
            other => panic!(
                "{}: the schema declares the dialect {other:?}, which this test does not know; add it here",
                self.version
            ),
        };
        built.unwrap_or_else(|err| panic!("{}: {target} does not compile: {err}", self.version))
    }
}

/// Every kind of result the library produces, named, in every profile.
fn results() -> Vec<(String, Value)> {
    // The panic below is expected: its message would only be noise.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !info.to_string().contains(PANIC_TEXT) {
            previous(info);
        }
    }));
    let mut results = Vec::new();
    for profile in [&SPONSON, &NOGGIN, &FIRSTDRAFT] {
        let runner = || Runner::<Code>::new("apply", Mode::Json).profile(profile);
        let name = |what: &str| format!("{what} ({})", profile.name);
        let rendered: [(&str, sponson_codes::Output); 7] = [
            (
                "success",
                runner().render(|| Ok::<_, Error<Code>>(json!({"changes": 2}))),
            ),
            (
                "success without data",
                runner().render(|| Ok::<_, Error<Code>>(())),
            ),
            (
                "coded failure",
                runner().render(|| {
                    Err::<(), _>(
                        Error::new(Code::LockHeld, "held by run 41").with_detail("run", &41),
                    )
                }),
            ),
            (
                "usage error",
                runner().render(|| Err::<(), _>(Error::<Code>::usage("unexpected argument"))),
            ),
            (
                "the fallback",
                runner().render(|| Err::<(), _>(Error::<Code>::fallback("cache is corrupt"))),
            ),
            (
                "data that cannot render",
                runner().render(|| Ok::<_, Error<Code>>(Unrenderable)),
            ),
            (
                "a panic",
                runner().render(|| -> Result<(), Error<Code>> { panic!("{PANIC_TEXT}") }),
            ),
        ];
        for (what, output) in rendered {
            results.push((name(what), mcp::tool_result_of(&output)));
        }
        results.push((
            name("text data"),
            mcp::tool_result_of(&runner().render(|| Ok::<_, Error<Code>>("plain text"))),
        ));
    }
    // The program's own profile (Sponson's: this test declares none).
    results.push((
        "tool_result success".into(),
        mcp::tool_result::<_, Code>("apply", &Ok(json!({"changes": 2}))),
    ));
    results.push((
        "tool_result failure".into(),
        mcp::tool_result::<(), _>("apply", &Err(Error::new(Code::LockHeld, "held"))),
    ));
    results
}

fn errors(validator: &jsonschema::Validator, value: &Value) -> Vec<String> {
    validator
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

#[test]
fn every_result_is_a_call_tool_result_of_every_dated_schema() {
    let Some(schemas) = schemas() else {
        return;
    };
    let results = results();
    let mut failures = Vec::new();
    for schema in &schemas {
        let validator = schema.validator("CallToolResult");
        for (name, result) in &results {
            let found = errors(&validator, result);
            if !found.is_empty() {
                failures.push(format!(
                    "{} rejects {name}: {}\n  {result}",
                    schema.version,
                    found.join("; ")
                ));
            }
        }
        // The validator refuses what the schema refuses, down to the blocks.
        for wrong in [
            json!({"content": "text", "resultType": "complete"}),
            json!({"content": [{"type": "text"}], "resultType": "complete"}),
            json!({"content": [], "isError": "yes", "resultType": "complete"}),
        ] {
            assert!(!validator.is_valid(&wrong), "{}: {wrong}", schema.version);
        }
        let (_, definition) = schema.definition("CallToolResult");
        let required = definition["required"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for member in required {
            let member = member.as_str().unwrap();
            let mut without = results[0].1.clone();
            without.as_object_mut().unwrap().remove(member);
            assert!(
                !validator.is_valid(&without),
                "{}: a result without the required `{member}` passed",
                schema.version
            );
        }
        eprintln!(
            "{}: {} results valid as CallToolResult",
            schema.version,
            results.len()
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_output_schema_is_an_output_schema_of_every_dated_schema() {
    let Some(schemas) = schemas() else {
        return;
    };
    let schema = mcp::output_schema::<Code>();
    // Itself a schema in the dialect MCP assumes.
    jsonschema::draft202012::new(&schema).expect("a valid JSON Schema 2020-12");
    for dated in &schemas {
        let validator = dated.validator("Tool/properties/outputSchema");
        let found = errors(&validator, &schema);
        assert!(
            found.is_empty(),
            "{} rejects mcp::output_schema: {}",
            dated.version,
            found.join("; ")
        );
        eprintln!(
            "{}: mcp::output_schema valid as outputSchema",
            dated.version
        );
    }
}
