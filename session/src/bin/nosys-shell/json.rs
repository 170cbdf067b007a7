//! A minimal JSON writer: enough for one flat-ish object per line, without a
//! serde dependency in a crate the kernel also builds.

use std::fmt::Write;

/// Builds one JSON object.
pub struct Obj {
    out: String,
    first: bool,
}

/// A JSON value.
pub enum V<'a> {
    Null,
    Bool(bool),
    Str(&'a str),
    Num(f64),
    Int(u64),
    Obj(Obj),
}

impl Obj {
    pub fn new() -> Obj {
        Obj {
            out: String::from("{"),
            first: true,
        }
    }

    pub fn field(mut self, key: &str, value: V<'_>) -> Obj {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        string(&mut self.out, key);
        self.out.push(':');
        match value {
            V::Null => self.out.push_str("null"),
            V::Bool(b) => self.out.push_str(if b { "true" } else { "false" }),
            V::Str(s) => string(&mut self.out, s),
            V::Num(x) if x.is_finite() => {
                let _ = write!(self.out, "{}", (x * 1e4).round() / 1e4);
            }
            V::Num(_) => self.out.push_str("null"),
            V::Int(n) => {
                let _ = write!(self.out, "{n}");
            }
            V::Obj(o) => self.out.push_str(&o.finish()),
        }
        self
    }

    pub fn opt_str(self, key: &str, value: Option<&str>) -> Obj {
        match value {
            Some(s) => self.field(key, V::Str(s)),
            None => self.field(key, V::Null),
        }
    }

    pub fn finish(mut self) -> String {
        self.out.push('}');
        self.out
    }
}

fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_nests() {
        let inner = Obj::new().field("x", V::Num(0.123456789));
        let s = Obj::new()
            .field("a", V::Str("q\"b\\\n\u{1}é"))
            .field("n", V::Null)
            .field("b", V::Bool(true))
            .field("i", V::Int(7))
            .field("nan", V::Num(f64::NAN))
            .field("o", V::Obj(inner))
            .finish();
        assert_eq!(
            s,
            r#"{"a":"q\"b\\\n\u0001é","n":null,"b":true,"i":7,"nan":null,"o":{"x":0.1235}}"#
        );
    }
}
