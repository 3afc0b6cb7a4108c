use serde_json::{json, Map, Value};
use utoipa::openapi::path::{HttpMethod, OperationBuilder, PathItem, PathsBuilder};
use utoipa::openapi::{OpenApiBuilder, Ref};
use utoipa::Modify;

use super::*;
use crate::http::ABOUT_BLANK;
use crate::profile::LocalizedMessage;
use crate::ErrorCodes;

#[derive(Debug, Clone, Copy, PartialEq, ErrorCodes)]
#[codes(
    crate = crate,
    url = "https://plans.example/errors#{code}",
    routes(
        "GET /plans/{name}" = [PlanNotFound],
        "POST /runs" = [LockHeld, PlanStale],
    ),
)]
enum Code {
    #[code(
        exit = 2,
        doc = "The request is not valid.",
        hint = "Send JSON.",
        usage
    )]
    BadRequest,
    #[code(exit = 2, doc = "No plan has this name.", http = 404)]
    PlanNotFound,
    #[code(exit = 2, doc = "No route has this path.", http = 404)]
    RouteNotFound,
    #[code(
        exit = 3,
        doc = "Another run holds the lock.",
        http = 409,
        retryable = true
    )]
    LockHeld,
    #[code(exit = 3, doc = "The plan changed.", http = 409, retryable = false)]
    PlanStale,
    #[code(exit = 2, doc = "The v1 plan format.", http = 410, retired = "0.3")]
    PlanV1,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

/// Codes without a URL: `about:blank`, titled by the status.
#[derive(Debug, Clone, Copy, PartialEq, ErrorCodes)]
#[codes(crate = crate)]
enum Bare {
    #[code(exit = 3, doc = "Too many requests.", http = 429)]
    RateLimited,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

const PROBLEMS: Problems<Code> = Problems::new();

/// A document with the given `(method, path)` operations, each answering
/// 200, modified by `Problems<Code>`, as JSON.
fn document(operations: &[(HttpMethod, &str)]) -> Value {
    let mut paths = PathsBuilder::new();
    for (method, path) in operations {
        let operation = OperationBuilder::new()
            .response("200", ResponseBuilder::new().description("Done."))
            .build();
        paths = paths.path(*path, PathItem::new(method.clone(), operation));
    }
    let mut doc = OpenApiBuilder::new().paths(paths).build();
    PROBLEMS.modify(&mut doc);
    serde_json::to_value(doc).unwrap()
}

fn statuses(responses: &Value) -> Vec<&str> {
    responses
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

fn content(responses: &Value, status: u16) -> &Value {
    &responses[status.to_string()]["content"][PROBLEM_CONTENT_TYPE]
}

fn codes_at(responses: &Value, status: u16) -> &Value {
    &content(responses, status)["schema"]["allOf"][1]["properties"]["code"]["enum"]
}

#[test]
fn a_declared_route_has_one_response_per_status_of_its_codes() {
    let doc = document(&[
        (HttpMethod::Get, "/plans/{name}"),
        (HttpMethod::Post, "/runs"),
    ]);
    let show = &doc["paths"]["/plans/{name}"]["get"]["responses"];
    assert_eq!(statuses(show), ["200", "400", "404", "500"]);
    // ROUTE_NOT_FOUND is 404 too, but not the route's.
    assert_eq!(codes_at(show, 404), &json!(["PLAN_NOT_FOUND"]));
    assert_eq!(codes_at(show, 400), &json!(["BAD_REQUEST"]));
    assert_eq!(codes_at(show, 500), &json!(["INTERNAL"]));
    let runs = &doc["paths"]["/runs"]["post"]["responses"];
    assert_eq!(statuses(runs), ["200", "400", "409", "500"]);
    assert_eq!(codes_at(runs, 409), &json!(["LOCK_HELD", "PLAN_STALE"]));
    let schema = &content(runs, 409)["schema"]["allOf"];
    assert_eq!(schema[0]["$ref"], "#/components/schemas/Problem");
    assert_eq!(schema[1]["properties"]["status"]["enum"], json!([409]));
    let branches = schema[2]["oneOf"].as_array().unwrap();
    assert_eq!(branches.len(), 2);
    assert_eq!(branches[1]["description"], "The plan changed.");
    assert_eq!(
        branches[1]["properties"]["retryable"]["enum"],
        json!([false])
    );
    assert_eq!(
        branches[1]["properties"]["type"]["enum"],
        json!(["https://plans.example/errors#PLAN_STALE"])
    );
    assert_eq!(
        runs["409"]["description"],
        "Conflict: a problem with one of the codes LOCK_HELD, PLAN_STALE."
    );
    // An example per code, named by it.
    let examples = content(runs, 409)["examples"].as_object().unwrap();
    assert_eq!(
        examples.keys().collect::<Vec<_>>(),
        ["LOCK_HELD", "PLAN_STALE"]
    );
    assert_eq!(examples["LOCK_HELD"]["value"]["retryable"], true);
    assert_eq!(
        examples["LOCK_HELD"]["value"]["detail"],
        "Another run holds the lock."
    );
}

#[test]
fn an_undeclared_route_may_answer_with_every_live_code() {
    let doc = document(&[(HttpMethod::Delete, "/plans/{name}")]);
    let responses = &doc["paths"]["/plans/{name}"]["delete"]["responses"];
    // No 410: the retired code is never answered.
    assert_eq!(statuses(responses), ["200", "400", "404", "409", "500"]);
    assert_eq!(
        codes_at(responses, 404),
        &json!(["PLAN_NOT_FOUND", "ROUTE_NOT_FOUND"])
    );
    assert_eq!(
        statuses(&serde_json::to_value(responses_for("GET /plans")).unwrap()),
        ["400", "404", "409", "500"]
    );
}

fn responses_for(route: &str) -> Responses {
    responses::<Code>(route)
}

#[test]
fn the_problem_schema_is_added_once_and_every_ref_names_it() {
    let doc = document(&[
        (HttpMethod::Get, "/plans/{name}"),
        (HttpMethod::Post, "/runs"),
    ]);
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    assert_eq!(schemas.keys().collect::<Vec<_>>(), [PROBLEM_SCHEMA]);
    assert_eq!(
        schemas[PROBLEM_SCHEMA],
        serde_json::to_value(problem_schema()).unwrap()
    );
    let mut refs = Vec::new();
    collect_refs(&doc, &mut refs);
    assert_eq!(refs.len(), 6, "one per problem response");
    assert!(
        refs.iter().all(|r| r == "#/components/schemas/Problem"),
        "{refs:?}"
    );

    // Modified again, the document is the same.
    let mut twice: OpenApi = serde_json::from_value(doc.clone()).unwrap();
    PROBLEMS.modify(&mut twice);
    assert_eq!(serde_json::to_value(twice).unwrap(), doc);
}

fn collect_refs(value: &Value, refs: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get("$ref") {
                refs.push(r.clone());
            }
            map.values().for_each(|v| collect_refs(v, refs));
        }
        Value::Array(items) => items.iter().for_each(|v| collect_refs(v, refs)),
        _ => {}
    }
}

#[test]
fn a_response_written_by_hand_keeps_its_description_and_gains_the_problem_content() {
    let written = ResponseBuilder::new()
        .description("The plan does not exist.")
        .content("text/plain", ContentBuilder::new().build());
    let operation = OperationBuilder::new()
        .response("404", written)
        .response("500", Ref::from_response_name("Broken"))
        .build();
    let paths =
        PathsBuilder::new().path("/plans/{name}", PathItem::new(HttpMethod::Get, operation));
    let mut doc = OpenApiBuilder::new().paths(paths).build();
    PROBLEMS.modify(&mut doc);
    let doc = serde_json::to_value(doc).unwrap();
    let responses = &doc["paths"]["/plans/{name}"]["get"]["responses"];
    assert_eq!(responses["404"]["description"], "The plan does not exist.");
    let mut media: Vec<&String> = responses["404"]["content"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    media.sort();
    assert_eq!(media, [PROBLEM_CONTENT_TYPE, "text/plain"]);
    assert_eq!(codes_at(responses, 404), &json!(["PLAN_NOT_FOUND"]));
    // A `$ref` response is a shared component: left as written.
    assert_eq!(
        responses["500"],
        json!({"$ref": "#/components/responses/Broken"})
    );
}

#[test]
fn a_code_without_a_url_is_about_blank_titled_by_its_status() {
    let responses = &serde_json::to_value(responses::<Bare>("GET /")).unwrap();
    let branch = &content(responses, 429)["schema"]["allOf"][2]["oneOf"][0];
    assert_eq!(branch["properties"]["type"]["enum"], json!([ABOUT_BLANK]));
    assert_eq!(
        branch["properties"]["title"]["enum"],
        json!(["Too Many Requests"])
    );
    assert!(branch["properties"].get("retryable").is_none());
    let example = &content(responses, 429)["examples"]["RATE_LIMITED"]["value"];
    assert!(valid(
        &doc_with(responses),
        &content(responses, 429)["schema"],
        example
    ));
}

/// A document holding `responses` and the problem schema, for `$ref`s.
fn doc_with(responses: &Value) -> Value {
    json!({
        "responses": responses,
        "components": {"schemas": {PROBLEM_SCHEMA: serde_json::to_value(problem_schema()).unwrap()}},
    })
}

/// The problems the crate writes for `code`: bare, with details, a hint
/// of its own, a retry delay, causes and a localized message.
fn problems_of(code: Code) -> Vec<Value> {
    let retry = std::time::Duration::from_secs(30);
    let errors = [
        Error::new(code, "it failed"),
        Error::new(code, "it failed")
            .with_detail("plan", "deploy")
            .with_detail(
                "response",
                &json!({"status": 422, "diagnostics": [{"line": 3}]}),
            ),
        Error::new(code, "it failed").with_hint("Try again tomorrow."),
        Error::new(code, "it failed").with_retry_after(retry),
        Error::new(code, "it failed").with_detail("causes", &["outer", "inner"]),
    ];
    let mut problems: Vec<Value> = errors
        .iter()
        .map(|error| serde_json::from_str(&error.to_problem().body).unwrap())
        .collect();
    let localized = Error::new(code, "it failed")
        .to_localized_problem(LocalizedMessage::new("de", "es schlug fehl"));
    problems.push(serde_json::from_str(&localized.body).unwrap());
    problems
}

#[test]
fn every_problem_of_a_routes_code_is_valid_at_its_status_and_no_other() {
    let doc = document(&[
        (HttpMethod::Get, "/plans/{name}"),
        (HttpMethod::Post, "/runs"),
        (HttpMethod::Put, "/anything"),
    ]);
    let live = [
        Code::BadRequest,
        Code::PlanNotFound,
        Code::RouteNotFound,
        Code::LockHeld,
        Code::PlanStale,
        Code::Internal,
    ];
    for (path, method) in [
        ("/plans/{name}", "get"),
        ("/runs", "post"),
        ("/anything", "put"),
    ] {
        let route = format!("{} {path}", method.to_uppercase());
        let responses = &doc["paths"][path][method]["responses"];
        for code in live {
            let status = code.info().http_status();
            let allowed = Code::ENUM.allows(SetKind::Route, &route, code.code());
            for problem in problems_of(code) {
                for (key, response) in responses.as_object().unwrap() {
                    let Some(schema) = response["content"][PROBLEM_CONTENT_TYPE].get("schema")
                    else {
                        continue;
                    };
                    let expected = allowed && key == &status.to_string();
                    assert_eq!(
                        valid(&doc, schema, &problem),
                        expected,
                        "{route} {key}: {problem}"
                    );
                }
            }
        }
        // The examples are problems of the route too.
        for (key, response) in responses.as_object().unwrap() {
            let Some(content) = response["content"].get(PROBLEM_CONTENT_TYPE) else {
                continue;
            };
            for example in content["examples"].as_object().unwrap().values() {
                assert!(
                    valid(&doc, &content["schema"], &example["value"]),
                    "{route} {key}"
                );
            }
        }
    }
    // A problem whose members break the rules is refused.
    let schema = &doc["paths"]["/runs"]["post"]["responses"]["409"]["content"]
        [PROBLEM_CONTENT_TYPE]["schema"];
    let held = serde_json::from_str::<Value>(&Error::new(Code::LockHeld, "held").to_problem().body)
        .unwrap();
    assert!(valid(&doc, schema, &held));
    for (key, value) in [
        ("retryable", json!(false)),
        ("title", json!("Locked.")),
        ("type", json!("about:blank")),
        ("status", json!(423)),
        ("code", json!("PLAN_V1")),
        ("retry_after", json!("soon")),
        ("localized_message", json!({"locale": "de"})),
    ] {
        let mut broken = held.clone();
        broken[key] = value;
        assert!(!valid(&doc, schema, &broken), "{key}");
    }
    let mut no_detail = held.clone();
    no_detail.as_object_mut().unwrap().remove("detail");
    assert!(!valid(&doc, schema, &no_detail));
}

/// Whether `value` is valid against `schema` (in `root`, which `$ref`s
/// point into), for the JSON Schema keywords the module writes.
fn valid(root: &Value, schema: &Value, value: &Value) -> bool {
    let Value::Object(schema) = schema else {
        return schema != &Value::Bool(false);
    };
    let known = [
        "$ref",
        "type",
        "enum",
        "required",
        "properties",
        "additionalProperties",
        "allOf",
        "oneOf",
        "items",
        "minimum",
        "maximum",
        "title",
        "description",
        "format",
    ];
    for keyword in schema.keys() {
        assert!(
            known.contains(&keyword.as_str()),
            "unknown keyword {keyword}"
        );
    }
    let all = |key: &str, test: &dyn Fn(&Value) -> bool| schema.get(key).is_none_or(test);
    all("$ref", &|r| {
        let pointer = r.as_str().unwrap().strip_prefix('#').unwrap();
        valid(root, root.pointer(pointer).unwrap(), value)
    }) && all("type", &|t| match t.as_str().unwrap() {
        "object" => value.is_object(),
        "string" => value.is_string(),
        "integer" => value.is_u64() || value.is_i64(),
        "boolean" => value.is_boolean(),
        "array" => value.is_array(),
        other => panic!("type {other}"),
    }) && all("enum", &|e| e.as_array().unwrap().contains(value))
        && all("minimum", &|m| {
            value.as_f64().is_none_or(|v| v >= m.as_f64().unwrap())
        })
        && all("maximum", &|m| {
            value.as_f64().is_none_or(|v| v <= m.as_f64().unwrap())
        })
        && all("allOf", &|items| {
            items
                .as_array()
                .unwrap()
                .iter()
                .all(|s| valid(root, s, value))
        })
        && all("oneOf", &|items| {
            items
                .as_array()
                .unwrap()
                .iter()
                .filter(|s| valid(root, s, value))
                .count()
                == 1
        })
        && all("items", &|s| {
            value
                .as_array()
                .is_none_or(|a| a.iter().all(|v| valid(root, s, v)))
        })
        && object_valid(root, schema, value)
}

fn object_valid(root: &Value, schema: &Map<String, Value>, value: &Value) -> bool {
    let Value::Object(object) = value else {
        return true;
    };
    let empty = Map::new();
    let properties = schema
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let required = schema.get("required").and_then(Value::as_array);
    required
        .into_iter()
        .flatten()
        .all(|key| object.contains_key(key.as_str().unwrap()))
        && object
            .iter()
            .all(|(key, member)| match properties.get(key) {
                Some(property) => valid(root, property, member),
                None => schema
                    .get("additionalProperties")
                    .is_none_or(|extra| valid(root, extra, member)),
            })
}
