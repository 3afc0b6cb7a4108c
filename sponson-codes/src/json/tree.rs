//! A small JSON tree that writes itself as `serde_json::to_string_pretty`
//! writes the same `Value`: what a program builds its catalog with, so
//! that handing the catalog over does not link serde's machinery for every
//! type it holds (the catalog is written once, at most, per process).

use std::borrow::Cow;

/// A JSON value: strings borrowed where they can be, objects as written
/// (sorted by key when written, as a `serde_json::Map` keeps them).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tree<'a> {
    Null,
    Bool(bool),
    /// Wide enough for every `u64` and every `i64` a catalog writes.
    Number(i128),
    Str(Cow<'a, str>),
    Array(Vec<Tree<'a>>),
    Object(Vec<(&'static str, Tree<'a>)>),
}

impl<'a> From<&'a str> for Tree<'a> {
    fn from(text: &'a str) -> Self {
        Tree::Str(Cow::Borrowed(text))
    }
}

impl From<String> for Tree<'_> {
    fn from(text: String) -> Self {
        Tree::Str(Cow::Owned(text))
    }
}

impl From<bool> for Tree<'_> {
    fn from(value: bool) -> Self {
        Tree::Bool(value)
    }
}

impl From<u64> for Tree<'_> {
    fn from(value: u64) -> Self {
        Tree::Number(i128::from(value))
    }
}

impl From<i32> for Tree<'_> {
    fn from(value: i32) -> Self {
        Tree::Number(i128::from(value))
    }
}

impl<'a, T: Into<Tree<'a>>> From<Option<T>> for Tree<'a> {
    fn from(value: Option<T>) -> Self {
        value.map_or(Tree::Null, Into::into)
    }
}

impl Tree<'_> {
    /// The text `serde_json::to_string_pretty` writes for the same value:
    /// two spaces of indent, members in key order, no final newline.
    pub(crate) fn to_pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out
    }

    fn write(&self, out: &mut String, depth: usize) {
        match self {
            Tree::Null => out.push_str("null"),
            Tree::Bool(value) => out.push_str(if *value { "true" } else { "false" }),
            Tree::Number(value) => out.push_str(&value.to_string()),
            Tree::Str(text) => write_string(out, text),
            Tree::Array(items) if items.is_empty() => out.push_str("[]"),
            Tree::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    out.push_str(if i == 0 { "\n" } else { ",\n" });
                    indent(out, depth + 1);
                    item.write(out, depth + 1);
                }
                out.push('\n');
                indent(out, depth);
                out.push(']');
            }
            Tree::Object(members) if members.is_empty() => out.push_str("{}"),
            Tree::Object(members) => {
                let mut sorted: Vec<&(&'static str, Tree<'_>)> = members.iter().collect();
                crate::code::sort_small(&mut sorted, |a, b| a.0 < b.0);
                out.push('{');
                for (i, (key, value)) in sorted.into_iter().enumerate() {
                    out.push_str(if i == 0 { "\n" } else { ",\n" });
                    indent(out, depth + 1);
                    write_string(out, key);
                    out.push_str(": ");
                    value.write(out, depth + 1);
                }
                out.push('\n');
                indent(out, depth);
                out.push('}');
            }
        }
    }

    /// The same value as a `serde_json::Value`, for the tooling that reads
    /// the catalog as one.
    #[cfg(any(test, feature = "testing"))]
    pub(crate) fn to_value(&self) -> serde_json::Value {
        use serde_json::Value;
        match self {
            Tree::Null => Value::Null,
            Tree::Bool(value) => Value::Bool(*value),
            Tree::Number(value) => match (u64::try_from(*value), i64::try_from(*value)) {
                (Ok(unsigned), _) => Value::from(unsigned),
                (_, Ok(signed)) => Value::from(signed),
                _ => Value::Null,
            },
            Tree::Str(text) => Value::from(text.as_ref()),
            Tree::Array(items) => Value::Array(items.iter().map(Tree::to_value).collect()),
            Tree::Object(members) => Value::Object(
                members
                    .iter()
                    .map(|(key, value)| ((*key).to_owned(), value.to_value()))
                    .collect(),
            ),
        }
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn write_string(out: &mut String, text: &str) {
    out.push_str(&super::write::string(text));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_what_serde_json_writes_for_the_same_value() {
        let tree = Tree::Object(vec![
            (
                "z",
                Tree::from("a\"b\\c\u{1}\u{8}\u{c}\n\r\t\u{1f}\u{7f}é\u{2028}"),
            ),
            (
                "a",
                Tree::Array(vec![Tree::from(1u64), Tree::Null, Tree::from(true)]),
            ),
            ("m", Tree::Object(vec![])),
            ("e", Tree::Array(vec![])),
            (
                "n",
                Tree::Object(vec![
                    ("y", Tree::from(false)),
                    ("x", Tree::from(None::<&str>)),
                ]),
            ),
            ("s", Tree::from("owned".to_owned())),
            ("big", Tree::from(u64::MAX)),
            ("negative", Tree::from(i32::MIN)),
        ]);
        let value = tree.to_value();
        assert_eq!(
            tree.to_pretty(),
            serde_json::to_string_pretty(&value).unwrap()
        );
        let nested = Tree::Array(vec![Tree::Array(vec![tree.clone()]), Tree::Array(vec![])]);
        assert_eq!(
            nested.to_pretty(),
            serde_json::to_string_pretty(&nested.to_value()).unwrap()
        );
    }
}
