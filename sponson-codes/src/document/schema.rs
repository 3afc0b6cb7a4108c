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

    /// The enums whose codes the command, route or tool can return: those
    /// that declare a set for it, since its runner runs the enum that
    /// declares its set and can print no other enum's codes; every enum when
    /// none declares one.
    fn enums(self, enums: Vec<&EnumInfo>) -> Vec<&EnumInfo> {
        let Some((kind, name)) = self.0 else {
            return enums;
        };
        if !enums.iter().any(|e| e.set(kind, name).is_some()) {
            return enums;
        }
        enums
            .into_iter()
            .filter(|e| e.set(kind, name).is_some())
            .collect()
    }
}

/// The dialect every schema declares.
pub const SCHEMA_DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

impl Profile {
    /// The JSON Schema (2020-12) of what the program prints in this profile:
    /// a success and a failure under `$defs`, exactly one of which a
    /// document matches. With `enums`, the error codes are an `enum` (each
    /// code's doc as the `description` of its `const` in a `oneOf`), the
    /// exit codes the ones they use, and the warning codes theirs; each code
    /// that declares `retryable` has a rule (`if` the code, `then` that
    /// value) in the `allOf` beside the error's members. With no enums, any
    /// code string and any exit from 1 to 255 (the schema of every document
    /// the reader accepts). Success data is not described
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
    /// MCP tool may return: its declared set's codes and their exits, and,
    /// where the document names the command, that name. Only the enums that
    /// declare a set for it count, since its runner runs the enum that
    /// declares its set and can print no other enum's codes; when no enum
    /// declares one, every code of every enum.
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
        let errors = only.enums(enums.iter().copied().filter(|e| !e.is_warnings()).collect());
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
        // The one detail the library writes itself: see `Error::causes`.
        fields.insert(
            crate::error::CAUSES.into(),
            json!({
                "type": "array",
                "items": {"type": "string"},
                "description": "The messages below `message`, outermost first (an `anyhow::Error`'s chain); absent when there are none.",
            }),
        );
        let mut rules = Vec::new();
        if let Some(key) = shape.retryable {
            fields.insert(
                key.into(),
                json!({"type": "boolean", "description": "Whether retrying the same request can succeed, for codes that declare it; absent means unknown, which is not retryable."}),
            );
            rules = retry_rules(errors, only, shape.code, key);
        }
        if let Some(key) = shape.localized_message {
            fields.insert(
                key.into(),
                json!({
                    "type": "object",
                    "required": ["locale", "message"],
                    "properties": {
                        "locale": {"type": "string", "description": "A BCP 47 language tag, such as `de-DE`."},
                        "message": {"type": "string", "description": "The message in that locale, for people; never branch on it."},
                    },
                    "additionalProperties": false,
                    "description": "The message in the reader's language, when the program localized it; `message` stays in English.",
                }),
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
        // The rules go beside the error's members: in the error object, or
        // in the document when the error's members are the document's own.
        let with_rules = |mut object: Value| {
            if !rules.is_empty() {
                object["allOf"] = Value::Array(rules);
            }
            object
        };
        match shape.nest {
            Some(key) => {
                properties.insert(
                    key.into(),
                    with_rules(
                        json!({"type": "object", "required": error_required, "properties": fields}),
                    ),
                );
                required.push(json!(key));
                json!({"type": "object", "required": required, "properties": properties})
            }
            None => {
                properties.extend(fields);
                required.extend(error_required);
                with_rules(
                    json!({"type": "object", "required": required, "properties": properties}),
                )
            }
        }
    }
}

impl Profile {
    /// `schema`, one of this profile's, with its success's data described by
    /// `data`, a JSON Schema (2020-12) such as schemars writes for the type a
    /// tool returns: under the data key, or, for a profile that flattens
    /// object data into the envelope, beside the envelope's members. Its
    /// `$defs` move to the root, where its `$ref`s point. Left undescribed
    /// when a definition's name is taken or the profile prints no envelope.
    #[cfg(feature = "rmcp")]
    pub(crate) fn with_data(&self, mut schema: Value, data: &Value) -> Value {
        let Value::Object(data) = data else {
            return schema;
        };
        let mut data = data.clone();
        data.remove("$schema");
        let defs = match data.remove("$defs") {
            Some(Value::Object(defs)) => defs,
            _ => Map::new(),
        };
        let taken = |name: &String| schema["$defs"].get(name).is_some();
        if matches!(self.success, Success::Bare(_)) || defs.keys().any(taken) {
            return schema;
        }
        let object = data.get("type") == Some(&json!("object"));
        let data = Value::Object(data);
        let success = &mut schema["$defs"]["success"];
        match self.data {
            Data::Flatten(_) if object => success["allOf"] = json!([data]),
            Data::Flatten(key) | Data::Nested(key) => success["properties"][key] = data,
        }
        if let Value::Object(all) = &mut schema["$defs"] {
            all.extend(defs);
        }
        schema
    }
}

/// For each code of `errors` that declares whether it is retryable, the
/// rule that its document carries that value under `retryable`: a code that
/// declares nothing is left to the optional boolean.
fn retry_rules(errors: &[&EnumInfo], only: Only<'_>, code: &str, retryable: &str) -> Vec<Value> {
    let mut seen = std::collections::BTreeSet::new();
    let mut rules = Vec::new();
    for e in errors {
        for c in e.table {
            let Some(declared) = c.retryable else {
                continue;
            };
            if only.allows(e, c) && seen.insert(c.code) {
                rules.push(json!({
                    "if": {"required": [code], "properties": {code: {"const": c.code}}},
                    "then": {"required": [retryable], "properties": {retryable: {"const": declared}}},
                }));
            }
        }
    }
    rules
}

/// Every live and retired code of `enums` and their old names (retired
/// codes and old names may still be read from older output), as an `enum`
/// with a described `const` per code; any string when `enums` declare none.
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
                // The readers take an old name as the code (`alias`).
                for alias in c.aliases {
                    if seen.insert(alias) {
                        codes.push(json!(alias));
                        described.push(json!({
                            "const": alias,
                            "description": format!("An old name of `{}`: {}", c.code, c.doc),
                            "deprecated": true,
                        }));
                    }
                }
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::profile::{NOGGIN, SPONSON};
    use crate::code::{ErrorCode, SetKind};
    use crate::ErrorCodes;

    /// The codes of `apply`, whose runner runs this enum.
    #[allow(dead_code)]
    #[derive(Debug, Clone, Copy, PartialEq, ErrorCodes)]
    #[codes(crate = crate, commands(apply = [LockHeld, PlanStale]))]
    enum Apply {
        #[code(exit = 3, doc = "Another run holds the lock.", retryable = true)]
        LockHeld,
        #[code(exit = 4, doc = "The plan is stale.", retryable = false)]
        PlanStale,
        #[code(exit = 5, doc = "The plan was never approved.")]
        Unapproved,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }

    /// The codes of the program's other commands.
    #[allow(dead_code)]
    #[derive(Debug, Clone, Copy, PartialEq, ErrorCodes)]
    #[codes(crate = crate)]
    enum Remote {
        #[code(exit = 6, doc = "The remote is unreachable.", retryable = true)]
        RemoteUnreachable,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        RemoteInternal,
    }

    /// A code renamed with its old name kept.
    #[allow(dead_code)]
    #[derive(Debug, Clone, Copy, PartialEq, ErrorCodes)]
    #[codes(crate = crate)]
    enum Renamed {
        #[code(exit = 2, doc = "An approver is required.", alias = "ENV_NOT_APPROVED")]
        ApprovalRequired,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }

    #[test]
    fn an_old_name_is_a_code_the_schema_allows_marked_deprecated() {
        // The readers take an old document's old name as its code: the
        // schema must not refuse what they read.
        let schema = SPONSON.schema(&[Renamed::ENUM]);
        let code = &schema["$defs"]["code"];
        assert_eq!(
            code["enum"],
            json!(["APPROVAL_REQUIRED", "ENV_NOT_APPROVED", "INTERNAL"])
        );
        let old = code["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .find(|one| one["const"] == "ENV_NOT_APPROVED")
            .expect("the old name is described");
        assert_eq!(old["deprecated"], true);
        assert_eq!(
            old["description"],
            "An old name of `APPROVAL_REQUIRED`: An approver is required."
        );
    }

    #[test]
    fn a_commands_schema_allows_only_the_codes_of_its_set_not_those_of_other_enums() {
        let enums = [Apply::ENUM, Remote::ENUM];
        let schema = SPONSON.schema_for(&enums, SetKind::Command, "apply");
        assert_eq!(
            schema["$defs"]["code"]["enum"],
            json!(["LOCK_HELD", "PLAN_STALE", "INTERNAL"])
        );
        let noggin = NOGGIN.schema_for(&enums, SetKind::Command, "apply");
        assert_eq!(
            noggin["$defs"]["failure"]["properties"]["error"]["properties"]["exitCode"]["enum"],
            json!([1, 3, 4])
        );
        // The whole program's schema still lists every enum's codes.
        assert_eq!(
            SPONSON.schema(&enums)["$defs"]["code"]["enum"],
            json!([
                "LOCK_HELD",
                "PLAN_STALE",
                "UNAPPROVED",
                "INTERNAL",
                "REMOTE_UNREACHABLE",
                "REMOTE_INTERNAL"
            ])
        );
    }

    #[test]
    fn the_schema_describes_the_causes_an_error_keeps() {
        let causes = json!({
            "type": "array",
            "items": {"type": "string"},
            "description": "The messages below `message`, outermost first (an `anyhow::Error`'s chain); absent when there are none.",
        });
        let schema = SPONSON.schema(&[Apply::ENUM]);
        assert_eq!(
            schema["$defs"]["failure"]["properties"]["error"]["properties"]["causes"],
            causes
        );
        let schema = NOGGIN.schema(&[Apply::ENUM]);
        assert_eq!(
            schema["$defs"]["failure"]["properties"]["error"]["properties"]["causes"],
            causes
        );
    }

    #[test]
    fn the_schema_gives_each_code_its_declared_retryability() {
        let schema = SPONSON.schema(&[Apply::ENUM, Remote::ENUM]);
        let error = &schema["$defs"]["failure"]["properties"]["error"];
        let rule = |code: &str| {
            error["allOf"]
                .as_array()
                .unwrap()
                .iter()
                .find(|rule| rule["if"]["properties"]["code"]["const"] == code)
                .cloned()
        };
        let then = |retryable: bool| json!({"required": ["retryable"], "properties": {"retryable": {"const": retryable}}});
        assert_eq!(rule("LOCK_HELD").unwrap()["then"], then(true));
        assert_eq!(rule("PLAN_STALE").unwrap()["then"], then(false));
        assert_eq!(rule("REMOTE_UNREACHABLE").unwrap()["then"], then(true));
        assert_eq!(
            rule("LOCK_HELD").unwrap()["if"]["required"],
            json!(["code"])
        );
        // A code that declares nothing is left to the optional boolean.
        assert!(rule("UNAPPROVED").is_none() && rule("INTERNAL").is_none());
    }

    /// A tool's data schema as schemars writes it: a `$ref` to its `$defs`.
    #[cfg(feature = "rmcp")]
    fn plan_schema() -> serde_json::Value {
        json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "Plan",
            "type": "object",
            "required": ["steps"],
            "properties": {"steps": {"type": "array", "items": {"$ref": "#/$defs/Step"}}},
            "$defs": {"Step": {"type": "string"}},
        })
    }

    #[cfg(feature = "rmcp")]
    #[test]
    fn object_data_is_described_beside_a_flattening_envelope_with_its_defs_at_the_root() {
        let schema = SPONSON.with_data(SPONSON.schema(&[Apply::ENUM]), &plan_schema());
        let data = &schema["$defs"]["success"]["allOf"][0];
        assert_eq!(data["properties"]["steps"]["items"]["$ref"], "#/$defs/Step");
        assert!(data.get("$defs").is_none() && data.get("$schema").is_none());
        assert_eq!(schema["$defs"]["Step"], json!({"type": "string"}));
        // The envelope's own definitions stay.
        assert!(schema["$defs"]["code"]["enum"].is_array());
    }

    #[cfg(feature = "rmcp")]
    #[test]
    fn data_that_is_not_an_object_or_a_nesting_envelope_goes_under_the_data_key() {
        let list = json!({"type": "array", "items": {"type": "string"}});
        let schema = SPONSON.with_data(SPONSON.schema(&[Apply::ENUM]), &list);
        assert_eq!(schema["$defs"]["success"]["properties"]["data"], list);
        let schema = NOGGIN.with_data(NOGGIN.schema(&[Apply::ENUM]), &plan_schema());
        let data = &schema["$defs"]["success"]["properties"]["data"];
        assert_eq!(data["title"], "Plan");
        assert!(schema["$defs"]["success"].get("allOf").is_none());
    }

    #[cfg(feature = "rmcp")]
    #[test]
    fn data_stays_undescribed_when_a_definition_name_is_taken_or_nothing_is_an_envelope() {
        let taken = json!({"type": "object", "$defs": {"code": {"type": "integer"}}});
        let schema = SPONSON.schema(&[Apply::ENUM]);
        assert_eq!(SPONSON.with_data(schema.clone(), &taken), schema);
        let bare = super::super::profile::FIRSTDRAFT;
        let schema = bare.schema(&[Apply::ENUM]);
        assert_eq!(bare.with_data(schema.clone(), &plan_schema()), schema);
    }
}
