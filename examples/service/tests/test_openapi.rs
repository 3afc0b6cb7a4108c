//! The OpenAPI document the service serves: every route its enum declares
//! is an operation whose problem responses are its codes' statuses.
//! scripts/check_openapi.py validates the document and the service's
//! answers against it.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use service_example::client::Running;
use service_example::{ApiDoc, Code};
use sponson_codes::http::PROBLEM_CONTENT_TYPE;
use sponson_codes::registry::SetKind;
use sponson_codes::ErrorCode;
use utoipa::OpenApi;

#[tokio::test]
async fn each_declared_route_answers_its_codes_statuses_as_problems() {
    let service = Running::start().await.unwrap();
    let reply = service.call("GET", "/openapi.json", None).await;
    assert_eq!(
        (reply.status, reply.content_type.as_str()),
        (200, "application/json")
    );
    let doc: Value = serde_json::from_str(&reply.body).unwrap();
    assert_eq!(doc, serde_json::to_value(ApiDoc::openapi()).unwrap());
    assert_eq!(doc["openapi"], "3.1.0");

    let routes: Vec<_> = Code::ENUM
        .sets
        .iter()
        .filter(|set| set.kind == SetKind::Route)
        .collect();
    assert_eq!(routes.len(), 3);
    for set in routes {
        let (method, path) = set.name.split_once(' ').unwrap();
        let responses = &doc["paths"][path][method.to_lowercase()]["responses"];
        assert!(responses.is_object(), "{} has no operation", set.name);
        // Each status's problem response lists the set's codes at that status.
        let mut expected: BTreeMap<String, BTreeSet<&str>> = BTreeMap::new();
        for code in set.codes {
            let status = Code::ENUM.get(code).unwrap().http_status();
            expected.entry(status.to_string()).or_default().insert(code);
        }
        let mut declared: BTreeMap<String, BTreeSet<&str>> = BTreeMap::new();
        for (status, response) in responses.as_object().unwrap() {
            let Some(content) = response["content"].get(PROBLEM_CONTENT_TYPE) else {
                continue;
            };
            let codes = content["schema"]["allOf"][1]["properties"]["code"]["enum"]
                .as_array()
                .unwrap();
            declared.insert(
                status.clone(),
                codes.iter().map(|c| c.as_str().unwrap()).collect(),
            );
        }
        assert_eq!(declared, expected, "{}", set.name);
    }
    assert!(doc["components"]["schemas"]["Problem"].is_object());
}
