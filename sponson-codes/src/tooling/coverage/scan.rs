//! What one source file says about codes: the enums it declares, where it
//! names a variant as a value (raising it) and, in test code, every variant
//! it names and every code-like word of its strings.

use std::collections::HashSet;

use super::lex::{Kind, Token};

/// An enum declared outside test code: `enum Name { A, B(..), C { .. } }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Decl {
    pub(super) name: String,
    pub(super) variants: Vec<String>,
    pub(super) line: u32,
}

/// `Name::Variant` used as a value, or `code!(Name, "CODE")`, outside test
/// code and outside the enum's declaration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Raise {
    Variant {
        ty: String,
        variant: String,
        line: u32,
    },
    Macro {
        ty: String,
        code: String,
        line: u32,
    },
}

/// `mod name;`: a module whose body is another file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ModDecl {
    pub(super) name: String,
    /// Its `#[path = "..."]`, when it has one.
    pub(super) path: Option<String>,
    /// Whether it is test code (`#[cfg(test)]`, or inside test code).
    pub(super) test: bool,
}

/// Everything the coverage check reads of one file.
#[derive(Debug, Default)]
pub(super) struct Scan {
    pub(super) decls: Vec<Decl>,
    pub(super) raises: Vec<Raise>,
    pub(super) mods: Vec<ModDecl>,
    /// `(Type, Variant)` named anywhere in test code (`Self` resolved).
    pub(super) test_paths: HashSet<(String, String)>,
    /// The code-like words of test code's strings.
    pub(super) test_words: HashSet<String>,
    /// Those of them that are a whole string, or quoted or bracketed in
    /// one (`"usage"`, `error[usage]`): what a code that is a plain word
    /// (`usage`, `internal`) must be to count, so prose does not.
    pub(super) test_quoted: HashSet<String>,
}

/// What a `{`, `(` or `[` opened.
#[derive(Debug, Clone, Copy)]
struct Frame<'a> {
    test: bool,
    /// The type `Self` names: the `impl` block this is in.
    self_ty: Option<&'a str>,
    /// Inside a code enum's own declaration, whose variants raise nothing.
    decl: bool,
    /// In `matches!(value, pattern)`: whether the first comma is behind.
    matches: Option<bool>,
}

/// Attributes read since the last item or statement began.
#[derive(Debug, Default)]
struct Pending<'a> {
    test: bool,
    path: Option<String>,
    self_ty: Option<&'a str>,
    decl: bool,
    matches: bool,
}

/// Scans `tokens`; all of it is test code when `test` is set. Only paths
/// to a variant named in `variants` are kept (all of them with `None`).
pub(super) fn scan(tokens: &[Token<'_>], test: bool, variants: Option<&HashSet<&str>>) -> Scan {
    Scanner {
        tokens,
        closes: closes(tokens),
        variants,
        out: Scan::default(),
        stack: vec![Frame {
            test,
            self_ty: None,
            decl: false,
            matches: None,
        }],
        pending: Pending::default(),
    }
    .run()
}

struct Scanner<'t, 'a> {
    tokens: &'t [Token<'a>],
    /// For each token that opens a group, the index of the token closing
    /// it (`tokens.len()` when nothing does): found once, so that no
    /// opening is read to the end of the file again.
    closes: Vec<usize>,
    variants: Option<&'t HashSet<&'t str>>,
    out: Scan,
    stack: Vec<Frame<'a>>,
    pending: Pending<'a>,
}

impl<'a> Scanner<'_, 'a> {
    fn frame(&self) -> Frame<'a> {
        *self.stack.last().expect("the root frame is never popped")
    }

    fn kind(&self, i: usize) -> Option<&Kind<'a>> {
        self.tokens.get(i).map(|t| &t.kind)
    }

    fn ident(&self, i: usize) -> Option<&'a str> {
        match self.kind(i) {
            Some(Kind::Ident(name)) => Some(name),
            _ => None,
        }
    }

    fn punct(&self, i: usize, punct: &str) -> bool {
        self.kind(i).is_some_and(|k| k.is(punct))
    }

    /// Whether token `i` begins an item or a statement.
    fn item_start(&self, i: usize) -> bool {
        if i == 0 {
            return true;
        }
        match self.kind(i - 1) {
            Some(Kind::Punct(p)) => matches!(*p, ";" | "{" | "}" | "]" | ")"),
            Some(Kind::Ident(word)) => matches!(*word, "pub" | "unsafe" | "default"),
            _ => false,
        }
    }

    /// The index of the token that closes the group opened at `open`.
    fn close_of(&self, open: usize) -> usize {
        self.closes.get(open).copied().unwrap_or(self.tokens.len())
    }

    fn run(mut self) -> Scan {
        let mut i = 0;
        while i < self.tokens.len() {
            i = self.step(i);
        }
        self.out
    }

    /// Reads the token at `i`; returns the index of the next one to read.
    fn step(&mut self, i: usize) -> usize {
        let frame = self.frame();
        let line = self.tokens[i].line;
        match &self.tokens[i].kind {
            Kind::Punct("#") => return self.attribute(i),
            Kind::Punct(open @ ("{" | "(" | "[")) => {
                let brace = *open == "{";
                let pending = std::mem::take(&mut self.pending);
                let next = Frame {
                    test: frame.test || (brace && pending.test),
                    self_ty: if brace && pending.self_ty.is_some() {
                        pending.self_ty
                    } else {
                        frame.self_ty
                    },
                    decl: frame.decl || (brace && pending.decl),
                    matches: (*open == "(" && pending.matches).then_some(false),
                };
                if !brace {
                    // A `(` or `[` does not end the item the attributes are on.
                    self.pending = Pending {
                        matches: false,
                        ..pending
                    };
                }
                self.stack.push(next);
            }
            Kind::Punct("}" | ")" | "]") if self.stack.len() > 1 => {
                self.stack.pop();
            }
            Kind::Punct(";") => self.pending = Pending::default(),
            Kind::Punct(",") => {
                if let Some(frame) = self.stack.last_mut() {
                    if frame.matches == Some(false) {
                        frame.matches = Some(true);
                    }
                }
            }
            Kind::Str(text) if frame.test || self.pending.test => {
                words(text, &mut self.out.test_words, &mut self.out.test_quoted);
            }
            Kind::Ident("use") if self.item_start(i) => return self.skip_use(i),
            Kind::Ident("mod") => self.module(i, frame),
            Kind::Ident("impl") if self.item_start(i) => {
                self.pending.self_ty = self.impl_self_type(i);
            }
            Kind::Ident("enum") => self.enum_decl(i, frame),
            Kind::Ident("matches") if self.punct(i + 1, "!") && self.punct(i + 2, "(") => {
                self.pending.matches = true;
                return i + 2;
            }
            Kind::Ident("code")
                if self.punct(i + 1, "!")
                    && !self.punct(i.wrapping_sub(1), ".")
                    && matches!(self.kind(i + 2), Some(Kind::Punct("(" | "[" | "{"))) =>
            {
                self.code_macro(i, frame, line);
            }
            Kind::Ident(ty) if self.punct(i + 1, "::") => {
                if let Some(variant) = self.ident(i + 2) {
                    let last = !self.punct(i + 3, "::") && !self.punct(i + 3, "!");
                    let wanted = self.variants.is_none_or(|v| v.contains(variant));
                    if last && wanted {
                        self.path(i, frame, ty, variant, line);
                    }
                }
            }
            _ => {}
        }
        i + 1
    }

    /// `#[...]` or `#![...]` at `i`: what it says about the item after it.
    fn attribute(&mut self, i: usize) -> usize {
        let inner = self.punct(i + 1, "!");
        let open = if inner { i + 2 } else { i + 1 };
        if !self.punct(open, "[") {
            return i + 1;
        }
        let close = self.close_of(open);
        let body = &self.tokens[open + 1..close.min(self.tokens.len())];
        let idents: Vec<&str> = body.iter().filter_map(|t| t.kind.ident()).collect();
        let is_cfg_test =
            idents.first() == Some(&"cfg") && idents.contains(&"test") && !idents.contains(&"not");
        // `#[test]`, `#[tokio::test]`, `#[test_case(...)]` is not one.
        let path_len = body
            .iter()
            .take_while(|t| t.kind.ident().is_some() || t.kind.is("::"))
            .count();
        let is_test_fn = path_len > 0 && body[path_len - 1].kind.ident() == Some("test");
        let test = is_cfg_test || is_test_fn;
        if inner && test {
            if let Some(frame) = self.stack.last_mut() {
                frame.test = true;
            }
        } else if test {
            self.pending.test = true;
        }
        if idents.first() == Some(&"path") && body.len() == 3 && body[1].kind.is("=") {
            if let Kind::Str(path) = &body[2].kind {
                self.pending.path = Some(path.clone());
            }
        }
        if self.frame().test || self.pending.test {
            for token in body {
                if let Kind::Str(text) = &token.kind {
                    words(text, &mut self.out.test_words, &mut self.out.test_quoted);
                }
            }
        }
        close + 1
    }

    /// `use ...;`: names nothing it raises; skipped to its `;`.
    fn skip_use(&mut self, i: usize) -> usize {
        let mut depth = 0usize;
        for (j, token) in self.tokens.iter().enumerate().skip(i) {
            match &token.kind {
                Kind::Punct("{") => depth += 1,
                Kind::Punct("}") => depth = depth.saturating_sub(1),
                Kind::Punct(";") if depth == 0 => {
                    self.pending = Pending::default();
                    return j + 1;
                }
                _ => {}
            }
        }
        self.tokens.len()
    }

    /// `mod name;` at `i`.
    fn module(&mut self, i: usize, frame: Frame<'a>) {
        if let Some(name) = self.ident(i + 1) {
            if self.punct(i + 2, ";") {
                self.out.mods.push(ModDecl {
                    name: name.to_owned(),
                    path: self.pending.path.take(),
                    test: frame.test || self.pending.test,
                });
            }
        }
    }

    /// The type an `impl` header at `i` is for: the last name at the top
    /// level of the type after `for`, or after `impl<...>` without one. A
    /// header holds no other `impl`: the read stops at one.
    fn impl_self_type(&self, i: usize) -> Option<&'a str> {
        let mut angle = 0i32;
        let mut last = None;
        for token in &self.tokens[i + 1..] {
            match &token.kind {
                Kind::Punct("<") => angle += 1,
                Kind::Punct(">") => angle -= 1,
                Kind::Punct("->") => {}
                Kind::Punct("{" | ";") | Kind::Ident("impl") => break,
                Kind::Ident("where") if angle == 0 => break,
                Kind::Ident("for") if angle == 0 => last = None,
                Kind::Ident(name) if angle == 0 => last = Some(*name),
                _ => {}
            }
        }
        last
    }

    /// `enum Name ... {` at `i`: outside test code, a declaration whose
    /// body raises nothing. A header holds no other `enum`: the read for
    /// its `{` stops at one.
    fn enum_decl(&mut self, i: usize, frame: Frame<'a>) {
        let Some(name) = self.ident(i + 1) else {
            return;
        };
        let Some(open) = (i + 2..self.tokens.len())
            .take_while(|&j| !self.punct(j, ";") && self.ident(j) != Some("enum"))
            .find(|&j| self.punct(j, "{"))
        else {
            return;
        };
        self.pending.decl = true;
        if frame.test || self.pending.test {
            return;
        }
        let close = self.close_of(open);
        let mut variants = Vec::new();
        let mut j = open + 1;
        let mut want = true;
        while j < close {
            match &self.tokens[j].kind {
                Kind::Punct("#") if self.punct(j + 1, "[") => {
                    j = self.close_of(j + 1);
                }
                Kind::Punct("(" | "{" | "[") => j = self.close_of(j),
                Kind::Punct(",") => want = true,
                Kind::Ident(variant) if want => {
                    variants.push((*variant).to_owned());
                    want = false;
                }
                _ => {}
            }
            j += 1;
        }
        self.out.decls.push(Decl {
            name: name.to_owned(),
            variants,
            line: self.tokens[i].line,
        });
    }

    /// `code!(Name, "CODE")` at `i`. The name is a path: the read for the
    /// comma after it stops at a group.
    fn code_macro(&mut self, i: usize, frame: Frame<'a>, line: u32) {
        let open = i + 2;
        let close = self.close_of(open);
        let args = &self.tokens[open + 1..close.min(self.tokens.len())];
        let Some(comma) = args
            .iter()
            .position(|t| t.kind.is(",") || matches!(t.kind, Kind::Punct("(" | "[" | "{")))
            .filter(|&at| args[at].kind.is(","))
        else {
            return;
        };
        let Some(ty) = args[..comma].iter().rev().find_map(|t| t.kind.ident()) else {
            return;
        };
        let Some(Kind::Str(code)) = args.get(comma + 1).map(|t| &t.kind) else {
            return;
        };
        let ty = self.resolve(ty, frame);
        if frame.test {
            self.out.test_words.insert(code.clone());
            self.out.test_quoted.insert(code.clone());
        } else if !frame.decl {
            self.out.raises.push(Raise::Macro {
                ty,
                code: code.clone(),
                line,
            });
        }
    }

    fn resolve(&self, ty: &str, frame: Frame<'a>) -> String {
        match (ty, frame.self_ty) {
            ("Self", Some(self_ty)) => self_ty.to_owned(),
            _ => ty.to_owned(),
        }
    }

    /// `Type::Variant` at `i`, the last two names of a path.
    fn path(&mut self, i: usize, frame: Frame<'a>, ty: &str, variant: &str, line: u32) {
        let ty = self.resolve(ty, frame);
        if frame.test {
            self.out.test_paths.insert((ty, variant.to_owned()));
            return;
        }
        if frame.decl || self.pattern_or_comparison(i, frame) {
            return;
        }
        self.out.raises.push(Raise::Variant {
            ty,
            variant: variant.to_owned(),
            line,
        });
    }

    /// Whether the path at `i` (`Type :: Variant`, three tokens) is matched
    /// or compared against rather than made: a `match` arm's pattern
    /// (`=>`, `|`, a guard's `if`), `let` and `if let`, the pattern of
    /// `matches!`, either side of `==` and `!=`, or `error.is(&...)`.
    fn pattern_or_comparison(&self, i: usize, frame: Frame<'a>) -> bool {
        if frame.matches == Some(true) {
            return true;
        }
        let mut after = i + 3;
        if matches!(self.kind(after), Some(Kind::Punct("(" | "{"))) {
            after = self.close_of(after) + 1;
        }
        // Out of the patterns it is nested in: `Some(Code::A) =>`.
        while self.punct(after, ")") || self.punct(after, "]") {
            after += 1;
        }
        let follows = matches!(
            self.kind(after),
            Some(Kind::Punct("=>" | "|" | "==" | "!=") | Kind::Ident("if"))
        );
        // Back over a `crate::codes::` prefix and a `&` to what precedes the path.
        let mut before = i;
        while before >= 2 && self.punct(before - 1, "::") && self.ident(before - 2).is_some() {
            before -= 2;
        }
        while before >= 1 && self.punct(before - 1, "&") {
            before -= 1;
        }
        let prev = before.checked_sub(1).and_then(|b| self.kind(b));
        let compared = matches!(prev, Some(Kind::Punct("==" | "!=")))
            || (self.punct(before.wrapping_sub(1), "(")
                && self.ident(before.wrapping_sub(2)) == Some("is")
                && self.punct(before.wrapping_sub(3), "."));
        // `let Code::A = ..`, `if let Some(Code::A) = ..`.
        let mut back = before;
        while back >= 1 && self.punct(back - 1, "(") {
            back -= 1;
            if back >= 1 && self.ident(back - 1).is_some_and(|name| name != "let") {
                back -= 1;
            }
        }
        let bound = back >= 1 && self.ident(back - 1) == Some("let");
        follows || compared || bound
    }
}

/// For each token that opens a group (`(`, `[`, `{`), the index of the
/// token that closes it (any of `)`, `]`, `}`), else `tokens.len()`.
fn closes(tokens: &[Token<'_>]) -> Vec<usize> {
    let mut closes = vec![tokens.len(); tokens.len()];
    let mut open = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        match &token.kind {
            Kind::Punct("(" | "[" | "{") => open.push(i),
            Kind::Punct(")" | "]" | "}") => {
                if let Some(at) = open.pop() {
                    closes[at] = i;
                }
            }
            _ => {}
        }
    }
    closes
}

/// Adds the code-like words of `text` to `out`: each run of the characters
/// codes are made of, as it is and without the `.`, `:` or `-` that ends a
/// sentence or a label around it (`LOCK_HELD.`, `error[E0499]:`). A run
/// that is the whole text, or between quotes, backticks or brackets, goes
/// to `quoted` too.
pub(super) fn words(text: &str, out: &mut HashSet<String>, quoted: &mut HashSet<String>) {
    let code_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ':' | '-');
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (start, code_char(c) && i < text.len()) {
            (None, true) => start = Some(i),
            (Some(from), false) => {
                start = None;
                let run = &text[from..i];
                let trimmed = run.trim_matches(['.', ':', '-']);
                if trimmed.is_empty() {
                    continue;
                }
                if trimmed != run {
                    out.insert(trimmed.to_owned());
                }
                out.insert(run.to_owned());
                let before = text[..from].chars().next_back();
                let after = text[i..].chars().next();
                let delimited = matches!(
                    (before, after),
                    (Some('"'), Some('"'))
                        | (Some('\''), Some('\''))
                        | (Some('`'), Some('`'))
                        | (Some('['), Some(']'))
                        | (None, None)
                );
                if delimited {
                    quoted.insert(run.to_owned());
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::lex::tokens;
    use super::*;

    fn scanned(text: &str) -> Scan {
        scan(&tokens(text), false, None)
    }

    /// The raises of `text`, but for the paths of `io`, `fmt` and `new`,
    /// which name no variant of the enums in these tests.
    fn raised(text: &str) -> Vec<String> {
        scanned(text)
            .raises
            .iter()
            .filter(|r| match r {
                Raise::Variant { ty, variant, .. } => {
                    !matches!(ty.as_str(), "io" | "fmt") && variant != "new"
                }
                Raise::Macro { .. } => true,
            })
            .map(|r| match r {
                Raise::Variant { ty, variant, line } => format!("{ty}::{variant}@{line}"),
                Raise::Macro { ty, code, line } => format!("code!({ty}, {code})@{line}"),
            })
            .collect()
    }

    #[test]
    fn values_raise_and_patterns_comparisons_and_uses_do_not() {
        let text = r#"
use crate::codes::Code::{self, LockHeld};
fn f(e: &Error<Code>, c: Code) -> Error<Code> {
    match c {
        Code::A | Code::B => {}
        Code::C(x) if x > 1 => {}
        Code::D { .. } => return Error::new(Code::E, "x"),
        _ => {}
    }
    if let Code::F = c {}
    if let Some(Ok(Code::N)) = d {}
    match d { Some(Code::O) => {}, _ => {} }
    if c == Code::G || Code::H != c {}
    if matches!(c, Code::I | Code::J) {}
    if e.is(&Code::K) {}
    let x = matches!(Code::L, _);
    Error::new(crate::codes::Code::M, "y")
}
"#;
        assert_eq!(raised(text), ["Code::E@7", "Code::L@16", "Code::M@17"]);
    }

    #[test]
    fn the_code_macro_raises_by_string() {
        let text =
            r#"fn f() { let c = sponson_codes::code!(Code, "LOCK_HELD"); x.code!(Code, "NO"); }"#;
        assert_eq!(raised(text), ["code!(Code, LOCK_HELD)@1"]);
    }

    #[test]
    fn self_is_the_type_of_the_impl_block() {
        let text = "
impl Code { fn a() -> Self { Self::A } }
impl From<io::Error> for Error<Code> { fn from(_: io::Error) -> Self { Self::B } }
impl<T> fmt::Display for Wrapper<T> where T: X { fn c() { Self::C } }
fn g(x: impl Into<String>) { Self::D }
";
        assert_eq!(
            raised(text),
            ["Code::A@2", "Error::B@3", "Wrapper::C@4", "Self::D@5"]
        );
    }

    #[test]
    fn a_declaration_lists_its_variants_and_raises_nothing() {
        let text = r#"
#[derive(ErrorCodes)]
pub(crate) enum Code {
    /// Code::Doc
    #[code(exit = 1, doc = "a, b")]
    A,
    B(#[code(detail)] String, u8),
    C { path: String, line: usize } = 3,
    #[code(exit = 1, doc = "x", fallback)]
    Internal,
}
impl Code { const X: Code = Code::A; }
"#;
        let scan = scanned(text);
        assert_eq!(
            scan.decls,
            [Decl {
                name: "Code".into(),
                variants: vec!["A".into(), "B".into(), "C".into(), "Internal".into()],
                line: 3,
            }]
        );
        assert_eq!(raised(text), ["Code::A@12"]);
    }

    #[test]
    fn test_code_names_and_strings_are_tests_not_raises() {
        let text = r#"
fn real() { Error::new(Code::A, "B_CODE"); }
#[cfg(test)]
mod tests {
    fn t() { assert_eq!(run(), Code::C); assert!(out.contains("error[D_CODE]: x")); }
}
#[test]
#[should_panic(expected = "E_CODE")]
fn u() { Code::F; }
#[cfg(not(test))]
fn g() { Code::G; }
#[cfg(test)]
mod more;
mod other;
"#;
        let scan = scanned(text);
        assert_eq!(raised(text), ["Code::A@2", "Code::G@11"]);
        let mut paths: Vec<_> = scan.test_paths.into_iter().collect();
        paths.sort();
        assert_eq!(
            paths,
            [
                ("Code".to_owned(), "C".to_owned()),
                ("Code".to_owned(), "F".to_owned())
            ]
        );
        for word in ["D_CODE", "E_CODE"] {
            assert!(scan.test_words.contains(word), "{word}");
        }
        assert!(!scan.test_words.contains("B_CODE"));
        assert_eq!(
            scan.mods,
            [
                ModDecl {
                    name: "more".into(),
                    path: None,
                    test: true
                },
                ModDecl {
                    name: "other".into(),
                    path: None,
                    test: false
                }
            ]
        );
    }

    fn scan_only(tokens: &[Token<'_>], only: &HashSet<&str>) -> Vec<String> {
        scan(tokens, false, Some(only))
            .raises
            .into_iter()
            .map(|r| match r {
                Raise::Variant { variant, .. } => variant,
                Raise::Macro { code, .. } => code,
            })
            .collect()
    }

    #[test]
    fn a_file_with_an_inner_cfg_test_is_test_code() {
        let scan = scanned("#![cfg(test)]\nfn t() { Code::A; }");
        let only = HashSet::from(["B"]);
        let tokens = tokens("fn f() { Code::A; Code::B; }");
        assert_eq!(scan_only(&tokens, &only), ["B"]);
        assert!(scan.raises.is_empty());
        assert!(scan
            .test_paths
            .contains(&("Code".to_owned(), "A".to_owned())));
    }

    /// Each shape left open 100,000 times: read once each, the scan takes
    /// milliseconds; read again from each opening to the end of the file,
    /// it would take minutes.
    #[test]
    fn a_hundred_thousand_unclosed_openings_are_each_read_once() {
        let n = 100_000;
        let calls = format!("fn f() {{ Error::new({}", "Code::X(\n".repeat(n));
        let raises = raised(&calls);
        assert_eq!(raises.len(), n);
        assert_eq!(raises.last().map(String::as_str), Some("Code::X@100000"));
        assert!(raised(&"code!(".repeat(n)).is_empty());
        let impls = format!("{}{{ fn f() {{ Self::B }} }}", "}impl A ".repeat(n));
        assert_eq!(raised(&impls), ["A::B@1"]);
        let enums = format!("{}enum B {{ X, Y }}", "enum A ".repeat(n));
        assert_eq!(
            scanned(&enums).decls,
            [Decl {
                name: "B".into(),
                variants: vec!["X".into(), "Y".into()],
                line: 1
            }]
        );
        let raw = format!("r{}\"{}", "#".repeat(n), "\"x".repeat(n));
        let lexed = tokens(&raw);
        assert_eq!(lexed.len(), 1);
        assert!(matches!(&lexed[0].kind, Kind::Str(text) if text.len() == 2 * n));
    }

    #[test]
    fn words_are_runs_of_code_characters() {
        let (mut out, mut quoted) = (HashSet::new(), HashSet::new());
        words(
            r#"{"code":"LOCK_HELD"} error[E0499]: see #plan-stale. my_app::config::missing, an internal `usage`"#,
            &mut out,
            &mut quoted,
        );
        for word in [
            "code",
            "LOCK_HELD",
            "E0499",
            "plan-stale",
            "my_app::config::missing",
        ] {
            assert!(out.contains(word), "{word}: {out:?}");
        }
        assert!(!out.contains("LOCK"));
        assert!(!out.contains("plan"));
        let mut quoted: Vec<_> = quoted.into_iter().collect();
        quoted.sort();
        assert_eq!(quoted, ["E0499", "LOCK_HELD", "code", "usage"]);
        let mut whole = HashSet::new();
        words("internal", &mut out, &mut whole);
        assert!(whole.contains("internal"));
    }
}
