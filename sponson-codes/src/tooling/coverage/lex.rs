//! A Rust lexer just good enough to find paths, macro calls and string
//! contents: comments (doc comments included) are dropped, and string
//! literals are one token each, so that neither ever looks like code.

/// One token and the line it starts on (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Token<'a> {
    pub(super) kind: Kind<'a>,
    pub(super) line: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Kind<'a> {
    /// An identifier or keyword; `r#name` is `name`.
    Ident(&'a str),
    /// A string literal's contents, escapes decoded: `"..."`, `r#"..."#`,
    /// `b"..."`, `c"..."`.
    Str(String),
    /// Punctuation: `::`, `=>`, `==`, `!=`, `||`, `&&`, `->`, `<=`, `>=`,
    /// or one character.
    Punct(&'a str),
    /// A number, character, byte or lifetime: nothing the scan reads.
    Other,
}

impl Kind<'_> {
    pub(super) fn is(&self, punct: &str) -> bool {
        matches!(self, Kind::Punct(p) if *p == punct)
    }

    pub(super) fn ident(&self) -> Option<&str> {
        match self {
            Kind::Ident(name) => Some(name),
            _ => None,
        }
    }
}

const TWO: &[&str] = &["::", "=>", "==", "!=", "||", "&&", "->", "<=", ">="];

/// The tokens of `text`. Never fails: an unterminated string or comment
/// runs to the end of the text.
pub(super) fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut lexer = Lexer {
        text,
        at: 0,
        line: 1,
    };
    let mut out = Vec::new();
    while let Some(token) = lexer.next() {
        out.push(token);
    }
    out
}

struct Lexer<'a> {
    text: &'a str,
    at: usize,
    line: u32,
}

impl<'a> Lexer<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.rest().chars().nth(n)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            let c = self.peek()?;
            if c.is_whitespace() {
                self.bump();
            } else if self.rest().starts_with("//") {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else if self.rest().starts_with("/*") {
                self.block_comment();
            } else {
                break;
            }
        }
        let line = self.line;
        let kind = self.token();
        Some(Token { kind, line })
    }

    /// A block comment, nested ones included.
    fn block_comment(&mut self) {
        let mut depth = 0usize;
        while !self.rest().is_empty() {
            if self.rest().starts_with("/*") {
                depth += 1;
                self.bump();
                self.bump();
            } else if self.rest().starts_with("*/") {
                self.bump();
                self.bump();
                depth -= 1;
                if depth == 0 {
                    return;
                }
            } else {
                self.bump();
            }
        }
    }

    fn token(&mut self) -> Kind<'a> {
        let c = self.peek().unwrap_or_default();
        // Raw strings and prefixed literals start like identifiers.
        if let Some(kind) = self.prefixed_literal() {
            return kind;
        }
        if c == '"' {
            self.bump();
            return Kind::Str(self.quoted());
        }
        if c == '\'' {
            self.char_or_lifetime();
            return Kind::Other;
        }
        if c.is_ascii_digit() {
            self.number();
            return Kind::Other;
        }
        if c == '_' || c.is_alphabetic() {
            if self.rest().starts_with("r#") {
                self.bump();
                self.bump();
            }
            let start = self.at;
            while self.peek().is_some_and(|c| c == '_' || c.is_alphanumeric()) {
                self.bump();
            }
            return Kind::Ident(&self.text[start..self.at]);
        }
        let start = self.at;
        if let Some(two) = TWO.iter().find(|two| self.rest().starts_with(**two)) {
            self.at += two.len();
            return Kind::Punct(&self.text[start..self.at]);
        }
        self.bump();
        Kind::Punct(&self.text[start..self.at])
    }

    /// `r"..."`, `r#"..."#`, `br"..."`, `cr#"..."#`, `b"..."`, `c"..."`,
    /// `b'x'`: the literal, or `None` when the text here is something else.
    fn prefixed_literal(&mut self) -> Option<Kind<'a>> {
        let rest = self.rest();
        let prefix = ["br", "cr", "r", "b", "c"]
            .into_iter()
            .find(|p| rest.starts_with(p))?;
        let after = &rest[prefix.len()..];
        if prefix.ends_with('r') {
            let hashes = after.chars().take_while(|&c| c == '#').count();
            if !after[hashes..].starts_with('"') {
                return None;
            }
            for _ in 0..prefix.len() + hashes + 1 {
                self.bump();
            }
            let close: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let start = self.at;
            let end = self.rest().find(&close).map_or(self.text.len(), |i| start + i);
            let contents = self.text[start..end].to_owned();
            while self.at < end {
                self.bump();
            }
            for _ in 0..close.len() {
                self.bump();
            }
            return Some(Kind::Str(contents));
        }
        match after.chars().next() {
            Some('"') => {
                self.bump();
                self.bump();
                Some(Kind::Str(self.quoted()))
            }
            Some('\'') if prefix == "b" => {
                self.bump();
                self.char_or_lifetime();
                Some(Kind::Other)
            }
            _ => None,
        }
    }

    /// The rest of a string whose opening quote is read, escapes decoded.
    fn quoted(&mut self) -> String {
        let mut out = String::new();
        while let Some(c) = self.bump() {
            match c {
                '"' => break,
                '\\' => self.escape(&mut out),
                c => out.push(c),
            }
        }
        out
    }

    fn escape(&mut self, out: &mut String) {
        match self.bump() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('0') => out.push('\0'),
            Some('x') => {
                let hex: String = (0..2).filter_map(|_| self.bump()).collect();
                if let Some(c) = u8::from_str_radix(&hex, 16).ok().map(char::from) {
                    out.push(c);
                }
            }
            Some('u') => {
                let mut hex = String::new();
                while let Some(c) = self.bump() {
                    match c {
                        '{' => {}
                        '}' => break,
                        c => hex.push(c),
                    }
                }
                if let Some(c) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(c);
                }
            }
            // A line continuation: the newline and the next line's indent go.
            Some('\n') => {
                while self.peek().is_some_and(char::is_whitespace) {
                    self.bump();
                }
            }
            Some(c) => out.push(c),
            None => {}
        }
    }

    /// `'x'`, `'\n'`, `'\u{1F600}'`, or a lifetime or label (`'a`).
    fn char_or_lifetime(&mut self) {
        self.bump();
        if self.peek() == Some('\\') {
            self.bump();
            self.bump();
            while self.peek().is_some_and(|c| c != '\'' && c != '\n') {
                self.bump();
            }
            if self.peek() == Some('\'') {
                self.bump();
            }
            return;
        }
        if self.peek_at(1) == Some('\'') {
            self.bump();
            self.bump();
            return;
        }
        while self.peek().is_some_and(|c| c == '_' || c.is_alphanumeric()) {
            self.bump();
        }
    }

    /// `12`, `0x1F`, `1_000u64`, `2.5e3`; `1..2` stops before the range.
    fn number(&mut self) {
        while let Some(c) = self.peek() {
            let fraction = c == '.' && self.peek_at(1).is_some_and(|c| c.is_ascii_digit());
            if c == '_' || c.is_ascii_alphanumeric() || fraction {
                self.bump();
            } else {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Kind<'_>> {
        tokens(text).into_iter().map(|t| t.kind).collect()
    }

    fn strings(text: &str) -> Vec<String> {
        kinds(text)
            .into_iter()
            .filter_map(|k| match k {
                Kind::Str(s) => Some(s),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn comments_are_dropped_and_strings_are_one_token() {
        let text = "/// Code::A\n// Code::B\n/* a /* nested */ Code::C */ x(\"Code::D\") // end";
        assert_eq!(
            kinds(text),
            [
                Kind::Ident("x"),
                Kind::Punct("("),
                Kind::Str("Code::D".into()),
                Kind::Punct(")"),
            ]
        );
    }

    #[test]
    fn every_kind_of_string_is_read_with_its_escapes() {
        let text = r####"a("x\"y\nz", r#"raw "quoted" "#, br"bytes", b"\x41", c"c", r##"two"#"##, "\u{41}\
                         B")"####;
        assert_eq!(
            strings(text),
            ["x\"y\nz", "raw \"quoted\" ", "bytes", "A", "c", "two\"#", "AB"]
        );
    }

    #[test]
    fn lifetimes_chars_and_raw_identifiers() {
        let text = "fn f<'a>(x: &'a str) -> char { let q = '\"'; let r#type = '\\''; 'x' }";
        let idents: Vec<&str> = kinds(text)
            .into_iter()
            .filter_map(|k| match k {
                Kind::Ident(name) => Some(name),
                _ => None,
            })
            .collect();
        assert_eq!(idents, ["fn", "f", "x", "str", "char", "let", "q", "let", "type"]);
        assert!(strings(text).is_empty());
    }

    #[test]
    fn lines_are_counted_through_comments_and_strings() {
        let toks = tokens("a\n/* x\n y */ b \"s\ns\" c\n// d\ne");
        let lines: Vec<u32> = toks.iter().map(|t| t.line).collect();
        assert_eq!(lines, [1, 3, 3, 4, 6]);
    }

    #[test]
    fn two_character_punctuation() {
        let text = "Code::A => x == y != z || w -> v";
        let puncts: Vec<&str> = kinds(text)
            .into_iter()
            .filter_map(|k| match k {
                Kind::Punct(p) => Some(p),
                _ => None,
            })
            .collect();
        assert_eq!(puncts, ["::", "=>", "==", "!=", "||", "->"]);
    }
}
