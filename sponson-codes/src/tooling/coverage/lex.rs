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
/// runs to the end of the text. Works on bytes: every byte of a non-ASCII
/// character is above 0x7F, so none is taken for punctuation, and such
/// characters outside strings and comments are read as part of a name.
pub(super) fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut lexer = Lexer {
        text,
        bytes: text.as_bytes(),
        at: 0,
        line: 1,
    };
    let mut out = Vec::with_capacity(text.len() / 4);
    while let Some(token) = lexer.next() {
        out.push(token);
    }
    out
}

struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    line: u32,
}

fn ident_byte(b: u8) -> bool {
    b == b'_' || b.is_ascii_alphanumeric() || b >= 0x80
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn peek_at(&self, n: usize) -> Option<u8> {
        self.bytes.get(self.at + n).copied()
    }

    fn starts_with(&self, prefix: &[u8]) -> bool {
        self.bytes[self.at..].starts_with(prefix)
    }

    fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        if b == b'\n' {
            self.line += 1;
        }
        Some(b)
    }

    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            let b = self.peek()?;
            if b.is_ascii_whitespace() {
                self.bump();
            } else if b == b'/' && self.peek_at(1) == Some(b'/') {
                while self.peek().is_some_and(|b| b != b'\n') {
                    self.at += 1;
                }
            } else if b == b'/' && self.peek_at(1) == Some(b'*') {
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
        while let Some(b) = self.peek() {
            if b == b'/' && self.peek_at(1) == Some(b'*') {
                depth += 1;
                self.at += 2;
            } else if b == b'*' && self.peek_at(1) == Some(b'/') {
                self.at += 2;
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
        let b = self.peek().unwrap_or_default();
        // Raw strings and prefixed literals start like identifiers.
        if matches!(b, b'r' | b'b' | b'c') {
            if let Some(kind) = self.prefixed_literal() {
                return kind;
            }
        }
        if b == b'"' {
            self.bump();
            return Kind::Str(self.quoted());
        }
        if b == b'\'' {
            self.char_or_lifetime();
            return Kind::Other;
        }
        if b.is_ascii_digit() {
            self.number();
            return Kind::Other;
        }
        if ident_byte(b) {
            if b == b'r' && self.peek_at(1) == Some(b'#') {
                self.at += 2;
            }
            let start = self.at;
            while self.peek().is_some_and(ident_byte) {
                self.at += 1;
            }
            return Kind::Ident(&self.text[start..self.at]);
        }
        let start = self.at;
        let two = self
            .bytes
            .get(self.at..self.at + 2)
            .and_then(|pair| TWO.iter().find(|two| two.as_bytes() == pair));
        self.at += if two.is_some() { 2 } else { 1 };
        Kind::Punct(&self.text[start..self.at])
    }

    /// `r"..."`, `r#"..."#`, `br"..."`, `cr#"..."#`, `b"..."`, `c"..."`,
    /// `b'x'`: the literal, or `None` when the text here is something else.
    fn prefixed_literal(&mut self) -> Option<Kind<'a>> {
        let prefix: &[u8] = [&b"br"[..], b"cr", b"r", b"b", b"c"]
            .into_iter()
            .find(|p| self.starts_with(p))?;
        let after = self.at + prefix.len();
        if prefix.ends_with(b"r") {
            let hashes = self.bytes[after..]
                .iter()
                .take_while(|&&b| b == b'#')
                .count();
            if self.bytes.get(after + hashes) != Some(&b'"') {
                return None;
            }
            self.at = after + hashes + 1;
            let start = self.at;
            let mut end = self.bytes.len();
            let mut i = start;
            while i < self.bytes.len() {
                if self.bytes[i] == b'"'
                    && self.bytes[i + 1..]
                        .iter()
                        .take(hashes)
                        .take_while(|&&b| b == b'#')
                        .count()
                        == hashes
                {
                    end = i;
                    break;
                }
                i += 1;
            }
            let contents = self.text[start..end].to_owned();
            while self.at < end {
                self.bump();
            }
            self.at = (end + 1 + hashes).min(self.bytes.len());
            return Some(Kind::Str(contents));
        }
        match self.bytes.get(after) {
            Some(b'"') => {
                self.at = after + 1;
                Some(Kind::Str(self.quoted()))
            }
            Some(b'\'') if prefix == b"b" => {
                self.at = after;
                self.char_or_lifetime();
                Some(Kind::Other)
            }
            _ => None,
        }
    }

    /// The rest of a string whose opening quote is read, escapes decoded.
    fn quoted(&mut self) -> String {
        let mut out: Vec<u8> = Vec::new();
        while let Some(b) = self.bump() {
            match b {
                b'"' => break,
                b'\\' => self.escape(&mut out),
                b => out.push(b),
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    fn escape(&mut self, out: &mut Vec<u8>) {
        let mut push = |c: char| out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        match self.bump() {
            Some(b'n') => push('\n'),
            Some(b'r') => push('\r'),
            Some(b't') => push('\t'),
            Some(b'0') => push('\0'),
            Some(b'x') => {
                let hex: String = (0..2).filter_map(|_| self.bump()).map(char::from).collect();
                if let Some(c) = u8::from_str_radix(&hex, 16).ok().map(char::from) {
                    push(c);
                }
            }
            Some(b'u') => {
                let mut hex = String::new();
                while let Some(b) = self.bump() {
                    match b {
                        b'{' => {}
                        b'}' => break,
                        b => hex.push(char::from(b)),
                    }
                }
                if let Some(c) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    push(c);
                }
            }
            // A line continuation: the newline and the next line's indent go.
            Some(b'\n') => {
                while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
                    self.bump();
                }
            }
            Some(b) => out.push(b),
            None => {}
        }
    }

    /// `'x'`, `'\n'`, `'\u{1F600}'`, `'é'`, or a lifetime or label (`'a`).
    fn char_or_lifetime(&mut self) {
        self.bump();
        if self.peek() == Some(b'\\') {
            self.at += 2;
            while self.peek().is_some_and(|b| b != b'\'' && b != b'\n') {
                self.at += 1;
            }
            if self.peek() == Some(b'\'') {
                self.at += 1;
            }
            return;
        }
        // One character, of one to four bytes, then the closing quote.
        let width = self.text[self.at.min(self.text.len())..]
            .chars()
            .next()
            .map_or(1, char::len_utf8);
        if self.peek_at(width) == Some(b'\'') {
            self.at += width + 1;
            return;
        }
        while self.peek().is_some_and(ident_byte) {
            self.at += 1;
        }
    }

    /// `12`, `0x1F`, `1_000u64`, `2.5e3`; `1..2` stops before the range.
    fn number(&mut self) {
        while let Some(b) = self.peek() {
            let fraction = b == b'.' && self.peek_at(1).is_some_and(|b| b.is_ascii_digit());
            if b == b'_' || b.is_ascii_alphanumeric() || fraction {
                self.at += 1;
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
            [
                "x\"y\nz",
                "raw \"quoted\" ",
                "bytes",
                "A",
                "c",
                "two\"#",
                "AB"
            ]
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
        assert_eq!(
            idents,
            ["fn", "f", "x", "str", "char", "let", "q", "let", "type"]
        );
        assert!(strings(text).is_empty());
    }

    #[test]
    fn non_ascii_text_stays_whole() {
        let text = "let é = 'é'; f(\"naïve → LOCK_HELD\", r\"ü\") // ✓\nCode::Ü";
        assert_eq!(strings(text), ["naïve → LOCK_HELD", "ü"]);
        let idents: Vec<&str> = kinds(text)
            .into_iter()
            .filter_map(|k| match k {
                Kind::Ident(name) => Some(name),
                _ => None,
            })
            .collect();
        assert_eq!(idents, ["let", "é", "f", "Code", "Ü"]);
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
