//! Pre-tokenizers: cut text into words before BPE, exactly as llama.cpp's `unicode.cpp` does.
//!
//! llama.cpp does not run the regexes of `llama-vocab.cpp` through a regex engine for these
//! pre-tokenizers: it has hand-written splitters (`unicode_regex_split_custom_gpt2`, `_llama3`,
//! `_qwen2`) whose behaviour is the reference, quirks included. The functions here are
//! transliterations of those, over code points that were decoded the way llama.cpp decodes them
//! (`unicode_cpts_from_utf8`), with code point classes from llama.cpp's own Unicode table.

use alloc::vec::Vec;

use super::unicode_table::CLASS_RANGES;

/// `\p{L}` in llama.cpp's table.
pub(super) const LETTER: u8 = 1;
/// `\p{N}` in llama.cpp's table.
pub(super) const NUMBER: u8 = 2;
/// llama.cpp's whitespace set (`\s`).
pub(super) const SPACE: u8 = 4;
/// Any llama.cpp flag at all; llama.cpp's `flags.as_uint() != 0`. Only positions past the end
/// of the text have no flag, which the punctuation rules rely on.
pub(super) const ANY: u8 = 8;

/// Returned by llama.cpp's `_get_cpt` past the end of the fragment.
const OUT_OF_RANGE: u32 = 0xFFFF_FFFF;
/// One past the last code point of llama.cpp's table (`MAX_CODEPOINTS`).
const MAX_CODEPOINTS: u32 = 0x11_0000;
const REPLACEMENT: u32 = 0xFFFD;

/// The splitting rules named by `tokenizer.ggml.pre`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreTokenizer {
    /// `'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)`
    Gpt2,
    /// `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`
    Qwen2,
    /// As `Qwen2` but digits go in runs of up to three (`\p{N}{1,3}`), and a word that is a
    /// whole token skips the merges (llama.cpp's `ignore_merges`).
    Llama3,
}

impl PreTokenizer {
    /// Maps a `tokenizer.ggml.pre` value to its splitter, with the names llama.cpp accepts for
    /// the same rules (`llama_vocab::impl::load`). Note llama.cpp spells GPT-2's `gpt-2`.
    pub fn from_name(name: &str) -> Option<Self> {
        // Only names for which llama.cpp sets nothing else that changes encoding (such as
        // lstrip attributes or other merge rules) are listed.
        match name {
            "qwen2" | "deepseek-r1-qwen" | "kormo" | "f2llmv2" | "megrez" | "stablelm2" => {
                Some(Self::Qwen2)
            }
            "gpt-2" | "phi-2" | "jina-es" | "jina-de" | "gigachat" | "a.x-4.0" | "mellum"
            | "modern-bert" | "mpt" | "olmo" | "jais" | "exaone4" => Some(Self::Gpt2),
            "llama3" | "llama-v3" | "llama-bpe" | "falcon3" | "falcon-h1" | "pixtral"
            | "midm-2.0" | "lfm2" | "jina-v5-nano" => Some(Self::Llama3),
            _ => None,
        }
    }

    /// Appends to `ends` the end (exclusive, in code points) of every word of `cpts`.
    /// `classes[i]` is [`class_of`]`(cpts[i])`.
    pub(super) fn split(self, cpts: &[u32], classes: &[u8], ends: &mut Vec<u32>) {
        debug_assert_eq!(cpts.len(), classes.len());
        match self {
            Self::Gpt2 => split_gpt2(cpts, classes, ends),
            Self::Qwen2 => split_llama3_like(cpts, classes, 1, ends),
            Self::Llama3 => split_llama3_like(cpts, classes, 3, ends),
        }
    }
}

/// The class bits of a code point in llama.cpp's table.
pub(super) fn class_of(cpt: u32) -> u8 {
    if cpt < 128 {
        return ASCII_CLASSES[cpt as usize];
    }
    if cpt >= MAX_CODEPOINTS {
        // llama.cpp returns the UNDEFINED flag here.
        return ANY;
    }
    // CLASS_RANGES[0] starts at code point 0, so the partition point is at least 1.
    let idx = CLASS_RANGES.partition_point(|&e| (e >> 4) <= cpt);
    (CLASS_RANGES[idx - 1] & 0xF) as u8
}

static ASCII_CLASSES: [u8; 128] = ascii_classes();

const fn ascii_classes() -> [u8; 128] {
    let mut table = [0u8; 128];
    let mut r = 0;
    let mut c = 0;
    while c < 128 {
        while r + 1 < CLASS_RANGES.len() && (CLASS_RANGES[r + 1] >> 4) <= c as u32 {
            r += 1;
        }
        table[c] = (CLASS_RANGES[r] & 0xF) as u8;
        c += 1;
    }
    table
}

/// Decodes `bytes` as llama.cpp's `unicode_cpts_from_utf8` does: no check for overlong forms or
/// surrogates, and each byte that starts no acceptable sequence becomes U+FFFD.
///
/// One divergence: a 4-byte form above U+10FFFF makes llama.cpp throw later (an uncaught C++
/// exception, which aborts the process); here its lead byte becomes U+FFFD like other bad bytes.
pub(super) fn decode_cpts(bytes: &[u8], out: &mut Vec<u32>) {
    let n = bytes.len();
    let cont = |i: usize| bytes[i] & 0xC0 == 0x80;
    let mut i = 0;
    while i < n {
        let b0 = bytes[i];
        let (cpt, len) = if b0 & 0x80 == 0 {
            (u32::from(b0), 1)
        } else if b0 & 0x40 == 0 {
            (REPLACEMENT, 0)
        } else if b0 & 0x20 == 0 {
            if i + 1 < n && cont(i + 1) {
                (
                    (u32::from(b0 & 0x1F) << 6) | u32::from(bytes[i + 1] & 0x3F),
                    2,
                )
            } else {
                (REPLACEMENT, 0)
            }
        } else if b0 & 0x10 == 0 {
            if i + 2 < n && cont(i + 1) && cont(i + 2) {
                let c = (u32::from(b0 & 0x0F) << 12)
                    | (u32::from(bytes[i + 1] & 0x3F) << 6)
                    | u32::from(bytes[i + 2] & 0x3F);
                (c, 3)
            } else {
                (REPLACEMENT, 0)
            }
        } else if b0 & 0x08 == 0 {
            if i + 3 < n && cont(i + 1) && cont(i + 2) && cont(i + 3) {
                let c = (u32::from(b0 & 0x07) << 18)
                    | (u32::from(bytes[i + 1] & 0x3F) << 12)
                    | (u32::from(bytes[i + 2] & 0x3F) << 6)
                    | u32::from(bytes[i + 3] & 0x3F);
                if c < MAX_CODEPOINTS {
                    (c, 4)
                } else {
                    (REPLACEMENT, 0)
                }
            } else {
                (REPLACEMENT, 0)
            }
        } else {
            (REPLACEMENT, 0)
        };
        out.push(cpt);
        // A rejected sequence consumes only its first byte.
        i += if len == 0 { 1 } else { len };
    }
}

/// Appends the UTF-8 form of a decoded code point (llama.cpp's `unicode_cpt_to_utf8`, which
/// writes surrogates as three bytes like any other BMP code point). `cpt` is below U+110000.
pub(super) fn push_utf8(cpt: u32, out: &mut Vec<u8>) {
    if cpt < 0x80 {
        out.push(cpt as u8);
    } else if cpt < 0x800 {
        out.extend_from_slice(&[0xC0 | (cpt >> 6) as u8, 0x80 | (cpt & 0x3F) as u8]);
    } else if cpt < 0x1_0000 {
        out.extend_from_slice(&[
            0xE0 | (cpt >> 12) as u8,
            0x80 | ((cpt >> 6) & 0x3F) as u8,
            0x80 | (cpt & 0x3F) as u8,
        ]);
    } else {
        out.extend_from_slice(&[
            0xF0 | (cpt >> 18) as u8,
            0x80 | ((cpt >> 12) & 0x3F) as u8,
            0x80 | ((cpt >> 6) & 0x3F) as u8,
            0x80 | (cpt & 0x3F) as u8,
        ]);
    }
}

/// Cursor over one fragment with llama.cpp's out-of-range conventions.
struct Text<'a> {
    cpts: &'a [u32],
    classes: &'a [u8],
}

impl Text<'_> {
    #[inline]
    fn cpt(&self, pos: usize) -> u32 {
        self.cpts.get(pos).copied().unwrap_or(OUT_OF_RANGE)
    }

    #[inline]
    fn class(&self, pos: usize) -> u8 {
        self.classes.get(pos).copied().unwrap_or(0)
    }
}

/// Collects word ends; llama.cpp's `_add_token`. Returns the length of the word it closed.
struct Words<'a> {
    prev_end: usize,
    ends: &'a mut Vec<u32>,
}

impl Words<'_> {
    #[inline]
    fn add(&mut self, end: usize) -> usize {
        let len = end - self.prev_end;
        if len > 0 {
            self.ends.push(end as u32);
        }
        self.prev_end = end;
        len
    }
}

const fn is_cr_or_lf(c: u32) -> bool {
    c == '\r' as u32 || c == '\n' as u32
}

/// Lower-cases ASCII only: the table generator checked that no other code point lower-cases
/// to one of the letters the contraction rules compare with.
const fn ascii_lower(c: u32) -> u32 {
    if c >= 'A' as u32 && c <= 'Z' as u32 {
        c + 32
    } else {
        c
    }
}

/// llama.cpp's `unicode_regex_split_custom_gpt2`.
fn split_gpt2(cpts: &[u32], classes: &[u8], ends: &mut Vec<u32>) {
    let t = Text { cpts, classes };
    let n = cpts.len();
    let mut w = Words { prev_end: 0, ends };
    let mut pos = 0;
    while pos < n {
        let cpt = t.cpt(pos);
        let flags = t.class(pos);

        // 's|'t|'re|'ve|'m|'ll|'d (case-sensitive here)
        if cpt == '\'' as u32 && pos + 1 < n {
            let next = t.cpt(pos + 1);
            if matches!(char::from_u32(next), Some('s' | 't' | 'm' | 'd')) {
                pos += w.add(pos + 2);
                continue;
            }
            if pos + 2 < n {
                let pair = (char::from_u32(next), char::from_u32(t.cpt(pos + 2)));
                if matches!(
                    pair,
                    (Some('r'), Some('e')) | (Some('v'), Some('e')) | (Some('l'), Some('l'))
                ) {
                    pos += w.add(pos + 3);
                    continue;
                }
            }
        }

        let space = usize::from(cpt == ' ' as u32);
        let mut flags2 = if space == 1 { t.class(pos + 1) } else { flags };
        //  ?\p{L}+
        if flags2 & LETTER != 0 {
            pos += space;
            while flags2 & LETTER != 0 {
                pos += 1;
                flags2 = t.class(pos);
            }
            w.add(pos);
            continue;
        }
        //  ?\p{N}+
        if flags2 & NUMBER != 0 {
            pos += space;
            while flags2 & NUMBER != 0 {
                pos += 1;
                flags2 = t.class(pos);
            }
            w.add(pos);
            continue;
        }
        //  ?[^\s\p{L}\p{N}]+
        if flags2 & (SPACE | LETTER | NUMBER) == 0 && flags2 != 0 {
            pos += space;
            while flags2 & (SPACE | LETTER | NUMBER) == 0 && flags2 != 0 {
                pos += 1;
                flags2 = t.class(pos);
            }
            w.add(pos);
            continue;
        }

        let mut num_whitespaces = 0;
        while t.class(pos + num_whitespaces) & SPACE != 0 {
            num_whitespaces += 1;
        }
        // \s+(?!\S)
        if num_whitespaces > 1 && t.cpt(pos + num_whitespaces) != OUT_OF_RANGE {
            pos += num_whitespaces - 1;
            w.add(pos);
            continue;
        }
        // \s+
        if num_whitespaces > 0 {
            pos += num_whitespaces;
            w.add(pos);
            continue;
        }
        // no match
        pos += 1;
        w.add(pos);
    }
}

/// llama.cpp's `unicode_regex_split_custom_qwen2` (`max_digits == 1`) and
/// `unicode_regex_split_custom_llama3` (`max_digits == 3`), which differ only in the digit rule.
fn split_llama3_like(cpts: &[u32], classes: &[u8], max_digits: usize, ends: &mut Vec<u32>) {
    let t = Text { cpts, classes };
    let n = cpts.len();
    let mut w = Words { prev_end: 0, ends };
    let mut pos = 0;
    while pos < n {
        let cpt = t.cpt(pos);
        let flags = t.class(pos);

        // (?i:'s|'t|'re|'ve|'m|'ll|'d)
        if cpt == '\'' as u32 && pos + 1 < n {
            let next = ascii_lower(t.cpt(pos + 1));
            if matches!(char::from_u32(next), Some('s' | 't' | 'm' | 'd')) {
                pos += w.add(pos + 2);
                continue;
            }
            if pos + 2 < n {
                let pair = (
                    char::from_u32(next),
                    char::from_u32(ascii_lower(t.cpt(pos + 2))),
                );
                if matches!(
                    pair,
                    (Some('r'), Some('e')) | (Some('v'), Some('e')) | (Some('l'), Some('l'))
                ) {
                    pos += w.add(pos + 3);
                    continue;
                }
            }
        }

        // [^\r\n\p{L}\p{N}]?\p{L}+
        if !(is_cr_or_lf(cpt) || flags & NUMBER != 0)
            && (flags & LETTER != 0 || t.class(pos + 1) & LETTER != 0)
        {
            pos += 1;
            while t.class(pos) & LETTER != 0 {
                pos += 1;
            }
            w.add(pos);
            continue;
        }

        // \p{N} (qwen2) or \p{N}{1,3} (llama3)
        if flags & NUMBER != 0 {
            let mut ini = pos;
            while t.class(pos) & NUMBER != 0 {
                pos += 1;
                if pos - ini >= max_digits {
                    w.add(pos);
                    ini = pos;
                }
            }
            w.add(pos);
            continue;
        }

        //  ?[^\s\p{L}\p{N}]+[\r\n]*
        // llama.cpp tests the first code point's own flags for "any flag" here, not flags2.
        let space = usize::from(cpt == ' ' as u32);
        let mut flags2 = if space == 1 { t.class(pos + 1) } else { flags };
        if flags2 & (SPACE | LETTER | NUMBER) == 0 && flags != 0 {
            pos += space;
            while flags2 & (SPACE | LETTER | NUMBER) == 0 && flags2 != 0 {
                pos += 1;
                flags2 = t.class(pos);
            }
            while is_cr_or_lf(t.cpt(pos)) {
                pos += 1;
            }
            w.add(pos);
            continue;
        }

        let mut num_whitespaces = 0;
        let mut last_end_r_or_n = 0;
        while t.class(pos + num_whitespaces) & SPACE != 0 {
            if is_cr_or_lf(t.cpt(pos + num_whitespaces)) {
                last_end_r_or_n = pos + num_whitespaces + 1;
            }
            num_whitespaces += 1;
        }
        // \s*[\r\n]+
        if last_end_r_or_n > 0 {
            pos = last_end_r_or_n;
            w.add(pos);
            continue;
        }
        // \s+(?!\S)
        if num_whitespaces > 1 && t.cpt(pos + num_whitespaces) != OUT_OF_RANGE {
            pos += num_whitespaces - 1;
            w.add(pos);
            continue;
        }
        // \s+
        if num_whitespaces > 0 {
            pos += num_whitespaces;
            w.add(pos);
            continue;
        }
        // no match
        pos += 1;
        w.add(pos);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    fn words(pre: PreTokenizer, s: &str) -> Vec<String> {
        let mut cpts = Vec::new();
        decode_cpts(s.as_bytes(), &mut cpts);
        let classes: Vec<u8> = cpts.iter().map(|&c| class_of(c)).collect();
        let mut ends = Vec::new();
        pre.split(&cpts, &classes, &mut ends);
        let mut start = 0;
        ends.iter()
            .map(|&e| {
                let w: String = cpts[start..e as usize]
                    .iter()
                    .map(|&c| char::from_u32(c).unwrap())
                    .collect();
                start = e as usize;
                w
            })
            .collect()
    }

    #[test]
    fn class_table_is_well_formed() {
        assert_eq!(CLASS_RANGES[0] >> 4, 0);
        assert!(CLASS_RANGES.windows(2).all(|w| (w[0] >> 4) < (w[1] >> 4)));
        assert!(CLASS_RANGES.iter().all(|&e| (e >> 4) < MAX_CODEPOINTS));
        // Neighbouring ranges differ, or the generator would have merged them.
        assert!(CLASS_RANGES
            .windows(2)
            .all(|w| (w[0] & 0xF) != (w[1] & 0xF)));
    }

    #[test]
    fn classes_follow_llama_table() {
        assert_eq!(class_of('a' as u32) & LETTER, LETTER);
        assert_eq!(class_of('7' as u32) & NUMBER, NUMBER);
        assert_eq!(class_of(' ' as u32) & SPACE, SPACE);
        assert_eq!(class_of('é' as u32) & LETTER, LETTER);
        assert_eq!(class_of('Ж' as u32) & LETTER, LETTER);
        assert_eq!(class_of('中' as u32) & LETTER, LETTER);
        assert_eq!(class_of('٣' as u32) & NUMBER, NUMBER);
        assert_eq!(class_of(0x3000) & SPACE, SPACE);
        // A combining mark is neither letter, number nor space, but has a flag.
        assert_eq!(class_of(0x0301), ANY);
        assert_eq!(class_of('!' as u32), ANY);
        assert_eq!(class_of(0x20_0000), ANY);
    }

    #[test]
    fn qwen2_splits_like_its_regex() {
        let w = words(PreTokenizer::Qwen2, "Hello world's 123  x\r\n\n  ¿Qué?!\n");
        // " ¿" is punctuation: the optional prefix of a letter run must be directly before a letter.
        assert_eq!(
            w,
            [
                "Hello", " world", "'s", " ", "1", "2", "3", " ", " x", "\r\n\n", " ", " ¿", "Qué",
                "?!\n"
            ]
        );
        assert_eq!(words(PreTokenizer::Qwen2, "IT'S"), ["IT", "'S"]);
    }

    #[test]
    fn gpt2_splits_like_its_regex() {
        let w = words(PreTokenizer::Gpt2, "Hello world's 123  x\r\n\n  ¿Qué?!\n");
        assert_eq!(
            w,
            ["Hello", " world", "'s", " 123", " ", " x", "\r\n\n ", " ¿", "Qué", "?!", "\n"]
        );
        // Contractions are case-sensitive for GPT-2.
        assert_eq!(words(PreTokenizer::Gpt2, "IT'S"), ["IT", "'", "S"]);
    }

    #[test]
    fn llama3_groups_digits_by_three() {
        assert_eq!(words(PreTokenizer::Llama3, "1234567"), ["123", "456", "7"]);
    }

    #[test]
    fn decoder_replaces_bad_bytes_one_at_a_time() {
        let mut cpts = Vec::new();
        decode_cpts(
            b"a\x80\xE2\x82b\xF0\x9F\x98\x80\xC0\x80\xF5\x80\x80\x80",
            &mut cpts,
        );
        assert_eq!(
            cpts,
            [0x61, 0xFFFD, 0xFFFD, 0xFFFD, 0x62, 0x1F600, 0, 0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD]
        );
    }
}
