//! Byte-level BPE tokenizer (`tokenizer.ggml.model = gpt2`), token for token as llama.cpp.
//!
//! Encoding runs llama.cpp's steps in its order:
//! 1. special tokens are cut out of the raw bytes (`tokenizer_st_partition`): user-defined
//!    tokens always, control and unknown tokens only when `parse_special` is set;
//! 2. each remaining fragment is decoded to code points and split into words by the
//!    pre-tokenizer named in `tokenizer.ggml.pre` ([`PreTokenizer`]);
//! 3. each word is merged by BPE rank (lowest rank first, leftmost first among equal ranks).
//!
//! llama.cpp merges in the GPT-2 "byte-encoded" text domain, where each byte is one character;
//! since that mapping is a bijection, this module merges raw bytes instead and translates the
//! vocabulary and merges once, at construction.

mod bpe;
mod pretok;
mod unicode_table;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use core::hash::BuildHasher;

use hashbrown::{DefaultHashBuilder, HashTable};
use memchr::memmem;

pub use pretok::PreTokenizer;

/// A token's kind, from GGUF `tokenizer.ggml.token_type` (llama.cpp's `llama_token_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenType {
    /// 0 or any value llama.cpp does not know: never produced by encode, decodes to nothing.
    Undefined,
    /// 1: an ordinary BPE token.
    Normal,
    /// 2: matched like a control token.
    Unknown,
    /// 3: matched in the input only when `parse_special` is set.
    Control,
    /// 4: always matched in the input before pre-tokenization.
    UserDefined,
    /// 5: reachable by BPE, decodes to nothing.
    Unused,
    /// 6: a `<0xHH>` byte token.
    Byte,
}

impl TokenType {
    /// The GGUF integer code, as llama.cpp maps it (unknown codes are `Undefined`).
    pub fn from_code(code: i32) -> Self {
        match code {
            1 => Self::Normal,
            2 => Self::Unknown,
            3 => Self::Control,
            4 => Self::UserDefined,
            5 => Self::Unused,
            6 => Self::Byte,
            _ => Self::Undefined,
        }
    }

    /// Tokens that `tokenizer_st_partition` looks for in the input.
    fn is_special(self) -> bool {
        matches!(self, Self::Control | Self::UserDefined | Self::Unknown)
    }
}

/// Why a vocabulary was refused, or an id was not in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenizerError {
    /// The vocabulary has no token.
    EmptyVocab,
    /// More tokens than a `u32` id (or llama.cpp's `int32_t`) can number.
    TooManyTokens(usize),
    /// A token's text or decoded bytes exceed [`MAX_TOKEN_BYTES`] (a guard against hostile
    /// files: llama.cpp's marker for undecodable characters repeats the whole text per character).
    TokenTooLong { id: u32, len: usize },
    /// The token texts or their decoded bytes add up to 4 GiB or more.
    VocabTooLarge,
    /// `token_type` is non-empty but shorter than the token list.
    TokenTypesTooShort { tokens: usize, types: usize },
    /// Two tokens have the same text (llama.cpp asserts on this).
    DuplicateToken { first: u32, second: u32 },
    /// `tokenizer.ggml.pre` names no pre-tokenizer implemented here.
    UnknownPreTokenizer(String),
    /// A special-token id (`bos`, `eos`, ...) is not below the vocabulary size.
    SpecialIdOutOfRange { which: &'static str, id: u32 },
    /// A token id passed to decode is not below the vocabulary size.
    IdOutOfRange(u32),
    /// A GGUF key the tokenizer needs is absent.
    MissingKey(&'static str),
    /// A GGUF key has another value type than llama.cpp accepts.
    WrongType(&'static str),
    /// `tokenizer.ggml.model` is not `gpt2` (byte-level BPE).
    UnsupportedModel(String),
}

impl fmt::Display for TokenizerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::EmptyVocab => write!(f, "vocabulary has no token"),
            Self::TooManyTokens(n) => write!(f, "{n} tokens do not fit 31-bit ids"),
            Self::TokenTooLong { id, len } => write!(f, "token {id} is {len} bytes long"),
            Self::VocabTooLarge => write!(f, "token texts add up to 4 GiB or more"),
            Self::TokenTypesTooShort { tokens, types } => {
                write!(f, "{types} token types for {tokens} tokens")
            }
            Self::DuplicateToken { first, second } => {
                write!(f, "tokens {first} and {second} have the same text")
            }
            Self::UnknownPreTokenizer(name) => write!(f, "unknown pre-tokenizer '{name}'"),
            Self::SpecialIdOutOfRange { which, id } => {
                write!(f, "{which} token id {id} is outside the vocabulary")
            }
            Self::IdOutOfRange(id) => write!(f, "token id {id} is outside the vocabulary"),
            Self::MissingKey(key) => write!(f, "GGUF key {key} is missing"),
            Self::WrongType(key) => write!(f, "GGUF key {key} has the wrong type"),
            Self::UnsupportedModel(m) => {
                write!(f, "tokenizer model '{m}' is not byte-level BPE (gpt2)")
            }
        }
    }
}

/// Special token ids and flags read from GGUF (`tokenizer.ggml.bos_token_id`, ...).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpecialTokens {
    pub bos: Option<u32>,
    pub eos: Option<u32>,
    /// End of turn (`tokenizer.ggml.eot_token_id`; else found by text as llama.cpp does).
    pub eot: Option<u32>,
    /// End of message (`tokenizer.ggml.eom_token_id`; else `<|eom_id|>`).
    pub eom: Option<u32>,
    /// Fill-in-the-middle tokens (`tokenizer.ggml.fim_{pre,suf,mid,pad,rep,sep}_token_id`; else
    /// found by text): prefix, suffix, middle, pad, repository, file separator.
    pub fim: [Option<u32>; 6],
    pub pad: Option<u32>,
    /// `tokenizer.ggml.add_bos_token`; when absent the pre-tokenizer's llama.cpp default holds.
    pub add_bos: Option<bool>,
}

/// Longest token text, and longest decoded token, accepted (real vocabularies stay under 1 KiB).
pub const MAX_TOKEN_BYTES: usize = 64 * 1024;

/// Longest input encoded in one piece; positions are kept as `u32`. Longer inputs are encoded
/// in consecutive chunks of this size.
const MAX_CHUNK: usize = 1 << 30;

/// Byte strings stored back to back; entry `i` is `data[ends[i-1]..ends[i]]`.
#[derive(Default)]
struct Arena {
    data: Vec<u8>,
    ends: Vec<u32>,
}

impl Arena {
    fn push(&mut self, bytes: &[u8]) -> Result<(), TokenizerError> {
        let end = u32::try_from(self.data.len() + bytes.len())
            .map_err(|_| TokenizerError::VocabTooLarge)?;
        self.data.extend_from_slice(bytes);
        self.ends.push(end);
        Ok(())
    }

    fn get(&self, i: usize) -> Option<&[u8]> {
        let end = *self.ends.get(i)? as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        Some(&self.data[start..end])
    }
}

/// Finds strings of an [`Arena`] by content, without a key allocation per string.
struct ArenaIndex {
    table: HashTable<u32>,
    hasher: DefaultHashBuilder,
}

impl ArenaIndex {
    fn with_capacity(n: usize) -> Self {
        Self {
            table: HashTable::with_capacity(n),
            hasher: DefaultHashBuilder::default(),
        }
    }

    fn find(&self, arena: &Arena, key: &[u8]) -> Option<u32> {
        let hash = self.hasher.hash_one(key);
        self.table
            .find(hash, |&i| arena.get(i as usize) == Some(key))
            .copied()
    }

    /// Indexes entry `id` of `arena`, or returns the id of an equal string already indexed.
    fn insert(&mut self, arena: &Arena, id: u32) -> Result<(), u32> {
        let key = arena.get(id as usize).unwrap_or(&[]);
        if let Some(existing) = self.find(arena, key) {
            return Err(existing);
        }
        let hasher = &self.hasher;
        let hash = hasher.hash_one(key);
        self.table.insert_unique(hash, id, |&i| {
            hasher.hash_one(arena.get(i as usize).unwrap_or(&[]))
        });
        Ok(())
    }
}

/// A special token to look for in the input.
struct SpecialMatcher {
    id: u32,
    /// Control and unknown tokens, which only `parse_special` lets through.
    needs_parse_special: bool,
    finder: memmem::Finder<'static>,
}

/// A byte-level BPE tokenizer. Immutable once built; `encode` and `decode` take `&self`.
pub struct Tokenizer {
    pre: PreTokenizer,
    /// llama.cpp's `ignore_merges` (llama3): a word that is a whole token is not merged.
    ignore_merges: bool,
    /// Token text as stored in GGUF (GPT-2 byte-encoded for normal tokens).
    texts: Arena,
    /// The bytes each token stands for (llama.cpp's `token_to_piece(.., special = true)`).
    pieces: Arena,
    types: Vec<TokenType>,
    text_to_id: ArenaIndex,
    /// Longest first, as llama.cpp's `cache_special_tokens`.
    specials: Vec<SpecialMatcher>,
    bpe: bpe::Bpe,
    special_ids: SpecialTokens,
    /// Ids that end generation, sorted (llama.cpp's `special_eog_ids`).
    eog: Vec<u32>,
    add_bos: bool,
    /// Test-only switch: split with another pre-tokenizer than the one named in GGUF.
    #[cfg(any(test, feature = "test-switches"))]
    test_pre: Option<PreTokenizer>,
}

/// GPT-2's byte-to-character map (`bytes_to_unicode`): printable Latin-1 bytes stand for
/// themselves, the others are moved to U+0100 and up in byte order.
const fn byte_to_cpt_table() -> [u16; 256] {
    let mut table = [0u16; 256];
    let mut n = 0;
    let mut b = 0;
    while b < 256 {
        let printable = (b >= 0x21 && b <= 0x7E) || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE);
        table[b] = if printable {
            b as u16
        } else {
            n += 1;
            255 + n
        };
        b += 1;
    }
    table
}

const BYTE_TO_CPT: [u16; 256] = byte_to_cpt_table();
/// Characters of the map are below this.
const MAPPED_CPT_END: usize = 256 + 68;

const fn cpt_to_byte_table() -> [i16; MAPPED_CPT_END] {
    let mut table = [-1i16; MAPPED_CPT_END];
    let mut b = 0;
    while b < 256 {
        table[BYTE_TO_CPT[b] as usize] = b as i16;
        b += 1;
    }
    table
}

const CPT_TO_BYTE: [i16; MAPPED_CPT_END] = cpt_to_byte_table();

fn mapped_byte(cpt: u32) -> Option<u8> {
    let b = *CPT_TO_BYTE.get(cpt as usize)?;
    u8::try_from(b).ok()
}

/// The GPT-2 text form of raw bytes (what llama.cpp's `unicode_byte_encoding_process` makes).
fn byte_encode(bytes: &[u8], out: &mut Vec<u8>) {
    for &b in bytes {
        pretok::push_utf8(u32::from(BYTE_TO_CPT[b as usize]), out);
    }
}

/// Writes to `out` the raw bytes whose GPT-2 text form is exactly `text`; false if there are
/// none. (Valid UTF-8 rules out overlong forms, so re-encoding would give `text` back.)
fn byte_decode_into(text: &[u8], out: &mut Vec<u8>) -> bool {
    out.clear();
    let Ok(text) = core::str::from_utf8(text) else {
        return false;
    };
    for c in text.chars() {
        match mapped_byte(c as u32) {
            Some(b) => out.push(b),
            None => return false,
        }
    }
    true
}

/// llama.cpp's `llama_decode_text`: undo the byte encoding, with its marker for characters
/// outside the map.
fn decode_normal_text(text: &[u8], out: &mut Vec<u8>) {
    if byte_decode_into(text, out) {
        return;
    }
    out.clear();
    let mut cpts = Vec::new();
    pretok::decode_cpts(text, &mut cpts);
    for &c in &cpts {
        match mapped_byte(c) {
            Some(b) => out.push(b),
            None => {
                out.extend_from_slice(b"[UNK_BYTE_0x");
                let mut utf8 = Vec::new();
                pretok::push_utf8(c, &mut utf8);
                for b in utf8 {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    out.extend_from_slice(&[HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
                }
                out.extend_from_slice(text);
                out.push(b']');
                if out.len() > MAX_TOKEN_BYTES {
                    // The caller refuses the token; stop before the marker grows quadratically.
                    return;
                }
            }
        }
    }
}

/// llama.cpp's BPE `token_to_byte`: the two characters after `<0x`, read as by `strtol`.
fn byte_token_value(text: &[u8]) -> u8 {
    let digits = text.get(3..5).unwrap_or(&[]);
    let mut v: u32 = 0;
    for &d in digits {
        match (d as char).to_digit(16) {
            Some(x) => v = v * 16 + x,
            None => break,
        }
    }
    v as u8
}

impl Tokenizer {
    /// Builds a tokenizer from the GGUF arrays: `tokens` (`tokenizer.ggml.tokens`),
    /// `token_types` (`tokenizer.ggml.token_type`, empty for all-normal), `merges`
    /// (`tokenizer.ggml.merges`, "left right" in rank order) and `pre` (`tokenizer.ggml.pre`).
    pub fn new<T: AsRef<[u8]>, M: AsRef<[u8]>>(
        tokens: &[T],
        token_types: &[i32],
        merges: &[M],
        pre: &str,
        special: SpecialTokens,
    ) -> Result<Self, TokenizerError> {
        let pre_tok = PreTokenizer::from_name(pre)
            .ok_or_else(|| TokenizerError::UnknownPreTokenizer(String::from(pre)))?;
        let n = tokens.len();
        if n == 0 {
            return Err(TokenizerError::EmptyVocab);
        }
        if n > i32::MAX as usize {
            return Err(TokenizerError::TooManyTokens(n));
        }
        if !token_types.is_empty() && token_types.len() < n {
            return Err(TokenizerError::TokenTypesTooShort {
                tokens: n,
                types: token_types.len(),
            });
        }
        for (which, id) in [
            ("bos", special.bos),
            ("eos", special.eos),
            ("eot", special.eot),
            ("eom", special.eom),
            ("pad", special.pad),
        ]
        .into_iter()
        .chain(special.fim.map(|id| ("fim", id)))
        {
            if let Some(id) = id.filter(|&id| id as usize >= n) {
                return Err(TokenizerError::SpecialIdOutOfRange { which, id });
            }
        }

        let mut texts = Arena::default();
        let mut types = Vec::with_capacity(n);
        let mut text_to_id = ArenaIndex::with_capacity(n);
        for (i, tok) in tokens.iter().enumerate() {
            let mut text = tok.as_ref();
            let empty_name;
            if text.is_empty() {
                // llama.cpp renames empty tokens so that every text is a distinct key.
                empty_name = alloc::format!("[EMPTY_{i}]");
                text = empty_name.as_bytes();
            }
            if text.len() > MAX_TOKEN_BYTES {
                return Err(TokenizerError::TokenTooLong {
                    id: i as u32,
                    len: text.len(),
                });
            }
            texts.push(text)?;
            let ty = token_types
                .get(i)
                .map_or(TokenType::Normal, |&c| TokenType::from_code(c));
            types.push(ty);
            if let Err(first) = text_to_id.insert(&texts, i as u32) {
                return Err(TokenizerError::DuplicateToken {
                    first,
                    second: i as u32,
                });
            }
        }

        let mut special = special;
        let eog = end_of_generation(&texts, &text_to_id, &mut types, &mut special);

        let mut pieces = Arena::default();
        let mut piece = Vec::new();
        for (i, &ty) in types.iter().enumerate() {
            piece.clear();
            let text = texts.get(i).unwrap_or(&[]);
            match ty {
                TokenType::Control | TokenType::Unknown | TokenType::UserDefined => {
                    piece.extend_from_slice(text)
                }
                TokenType::Normal => decode_normal_text(text, &mut piece),
                TokenType::Byte => piece.push(byte_token_value(text)),
                TokenType::Unused | TokenType::Undefined => {}
            }
            if piece.len() > MAX_TOKEN_BYTES {
                return Err(TokenizerError::TokenTooLong {
                    id: i as u32,
                    len: piece.len(),
                });
            }
            pieces.push(&piece)?;
        }

        let mut specials: Vec<SpecialMatcher> = types
            .iter()
            .enumerate()
            .filter(|(_, ty)| ty.is_special())
            .map(|(i, &ty)| SpecialMatcher {
                id: i as u32,
                needs_parse_special: ty != TokenType::UserDefined,
                finder: memmem::Finder::new(texts.get(i).unwrap_or(&[])).into_owned(),
            })
            .collect();
        // llama.cpp sorts by length only (std::sort, unstable); ties keep id order here.
        specials.sort_by_key(|s| core::cmp::Reverse(s.finder.needle().len()));

        let bpe = bpe::Bpe::new(&texts, &text_to_id, merges, pre_tok == PreTokenizer::Llama3)?;

        Ok(Self {
            pre: pre_tok,
            ignore_merges: pre_tok == PreTokenizer::Llama3,
            texts,
            pieces,
            types,
            text_to_id,
            specials,
            bpe,
            special_ids: special,
            eog,
            add_bos: special.add_bos.unwrap_or(pre_tok == PreTokenizer::Llama3),
            #[cfg(any(test, feature = "test-switches"))]
            test_pre: None,
        })
    }

    /// Test-only switch: split words with `pre` instead of the GGUF's pre-tokenizer, to show
    /// that the parity tests catch a wrong pre-tokenizer. Absent from shipping builds.
    #[cfg(any(test, feature = "test-switches"))]
    pub fn test_force_pre_tokenizer(&mut self, pre: PreTokenizer) {
        self.test_pre = Some(pre);
    }

    /// Builds the tokenizer a GGUF file describes: `tokenizer.ggml.model` (must be `gpt2`),
    /// `.tokens`, `.token_type`, `.merges`, `.pre`, `.bos_token_id`, `.eos_token_id`,
    /// `.eot_token_id`, `.padding_token_id`, `.add_bos_token`. As llama.cpp does, a special id
    /// outside the vocabulary is ignored rather than refused.
    pub fn from_gguf(gguf: &crate::gguf::Gguf<'_>) -> Result<Self, TokenizerError> {
        const MODEL: &str = "tokenizer.ggml.model";
        const TOKENS: &str = "tokenizer.ggml.tokens";
        const TYPES: &str = "tokenizer.ggml.token_type";
        const MERGES: &str = "tokenizer.ggml.merges";
        const PRE: &str = "tokenizer.ggml.pre";
        let model = gguf.get(MODEL).ok_or(TokenizerError::MissingKey(MODEL))?;
        let model = model.as_str().ok_or(TokenizerError::WrongType(MODEL))?;
        if model != "gpt2" {
            return Err(TokenizerError::UnsupportedModel(String::from(model)));
        }
        let string_array = |key: &'static str| -> Result<Vec<&str>, TokenizerError> {
            let arr = gguf.get(key).ok_or(TokenizerError::MissingKey(key))?;
            let arr = arr.as_array().ok_or(TokenizerError::WrongType(key))?;
            Ok(arr
                .strings()
                .ok_or(TokenizerError::WrongType(key))?
                .collect())
        };
        let tokens = string_array(TOKENS)?;
        let merges = string_array(MERGES)?;
        let types: Vec<i32> = match gguf.get(TYPES) {
            None => Vec::new(),
            Some(v) => {
                let arr = v.as_array().ok_or(TokenizerError::WrongType(TYPES))?;
                arr.i32s()
                    .ok_or(TokenizerError::WrongType(TYPES))?
                    .collect()
            }
        };
        // llama.cpp falls back to its "default" pre-tokenizer, which is not implemented here.
        let pre = match gguf.get(PRE) {
            None => "default",
            Some(v) => v.as_str().ok_or(TokenizerError::WrongType(PRE))?,
        };
        let n = tokens.len() as u64;
        let id = |key: &str| {
            gguf.get(key)
                .and_then(|v| v.as_u64())
                .filter(|&id| id < n)
                .map(|id| id as u32)
        };
        let special = SpecialTokens {
            bos: id("tokenizer.ggml.bos_token_id"),
            eos: id("tokenizer.ggml.eos_token_id"),
            eot: id("tokenizer.ggml.eot_token_id"),
            eom: id("tokenizer.ggml.eom_token_id"),
            fim: [
                id("tokenizer.ggml.fim_pre_token_id"),
                id("tokenizer.ggml.fim_suf_token_id"),
                id("tokenizer.ggml.fim_mid_token_id"),
                id("tokenizer.ggml.fim_pad_token_id"),
                id("tokenizer.ggml.fim_rep_token_id"),
                id("tokenizer.ggml.fim_sep_token_id"),
            ],
            pad: id("tokenizer.ggml.padding_token_id"),
            add_bos: gguf
                .get("tokenizer.ggml.add_bos_token")
                .and_then(|v| v.as_bool()),
        };
        Self::new(&tokens, &types, &merges, pre, special)
    }

    /// Number of tokens; every valid id is below it.
    pub fn vocab_size(&self) -> usize {
        self.types.len()
    }

    pub fn pre_tokenizer(&self) -> PreTokenizer {
        self.pre
    }

    pub fn bos(&self) -> Option<u32> {
        self.special_ids.bos
    }

    pub fn eos(&self) -> Option<u32> {
        self.special_ids.eos
    }

    pub fn eot(&self) -> Option<u32> {
        self.special_ids.eot
    }

    pub fn pad(&self) -> Option<u32> {
        self.special_ids.pad
    }

    /// Whether a prompt should start with [`Self::bos`] (encode never adds it).
    pub fn add_bos(&self) -> bool {
        self.add_bos && self.special_ids.bos.is_some()
    }

    /// Whether generation should stop at `id`, as llama.cpp decides (`llama_vocab_is_eog`): end
    /// of sequence, turn or message, the FIM pad/repository/separator tokens, and the tokens
    /// whose text llama.cpp treats as an end (`<|endoftext|>`, `<|im_end|>`, ...).
    pub fn is_eog(&self, id: u32) -> bool {
        self.eog.binary_search(&id).is_ok()
    }

    /// Every end-of-generation id, sorted.
    pub fn eog_ids(&self) -> &[u32] {
        &self.eog
    }

    /// The id of the token whose GGUF text is `text` (e.g. `"<|im_end|>"`, or `"Ġthe"` for a
    /// normal token, whose text is byte-encoded).
    pub fn token_id(&self, text: &str) -> Option<u32> {
        self.text_to_id.find(&self.texts, text.as_bytes())
    }

    /// The id of the normal token that stands for exactly `bytes` (`b"\n"`, `b" the"`), found
    /// through its byte-encoded text.
    pub fn token_id_for_bytes(&self, bytes: &[u8]) -> Option<u32> {
        let mut text = Vec::with_capacity(bytes.len() * 2);
        byte_encode(bytes, &mut text);
        self.text_to_id.find(&self.texts, &text)
    }

    /// The bytes token `id` stands for in decoded output; control tokens give their text,
    /// unused tokens nothing. `None` when `id` is out of range.
    pub fn token_bytes(&self, id: u32) -> Option<&[u8]> {
        self.pieces.get(id as usize)
    }

    /// The token's text as stored in GGUF.
    pub fn token_text(&self, id: u32) -> Option<&[u8]> {
        self.texts.get(id as usize)
    }

    pub fn token_type(&self, id: u32) -> Option<TokenType> {
        self.types.get(id as usize).copied()
    }

    /// Token ids of `text`, without BOS/EOS. With `parse_special`, control tokens written in the
    /// text (`<|im_start|>`) become their ids; user-defined tokens always do.
    pub fn encode(&self, text: impl AsRef<[u8]>, parse_special: bool) -> Vec<u32> {
        let mut out = Vec::new();
        self.encode_into(text.as_ref(), parse_special, &mut out);
        out
    }

    /// [`Self::encode`], appending to `out`.
    pub fn encode_into(&self, text: &[u8], parse_special: bool, out: &mut Vec<u32>) {
        for chunk in text.chunks(MAX_CHUNK) {
            self.encode_chunk(chunk, parse_special, out);
        }
    }

    fn encode_chunk(&self, text: &[u8], parse_special: bool, out: &mut Vec<u32>) {
        let fragments = self.partition_specials(text, parse_special);
        let mut scratch = Scratch::default();
        for frag in fragments {
            match frag {
                Fragment::Token(id) => out.push(id),
                Fragment::Raw(start, end) => {
                    self.encode_fragment(&text[start..end], &mut scratch, out)
                }
            }
        }
    }

    /// llama.cpp's `tokenizer_st_partition`: for each special token, longest first, cut every
    /// remaining raw fragment at its non-overlapping occurrences, left to right.
    fn partition_specials(&self, text: &[u8], parse_special: bool) -> Vec<Fragment> {
        let mut frags = alloc::vec![Fragment::Raw(0, text.len())];
        let mut next = Vec::new();
        for sp in &self.specials {
            if sp.needs_parse_special && !parse_special {
                continue;
            }
            let needle_len = sp.finder.needle().len();
            let mut changed = false;
            next.clear();
            for &frag in &frags {
                let Fragment::Raw(start, end) = frag else {
                    next.push(frag);
                    continue;
                };
                let mut pos = start;
                for m in sp.finder.find_iter(&text[start..end]) {
                    let m = start + m;
                    if m > pos {
                        next.push(Fragment::Raw(pos, m));
                    }
                    next.push(Fragment::Token(sp.id));
                    pos = m + needle_len;
                    changed = true;
                }
                if pos < end {
                    next.push(Fragment::Raw(pos, end));
                }
            }
            if changed {
                core::mem::swap(&mut frags, &mut next);
            }
        }
        frags
    }

    fn encode_fragment(&self, raw: &[u8], s: &mut Scratch, out: &mut Vec<u32>) {
        s.cpts.clear();
        pretok::decode_cpts(raw, &mut s.cpts);
        s.classes.clear();
        s.classes
            .extend(s.cpts.iter().map(|&c| pretok::class_of(c)));
        s.ends.clear();
        #[cfg(any(test, feature = "test-switches"))]
        let pre = self.test_pre.unwrap_or(self.pre);
        #[cfg(not(any(test, feature = "test-switches")))]
        let pre = self.pre;
        pre.split(&s.cpts, &s.classes, &mut s.ends);
        let mut start = 0;
        for &end in &s.ends {
            let end = end as usize;
            s.word.clear();
            for &c in &s.cpts[start..end] {
                pretok::push_utf8(c, &mut s.word);
            }
            start = end;
            self.bpe
                .encode_word(&s.word, self.ignore_merges, &mut s.bpe, out);
        }
    }

    /// The bytes of a token sequence. Never fails on invalid UTF-8 (the bytes are returned as
    /// they are); fails only on an id outside the vocabulary.
    pub fn decode(&self, ids: &[u32]) -> Result<Vec<u8>, TokenizerError> {
        let mut out = Vec::new();
        for &id in ids {
            out.extend_from_slice(
                self.token_bytes(id)
                    .ok_or(TokenizerError::IdOutOfRange(id))?,
            );
        }
        Ok(out)
    }

    /// [`Self::decode`] without control and unknown tokens (llama.cpp's
    /// `token_to_piece(.., special = false)`): what a user should see of generated text.
    pub fn decode_without_special(&self, ids: &[u32]) -> Result<Vec<u8>, TokenizerError> {
        let mut out = Vec::new();
        for &id in ids {
            let bytes = self
                .token_bytes(id)
                .ok_or(TokenizerError::IdOutOfRange(id))?;
            if !matches!(
                self.types[id as usize],
                TokenType::Control | TokenType::Unknown
            ) {
                out.extend_from_slice(bytes);
            }
        }
        Ok(out)
    }

    /// [`Self::decode`] as text, with U+FFFD for invalid UTF-8.
    pub fn decode_lossy(&self, ids: &[u32]) -> Result<String, TokenizerError> {
        Ok(String::from_utf8_lossy(&self.decode(ids)?).into_owned())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fragment {
    /// Byte range of the input still to tokenize.
    Raw(usize, usize),
    Token(u32),
}

/// Buffers reused across the words of one `encode` call.
#[derive(Default)]
struct Scratch {
    cpts: Vec<u32>,
    classes: Vec<u8>,
    ends: Vec<u32>,
    word: Vec<u8>,
    bpe: bpe::Scratch,
}

#[cfg(test)]
mod parity_tests;

// ---------------------------------------------------------------------------------------------
// Special tokens found by their text (llama.cpp's `llama_vocab::impl::load`)
// ---------------------------------------------------------------------------------------------

/// Texts llama.cpp takes for end of turn when the file names none.
const EOT_TEXTS: &[&str] = &[
    "<|eot_id|>",
    "<|im_end|>",
    "<|end|>",
    "<end_of_turn>",
    "<|endoftext|>",
    "<|end_of_text|>",
    "<EOT>",
    "_<EOT>",
    "<｜end▁of▁sentence｜>",
    "<end_of_utterance>",
];
const EOM_TEXTS: &[&str] = &["<|eom_id|>"];
/// Per FIM slot (prefix, suffix, middle, pad, repository, file separator).
const FIM_TEXTS: [&[&str]; 6] = [
    &[
        "<|fim_prefix|>",
        "<fim-prefix>",
        "<fim_prefix>",
        "<｜fim▁begin｜>",
        "<PRE>",
        "▁<PRE>",
        "<|code_prefix|>",
    ],
    &[
        "<|fim_suffix|>",
        "<fim-suffix>",
        "<fim_suffix>",
        "<｜fim▁hole｜>",
        "<SUF>",
        "▁<SUF>",
        "<|code_suffix|>",
    ],
    &[
        "<|fim_middle|>",
        "<fim-middle>",
        "<fim_middle>",
        "<｜fim▁end｜>",
        "<MID>",
        "▁<MID>",
        "<|code_middle|>",
    ],
    &["<|fim_pad|>", "<fim-pad>", "<fim_pad>", "<PAD>"],
    &[
        "<|fim_repo|>",
        "<|repo_name|>",
        "<fim-repo>",
        "<REPO>",
        "<reponame>",
    ],
    &["<|file_sep|>"],
];
/// Texts that end generation wherever they are in the vocabulary.
const EOG_TEXTS: &[&str] = &[
    "<|eot_id|>",
    "<|im_end|>",
    "<|end|>",
    "<|return|>",
    "<|call|>",
    "<end_of_turn>",
    "<|endoftext|>",
    "<|eom_id|>",
    "<EOT>",
    "_<EOT>",
    "<|end_of_text|>",
    "<end_of_utterance>",
];

/// Fill the special ids the file left out by their text, retype the control-looking ones to
/// control (llama.cpp: "control-looking token ... was not control-type ... its type will be
/// overridden"), and return the end-of-generation set. Where several texts of one list are in the
/// vocabulary llama.cpp takes whichever its hash map yields first; we take the lowest id.
fn end_of_generation(
    texts: &Arena,
    index: &ArenaIndex,
    types: &mut [TokenType],
    special: &mut SpecialTokens,
) -> Vec<u32> {
    let find = |list: &[&str]| -> Option<u32> {
        list.iter()
            .filter_map(|t| index.find(texts, t.as_bytes()))
            .min()
    };
    let to_control = |id: u32, types: &mut [TokenType]| types[id as usize] = TokenType::Control;
    if special.eot.is_none() {
        special.eot = find(EOT_TEXTS);
        special.eot.inspect(|&id| to_control(id, types));
    }
    if special.eom.is_none() {
        special.eom = find(EOM_TEXTS);
        special.eom.inspect(|&id| to_control(id, types));
    }
    for (slot, list) in special.fim.iter_mut().zip(FIM_TEXTS) {
        if slot.is_none() {
            *slot = find(list);
            slot.inspect(|&id| to_control(id, types));
        }
    }
    let [_, _, _, fim_pad, fim_rep, fim_sep] = special.fim;
    let mut eog: Vec<u32> = [fim_pad, fim_rep, fim_sep].into_iter().flatten().collect();
    for t in EOG_TEXTS {
        if let Some(id) = index.find(texts, t.as_bytes()) {
            eog.push(id);
            to_control(id, types);
        }
    }
    // gpt-oss: llama.cpp always renders these, so they are user-defined there.
    for t in ["<|channel|>", "<|message|>", "<|start|>", "<|constrain|>"] {
        if let Some(id) = index.find(texts, t.as_bytes()) {
            types[id as usize] = TokenType::UserDefined;
        }
    }
    eog.extend(
        [special.eos, special.eot, special.eom]
            .into_iter()
            .flatten(),
    );
    eog.sort_unstable();
    eog.dedup();
    // o200k_harmony: with `<|return|>` and `<|call|>` ending generation, `<|end|>` does not.
    let has = |t: &str, eog: &[u32]| {
        index
            .find(texts, t.as_bytes())
            .filter(|id| eog.binary_search(id).is_ok())
    };
    if let (Some(_), Some(_), Some(end)) = (
        has("<|return|>", &eog),
        has("<|call|>", &eog),
        has("<|end|>", &eog),
    ) {
        eog.retain(|&id| id != end);
        types[end as usize] = TokenType::UserDefined;
    }
    eog
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gpt2_byte_map_is_a_bijection_onto_its_characters() {
        let mut seen = [false; MAPPED_CPT_END];
        for b in 0..=255u8 {
            let c = u32::from(BYTE_TO_CPT[b as usize]);
            assert!(!seen[c as usize], "{c:#x} twice");
            seen[c as usize] = true;
            assert_eq!(mapped_byte(c), Some(b));
        }
        assert_eq!(BYTE_TO_CPT[b' ' as usize], 0x120); // 'Ġ'
        assert_eq!(BYTE_TO_CPT[b'\n' as usize], 0x10A); // 'Ċ'
        assert_eq!(BYTE_TO_CPT[b'a' as usize], u16::from(b'a'));
        let mut text = Vec::new();
        let all: Vec<u8> = (0..=255).collect();
        byte_encode(&all, &mut text);
        let mut back = Vec::new();
        assert!(byte_decode_into(&text, &mut back));
        assert_eq!(back, all);
        // Overlong or unmapped text has no byte form.
        assert!(!byte_decode_into(b"\xC0\xA1", &mut back));
        assert!(!byte_decode_into(" ".as_bytes(), &mut back));
    }
}
