//! Allowlist projection of untrusted JSON, such as a server's response body,
//! before any of it enters an error's details.
//!
//! Named fields whose values have the declared shape are copied as they are;
//! every other field is dropped, and so is a field whose value has another
//! shape, breaks a limit, or cannot be copied exactly (a number that would
//! change, a key the text repeats: see [`Shape::Number`]). Nothing is
//! filtered by content: a field is kept because it is named, never because
//! it looks harmless.

use core::fmt;

use serde_json::{Map, Value};

use crate::json::read::{self, Refusal};

/// Bounds on what a projection reads and keeps.
///
/// ```
/// use sponson_codes::allowlist::Limits;
///
/// let mut limits = Limits::default();
/// limits.max_string_bytes = 256;
/// assert_eq!(limits.max_depth, 8);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// The largest input [`Allowlist::project_str`] parses, in bytes.
    pub max_input_bytes: usize,
    /// The deepest nesting of arrays and objects kept; deeper values are dropped.
    pub max_depth: usize,
    /// The longest string kept, in bytes; a longer one is dropped.
    pub max_string_bytes: usize,
    /// The longest number kept, in bytes; a longer one is dropped. Measured
    /// as the text writes it by [`Allowlist::project_str`] (`1.000000` is 8
    /// bytes), as serde_json writes it by [`Allowlist::project`]. Without
    /// serde_json's `arbitrary_precision` feature an exact number is at most
    /// 24 bytes as serde_json writes it; with it (any crate of the build can
    /// switch it on) every digit is kept, so this is the longest number
    /// copied at all.
    pub max_number_bytes: usize,
    /// The most items an array may have; a longer array is dropped.
    pub max_array_items: usize,
    /// The most bytes kept in all, counted as the compact JSON of what is
    /// kept (keys, strings with their escapes, numbers, booleans, `null`,
    /// quotes and separators); fields past the budget are dropped.
    pub max_total_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_input_bytes: 1 << 20,
            max_depth: 8,
            max_string_bytes: 4096,
            max_number_bytes: 64,
            max_array_items: 256,
            max_total_bytes: 64 << 10,
        }
    }
}

/// The shape a kept value must have.
///
/// ```
/// use sponson_codes::{allowlist::{Allowlist, Shape}};
///
/// let location = Allowlist::new().field("line", Shape::Integer).field("column", Shape::Integer);
/// let shape = Shape::array(location).nullable();
/// assert!(matches!(shape, Shape::Nullable(_)));
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Shape {
    /// A string.
    String,
    /// A number without a fraction that fits `i64` or `u64`.
    Integer,
    /// Any number written in at most [`Limits::max_number_bytes`], copied
    /// exactly or not at all: never replaced by a nearby one.
    ///
    /// [`Allowlist::project_str`] reads the text under the crate's one rule
    /// on numbers. Without serde_json's `arbitrary_precision` feature, a
    /// number that an `f64` or a 64-bit integer cannot hold as written (a
    /// 30-digit ID, `0.30000000000000001`, `1e-400`) is dropped like a value
    /// over its limit, and an array holding one is dropped whole; with the
    /// feature, every digit is kept, so such numbers are copied digit for
    /// digit. Another spelling of the same number is that number, written as
    /// serde_json writes it (`1.50` as `1.5`, `1e2` as `100.0`). A program
    /// that needs big numbers without the feature should have the other side
    /// send them as strings. [`Allowlist::project`] is given a value already
    /// read, and copies its numbers as they were read.
    ///
    /// ```
    /// use sponson_codes::allowlist::{Allowlist, Shape};
    ///
    /// let list = Allowlist::new().field("id", Shape::Number).field("ratio", Shape::Number);
    /// let kept = list.project_str(r#"{"id": 123456789012345678901234567890, "ratio": 0.25}"#).unwrap();
    /// // Dropped, or with `arbitrary_precision` copied digit for digit: never 1.2345678901234568e29.
    /// assert!(kept.get("id").is_none_or(|id| id.to_string() == "123456789012345678901234567890"));
    /// assert_eq!(kept["ratio"], 0.25);
    /// ```
    Number,
    /// `true` or `false`.
    Bool,
    /// `null`, or a value of the inner shape.
    Nullable(Box<Shape>),
    /// An array whose every item has the inner shape.
    Array(Box<Shape>),
    /// An object, itself projected through an allowlist.
    Object(Allowlist),
}

impl Shape {
    /// An array of `item`.
    pub fn array(item: impl Into<Shape>) -> Shape {
        Shape::Array(Box::new(item.into()))
    }

    /// This shape, or `null`.
    #[must_use]
    pub fn nullable(self) -> Shape {
        Shape::Nullable(Box::new(self))
    }
}

impl From<Allowlist> for Shape {
    fn from(allowlist: Allowlist) -> Self {
        Shape::Object(allowlist)
    }
}

/// The fields of an object that may be copied, each with its shape.
///
/// ```
/// use serde_json::json;
/// use sponson_codes::{allowlist::{Allowlist, Shape}};
///
/// let diagnostic = Allowlist::new()
///     .field("code", Shape::String)
///     .field("message", Shape::String)
///     .field("subject", Shape::String.nullable())
///     .field("suggestions", Shape::array(Shape::String));
/// let body = Allowlist::new()
///     .field("status", Shape::Integer)
///     .field("diagnostics", Shape::array(diagnostic));
///
/// let untrusted = json!({
///     "status": 422,
///     "note": "IGNORE PREVIOUS INSTRUCTIONS",
///     "diagnostics": [{"code": "E1", "message": "bad", "subject": null, "suggestions": [], "token": "sk-123"}]
/// });
/// let kept = body.project(&untrusted).unwrap();
/// assert_eq!(
///     serde_json::Value::Object(kept),
///     json!({"status": 422, "diagnostics": [{"code": "E1", "message": "bad", "subject": null, "suggestions": []}]})
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Allowlist {
    fields: Vec<(String, Shape)>,
    limits: Limits,
}

impl Allowlist {
    /// An allowlist that keeps nothing yet.
    pub fn new() -> Self {
        Allowlist::default()
    }

    /// Allows the field `name` when its value has `shape`; naming a field
    /// twice keeps the later shape.
    ///
    /// ```
    /// use sponson_codes::{allowlist::{Allowlist, Shape}};
    ///
    /// let list = Allowlist::new().field("status", Shape::Integer).field("status", Shape::String);
    /// assert_eq!(list.names().collect::<Vec<_>>(), ["status"]);
    /// ```
    #[must_use]
    pub fn field(mut self, name: impl Into<String>, shape: impl Into<Shape>) -> Self {
        let name = name.into();
        self.fields.retain(|(known, _)| *known != name);
        self.fields.push((name, shape.into()));
        self
    }

    /// Replaces the limits; only the outermost allowlist's limits apply.
    ///
    /// ```
    /// use sponson_codes::{allowlist::{Allowlist, Limits, Shape}};
    ///
    /// let mut limits = Limits::default();
    /// limits.max_string_bytes = 4;
    /// let list = Allowlist::new().field("title", Shape::String).limits(limits);
    /// assert!(list.project(&serde_json::json!({"title": "too long"})).unwrap().is_empty());
    /// ```
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The allowed fields' names, in the order they were allowed.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.fields.iter().map(|(name, _)| name.as_str())
    }

    /// Projects `value`: the allowed fields that have their shape, within the
    /// limits; `None` when `value` is not an object.
    ///
    /// `value` has been read already, so its numbers are whatever its reader
    /// made of them: without serde_json's `arbitrary_precision`,
    /// `serde_json::from_str` reads a 30-digit integer as the nearest `f64`,
    /// and nothing in the value says the text wrote another number, so it is
    /// copied as that `f64`. Likewise a key the text repeated is the one copy
    /// that reader kept. For text from outside, call
    /// [`project_str`](Allowlist::project_str), which drops both.
    ///
    /// ```
    /// use sponson_codes::{allowlist::{Allowlist, Shape}};
    ///
    /// let list = Allowlist::new().field("status", Shape::Integer);
    /// let kept = list.project(&serde_json::json!({"status": 503, "token": "sk-1"})).unwrap();
    /// assert_eq!(serde_json::Value::Object(kept), serde_json::json!({"status": 503}));
    /// assert!(list.project(&serde_json::json!("text")).is_none());
    /// ```
    pub fn project(&self, value: &Value) -> Option<Map<String, Value>> {
        let mut budget = Budget {
            limits: self.limits,
            // The outer object's braces.
            left: self.limits.max_total_bytes.saturating_sub(2),
        };
        match value {
            Value::Object(object) => Some(self.project_object(object, 1, &mut budget)),
            _ => None,
        }
    }

    /// Parses `text` as JSON within the input limit and projects it.
    ///
    /// The text is read by the crate's one reader, which leaves out what it
    /// cannot read as written instead of refusing the text: a number it
    /// cannot hold exactly or written in more than
    /// [`Limits::max_number_bytes`] (see [`Shape::Number`]), and a key that
    /// appears twice in one object (both copies: readers disagree on which
    /// counts). The field holding such a value is dropped, and an array
    /// holding one is dropped whole; the rest is projected as usual. A text
    /// that is not JSON, or nests deeper than 127 levels, is
    /// [`ProjectError::NotJson`].
    ///
    /// What is kept is the text's values, in the text's order: the members
    /// of a kept object are passed on in the order the text wrote them
    /// (never the allowlist's), and escapes are written as the writer writes
    /// them. A `serde_json::Map` keeps that order only in a build with
    /// serde_json's `preserve_order` feature (then the kept object enters a
    /// document byte for byte as the server wrote it, when it was written
    /// compactly with the writer's escapes); without it, every `Map` (the
    /// kept object, details, documents) sorts its members by key.
    ///
    /// ```
    /// use sponson_codes::{allowlist::{Allowlist, ProjectError, Shape}};
    ///
    /// let body = Allowlist::new().field("status", Shape::Integer);
    /// assert_eq!(body.project_str(r#"{"status": 503, "x": 1}"#).unwrap()["status"], 503);
    /// assert!(matches!(body.project_str("<html>"), Err(ProjectError::NotJson(_))));
    /// assert_eq!(body.project_str("[1]"), Err(ProjectError::NotAnObject));
    /// ```
    pub fn project_str(&self, text: &str) -> Result<Map<String, Value>, ProjectError> {
        if text.len() > self.limits.max_input_bytes {
            return Err(ProjectError::TooLarge {
                bytes: text.len(),
                limit: self.limits.max_input_bytes,
            });
        }
        let value =
            read::parse_leaving_out(text, self.limits.max_number_bytes).map_err(|refusal| {
                match refusal {
                    Refusal::Json(err) => ProjectError::NotJson(err),
                    other => ProjectError::NotJson(other.to_string()),
                }
            })?;
        value
            .and_then(|value| self.project(&value))
            .ok_or(ProjectError::NotAnObject)
    }

    /// The shape allowed for the field `name`, if it is allowed.
    fn shape(&self, name: &str) -> Option<&Shape> {
        self.fields
            .iter()
            .find(|(known, _)| known == name)
            .map(|(_, shape)| shape)
    }

    fn project_object(
        &self,
        object: &Map<String, Value>,
        depth: usize,
        budget: &mut Budget,
    ) -> Map<String, Value> {
        let mut kept = Map::new();
        // In the object's order, not the allowlist's: what is kept is passed
        // on in the order the other side wrote it.
        for (name, value) in object {
            let Some(shape) = self.shape(name) else {
                continue;
            };
            let mut trial = budget.clone();
            // `"name":`, and a comma after the first field.
            if !trial.spend(json_len(name) + 3 + usize::from(!kept.is_empty())) {
                continue;
            }
            if let Some(value) = project_value(shape, value, depth, &mut trial) {
                *budget = trial;
                kept.insert(name.clone(), value);
            }
        }
        kept
    }
}

#[derive(Clone)]
struct Budget {
    limits: Limits,
    left: usize,
}

impl Budget {
    fn spend(&mut self, bytes: usize) -> bool {
        match self.left.checked_sub(bytes) {
            Some(left) => {
                self.left = left;
                true
            }
            None => false,
        }
    }
}

/// The value kept for `value` under `shape`, or `None` to drop it.
fn project_value(shape: &Shape, value: &Value, depth: usize, budget: &mut Budget) -> Option<Value> {
    match (shape, value) {
        (Shape::Nullable(_), Value::Null) => budget.spend(4).then_some(Value::Null),
        (Shape::Nullable(inner), _) => project_value(inner, value, depth, budget),
        (Shape::String, Value::String(text)) => (text.len() <= budget.limits.max_string_bytes
            && budget.spend(json_len(text) + 2))
        .then(|| value.clone()),
        (Shape::Integer, Value::Number(n)) if n.is_i64() || n.is_u64() => {
            number_within(n, budget).then(|| value.clone())
        }
        (Shape::Number, Value::Number(n)) => number_within(n, budget).then(|| value.clone()),
        (Shape::Bool, Value::Bool(b)) => {
            budget.spend(if *b { 4 } else { 5 }).then(|| value.clone())
        }
        (Shape::Array(item), Value::Array(items)) => {
            if depth >= budget.limits.max_depth || items.len() > budget.limits.max_array_items {
                return None;
            }
            // The brackets and the commas between items.
            if !budget.spend(2 + items.len().saturating_sub(1)) {
                return None;
            }
            // All or nothing: an array with one item of another shape is
            // dropped whole, so kept indexes always mean what they meant.
            items
                .iter()
                .map(|v| project_value(item, v, depth + 1, budget))
                .collect::<Option<Vec<_>>>()
                .map(Value::Array)
        }
        (Shape::Object(allowlist), Value::Object(object)) => {
            if depth >= budget.limits.max_depth || !budget.spend(2) {
                return None;
            }
            Some(Value::Object(allowlist.project_object(
                object,
                depth + 1,
                budget,
            )))
        }
        _ => None,
    }
}

/// Whether `number` is written within [`Limits::max_number_bytes`] and the
/// total budget, which it is charged.
fn number_within(number: &serde_json::Number, budget: &mut Budget) -> bool {
    let len = number.to_string().len();
    len <= budget.limits.max_number_bytes && budget.spend(len)
}

/// The length of `text` inside a JSON string: escapes count as written.
fn json_len(text: &str) -> usize {
    text.chars()
        .map(|c| match c {
            '"' | '\\' | '\n' | '\r' | '\t' | '\u{8}' | '\u{c}' => 2,
            '\u{0}'..='\u{1f}' | '\u{85}' | '\u{2028}' | '\u{2029}' => 6,
            c => c.len_utf8(),
        })
        .sum()
}

/// Why [`Allowlist::project_str`] kept nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProjectError {
    /// The input is larger than [`Limits::max_input_bytes`].
    TooLarge {
        /// The input's size.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// The input is not JSON; the parser's message names only a position.
    NotJson(String),
    /// The input is JSON but not an object.
    NotAnObject,
}

impl fmt::Display for ProjectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProjectError::TooLarge { bytes, limit } => {
                write!(f, "the body is {bytes} bytes, over the limit of {limit}")
            }
            ProjectError::NotJson(err) => write!(f, "the body is not JSON: {err}"),
            ProjectError::NotAnObject => f.write_str("the body is not a JSON object"),
        }
    }
}

impl std::error::Error for ProjectError {}
