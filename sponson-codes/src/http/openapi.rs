//! OpenAPI (feature `utoipa`): each route's declared error set as its
//! operation's problem responses.
//!
//! [`Problems`] is a utoipa [`Modify`](utoipa::Modify): for every
//! operation of the document, it reads the route `METHOD /path` (the
//! method upper-case, the path as the document writes it, with the same
//! `{name}` parameters as `#[codes(routes(...))]`) from the enum's declared
//! sets and gives the operation one response per HTTP status those codes
//! answer with. Each response's `application/problem+json` content has a
//! schema that admits exactly the problems of the route's codes at that
//! status (each code's `type`, `title`, `status` and `retryable` fixed,
//! its doc as the description) and an example per code; the schemas share
//! the component [`PROBLEM_SCHEMA`], which `Problems` adds to the
//! document once. A route that declares no set may return any code: its
//! operation lists every code. Retired codes are never answered and are
//! left out.
//!
//! ```
//! use sponson_codes::http::openapi::{Problems, PROBLEM_SCHEMA};
//! use sponson_codes::ErrorCodes;
//! use utoipa::OpenApi;
//!
//! #[derive(Debug, ErrorCodes)]
//! #[codes(
//!     url = "https://plans.example/errors#{code}",
//!     routes("GET /plans/{name}" = [PlanNotFound]),
//! )]
//! enum Code {
//!     #[code(exit = 2, doc = "The request is not valid.", usage)]
//!     BadRequest,
//!     #[code(exit = 2, doc = "No plan has this name.", http = 404)]
//!     PlanNotFound,
//!     #[code(exit = 3, doc = "Another run holds the lock.", http = 409)]
//!     LockHeld,
//!     #[code(exit = 1, doc = "An unexpected error.", fallback)]
//!     Internal,
//! }
//!
//! /// Shows a plan.
//! #[utoipa::path(
//!     get,
//!     path = "/plans/{name}",
//!     params(("name" = String, Path, description = "The plan's name.")),
//!     responses((status = 200, description = "The plan.", body = String)),
//! )]
//! async fn show_plan() {}
//!
//! // utoipa's `modifiers(...)` takes `&NAME`: a const names the modifier.
//! const PROBLEMS: Problems<Code> = Problems::new();
//!
//! #[derive(OpenApi)]
//! #[openapi(paths(show_plan), modifiers(&PROBLEMS))]
//! struct ApiDoc;
//!
//! let doc = serde_json::to_value(ApiDoc::openapi()).unwrap();
//! let responses = &doc["paths"]["/plans/{name}"]["get"]["responses"];
//! // The success written by hand, then the route's codes: the declared
//! // one, the usage code and the fallback, each at its own status.
//! let statuses: Vec<&str> = responses.as_object().unwrap().keys().map(String::as_str).collect();
//! assert_eq!(statuses, ["200", "400", "404", "500"]);
//! let not_found = &responses["404"]["content"]["application/problem+json"];
//! assert_eq!(not_found["schema"]["allOf"][1]["properties"]["code"]["enum"], serde_json::json!(["PLAN_NOT_FOUND"]));
//! assert_eq!(not_found["examples"]["PLAN_NOT_FOUND"]["value"]["status"], 404);
//! assert!(doc["components"]["schemas"][PROBLEM_SCHEMA].is_object());
//! ```

use core::fmt;
use core::marker::PhantomData;
use std::collections::BTreeMap;

use serde_json::Value;
use utoipa::openapi::example::ExampleBuilder;
use utoipa::openapi::path::Operation;
use utoipa::openapi::schema::{
    AdditionalProperties, AllOfBuilder, ArrayBuilder, ObjectBuilder, OneOfBuilder, Ref, Schema,
    SchemaFormat, Type,
};
use utoipa::openapi::{
    Components, Content, ContentBuilder, OpenApi, RefOr, Response, ResponseBuilder, Responses,
};

use super::problem::{reason_phrase, type_and_title, PROBLEM_CONTENT_TYPE};
use crate::code::{CodeInfo, Details, ErrorCode, SetKind};
use crate::error::Error;

/// The name of the problem schema under `components.schemas`, which every
/// problem response's schema refers to (`#/components/schemas/Problem`).
///
/// ```
/// use sponson_codes::http::openapi::PROBLEM_SCHEMA;
///
/// assert_eq!(PROBLEM_SCHEMA, "Problem");
/// ```
pub const PROBLEM_SCHEMA: &str = "Problem";

/// A utoipa [`Modify`](utoipa::Modify) that gives every operation of a
/// document the problem responses of its route's codes (see
/// [`responses`]) and adds the [`problem_schema`] to its components under
/// [`PROBLEM_SCHEMA`], replacing a schema of that name.
///
/// A response the operation already has for one of those statuses keeps
/// its description and other content types: its `application/problem+json`
/// content is replaced. A response given as a `$ref` is left as it is.
/// The eight methods every OpenAPI version has (GET, PUT, POST, DELETE,
/// OPTIONS, HEAD, PATCH, TRACE) are read.
///
/// utoipa's `#[openapi(modifiers(&NAME))]` takes a name, not an
/// expression: declare `const PROBLEMS: Problems<Code> = Problems::new();`
/// and write `modifiers(&PROBLEMS)`.
///
/// ```
/// use sponson_codes::http::openapi::Problems;
/// use sponson_codes::ErrorCodes;
/// use utoipa::OpenApi;
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(routes("POST /runs" = [LockHeld]))]
/// enum Code {
///     #[code(exit = 3, doc = "Another run holds the lock.", http = 409, retryable = true)]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// #[utoipa::path(
///     post,
///     path = "/runs",
///     responses(
///         (status = 201, description = "The run started."),
///         (status = 409, description = "Another run holds the scope's lock."),
///     ),
/// )]
/// async fn start_run() {}
///
/// const PROBLEMS: Problems<Code> = Problems::new();
///
/// #[derive(OpenApi)]
/// #[openapi(paths(start_run), modifiers(&PROBLEMS))]
/// struct ApiDoc;
///
/// let doc = serde_json::to_value(ApiDoc::openapi()).unwrap();
/// let conflict = &doc["paths"]["/runs"]["post"]["responses"]["409"];
/// // The description written by hand stays; the problem content is added.
/// assert_eq!(conflict["description"], "Another run holds the scope's lock.");
/// let branch = &conflict["content"]["application/problem+json"]["schema"]["allOf"][2]["oneOf"][0];
/// assert_eq!(branch["properties"]["retryable"]["enum"], serde_json::json!([true]));
/// // No URL: RFC 9457's `about:blank`, titled by the status.
/// assert_eq!(branch["properties"]["type"]["enum"], serde_json::json!(["about:blank"]));
/// assert_eq!(branch["properties"]["title"]["enum"], serde_json::json!(["Conflict"]));
/// ```
pub struct Problems<C> {
    // `fn() -> C`: no `C` is stored, and the modifier is Send + Sync.
    code: PhantomData<fn() -> C>,
}

impl<C> Problems<C> {
    /// The modifier for the code enum `C`.
    ///
    /// ```
    /// # use sponson_codes::ErrorCodes;
    /// # #[derive(Debug, ErrorCodes)]
    /// # enum Code {
    /// #     #[code(exit = 1, doc = "An unexpected error.", fallback)]
    /// #     Internal,
    /// # }
    /// use sponson_codes::http::openapi::{Problems, PROBLEM_SCHEMA};
    /// use utoipa::Modify;
    ///
    /// const PROBLEMS: Problems<Code> = Problems::new();
    /// let mut doc = utoipa::openapi::OpenApi::default();
    /// PROBLEMS.modify(&mut doc);
    /// assert!(doc.components.unwrap().schemas.contains_key(PROBLEM_SCHEMA));
    /// ```
    pub const fn new() -> Self {
        Problems { code: PhantomData }
    }
}

impl<C> Default for Problems<C> {
    fn default() -> Self {
        Problems::new()
    }
}

impl<C> Clone for Problems<C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for Problems<C> {}

impl<C> fmt::Debug for Problems<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Problems<{}>", core::any::type_name::<C>())
    }
}

impl<C: ErrorCode> utoipa::Modify for Problems<C> {
    fn modify(&self, openapi: &mut OpenApi) {
        for (path, item) in openapi.paths.paths.iter_mut() {
            let operations = [
                ("GET", &mut item.get),
                ("PUT", &mut item.put),
                ("POST", &mut item.post),
                ("DELETE", &mut item.delete),
                ("OPTIONS", &mut item.options),
                ("HEAD", &mut item.head),
                ("PATCH", &mut item.patch),
                ("TRACE", &mut item.trace),
            ];
            for (method, operation) in operations {
                if let Some(operation) = operation {
                    add_responses(operation, responses::<C>(&format!("{method} {path}")));
                }
            }
        }
        openapi
            .components
            .get_or_insert_with(Components::new)
            .schemas
            .insert(PROBLEM_SCHEMA.to_owned(), problem_schema().into());
    }
}

/// Adds `problems` to the operation's responses: a status it has no
/// response for gets the problem response, one it has gets the problem
/// content (a `$ref` response is left alone).
fn add_responses(operation: &mut Operation, problems: Responses) {
    for (status, problem) in problems.responses {
        let RefOr::T(problem) = problem else {
            continue;
        };
        match operation.responses.responses.get_mut(&status) {
            None => {
                operation
                    .responses
                    .responses
                    .insert(status, RefOr::T(problem));
            }
            Some(RefOr::T(existing)) => {
                for (media_type, content) in problem.content {
                    existing.content.insert(media_type, content);
                }
            }
            Some(RefOr::Ref(_)) => {}
        }
    }
}

/// The problem responses of the route `route` (`METHOD /path`, as
/// `#[codes(routes(...))]` names it), for an operation built by hand: one
/// per HTTP status its codes answer with, keyed by the status, each with
/// `application/problem+json` content.
///
/// The content's schema is an `allOf` of the [`PROBLEM_SCHEMA`] component
/// (which the document must hold: see [`problem_schema`]), the status and
/// the codes at it as `enum`s, and a `oneOf` with a branch per code fixing
/// its `code`, `type` (its URL, else `about:blank`), `title` (its doc, else
/// the status's reason phrase) and, when it declares one, `retryable`,
/// with the code's doc as the branch's description. The content has an
/// example per code, named by the code: the problem of an error of that
/// code whose message is the code's doc.
///
/// The route's codes are its declared set (which always holds the
/// fallback and the usage code), or every code when it declares none;
/// retired codes are left out.
///
/// ```
/// use sponson_codes::http::openapi::responses;
/// use sponson_codes::ErrorCodes;
///
/// #[derive(Debug, ErrorCodes)]
/// #[codes(routes("GET /plans/{name}" = [PlanNotFound]))]
/// enum Code {
///     #[code(exit = 2, doc = "No plan has this name.", http = 404)]
///     PlanNotFound,
///     #[code(exit = 3, doc = "Another run holds the lock.", http = 409)]
///     LockHeld,
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let declared = responses::<Code>("GET /plans/{name}");
/// assert_eq!(declared.responses.keys().collect::<Vec<_>>(), ["404", "500"]);
/// // A route without a declared set may answer with any code.
/// let any = responses::<Code>("DELETE /plans/{name}");
/// assert_eq!(any.responses.keys().collect::<Vec<_>>(), ["404", "409", "500"]);
/// ```
pub fn responses<C: ErrorCode>(route: &str) -> Responses {
    let mut by_status: BTreeMap<u16, Vec<&'static CodeInfo>> = BTreeMap::new();
    for info in C::TABLE {
        if info.retired.is_none() && C::ENUM.allows(SetKind::Route, route, info.code) {
            by_status.entry(info.http_status()).or_default().push(info);
        }
    }
    let mut responses = Responses::new();
    for (status, codes) in by_status {
        responses
            .responses
            .insert(status.to_string(), RefOr::T(response::<C>(status, &codes)));
    }
    responses
}

/// The response for `status`, whose problems carry one of `codes`.
fn response<C: ErrorCode>(status: u16, codes: &[&'static CodeInfo]) -> Response {
    let names: Vec<&str> = codes.iter().map(|info| info.code).collect();
    let description = match names.as_slice() {
        [one] => format!("{}: a problem with the code {one}.", reason_phrase(status)),
        many => format!(
            "{}: a problem with one of the codes {}.",
            reason_phrase(status),
            many.join(", ")
        ),
    };
    ResponseBuilder::new()
        .description(description)
        .content(PROBLEM_CONTENT_TYPE, problem_content::<C>(status, codes))
        .build()
}

fn problem_content<C: ErrorCode>(status: u16, codes: &[&'static CodeInfo]) -> Content {
    let members = ObjectBuilder::new()
        .property("status", constants(Type::Integer, [status]))
        .property(
            "code",
            constants(Type::String, codes.iter().map(|c| c.code)),
        );
    let mut one_of = OneOfBuilder::new();
    for info in codes {
        one_of = one_of.item(branch(status, info));
    }
    let schema = AllOfBuilder::new()
        .item(Ref::from_schema_name(PROBLEM_SCHEMA))
        .item(members)
        .item(one_of);
    let examples = codes.iter().map(|info| {
        let example = ExampleBuilder::new()
            .summary(info.doc)
            .value(Some(example::<C>(info)));
        (info.code, example)
    });
    ContentBuilder::new()
        .schema(Some(schema))
        .examples_from_iter(examples)
        .build()
}

/// The `oneOf` branch of one code: what every problem of it carries.
fn branch(status: u16, info: &CodeInfo) -> ObjectBuilder {
    // As the problem writer decides them.
    let (type_uri, title) = type_and_title(Some(info), status);
    let mut branch = ObjectBuilder::new()
        .title(Some(info.code))
        .description(Some(info.doc))
        .property("code", constants(Type::String, [info.code]))
        .required("code")
        .property("type", constants(Type::String, [type_uri]))
        .property("title", constants(Type::String, [title]));
    if let Some(retryable) = info.retryable {
        branch = branch
            .property("retryable", constants(Type::Boolean, [retryable]))
            .required("retryable");
    }
    branch
}

/// A schema of `of` type admitting only `values` (an `enum`, which both
/// OpenAPI 3.0 and 3.1 read, rather than 3.1's `const`).
fn constants<V: Into<Value>>(of: Type, values: impl IntoIterator<Item = V>) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(of)
        .enum_values(Some(values))
}

/// The problem of an error with the code `info` whose message is its doc.
fn example<C: ErrorCode>(info: &'static CodeInfo) -> Value {
    let problem = Error::<C>::from_parts(info, info.doc.to_owned(), Details::new()).to_problem();
    serde_json::from_str(&problem.body).unwrap_or(Value::Null)
}

/// The schema of every problem this crate writes, the component
/// [`PROBLEM_SCHEMA`] that each problem response's schema refers to: an
/// object with RFC 9457's `type`, `title`, `status` and `detail` and this
/// crate's `code` (all required), `hint`, `retryable` and
/// `localized_message`, RFC 9457's `instance`, and the two details the
/// crate writes itself (`causes`, `retry_after`). The other details are
/// extension members, which the schema allows.
///
/// [`Problems`] adds it; a document built by hand adds it under
/// [`PROBLEM_SCHEMA`].
///
/// ```
/// use sponson_codes::http::openapi::{problem_schema, PROBLEM_SCHEMA};
/// use utoipa::openapi::ComponentsBuilder;
///
/// let components = ComponentsBuilder::new().schema(PROBLEM_SCHEMA, problem_schema()).build();
/// let schema = serde_json::to_value(&components.schemas[PROBLEM_SCHEMA]).unwrap();
/// assert_eq!(schema["required"], serde_json::json!(["type", "title", "status", "detail", "code"]));
/// assert_eq!(schema["properties"]["retryable"]["type"], "boolean");
/// ```
pub fn problem_schema() -> Schema {
    let string = |description: &str| {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(description))
    };
    let uri = |description: &str| {
        string(description).format(Some(SchemaFormat::Custom("uri-reference".to_owned())))
    };
    let localized = ObjectBuilder::new()
        .description(Some(
            "The message in the reader's language, when the service localized it; `detail` stays in English.",
        ))
        .property(
            "locale",
            string("A BCP 47 language tag, such as `de-DE`; also the response's `Content-Language`."),
        )
        .required("locale")
        .property(
            "message",
            string("The message in that locale, for people; never branch on it."),
        )
        .required("message")
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    ObjectBuilder::new()
        .description(Some(
            "An RFC 9457 problem document (`application/problem+json`) naming an error code. \
             The code's details are extension members beside these.",
        ))
        .property(
            "type",
            uri("The code's documentation URL, else `about:blank`."),
        )
        .required("type")
        .property(
            "title",
            string("What the code means (its doc); with `about:blank`, the status's reason phrase."),
        )
        .required("title")
        .property(
            "status",
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(400))
                .maximum(Some(599))
                .description(Some("The HTTP status of the response.")),
        )
        .required("status")
        .property(
            "detail",
            string("What happened this time, for people; never branch on it."),
        )
        .required("detail")
        .property(
            "instance",
            uri("The occurrence of the problem, when the service names one."),
        )
        .property(
            "code",
            string("The error code, stable: what clients branch on."),
        )
        .required("code")
        .property("hint", string("The remedy, when there is one."))
        .property(
            "retryable",
            ObjectBuilder::new().schema_type(Type::Boolean).description(Some(
                "Whether retrying the same request can succeed, for codes that declare it; \
                 absent means unknown, which is not retryable.",
            )),
        )
        .property("localized_message", localized)
        .property(
            crate::error::CAUSES,
            ArrayBuilder::new()
                .items(ObjectBuilder::new().schema_type(Type::String).build())
                .description(Some(
                    "The messages below `detail`, outermost first; absent when there are none.",
                )),
        )
        .property(
            crate::error::RETRY_AFTER,
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(0))
                .description(Some(
                    "When the same request may be tried again, in seconds; also the response's `Retry-After`.",
                )),
        )
        .build()
        .into()
}

#[cfg(test)]
#[path = "openapi_tests.rs"]
mod tests;
