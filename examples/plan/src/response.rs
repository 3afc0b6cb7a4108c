//! The plan server's response body is untrusted: only the fields listed here
//! reach the error's details, and only with the types listed here.

use serde_json::{Map, Value};
use sponson_codes::allowlist::{Allowlist, Shape};

/// A position in the plan: a JSON pointer, or a line and column.
fn location() -> Allowlist {
    Allowlist::new()
        .field("source_pointer", Shape::String)
        .field("line", Shape::Integer)
        .field("column", Shape::Integer)
}

/// One diagnostic of a rejected plan.
fn diagnostic() -> Allowlist {
    Allowlist::new()
        .field("code", Shape::String)
        .field("severity", Shape::String)
        .field("message", Shape::String)
        .field("subject", Shape::String.nullable())
        .field("location", location())
        .field("related_locations", Shape::array(location()))
        .field("suggestions", Shape::array(Shape::String))
}

/// The fields of a rejection that `plan` passes on.
pub fn rejection() -> Allowlist {
    Allowlist::new()
        .field("type", Shape::String)
        .field("title", Shape::String)
        .field("status", Shape::Integer)
        .field("diagnostics", Shape::array(diagnostic()))
}

/// The projected rejection, or `None` when the body is not a JSON object.
pub fn project(body: &str) -> Option<Map<String, Value>> {
    rejection().project_str(body).ok()
}
