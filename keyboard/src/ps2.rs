//! PS/2 scancode bytes to [`KeyEvent`]s through `pc-keyboard`.

use crate::{control_key, Key, KeyEvent};
use pc_keyboard::layouts::{
    AnyLayout, Azerty, Colemak, De105Key, Dvorak104Key, FiSe105Key, Jis109Key, No105Key, Uk105Key,
    Us104Key,
};
use pc_keyboard::{
    DecodedKey, HandleControl, KeyCode, KeyState, Modifiers, PS2Keyboard, ScancodeSet1,
    ScancodeSet2,
};

/// Which scancode set the controller delivers.
///
/// An i8042 with translation enabled (the PC default, and QEMU's) always hands over set 1,
/// whatever the keyboard itself speaks; set 2 is for controllers with translation turned off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ScancodeSet {
    #[default]
    Set1,
    Set2,
}

/// Keyboard layouts offered by `pc-keyboard`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    #[default]
    Us104,
    Uk105,
    De105,
    Azerty,
    No105,
    FiSe105,
    Jis109,
    Dvorak104,
    Colemak,
}

impl Layout {
    /// Every layout, for a `keymap`-style listing.
    pub const ALL: [Layout; 9] = [
        Layout::Us104,
        Layout::Uk105,
        Layout::De105,
        Layout::Azerty,
        Layout::No105,
        Layout::FiSe105,
        Layout::Jis109,
        Layout::Dvorak104,
        Layout::Colemak,
    ];

    /// Short lowercase name ("us", "uk", "de", ...).
    pub const fn name(self) -> &'static str {
        match self {
            Layout::Us104 => "us",
            Layout::Uk105 => "uk",
            Layout::De105 => "de",
            Layout::Azerty => "fr",
            Layout::No105 => "no",
            Layout::FiSe105 => "fi",
            Layout::Jis109 => "jp",
            Layout::Dvorak104 => "dvorak",
            Layout::Colemak => "colemak",
        }
    }

    /// The layout with the given [`Layout::name`], if any.
    pub fn from_name(name: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.name() == name)
    }

    fn to_pc(self) -> AnyLayout {
        match self {
            Layout::Us104 => AnyLayout::Us104Key(Us104Key),
            Layout::Uk105 => AnyLayout::Uk105Key(Uk105Key),
            Layout::De105 => AnyLayout::De105Key(De105Key),
            Layout::Azerty => AnyLayout::Azerty(Azerty),
            Layout::No105 => AnyLayout::No105Key(No105Key),
            Layout::FiSe105 => AnyLayout::FiSe105Key(FiSe105Key),
            Layout::Jis109 => AnyLayout::Jis109Key(Jis109Key),
            Layout::Dvorak104 => AnyLayout::Dvorak104Key(Dvorak104Key),
            Layout::Colemak => AnyLayout::Colemak(Colemak),
        }
    }
}

/// Runtime choice between the two scancode state machines of `pc-keyboard`.
enum AnySet {
    Set1(ScancodeSet1),
    Set2(ScancodeSet2),
}

impl pc_keyboard::ScancodeSet for AnySet {
    fn advance_state(
        &mut self,
        code: u8,
    ) -> Result<Option<pc_keyboard::KeyEvent>, pc_keyboard::Error> {
        match self {
            AnySet::Set1(s) => s.advance_state(code),
            AnySet::Set2(s) => s.advance_state(code),
        }
    }
}

impl AnySet {
    fn new(set: ScancodeSet) -> Self {
        match set {
            ScancodeSet::Set1 => AnySet::Set1(ScancodeSet1::new()),
            ScancodeSet::Set2 => AnySet::Set2(ScancodeSet2::new()),
        }
    }
}

/// Turns the byte stream of a PS/2 keyboard into key presses.
pub struct Ps2Decoder {
    kb: PS2Keyboard<AnyLayout, AnySet>,
    set: ScancodeSet,
    layout: Layout,
}

impl Default for Ps2Decoder {
    fn default() -> Self {
        Ps2Decoder::new(ScancodeSet::Set1, Layout::Us104)
    }
}

impl Ps2Decoder {
    pub fn new(set: ScancodeSet, layout: Layout) -> Self {
        Ps2Decoder {
            // Ctrl is resolved here from the key codes, not by pc-keyboard: its mapping
            // makes Ctrl-H indistinguishable from Backspace.
            kb: PS2Keyboard::new(AnySet::new(set), layout.to_pc(), HandleControl::Ignore),
            set,
            layout,
        }
    }

    pub fn layout(&self) -> Layout {
        self.layout
    }

    pub fn scancode_set(&self) -> ScancodeSet {
        self.set
    }

    /// Switches the layout; held modifiers are forgotten, as after a keyboard reset.
    pub fn set_layout(&mut self, layout: Layout) {
        *self = Ps2Decoder::new(self.set, layout);
    }

    /// Feeds one byte read from the controller's data port. Returns a key press when the byte
    /// completes one; releases, modifiers alone, controller replies and garbage give `None`.
    pub fn feed(&mut self, byte: u8) -> Option<KeyEvent> {
        let ev = match self.kb.add_byte(byte) {
            Ok(Some(ev)) => ev,
            // An unknown code already returned the state machine to its start state.
            Ok(None) | Err(_) => return None,
        };
        if ev.state != KeyState::Down {
            // Releases still matter: they clear Shift/Ctrl/Alt.
            let _ = self.kb.process_keyevent(ev);
            return None;
        }
        let code = ev.code;
        let key = match special_key(code) {
            Some(key) => Some(key),
            None => match self.kb.process_keyevent(ev) {
                Some(DecodedKey::Unicode(c)) => self.unicode_key(c),
                // Numpad keys with Num Lock off come back as the navigation key they stand for.
                Some(DecodedKey::RawKey(k)) => special_key(k),
                None => None,
            },
        };
        let m = self.kb.get_modifiers();
        key.map(|key| event(key, m))
    }

    fn unicode_key(&self, c: char) -> Option<Key> {
        let m = self.kb.get_modifiers();
        if c == '\u{7f}' {
            // pc-keyboard reports Delete (numpad '.' with Num Lock off) as DEL.
            return Some(Key::Delete);
        }
        if (c as u32) < 0x20 {
            return u8::try_from(c).ok().and_then(control_key);
        }
        if m.is_ctrl() && c.is_ascii_alphabetic() {
            return Some(Key::Ctrl(c.to_ascii_lowercase()));
        }
        Some(Key::Char(c))
    }
}

fn event(key: Key, m: &Modifiers) -> KeyEvent {
    KeyEvent {
        key,
        shift: m.is_shifted(),
        ctrl: m.is_ctrl(),
        alt: m.lalt || m.ralt,
    }
}

/// Keys whose meaning does not depend on the layout.
fn special_key(code: KeyCode) -> Option<Key> {
    Some(match code {
        KeyCode::Return | KeyCode::NumpadEnter => Key::Enter,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Tab => Key::Tab,
        KeyCode::Escape => Key::Escape,
        KeyCode::Delete => Key::Delete,
        KeyCode::Insert => Key::Insert,
        KeyCode::ArrowLeft => Key::Left,
        KeyCode::ArrowRight => Key::Right,
        KeyCode::ArrowUp => Key::Up,
        KeyCode::ArrowDown => Key::Down,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::F1 => Key::F(1),
        KeyCode::F2 => Key::F(2),
        KeyCode::F3 => Key::F(3),
        KeyCode::F4 => Key::F(4),
        KeyCode::F5 => Key::F(5),
        KeyCode::F6 => Key::F(6),
        KeyCode::F7 => Key::F(7),
        KeyCode::F8 => Key::F(8),
        KeyCode::F9 => Key::F(9),
        KeyCode::F10 => Key::F(10),
        KeyCode::F11 => Key::F(11),
        KeyCode::F12 => Key::F(12),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn run(dec: &mut Ps2Decoder, bytes: &[u8]) -> Vec<KeyEvent> {
        bytes.iter().filter_map(|&b| dec.feed(b)).collect()
    }

    fn keys(dec: &mut Ps2Decoder, bytes: &[u8]) -> Vec<Key> {
        run(dec, bytes).into_iter().map(|e| e.key).collect()
    }

    #[test]
    fn set1_letters_and_release() {
        let mut d = Ps2Decoder::default();
        // h i, each pressed and released
        assert_eq!(
            keys(&mut d, &[0x23, 0xa3, 0x17, 0x97]),
            [Key::Char('h'), Key::Char('i')]
        );
    }

    #[test]
    fn set1_shift_and_ctrl() {
        let mut d = Ps2Decoder::default();
        // LShift down, 'a', LShift up, 'a'
        assert_eq!(
            keys(&mut d, &[0x2a, 0x1e, 0x9e, 0xaa, 0x1e, 0x9e]),
            [Key::Char('A'), Key::Char('a')]
        );
        // LCtrl down, 'c', 'h', LCtrl up
        assert_eq!(
            keys(&mut d, &[0x1d, 0x2e, 0xae, 0x23, 0xa3, 0x9d]),
            [Key::Ctrl('c'), Key::Ctrl('h')]
        );
        // Backspace is not Ctrl-H.
        assert_eq!(keys(&mut d, &[0x0e, 0x8e]), [Key::Backspace]);
    }

    #[test]
    fn set1_extended_navigation_and_function_keys() {
        let mut d = Ps2Decoder::default();
        let ks = keys(
            &mut d,
            &[
                0xe0, 0x48, 0xe0, 0xc8, // up
                0xe0, 0x50, // down
                0xe0, 0x4b, // left
                0xe0, 0x4d, // right
                0xe0, 0x47, // home
                0xe0, 0x4f, // end
                0xe0, 0x49, // page up
                0xe0, 0x51, // page down
                0xe0, 0x53, // delete
                0x3c, 0xbc, // F2
                0x58, // F12
                0x1c, // enter
                0x0f, // tab
                0x01, // escape
            ],
        );
        assert_eq!(
            ks,
            [
                Key::Up,
                Key::Down,
                Key::Left,
                Key::Right,
                Key::Home,
                Key::End,
                Key::PageUp,
                Key::PageDown,
                Key::Delete,
                Key::F(2),
                Key::F(12),
                Key::Enter,
                Key::Tab,
                Key::Escape
            ]
        );
    }

    #[test]
    fn shift_page_up_carries_shift() {
        let mut d = Ps2Decoder::default();
        let ev = run(&mut d, &[0x2a, 0xe0, 0x49]);
        assert_eq!(ev, [KeyEvent::shifted(Key::PageUp)]);
        let ev = run(&mut d, &[0xaa, 0xe0, 0x51]);
        assert_eq!(ev, [KeyEvent::plain(Key::PageDown)]);
    }

    #[test]
    fn set2_decodes() {
        let mut d = Ps2Decoder::new(ScancodeSet::Set2, Layout::Us104);
        // 'a' make, break (F0 1C), up arrow (E0 75)
        assert_eq!(
            keys(&mut d, &[0x1c, 0xf0, 0x1c, 0xe0, 0x75]),
            [Key::Char('a'), Key::Up]
        );
    }

    #[test]
    fn layouts_differ() {
        // Scancode 0x15 is 'y' on a US keyboard and 'z' on a German one; 0x2b is '\' vs '#'.
        let mut us = Ps2Decoder::new(ScancodeSet::Set1, Layout::Us104);
        let mut de = Ps2Decoder::new(ScancodeSet::Set1, Layout::De105);
        let mut uk = Ps2Decoder::new(ScancodeSet::Set1, Layout::Uk105);
        assert_eq!(keys(&mut us, &[0x15]), [Key::Char('y')]);
        assert_eq!(keys(&mut de, &[0x15]), [Key::Char('z')]);
        // Shift+2: '@' on US, '"' on UK.
        assert_eq!(keys(&mut us, &[0x2a, 0x03, 0xaa]), [Key::Char('@')]);
        assert_eq!(keys(&mut uk, &[0x2a, 0x03, 0xaa]), [Key::Char('"')]);
        let mut d = Ps2Decoder::default();
        d.set_layout(Layout::from_name("de").unwrap());
        assert_eq!(d.layout(), Layout::De105);
        assert_eq!(keys(&mut d, &[0x15]), [Key::Char('z')]);
        assert_eq!(Layout::from_name("klingon"), None);
    }

    #[test]
    fn numpad_without_numlock_navigates() {
        let mut d = Ps2Decoder::default();
        // Num Lock starts on: keypad 8 is '8'. Toggle it off (0x45) and it is Up; '.' is Delete.
        assert_eq!(keys(&mut d, &[0x48]), [Key::Char('8')]);
        let _ = run(&mut d, &[0x45, 0xc5]);
        assert_eq!(keys(&mut d, &[0x48, 0x53]), [Key::Up, Key::Delete]);
    }

    /// xorshift64*: deterministic garbage without a dependency.
    fn rng(seed: &mut u64) -> u64 {
        *seed ^= *seed >> 12;
        *seed ^= *seed << 25;
        *seed ^= *seed >> 27;
        seed.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    #[test]
    fn random_bytes_never_panic_and_decoder_recovers() {
        for set in [ScancodeSet::Set1, ScancodeSet::Set2] {
            for layout in Layout::ALL {
                let mut d = Ps2Decoder::new(set, layout);
                let mut seed = 0x9e37_79b9_7f4a_7c15u64;
                for _ in 0..20_000 {
                    let _ = d.feed(rng(&mut seed) as u8);
                }
            }
        }
        // After garbage, a plain key still decodes once modifiers are released.
        let mut d = Ps2Decoder::default();
        let mut seed = 7u64;
        for _ in 0..5_000 {
            let _ = d.feed(rng(&mut seed) as u8);
        }
        // Release every modifier, leave Num Lock state irrelevant, then press 'q'.
        let _ = run(
            &mut d,
            &[
                0x00, 0xaa, 0xb6, 0x9d, 0xe0, 0x9d, 0xb8, 0xe0, 0xb8, 0x3a, 0xba,
            ],
        );
        let ks = keys(&mut d, &[0x10]);
        assert!(
            ks == [Key::Char('q')] || ks == [Key::Char('Q')],
            "decoder did not recover: {ks:?}"
        );
    }
}
