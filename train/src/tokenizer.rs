//! The trainer's own reader of `tokenizer.json`: byte-level BPE behind the
//! qwen2 pre-tokenizer split, with the corpus' special tokens matched first.
//! It must agree with HF `tokenizers` and llama.cpp; `scripts/export_gguf.py`
//! checks it against both on the corpus (model/'s tokenizer is the one that
//! ships).

use fancy_regex::Regex;
use std::collections::HashMap;
use std::fmt;

/// Qwen2's split pattern (llama.cpp `LLAMA_VOCAB_PRE_TYPE_QWEN2`).
const QWEN2_PATTERN: &str = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+";

#[derive(Debug)]
pub enum TokenizerError {
    Json(String),
    Missing(&'static str),
    /// A merge or special token names a token not in the vocabulary.
    Unknown(String),
}

impl fmt::Display for TokenizerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenizerError::Json(e) => write!(f, "tokenizer.json: {e}"),
            TokenizerError::Missing(what) => write!(f, "tokenizer.json: no {what}"),
            TokenizerError::Unknown(t) => write!(f, "tokenizer.json: unknown token {t:?}"),
        }
    }
}

impl std::error::Error for TokenizerError {}

pub struct Tokenizer {
    /// Token strings in id order (byte-level alphabet).
    pub tokens: Vec<String>,
    ids: HashMap<String, u32>,
    ranks: HashMap<(String, String), usize>,
    specials: Vec<(String, u32)>,
    split: Regex,
    /// Pieces already encoded: the corpus repeats the same words endlessly.
    memo: std::cell::RefCell<HashMap<String, Vec<u32>>>,
    byte_char: [char; 256],
    char_byte: HashMap<char, u8>,
}

/// GPT-2's map from bytes to printable characters.
fn byte_chars() -> [char; 256] {
    let mut printable: Vec<u32> = (b'!' as u32..=b'~' as u32).collect();
    printable.extend(0xA1..=0xAC);
    printable.extend(0xAE..=0xFF);
    let mut map = ['\0'; 256];
    let mut extra = 0;
    for b in 0..256u32 {
        map[b as usize] = if printable.contains(&b) {
            char::from_u32(b).unwrap_or('?')
        } else {
            extra += 1;
            char::from_u32(255 + extra).unwrap_or('?')
        };
    }
    map
}

impl Tokenizer {
    pub fn from_json(text: &str) -> Result<Tokenizer, TokenizerError> {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| TokenizerError::Json(e.to_string()))?;
        let model = v.get("model").ok_or(TokenizerError::Missing("model"))?;
        let vocab = model
            .get("vocab")
            .and_then(|v| v.as_object())
            .ok_or(TokenizerError::Missing("model.vocab"))?;
        let mut tokens = vec![String::new(); vocab.len()];
        let mut ids = HashMap::new();
        for (tok, id) in vocab {
            let id = id.as_u64().ok_or(TokenizerError::Missing("numeric ids"))? as usize;
            if id >= tokens.len() {
                return Err(TokenizerError::Unknown(tok.clone()));
            }
            tokens[id] = tok.clone();
            ids.insert(tok.clone(), id as u32);
        }
        let mut merges = Vec::new();
        for m in model
            .get("merges")
            .and_then(|m| m.as_array())
            .ok_or(TokenizerError::Missing("model.merges"))?
        {
            // Older files write "a b", newer ones ["a", "b"].
            let pair = match m {
                serde_json::Value::String(s) => s
                    .split_once(' ')
                    .map(|(a, b)| (a.to_string(), b.to_string())),
                serde_json::Value::Array(a) if a.len() == 2 => {
                    match (a[0].as_str(), a[1].as_str()) {
                        (Some(x), Some(y)) => Some((x.to_string(), y.to_string())),
                        _ => None,
                    }
                }
                _ => None,
            };
            let pair = pair.ok_or(TokenizerError::Missing("well-formed merges"))?;
            if !ids.contains_key(&format!("{}{}", pair.0, pair.1)) {
                return Err(TokenizerError::Unknown(format!("{}{}", pair.0, pair.1)));
            }
            merges.push(pair);
        }
        let ranks = merges
            .into_iter()
            .enumerate()
            .map(|(i, p)| (p, i))
            .collect();
        let mut specials = Vec::new();
        for s in corpus::SPECIALS {
            let id = *ids
                .get(s)
                .ok_or_else(|| TokenizerError::Unknown(s.into()))?;
            specials.push((s.to_string(), id));
        }
        let byte_char = byte_chars();
        let char_byte = byte_char
            .iter()
            .enumerate()
            .map(|(b, &c)| (c, b as u8))
            .collect();
        Ok(Tokenizer {
            tokens,
            ids,
            ranks,
            specials,
            split: Regex::new(QWEN2_PATTERN).map_err(|e| TokenizerError::Json(e.to_string()))?,
            memo: Default::default(),
            byte_char,
            char_byte,
        })
    }

    pub fn id(&self, token: &str) -> Option<u32> {
        self.ids.get(token).copied()
    }

    pub fn vocab_size(&self) -> usize {
        self.tokens.len()
    }

    /// Encodes text in which the special tokens are recognised.
    pub fn encode(&self, text: &str) -> Vec<u32> {
        let mut out = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let next = self
                .specials
                .iter()
                .filter_map(|(s, id)| rest.find(s.as_str()).map(|at| (at, s.len(), *id)))
                .min_by_key(|&(at, len, _)| (at, std::cmp::Reverse(len)));
            match next {
                Some((at, len, id)) => {
                    self.encode_plain(&rest[..at], &mut out);
                    out.push(id);
                    rest = &rest[at + len..];
                }
                None => {
                    self.encode_plain(rest, &mut out);
                    rest = "";
                }
            }
        }
        out
    }

    fn encode_plain(&self, text: &str, out: &mut Vec<u32>) {
        for piece in self.split.find_iter(text) {
            let Ok(piece) = piece else {
                // A backtracking limit hit: fall back to the whole run.
                self.bpe(text, out);
                return;
            };
            self.bpe(piece.as_str(), out);
        }
    }

    fn bpe(&self, piece: &str, out: &mut Vec<u32>) {
        if let Some(ids) = self.memo.borrow().get(piece) {
            out.extend_from_slice(ids);
            return;
        }
        let start = out.len();
        self.bpe_uncached(piece, out);
        self.memo
            .borrow_mut()
            .insert(piece.to_string(), out[start..].to_vec());
    }

    fn bpe_uncached(&self, piece: &str, out: &mut Vec<u32>) {
        let mut syms: Vec<String> = piece
            .bytes()
            .map(|b| self.byte_char[b as usize].to_string())
            .collect();
        loop {
            let best = (0..syms.len().saturating_sub(1))
                .filter_map(|i| {
                    self.ranks
                        .get(&(syms[i].clone(), syms[i + 1].clone()))
                        .map(|&r| (r, i))
                })
                .min();
            let Some((_, i)) = best else { break };
            let merged = format!("{}{}", syms[i], syms[i + 1]);
            syms[i] = merged;
            syms.remove(i + 1);
        }
        for s in syms {
            // Every byte has a token, so a symbol is always known.
            if let Some(&id) = self.ids.get(&s) {
                out.push(id);
            }
        }
    }

    /// Decodes ids to text; invalid UTF-8 becomes U+FFFD.
    pub fn decode(&self, ids: &[u32]) -> String {
        let mut bytes = Vec::new();
        for &id in ids {
            let Some(tok) = self.tokens.get(id as usize) else {
                continue;
            };
            if let Some((s, _)) = self.specials.iter().find(|(_, i)| *i == id) {
                bytes.extend_from_slice(s.as_bytes());
                continue;
            }
            for c in tok.chars() {
                if let Some(&b) = self.char_byte.get(&c) {
                    bytes.push(b);
                }
            }
        }
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A vocabulary of the 256 bytes, the specials and two merges.
    fn tiny() -> Tokenizer {
        let chars = byte_chars();
        let mut vocab = serde_json::Map::new();
        for (i, s) in corpus::SPECIALS.iter().enumerate() {
            vocab.insert(s.to_string(), (i as u64).into());
        }
        for (i, c) in chars.iter().enumerate() {
            vocab.insert(c.to_string(), ((4 + i) as u64).into());
        }
        vocab.insert("ca".into(), 260u64.into());
        vocab.insert("cat".into(), 261u64.into());
        let json = serde_json::json!({
            "model": {"vocab": vocab, "merges": [["c", "a"], "ca t"]}
        });
        Tokenizer::from_json(&json.to_string()).unwrap()
    }

    #[test]
    fn merges_apply_by_rank_and_specials_split() {
        let t = tiny();
        let ids = t.encode("<|user|>cat cab<|cmd|>");
        assert_eq!(ids[0], 1);
        assert_eq!(ids[1], 261);
        // " cab" is one piece: "Ġ" "ca" "b".
        assert_eq!(*ids.last().unwrap(), 2);
        assert!(ids.contains(&260));
        assert_eq!(t.decode(&ids), "<|user|>cat cab<|cmd|>");
    }

    #[test]
    fn any_bytes_round_trip() {
        let t = tiny();
        let s = "héllo 🦀 \t\n x's  ";
        assert_eq!(t.decode(&t.encode(s)), s);
    }
}
