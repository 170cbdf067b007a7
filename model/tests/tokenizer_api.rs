//! The tokenizer's public API on edge cases: a small hand-made vocabulary whose merges are
//! known, bad vocabularies, bad ids, and inputs that are empty, blank, invalid or very long.
//! Parity with llama.cpp on a corpus is in src/tokenizer/parity_tests.rs.

use model::tokenizer::{PreTokenizer, SpecialTokens, TokenType, Tokenizer, TokenizerError};

/// GPT-2's character for a byte (`bytes_to_unicode`).
fn byte_char(b: u8) -> char {
    let printable = (0x21..=0x7E).contains(&b) || (0xA1..=0xAC).contains(&b) || b >= 0xAE;
    if printable {
        return char::from(b);
    }
    let n = (0..b)
        .filter(|&x| !((0x21..=0x7E).contains(&x) || (0xA1..=0xAC).contains(&x) || x >= 0xAE))
        .count() as u32;
    char::from_u32(256 + n).unwrap()
}

fn enc(s: &[u8]) -> String {
    s.iter().map(|&b| byte_char(b)).collect()
}

/// 256 byte tokens, then merges: "h e", "l l", "he ll", "hell o", " w", " wo" (not a token),
/// " wo r" ... plus control, user-defined and unused tokens.
fn small(pre: &str) -> Tokenizer {
    let mut tokens: Vec<String> = (0..=255u8).map(|b| byte_char(b).to_string()).collect();
    let mut merges = Vec::new();
    for (l, r, is_token) in [
        ("h", "e", true),
        ("l", "l", true),
        ("he", "ll", true),
        ("hell", "o", true),
        (" ", "w", true),
        (" w", "o", false),
        (" wo", "r", true),
        (" wor", "ld", true),
        ("l", "d", true),
        ("1", "2", true),
        (" ", "1", true),
    ] {
        merges.push(format!("{} {}", enc(l.as_bytes()), enc(r.as_bytes())));
        if is_token {
            tokens.push(enc(format!("{l}{r}").as_bytes()));
        }
    }
    let mut types = vec![1; tokens.len()];
    for (t, ty) in [("<|end|>", 3), ("<tool>", 4), ("<unused>", 5), ("<unk>", 2)] {
        tokens.push(t.to_string());
        types.push(ty);
    }
    let end = tokens.len() as u32 - 4;
    let special = SpecialTokens {
        bos: Some(end),
        eos: Some(end),
        ..Default::default()
    };
    Tokenizer::new(&tokens, &types, &merges, pre, special).unwrap()
}

fn text(tok: &Tokenizer, ids: &[u32]) -> Vec<String> {
    ids.iter()
        .map(|&i| String::from_utf8_lossy(tok.token_bytes(i).unwrap()).into_owned())
        .collect()
}

#[test]
fn merges_apply_by_rank() {
    let tok = small("qwen2");
    // " wo" is a merge but not a token; it still merges on to " wor" and " world".
    assert_eq!(
        text(&tok, &tok.encode("hello world", false)),
        ["hello", " world"]
    );
    assert_eq!(text(&tok, &tok.encode("hellhe", false)), ["hell", "he"]);
    // " wo" alone stays a non-token symbol. llama.cpp then looks up each byte of its GPT-2
    // text "Ġwo" as a one-byte token: 'w' and 'o' exist, the two bytes of 'Ġ' do not, so the
    // space is dropped.
    assert_eq!(text(&tok, &tok.encode(" wo", false)), ["w", "o"]);
}

#[test]
fn qwen2_and_gpt2_split_digits_differently() {
    let q = small("qwen2");
    let g = small("gpt-2");
    assert_eq!(q.pre_tokenizer(), PreTokenizer::Qwen2);
    assert_eq!(g.pre_tokenizer(), PreTokenizer::Gpt2);
    assert_eq!(text(&q, &q.encode(" 12", false)), [" ", "1", "2"]);
    // "1 2" ranks before " 1".
    assert_eq!(text(&g, &g.encode(" 12", false)), [" ", "12"]);
}

#[test]
fn control_tokens_need_parse_special_user_defined_do_not() {
    let tok = small("qwen2");
    let end = tok.token_id("<|end|>").unwrap();
    let tool = tok.token_id("<tool>").unwrap();
    assert_eq!(
        tok.encode("he<|end|>", true),
        [tok.token_id("he").unwrap(), end]
    );
    assert!(!tok.encode("he<|end|>", false).contains(&end));
    assert!(tok.encode("x<tool>y", false).contains(&tool));
    assert!(tok.encode("x<tool>y", true).contains(&tool));
    // Unused tokens are not looked for in the text.
    assert!(!tok
        .encode("<unused>", true)
        .contains(&tok.token_id("<unused>").unwrap()));
    assert_eq!(tok.token_type(end), Some(TokenType::Control));
    assert_eq!(tok.token_type(tool), Some(TokenType::UserDefined));
    // Control text decodes to itself; unused tokens decode to nothing.
    assert_eq!(tok.token_bytes(end), Some(&b"<|end|>"[..]));
    assert_eq!(
        tok.token_bytes(tok.token_id("<unused>").unwrap()),
        Some(&b""[..])
    );
    assert_eq!(tok.eos(), Some(end));
    assert!(tok.is_eog(end));
}

#[test]
fn empty_and_blank_inputs() {
    let tok = small("qwen2");
    assert!(tok.encode("", true).is_empty());
    assert!(tok.encode(b"", false).is_empty());
    for blank in [" ", "   ", "\t", "\n", "\r\n", " \n \n ", "\u{3000}\u{a0}"] {
        let ids = tok.encode(blank, true);
        assert!(!ids.is_empty());
        assert_eq!(tok.decode(&ids).unwrap(), blank.as_bytes());
    }
}

#[test]
fn invalid_utf8_never_panics_and_becomes_replacement_characters() {
    let tok = small("gpt-2");
    // As llama.cpp: each bad byte is read as U+FFFD.
    let ids = tok.encode(b"a\xffb\x80", false);
    assert_eq!(tok.decode(&ids).unwrap(), "a\u{fffd}b\u{fffd}".as_bytes());
    // A code point above U+10FFFF (llama.cpp aborts on it) is four bad bytes here.
    let ids = tok.encode(b"\xf5\x80\x80\x80", false);
    assert_eq!(tok.decode_lossy(&ids).unwrap(), "\u{fffd}".repeat(4));
    for seed in 0..200u32 {
        let bytes: Vec<u8> = (0..64)
            .map(|i| (seed.wrapping_mul(2654435761).wrapping_add(i * 40503) >> 13) as u8)
            .collect();
        for pre in ["qwen2", "gpt-2", "llama3"] {
            let tok = small(pre);
            let ids = tok.encode(&bytes, true);
            tok.decode(&ids).unwrap();
        }
    }
}

#[test]
fn decode_of_any_ids_returns_bytes_or_an_error() {
    let tok = small("qwen2");
    let n = tok.vocab_size() as u32;
    // Half a character: bytes come back as they are, the lossy helper marks them.
    let e_acute_first = tok.encode([0xC3], false);
    assert_eq!(tok.decode(&e_acute_first).unwrap(), "\u{fffd}".as_bytes());
    let raw = [tok.token_id(&enc(&[0xC3])).unwrap()];
    assert_eq!(tok.decode(&raw).unwrap(), [0xC3]);
    assert_eq!(tok.decode_lossy(&raw).unwrap(), "\u{fffd}");
    assert_eq!(tok.decode(&[0, n]), Err(TokenizerError::IdOutOfRange(n)));
    assert_eq!(tok.token_bytes(n), None);
    assert_eq!(tok.token_bytes(u32::MAX), None);
}

#[test]
fn very_long_inputs_round_trip() {
    let tok = small("qwen2");
    for unit in ["l", " ", "1", "hello world ", "é", "\n", "<|end|>"] {
        let s = unit.repeat(200_000 / unit.len());
        let ids = tok.encode(&s, false);
        assert_eq!(tok.decode(&ids).unwrap(), s.as_bytes());
    }
    // One word of 200 000 letters: merges pair them up left to right.
    let ids = tok.encode("l".repeat(200_001), false);
    assert_eq!(ids.len(), 100_001);
}

#[test]
fn bad_vocabularies_are_refused() {
    let none: [&str; 0] = [];
    let sp = SpecialTokens::default();
    assert_eq!(
        Tokenizer::new(&none, &[], &none, "qwen2", sp).err(),
        Some(TokenizerError::EmptyVocab)
    );
    assert_eq!(
        Tokenizer::new(&["a", "b", "a"], &[], &none, "qwen2", sp).err(),
        Some(TokenizerError::DuplicateToken {
            first: 0,
            second: 2
        })
    );
    assert_eq!(
        Tokenizer::new(&["a"], &[], &none, "gpt2", sp).err(),
        Some(TokenizerError::UnknownPreTokenizer("gpt2".into()))
    );
    assert_eq!(
        Tokenizer::new(&["a", "b"], &[1], &none, "qwen2", sp).err(),
        Some(TokenizerError::TokenTypesTooShort {
            tokens: 2,
            types: 1
        })
    );
    let bad_eos = SpecialTokens { eos: Some(2), ..sp };
    assert_eq!(
        Tokenizer::new(&["a", "b"], &[], &none, "qwen2", bad_eos).err(),
        Some(TokenizerError::SpecialIdOutOfRange {
            which: "eos",
            id: 2
        })
    );
    // Merges that are malformed or name strings no byte sequence encodes to are ignored.
    let tok = Tokenizer::new(
        &["a", "b", "ab"],
        &[],
        &["a b", "ab", " a", "a  b", "\u{1} a"],
        "qwen2",
        sp,
    )
    .unwrap();
    assert_eq!(tok.encode("ab", false), [2]);
}

#[test]
fn llama3_digit_groups_and_whole_word_tokens() {
    let tok = small("llama3");
    assert_eq!(tok.pre_tokenizer(), PreTokenizer::Llama3);
    assert_eq!(text(&tok, &tok.encode("1212", false)), ["12", "1", "2"]);
    // llama3 defaults to adding BOS.
    assert!(tok.add_bos());
    assert!(!small("qwen2").add_bos());
}

#[test]
fn hostile_vocabularies_are_errors_not_panics() {
    let sp = SpecialTokens::default();
    let none: [&str; 0] = [];
    let long = "x".repeat(model::tokenizer::MAX_TOKEN_BYTES + 1);
    assert_eq!(
        Tokenizer::new(&["a", long.as_str()], &[], &none, "qwen2", sp).err(),
        Some(TokenizerError::TokenTooLong {
            id: 1,
            len: long.len()
        })
    );
    // Characters outside the byte map decode to a marker that repeats the whole text per
    // character (llama.cpp's `llama_decode_text`); a long run of them must stop early.
    let unmapped = "\u{4e00}".repeat(2000);
    assert!(matches!(
        Tokenizer::new(&["a", unmapped.as_str()], &[], &none, "qwen2", sp).err(),
        Some(TokenizerError::TokenTooLong { id: 1, .. })
    ));
    // Random byte strings as tokens, types and merges: built or refused, then usable.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..300 {
        let n = 1 + next() as usize % 40;
        let tokens: Vec<Vec<u8>> = (0..n)
            .map(|_| (0..next() % 6).map(|_| next() as u8).collect())
            .collect();
        let types: Vec<i32> = (0..n).map(|_| (next() % 9) as i32 - 1).collect();
        let merges: Vec<Vec<u8>> = (0..next() % 30)
            .map(|_| {
                (0..next() % 8)
                    .map(|_| b" ab\xc4\xa0"[next() as usize % 5])
                    .collect()
            })
            .collect();
        let special = SpecialTokens {
            eos: Some((next() % 50) as u32),
            ..sp
        };
        let Ok(tok) = Tokenizer::new(&tokens, &types, &merges, "qwen2", special) else {
            continue;
        };
        let input: Vec<u8> = (0..next() % 64).map(|_| next() as u8).collect();
        for parse_special in [false, true] {
            let ids = tok.encode(&input, parse_special);
            assert!(ids.iter().all(|&id| (id as usize) < tok.vocab_size()));
            tok.decode(&ids).unwrap();
        }
    }
}

#[test]
fn lookups_and_special_free_decoding() {
    let tok = small("qwen2");
    let end = tok.token_id("<|end|>").unwrap();
    let hello = tok.token_id("hello").unwrap();
    let unk = tok.token_id("<unk>").unwrap();
    let tool = tok.token_id("<tool>").unwrap();
    assert_eq!(
        tok.token_id_for_bytes(b" world"),
        tok.token_id("\u{120}world")
    );
    assert_eq!(tok.token_id_for_bytes(b"\n"), tok.token_id("\u{10a}"));
    assert_eq!(tok.token_id_for_bytes(b"nothing"), None);
    assert_eq!(
        tok.decode(&[hello, end, unk, tool]).unwrap(),
        b"hello<|end|><unk><tool>"
    );
    // Control and unknown tokens vanish; user-defined ones are text.
    assert_eq!(
        tok.decode_without_special(&[hello, end, unk, tool])
            .unwrap(),
        b"hello<tool>"
    );
    assert_eq!(
        tok.decode_without_special(&[u32::MAX]),
        Err(TokenizerError::IdOutOfRange(u32::MAX))
    );
    fn shareable<T: Send + Sync>(_: &T) {}
    shareable(&tok);
}
