//! The JSON Schema (2020-12) of a program's documents, generated from the
//! same profile definition as the writer and the reader: every member the
//! writer always prints is required with the type the reader requires, and
//! what the reader refuses (a success carrying the error key, a hint that
//! is not a string, an exit outside 1 to 255) the schema refuses too.

use serde_json::{json, Map, Value};

use super::profile::{Data, Profile, Status, Success};
use crate::code::{CodeInfo, EnumInfo, SetKind};

/// The codes a schema lists: every code of the enums, or those one
/// command, route or tool may return.
#[derive(Clone, Copy)]
struct Only<'a>(Option<(SetKind, &'a str)>);

impl Only<'_> {
    fn allows(self, e: &EnumInfo, c: &CodeInfo) -> bool {
        match self.0 {
            None => true,
            Some((kind, name)) => e.allows(kind, name, c.code),
        }
    }
}

/// The dialect every schema declares.
pub const SCHEMA_DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

impl Profile {
    /// The JSON Schema (2020-12) of what the program prints in this profile:
    /// a success and a failure under `$defs`, exactly one of which a
    /// document matches. With `enums`, the error codes are an `enum` (each
    /// code's doc as the `description` of its `const` in a `oneOf`), the
    /// exit codes the ones they use, and the warning codes theirs; with no
    /// enums, any code string and any exit from 1 to 255 (the schema of
    /// every document the reader accepts). Success data is not described
    /// (any value); details and unknown members are allowed, since adding
    /// them does not break a consumer.
    ///
    /// ```
    /// use sponson_codes::profile::NOGGIN;
    ///
    /// let schema = NOGGIN.schema(&sponson_codes::registry::documented());
    /// assert_eq!(schema["$schema"], "https://json-schema.org/draft/2020-12/schema");
    /// assert_eq!(schema["$defs"]["failure"]["properties"]["status"]["const"], "error");
    /// ```
    pub fn schema(&self, enums: &[&EnumInfo]) -> Value {
        self.schema_of(enums, Only(None))
    }

    /// [`schema`](Profile::schema) narrowed to what one command, route or
    /// MCP tool may return: its declared set's codes and their exits (every
    /// code of an enum that declares no set for it), and, where the
    /// document names the command, that name.
    ///
    /// ```
    /// use sponson_codes::{ErrorCode, ErrorCodes};
    /// use sponson_codes::{profile::SPONSON, registry::SetKind};
    ///
    /// #[derive(ErrorCodes)]
    /// #[codes(commands(apply = [LockHeld]))]
    /// enum Code {
    ///     #[code(exit = 3, doc = "Another run holds the lock.")]
    ///     LockHeld,
    ///     #[code(exit = 4, doc = "The plan is stale.")]
    ///     PlanStale,
    ///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    ///     Internal,
    /// }
    ///
    /// let schema = SPONSON.schema_for(&[Code::ENUM], SetKind::Command, "apply");
    /// assert_eq!(schema["$defs"]["code"]["enum"], serde_json::json!(["LOCK_HELD", "INTERNAL"]));
    /// assert_eq!(schema["$defs"]["failure"]["properties"]["command"]["const"], "apply");
    /// ```
    pub fn schema_for(&self, enums: &[&EnumInfo], kind: SetKind, name: &str) -> Value {
        self.schema_of(enums, Only(Some((kind, name))))
    }

    fn schema_of(&self, enums: &[&EnumInfo], only: Only<'_>) -> Value {
        let errors: Vec<&EnumInfo> = enums.iter().copied().filter(|e| !e.is_warnings()).collect();
        let warnings: Vec<&EnumInfo> = enums.iter().copied().filter(|e| e.is_warnings()).collect();
        let mut defs = Map::new();
        defs.insert("code".into(), codes_schema(&errors, only, "An error code"));
        defs.insert("success".into(), self.success_schema(only));
        defs.insert("failure".into(), self.failure_schema(&errors, only));
        if self.warnings.is_some() {
            defs.insert(
                "warningCode".into(),
                codes_schema(&warnings, Only(None), "A warning code"),
            );
            defs.insert(
                "warning".into(),
                json!({
                    "type": "object",
                    "description": "A finding that did not stop the run; it never changes the exit code.",
                    "required": ["code", "message"],
                    "properties": {
                        "code": {"$ref": "#/$defs/warningCode"},
                        "message": {"type": "string"},
                        "hint": {"type": "string"},
                    },
                }),
            );
        }
        let mut schema = Map::new();
        schema.insert("$schema".into(), json!(SCHEMA_DIALECT));
        schema.insert(
            "title".into(),
            json!(format!("One outcome in the `{}` envelope", self.name)),
        );
        schema.insert(
            "oneOf".into(),
            json!([{"$ref": "#/$defs/success"}, {"$ref": "#/$defs/failure"}]),
        );
        schema.insert("$defs".into(), Value::Object(defs));
        Value::Object(schema)
    }

    fn schema_head(
        &self,
        ok: bool,
        only: Only<'_>,
        properties: &mut Map<String, Value>,
        required: &mut Vec<Value>,
    ) {
        match self.status {
            Status::Bool { key } => {
                properties.insert(key.into(), json!({"const": ok}));
                required.push(json!(key));
            }
            Status::Text {
                key,
                ok: yes,
                error: no,
            } => {
                properties.insert(key.into(), json!({"const": if ok { yes } else { no }}));
                required.push(json!(key));
            }
            Status::Absent => {}
        }
        if let Some(version) = self.version {
            properties.insert(version.key.into(), json!({"const": version.value}));
            required.push(json!(version.key));
        }
        if let Some(key) = self.command {
            properties.insert(
                key.into(),
                match only.0 {
                    Some((SetKind::Command | SetKind::Tool, name)) => {
                        json!({"const": name, "description": "The command that ran."})
                    }
                    _ => json!({"type": "string", "description": "The command that ran."}),
                },
            );
            required.push(json!(key));
        }
        if let Some(key) = self.warnings {
            properties.insert(
                key.into(),
                json!({"type": "array", "items": {"$ref": "#/$defs/warning"}}),
            );
        }
    }

    fn success_schema(&self, only: Only<'_>) -> Value {
        if let Success::Bare(_) = self.success {
            // Whatever does not read as a failure's document.
            return json!({
                "description": "The program's own output: the command's data, with no envelope.",
                "not": self.failure_detector(),
            });
        }
        let mut properties = Map::new();
        let mut required = Vec::new();
        self.schema_head(true, only, &mut properties, &mut required);
        match self.data {
            Data::Nested(key) => {
                properties.insert(key.into(), json!({"description": "The command's data."}));
                required.push(json!(key));
            }
            Data::Flatten(key) => {
                properties.insert(
                    key.into(),
                    json!({"description": "Data that is not a JSON object; object data is flattened into the envelope."}),
                );
            }
        }
        let mut schema = json!({"type": "object", "required": required, "properties": properties});
        if let Some(key) = self.error.nest {
            // A success never carries the error key.
            schema["not"] = json!({"required": [key]});
        }
        schema
    }

    /// What tells a failure's document in a profile whose success prints
    /// no envelope ([`Profile::is_failure`]).
    fn failure_detector(&self) -> Value {
        match self.status {
            Status::Bool { key } => {
                json!({"type": "object", "required": [key], "properties": {key: {"const": false}}})
            }
            Status::Text { key, error, .. } => {
                json!({"type": "object", "required": [key], "properties": {key: {"const": error}}})
            }
            Status::Absent => {
                let (code, message) = (self.error.code, self.error.message);
                json!({
                    "type": "object",
                    "required": [code, message],
                    "properties": {code: {"type": "string"}, message: {"type": "string"}},
                })
            }
        }
    }

    fn failure_schema(&self, errors: &[&EnumInfo], only: Only<'_>) -> Value {
        let mut fields = Map::new();
        let shape = &self.error;
        let mut error_required = vec![json!(shape.code), json!(shape.message)];
        fields.insert(shape.code.into(), json!({"$ref": "#/$defs/code"}));
        fields.insert(
            shape.message.into(),
            json!({"type": "string", "description": "For people; never branch on it."}),
        );
        if let Some(key) = shape.hint {
            fields.insert(
                key.into(),
                json!({"type": "string", "description": "The remedy, often a flag."}),
            );
        }
        if let Some(key) = shape.retryable {
            fields.insert(
                key.into(),
                json!({"type": "boolean", "description": "Whether retrying the same request can succeed, for codes that declare it; absent means unknown, which is not retryable."}),
            );
        }
        if let Some(key) = shape.exit {
            let mut exits: Vec<u8> = errors
                .iter()
                .flat_map(|e| {
                    e.table
                        .iter()
                        .filter(move |c| only.allows(e, c))
                        .map(|c| c.exit)
                })
                .collect();
            exits.sort_unstable();
            exits.dedup();
            let exit = if exits.is_empty() {
                json!({"type": "integer", "minimum": 1, "maximum": 255, "description": "The process exit code."})
            } else {
                json!({"type": "integer", "enum": exits, "description": "The process exit code."})
            };
            fields.insert(key.into(), exit);
            error_required.push(json!(key));
        }
        let mut properties = Map::new();
        let mut required = Vec::new();
        self.schema_head(false, only, &mut properties, &mut required);
        match shape.nest {
            Some(key) => {
                properties.insert(
                    key.into(),
                    json!({"type": "object", "required": error_required, "properties": fields}),
                );
                required.push(json!(key));
            }
            None => {
                properties.extend(fields);
                required.extend(error_required);
            }
        }
        json!({"type": "object", "required": required, "properties": properties})
    }
}

/// Every live and retired code of `enums` (retired codes may still be read
/// from older output), as an `enum` with a described `const` per code; any
/// string when `enums` declare none.
fn codes_schema(enums: &[&EnumInfo], only: Only<'_>, what: &str) -> Value {
    let mut seen = std::collections::BTreeSet::new();
    let mut codes = Vec::new();
    let mut described = Vec::new();
    for e in enums {
        for c in e.table {
            if only.allows(e, c) && seen.insert(c.code) {
                codes.push(json!(c.code));
                let mut one = json!({"const": c.code, "description": c.doc});
                if c.retired.is_some() {
                    one["deprecated"] = json!(true);
                }
                described.push(one);
            }
        }
    }
    if codes.is_empty() {
        return json!({"type": "string", "description": format!("{what}: any string.")});
    }
    json!({
        "type": "string",
        "description": format!("{what} of the program. Treat a code not listed here as the fallback."),
        "enum": codes,
        "oneOf": described,
    })
}
