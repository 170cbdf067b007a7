//! Proposing: a request's prompt prefilled once, the ridge router on its
//! hidden state, grammar-constrained decoding of a whole command and of the
//! ridge applet's arguments, and [`crate::Via`]'s choice between them.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use command::{Mode, Role};

use crate::correction::Correction;
use crate::decode::{self, DecodeFailure};
use crate::ground::{self, Grounded};
use crate::proposal::{Abstain, Proposal, RidgeGuess, Timings, Via};
use crate::Clock;

use super::missing::{
    another_document, dated_missing, described_missing, own_log_missing, qualified_missing,
};
use super::phrases::*;
use super::{Feature, Interpreter, RequestError};

/// Fewest decode steps a request must leave in the context.
pub const MIN_COMMAND_TOKENS: usize = 16;

/// What a prefill keeps.
#[derive(Clone, Copy)]
pub(super) enum Prefill {
    /// The last prompt token's logits, to decode from.
    Logits,
    /// Only the hidden states (no output projection): a router feature.
    Hidden,
}

/// A prefilled prompt: its length and the decode steps left after it.
pub(super) struct Prompt {
    pub(super) tokens: usize,
    pub(super) budget: usize,
}

impl<'m> Interpreter<'m> {
    /// Token ids of the prompt for `request`.
    pub fn prompt_tokens(&self, request: &str, out: &mut Vec<u32>) {
        out.clear();
        if self.tokenizer.add_bos() {
            out.extend(self.tokenizer.bos());
        }
        self.format.encode(&self.tokenizer, request, out);
    }

    /// Decode steps left for a command after a prompt of `prompt` tokens,
    /// or an error when fewer than [`MIN_COMMAND_TOKENS`] would be: the
    /// default model's context is short (128), so a long request gets the
    /// room that is left rather than a fixed reserve.
    pub(super) fn command_budget(&self, prompt: usize) -> Result<usize, RequestError> {
        let room = self.model.config.seq_len.saturating_sub(prompt);
        if room < MIN_COMMAND_TOKENS {
            return Err(RequestError::RequestTooLong {
                tokens: prompt,
                max: self.model.config.seq_len.saturating_sub(MIN_COMMAND_TOKENS),
            });
        }
        Ok(room.min(self.config.max_command_tokens))
    }

    /// The preamble every prefill shares: the prompt's tokens, the room it
    /// leaves for a command, a last look at `should_cancel`, then one
    /// prefill. With [`Prefill::Logits`] the prompt's logits are kept for
    /// decoding; [`Prefill::Hidden`] skips the output projection (router
    /// features). Returns the prompt's length and the decode budget.
    pub(super) fn prefill_request(
        &mut self,
        request: &str,
        want: Prefill,
        should_cancel: &mut dyn FnMut() -> bool,
    ) -> Result<Prompt, RequestError> {
        let mut tokens = core::mem::take(&mut self.tokens);
        self.prompt_tokens(request, &mut tokens);
        let n = tokens.len();
        let prefilled = self.command_budget(n).and_then(|budget| {
            if should_cancel() {
                return Err(RequestError::Cancelled);
            }
            // The KV cache still holds the last prompt (decoding writes only past it): the
            // start this prompt shares with it, a chat model's system turn, is not computed
            // again. Two tokens at least are, so the rest is prefilled in batches and gives
            // the numbers a whole prefill gives (`Transformer::prefill` never runs a lone
            // token through the decode kernels then).
            let keep = common_prefix(&self.kv_tokens, &tokens).min(n.saturating_sub(2));
            // Cleared first: a prefill that fails leaves the cache part-written.
            self.kv_tokens.clear();
            match want {
                Prefill::Logits => {
                    let logits = self.model.prefill(&tokens[keep..], keep)?;
                    self.prompt_logits.copy_from_slice(logits);
                }
                Prefill::Hidden => {
                    self.model.prefill_hidden(&tokens[keep..], keep)?;
                }
            }
            self.kv_tokens.extend_from_slice(&tokens);
            Ok(budget)
        });
        self.tokens = tokens;
        Ok(Prompt {
            tokens: n,
            budget: prefilled?,
        })
    }

    /// One grammar-constrained greedy decode from the prompt's saved logits,
    /// optionally forced to start with `applet`.
    /// The request's command under `applet`, when it is reachable and its
    /// grammar can fill it (another reading of the same request); `None`
    /// otherwise.
    fn decode_as(
        &mut self,
        prompt: &Prompt,
        applet: Option<&'static str>,
        should_cancel: &mut dyn FnMut() -> bool,
    ) -> Result<Option<command::Command>, RequestError> {
        let Some(a) = applet.filter(|a| self.table.get(a, self.mode).is_some()) else {
            return Ok(None);
        };
        match self.decode(prompt, Some(a), should_cancel) {
            Ok(d) => Ok(Some(d.command)),
            Err(DecodeFailure::Cancelled) => Err(RequestError::Cancelled),
            Err(_) => Ok(None),
        }
    }

    fn decode(
        &mut self,
        prompt: &Prompt,
        applet: Option<&str>,
        should_cancel: &mut dyn FnMut() -> bool,
    ) -> Result<decode::Decoded, DecodeFailure> {
        decode::greedy(
            &mut self.model,
            self.request_grammar.as_mut().unwrap_or(&mut self.grammar),
            &self.vocab,
            &self.prompt_logits,
            prompt.tokens,
            // Forced tokens copy the request, so a command is never much
            // longer than the room plus the request.
            prompt.budget + prompt.tokens,
            prompt.budget,
            applet,
            &mut self.scratch,
            should_cancel,
        )
    }

    /// Grounds `request` in the live files ([`ground::ground`]) and builds
    /// its grammar, which the next decodes use: a must-exist path slot
    /// offers only the files the request refers to, a new path or a text
    /// only what the request spells.
    pub fn ground_request(&mut self, request: &str) -> Result<Grounded, RequestError> {
        let mut g = ground::ground_with(request, &self.paths, &self.descriptions, &self.contents);
        // Names and texts are taken as typed, but a file the typed words
        // reach only through a slip the spelling corrector knows (`shwo me
        // the guid`, `display the fqa`) is the file meant: the corrected
        // line's referents, where the typed line had none and named no
        // missing one.
        // So are the files of a line with digits typed for letters, read
        // as the letters (`copy th3 r3l3as3 not3s to th3 top` had copied
        // the notes to /th3), and its new names (`th3` is none); its texts
        // stay as typed.
        let digits = self
            .config
            .spelling
            .then(|| self.lexicon.digits_read(request))
            .flatten();
        if let Some(d) = digits {
            let mut f = ground::ground_with(&d, &self.paths, &self.descriptions, &self.contents);
            if f.missing.is_empty() {
                // (`the L0GS folder` is no missing folder.)
                g.missing.clear();
                g.grounding.new_paths = core::mem::take(&mut f.grounding.new_paths);
                g.grounding.landmarks = core::mem::take(&mut f.grounding.landmarks);
                if !f.grounding.referents.is_empty() {
                    take_referents(&mut g, f);
                }
            }
        } else if self.config.spelling
            && g.grounding.referents.is_empty()
            // A missing "name" that is one plain word may be the slip itself
            // (`show the notessssss` had named a missing file): the
            // corrected line decides, and only if it names no missing file.
            && g
                .missing
                .iter()
                .all(|m| m.name.bytes().all(|b| b.is_ascii_alphabetic()))
        {
            if let Some(fixed) = self
                .lexicon
                .correct(request)
                .filter(|f| no_letter_changed_in_a_short_word(request, f))
            {
                let f =
                    ground::ground_with(&fixed, &self.paths, &self.descriptions, &self.contents);
                let slips = g.missing.iter().all(|m| {
                    !fixed
                        .split(|c: char| !c.is_ascii_alphanumeric())
                        .any(|w| w.eq_ignore_ascii_case(&m.name))
                });
                if !f.grounding.referents.is_empty() && f.missing.is_empty() && slips {
                    g.missing.clear();
                    take_referents(&mut g, f);
                }
            }
        }
        // A live file's name typed without its vowels (`show me the FQ`,
        // `cat the NTS`): the one live name with those consonants, when the
        // line read with it names no missing file.
        if self.config.spelling && g.grounding.referents.is_empty() {
            if let Some(read) = self.vowels_restored(request) {
                let f = ground::ground_with(&read, &self.paths, &self.descriptions, &self.contents);
                if f.missing.is_empty() && !f.grounding.referents.is_empty() {
                    g.missing.clear();
                    take_referents(&mut g, f);
                }
            }
        }
        // `log` as the verb that records a line (`log it in notes: …`, `log
        // this in boot.log: …`) points at no log file: only a name said
        // (`boot.log`, `the boot log`) does.
        // (Anywhere in the line: `10-4, log this in notes: …`.)
        let lw = lower_words(request);
        // (`log in` only opening the line: `the startup log in the logs
        // folder` is the boot log.)
        let at = lw.windows(2).enumerate().position(|(i, p)| {
            p[0] == "log"
                && (matches!(p[1].as_str(), "it" | "this" | "that")
                    || (i == 0 && matches!(p[1].as_str(), "in" | "on")))
        });
        let logs_a_line = at.is_some();
        let other_log_word = |i: usize, w: &alloc::string::String| {
            Some(i) != at && (w.starts_with("boot") || w == "log" || w == "logs")
        };
        if logs_a_line && !lw.iter().enumerate().any(|(i, w)| other_log_word(i, w)) {
            let kind_only = |p: &str| p.to_ascii_lowercase().ends_with(".log");
            // Nor the logs folder (`log this to a new file job-5521.txt:
            // …` had made /LOGS/job-5521.txt).
            let logs_folder = |p: &str| {
                let l = p.trim_matches('/').to_ascii_lowercase();
                l == "log" || l == "logs"
            };
            let in_logs = |p: &str| {
                p.trim_start_matches('/')
                    .split_once('/')
                    .is_some_and(|(dir, _)| logs_folder(dir))
            };
            g.grounding
                .referents
                .retain(|r| !(kind_only(&r.path) || r.is_dir && logs_folder(&r.path)));
            let elsewhere = g.grounding.new_paths.iter().any(|p| !in_logs(p));
            g.grounding.new_paths.retain(|p| {
                (!kind_only(p) || g.grounding.referents.is_empty()) && !(in_logs(p) && elsewhere)
            });
        }
        // A request that names its applet (`could you route read the faq`)
        // has its text after the name, never in the asking before it
        // (`route you`); when the text is the applet's first slot (`route`,
        // `echo`) it is all of the rest, as typed after the name.
        if let Some((name, end)) = crate::named_applet_at(&self.table, self.mode, request) {
            let after = &request[end..];
            // Up to a redirection (`echo hi > a.txt`): the rest is the file.
            let after = after.rsplit_once(" > ").map_or(after, |(text, _)| text);
            let whole = after
                .trim_start_matches([':', ',', ';'])
                .trim()
                .trim_end_matches(['.', '!', '?']);
            let whole = match whole.strip_prefix(['"', '\'']) {
                Some(q) => q.strip_suffix(['"', '\'']).unwrap_or(q),
                None => ground::without_label(whole),
            };
            // An applet that acts on a live path, then one word that names
            // none and nothing else (`ls music`, `cat budget`): that word is
            // the path meant, and the volume lacks it.
            let first_slot = self
                .table
                .get(name, self.mode)
                .and_then(|a| a.spec().slots.first().copied());
            if let Some(command::SlotKind::Path {
                kind,
                must_exist: true,
            }) = first_slot.map(|s| s.kind)
            {
                let word = whole.trim_matches(|c: char| !c.is_ascii_alphanumeric());
                let one_name = !word.is_empty()
                    && word.len() == whole.len()
                    && word
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
                if one_name
                    && g.grounding.referents.is_empty()
                    && g.missing.is_empty()
                    && !{
                        let w = word.to_ascii_lowercase();
                        ground::is_joining_word(&w)
                            || ground::is_stopword(&w)
                            || ground::is_filler(&w)
                            || ground::is_asking_frame(&w)
                            || matches!(w.as_str(), "pls" | "plz" | "please" | "now" | "again")
                    }
                {
                    g.missing.push(ground::Missing {
                        name: alloc::string::String::from(word),
                        closest: {
                            // A file's nearest files, a folder's nearest folders.
                            let same_kind: alloc::vec::Vec<grammar::PathEntry> = self
                                .paths
                                .iter()
                                .filter(|p| match kind {
                                    command::PathKind::File => !p.is_dir,
                                    command::PathKind::Dir => p.is_dir,
                                    command::PathKind::Any => true,
                                })
                                .cloned()
                                .collect();
                            ground::closest(word, &same_kind)
                        },
                        source: true,
                        folder: kind == command::PathKind::Dir,
                    });
                }
            }
            let text_first = self
                .table
                .get(name, self.mode)
                .and_then(|a| a.spec().slots.first())
                .is_some_and(|s| s.is_text());
            let texts = &g.grounding.texts;
            let rest: alloc::vec::Vec<alloc::string::String> = texts
                .iter()
                .filter(|t| text_first && t.as_str() == whole)
                .cloned()
                .collect();
            // The rest may not be a span the bounds keep (`Route add milk
            // to my todo list` sends nothing to the todo list): it is the
            // text all the same, as typed after the name.
            let rest = if rest.is_empty()
                && text_first
                && !whole.is_empty()
                && !whole.contains(['"', '\'', '\\'])
            {
                alloc::vec![alloc::string::String::from(whole)]
            } else {
                rest
            };
            let kept = if rest.is_empty() {
                texts
                    .iter()
                    .filter(|t| after.contains(t.as_str()))
                    .cloned()
                    .collect()
            } else {
                rest
            };
            if !kept.is_empty() {
                g.grounding.texts = kept;
            }
        }
        // A file or folder described by a word the volume has no name for
        // (`show me the budget spreadsheet`, `where's my passwords file,
        // open it`): that word is the name meant, and the volume lacks it.
        // The paths had listed the root instead.
        if g.missing.is_empty() {
            if let Some(m) = own_log_missing(request, &self.paths, &self.table) {
                g.missing.push(m);
            }
        }
        if g.grounding.referents.is_empty() && g.missing.is_empty() {
            if let Some(m) = described_missing(request, &self.paths, &self.table) {
                g.missing.push(m);
            }
        }
        if g.missing.is_empty() {
            if let Some(m) = qualified_missing(request, &self.paths, &self.table, &self.contents)
                .or_else(|| dated_missing(request, &self.paths))
            {
                g.missing.push(m);
            }
        }
        let specs = self.table.specs(self.mode);
        let built = match self.request_grammar.take() {
            Some(old) => old.rebuild_grounded(&specs, &g.grounding),
            None => grammar::Grammar::build_grounded(&specs, &g.grounding),
        };
        self.request_grammar = Some(built.map_err(RequestError::Grammar)?);
        Ok(g)
    }

    /// Turns a request into a proposed command (see [`Via`] for which path's
    /// command is chosen). Polls `should_cancel` before the prefill and
    /// between decoded tokens.
    pub fn propose(
        &mut self,
        request: &str,
        clock: &mut dyn Clock,
        should_cancel: &mut dyn FnMut() -> bool,
    ) -> Result<Proposal, RequestError> {
        let mut p = self.propose_read(request, clock, should_cancel)?;
        // A line wrapped in talk that nothing fitted: its one asking clause,
        // read alone (`crate::framing::asked_clause`), if that runs
        // something or points at F2.
        // (Not a line that puts its change off, turns it down or only
        // weighs it: `once I'm back, copy the notes to docs`. A story told
        // beside the asking is the talk the clause is taken out of:
        // `grandma called and she wants pictures; add …`.)
        if p.command.is_none()
            && self.config.own_words
            && matches!(p.abstain, Some(Abstain::NothingFits | Abstain::Unsure))
            && !matches!(
                asks_no_change(request),
                Some("put off" | "refused" | "weighed" | "mocked")
            )
            && !declines_a_read(request)
        {
            if let Some(clause) = crate::framing::asked_clause(request) {
                let q = self.propose_read(&clause, clock, should_cancel)?;
                if q.command.is_some() || q.abstain == Some(Abstain::NeedsWriteMode) {
                    let total = p.timings.total_ns + q.timings.total_ns;
                    p = q;
                    p.input = request.into();
                    p.read_as = Some(clause);
                    p.timings.total_ns = total;
                }
            }
        }
        if let Some(c) = p.command.as_mut() {
            typed_quotes_kept(request, c);
        }
        Ok(p)
    }

    /// [`Self::propose`] before a copied text gets back the typographic
    /// quotes it was typed with.
    fn propose_read(
        &mut self,
        request: &str,
        clock: &mut dyn Clock,
        should_cancel: &mut dyn FnMut() -> bool,
    ) -> Result<Proposal, RequestError> {
        let mut t = Timings::default();
        let start = clock.now_ns();
        // A shell's redirection (`echo hi there>docs/guide.txt`) sends the
        // text before it to the file after it: spaced out, grounding reads
        // the two apart.
        let typed = request;
        // Typographic quotes (pasted from a word processor or a phone) are
        // quotes: `put “smart quotes” in quotes.txt` quotes a text.
        let straight = request
            .contains(['\u{201c}', '\u{201d}', '\u{2018}', '\u{2019}'])
            .then(|| {
                request
                    .replace(['\u{201c}', '\u{201d}'], "\"")
                    .replace(['\u{2018}', '\u{2019}'], "'")
            });
        let request = straight.as_deref().unwrap_or(request);
        // A full-width colon after a word in Latin letters (an IME left on:
        // `add to todo：部長にメール送る`) is the colon that announces a
        // text; one between two words of another script is the text's own.
        let colon = request.contains('\u{ff1a}').then(|| {
            let mut out = String::with_capacity(request.len() + 2);
            let mut prev = ' ';
            for c in request.chars() {
                if c == '\u{ff1a}' && prev.is_ascii_alphanumeric() {
                    out.push_str(": ");
                } else {
                    out.push(c);
                }
                prev = c;
            }
            out
        });
        let request = colon.as_deref().unwrap_or(request);
        // A comma with no space after it, right after a file's name (`delete
        // readme.txt,nobody reads it`, `open the readme,didnt read it yet`):
        // the name ends there. (Not inside a text: `eggs,milk` stays.)
        let spaced = {
            let paths = &self.paths;
            let glued = |t: &str| {
                t.split_once(',').is_some_and(|(a, b)| {
                    b.starts_with(|c: char| c.is_ascii_alphabetic())
                        && !a.contains(['"', '\'', ':'])
                        && (ground::ends_with_extension(a)
                            || (is_a_live_word(
                                paths,
                                a.trim_matches(|c: char| !c.is_alphanumeric()),
                            ) && matches!(
                                b.to_ascii_lowercase().as_str(),
                                "nobody"
                                    | "didnt"
                                    | "didn't"
                                    | "its"
                                    | "it's"
                                    | "it"
                                    | "i"
                                    | "im"
                                    | "i'm"
                                    | "thanks"
                                    | "thx"
                                    | "pls"
                                    | "please"
                                    | "not"
                                    | "no"
                                    | "then"
                                    | "and"
                                    | "but"
                                    | "so"
                                    | "because"
                                    | "cuz"
                                    | "we"
                                    | "they"
                                    | "you"
                                    | "he"
                                    | "she"
                                    | "never"
                                    | "dont"
                                    | "don't"
                            )))
                })
            };
            let before_text = request.split(':').next().unwrap_or(request);
            before_text.split(' ').any(&glued).then(|| {
                request
                    .split(' ')
                    .map(|t| {
                        if glued(t) && before_text.contains(t) {
                            t.replacen(',', ", ", 1)
                        } else {
                            String::from(t)
                        }
                    })
                    .collect::<Vec<String>>()
                    .join(" ")
            })
        };
        let request = spaced.as_deref().unwrap_or(request);
        // `borra the photo list file`: another language's verb read as
        // English (`crate::foreign`).
        // `🗑️ the meeting notes`: pictures of a job's words read as the
        // words (`crate::pictographs`), then the other language's verbs.
        let pictured = crate::pictographs::worded(request);
        let translated = match pictured.as_deref() {
            Some(p) => crate::foreign::english(p).or(pictured.clone()),
            None => crate::foreign::english(request),
        };
        let request = translated.as_deref().unwrap_or(request);
        // `delete notes, no wait, the todo list`: what the correction leaves
        // (`crate::correction`); a request taken back asks nothing.
        let correction = {
            let paths = &self.paths;
            crate::correction::corrected(request, &|w| is_a_live_word(paths, w))
        };
        let fixed = match correction {
            Some(Correction::Request(r)) => Some(r),
            Some(Correction::TakenBack) => {
                let ns = clock.now_ns().saturating_sub(start);
                return Ok(Proposal::nothing(typed, Abstain::TakenBack, ns));
            }
            None => None,
        };
        // `update the todo with pay rent` asks what `add pay rent to the
        // todo` does.
        let fixed = fixed.or_else(|| {
            let paths = &self.paths;
            update_with(request, &|thing| {
                words(thing).any(|w| !w.is_empty() && is_a_live_word(paths, w))
            })
        });
        // `READ ME`, `the to do list`: one name typed as two words.
        let fixed = fixed
            .or_else(|| joined_name(request, &self.paths))
            .or_else(|| translated.clone());
        let request = fixed.as_deref().unwrap_or(request);
        // `cpu mem`, `ls and df`: two applets' names and nothing else. (A
        // line opening with `help` or `route` names the applet it asks
        // about.)
        let two_names =
            !matches!(
                lower_words(request).first().and_then(|w| self.role_of(w)),
                Some(Role::Help | Role::Explain)
            ) && crate::conjoined::names_two_applets(request, &|w| self.table.get_any(w).is_some());
        // `rm /TODO.TXT && ls`: a shell's chain is two commands, of which
        // another system's reading would run the first.
        if crate::conjoined::chains(request) || two_names {
            let ns = clock.now_ns().saturating_sub(start);
            let mut p = Proposal::nothing(typed, Abstain::TwoRequests, ns);
            p.read_as = fixed.clone();
            return Ok(p);
        }
        if let Some(mut p) = self.shell_line(request, clock.now_ns().saturating_sub(start)) {
            // (The line as typed, not as read: `sil HELLO.TXT`.)
            p.input = typed.into();
            p.read_as = p.read_as.or_else(|| fixed.clone());
            return Ok(p);
        }
        // A call whose file or text is a variable or an expression
        // (`os.remove(path)`, `print(f"hello {name}")`): the line names
        // no file and gives no text; a guess from its words had cleared the
        // screen and echoed half the call.
        {
            let paths = &self.paths;
            if calls_on_variables(request, &|w| is_a_live_word(paths, w)) {
                let ns = clock.now_ns().saturating_sub(start);
                let mut p = Proposal::nothing(typed, Abstain::NothingFits, ns);
                p.read_as = fixed.clone();
                return Ok(p);
            }
        }
        // `help me open the docs folder`, `Dear computer, … Yours, Edith`:
        // the request inside its frame (`crate::framing`).
        let unframed = crate::framing::unframed(request);
        let request = unframed.as_deref().unwrap_or(request);
        let spaced = redirected(request);
        let request = spaced.as_deref().unwrap_or(request);
        // `todo: move the boot log to the archive`, `print the phrase
        // shutdown now`: a head and the text it carries (`crate::carrier`);
        // only the head is grounded, so no word of the text picks a command
        // or a file.
        let carrying = {
            let paths = &self.paths;
            crate::carrier::carried(request, &|w| is_a_live_word(paths, w))
        };
        if let Some(c) = carrying {
            if let Some(mut p) = self.carried(&c) {
                p.input = typed.into();
                p.read_as = fixed.clone().or_else(|| unframed.clone());
                p.timings.total_ns = clock.now_ns().saturating_sub(start);
                return Ok(p);
            }
        }
        // `show the todo; rm /NOTES.TXT`, `tell me the time and reboot`:
        // two commands asked in one line, of which one would run.
        if crate::conjoined::two_requests(request)
            || crate::conjoined::asks_two_subjects(request)
            || crate::conjoined::asks_two_questions(request)
            || crate::conjoined::two_of_one(request)
            || crate::conjoined::machine_and_file(request, &|w| is_a_live_word(&self.paths, w))
        {
            let ns = clock.now_ns().saturating_sub(start);
            let mut p = Proposal::nothing(typed, Abstain::TwoRequests, ns);
            p.read_as = fixed.clone().or_else(|| unframed.clone());
            return Ok(p);
        }
        let mut grounded = self.ground_request(request)?;
        // A name the volume lacks that is only a misspelt word (`wots in
        // the dokuments fowlder`): the line as the speller reads it names
        // a live path and nothing missing, so that is what it refers to.
        // Names and texts are still copied from what was typed elsewhere.
        // So is a line typed without spaces that names nothing as typed and
        // a live file as read (`showmethenotes`); other slips read into a
        // name (`catalog` as `log`) too often to be trusted.
        let nothing_named = grounded.grounding.referents.is_empty();
        if (!grounded.missing.is_empty() || nothing_named) && self.config.spelling {
            let split = |f: &str| f.split_whitespace().count() > request.split_whitespace().count();
            if let Some(fixed) = self
                .lexicon
                .correct(request)
                .filter(|f| !grounded.missing.is_empty() || split(f))
            {
                let g = self.ground_request(&fixed)?;
                if g.missing.is_empty() && !g.grounding.referents.is_empty() {
                    grounded = g;
                } else {
                    // Back to the grammar of the line as typed.
                    grounded = self.ground_request(request)?;
                }
            }
        }
        // `delete the todo and the notes`: two things for a command that
        // takes one.
        let names: Vec<Vec<String>> = grounded
            .grounding
            .referents
            .iter()
            .filter(|e| e.path != "/")
            // (A place named beside a thing is no second thing: `a copy of
            // the boot log next to the FAQ and the guide`.)
            .filter(|e| {
                let g = &grounded.grounding;
                !g.landmarks.contains(&e.path) && !g.containers.contains(&e.path)
            })
            .map(|e| {
                let base = e.path.rsplit('/').next().unwrap_or(&e.path);
                let stem = base.rsplit_once('.').map_or(base, |(s, _)| s);
                crate::cues::words(stem)
                    .map(|w| w.to_ascii_lowercase())
                    .filter(|w| !w.is_empty())
                    .collect()
            })
            .collect();
        // (As the speller reads it too: `show notes adn todo`.)
        let names_two = crate::conjoined::names_two(request, &names)
            || (self.config.spelling
                && self
                    .lexicon
                    .correct(request)
                    .is_some_and(|f| crate::conjoined::names_two(&f, &names)));
        if names_two {
            let ns = clock.now_ns().saturating_sub(start);
            let mut p = Proposal::nothing(typed, Abstain::TwoRequests, ns);
            p.read_as = fixed.clone().or_else(|| unframed.clone());
            return Ok(p);
        }
        let t0 = clock.now_ns();
        t.ground_ns = t0.saturating_sub(start);
        // The model and the router read an odd case as the case they
        // learnt and misspelt words as the words they know; grounding
        // above took files, names and texts as typed.
        let cased = self
            .config
            .case
            .then(|| crate::case::ordinary(request))
            .flatten();
        let line = cased.as_deref().unwrap_or(request);
        let spelt = self
            .config
            .spelling
            .then(|| self.lexicon.correct(line))
            .flatten();
        // `mkdri games`: a line whose one slip is its command's name is
        // that command, the rest as typed (its files live, as a typed
        // line's must be).
        if let Some(c) = spelt
            .as_deref()
            .and_then(|f| self.slipped_command(request, f))
        {
            let mut p = Proposal::typed(typed, c, clock.now_ns().saturating_sub(start));
            p.read_as = spelt;
            return Ok(p);
        }
        let corrected = spelt.or(cased);
        let asked = corrected.as_deref().unwrap_or(request);
        let prompt = self.prefill_request(asked, Prefill::Logits, should_cancel)?;
        t.prompt_tokens = prompt.tokens;
        let t1 = clock.now_ns();
        t.prefill_ns = t1.saturating_sub(t0);
        // Decoding overwrites the model's hidden state: keep the feature.
        let feature = match self.config.feature {
            Feature::FinalNorm => self.model.hidden(),
            Feature::Layer(_) => self.model.layer_hidden(),
        };
        let mut input = core::mem::take(&mut self.last_features);
        self.router_input(feature, asked, &mut input);
        self.last_features = input;
        // The words-only reader, once per reading of the line: as the model
        // reads it (the vote, read-only mode's F2) and as typed (the write
        // veto, help's argument).
        // As typed, without the texts it quotes, as the reader learnt
        // write requests (`put the sentence "The meeting is cancelled" into
        // cancel.txt` is about a write, not a meeting).
        let words_asked = self.read_words(asked);
        let unquoted = without_quoted_text(request);
        // (Digits typed for letters are read as the letters: `d3l3t3 th3
        // photo list` says delete.)
        let words_typed = if asked == unquoted {
            words_asked.clone()
        } else {
            let digits = self.lexicon.digits_read(&unquoted);
            self.read_words(digits.as_deref().unwrap_or(&unquoted))
        };

        // Ridge: one matrix-vector product on the prefill's hidden state.
        // An abstain class on top means nothing reachable fits: no applet
        // is guessed, and nothing will run.
        let mut abstain = None;
        // The router's own two first applets, before the words-only
        // reader's vote: a write the vote alone brought is held back below.
        let mut own: [Option<&'static str>; 2] = [None, None];
        let guess = match &self.router {
            Some(r) => self.route(r, words_asked.as_deref()).map(|(p, raw)| {
                own = [
                    self.static_name(r.class_name(raw.class)),
                    raw.second
                        .and_then(|(i, _)| self.static_name(r.class_name(i))),
                ];
                let name = |i: usize| self.static_name(r.class_name(i));
                let kind = (r.class_name(p.class) == crate::abstain::NOTHING_FITS)
                    .then_some(Abstain::NothingFits);
                match kind {
                    None => (
                        name(p.class),
                        p.confidence,
                        p.second.and_then(|(i, c)| name(i).map(|n| (n, c))),
                    ),
                    Some(k) if p.confidence >= self.config.abstain => {
                        abstain = Some(k);
                        (None, p.confidence, None)
                    }
                    // A hesitant abstain: the best applet class is the
                    // guess, at its own (low) confidence.
                    Some(_) => match p.second {
                        Some((i, c)) => (name(i), c, None),
                        None => (None, 0.0, None),
                    },
                }
            }),
            None => None,
        };
        let mut guess = guess.and_then(|(a, c, s)| a.map(|a| (a, c, s)));
        // A request that opens with a reachable applet's name (`mv todo.txt
        // to done.txt`, `write done into the todo list`) is that applet's:
        // it is the one word a person chose because the shell knows it. The
        // line reached here only because it did not parse as typed, so the
        // applet is decided and its arguments are left to the grammar.
        // A request that is only a live file's or folder's name (`faq`,
        // `the photo list pls`, `logs folder`) asks to see it.
        let named = crate::named_applet(&self.table, self.mode, request).or_else(|| {
            let only = grounded
                .grounding
                .referents
                .first()
                .filter(|_| grounded.names_only)?;
            self.doer(if only.is_dir {
                Role::List
            } else {
                Role::ShowText
            })
        });
        let named_first = named.is_some();
        if let Some(named) = named {
            if abstain == Some(Abstain::NothingFits) {
                abstain = None;
            }
            let second = guess
                .filter(|(a, _, _)| *a != named)
                .map(|(a, c, _)| (a, c));
            guess = Some((named, 1.0, second));
        }
        // The router's "nothing fits" for a request that opens by asking to
        // see one live file it refers to (`pull up the list of photos? the
        // couple wants the one of the harbour`): the rest of the line is
        // why, and the file is what it asks for.
        if abstain == Some(Abstain::NothingFits) && !named_first {
            if let [only] = grounded.grounding.referents.as_slice() {
                // Named or described, not only reached by one loose word
                // (`a photo of the eiffel tower`), by what it holds or by a
                // word of its first line (`the parish newsletter for
                // December`).
                let firm = !grounded.weak.contains(&only.path)
                    && grounded.by_content.as_deref() != Some(only.path.as_str())
                    && grounded.titled.as_deref() != Some(only.path.as_str());
                if !only.is_dir
                    && firm
                    && (leads_with_reading(asked) || asks_what_thing_says(asked))
                {
                    if let Some(show) = self.doer(Role::ShowText) {
                        abstain = None;
                        guess = Some((show, self.config.threshold, None));
                    }
                }
            }
        }
        // The model's own "nothing fits", never over an applet the request
        // names, nor over the router's guess of an applet the model never
        // learnt (the model would call its requests nothing).
        let guess_unlearnt = guess.as_ref().is_some_and(|(a, _, _)| !self.learnt(a));
        let nothing_share = self.nothing_share();
        if abstain.is_none()
            && !named_first
            && !guess_unlearnt
            && nothing_share.is_some_and(|p| p >= self.config.lm_nothing)
        {
            abstain = Some(Abstain::NothingFits);
        }
        // Nor is the model's write share a reason to run nothing when the
        // router is sure of a reachable applet the model never learnt: the
        // model has no word for its requests, so its share says nothing
        // about them (`hows the weather` had 0.3 on writes).
        let sure_unlearnt = guess
            .as_ref()
            .is_some_and(|(a, c, _)| !self.learnt(a) && *c >= self.config.threshold);
        // Nor when the request names its applet or is only a file's name.
        // The reader's share on writes, read without the texts the line
        // quotes (`explain how "rename notes.txt to a.txt" would be
        // routed` asks about routing).
        let reader_writes = (self.mode == Mode::ReadOnly)
            .then(|| {
                let unquoted = without_quoted_text(asked);
                let p = if unquoted == asked {
                    words_asked.clone()
                } else {
                    self.read_words(&unquoted)
                };
                p.map(|p| {
                    self.reader_mass(&p, |c| {
                        self.table.get_any(c).is_some_and(|a| a.spec().writes)
                    })
                })
            })
            .flatten();
        // Or its first verb changes something and nothing but a change
        // reads it (`i want to delete the boot log because …`, `restart this
        // thing, the screen's froze`): the words say it, whatever the
        // reading the model made of the rest.
        let first = first_ask(&without_quoted_text(asked));
        let changes_first =
            first == Some(Ask::Change) && !asks_to_route(asked) && !asks_past(asked);
        // Or it puts words at the end of a file it refers to, asking
        // nothing to be seen first (`log fridge temp 4.4C at 14:00 at the
        // end of notes.txt`): only an addition does that, whatever
        // applet's name the line opens with.
        let adds_at_end = first.is_none()
            && places_at_end(asked)
            && !asks_to_route(asked)
            && grounded.grounding.referents.iter().any(|r| !r.is_dir)
            && !grounded.grounding.texts.is_empty();
        let changes_first = changes_first || adds_at_end;
        // And where its first verb reads a file it refers to (`Could you
        // display the release notes for version 0.1?`, `the file that says
        // hello …, open it`), the shares of writes are no reason to point
        // at F2.
        let reads_first = !grounded.grounding.referents.is_empty()
            && matches!(
                first,
                Some(Ask::See(
                    "open"
                        | "read"
                        | "view"
                        | "display"
                        | "see"
                        | "cat"
                        | "show"
                        | "give"
                        | "produce"
                        | "fetch"
                        | "retrieve"
                ))
            )
            // (`what's in the todo that I need to delete`: what it holds
            // asked first.)
            || (!grounded.grounding.referents.is_empty()
                && first == Some(Ask::Question)
                && any_phrase(asked, &["what's in ", "whats in ", "what is in "]))
            // (`it would be great if you could list the logs folder` had
            // pointed at F2; `list` asked, not the todo list named.)
            || (!grounded.grounding.referents.is_empty()
                && lower_words(asked).windows(2).any(|p| {
                    p[1] == "list"
                        && matches!(
                            p[0].as_str(),
                            "you" | "please" | "pls" | "just" | "could" | "can"
                        )
                }));
        if self.mode == Mode::ReadOnly
            && !sure_unlearnt
            && (!named_first || adds_at_end)
            && !asks_what_a_quote_would_run(asked)
            && (changes_first
                || (!reads_first
                    && ((self.write_share() > self.config.write_share
                        && reader_writes.is_none_or(|w| w >= self.config.intent_write_backing))
                        || reader_writes.is_some_and(|w| w >= self.config.intent_write))))
        {
            // The words-only reader knows the write applets read-only mode
            // left out of the router: its share on them is a second reading
            // of "only a write could do this" (`add a new entry to the photo
            // list: …` had none of the model's share and ran nothing, with
            // no word of F2).
            abstain = Some(Abstain::NeedsWriteMode);
        }
        let t2 = clock.now_ns();
        t.ridge_ns = t2.saturating_sub(t1);

        let whole = self.decode(&prompt, None, should_cancel);
        if whole == Err(DecodeFailure::Cancelled) {
            return Err(RequestError::Cancelled);
        }
        let t3 = clock.now_ns();
        t.grammar_ns = t3.saturating_sub(t2);
        if let Ok(d) = &whole {
            t.grammar_tokens = d.tokens;
        }

        let ridge = match guess {
            None => None,
            Some((applet, confidence, second)) => {
                let same = whole.as_ref().ok().filter(|d| d.command.applet == applet);
                let (command, reused) = match same {
                    Some(d) => (Ok(d.clone()), true),
                    None => (self.decode(&prompt, Some(applet), should_cancel), false),
                };
                if command == Err(DecodeFailure::Cancelled) {
                    return Err(RequestError::Cancelled);
                }
                if let (Ok(d), false) = (&command, reused) {
                    t.fill_tokens = d.tokens;
                }
                Some(RidgeGuess {
                    applet,
                    confidence,
                    second,
                    command: command.map(|d| d.command),
                    reused,
                })
            }
        };
        let t4 = clock.now_ns();
        t.fill_ns = t4.saturating_sub(t3);
        t.total_ns = t4.saturating_sub(start);

        let grammar = whole.map(|d| d.command);
        // An applet the language model never learnt to name (added to the
        // table after training) can only be chosen by the router, so the
        // grammar's disagreement says nothing against it: the router's guess
        // is taken as if confident, also when it is the runner-up of a
        // hesitant "nothing fits" (with the model of 4 December, afternoon,
        // `do i need a coat today` had weather second behind it).
        let unlearnt = ridge.as_ref().is_some_and(|r| !self.learnt(r.applet));
        let sure = ridge
            .as_ref()
            .is_some_and(|r| r.confidence >= self.config.threshold);
        let confident = unlearnt || sure;
        let ridge_cmd = ridge.as_ref().and_then(|r| r.command.as_ref().ok());
        // The language model's own certainty about the grammar's applet: a
        // second opinion the router's hidden state does not give.
        let lm_sure = grammar.as_ref().ok().is_some_and(|g| {
            self.config.lm_trust > 0.0
                && self
                    .lm_share(g.applet)
                    .is_some_and(|p| p >= self.config.lm_trust)
        });
        // The grammar's applet is the router's close runner-up: the two
        // paths nearly agree, and the grammar's choice is no reason to run
        // nothing.
        let runner_up = match (&ridge, grammar.as_ref()) {
            (Some(r), Ok(g)) => r
                .second
                .is_some_and(|(a, c)| a == g.applet && r.confidence - c <= self.config.runner_up),
            _ => false,
        };
        // Writing a file the volume lacks and adding a line to it make the
        // same file: the two paths agree (`put “smart quotes” in
        // quotes.txt`: ridge `write`, grammar `append /quotes.txt …`).
        let same_new_file = |a: &command::Command, b: &command::Command| {
            matches!(
                (self.role_of(a.applet), self.role_of(b.applet)),
                (Some(Role::Write), Some(Role::Append)) | (Some(Role::Append), Some(Role::Write))
            ) && a.args == b.args
                && matches!(a.args.first(), Some(command::Arg::Path(p))
                    if !self.paths.iter().any(|e| command::same_path(&e.path, p)))
        };
        let disagree = match (&ridge, grammar.as_ref()) {
            (Some(r), Ok(g)) => {
                r.applet != g.applet
                    && !runner_up
                    && !r.command.as_ref().is_ok_and(|rc| same_new_file(rc, g))
            }
            _ => false,
        };
        // Never over an applet the request names, nor one only the router
        // knows.
        // Nor with a write the request's words do not ask for (the reader,
        // on the line as typed, gives its kind of change almost nothing):
        // `"meeting notes.txt" - open it` is the router's `cat`, not the
        // model's `append`.
        let unasked = |g: &command::Command| {
            self.knows(g.applet)
                && self
                    .table
                    .get_any(g.applet)
                    .is_some_and(|a| a.spec().writes)
                && words_typed.as_deref().is_some_and(|p| {
                    self.reader_mass(p, |x| self.same_change(x, g.applet)) < self.config.intent_veto
                })
        };
        // Then the router's command stands where it acts on a file the
        // request refers to.
        let ridge_on_referent = ridge
            .as_ref()
            .and_then(|r| r.command.as_ref().ok())
            .is_some_and(|c| {
                self.table.get_any(c.applet).is_some_and(|a| {
                    c.paths(a.spec()).any(|(p, must_exist)| {
                        must_exist
                            && grounded
                                .grounding
                                .referents
                                .iter()
                                .any(|r| command::same_path(&r.path, p))
                    })
                })
            });
        // Nor where the words-only reader is all but sure of the router's
        // applet (`what time is it now on this box`: router `date`, model
        // `cpu`, reader `date` 0.99).
        // Only for a router's applet that changes nothing, and a line with
        // no shell redirection (`printf draft ready > logs/boot.log` is the
        // model's write).
        let reader_sure_of_router = !typed.contains('>')
            && ridge.as_ref().is_some_and(|r| {
                self.knows(r.applet)
                    // (or one that makes the same kind of change as the
                    // model's: the choice is then between two changes, `new
                    // line in the notes saying …` adds rather than writes)
                    && (self
                        .table
                        .get_any(r.applet)
                        .is_some_and(|a| !a.spec().writes)
                        || grammar
                            .as_ref()
                            .is_ok_and(|g| self.same_change(g.applet, r.applet)))
                    && words_asked.as_deref().is_some_and(|p| {
                        self.reader_mass(p, |c| c == r.applet) >= self.config.intent_over_lm
                    })
            });
        // Nor where the router's command says a text the line announced
        // after a colon and the model's takes no words at all (`Print this
        // for the players: You have 60 minutes. Good luck.`: model
        // `uptime`).
        let ridge_says_announced = ridge_cmd.is_some_and(|c| {
            c.args.iter().any(|a| {
                matches!(a, command::Arg::Text(t) if typed
                    .split_once(':')
                    .is_some_and(|(_, rest)| rest.trim() == &**t))
            })
        }) && grammar.as_ref().is_ok_and(|g| g.args.is_empty());
        // Nor where the line opens by asking a change (`rename folder DOCS
        // to Dokumentai`) that the router's command makes and the model's
        // does not (`ls /DOCS`).
        let ridge_makes_asked_change = first == Some(Ask::Change)
            && ridge_cmd.is_some_and(|c| {
                self.table
                    .get_any(c.applet)
                    .is_some_and(|a| a.spec().writes)
            })
            && grammar.as_ref().is_ok_and(|g| {
                self.table
                    .get_any(g.applet)
                    .is_some_and(|a| !a.spec().writes)
            });
        // Nor with words to say where the line asks to say nothing (`please
        // open release note document`: model `echo release`, router `cat`):
        // such a command would be refused below anyway.
        let lm_says_unasked = grammar
            .as_ref()
            .is_ok_and(|g| self.role_of(g.applet) == Some(Role::Say))
            && !asks_to_say(asked)
            && ridge_on_referent;
        // Nor where the router's command makes the very name the request
        // gives and the model's does not (`Change the name of the todo to
        // coses-a-fer.txt`: router `mv /TODO.TXT /coses-a-fer.txt`, model
        // `hexdump /TODO.TXT`): a new name comes from the request.
        let ridge_makes_given = ridge_cmd.is_some_and(|c| creates_any(self, c, &grounded))
            && grammar
                .as_ref()
                .is_ok_and(|g| !creates_any(self, g, &grounded));
        let lm_over_ridge = lm_sure
            && !lm_says_unasked
            && !ridge_makes_given
            && !ridge_says_announced
            && !ridge_makes_asked_change
            && disagree
            && !unlearnt
            && !named_first
            && self.config.lm_over_ridge
            && !reader_sure_of_router
            && !(ridge_on_referent && grammar.as_ref().is_ok_and(unasked));
        // A request that says a file is no longer needed or wanted (`i
        // don't need todo.txt anymore`) asks to delete it: the router's
        // `rm` is taken over the grammar's reading of it (`cat`), and in
        // read-only mode the reply points at F2.
        // As typed too: the speller reads `chuck` as `check`.
        // (Not a discard quoted for the question what it would run.)
        // So does a line that opens with a word that only deletes, of a
        // live file it refers to (`cancel the boot log, va bene`,
        // `Deaccession the file with the questions and answers`): the
        // models read the file's name and showed it.
        let opens_deleting_a_file = [asked, request].iter().any(|l| {
            lower_words(l)
                .iter()
                .find(|x| !is_politeness(x))
                .is_some_and(|v| {
                    STRONG_REMOVAL.contains(&v.as_str()) || FIGURATIVE_REMOVAL.contains(&v.as_str())
                })
        }) && grounded.grounding.referents.iter().any(|r| !r.is_dir);
        let discards = (discards(asked) || discards(request) || opens_deleting_a_file)
            && !asks_what_a_quote_would_run(asked);
        let ridge_deletes = ridge.as_ref().is_some_and(|r| {
            self.role_of(r.applet) == Some(Role::Remove)
                && r.command.is_ok()
                && r.confidence >= self.config.floor
        });
        let confident = (confident && !lm_over_ridge) || (discards && ridge_deletes);
        if discards
            && self.mode == Mode::ReadOnly
            && abstain.is_none()
            && self
                .table
                .all()
                .any(|a| a.spec().role == Some(Role::Remove))
        {
            abstain = Some(Abstain::NeedsWriteMode);
        }
        // The router's applet must act on a file and the request refers to
        // none on the volume (its grammar had nothing to offer): the
        // grammar's command is then another applet, which does not do what
        // was asked (`delete the temp folder` ran `mkdir /temp`).
        let no_file = ridge.as_ref().is_some_and(|r| {
            r.command.is_err()
                && r.confidence >= self.config.no_file
                && !lm_over_ridge
                && disagree
                && self.lacks_file(r.applet, &grounded)
        });
        let (mut via, mut command) = match (confident, ridge_cmd, grammar.as_ref().ok()) {
            (true, Some(c), _) => (Via::Ridge, Some(c.clone())),
            (_, _, Some(g)) => (Via::Grammar, Some(g.clone())),
            (_, Some(c), None) => (Via::Ridge, Some(c.clone())),
            (_, None, None) => (Via::Neither, None),
        };
        // Writing a file and adding to its end, or showing its text and its
        // bytes, are one request's two readings, and the request's own
        // words say which (`grow the faq with …` adds, `replace my notes
        // with …` writes, `the faq looks like garbage when printed` wants
        // bytes): the other is decoded under the same grounded grammar.
        // A line that starts with an applet's name keeps it, unless that
        // name is the ordinary word the other reading needs (`disk space`).
        let named_word = named.filter(|_| named_first);
        // The request's words took the router's side against the grammar:
        // the two paths no longer disagree.
        let mut settled = false;
        // The request's words alone chose to show its one file.
        let mut shown_by_words = false;
        if self.config.own_words {
            let chosen = command.as_ref().map(|c| c.applet);
            // Only one file referred to, and a verb that reads: its text,
            // not a listing (`i want to read what is inside the photo list
            // file`); an echo of just that file's name is a request for it
            // (`print out TODO`).
            let one_file = match grounded.grounding.referents.as_slice() {
                [p] if !p.is_dir => Some(p),
                _ => None,
            };
            // Not when it asks to say words (`say the words hello`,
            // `display 'TODO' on screen`).
            // `what does the welcome text say` asks what a file says.
            let asks_what_it_says = {
                let w: Vec<&str> = words(asked).filter(|w| !w.is_empty()).collect();
                w.last().is_some_and(|l| l.eq_ignore_ascii_case("say"))
                    && w.iter().any(|x| {
                        ["does", "do", "did"]
                            .iter()
                            .any(|d| x.eq_ignore_ascii_case(d))
                    })
            } || asks_what_thing_says(asked);
            // A noun of words after another noun names a file's kind of
            // text (`the welcome message`, `the welcome text`), not words to
            // say (`print the message hello`, `show text hi`).
            let words_to_say = {
                let w: Vec<alloc::string::String> = words(asked)
                    .filter(|w| !w.is_empty())
                    .map(|w| w.to_ascii_lowercase())
                    .collect();
                w.iter().enumerate().any(|(i, x)| match x.as_str() {
                    "say" | "echo" | "repeat" | "shout" | "screen" => true,
                    "word" | "words" | "phrase" | "message" | "text" => {
                        i == 0
                            || one_file.is_none()
                            || matches!(
                                w[i - 1].as_str(),
                                "the"
                                    | "a"
                                    | "an"
                                    | "this"
                                    | "that"
                                    | "these"
                                    | "those"
                                    | "my"
                                    | "your"
                                    | "some"
                                    | "any"
                                    | "show"
                                    | "print"
                                    | "display"
                                    | "type"
                                    | "write"
                                    | "put"
                                    | "following"
                                    | "same"
                            )
                    }
                    _ => false,
                })
            };
            let says_words =
                !asks_what_it_says && (asked.contains(['"', '\'', ':']) || words_to_say);
            let echoes_name = !says_words
                && command.as_ref().is_some_and(|c| {
                    self.role_of(c.applet) == Some(Role::Say)
                        && one_file.is_some_and(|f| {
                            c.args.iter().any(|a| match a {
                                command::Arg::Text(t) => {
                                    let base = f.path.rsplit('/').next().unwrap_or("");
                                    let stem = base.split('.').next().unwrap_or(base);
                                    t.eq_ignore_ascii_case(stem) || t.eq_ignore_ascii_case(base)
                                }
                                _ => false,
                            })
                        })
                });
            // The router shows the one file the request refers to, and the
            // request asks to see something and nothing else (`what changed
            // in 0.1? show the release notes file`: grammar `hexdump`): the
            // file's words and the request's verb both side with it.
            let ridge_shows_it = one_file.is_some_and(|f| {
                ridge_cmd.is_some_and(|c| {
                    self.role_of(c.applet) == Some(Role::ShowText)
                        && matches!(c.args.as_slice(), [command::Arg::Path(p)] if command::same_path(p, &f.path))
                })
            }) && reads(asked)
                && !discards
                && !says_words
                && !wants_bytes(asked)
                && !asks_to_write(asked)
                && !adds_to_end(asked)
                && !asks_to_make(asked);
            // The other path's applet, where the two differ.
            let other = |a: &str| {
                let r = ridge.as_ref().map(|r| r.applet).filter(|r| *r != a);
                let g = grammar.as_ref().ok().map(|g| g.applet).filter(|g| *g != a);
                r.or(g)
            };
            // A file found by what it holds, for a request that asks which
            // file holds it (`find the file that says "…"`): that file's
            // text, unless the request does something else with it.
            // A question where something is (`where did i put the note
            // about …`) reads, whatever the paths made of its verb.
            let asks_where = words(asked).next().is_some_and(|w| {
                ["where", "which", "what", "find", "wheres", "where's"]
                    .iter()
                    .any(|q| w.eq_ignore_ascii_case(q))
            });
            // Not where the sure router reads the words the file holds as
            // its own applet's subject and the request speaks of no
            // writing (`What language model is installed, and where does
            // it come from?` is the model's, though the notes speak of the
            // language model).
            let subject_of_sure = ridge.as_ref().is_some_and(|r| {
                r.confidence >= 0.99
                    && !matches!(
                        self.role_of(r.applet),
                        Some(Role::ShowText | Role::ShowBytes | Role::List)
                    )
                    && !self.table.get_any(r.applet).is_some_and(|a| a.spec().writes)
                    // Unless it asks which file holds the words, in so many
                    // words (`which file mentions the lighthouse`, `where did
                    // i write about …`); `which gguf file is the shell using`
                    // and `my teacher says …` do not.
                    && !any_phrase(
                        asked,
                        &[
                            "which file", "what file", "the file that", "the file which",
                            "the file with", "the file about", "a file that", "a file with",
                            "which note", "which document", "the note about", "the notes about",
                            "where did i", "where i wrote", "i wrote", "we wrote", "written",
                            "jotted", "mentions", "mentioned", "talks about",
                        ],
                    )
            });
            let found = grounded.by_content.is_some()
                && !subject_of_sure
                && !discards
                && (asks_where
                    || command.as_ref().is_none_or(|c| {
                        self.table
                            .get_any(c.applet)
                            .is_none_or(|a| !a.spec().writes)
                    }));
            // A question about what is there (`what did we write down at
            // the meeting?`, `WHAT DID I STASH IN THE DOCS FOLDER`) changes
            // nothing: its one file is read, its one folder listed.
            let one_dir = match grounded.grounding.referents.as_slice() {
                [p] if p.is_dir => Some(p),
                _ => None,
            };
            let writes_it = |a: &str| self.table.get_any(a).is_some_and(|x| x.spec().writes);
            let wh = asks_what_is(asked) && !discards;
            // The applet that does a job, and whether an applet does one
            // (`command::Role`): the request's words choose a job, the
            // applet table says who does it.
            let doer = |r: Role| self.doer(r);
            let is = |a: &str, r: Role| self.role_of(a) == Some(r);
            let is_any = |a: &str, rs: &[Role]| self.role_of(a).is_some_and(|r| rs.contains(&r));
            // A verb that says, words, then `on the screen` (`type Gracias on
            // the screen`, `print the words Happy Birthday Grandma on the
            // screen`): words to say there, not a screen to clear.
            let says_on_screen = {
                let w: Vec<alloc::string::String> = words(asked)
                    .filter(|w| !w.is_empty())
                    .map(|w| w.to_ascii_lowercase())
                    .collect();
                let verb = w.iter().position(|x| {
                    matches!(
                        x.as_str(),
                        "print"
                            | "type"
                            | "say"
                            | "echo"
                            | "display"
                            | "write"
                            | "show"
                            | "put"
                            // (`pop "Hoglet season is over!" up on the
                            // screen` had cleared it.)
                            | "pop"
                            | "flash"
                            | "splash"
                            | "stick"
                            | "slap"
                            | "throw"
                            | "beam"
                            | "project"
                    )
                });
                let screen = w.iter().rposition(|x| x == "screen");
                match (verb, screen) {
                    (Some(v), Some(s)) if s > v + 1 => {
                        let between = &w[v + 1..s];
                        let own = between.iter().filter(|x| {
                            !matches!(
                                x.as_str(),
                                "the" | "a" | "on" | "to" | "onto" | "my" | "this"
                            )
                        });
                        own.count() >= 1
                            && matches!(w[s - 1].as_str(), "the" | "on" | "my" | "this")
                            && !grounded.grounding.texts.is_empty()
                    }
                    _ => false,
                }
            };
            let says_on_screen_colon = {
                // Or where, then a colon, then the words (`write on the
                // screen: feeding stopped, storm`, `count us in on the
                // screen: 5, 6, 7, 8`).
                let before = asked.split_once(':').map(|(b, _)| b.trim_end());
                before.is_some_and(|b| {
                    let lb = b.to_ascii_lowercase();
                    [
                        "on the screen",
                        "on screen",
                        "onto the screen",
                        "to the screen",
                        "on my screen",
                    ]
                    .iter()
                    .any(|e| lb.ends_with(e))
                        && !asks_what_is(b)
                        && !grounded.grounding.texts.is_empty()
                })
            };
            // A line that opens by asking the time (`what time is it, my
            // 3pm root canal is waiting`) asks the clock, whatever the rest
            // names.
            let asks_the_time = {
                let w = lower_words(asked);
                let w: Vec<&str> = w
                    .iter()
                    .map(|x| x.as_str())
                    .skip_while(|x| is_politeness(x))
                    .take(4)
                    .collect();
                matches!(
                    w.as_slice(),
                    ["what", "time", "is", "it", ..]
                        | ["whats", "the", "time", ..]
                        | ["what's", "the", "time", ..]
                        | ["what", "is", "the", "time", ..]
                        | ["what", "time", "do", "you"]
                        | ["whats", "the", "date", ..]
                        | ["what's", "the", "date", ..]
                        | ["what", "is", "the", "date", ..]
                        | ["what", "date", "is", "it"]
                )
            };
            let want = match chosen {
                // What would be run for words the person would say is
                // explained, whatever file those words name (`what would
                // you do if I say delete the notes` had shown them).
                Some(a)
                    if is(a, Role::Explain)
                        && any_phrase(
                            asked,
                            &[
                                "if i say",
                                "if i said",
                                "if i type",
                                "if i typed",
                                "if i were to say",
                                "if i told you",
                                "if i tell you",
                            ],
                        ) =>
                {
                    None
                }
                Some(a)
                    if asks_the_time
                        && !is(a, Role::Clock)
                        && !self.table.get_any(a).is_some_and(|x| x.spec().writes) =>
                {
                    doer(Role::Clock)
                }
                // What the one file it refers to says (`wots the gide say`):
                // its text, not the words said or written.
                Some(a)
                    if asks_what_it_says
                        && one_file.is_some()
                        && named_word.is_none()
                        && !is(a, Role::ShowText)
                        // (`what's the kernel log say` asks the log.)
                        && !(is(a, Role::KernelLog) && any_word(asked, &["log", "kernel"])) =>
                {
                    doer(Role::ShowText)
                }
                // A log of what was typed is the history, whatever file
                // `log` sounds like (`Show me the log of what has been typed
                // at this prompt`).
                Some(a)
                    if !writes_it(a)
                        && any_phrase(
                            asked,
                            &[
                                "what has been typed",
                                "what's been typed",
                                "what was typed",
                                "what i typed",
                                "what i've typed",
                                "what has been entered",
                                "what was entered",
                                "what i entered",
                                "commands i typed",
                                "commands typed",
                            ],
                        ) =>
                {
                    (!is(a, Role::History))
                        .then(|| doer(Role::History))
                        .flatten()
                }
                Some(a)
                    if ((says_on_screen || says_on_screen_colon)
                        && matches!(
                            self.role_of(a),
                            None | Some(
                                Role::Processor | Role::Clock | Role::Uptime | Role::ClearScreen
                            )
                        )
                        || (says_on_screen_colon && is(a, Role::Explain)))
                        // (`write on the screen: …` names no file to write.)
                        && named_word.is_none_or(|w| self.role_of(w) == Some(Role::Write))
                        && !self.table.get_any(a).is_some_and(|x| x.spec().writes) =>
                {
                    doer(Role::Say)
                }
                // What a quoted request would run, asked (`what would you
                // do with "erase every case file"? talk, don't act`): its
                // explanation, whatever applet the quote's own verb drew.
                Some(a)
                    if !is(a, Role::Explain)
                        && named_word.is_none()
                        && asks_what_a_quote_would_run(asked) =>
                {
                    doer(Role::Explain)
                }
                // Asked not to run it (`check delete the todo list before
                // running it`, `dry run of …`): what it would run is
                // explained, and nothing is changed.
                Some(a)
                    if writes_it(a)
                        && named_word.is_none()
                        && any_phrase(
                            asked,
                            &[
                                "before running",
                                "without running",
                                "before it runs",
                                "don't run",
                                "dont run",
                                "do not run",
                                "without doing",
                                "dry run",
                                "dryrun",
                            ],
                        ) =>
                {
                    doer(Role::Explain)
                }
                Some(a) if wh && writes_it(a) && named_word.is_none() && one_file.is_some() => {
                    shown_by_words = true;
                    doer(Role::ShowText)
                }
                Some(a) if wh && writes_it(a) && named_word.is_none() && one_dir.is_some() => {
                    shown_by_words = true;
                    doer(Role::List)
                }
                Some(a) if !is(a, Role::ShowText) && ridge_shows_it && named_word.is_none() => {
                    doer(Role::ShowText)
                }
                Some(a) if !is(a, Role::ShowText) && found && named_word.is_none() => {
                    shown_by_words = true;
                    doer(Role::ShowText)
                }
                None if found => {
                    shown_by_words = true;
                    doer(Role::ShowText)
                }
                // What the one file referred to says (`the rleease notes
                // for 0.1, what do they say about long names`) is its text.
                // (The kernel's log is what the kernel says, and its own
                // arm below tells it from a log file.)
                Some(a)
                    if !is_any(a, &[Role::ShowText, Role::ShowBytes, Role::KernelLog])
                        && named_word.is_none()
                        && one_file.is_some()
                        && !discards
                        && asks_what_it_says_about(asked) =>
                {
                    shown_by_words = true;
                    doer(Role::ShowText)
                }
                // Explaining a request is asked for in so many words; a
                // line that only looks like a request with a text (`add
                // to faq: Q: …`) is the request itself.
                // (Asked outside its quotes: `add "reboot the router" to the
                // todo` had routed the quote.)
                Some(a)
                    if is(a, Role::Explain)
                        && named_word.is_none()
                        && !asks_to_route(&without_quoted_text(asked)) =>
                {
                    other(a)
                }
                // What is in a folder the request names after `in`
                // (`anything in logs?`) is its listing, not the kernel's
                // log.
                Some(a)
                    if is(a, Role::KernelLog)
                        && named_word.is_none()
                        && command.as_ref().is_some_and(|c| c.args.is_empty())
                        && in_a_referred_folder(asked, &grounded.grounding.referents) =>
                {
                    doer(Role::List)
                }
                // A request that names a log file (`the boot log`,
                // `boot.log`) means that file, not the kernel's log: to
                // read it, to be rid of it, or to add to it.
                Some(a)
                    if is(a, Role::KernelLog)
                        && named_word.is_none()
                        && one_file.is_some()
                        && grounded.names_a_file
                        && one_file.is_some_and(|f| {
                            !f.path.to_ascii_lowercase().ends_with(".log")
                                || names_log_file(asked, &grounded)
                        })
                        && command.as_ref().is_some_and(|c| c.args.is_empty()) =>
                {
                    if discards {
                        doer(Role::Remove)
                    } else if !wh
                        && (adds_to_end(asked) || asks_to_write(asked) || asked.contains(':'))
                    {
                        doer(Role::Append)
                    } else {
                        doer(Role::ShowText)
                    }
                }
                // A line that opens by asking to say something says it
                // (`say good night` ran `date`, `shout HELLO` `shutdown`).
                Some(a) if !is(a, Role::Say) && opens_with_say(asked) => doer(Role::Say),
                Some(a) if is_any(a, &[Role::Help, Role::List]) && asks_past(asked) => {
                    doer(Role::History)
                }
                // The commands a person has, can use or has at hand are the
                // help's list; the history is only what was typed (`Might I
                // have a list of the commands at my disposal?` had shown the
                // history).
                Some(a) if is(a, Role::History) && asks_commands_at_hand(asked) => doer(Role::Help),
                // What was typed is the history, whatever else the machine
                // tells (`what's been typed on this thing today` had shown
                // the uptime).
                Some(a)
                    if is_any(
                        a,
                        &[
                            Role::Uptime,
                            Role::Clock,
                            Role::Processor,
                            Role::Memory,
                            // (`What have I typed tonight? The words came
                            // through me` had been the model's.)
                            Role::Model,
                            Role::Devices,
                            Role::Storage,
                        ],
                    ) && any_word(asked, &["typed", "entered"]) =>
                {
                    doer(Role::History)
                }
                // `write X under the last line of Y` adds, whoever asks;
                // so does `write also in the notes that …` (what is there
                // stays).
                Some(a)
                    if is(a, Role::Write)
                        && (places_at_end(asked) || adds_besides(&without_quoted_text(asked))) =>
                {
                    doer(Role::Append)
                }
                Some(a) if is(a, Role::Say) && spaced.is_some() => doer(Role::Write),
                // `disk space` names the disk applet by an ordinary word.
                Some(a) if is(a, Role::Storage) && asks_space(asked) && !asks_device(asked) => {
                    doer(Role::FreeSpace)
                }
                // A line that opens by asking to see the one file it refers
                // to, and says nothing of writing, reads it, whatever words
                // of its own the model took for a text (`open the todo list,
                // it's the only thing in my life with a plan` had written
                // `a plan` over it).
                Some(a)
                    if is_any(a, &[Role::Write, Role::Append])
                        && named_word.is_none()
                        && one_file.is_some()
                        && opens_to_see(asked)
                        && !asks_to_write(asked)
                        && !adds_to_end(asked)
                        && !renames(asked)
                        && !asked.contains('"') =>
                {
                    doer(Role::ShowText)
                }
                _ if named_word.is_some() => None,
                // A bare listing for a request that refers to one file and
                // no folder (`what's on my to do list?`) reads the file,
                // unless it asks about files (`what log files are there`).
                // (Files it speaks of after asking what the file says are
                // the file's subject: `Tell me what the FAQ says about where
                // my files are kept`.)
                Some(a)
                    if is(a, Role::List)
                        && one_file.is_some()
                        && (!any_word(asked, &["files", "folders", "anything", "everything"])
                            || (grounded.names_a_file
                                && any_word(asked, &["says", "contents", "content", "say"])))
                        && (reads(asked)
                            || command.as_ref().is_some_and(|c| c.args.is_empty())) =>
                {
                    doer(Role::ShowText)
                }
                // Neither path's applet takes a file, yet the request
                // refers to one file and asks to see it (`show me the
                // file with the frequently asked questions` ran `history`):
                // its text, unless the request names the chosen applet.
                Some(a)
                    if one_file.is_some()
                        && (reads(asked) || wants_text(asked))
                        && !discards
                        && !says_words

                        // (Not a file found by words the sure router reads
                        // as its applet's subject: `find out how fast the
                        // language model runs` is the benchmark's.)
                        && !(subject_of_sure
                            && one_file.is_some_and(|f| {
                                grounded.by_content.as_deref() == Some(f.path.as_str())
                            }))
                        && !any_word(asked, &[a])
                        // (Nor one that asks of a command: `What does the
                        // log command show?` is log's help, not the boot log.)
                        && !any_word(asked, &["command", "commands"])
                        && !self.takes_path_or_text(a)
                        && ridge
                            .as_ref()
                            .is_none_or(|r| !self.takes_path_or_text(r.applet)) =>
                {
                    shown_by_words = true;
                    doer(Role::ShowText)
                }
                // Nothing is written or made for a wish to be rid of a file
                // (`i am finished with todo.txt, toss it` is no `write
                // /TODO.TXT "toss it"`).
                Some(a)
                    if discards
                        && is_any(
                            a,
                            &[
                                Role::ShowText,
                                Role::ShowBytes,
                                Role::List,
                                Role::Write,
                                Role::Append,
                                Role::Say,
                                Role::MakeDir,
                            ],
                        ) =>
                {
                    doer(Role::Remove)
                }
                Some(a) if is(a, Role::Say) && echoes_name => doer(Role::ShowText),
                // A text the request puts into the one file it refers to
                // (`tack "…" onto the photo list`) is added to it, not said.
                Some(a)
                    if is(a, Role::Say)
                        && one_file.is_some()
                        && !opens_with_say(asked)
                        && (adds_to_end(asked) || asks_to_write(asked))
                        && !any_word(asked, &["say", "echo", "repeat", "shout", "print"]) =>
                {
                    doer(Role::Append)
                }
                // Adding to the end of a file the volume lacks makes it, as
                // writing it does: a new file with a text is written when
                // the request asks to make it (`jot down "…" in a new file
                // kids.txt`) or asks for no addition (`shift change into
                // shift.txt: Dave off 14:00`), not when it says to add or
                // where the line goes (`add eggs to list.txt`, `… at the
                // end of draft3.cfg`).
                Some(a)
                    if is(a, Role::Append)
                        && (any_word(asked, &["new", "create"])
                            || !(adds_to_end(asked)
                                || notes_in(&asked.to_ascii_lowercase())
                                || any_word(
                                    asked,
                                    &["end", "under", "bottom", "below", "after", "last", "ad"],
                                )))
                        && !any_word(asked, &["append", "add", "continue", "extend"])
                        && command.as_ref().is_some_and(|c| {
                            matches!(c.args.first(), Some(command::Arg::Path(p))
                                if !self.is_live(p, false) && !self.is_live(p, true))
                        }) =>
                {
                    doer(Role::Write)
                }
                // A new name for the one file referred to (`rename the
                // meeting notes to …`, `change the name of …`) moves it;
                // nothing is written to the new name.
                Some(a)
                    if is_any(a, &[Role::Write, Role::Append, Role::Copy, Role::Say])
                        && renames(asked)
                        && one_file.is_some()
                        && named_word.is_none() =>
                {
                    doer(Role::Move)
                }
                Some(a) if is(a, Role::Write) && adds_to_end(asked) && !replaces(asked) => {
                    doer(Role::Append)
                }
                Some(a) if is(a, Role::Append) && replaces(asked) && !adds_to_end(asked) => {
                    doer(Role::Write)
                }
                Some(a) if is(a, Role::Remove) && any_word(asked, &["overwrite", "replace"]) => {
                    doer(Role::Write)
                }
                Some(a) if is(a, Role::ShowText) && wants_bytes(asked) => doer(Role::ShowBytes),
                // Bytes only for a request that says bytes: `show the
                // release notes` is their text.
                Some(a)
                    if is(a, Role::ShowBytes)
                        && !wants_bytes(asked)
                        && (wants_text(asked) || reads(asked)) =>
                {
                    doer(Role::ShowText)
                }
                Some(a) if is(a, Role::FreeSpace) && asks_device(asked) && !asks_space(asked) => {
                    doer(Role::Storage)
                }
                Some(a)
                    if is_any(a, &[Role::Model, Role::Devices])
                        && names_storage(asked)
                        && !asks_ai(asked) =>
                {
                    doer(Role::Storage)
                }
                Some(a) if is(a, Role::Memory) && asks_device(asked) && !asks_space(asked) => {
                    doer(Role::Storage)
                }
                _ => None,
            };
            let say_doer = doer(Role::Say);
            let show_doer = doer(Role::ShowText);
            if let Some(c) = self.decode_as(&prompt, want, should_cancel)? {
                settled = shown_by_words
                    || ridge.as_ref().is_some_and(|r| r.applet == c.applet)
                    || (says_on_screen_colon && Some(c.applet) == say_doer)
                    || (asks_what_it_says && Some(c.applet) == show_doer);
                // The one file the request asks to see, by words that read
                // it, outweighs the router's "nothing fits" (`Would you be
                // good enough to show me the frequently asked questions?`).
                // Not a long name's one word (`show me a photo of the eiffel
                // tower` says nothing of the photo list).
                let whole_name = one_file.is_some_and(|f| {
                    let name = path_words(f.path.rsplit('/').next().unwrap_or(&f.path));
                    name.len() < 2
                        || name
                            .iter()
                            .filter(|n| {
                                words(asked).any(|w| {
                                    let w = w.to_ascii_lowercase();
                                    w == **n || w.strip_suffix('s') == Some(n.as_str())
                                })
                            })
                            .count()
                            >= 2
                });
                if shown_by_words
                    && whole_name
                    && reads(asked)
                    && abstain == Some(Abstain::NothingFits)
                {
                    abstain = None;
                }
                command = Some(c);
                via = Via::Grammar;
            }
        }
        // `say` and the words to say, all the rest of the line (`say GO GO
        // GO 🔥`, `say BANANA BANANA BANANA`): said, whatever the router and
        // the grammar made of words they never saw. Saying changes nothing.
        let mut said_as_typed = false;
        if self.config.own_words && (opens_with_spoken_say(asked) || opens_with_spoken_say(request))
        {
            // The span grounding offered, or (when the words refer to no
            // file, so nothing in them is a place to write) all that
            // follows the `say`: grounding cuts `say wor lass says hiya`
            // at its second `says`.
            let offered = match grounded.grounding.texts.as_slice() {
                [text] => {
                    let rest = asked.trim_end().trim_end_matches(['.', '!']).to_lowercase();
                    rest.ends_with(&text.trim_end_matches(['.', '!']).to_lowercase())
                        .then(|| text.clone())
                }
                _ => None,
            };
            // As typed: `asked` reads `wor lass` as `wor last`.
            let whole = said_after(request).filter(|(t, quoted)| {
                (grounded.grounding.referents.is_empty()
                    || *quoted
                    || opens_with_colon_say(request))
                    && !t.split_whitespace().any(|w| {
                        ground::looks_like_file(w.trim_matches(|c: char| !c.is_alphanumeric()))
                    })
            });
            // Grounding knows the words that frame a text (`say the words
            // …`, `repeat after me: …`, `… on the screen`): the whole rest
            // is taken over its span only when the text is quoted first,
            // follows a colon after the say word, or was cut at a say word
            // inside it.
            let cut_at_say = |o: &str, w: &str| {
                w.len() > o.len()
                    && w.to_lowercase().ends_with(&o.to_lowercase())
                    && w[..w.len() - o.len()]
                        .split_whitespace()
                        .last()
                        .is_some_and(|x| {
                            matches!(
                                x.to_ascii_lowercase().as_str(),
                                "says" | "saying" | "said" | "say"
                            )
                        })
            };
            // A name the text ends by greeting (`say Happy Birthday,
            // Marit!`): grounding stops at the comma.
            let ends_greeting = |o: &str, w: &str| {
                w.len() > o.len()
                    && w.to_lowercase().starts_with(&o.to_lowercase())
                    && w[o.len()..]
                        .trim_start()
                        .strip_prefix(',')
                        .is_some_and(|name| {
                            let name = name.trim().trim_end_matches(['!', '.']);
                            (1..=2).contains(&name.split_whitespace().count())
                                && name
                                    .split_whitespace()
                                    .all(|x| x.starts_with(|c: char| c.is_uppercase()))
                        })
            };
            let colon = opens_with_colon_say(request);
            let text = match (offered, whole) {
                (_, Some((w, quoted))) if quoted || colon => Some(w.to_string()),
                (Some(o), Some((w, _))) if cut_at_say(&o, w) => Some(w.to_string()),
                (_, Some((w, _)))
                    if grounded.grounding.texts.iter().any(|o| ends_greeting(o, w)) =>
                {
                    Some(w.to_string())
                }
                (o, _) => o,
            };
            if let Some(text) = text {
                {
                    // The words as typed, a span grounding offered: the
                    // model may end the text early (`echo` and no words),
                    // so the command is the one that span makes, if the
                    // applet takes it.
                    let said = self.doer(Role::Say).and_then(|a| {
                        let c = command::Command {
                            applet: a,
                            args: alloc::vec![command::Arg::Text(text.clone())],
                        };
                        self.table
                            .parse(&command::render(&c), self.mode)
                            .ok()
                            .filter(|p| *p == c)
                    });
                    if let Some(c) = said {
                        said_as_typed = true;
                        command = Some(c);
                        via = Via::Grammar;
                        settled = true;
                        // (In read-only mode too: a model that heard a
                        // write in words it never saw is no reason for F2.)
                        if matches!(
                            abstain,
                            Some(Abstain::NothingFits | Abstain::Unsure | Abstain::NeedsWriteMode)
                        ) {
                            abstain = None;
                        }
                    }
                }
            }
        }
        // The hesitant paths disagree, and one command uses everything the
        // request refers to and more of what it names than the other
        // (`i want a spare copy of the to-do list in docs`: `cp /TODO.TXT
        // /DOCS/TODO.TXT` against `df`; `make folder drafts inside docs`:
        // `mkdir /DOCS/drafts` against `ls /DOCS`): the request's own
        // things take its side.
        if self.config.own_words && !settled && disagree {
            let ridge_ok = ridge
                .as_ref()
                .is_some_and(|r| r.confidence >= self.config.floor);
            let g = grammar.as_ref().ok();
            // A request explained (`route`) quotes its files rather than
            // using them.
            let quotes = |c: &command::Command| self.quotes_a_request(c.applet);
            if let (Some(r), Some(g), true) = (ridge_cmd, g, ridge_ok) {
                let (rs, r_all) = self.coverage(r, &grounded);
                let (gs, g_all) = self.coverage(g, &grounded);
                if quotes(r) || quotes(g) {
                } else if rs > gs && r_all && gs == 0 {
                    command = Some(r.clone());
                    via = Via::Ridge;
                    settled = true;
                } else if gs > rs && g_all && rs == 0 && command.as_ref() == Some(g) {
                    settled = true;
                }
            }
        }
        // A write over a file the volume holds, where the request only adds
        // to it, is that file's append: a shell's `>>`, `note` as the verb
        // (`note in the todo: fix the printer`), or a text after a colon
        // with no word that replaces (`Record in the meeting notes: …`, `put
        // in the todo: …`). A new file is written either way, and is.
        let writes_live = command.as_ref().is_some_and(|c| self.writes_over_live(c));
        let shell_adds = typed.contains(">>") || asked.contains("> >");
        let noted = !replaces(asked) && notes_in(&asked.to_ascii_lowercase());
        // The text after the colon, not words before it (`clean up: remove
        // "x.txt"` adds nothing).
        let after_colon = asked.split_once(':').map(|(_, rest)| rest);
        // Texts are copied as typed, which the speller may have changed
        // in `asked` (`meltemi`).
        let typed_after_colon = request.split_once(':').map(|(_, rest)| rest);
        let colon_text = |c: &command::Command| {
            [after_colon, typed_after_colon]
                .iter()
                .flatten()
                .any(|rest| {
                    c.args
                        .iter()
                        .any(|a| matches!(a, command::Arg::Text(t) if rest.contains(&**t)))
                })
        };
        // (The asking before the colon: the text's own words, `Why is
        // my screen blank?`, replace nothing.)
        let asking = asked.split_once(':').map_or(asked, |(b, _)| b);
        let colon_adds = after_colon.is_some()
            && !replaces(asking)
            && !any_word(asking, &["set", "just", "say", "says", "read", "reads"]);
        // `write` named first, then where (`Write to the list of things to
        // do: …`, `write in the notes: …`): into a file the volume holds,
        // the text is added, as every such hand-written line asked.
        let writes_into = named_first
            && command
                .as_ref()
                .is_some_and(|c| self.role_of(c.applet) == Some(Role::Write))
            && {
                let lw = lower_words(asked);
                // (Past what is written: `write a line to the todo: …`,
                // `write a note in notes.txt: …`.)
                let at = lw.iter().position(|w| w == "write");
                at.is_some_and(|i| {
                    lw.iter()
                        .skip(i + 1)
                        .take(4)
                        .any(|n| matches!(n.as_str(), "to" | "in" | "into" | "on" | "onto"))
                })
            };
        if self.config.own_words
            && writes_live
            && (shell_adds || ((!named_first || writes_into) && (noted || colon_adds)))
        {
            let append = self.doer(Role::Append);
            if let Some(c) = self
                .decode_as(&prompt, append, should_cancel)?
                .filter(|c| shell_adds || noted || colon_text(c))
            {
                command = Some(c);
                via = Via::Grammar;
                settled = true;
            }
        }
        // A text after a colon that the words before it send into the one
        // live file the request refers to (`Please add to the notes:
        // Harvest Festival, … hymns 256, 262 and 413`, `ink this into the
        // todo: …`) is added to that file, whatever applet the paths made
        // of the text's numbers and names.
        let one_live_file = matches!(grounded.grounding.referents.as_slice(), [p] if !p.is_dir);
        let before_colon = asked.split_once(": ").map(|(b, _)| b);
        let sends_into = before_colon.is_some_and(|b| {
            words(b).filter(|w| !w.is_empty()).count() <= 10
                && (any_word(b, &["to", "into", "in", "onto", "on"])
                    || adds_to_end(b)
                    || any_phrase(b, &["at the end", "at the bottom"]))
                && !asks_what_is(b)
                && !reads(b)
        });
        let changes_else = command.as_ref().is_some_and(|c| {
            self.role_of(c.applet)
                .is_some_and(|r| matches!(r, Role::Append | Role::Write | Role::Copy | Role::Move))
        });
        // Settled by the paths' coverage of the text's own numbers (`Put
        // in the notes: … late 40 minutes`: `hexdump /NOTES.TXT 40`) is
        // not settled on what the words before the colon ask.
        let settled_off_text =
            settled && !said_as_typed && command.as_ref().is_some_and(|c| !colon_text(c));
        if self.config.own_words
            && (!settled || settled_off_text)
            && !named_first
            && !discards
            && one_live_file
            && colon_adds
            && sends_into
            && !changes_else
        {
            let append = self.doer(Role::Append);
            if let Some(mut c) = self.decode_as(&prompt, append, should_cancel)?.filter(|c| {
                colon_text(c)
                    && matches!(c.args.first(), Some(command::Arg::Path(p))
                            if self.is_live(p, false))
            }) {
                whole_colon_text(typed_after_colon, &mut c);
                // The line's own shape says what it asks: a router that
                // took the text's words for nothing it knows is outvoted.
                abstain = None;
                command = Some(c);
                via = Via::Grammar;
                settled = true;
            }
        }
        // An addition already chosen takes the colon's whole text too, and
        // never words of where it goes (`put on the notes there: van 7
        // needs new tyres` had added `the notes there`).
        if self.config.own_words && one_live_file && colon_adds && sends_into {
            if let Some(c) = command
                .as_mut()
                .filter(|c| matches!(self.role_of(c.applet), Some(Role::Append | Role::Write)))
            {
                let typed_before = request.split_once(':').map(|(b, _)| b);
                if let (Some(before), Some(whole), [_, command::Arg::Text(t)]) =
                    (typed_before, typed_after_colon, c.args.as_mut_slice())
                {
                    let whole = whole.trim();
                    if before.contains(&**t)
                        && !whole.contains(&**t)
                        && !whole.is_empty()
                        && !whole.starts_with(['"', '\u{201c}', '\''])
                    {
                        *t = whole.into();
                    }
                }
            }
            if let Some(c) = command
                .as_mut()
                .filter(|c| self.role_of(c.applet) == Some(Role::Append))
            {
                whole_colon_text(typed_after_colon, c);
            }
        }
        // A text to say, announced before a colon, and a command that
        // says nothing or a piece of the announcement (`Type this on the
        // screen so the kids see it: Keep your head down!` had decoded a
        // bare `echo`, `shout it from the rooftops: sale today` said `the
        // rooftops`): the colon's text, as typed.
        if let (Some(c), Some(rest)) = (command.as_mut(), typed_after_colon) {
            let rest = rest.trim();
            let before = request.split_once(':').map_or("", |(b, _)| b);
            let off_text = match c.args.as_slice() {
                [] => true,
                [command::Arg::Text(t)] => !rest.contains(&**t) && before.contains(&**t),
                _ => false,
            };
            if self.role_of(c.applet) == Some(Role::Say)
                && off_text
                && !rest.is_empty()
                && !rest.contains('"')
                && !before.contains(['"', '\''])
                && (asks_to_say(before)
                    || any_word(before, &["announce", "broadcast", "yell", "proclaim"]))
            {
                c.args = alloc::vec![command::Arg::Text(rest.into())];
            }
        }
        // A named file the volume lacks: nothing runs unless the command
        // creates that very name, and not when the confident ridge applet
        // found nothing it could name (its grammar had no such file).
        let mut missing = None;
        let mut makes_given_name = false;
        // A name inside a request the command quotes (`route "show me
        // junk.txt"`) is words to explain, not a file to act on, when the
        // explaining was asked for: the grammar's `route "rename
        // letter.txt"` for `rename letter.txt to letter2.txt` was not.
        let explains = named_first || asks_to_route(asked);
        let quotes_it = |m: &ground::Missing| {
            explains
                && command.as_ref().is_some_and(|c| {
                    self.table.get_any(c.applet).is_some_and(|a| {
                        c.args.iter().zip(a.spec().slots).any(|(arg, slot)| {
                            slot.kind == command::SlotKind::Request
                                && matches!(arg, command::Arg::Text(t)
                                if t.to_ascii_lowercase().contains(&m.name.to_ascii_lowercase()))
                        })
                    })
                })
        };
        if let Some(m) = grounded.missing.first().filter(|m| !quotes_it(m)) {
            // Making the missing name is no answer to a request to read or
            // remove it that asks for nothing to be made or written:
            // `please remove the file named secrets.txt` is no `write
            // /secrets.txt "remove the file named"`. Only the words before
            // the name ask (`extend song.txt with read chapter 3`).
            let before = asked
                .to_ascii_lowercase()
                .find(&m.name.to_ascii_lowercase())
                .map_or(asked, |at| &asked[..at]);
            let may_make = named_first
                || !(asks_to_read_or_remove(before)
                    || reads_or_removes_it(asked)
                    // `list the music folder` lists, whatever it names.
                    || words(asked)
                        .next()
                        .is_some_and(|w| w.eq_ignore_ascii_case("list") || w.eq_ignore_ascii_case("ls")))
                || asks_to_make(asked)
                || asks_to_write(asked);
            let mut creates = may_make
                && command
                    .as_ref()
                    .is_some_and(|c| creates_any(self, c, &grounded));
            // The hesitant ridge's command makes the very name the request
            // gives, and the request asks to make something (`create
            // notes2.txt with first draft`: ridge `write /notes2.txt …`,
            // grammar `cpu`): that one, not "no file". Without such a word
            // (`Dir /names`, ridge `mkdir /names`) the name is one to read.
            if !creates && !confident && asks_to_make(request) {
                if let Some(c) = ridge_cmd.filter(|c| creates_any(self, c, &grounded)) {
                    via = Via::Ridge;
                    command = Some(c.clone());
                    creates = true;
                    makes_given_name = true;
                }
            }
            // The words before the name ask to make it (`new file
            // surf-report.txt: …`) and the grammar's command makes it: a
            // sure ridge that found no file for its applet (`rm`) is no
            // reason to call the new name missing.
            // Only the name's own file: `new file lineup.txt: … Ali/Jo/Kim`
            // is no file /Ali/Jo/Kim.
            let makes_m = |it: &Self, c: &command::Command| {
                it.table.get_any(c.applet).is_some_and(|a| {
                    c.paths(a.spec()).any(|(p, must_exist)| {
                        !must_exist
                            && (command::same_path(p.trim_start_matches('/'), &m.name)
                                || p.rsplit('/')
                                    .next()
                                    .is_some_and(|b| command::same_path(b, &m.name)))
                    })
                })
            };
            if any_word(before, &["create", "make", "new", "prepare"]) {
                if creates && command.as_ref().is_some_and(|c| makes_m(self, c)) {
                    makes_given_name = true;
                } else if let Some(g) = grammar.as_ref().ok().filter(|g| makes_m(self, g)) {
                    via = Via::Grammar;
                    command = Some(g.clone());
                    creates = true;
                    makes_given_name = true;
                } else if any_word(before, &["file", "document", "doc"]) {
                    // Neither path wrote it (`prepare a new file called
                    // obituary.txt that reads: …`: ridge `mv`, grammar
                    // `cpu`): the write of that file, if it can be made.
                    if let Some(w) = self.doer(Role::Write) {
                        if let Some(c) = self
                            .decode_as(&prompt, Some(w), should_cancel)?
                            .filter(|c| makes_m(self, c))
                        {
                            via = Via::Grammar;
                            command = Some(c);
                            creates = true;
                            makes_given_name = true;
                        }
                    }
                }
            }
            // A new empty file asked for (`touch plan.txt`): only a whole
            // file's write takes an empty text, so the grammar's `write
            // /plan.txt ""` makes it, whatever applet the router heard (a
            // file was asked for: no `mkdir /plan.txt`). Grounding offers
            // the empty text only where a word asks to make one file.
            let empty_text = matches!(grounded.grounding.texts.as_slice(), [t] if t.is_empty());
            let writes_it = |it: &Self, c: &command::Command| {
                it.role_of(c.applet) == Some(Role::Write) && creates_any(it, c, &grounded)
            };
            if empty_text && !command.as_ref().is_some_and(|c| writes_it(self, c)) {
                let made = match grammar.as_ref().ok().filter(|g| writes_it(self, g)) {
                    Some(g) => Some(g.clone()),
                    None => match self.doer(Role::Write) {
                        Some(w) => self.decode_as(&prompt, Some(w), should_cancel)?,
                        None => None,
                    },
                };
                if let Some(g) = made.filter(|g| writes_it(self, g)) {
                    via = Via::Grammar;
                    command = Some(g);
                    creates = true;
                    makes_given_name = true;
                }
            }
            // The router's applet takes no empty text: that blocks nothing.
            let makes_empty = empty_text && creates;
            makes_given_name |= makes_empty;
            let ridge_blocked =
                confident && ridge_cmd.is_none() && !makes_empty && !makes_given_name;
            // A name the command could not act on whatever it was: an
            // applet with no file to take (`nvme model number please, for
            // the asset sheet` is `disk`), unless the name is spelt as a
            // file's (`show me recipes.txt`) or asked to be read or removed
            // (`I'd like to read the budget spreadsheet`). Both paths must
            // name that applet: one path's guess is no reason to pass over
            // a name the request gave.
            let both = |a: &str| {
                ridge.as_ref().is_some_and(|r| r.applet == a)
                    && grammar.as_ref().is_ok_and(|g| g.applet == a)
            };
            let beside_the_point = command.as_ref().is_some_and(|c| {
                let takes_path = self.table.get_any(c.applet).is_some_and(|a| {
                    a.spec()
                        .slots
                        .iter()
                        .any(|s| matches!(s.kind, command::SlotKind::Path { .. }))
                });
                both(c.applet)
                    && !takes_path
                    && !ground::looks_like_file(&m.name)
                    && !asks_to_read_or_remove(before)
                    // `where did my word document go` asks after the file.
                    && !any_word(asked, &["where", "where's", "wheres"])
                    // The words-only reader hears the applet in the request
                    // (`the wine list` says nothing of `clear`).
                    && words_asked.as_deref().is_some_and(|p| {
                        self.reader_mass(p, |x| x == c.applet) >= self.config.intent_cues
                    })
            });
            // A Linux pseudo-file named for what an applet tells (`whatever
            // the equivalent of /proc/cpuinfo is here`, `what's in
            // /proc/meminfo`) asks that applet, no file to look for.
            let mut pseudo = false;
            if let Some(doer) = dialect::pseudo_file(&m.name).and_then(|r| self.doer(r)) {
                if command.as_ref().is_none_or(|c| c.applet != doer) {
                    if let Some(c) = self.decode_as(&prompt, Some(doer), should_cancel)? {
                        command = Some(c);
                        via = Via::Grammar;
                    }
                }
                pseudo = command.as_ref().is_some_and(|c| c.applet == doer);
            }
            if (!creates && !beside_the_point && !pseudo) || ridge_blocked {
                via = Via::Neither;
                command = None;
                missing = Some(m.clone());
            }
        }
        let hesitant = ridge
            .as_ref()
            .is_some_and(|r| r.confidence < self.config.unsure);
        // The router's applet needs a file and the request refers to none:
        // the model's certainty about another applet is then no answer to
        // what was asked (`show the pics of the ombre set I did for Jade`
        // had run `log`).
        let ridge_lacks_file = ridge
            .as_ref()
            .is_some_and(|r| r.command.is_err() && self.lacks_file(r.applet, &grounded));
        if abstain.is_none()
            && !confident
            && hesitant
            && disagree
            && !settled
            && !makes_given_name
            && (!lm_sure || ridge_lacks_file)
        {
            abstain = Some(Abstain::Unsure);
        }
        let below_floor = ridge
            .as_ref()
            .is_some_and(|r| r.confidence < self.config.floor);
        // Both paths' whole commands the same, acting on a live file the
        // request refers to (`where is the user guide, show it to me`):
        // the file is evidence the hidden state is not, and lines no
        // request to this machine seldom name one.
        // Only to show it, as a line that is only its name does: reading
        // its bytes or changing it on such thin evidence ran `hexdump
        // /NOTES.TXT` for `one more thing for the notes: …`.
        // A file spelt by name (`hd readme.txt`) is evidence enough for any
        // applet that only reads it.
        let on_referent = match (ridge_cmd, grammar.as_ref().ok()) {
            (Some(r), Some(g)) if r == g && !g.args.is_empty() => {
                self.table.get_any(g.applet).is_some_and(|a| {
                    g.paths(a.spec()).any(|(p, must_exist)| {
                        must_exist
                            && (matches!(self.role_of(g.applet), Some(Role::ShowText | Role::List))
                                || (!a.spec().writes
                                    && grounded.spelt.iter().any(|s| command::same_path(s, p))))
                    })
                })
            }
            // Both the same bare applet, its name among the request's words
            // (`show the shell history`).
            (Some(r), Some(g)) if r == g && g.args.is_empty() => any_word(asked, &[g.applet]),

            _ => false,
        };
        // Both the same copy or move of what the request refers to onto the
        // name it gives (`i'd rather the meeting notes were called
        // minutes.txt`): two paths, both the request's own.
        let on_referent = on_referent
            || match (ridge_cmd, grammar.as_ref().ok()) {
                (Some(r), Some(g)) if r == g => {
                    let (used, all) = self.coverage(g, &grounded);
                    used >= 2 && all
                }
                _ => false,
            };
        // An applet only the router knows keeps its low confidence as its
        // only voice.
        if abstain.is_none()
            && !unlearnt
            && below_floor
            && !said_as_typed
            && !makes_given_name
            && !on_referent
            && (!settled || !shown_by_words)
        {
            abstain = Some(Abstain::Unsure);
        }
        if abstain.is_none() && no_file && !said_as_typed && missing.is_none() && !makes_given_name
        {
            abstain = Some(Abstain::NoFile);
        }
        // The router is sure, its applet's grammar found nothing in the
        // request to fill it with, and the grammar's whole command is
        // another applet: that one was never asked for (`rename docs to
        // documentation` ran `cpu`).
        let unfilled = ridge.as_ref().is_some_and(|r| {
            r.command.is_err()
                && r.confidence >= self.config.threshold
                && command.as_ref().is_some_and(|c| c.applet != r.applet)
        });
        // (What a file it refers to says was asked: the file is shown,
        // whatever the router made of `say`.)
        let asks_what_it_says_of_a_file = asks_what_thing_says(asked)
            && matches!(grounded.grounding.referents.as_slice(), [p] if !p.is_dir);
        if abstain.is_none()
            && unfilled
            && !(settled && via == Via::Grammar && asks_what_it_says_of_a_file)
            && !said_as_typed
            && missing.is_none()
            && !lm_over_ridge
            && !named_first
            && !makes_given_name
        {
            abstain = Some(Abstain::Unfilled);
        }

        // No applet changes part of a file: a request to take a line, a
        // word or an item out of one (`remove the word milk from my todo
        // list`, `delete the last line of todo.txt`) is no request to
        // delete, write over or copy onto the whole file, which the paths
        // proposed. Nothing reachable does it.
        let writes = command.as_ref().is_some_and(|c| {
            self.table
                .get_any(c.applet)
                .is_some_and(|a| a.spec().writes)
        });
        if abstain.is_none() && writes && !named_first && self.edits_inside(asked) {
            abstain = Some(Abstain::NothingFits);
        }
        // A question about what is there that refers to nothing on the
        // volume is no write either (`what did we write down at the
        // meeting?` was `write /did what`).
        if abstain.is_none()
            && writes
            && !named_first
            && self.config.own_words
            && asks_what_is(asked)
            && grounded.grounding.referents.is_empty()
        {
            abstain = Some(Abstain::Unsure);
        }
        // Asked how a change is done (`how do i put hello in notes.txt?`
        // ran `mv /HELLO.TXT /NOTES.TXT`), a change is no answer, unless
        // the person asks for it done (`… just do it`).
        if abstain.is_none()
            && writes
            && !named_first
            && self.config.own_words
            && asks_how_to(asked)
            && !any_phrase(asked, &["do it", "go ahead", "for me"])
        {
            abstain = Some(Abstain::Unsure);
        }
        // Text put into a file by a question that never asks to write, add
        // or replace anything (`how do i use this thing, is there a guide
        // somewhere` wrote "this thing" over the guide).
        let puts_text = command
            .as_ref()
            .is_some_and(|c| matches!(self.role_of(c.applet), Some(Role::Write | Role::Append)));
        // (Where a line ends is no asking to add one: `what's at the end of
        // the boot log` had appended "the boot".)
        if abstain.is_none()
            && puts_text
            && !named_first
            && self.config.own_words
            && asks_how_or_what(asked)
            && !asks_to_write(asked)
            && !replaces(asked)
            && !(adds_to_end(asked) && !(places_at_end(asked) && asks_what_is(asked)))
        {
            abstain = Some(Abstain::Unsure);
        }
        // What the machine tells of itself answers no question about
        // buying or prices (`where can i buy a new hard disk cheap`, `is it
        // worth buying more RAM for my laptop`), the weather and the news
        // (`what's the weather like in Lisbon tomorrow` had listed the
        // root), a timer, or thanks (`thanks, that's all for now` had shown
        // the help), and its clock none about another day, the sky or when
        // something else happens (`what time's sunrise tomorrow`, `what
        // time does the bakery open`).
        // Only the applets the model learnt: one added since may do that
        // very job (a `weather` applet).
        let tells_itself = command.as_ref().filter(|c| {
            c.args.is_empty()
                && self.learnt(c.applet)
                && self
                    .table
                    .get_any(c.applet)
                    .is_some_and(|a| !a.spec().writes)
        });
        if abstain.is_none()
            && self.config.own_words
            && !named_first
            && logs_an_activity(asked)
            && command
                .as_ref()
                .is_some_and(|c| self.role_of(c.applet) == Some(Role::KernelLog))
        {
            abstain = Some(Abstain::NothingFits);
        }
        // A change of another kind than the one the line opens by asking
        // (`delete the copy of the ledger in logs` had copied the boot log
        // to the top): not what was asked, and not to be undone.
        let opened_as = opened_as(asked);
        // (Erasing a file and writing it anew is one write; moving one to
        // the trash deletes it.)
        let to_the_bin = any_word(asked, &["trash", "bin", "recycle", "wastebasket"]);
        let other_change = command
            .as_ref()
            .and_then(|c| self.role_of(c.applet))
            .is_some_and(|r| match opened_as {
                Some(Role::Remove) => {
                    matches!(r, Role::Copy | Role::Move | Role::MakeDir | Role::Append)
                }
                Some(Role::Copy) => matches!(r, Role::Remove | Role::Move),
                Some(Role::Move) => r == Role::Copy || (r == Role::Remove && !to_the_bin),
                // (`show me the notes before I delete them`.)
                Some(Role::ShowText) => matches!(r, Role::Remove | Role::Move | Role::Copy),
                _ => false,
            });
        if abstain.is_none() && self.config.own_words && !named_first && other_change {
            abstain = Some(Abstain::Unsure);
        }
        // Turning the machine off or over needs the machine or its power
        // spoken of: `im feeling down today` had powered it off, `insomnia
        // again` restarted it, `shut up` is no shutdown.
        // Named first or not, its object must be the machine: `reboot our
        // friendship` had restarted it.
        if abstain.is_none()
            && self.config.own_words
            && command.as_ref().is_some_and(|c| {
                matches!(self.role_of(c.applet), Some(Role::PowerOff | Role::Restart))
            })
            && (!(named_first || speaks_of_power(asked) || speaks_of_power(request))
                || switches_off_else(asked)
                || restarts_else(asked))
        {
            abstain = Some(Abstain::NothingFits);
        }
        if abstain.is_none() && self.config.own_words {
            if let Some(c) = tells_itself {
                let role = self.role_of(c.applet);
                let clock_role = matches!(role, Some(Role::Clock | Role::Uptime));
                // Nor is the person's own thing their screen (`clear my
                // browser history`, `clear my tab, I'm leaving`).
                let clears_else = role == Some(Role::ClearScreen) && clears_something_else(asked);
                // Nor the person's memory or an animal's (`what's the memory
                // of a goldfish`, `what is my memory like`).
                let someones_memory = role == Some(Role::Memory) && {
                    let l = asked.to_ascii_lowercase();
                    [
                        "my memory",
                        "memory of a ",
                        "memory of an ",
                        "memory of my ",
                    ]
                    .iter()
                    .any(|p| l.contains(p))
                };
                // Nor the history of anything but what was typed (`history
                // of the okapi — when was it discovered?`).
                let worlds_history = role == Some(Role::History) && history_of_else(asked);
                // (`clear` opening the line is the ordinary verb there.)
                if clears_else
                    || worlds_history
                    || (!named_first
                        && (asks_about_prices(asked)
                            || asks_about_the_world(asked)
                            || asks_for_a_timer(request)
                            || only_pleasantries(asked)
                            || someones_memory
                            || (clock_role
                                && (asks_about_another_day(asked) || asks_when_else(asked)))))
                {
                    abstain = Some(Abstain::NothingFits);
                }
            }
        }
        if abstain.is_none()
            && self.config.own_words
            && command.as_ref().is_some_and(|c| {
                self.learnt(c.applet) && {
                    let file_words: Vec<String> = grounded
                        .grounding
                        .referents
                        .iter()
                        .flat_map(|r| path_words(&r.path))
                        .collect();
                    asks_change_of_a_read(asked, self.role_of(c.applet), &file_words)
                }
            })
        {
            abstain = Some(Abstain::NothingFits);
        }
        // A reading turned down or told as done (`don't show me the todo`,
        // `yesterday I read the todo list and it was fine`) asks none.
        if abstain.is_none()
            && self.config.own_words
            && !named_first
            && command.as_ref().is_some_and(|c| {
                self.learnt(c.applet)
                    && self
                        .table
                        .get_any(c.applet)
                        .is_some_and(|a| !a.spec().writes)
                    && !matches!(self.role_of(c.applet), Some(Role::PowerOff | Role::Restart))
            })
            && declines_a_read(asked)
        {
            abstain = Some(Abstain::NothingFits);
        }
        // A request that opens with a task on language or numbers no
        // applet does (`please translate the readme to arabic language` had
        // moved the readme to /arabic, `grade this essay out of 20`): nothing
        // here does it, whatever file it names.
        if abstain.is_none()
            && !named_first
            && self.config.own_words
            && command.as_ref().is_none_or(|c| self.learnt(c.applet))
            && leads_with_task(request)
        {
            abstain = Some(Abstain::NothingFits);
        }
        // Nor does anything here reach a printer, the network or another
        // machine's programs (`print the readme on the office printer`, `log
        // me into my email`, `connect to the wifi network HomeNet`): a
        // command with no text to carry such words is no answer to them.
        let outside = command.as_ref().is_some_and(|c| {
            self.learnt(c.applet)
                && !c.args.iter().any(|a| matches!(a, command::Arg::Text(_)))
                && (reaches_outside(request) || another_machine(request))
                && !c.args.iter().any(|a| match a {
                    command::Arg::Path(p) => reaches_outside(p),
                    _ => false,
                })
        });
        // (Whatever applet's name opens the line: `log me into my email`.)
        if abstain.is_none() && self.config.own_words && outside {
            abstain = Some(Abstain::NothingFits);
        }
        // A printer asked for by a line that does not open by saying (`can
        // you print the todo on paper, on the printer down the hall`) is not
        // answered by saying its words on the screen; nor is a piece of
        // writing to compose (`write me a sonnet about autumn`, `my code in
        // main.rs won't compile, can you fix it`).
        let says_outside = command.as_ref().is_some_and(|c| {
            self.role_of(c.applet) == Some(Role::Say)
                && !opens_with_spoken_say(asked)
                && any_word(request, &["printer", "paper", "printout", "fax"])
        });
        let composes = {
            let w = lower_words(request);
            let first = w.iter().position(|x| !is_politeness(x));
            // (Or `write a letter to my landlord`, `help me write a short
            // story`: a kind of writing within a few words of `write a`.)
            const PIECES: &[&str] = &[
                "letter",
                "poem",
                "poems",
                "story",
                "stories",
                "essay",
                "song",
                "lyrics",
                "speech",
                "sonnet",
                "haiku",
                "limerick",
                "novel",
                "chapter",
                "card",
                "email",
                "application",
                "review",
                "eulogy",
                "toast",
                "joke",
                "check",
                "cheque",
                "bio",
                "biography",
                "cover",
                "resume",
                "cv",
                "thesis",
                "script",
                "screenplay",
            ];
            let writes_a_piece = |i: usize| {
                w.get(i + 1).is_some_and(|x| x == "a" || x == "an")
                    && w.iter()
                        .skip(i + 2)
                        .take(4)
                        .any(|x| PIECES.contains(&x.as_str()))
            };
            let asks_me = first.is_some_and(|i| {
                w[i] == "write"
                    && w.get(i + 1).is_some_and(|x| x == "me")
                    && w.get(i + 2)
                        .is_some_and(|x| x == "a" || x == "an" || x == "some")
            });
            let asks_a_piece = w.iter().position(|x| x == "write").is_some_and(|i| {
                w[..i]
                    .iter()
                    .all(|x| is_politeness(x) || x == "help" || x == "me")
                    && writes_a_piece(i)
            });
            (asks_me || asks_a_piece)
                && !request.split_whitespace().any(|t| {
                    t.trim_end_matches([',', '.', ':', ';', '!', '?'])
                        .rsplit_once('.')
                        .is_some_and(|(a, b)| !a.is_empty() && (1..=4).contains(&b.len()))
                })
        };
        let code_words = ["compile", "compiles", "compiling"];
        let fixes_code = any_word(asked, &code_words)
            && command.as_ref().is_some_and(|c| {
                self.table
                    .get_any(c.applet)
                    .is_some_and(|a| a.spec().writes)
                    && !c
                        .args
                        .iter()
                        .any(|a| matches!(a, command::Arg::Text(t) if any_word(t, &code_words)))
            });
        if abstain.is_none() && self.config.own_words && (says_outside || composes || fixes_code) {
            abstain = Some(Abstain::NothingFits);
        }
        // Saying a text back answers only a request to say, show or print
        // something (or one that quotes it): `call mom` and `so what is
        // the meaning of life` are no request to echo a piece of them.
        let says = command
            .as_ref()
            .is_some_and(|c| self.role_of(c.applet) == Some(Role::Say));
        if abstain.is_none() && says && !named_first && self.config.own_words && !asks_to_say(asked)
        {
            abstain = Some(Abstain::NothingFits);
        }
        // Asked only by `show` or `display`, the text said is all that
        // follows the verb, not a word out of the middle of it (`show the
        // line-up of today's road test appointments` had said `test`).
        let shown_only = !asked.contains(['"', ':'])
            && asked.matches('\'').count() < 2
            && !any_word(
                asked,
                &[
                    "say", "says", "echo", "print", "repeat", "shout", "type", "write", "output",
                    "tell", "message", "text", "phrase", "word", "words", "sentence", "screen",
                ],
            );
        let says_a_piece = command.as_ref().is_some_and(|c| {
            let [command::Arg::Text(t)] = c.args.as_slice() else {
                return false;
            };
            let w = lower_words(asked);
            let Some(i) = w.iter().position(|x| x == "show" || x == "display") else {
                return false;
            };
            let rest: Vec<&str> = w[i + 1..]
                .iter()
                .map(String::as_str)
                .skip_while(|x| matches!(*x, "me" | "us" | "the" | "a" | "an"))
                .collect();
            lower_words(t).len() < rest.len()
        });
        if abstain.is_none() && says && shown_only && says_a_piece && !named_first {
            abstain = Some(Abstain::NothingFits);
        }
        // Nor is a text to go into a file that has no name (`write in the
        // file: hello world`, `write to a new file: buy milk`) said on the
        // screen: the write fits, and the request does not say where.
        if abstain.is_none() && says && self.config.own_words && into_an_unnamed_file(asked) {
            abstain = Some(Abstain::Unfilled);
        }
        // Writing over a file the volume holds takes a request that asks
        // for it in some word: `the file /docs/faq.txt prints as junk`
        // wrote "junk" over the faq.
        // (`set up` sets no text: `My grandson set this up and said there's
        // a welcome file I should read first` had written "there's" over
        // the readme.)
        let no_setup = without_setting_up(asked);
        // `should` and `must` say what a file holds (`the readme should say
        // …`), not what a person means to do (`I should read first`).
        let file_should = lower_words(asked).windows(2).any(|p| {
            matches!(p[1].as_str(), "should" | "must")
                && !matches!(p[0].as_str(), "i" | "we" | "you" | "they" | "he" | "she")
        });
        if abstain.is_none()
            && command.as_ref().is_some_and(|c| self.writes_over_live(c))
            && !named_first
            && self.config.own_words
            && !asks_to_write(asked)
            && !replaces(asked)
            && !adds_to_end(asked)
            && !file_should
            && !any_word(
                &no_setup,
                &[
                    "save", "store", "set", "change", "fill", "update", "edit", "swap", "trade",
                    "turn", "become", "becomes", "holds", "hold", "contain", "content", "contents",
                    "text", "line", "into",
                ],
            )
        {
            abstain = Some(Abstain::Unsure);
        }
        // Adding to a file that is not there, under a bare word no one
        // gave as a file's name (`… add to the to-do the words post the
        // letter to Aunt Agatha` had appended to a new /Aunt): a name the
        // request typed with its extension, or called a file, is one.
        let appends_to_a_word = command.as_ref().is_some_and(|c| {
            self.role_of(c.applet) == Some(Role::Append)
                && matches!(c.args.first(), Some(command::Arg::Path(p))
                    if !self.is_live(p, false)
                        && !self.is_live(p, true)
                        && !p.rsplit('/').next().unwrap_or(p).contains('.'))
                && !any_word(asked, &["called", "named", "file", "new", "create"])
        });
        if abstain.is_none() && appends_to_a_word && !named_first && self.config.own_words {
            abstain = Some(Abstain::Unsure);
        }
        // A text that is only the names of things on the volume (`Put the
        // todo list in the map DOCS` wrote "the todo" over the to-do list,
        // `put my notes in with the documents` "the documents" over the
        // notes) is the request's way of pointing, not words to write.
        let names_only_text = command.as_ref().is_some_and(|c| {
            matches!(self.role_of(c.applet), Some(Role::Write | Role::Append))
                && c.args.iter().any(|a| match a {
                    command::Arg::Text(t) => {
                        let w = lower_words(t);
                        // Or only a particle (`typed up notes` had added
                        // "up" to the notes).
                        let particle = |x: &str| {
                            matches!(
                                x,
                                "up" | "down"
                                    | "it"
                                    | "them"
                                    | "those"
                                    | "these"
                                    | "out"
                                    | "off"
                                    | "over"
                                    | "back"
                                    | "too"
                                    | "also"
                                    | "again"
                            )
                        };
                        if !w.is_empty() && w.iter().all(|x| particle(x)) {
                            return true;
                        }
                        // Pointing words with them (`the todo`, `my notes`):
                        // a word on its own may be the text (`TODO`, `hello`).
                        w.len() >= 2
                            && w.iter().any(|x| {
                                matches!(
                                    x.as_str(),
                                    "the" | "my" | "our" | "your" | "this" | "that"
                                )
                            })
                            && w.iter().all(|x| {
                                matches!(
                                    x.as_str(),
                                    "the"
                                        | "my"
                                        | "a"
                                        | "our"
                                        | "your"
                                        | "this"
                                        | "that"
                                        | "list"
                                        | "file"
                                        | "folder"
                                        | "one"
                                ) || is_a_live_word(&self.paths, x)
                                    || self.paths.iter().any(|p| {
                                        ground::means(&p.path, x, x.strip_suffix('s').unwrap_or(x))
                                    })
                            })
                    }
                    _ => false,
                })
        });
        if abstain.is_none() && names_only_text && !named_first && self.config.own_words {
            abstain = Some(Abstain::Unsure);
        }
        // A delete of a file the request places in another folder (`drop
        // the hello file in the logs folder` ran `rm /HELLO.TXT`), or one
        // it says not to delete (`…, do not remove`), deletes nothing.
        let removes = command.as_ref().and_then(|c| {
            (self.role_of(c.applet) == Some(Role::Remove))
                .then(|| match c.args.first() {
                    Some(command::Arg::Path(p)) => Some(p.as_str()),
                    _ => None,
                })
                .flatten()
        });
        if let Some(target) = removes.filter(|_| abstain.is_none() && !named_first && !discards) {
            let parent = target.rsplit_once('/').map_or("", |(d, _)| d);
            let elsewhere = grounded.grounding.referents.iter().any(|r| {
                r.is_dir
                    && !command::same_path(&r.path, target)
                    && !command::same_path(&r.path, parent)
            }) && any_word(asked, &["in", "into", "to", "under", "inside", "onto"])
                // Or a name it may go to in another folder (`/LOGS/HELLO.TXT`).
                || grounded.grounding.new_paths.iter().any(|n| {
                    let (dir, name) = n.rsplit_once('/').unwrap_or(("", n));
                    !dir.is_empty()
                        && !command::same_path(dir, parent)
                        && name.eq_ignore_ascii_case(target.rsplit('/').next().unwrap_or(target))
                });
            let negated = any_phrase(
                &asked.replace(['\u{2019}', '\''], ""),
                &[
                    "not remove",
                    "not delete",
                    "not erase",
                    "dont remove",
                    "dont delete",
                    "dont erase",
                    "never remove",
                    "never delete",
                ],
            );
            if elsewhere || negated {
                abstain = Some(Abstain::Unsure);
            }
        }
        // A folder moved or copied onto a file's name the request never
        // spells (`could you shelve the guide under logs? move it there`
        // ran `mv /LOGS /DOCS/GUIDE.TXT`) is no reading of it.
        let folder_onto_file = command.as_ref().is_some_and(|c| {
            matches!(self.role_of(c.applet), Some(Role::Move | Role::Copy))
                && match c.args.as_slice() {
                    [command::Arg::Path(src), command::Arg::Path(dst), ..] => {
                        // Unless the request spells that name (`move the
                        // file logs to /todo.txt`).
                        (self.is_live(src, true)
                            && self.is_live(dst, false)
                            && !grounded.spelt.iter().any(|s| command::same_path(s, dst)))
                            // Nor anything onto a new name that is another
                            // live file's, unspelt (`move el meeting notes
                            // 3al LOGS` had run `mv /LOGS /BOOT.LOG`).
                            || (!self.is_live(dst, false)
                                && !self.is_live(dst, true)
                                && !command::same_path(ground::basename(src), ground::basename(dst))
                                && self.paths.iter().any(|e| {
                                    !e.is_dir
                                        && command::same_path(ground::basename(&e.path), ground::basename(dst))
                                })
                                && !grounded.spelt.iter().any(|s| {
                                    command::same_path(ground::basename(s), ground::basename(dst))
                                }))
                    }
                    _ => false,
                }
        });
        if abstain.is_none() && folder_onto_file {
            abstain = Some(Abstain::Unsure);
        }
        // A file the request reached by one word of its long name alone
        // (`cancel the meeting`) is one to read at most: a change of it
        // takes the request naming it.
        let changes_weak = writes
            && command.as_ref().is_some_and(|c| {
                self.table.get_any(c.applet).is_some_and(|a| {
                    c.paths(a.spec())
                        .any(|(p, _)| grounded.weak.iter().any(|w| command::same_path(w, p)))
                })
            });
        // (A delete even after the applet's name: `rm the old photos` is no
        // order to delete the photo list.)
        let deletes = command
            .as_ref()
            .is_some_and(|c| self.role_of(c.applet) == Some(Role::Remove));
        if abstain.is_none() && changes_weak && (!named_first || deletes) {
            abstain = Some(Abstain::Unsure);
        }
        // A write the request's words do not ask for: the words-only reader,
        // given the line as typed, puts almost nothing on its applet (`pull
        // up the meeting notes from tuesday` ran `append`, `the log cabin in
        // the woods was cozy`, read as `copy`, `cp /LOGS/BOOT.LOG
        // /BOOT.LOG`). Writing a file and adding to its end count as one
        // (which of the two is the rules' to say: `put in the todo: …`
        // adds); a shell's redirection (`printf draft ready >
        // logs/boot.log`) asks for a write.
        // The text it writes, copied from the request, is not the request's
        // asking words (`add to the todo: order more 20vol developer &
        // purple shampoo` asks to add, whatever the shampoo says): the
        // reader reads the rest.
        let unasked_write = !named_first
            && !typed.contains('>')
            && command.as_ref().is_some_and(|c| {
                if !self
                    .table
                    .get_any(c.applet)
                    .is_some_and(|a| a.spec().writes)
                    || !self.knows(c.applet)
                {
                    return false;
                }
                // Read once more only for a write with a copied text.
                let asking = copied_text(c)
                    .filter(|t| !t.is_empty())
                    .and_then(|t| unquoted.find(t).map(|at| (at, t.len())))
                    .map(|(at, n)| alloc::format!("{}{}", &unquoted[..at], &unquoted[at + n..]))
                    .filter(|rest| rest.split_whitespace().next().is_some())
                    .and_then(|rest| self.read_words(&rest));
                asking
                    .as_deref()
                    .or(words_typed.as_deref())
                    .is_some_and(|p| {
                        self.reader_mass(p, |x| self.same_change(x, c.applet))
                            < self.config.intent_veto
                    })
            });
        if abstain.is_none() && unasked_write {
            abstain = Some(Abstain::Unsure);
        }
        // Nor a write only the words-only reader's vote brought: neither the
        // router's own two first applets nor the grammar's is its applet
        // (`Kindly display the boot log file located in the LOGS directory`:
        // router `rm`, grammar `rm`, with the vote `mv /LOGS/BOOT.LOG
        // /LOGS/located`; `the intro file that says welcome, what does it
        // say exactly`: router `cat`, with the vote `write /README.TXT
        // welcome`). The vote may choose among the model's readings, or
        // make a hesitant one sure; it does not bring a change of its own.
        // (A write the rules' words chose over the router's applet, `toss
        // it` deleting, `put in the todo: …` adding, is theirs, and so is a
        // delete of a file the request says it no longer needs: `off with
        // readme.txt`.)
        let deletes_discarded = discards
            && command
                .as_ref()
                .is_some_and(|c| self.role_of(c.applet) == Some(Role::Remove));
        // Nor a text after a colon that the words before it send into the
        // one live file referred to (`Sure put this in the notes: Wind NW
        // force 6`), added to it: the request's own words say that much.
        let colon_added = command.as_ref().is_some_and(|c| {
            colon_adds
                && sends_into
                && one_live_file
                && self.role_of(c.applet) == Some(Role::Append)
                && colon_text(c)
        });
        let voted_write = !named_first
            && !deletes_discarded
            && !colon_added
            && self.intent.is_some()
            && self.config.intent > 0.0
            && command.as_ref().is_some_and(|c| {
                self.table
                    .get_any(c.applet)
                    .is_some_and(|a| a.spec().writes)
                    && ridge.as_ref().is_some_and(|r| r.applet == c.applet)
                    && !own.iter().flatten().any(|a| self.same_change(a, c.applet))
                    && grammar
                        .as_ref()
                        .ok()
                        .is_none_or(|g| !self.same_change(g.applet, c.applet))
                    // Unless the reader is all but sure of it on the line as
                    // typed (`put a line at the bottom of the to do: …`).
                    && words_typed.as_deref().is_none_or(|p| {
                        self.reader_mass(p, |x| x == c.applet) < self.config.intent_sure_write
                    })
            });
        if abstain.is_none() && voted_write {
            abstain = Some(Abstain::Unsure);
        }
        // A folder named as a live file the request refers to is where
        // that file would go, not a folder to make (`I'd like that list
        // moved into the docs folder` had `mkdir "/DOCS/photo-list
        // 2026.txt"`).
        let folder_as_file = command.as_ref().is_some_and(|c| {
            self.role_of(c.applet) == Some(Role::MakeDir)
                && c.args.iter().any(|a| match a {
                    command::Arg::Path(p) => {
                        let name = p.rsplit('/').next().unwrap_or(p);
                        grounded.grounding.referents.iter().any(|r| {
                            !r.is_dir
                                && r.path
                                    .rsplit('/')
                                    .next()
                                    .is_some_and(|n| n.eq_ignore_ascii_case(name))
                        })
                    }
                    _ => false,
                })
        });
        if abstain.is_none() && folder_as_file && !named_first {
            abstain = Some(Abstain::Unsure);
        }
        // A request to make a folder is no request to list or read one
        // (`make folder drafts inside docs` had `ls /DOCS`): the router's
        // own runner-up makes it, on the one new path the request spells;
        // else nothing runs (in read-only mode the reply names F2).
        let reads = command.as_ref().is_some_and(|c| {
            matches!(
                self.role_of(c.applet),
                Some(Role::List | Role::ShowText | Role::ShowBytes)
            )
        });
        let makes_folder = any_word(asked, &["make", "create", "new", "add"])
            && any_word(asked, &["folder", "directory", "subfolder", "dir"]);
        if abstain.is_none() && reads && makes_folder && !named_first {
            let maker = self.doer(Role::MakeDir);
            let runner_up = maker.is_some_and(|m| own.contains(&Some(m)));
            match (maker, grounded.grounding.new_paths.as_slice()) {
                (Some(m), [p]) if runner_up => {
                    command = self
                        .table
                        .parse(&alloc::format!("{m} {}", command::quote(p)), self.mode)
                        .ok();
                    via = Via::Ridge;
                }
                _ if self.mode == Mode::ReadOnly => abstain = Some(Abstain::NeedsWriteMode),
                _ => abstain = Some(Abstain::Unsure),
            }
        }
        // The request a request asks about is the words after the one that
        // introduces it, whole (the model had taken `the logs` of `which
        // command would you pick for list the logs`), as typed.
        if let Some(c) = command.as_mut() {
            if self.role_of(c.applet) == Some(Role::Explain) && !named_first {
                if let (Some(inner), [command::Arg::Text(t)]) =
                    (ground::embedded_request(request), c.args.as_slice())
                {
                    if inner != *t {
                        c.args = alloc::vec![command::Arg::Text(inner)];
                    }
                }
            }
        }
        // A new picture or program beside a text file the line refers to,
        // or inside the text, is the text's, not where it goes (`append to
        // the photo list: IMG_0005.JPG my cat` had made /IMG_0005.JPG); a
        // file made by that name alone is the person's to name.
        let has_file_referent = grounded.grounding.referents.iter().any(|r| !r.is_dir);
        // A text to write or add that is no words to put there: the file's
        // own name, read once as the file and again as the text (`write to
        // the notes` would have written `notes` over them), or words
        // standing for a text not given (`add something to the todo`,
        // `write a poem to poem.txt`).
        if abstain.is_none()
            && command.as_ref().is_some_and(|c| {
                matches!(self.role_of(c.applet), Some(Role::Write | Role::Append))
                    && match c.args.as_slice() {
                        [command::Arg::Path(p), command::Arg::Text(t)] => {
                            (!self.is_live(p, false)
                                && names_a_picture(p)
                                && (has_file_referent
                                    || t.to_ascii_lowercase()
                                        .contains(&ground::basename(p).to_ascii_lowercase())))
                                || stands_for_a_text(t)
                                || names_the_file_only(asked, p, t)
                                || text_is_the_asking(asked, t)
                        }
                        _ => false,
                    }
            })
        {
            abstain = Some(Abstain::Unfilled);
        }
        // A rename to the name it has (`rename the faq` had moved it to the
        // top), or a move or copy to a place no name gives (`move the notes
        // file somewhere safe` had made /somewhere): no name was given.
        if abstain.is_none()
            && command.as_ref().is_some_and(|c| {
                matches!(self.role_of(c.applet), Some(Role::Move | Role::Copy))
                    && match c.args.as_slice() {
                        [command::Arg::Path(from), command::Arg::Path(to)] => {
                            let base = |p: &str| ground::basename(p).to_ascii_lowercase();
                            let to_base = base(to);
                            (any_word(asked, &["rename"]) && base(from) == to_base)
                                || matches!(
                                    to_base.as_str(),
                                    "somewhere"
                                        | "anywhere"
                                        | "elsewhere"
                                        | "safe"
                                        | "there"
                                        | "something"
                                        | "anything"
                                        | "whatever"
                                        | "better"
                                        | "shorter"
                                        | "longer"
                                        | "nicer"
                                        | "different"
                                        | "usual"
                                )
                        }
                        _ => false,
                    }
            })
        {
            abstain = Some(Abstain::Unfilled);
        }
        // Saying nothing back (a bare `echo`, a blank line) answers only a
        // request for a blank line: `just print OK back to me` has a text,
        // and a blank line is no answer to it.
        let says_blank = command
            .as_ref()
            .is_some_and(|c| self.role_of(c.applet) == Some(Role::Say) && c.args.is_empty());
        // Where the request offers one text only, that is what it asks to
        // have said (the model had ended the line at once).
        if abstain.is_none()
            && says_blank
            && !named_first
            && self.config.own_words
            && !grounded.grounding.texts.is_empty()
            && !any_word(asked, &["blank", "empty", "nothing", "newline", "new"])
        {
            match (grounded.grounding.texts.as_slice(), command.as_mut()) {
                ([text], Some(c)) if asks_to_say(asked) => {
                    c.args.push(command::Arg::Text(text.clone()));
                }
                _ => abstain = Some(Abstain::Unfilled),
            }
        }
        // A command for a line that says nothing of its applet
        // ([`Interpreter::says_nothing_of`]): `play some jazz` ran `clear`,
        // `who painted the mona lisa` `date`, `hello?? anyone home` `rm
        // /HELLO.TXT`.
        // The applet a request opens with decides it; another applet's
        // command (its own had nothing in the request to fill it) must
        // then be said as any other: `write a limerick` ran `mem`, while
        // `disk space` is `df` and `echo hi>notes.txt` a write.
        let named_other = named.is_some_and(|n| command.as_ref().is_some_and(|c| c.applet != n));
        // The learnt cue words are the corpus's; the words-only reader reads
        // more than them (letter trigrams, pairs): where it puts most of its
        // probability on the command's applet, the line does speak of it
        // (`List the PCI functions with their class codes`, `whats inside
        // the computer like what parts does it have`).
        let reader_backs = |c: &command::Command| {
            words_asked
                .as_deref()
                .is_some_and(|p| self.reader_mass(p, |x| x == c.applet) >= self.config.intent_cues)
        };
        // A line that opens with the name of an applet that takes no file
        // and no text, as an ordinary word, the rest of it about something
        // else (`history of the roman empire`, `clear soup recipe`): the
        // words-only reader, all but sure nothing fits, says so.
        let named_as_a_word = named_first
            && named.is_some_and(|n| !self.takes_path_or_text(n))
            && words(request).filter(|w| !w.is_empty()).count() >= 3
            && words_asked.as_deref().is_some_and(|p| {
                self.reader_mass(p, |x| x == crate::abstain::NOTHING_FITS)
                    >= self.config.intent_cues
            });
        if abstain.is_none() && named_as_a_word {
            abstain = Some(Abstain::NothingFits);
        }
        // A delete needs a word that deletes, whatever the words-only reader
        // makes of the rest (`my todo list is getting long` had deleted the
        // todo, both paths and the reader sure of `rm`).
        let unasked_delete = command.as_ref().is_some_and(|c| {
            self.role_of(c.applet) == Some(Role::Remove)
                && self.learnt(c.applet)
                && !asks_removal(&[asked, request], discards)
        });
        if abstain.is_none() && (!named_first || named_other) && self.config.cues {
            if let Some(c) = &command {
                if (!reader_backs(c) || unasked_delete)
                    && self.says_nothing_of(c, &grounded, &[asked, request], discards)
                {
                    // The sure router's own command, where the request does
                    // speak of it and the words-only reader backs it, is the
                    // answer the model's reading hid
                    // (`New Folder, name it Screenshots`: router `mkdir
                    // /Screenshots`, model `clear`).
                    let spoken = ridge
                        .as_ref()
                        .filter(|r| r.confidence >= self.config.threshold)
                        .and_then(|r| r.command.as_ref().ok())
                        .filter(|r| {
                            r.applet != c.applet
                                && reader_backs(r)
                                && !self.says_nothing_of(r, &grounded, &[asked, request], discards)
                        })
                        .cloned();
                    match spoken {
                        Some(r) => {
                            command = Some(r);
                            via = Via::Ridge;
                        }
                        None => abstain = Some(Abstain::NothingFits),
                    }
                }
            }
        }
        // Help about an applet the request neither names nor describes is
        // help about something it did not ask: `how do i use this thing, is
        // there a guide somewhere` got `help history`. The applet stays when
        // a word of the request is its name (as typed or as read), or when
        // the words-only reader's first applet other than help is it (`how
        // do i make a folder` describes `mkdir`); otherwise the answer is
        // the whole help.
        let mut help_unasked = false;
        // (Named or not: `help me` before another verb asks for a hand.)
        if abstain.is_none()
            && crate::framing::asks_help_with_other(request)
            && command
                .as_ref()
                .is_some_and(|c| self.role_of(c.applet) == Some(Role::Help))
        {
            abstain = Some(Abstain::NothingFits);
        }
        if let Some(c) = command.as_mut() {
            if self.role_of(c.applet) == Some(Role::Help) {
                let unasked = c.args.iter().any(|a| match a {
                    command::Arg::Word(w) if self.table.get_any(w).is_some() => {
                        !any_word(asked, &[w])
                            && !any_word(request, &[w])
                            && !words_typed.as_deref().is_some_and(|p| self.describes(w, p))
                    }
                    _ => false,
                });
                if unasked {
                    c.args.clear();
                    help_unasked = true;
                }
            }
        }
        // An applet's name the request says only as an ordinary noun (`a
        // cat`, `my history`, `the clear skies`) is no question about that
        // applet: `average lifespan of a cat` is no `help cat`. Said bare
        // (`how do i use cat`), or as a command (`the cat command`), it is.
        if abstain.is_none() && !named_first {
            let about = command.as_ref().and_then(|c| {
                (self.role_of(c.applet) == Some(Role::Help))
                    .then(|| {
                        c.args.iter().find_map(|a| match a {
                            command::Arg::Word(w) if self.table.get_any(w).is_some() => Some(*w),
                            _ => None,
                        })
                    })
                    .flatten()
            });
            if let Some(name) = about {
                // `How I use the mkdir?` asks about it all the same.
                let asks_usage = any_word(
                    asked,
                    &[
                        "use", "usage", "using", "used", "works", "work", "does", "explain",
                        "help", "syntax", "options", "manual", "man",
                    ],
                );
                if only_as_a_noun(asked, name) && !asks_usage {
                    abstain = Some(Abstain::NothingFits);
                }
            }
        }
        // The words the person would say, after `if I say` (`… what you
        // would do if I say remove the guide` had explained `if`): the
        // request explained, as typed, to the clause's end.
        if let Some(c) = command.as_mut().filter(|c| {
            self.role_of(c.applet) == Some(Role::Explain)
                && matches!(c.args.as_slice(), [command::Arg::Text(_)])
        }) {
            let lower = request.to_ascii_lowercase();
            let said = ["if i say ", "if i said ", "if i type ", "if i typed "]
                .iter()
                .find_map(|p| lower.find(p).map(|at| at + p.len()));
            if let Some(at) = said {
                let rest = &request[at..];
                // (A full stop ends it only as a sentence's: `notes.txt`.)
                let stop = rest
                    .char_indices()
                    .find(|&(i, ch)| {
                        matches!(ch, '?' | ',' | ';' | '!')
                            || (ch == '.'
                                && rest[i + 1..].chars().next().is_none_or(char::is_whitespace))
                    })
                    .map_or(rest.len(), |(i, _)| i);
                let end = stop;
                let words = rest[..end].trim().trim_matches(['"', '\'', '`']);
                let [command::Arg::Text(t)] = c.args.as_mut_slice() else {
                    unreachable!()
                };
                if words.split_whitespace().count() >= 2 && !words.contains('"') {
                    *t = words.into();
                }
            }
        }
        // Help with no topic for a line that names one job by its verb
        // (`how do I use copy`, `help with rename`): help on the applet
        // that does it.
        if let Some(c) = command
            .as_mut()
            .filter(|c| self.role_of(c.applet) == Some(Role::Help) && c.args.is_empty())
            .filter(|_| abstain.is_none())
        {
            let roles: Vec<Role> = lower_words(asked)
                .iter()
                .filter_map(|w| match w.as_str() {
                    "copy" | "copying" | "copies" => Some(Role::Copy),
                    "rename" | "renaming" | "renames" | "move" | "moving" => Some(Role::Move),
                    "delete" | "deleting" | "remove" | "removing" | "erase" => Some(Role::Remove),
                    _ => None,
                })
                .collect();
            if let [first, rest @ ..] = roles.as_slice() {
                if rest.iter().all(|r| r == first) {
                    if let Some(a) = self.doer(*first) {
                        c.args.push(command::Arg::Word(a));
                    }
                }
            }
        }
        // In read-only mode, saying back a text the request puts into a file
        // it refers to, explaining the request or dumping the file's bytes
        // is no answer to it (`add a new entry to the photo list:
        // IMG_0005.JPG beach` had echoed the entry, `add milk to the todo
        // list` explained itself, `one more thing for the notes: coffee
        // machine is broken` dumped the notes): that is a write, and the
        // reply points at F2. So is any answer to a quoted text that a
        // placing verb puts on, in or into something other than the screen
        // (`Would you kindly put "bingo Tuesday" on my list` had listed the
        // root).
        let stands_in = command
            .as_ref()
            .is_some_and(|c| match self.role_of(c.applet) {
                Some(Role::Say) => true,
                Some(Role::Explain) => !asks_to_route(asked),
                Some(Role::ShowBytes) => !wants_bytes(asked),
                _ => false,
            });
        // (Not a line that opens by asking to say it: `say: Meeting notes,
        // 2 December 2026` says those words.)
        let stands_in_for_a_write = (stands_in
            && !said_as_typed
            && !opens_with_say(asked)
            && grounded.grounding.referents.iter().any(|r| !r.is_dir)
            && !grounded.grounding.texts.is_empty()
            && (adds_to_end(asked)
                || asked.contains(':')
                || any_word(
                    asked,
                    &[
                        "write", "put", "save", "store", "paste", "insert", "record", "note",
                    ],
                )))
            || (command.is_some() && places_quoted_text(typed));
        if abstain.is_none() && self.mode == Mode::ReadOnly && !named_first && stands_in_for_a_write
        {
            abstain = Some(Abstain::NeedsWriteMode);
        }
        // In read-only mode an applet-name argument names only reachable
        // applets, so a question about a write applet (`how do i use rm`)
        // would get another applet's help (`help clear`): the person asked
        // about a write, and the reply points at F2 instead.
        if abstain.is_none() && self.mode == Mode::ReadOnly {
            let other_applet = help_unasked
                || command.as_ref().is_some_and(|c| {
                    c.args.iter().any(|a| match a {
                        command::Arg::Word(w) => {
                            self.table.get(w, self.mode).is_some() && !any_word(request, &[&**w])
                        }
                        _ => false,
                    })
                });
            let asks_of_write = self.table.all().any(|a| {
                a.spec().writes
                    && self.table.get(a.spec().name, self.mode).is_none()
                    && any_word(request, &[a.spec().name])
            });
            if other_applet && asks_of_write {
                abstain = Some(Abstain::NeedsWriteMode);
            }
            // The whole help for a question about doing a change in so
            // many words (`what's the command for getting rid of a file, and
            // how do I use it`) answers a write's question too.
            let whole_help = command
                .as_ref()
                .is_some_and(|c| self.role_of(c.applet) == Some(Role::Help) && c.args.is_empty());
            if abstain.is_none() && whole_help && change_verb_anywhere(&without_quoted_text(asked))
            {
                abstain = Some(Abstain::NeedsWriteMode);
            }
        }
        // A question how a file or folder is handled (`how do i make a
        // folder on this`, `What's the command to copy a file?`) is answered
        // by the help of the applet that does it: the router's, or the
        // grammar's. Not one asked to be done (`… just do it`), nor one
        // about anything but files (`how do i remove a red wine stain`).
        // (An applet named as the verb asked about is asked about too: `i
        // want to write something down, how does writing a file work?` had
        // written "how" to /work.)
        if abstain != Some(Abstain::NeedsWriteMode)
            && missing.is_none()
            && asks_how_a_file_job_is_done(request)
        {
            let file_job = |a: &str| {
                matches!(
                    self.role_of(a),
                    Some(
                        Role::ShowText
                            | Role::ShowBytes
                            | Role::List
                            | Role::Write
                            | Role::Append
                            | Role::Remove
                            | Role::Move
                            | Role::Copy
                            | Role::MakeDir
                    )
                )
            };
            // (Not a request to route that the paths read as one: `what
            // command for list my files`, a quoted one.)
            let routes_a_job = |c: &command::Command| {
                self.role_of(c.applet) == Some(Role::Explain)
                    && c.args.iter().any(|a| {
                        matches!(a, command::Arg::Text(t)
                            if file_job_asked(t).is_some() && !any_phrase(t, &GENERIC_THINGS))
                    })
            };
            let routed =
                ridge_cmd.is_some_and(routes_a_job) || grammar.as_ref().is_ok_and(routes_a_job);
            let named_job = file_job_asked(&without_quoted_text(asked))
                .filter(|_| !routed && !asked.contains(['"', '\u{201c}']))
                .and_then(|r| self.doer(r));
            let heard = named_job
                .or_else(|| {
                    ridge
                        .as_ref()
                        .filter(|r| r.confidence >= self.config.unsure && file_job(r.applet))
                        .map(|r| r.applet)
                })
                .or_else(|| {
                    grammar
                        .as_ref()
                        .ok()
                        .filter(|g| file_job(g.applet))
                        .map(|g| g.applet)
                });
            // In read-only mode a job only a write does (`how do I delete a
            // file?`) points at F2, whoever the paths heard.
            let write_job = self.mode == Mode::ReadOnly
                && !routed
                && file_job_asked(&without_quoted_text(asked))
                    .is_some_and(|r| self.doer(r).is_none());
            if write_job {
                command = None;
                via = Via::Neither;
                abstain = Some(Abstain::NeedsWriteMode);
            }
            let help = self.doer(Role::Help);
            if let (Some(a), Some(h)) = (heard.filter(|_| !write_job), help) {
                if self.table.get(a, self.mode).is_some() {
                    if let Ok(c) = self.table.parse(&alloc::format!("{h} {a}"), self.mode) {
                        command = Some(c);
                        via = Via::Grammar;
                        abstain = None;
                    }
                }
            }
        }
        // The two paths disagree or found nothing to fill, and the line
        // opens by asking to see the one live file it refers to, every
        // word it says of a live name being that file's (`show me the notes
        // from the meeting on the second`, `pull up the notes from the
        // December 2 meeting`): that file is shown. Reading changes nothing;
        // a file reached by one word of its name among others (`open the
        // note from the meeting` reached the notes, and said `meeting`) is
        // not this sure.
        if matches!(
            abstain,
            Some(Abstain::Unsure | Abstain::NoFile | Abstain::Unfilled | Abstain::NothingFits)
        ) && missing.is_none()
            && !named_first
            && !discards
            && !declines_a_read(asked)
            && (leads_with_reading(asked)
                || asks_whats_in(asked)
                || asks_what_thing_says(asked)
                || asks_to_see_anywhere(asked)
                || opens_with_a_thing(asked))
        {
            if let [only] = grounded.grounding.referents.as_slice() {
                let name_words = path_words(&only.path);
                let its = |w: &str| name_words.iter().any(|n| same_word(n, w));
                let said: Vec<alloc::string::String> = words(asked)
                    .filter(|w| w.len() >= 3)
                    .map(|w| w.to_ascii_lowercase())
                    .filter(|w| is_a_live_word(&self.paths, w))
                    .collect();
                let all_its = !said.is_empty() && said.iter().all(|w| its(w));
                let firm = !grounded.weak.contains(&only.path)
                    && grounded.by_content.as_deref() != Some(only.path.as_str())
                    && grounded.titled.as_deref() != Some(only.path.as_str());
                // (A file reached by what a name stands for, no live
                // word said: `what jobs are on the to-do`.)
                let described = said.is_empty() && firm;
                // (Or found by what it holds, and asked to be opened:
                // `which file tells you about tab? open that`.)
                let found_and_opened = grounded.by_content.as_deref() == Some(only.path.as_str())
                    && asks_to_see_anywhere(asked);
                if !only.is_dir
                    && (all_its || described || found_and_opened)
                    && (firm || said.len() >= 2 || found_and_opened)
                {
                    if let Some(show) = self.doer(Role::ShowText) {
                        if let Ok(c) = self.table.parse(
                            &command::render(&command::Command {
                                applet: show,
                                args: alloc::vec![command::Arg::Path(only.path.clone())],
                            }),
                            self.mode,
                        ) {
                            command = Some(c);
                            via = Via::Grammar;
                            abstain = None;
                        }
                    }
                }
            }
        }
        // One live file put into one live folder it is not in (`drop the
        // hello file in the logs folder`, `stow the photo list in the docs
        // locker`, `Put the todo list in the map DOCS`), by a line that asks
        // no copy, no delete and no question: it is moved there, whatever
        // the paths made of the verb (`rm`, a write of the folder's name).
        if !named_first && missing.is_none() {
            if let Some((file, dest)) = placed_into(asked, &grounded, &self.paths) {
                let mv = self
                    .table
                    .all()
                    .find(|a| a.spec().role == Some(Role::Move))
                    .map(|a| a.spec().name);
                let moved = command.as_ref().is_some_and(|c| {
                    self.role_of(c.applet) == Some(Role::Move)
                        && c.args.iter().any(
                            |a| matches!(a, command::Arg::Path(p) if command::same_path(p, &dest)),
                        )
                });
                match mv {
                    Some(_) if moved => {
                        if matches!(abstain, Some(Abstain::Unsure | Abstain::NothingFits)) {
                            abstain = None;
                        }
                    }
                    Some(_) if self.mode == Mode::ReadOnly => {
                        command = None;
                        via = Via::Neither;
                        abstain = Some(Abstain::NeedsWriteMode);
                    }
                    Some(name) => {
                        if let Ok(c) = self.table.parse(
                            &command::render(&command::Command {
                                applet: name,
                                args: alloc::vec![
                                    command::Arg::Path(file.path.clone()),
                                    command::Arg::Path(dest),
                                ],
                            }),
                            self.mode,
                        ) {
                            command = Some(c);
                            via = Via::Grammar;
                            abstain = None;
                        }
                    }
                    None => {}
                }
            }
        }
        // A file read, removed, copied or moved by one word of its name
        // where another live file's name is that word and more, every word
        // of which the request says (`the meeting is over, get rid of its
        // notes`: the meeting notes, not /NOTES.TXT): the request said the
        // longer name, only apart. Not for a write or an addition, whose
        // text may hold the other words (`add meeting at 3 to my notes`).
        if abstain.is_none() {
            if let Some(c) = command.as_mut() {
                let moves_or_reads = matches!(
                    self.role_of(c.applet),
                    Some(Role::ShowText | Role::ShowBytes | Role::Remove | Role::Copy | Role::Move)
                );
                if moves_or_reads {
                    let name_words = |p: &str| path_words(p.rsplit('/').next().unwrap_or(p));
                    if let Some(command::Arg::Path(p)) = c.args.first_mut() {
                        let mine = name_words(p);
                        // Only the sentence that names it: `show me the notes,
                        // I need them for the meeting` is no meeting notes.
                        let clauses = subject_clauses(asked);
                        let said = clauses
                            .iter()
                            .find(|c| mine.iter().all(|m| c.iter().any(|w| same_word(w, m))))
                            .cloned()
                            .unwrap_or_else(|| clauses.concat());
                        let says = |n: &String| said.iter().any(|w| same_word(w, n));
                        let longer = self.paths.iter().filter(|e| !e.is_dir).find(|e| {
                            let theirs = name_words(&e.path);
                            !command::same_path(&e.path, p)
                                && !mine.is_empty()
                                && theirs.len() > mine.len()
                                && mine.iter().all(|m| theirs.contains(m))
                                && theirs.iter().all(says)
                        });
                        if let Some(e) = longer {
                            *p = e.path.clone();
                        }
                    }
                }
            }
        }
        // A file asked to be loaded as the model (`try loading the guide as
        // a model file, i want to see the error`, `load the hello file as a
        // model`) is the model applet's `load` of that one file, whatever
        // the paths made of `as` (a copy to a new name).
        if missing.is_none()
            && !discards
            && (any_word(asked, &["load", "loading", "loaded"])
                || any_phrase(
                    asked,
                    &[
                        "as the model",
                        "as the new model",
                        "as a model",
                        "as model",
                        "as my model",
                    ],
                ))
            && any_word(asked, &["model", "weights", "gguf"])
            && matches!(abstain, None | Some(Abstain::Unsure | Abstain::NothingFits))
        {
            if let ([only], Some(m)) = (
                grounded.grounding.referents.as_slice(),
                self.doer(Role::Model),
            ) {
                if !only.is_dir {
                    // With the context it says (`with a 2048 token context`).
                    let w = lower_words(asked);
                    let ctx = w.windows(2).find_map(|p| {
                        (matches!(p[1].as_str(), "token" | "tokens" | "context" | "ctx"))
                            .then(|| p[0].parse::<u32>().ok())
                            .flatten()
                    });
                    let line = match ctx {
                        Some(n) => {
                            alloc::format!("{m} load {} --ctx {n}", command::quote(&only.path))
                        }
                        None => alloc::format!("{m} load {}", command::quote(&only.path)),
                    };
                    if let Ok(c) = self.table.parse(&line, self.mode) {
                        command = Some(c);
                        via = Via::Grammar;
                        abstain = None;
                    }
                }
            }
        }
        // A change refused and a look asked instead (`boot log, don't
        // delete, just show`, `don't delete nothing, only show me the hello
        // file`): the look is the request, of the file the line names.
        let only_looks = {
            let w = lower_words(asked);
            w.iter().enumerate().any(|(i, x)| {
                matches!(x.as_str(), "just" | "only")
                    && w.get(i + 1).is_some_and(|v| {
                        matches!(
                            v.as_str(),
                            "show" | "open" | "display" | "read" | "view" | "see" | "look"
                        )
                    })
            })
        };
        if only_looks
            && missing.is_none()
            && [asked, request]
                .iter()
                .any(|l| matches!(asks_no_change(l), Some("refused" | "declined")))
        {
            if let Some(show) = self.doer(Role::ShowText) {
                if let Some(c) = self
                    .decode_as(&prompt, Some(show), should_cancel)?
                    .filter(|c| {
                        matches!(c.args.first(), Some(command::Arg::Path(p)) if self.is_live(p, false))
                    })
                {
                    command = Some(c);
                    via = Via::Grammar;
                    abstain = None;
                }
            }
        }
        // A change the line does not ask for: refused in so many words,
        // told as done, weighed, said of the person or sent where nothing
        // here reaches (`asks_no_change`). Nothing runs; in read-only mode
        // no F2 either, since no write was asked.
        let changes = command.as_ref().is_some_and(|c| {
            self.table
                .get_any(c.applet)
                .is_some_and(|a| a.spec().writes)
                || matches!(self.role_of(c.applet), Some(Role::PowerOff | Role::Restart))
        });
        // What a text the command writes says is no reason of the line's:
        // the line is read without it (the colon's text of a power-off is
        // someone's words, read whole: `my boss said: reboot the server
        // tonight`).
        let gives_text = command.as_ref().is_some_and(|c| {
            matches!(
                self.role_of(c.applet),
                Some(Role::Write | Role::Append | Role::Say)
            )
        });
        let asking = |l: &str| {
            if gives_text {
                asking_part(l)
            } else {
                l.to_string()
            }
        };
        // (Put off, even after the applet's name: `reboot later`; a habit
        // told with it: `I write in the notes every day`.)
        let put_off = [asked, request].iter().any(|l| {
            matches!(
                asks_no_change(&asking(l)),
                Some("put off" | "habit" | "mocked" | "declined")
            )
        });
        // A file sent where nothing here reaches is no file to read either
        // (`text the meeting notes to anna` had shown them).
        let sent_away = command.is_some()
            && lower_words(asked)
                .iter()
                .find(|x| !is_politeness(x))
                .is_some_and(|v| {
                    matches!(
                        v.as_str(),
                        "text"
                            | "email"
                            | "e-mail"
                            | "mail"
                            | "fax"
                            | "sms"
                            | "whatsapp"
                            | "forward"
                    )
                })
            && [asked, request]
                .iter()
                .any(|l| asks_no_change(l) == Some("sent elsewhere"));
        if (changes || abstain == Some(Abstain::NeedsWriteMode) || sent_away)
            && (!named_first || put_off)
            && self.config.own_words
            && [asked, request]
                .iter()
                .any(|l| asks_no_change(&asking(l)).is_some())
        {
            command = None;
            via = Via::Neither;
            abstain = Some(Abstain::NothingFits);
        }
        // Paper is out of reach: a line asking for a printout (`print the
        // whole book on paper, with pictures` had shown the faq) is no
        // screen's text, whichever file or words the paths found.
        let on_paper = any_word(request, &["printer", "printout", "printouts"])
            || any_phrase(request, &["on paper", "paper copy", "hard copy"]);
        if on_paper
            && !named_first
            && self.config.own_words
            && command
                .as_ref()
                .is_some_and(|c| matches!(self.role_of(c.applet), Some(Role::Say | Role::ShowText)))
        {
            command = None;
            via = Via::Neither;
            abstain = Some(Abstain::NothingFits);
        }
        // A deletion among two files the line refers to is not guessed:
        // which one goes is asked (`… a to-do list … the first one mentions
        // a guide, but I'd like the whole list gone` had deleted the guide;
        // a correction the correction reader missed had deleted the file
        // taken back).
        let removes_among_two = abstain.is_none()
            && !named_first
            && command.as_ref().is_some_and(|c| {
                self.role_of(c.applet) == Some(Role::Remove)
                    && grounded
                        .grounding
                        .referents
                        .iter()
                        .filter(|r| !r.is_dir)
                        .count()
                        >= 2
            });
        if removes_among_two && self.config.own_words {
            command = None;
            via = Via::Neither;
            abstain = Some(Abstain::Unsure);
        }
        // Pictures asked for are no list of them: a text file reached only by
        // a picture word of its long name (`open the photos of the baby`
        // had shown the photo list) is not what the line wants to see.
        const PICTURES: &[&str] = &[
            "photo",
            "photos",
            "picture",
            "pictures",
            "pic",
            "pics",
            "image",
            "images",
            "snapshot",
            "snapshots",
            "foto",
            "fotos",
        ];
        let pictures_not_listed = abstain.is_none()
            && !named_first
            && any_word(asked, PICTURES)
            && !change_verb_anywhere(&without_quoted_text(asked))
            && !any_word(
                asked,
                &[
                    "list", "lists", "listed", "listing", "names", "file", "which",
                ],
            )
            && command.as_ref().is_some_and(|c| {
                matches!(
                    self.role_of(c.applet),
                    Some(Role::ShowText | Role::ShowBytes)
                ) && c.args.iter().any(|a| {
                    matches!(a, command::Arg::Path(p)
                            if grounded.weak.iter().any(|w| command::same_path(w, p))
                                && p.to_ascii_lowercase().ends_with(".txt"))
                })
            });
        if pictures_not_listed && self.config.own_words {
            command = None;
            via = Via::Neither;
            abstain = Some(Abstain::NoFile);
        }
        // A restart or power-off asked to be called off (`cancel the
        // reboot`, `abort the shutdown`, `call off the restart`) is none to
        // run: nothing here is pending, and running it is the opposite of
        // what was asked (all three had run it).
        let calls_off = command.as_ref().is_some_and(|c| {
            matches!(self.role_of(c.applet), Some(Role::Restart | Role::PowerOff))
                && !named_first
                && [asked, request].iter().any(|l| {
                    let w = lower_words(l);
                    let v = w.iter().position(|x| !is_politeness(x));
                    v.is_some_and(|i| {
                        matches!(w[i].as_str(), "cancel" | "abort" | "undo" | "revoke")
                            || (matches!(w[i].as_str(), "call" | "hold")
                                && w.get(i + 1).is_some_and(|x| x == "off"))
                    })
                })
        });
        if calls_off && self.config.own_words {
            command = None;
            via = Via::Neither;
            abstain = Some(Abstain::NothingFits);
        }
        // A file's bytes are asked for in words of bytes (bytes, hex, raw,
        // a dump, `xxd`, `od`, line endings, …): 285 of the 289 hand-written
        // rows that wanted them said one. Without one, the file is asked to
        // be seen (`Notes, bitte. Only the notes.` had dumped its bytes),
        // unless it is asked away.
        let bytes_unasked = command.as_ref().is_some_and(|c| {
            self.role_of(c.applet) == Some(Role::ShowBytes)
                && !named_first
                && !asks_for_bytes(request)
        });
        if bytes_unasked && self.config.own_words {
            let shown = match (
                command.as_ref().and_then(|c| c.args.first()),
                self.doer(Role::ShowText),
            ) {
                (Some(command::Arg::Path(p)), Some(show)) if !discards => {
                    self.checked(show, alloc::vec![command::Arg::Path(p.clone())])
                }
                _ => None,
            };
            match shown {
                Some(c) => command = Some(c),
                None => {
                    command = None;
                    via = Via::Neither;
                    // (Asked away in read-only mode: only a write does that.)
                    abstain = Some(if discards && self.mode == Mode::ReadOnly {
                        Abstain::NeedsWriteMode
                    } else {
                        Abstain::Unsure
                    });
                }
            }
        }
        // A change of a file spelt by a whole path that is not live
        // (`delete /GUIDE.TXT`, the guide being /DOCS/GUIDE.TXT): that path
        // is missing, never the file of that name elsewhere. Reading it is
        // still the file of that name (`cat /GUIDE.TXT` shows the guide).
        if changes && command.is_some() && missing.is_none() {
            let spelt_elsewhere = request.split_whitespace().find_map(|t| {
                let t =
                    t.trim_matches(|c: char| matches!(c, '"' | '\'' | ',' | '.' | '?' | '!' | ';'));
                let whole = t.starts_with('/') && t.len() > 1 && t[1..].contains('.');
                let live = self.paths.iter().any(|e| command::same_path(&e.path, t));
                let used = command.as_ref().is_some_and(|c| {
                    c.args.iter().any(|a| {
                        matches!(a, command::Arg::Path(p)
                            if !command::same_path(p, t)
                                && p.rsplit('/').next().is_some_and(|b| {
                                    command::same_path(b, t.rsplit('/').next().unwrap_or(t))
                                })
                                && self.is_live(p, false))
                    })
                });
                (whole && !live && used).then(|| alloc::string::String::from(t))
            });
            if let Some(name) = spelt_elsewhere {
                missing = Some(self.missing_file(name));
                command = None;
                via = Via::Neither;
            }
        }
        // A text that is only the line's first word, its verb (`Produce the
        // contract.txt file` had written "Produce" into a new file): no text
        // the person gave.
        // (Said on the screen it may come first: `ping show on screen`.)
        let to_a_file = command
            .as_ref()
            .is_some_and(|c| c.args.iter().any(|a| matches!(a, command::Arg::Path(_))));
        let verb_only = to_a_file
            && command.as_ref().and_then(copied_text).is_some_and(|t| {
                let first = asked
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .trim_matches(|c: char| !c.is_alphanumeric());
                asked.split_whitespace().count() > 2
                    && t.trim_matches('"').eq_ignore_ascii_case(first)
            });
        if verb_only && !named_first {
            command = None;
            via = Via::Neither;
            abstain = Some(Abstain::Unsure);
        }
        // `route` only for a request asked to be explained (`asks_the_route`):
        // otherwise the router's own applet (`as sysadmin i command thee to
        // list the pci devices`: lspci at 0.99), or its runner-up, or
        // nothing.
        let explained = |c: &command::Command| self.quotes_a_request(c.applet);
        if command.as_ref().is_some_and(explained)
            && abstain.is_none()
            && !named_first
            && !asks_the_route(asked)
            && !asks_the_route(request)
        {
            let other = ridge.as_ref().and_then(|r| {
                let own = !self.quotes_a_request(r.applet);
                let other = if own {
                    Some(r.applet)
                } else {
                    r.second.filter(|(_, p)| *p >= 0.2).map(|(a, _)| a)
                };
                // (Only a command that changes nothing: the router's
                // second thought is no ground for a change; unless the line
                // opens with that change's own verb: `rename hello to
                // hi.txt`.)
                other.filter(|a| {
                    (self.table.get_any(a).is_some_and(|x| !x.spec().writes)
                        || (opened_as.is_some() && self.role_of(a) == opened_as))
                        && !matches!(self.role_of(a), Some(Role::PowerOff | Role::Restart))
                })
            });
            let redone = match other {
                Some(a) => self.decode_as(&prompt, Some(a), should_cancel)?,
                None => None,
            };
            match redone {
                Some(c) => {
                    command = Some(c);
                    via = Via::Ridge;
                }
                None => {
                    command = None;
                    via = Via::Neither;
                    abstain = Some(Abstain::Unsure);
                }
            }
        }
        let mut make_unnamed = false;
        // A file the line makes is the name it spells, never a live file a
        // word of the name or of the text describes (`make a file Notes
        // 2.txt with first draft` had written over the notes, `create
        // note.txt with the text: the todo is …` over the todo).
        if let Some(c) = command.as_mut().filter(|c| {
            self.role_of(c.applet) == Some(Role::Write)
                && matches!(c.args.first(), Some(command::Arg::Path(p)) if self.is_live(p, false))
        }) {
            let lower = asked.to_ascii_lowercase();
            let spelled = |q: &str| {
                let base = q.rsplit('/').next().unwrap_or(q).to_ascii_lowercase();
                !base.is_empty() && lower.contains(base.as_str())
            };
            let makes = any_word(
                asked,
                &["create", "make", "new", "creating", "making", "start"],
            );
            let target = match c.args.first() {
                Some(command::Arg::Path(p)) => p.clone(),
                _ => String::new(),
            };
            if makes && !spelled(&target) {
                let fresh: Vec<&String> = grounded
                    .grounding
                    .new_paths
                    .iter()
                    .filter(|q| !self.is_live(q, false) && !self.is_live(q, true) && spelled(q))
                    .collect();
                match fresh.as_slice() {
                    [q] => c.args[0] = command::Arg::Path((*q).clone()),
                    // `create a file and write hello in it`: a new file and
                    // no name for it; the hello file is no answer.
                    // (Unless the file is named outside the text: `create a
                    // file hello file with the text …`.)
                    [] if ["a file", "new file", "a new one", "an empty file"]
                        .iter()
                        .any(|p| lower.contains(p))
                        && {
                            let text = copied_text(c).unwrap_or("").to_ascii_lowercase();
                            let rest = lower.replacen(text.as_str(), " ", 1);
                            !path_words(&target)
                                .iter()
                                .any(|n| lower_words(&rest).iter().any(|w| same_word(w, n)))
                        } =>
                    {
                        make_unnamed = true;
                    }
                    _ => {}
                }
            } else if makes {
                // `create guide.txt with step one`: a name made where no
                // folder is said is made at the root, not over the file of
                // that name in DOCS.
                if let Some((dir, base)) = target.rsplit_once('/').filter(|(d, _)| !d.is_empty()) {
                    // (Words of paths typed too: `to /DOCS/FAQ.TXT` names FAQ.)
                    let said = path_words(asked);
                    let folder_said = path_words(dir)
                        .iter()
                        .any(|d| said.iter().any(|w| same_word(w, d)));
                    let typed = asked.split_whitespace().find_map(|t| {
                        let t = t.trim_matches(|c: char| matches!(c, '"' | '\'' | ',' | '.' | ':'));
                        t.eq_ignore_ascii_case(base).then_some(t)
                    });
                    if let (false, Some(t)) = (folder_said, typed) {
                        let fresh = alloc::format!("/{t}");
                        if !self.is_live(&fresh, false) && !self.is_live(&fresh, true) {
                            c.args[0] = command::Arg::Path(fresh);
                        }
                    }
                }
            }
        }
        if make_unnamed {
            command = None;
            via = Via::Neither;
            abstain = Some(Abstain::Unsure);
        }
        // A text put into a file the volume holds, however the command was
        // settled (`put hi in the photo list` had written over the list): a
        // line more, unless a word says to replace it.
        if let Some(c) = command.as_mut().filter(|c| {
            self.role_of(c.applet) == Some(Role::Write)
                && matches!(c.args.first(), Some(command::Arg::Path(p)) if self.is_live(p, false))
        }) {
            let same_slots = |a: &str, b: &str| {
                let kinds = |n: &str| {
                    self.table
                        .get_any(n)
                        .map(|x| x.spec().slots.iter().map(|s| s.kind).collect::<Vec<_>>())
                };
                kinds(a).is_some() && kinds(a) == kinds(b)
            };
            // (The words before the text say whether it replaces: `note in
            // the todo that the car needs new tires` adds a line.)
            let head = [" that ", ":", " saying "]
                .iter()
                .filter_map(|k| asked.find(k))
                .min()
                .map_or(asked, |i| &asked[..i]);
            let lower = asked.to_ascii_lowercase();
            // (`write down call Bob in the todo` notes a line too, though it
            // opens with the applet's name.)
            let down = lower.contains("write down")
                || lower.contains("jot down")
                // (`write a note saying milk in the todo`.)
                || lower.contains("write a note")
                || lower.contains("jot a note");
            let noted = notes_in(&lower) || down;
            if (puts_into(asked) || noted) && !replaces(head) && (!named_first || down) {
                if let Some(append) = self.doer(Role::Append).filter(|a| same_slots(a, c.applet)) {
                    c.applet = append;
                }
            }
        }
        // A note asked to be written, with nowhere said to show it, is no
        // echo (`I need to write a note saying call bob` had printed it, as
        // if saved): a write, which needs a name here, or F2.
        if abstain.is_none()
            && command
                .as_ref()
                .is_some_and(|c| self.role_of(c.applet) == Some(Role::Say))
        {
            let lw = lower_words(asked);
            let writes_a_note = lw.windows(3).any(|p| {
                matches!(p[0].as_str(), "write" | "save" | "jot" | "make" | "take")
                    && matches!(p[1].as_str(), "a" | "down")
                    && matches!(p[2].as_str(), "note" | "memo" | "reminder")
            });
            let shown = lw.iter().any(|w| {
                matches!(
                    w.as_str(),
                    "screen"
                        | "display"
                        | "console"
                        | "terminal"
                        | "aloud"
                        | "back"
                        | "out"
                        | "say"
                        | "echo"
                        | "print"
                        | "show"
                        | "repeat"
                )
            });
            if writes_a_note && !shown {
                command = None;
                via = Via::Neither;
                abstain = Some(if self.mode == Mode::ReadOnly {
                    Abstain::NeedsWriteMode
                } else {
                    Abstain::Unsure
                });
            }
        }
        // A copy nobody asked for, in a line that asks to see a file
        // (`would it be too much to ask to see the boot log` had copied it to
        // the root): the file shown.
        if abstain.is_none() && !named_first {
            let src = command.as_ref().and_then(|c| match c.args.first() {
                Some(command::Arg::Path(p)) if self.role_of(c.applet) == Some(Role::Copy) => {
                    Some(p.clone())
                }
                _ => None,
            });
            let copy_said = any_word(
                asked,
                &[
                    "copy",
                    "copies",
                    "copied",
                    "copying",
                    "cp",
                    "duplicate",
                    "duplicated",
                    "backup",
                    "back",
                    "clone",
                    "twin",
                    "replicate",
                    "dupe",
                    "spare",
                    "another",
                    "second",
                    "version",
                    "keep",
                    "save",
                ],
            );
            let see_said = any_word(
                asked,
                &["see", "show", "view", "read", "open", "look", "display"],
            );
            if let (Some(src), false, true) = (src, copy_said, see_said) {
                command = self.doer(Role::ShowText).and_then(|a| {
                    self.table
                        .parse(&alloc::format!("{a} {}", command::quote(&src)), self.mode)
                        .ok()
                });
                if command.is_none() {
                    abstain = Some(Abstain::Unsure);
                }
            }
        }
        // A restart or a power-off is asked by a word of its own before any
        // word that deletes: `delete everything on the disk, I want a fresh
        // start` asks a deletion no applet does, not a reboot.
        if abstain.is_none()
            && command.as_ref().is_some_and(|c| {
                matches!(self.role_of(c.applet), Some(Role::Restart | Role::PowerOff))
            })
        {
            let lw = lower_words(asked);
            let deletes = lw.iter().position(|w| {
                matches!(
                    w.as_str(),
                    "delete" | "remove" | "erase" | "wipe" | "rm" | "del" | "trash" | "format"
                )
            });
            let powers = lw.iter().position(|w| {
                matches!(
                    w.as_str(),
                    "restart"
                        | "reboot"
                        | "reset"
                        | "boot"
                        | "shut"
                        | "shutdown"
                        | "power"
                        | "poweroff"
                        | "off"
                        | "halt"
                        | "turn"
                        | "switch"
                        | "cycle"
                        | "bounce"
                        | "sleep"
                        | "kill"
                        | "quit"
                        | "exit"
                        | "restarting"
                        | "rebooting"
                )
            });
            if deletes.is_some_and(|d| powers.is_none_or(|p| d < p)) {
                command = None;
                via = Via::Neither;
                abstain = Some(Abstain::NothingFits);
            }
        }
        // A folder removed whole needs the folder asked for by its name or
        // as a folder, and not as the place of what is removed (`delete
        // everything in docs`, `delete the two text files in docs`, `delete
        // my document` had each removed /DOCS): one command removes one
        // thing.
        if let Some(dir) = command.as_ref().and_then(|c| match c.args.first() {
            Some(command::Arg::Path(p))
                if self.role_of(c.applet) == Some(Role::Remove) && self.is_live(p, true) =>
            {
                Some(p.clone())
            }
            _ => None,
        }) {
            let lw = lower_words(asked);
            let own: Vec<String> = path_words(&dir);
            let at_name: Vec<usize> = (0..lw.len())
                .filter(|&i| own.iter().any(|n| same_word(n, &lw[i])))
                .collect();
            let as_folder = at_name.iter().any(|&i| {
                lw.get(i + 1).is_some_and(|n| {
                    matches!(n.as_str(), "folder" | "directory" | "dir" | "folders")
                })
            }) || lw
                .iter()
                .any(|w| matches!(w.as_str(), "folder" | "directory" | "dir"))
                || asked.contains('/');
            let placed = at_name.iter().any(|&i| {
                (1..=2).any(|k| {
                    i >= k
                        && matches!(
                            lw[i - k].as_str(),
                            "in" | "inside" | "from" | "within" | "under"
                        )
                })
            });
            // What is in it, not it (`delete the contents of docs`, `clean
            // out docs`, `delete all the docs`); `files and all` is the
            // folder with them.
            // (In the folder's own clause: `remove the docs folder, I moved
            // everything out of it` is the folder.)
            let lower = asked
                .to_ascii_lowercase()
                .split([',', ';', '.'])
                .find(|c| {
                    lower_words(c)
                        .iter()
                        .any(|w| own.iter().any(|n| same_word(n, w)))
                })
                .unwrap_or("")
                .to_string();
            let contents = (any_word(
                &lower,
                &[
                    "contents",
                    "content",
                    "everything",
                    "inside",
                    "empty",
                    "clean",
                ],
            ) || lower.contains("all the")
                || lower.contains("all of")
                || lower.contains("clear out"))
                && ![
                    "and all",
                    "and everything",
                    "and its",
                    "with everything",
                    "with all",
                ]
                .iter()
                .any(|k| lower.contains(k));
            if (at_name.is_empty() && !as_folder) || placed || contents {
                command = None;
                via = Via::Neither;
                abstain = Some(Abstain::Unsure);
            }
        }
        // A file asked for by that word, named with an extension and no
        // folder said, is a file made empty (`create a file called Plan
        // (final).md` had made a folder of that name).
        if !named_first && self.config.own_words {
            let folder_said = says_a_folder(asked);
            let file_said = any_word(asked, &["file", "document"]);
            let made = command.as_ref().and_then(|c| match c.args.as_slice() {
                [command::Arg::Path(p)]
                    if self.role_of(c.applet) == Some(Role::MakeDir)
                        && file_said
                        && !folder_said
                        && ground::ends_with_extension(p) =>
                {
                    Some(p.clone())
                }
                _ => None,
            });
            if let Some(p) = made {
                command = self.doer(Role::Write).and_then(|wr| {
                    self.checked(
                        wr,
                        alloc::vec![command::Arg::Path(p), command::Arg::Text(String::new())],
                    )
                });
                if command.is_none() {
                    via = Via::Neither;
                    abstain = Some(Abstain::NeedsWriteMode);
                }
            }
        }
        // A folder made needs a folder asked for (`add milk to my shopping
        // list` had made /shopping); one made inside a live folder the line
        // names goes there (`create a folder called notes inside docs`),
        // and a name with a number after it keeps it (`called photos
        // 2026`).
        if let Some(c) = command
            .as_mut()
            .filter(|c| self.role_of(c.applet) == Some(Role::MakeDir) && !named_first)
        {
            let folder_said =
                says_a_folder(asked) || ridge.as_ref().is_some_and(|r| r.applet == c.applet);
            if !folder_said {
                command = None;
                via = Via::Neither;
                abstain = Some(Abstain::Unsure);
            } else if let Some(command::Arg::Path(p)) = c.args.first_mut() {
                let name = p.rsplit('/').next().unwrap_or("").to_string();
                let lw = lower_words(asked);
                let inside = lw.windows(2).find_map(|w| {
                    matches!(w[0].as_str(), "in" | "inside" | "into" | "under" | "within")
                        .then(|| w[1].clone())
                        .filter(|d| d != "the")
                });
                let better = grounded.grounding.new_paths.iter().find(|q| {
                    let (d, n) = q.rsplit_once('/').unwrap_or(("", q));
                    // In the folder the line names after `inside`.
                    (n == name
                        && !d.is_empty()
                        && inside.as_deref().is_some_and(|i| {
                            d.rsplit('/').next().is_some_and(|b| b.eq_ignore_ascii_case(i))
                        }))
                        // Or the name and the number after it.
                        || (d.is_empty()
                            && n.strip_prefix(name.as_str()).is_some_and(|rest| {
                                rest.starts_with(' ')
                                    && rest.trim().bytes().all(|b| b.is_ascii_digit())
                                    && !rest.trim().is_empty()
                            })
                            && asked.trim_end().ends_with(n))
                });
                if let Some(b) = better {
                    *p = b.clone();
                }
            }
        }
        // The file the line says not to touch (`get rid of the notes file,
        // not the meeting one`), or one it places in another folder than
        // its own (`delete the faq in the top folder`, the FAQ being in
        // DOCS): not that file. The first runs nothing; the second names
        // the file the line placed missing.
        if let Some(c) = command.as_ref().filter(|_| changes && !named_first) {
            let lw = lower_words(asked);
            let refused = self.table.get_any(c.applet).is_some_and(|a| {
                c.paths(a.spec()).any(|(p, must_exist)| {
                    let own = path_words(p);
                    must_exist
                        && lw.windows(3).any(|w| {
                            w[0] == "not"
                                && ((w[1] == "the" && own.contains(&w[2])) || own.contains(&w[1]))
                        })
                })
            });
            if refused {
                command = None;
                via = Via::Neither;
                abstain = Some(Abstain::Unsure);
            }
        }
        if let Some(c) = command.as_ref().filter(|c| {
            !named_first
                && matches!(
                    self.role_of(c.applet),
                    Some(Role::Remove | Role::ShowText | Role::ShowBytes)
                )
        }) {
            let lw = lower_words(asked);
            let at_top = any_phrase(
                asked,
                &[
                    "in the top folder",
                    "in the root",
                    "at the top level",
                    "in the top level",
                    "at the root",
                    "in the main folder",
                ],
            );
            let in_dir = lw.windows(2).find_map(|w| {
                (matches!(w[0].as_str(), "in" | "inside" | "from"))
                    .then(|| {
                        self.paths.iter().find(|e| {
                            e.is_dir && e.path.trim_start_matches('/').eq_ignore_ascii_case(&w[1])
                        })
                    })
                    .flatten()
            });
            let placed = c.args.iter().find_map(|a| match a {
                command::Arg::Path(p) if self.is_live(p, false) => {
                    let (parent, base) = p.rsplit_once('/')?;
                    match (at_top, in_dir) {
                        (true, _) if !parent.is_empty() => Some(alloc::format!("/{base}")),
                        (false, Some(d)) if !command::same_path(&d.path, parent) => {
                            Some(alloc::format!("{}/{base}", d.path))
                        }
                        _ => None,
                    }
                }
                _ => None,
            });
            if let Some(name) = placed {
                missing = Some(self.missing_file(name));
                command = None;
                via = Via::Neither;
            }
        }
        // Another document than the live file the command acts on, as the
        // line says it (`erase the photo list from 2025`, `delete release
        // notes 0.2`, `remove the backup of the notes`, `delete the crash
        // log`): that one is missing, never the live file instead.
        if command.is_some() && missing.is_none() && !named_first {
            let other = command.as_ref().and_then(|c| {
                let a = self.table.get_any(c.applet)?;
                c.paths(a.spec())
                    .filter(|(_, must_exist)| *must_exist)
                    .find_map(|(p, _)| another_document(asked, p, changes))
            });
            if let Some(name) = other {
                missing = Some(self.missing_file(name));
                command = None;
                via = Via::Neither;
            }
        }
        // A line that opens by asking to see a thing no live file is
        // (`Open the Nutcracker running order`): where nothing else would
        // run, the reply names it missing, with the closest live names,
        // rather than "nothing fits". Reading it could change nothing, so
        // read-only mode answers the same.
        if matches!(
            abstain,
            Some(Abstain::Unsure | Abstain::NothingFits | Abstain::NoFile)
        ) && missing.is_none()
            && !named_first
            && grounded.grounding.referents.is_empty()
        {
            if let Some(name) = seen_thing(asked) {
                missing = Some(self.missing_file(name));
                command = None;
                via = Via::Neither;
            }
        }
        // A picture asked to be seen (`show me the photo of the lighthouse`,
        // `open the pics of the baby`), where nothing else runs, is a
        // missing file as any document is: no picture is on the volume,
        // and the photo list is a list of them. The reply names it, with
        // the closest live names.
        if matches!(
            abstain,
            Some(Abstain::Unsure | Abstain::NothingFits | Abstain::NoFile)
        ) && missing.is_none()
            && !named_first
            && (super::phrases::reads(asked)
                || leads_with_reading(asked)
                || any_word(asked, &["see", "find"]))
            && !change_verb_anywhere(&without_quoted_text(asked))
        {
            if let Some(name) = asked_picture(request).or_else(|| asked_picture(asked)) {
                missing = Some(self.missing_file(name));
                abstain = None;
                command = None;
                via = Via::Neither;
            }
        }
        // One thing asked to be seen in a folder the line names (`show me
        // the fret scale chart in the docs`, `open the invoice in LOGS`),
        // which no live file is: that thing is missing, not the folder's
        // listing. (A listing is asked in plural or whole words: `the
        // files in docs`, `the stuff in LOGS`.)
        if missing.is_none()
            && !named_first
            && command
                .as_ref()
                .is_some_and(|c| self.role_of(c.applet) == Some(Role::List))
            && !grounded.grounding.referents.is_empty()
            && grounded.grounding.referents.iter().all(|r| r.is_dir)
        {
            if let Some(name) = seen_thing(asked).filter(|n| {
                let last = n.rsplit(' ').next().unwrap_or("").to_ascii_lowercase();
                (!last.ends_with('s') || last.ends_with("ss"))
                    && !matches!(
                        last.as_str(),
                        "stuff" | "content" | "inside" | "lot" | "rest" | "whole" | "listing"
                    )
            }) {
                let lw = lower_words(asked);
                let placed = lw.iter().enumerate().any(|(i, x)| {
                    matches!(x.as_str(), "in" | "inside" | "from")
                        && lw[i + 1..].iter().take(2).any(|f| {
                            grounded.grounding.referents.iter().any(|r| {
                                r.path
                                    .rsplit('/')
                                    .next()
                                    .is_some_and(|d| d.eq_ignore_ascii_case(f))
                            })
                        })
                });
                if placed {
                    missing = Some(self.missing_file(name));
                    command = None;
                    via = Via::Neither;
                }
            }
        }
        // A text to add or write that names the file it goes into, typed
        // without quotes or a colon, is the file misread as words of the
        // text (`add see also the faq to the user guide` had added "the faq
        // to the user" to the FAQ): which file and which words are not
        // settled.
        if abstain.is_none() {
            if let Some(c) = command
                .as_ref()
                .filter(|c| matches!(self.role_of(c.applet), Some(Role::Append | Role::Write)))
            {
                let file = c.args.iter().find_map(|a| match a {
                    command::Arg::Path(p) => Some(p.as_str()),
                    _ => None,
                });
                let text = c.args.iter().find_map(|a| match a {
                    command::Arg::Text(t) => Some(t.as_str()),
                    _ => None,
                });
                if let (Some(file), Some(text)) = (file, text) {
                    let set_apart = request.contains(['"', ':', '\u{201c}'])
                        || request.contains(&alloc::format!("'{text}'"));
                    // Said as a live file is (`the faq`), not a word a new
                    // name shares (`pick up kids` into kids.txt).
                    let tw = lower_words(text);
                    let names_it = self.paths.iter().any(|e| command::same_path(&e.path, file))
                        && tw.windows(2).any(|p| {
                            matches!(p[0].as_str(), "the" | "my" | "this" | "that")
                                && path_words(file).iter().any(|n| same_word(n, &p[1]))
                        });
                    if names_it && !set_apart {
                        abstain = Some(Abstain::Unsure);
                    }
                }
            }
        }
        // A move or copy of a live folder onto a live file is the two read
        // the wrong way round (`move hello.txt to /DOCS` had become `mv
        // /DOCS /HELLO.TXT`): the file goes into the folder.
        if abstain.is_none() {
            if let Some(c) = command
                .as_mut()
                .filter(|c| matches!(self.role_of(c.applet), Some(Role::Move | Role::Copy)))
            {
                if let [command::Arg::Path(src), command::Arg::Path(dst)] = c.args.as_slice() {
                    // Read the wrong way round only when the line names the
                    // file first (`MOVE THE FILE logs TO /todo.txt` asks it).
                    let lower = request.to_ascii_lowercase();
                    let at = |p: &str| {
                        let name = p.rsplit('/').next().unwrap_or(p).to_ascii_lowercase();
                        let stem = name.split('.').next().unwrap_or(&name).to_string();
                        lower.find(&stem)
                    };
                    let file_first = matches!((at(dst), at(src)), (Some(d), Some(s)) if d < s);
                    if self.is_live(src, true) && self.is_live(dst, false) && file_first {
                        let name = dst.rsplit('/').next().unwrap_or(dst);
                        let into = alloc::format!("{}/{name}", src.trim_end_matches('/'));
                        c.args =
                            alloc::vec![command::Arg::Path(dst.clone()), command::Arg::Path(into)];
                    }
                }
            }
        }
        // A move or copy needs words of one: a line that opens by asking to
        // see (`show the notes, the todo list and the faq` had moved the
        // todo list onto the FAQ) moves nothing without them.
        if abstain.is_none()
            && command
                .as_ref()
                .is_some_and(|c| matches!(self.role_of(c.applet), Some(Role::Move | Role::Copy)))
            && leads_with_reading(request)
            && ![asked, request].iter().any(|l| {
                any_word(
                    l,
                    &[
                        "move",
                        "mv",
                        "copy",
                        "cp",
                        "rename",
                        "ren",
                        "put",
                        "place",
                        "duplicate",
                        "backup",
                        "back",
                        "clone",
                        "transfer",
                        "send",
                        "stow",
                        "relocate",
                        "shift",
                        "drag",
                        "drop",
                        "save",
                        "store",
                        "into",
                        "to",
                        "as",
                        "called",
                        "named",
                    ],
                )
            })
        {
            abstain = Some(Abstain::NothingFits);
        }
        // A power word run into another word (`shutdownnotes`) powers
        // nothing off: the model read the word inside it (`powerdown` and
        // `shutdwon` still ask it).
        let glued = {
            let t = request.trim().to_ascii_lowercase();
            !t.contains(char::is_whitespace)
                && ["shutdown", "reboot", "restart", "poweroff", "powerdown"]
                    .iter()
                    .any(|p| {
                        t.strip_prefix(p).is_some_and(|rest| {
                            rest.chars().filter(|c| c.is_ascii_alphabetic()).count() >= 3
                        })
                    })
        };
        if abstain.is_none()
            && glued
            && command.as_ref().is_some_and(|c| {
                matches!(self.role_of(c.applet), Some(Role::PowerOff | Role::Restart))
            })
        {
            abstain = Some(Abstain::NothingFits);
        }
        // The clock is asked in words of time (`what time is it`, `today's
        // date`, `what day is it`): `i am sad today` and `what's the soup of
        // the day` had run `date`.
        if abstain.is_none()
            && command
                .as_ref()
                .is_some_and(|c| self.role_of(c.applet) == Some(Role::Clock))
            && !asks_the_clock(asked)
            && !asks_the_clock(request)
        {
            abstain = Some(Abstain::NothingFits);
        }
        // A move or copy onto a live file the line never names, only its
        // folder (`move TODO.TXT nach LOGS` had gone onto /LOGS/BOOT.LOG):
        // into that folder, under the file's own name. (Last, on the
        // command every rule above has settled.)
        if abstain.is_none() {
            let onto_unnamed = command.as_ref().and_then(|c| {
                if !matches!(self.role_of(c.applet), Some(Role::Move | Role::Copy)) {
                    return None;
                }
                let [command::Arg::Path(from), command::Arg::Path(to)] = c.args.as_slice() else {
                    return None;
                };
                let (dir, name) = to.rsplit_once('/')?;
                if dir.is_empty() || !self.is_live(to, false) {
                    return None;
                }
                // (Words of paths typed too: `to /DOCS/FAQ.TXT` names FAQ.)
                let said = path_words(asked);
                // (By its stem: `log` of BOOT.LOG is a word of LOGS too.)
                let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
                let folder = path_words(dir);
                let named = path_words(stem).iter().any(|n| {
                    !folder.iter().any(|f| same_word(f, n)) && said.iter().any(|w| same_word(w, n))
                });
                let into = alloc::format!("{dir}/{}", ground::basename(from));
                (!named && !command::same_path(&into, from)).then(|| {
                    self.checked(
                        c.applet,
                        alloc::vec![command::Arg::Path(from.clone()), command::Arg::Path(into)],
                    )
                })
            });
            match onto_unnamed {
                Some(Some(c)) => command = Some(c),
                Some(None) => abstain = Some(Abstain::Unsure),
                None => {}
            }
        }
        // What a copy goes over comes before `a copy of`, what is copied
        // after it (`overwrite NOTES.TXT with a copy of TODO.TXT`, `make
        // hello.txt a copy of the faq` had copied the other way).
        if abstain.is_none() {
            let swapped = command.as_ref().and_then(|c| {
                let [command::Arg::Path(from), command::Arg::Path(to)] = c.args.as_slice() else {
                    return None;
                };
                if self.role_of(c.applet) != Some(Role::Copy) {
                    return None;
                }
                let lower = without_quoted_text(asked).to_ascii_lowercase();
                let (of, phrase) = ["copy of ", "duplicate of "]
                    .iter()
                    .find_map(|p| lower.find(p).map(|i| (i, p.len())))?;
                // Where the line first says a path's own name, as a word.
                let said_at = |p: &str| {
                    let name = ground::basename(p).to_ascii_lowercase();
                    let stem = name.rsplit_once('.').map_or(name.as_str(), |(s, _)| s);
                    lower.match_indices(stem).map(|(i, _)| i).find(|&i| {
                        let before = lower[..i].chars().next_back();
                        let after = lower[i + stem.len()..].chars().next();
                        !before.is_some_and(|c| c.is_ascii_alphanumeric())
                            && !after.is_some_and(|c| c.is_ascii_alphanumeric())
                    })
                };
                let (f, t) = (said_at(from)?, said_at(to)?);
                // (Named right after it: `a copy of it named
                // notes_backup.txt` copies it, whatever came before.)
                let right_after = of < t
                    && lower[of + phrase..t].split_whitespace().all(|w| {
                        matches!(w, "the" | "my" | "our" | "your" | "this" | "that" | "a")
                    });
                (f < of && right_after).then(|| {
                    self.checked(
                        c.applet,
                        alloc::vec![
                            command::Arg::Path(to.clone()),
                            command::Arg::Path(from.clone())
                        ],
                    )
                })
            });
            match swapped {
                Some(Some(c)) => command = Some(c),
                Some(None) => abstain = Some(Abstain::Unsure),
                None => {}
            }
        }
        // An empty file asked for holds no words of the line (`is it
        // possible to make an empty file called draft.txt` had written
        // `an empty file called` into it).
        if abstain.is_none() && !asked.contains(['"', ':']) {
            let w = lower_words(asked);
            let empty = w.windows(2).any(|p| {
                matches!(p[0].as_str(), "empty" | "blank")
                    && matches!(p[1].as_str(), "file" | "document" | "page" | "one" | "text")
            });
            let emptied = command.as_ref().and_then(|c| match c.args.as_slice() {
                [command::Arg::Path(p), command::Arg::Text(x)]
                    if empty
                        && !x.is_empty()
                        && self.role_of(c.applet) == Some(Role::Write)
                        && !self.is_live(p, false) =>
                {
                    self.checked(
                        c.applet,
                        alloc::vec![
                            command::Arg::Path(p.clone()),
                            command::Arg::Text(String::new())
                        ],
                    )
                }
                _ => None,
            });
            if let Some(c) = emptied {
                command = Some(c);
            }
        }
        // A live file made to say a text is written with it (`make the todo
        // say buy milk` had said `buy milk`); a live file emptied is written
        // empty (`empty the todo` had shown it).
        if matches!(abstain, None | Some(Abstain::Unsure)) && !named_first {
            let one_live_file = match grounded.grounding.referents.as_slice() {
                [p] if !p.is_dir => Some(p.path.clone()),
                _ => None,
            };
            let w = lower_words(&without_quoted_text(asked));
            let opening = w
                .iter()
                .find(|x| !is_politeness(x))
                .map_or("", |x| x.as_str());
            let made_to_say = w.iter().enumerate().any(|(i, x)| {
                matches!(x.as_str(), "make" | "have")
                    && w[i + 1..]
                        .iter()
                        .take(5)
                        .any(|y| matches!(y.as_str(), "say" | "read" | "contain"))
            });
            let write = self.doer(Role::Write);
            let says = command
                .as_ref()
                .is_some_and(|c| self.role_of(c.applet) == Some(Role::Say));
            if self.mode == Mode::ReadOnly && one_live_file.is_some() && made_to_say && says {
                abstain = Some(Abstain::NeedsWriteMode);
            }
            let rewritten = match (one_live_file, write, command.as_ref()) {
                // (The words after the verb, to the clause's end, as typed:
                // `make the todo say buy milk, I've done everything else`
                // had written `done`.)
                (Some(f), Some(wr), Some(c))
                    if made_to_say
                        && (says
                            || self.role_of(c.applet) == Some(Role::Write)
                                && matches!(c.args.first(), Some(command::Arg::Path(p)) if *p == f)) =>
                {
                    said_after_make(asked)
                        .filter(|t| !stands_for_a_text(t))
                        .and_then(|t| {
                            self.checked(
                                wr,
                                alloc::vec![command::Arg::Path(f), command::Arg::Text(t)],
                            )
                        })
                }
                // (Not where a text follows: `empty the todo and write
                // just: nothing today`.)
                (Some(f), Some(wr), _)
                    if empties_a_file(&w, opening)
                        && !says
                        && !asked.contains(['"', ':'])
                        && !asks_to_write(asked)
                        && !any_word(asked, &["with", "and"]) =>
                {
                    self.checked(
                        wr,
                        alloc::vec![command::Arg::Path(f), command::Arg::Text(String::new())],
                    )
                }
                _ => None,
            };
            if let Some(c) = rewritten {
                command = Some(c);
                abstain = None;
                via = Via::Grammar;
            }
        }
        // A new file asked for is no move, copy or delete of what is there
        // (`new empty file in docs called draft.txt` had renamed DOCS); a
        // folder made is no answer to a wish to be rid of one (`nuke the
        // tmp dir` had made /tmp).
        if abstain.is_none() && !named_first {
            let w = lower_words(&without_quoted_text(asked));
            let new_file = w.windows(2).any(|p| {
                matches!(p[0].as_str(), "new" | "empty" | "blank")
                    && matches!(p[1].as_str(), "file" | "document" | "page")
            });
            let role = command.as_ref().and_then(|c| self.role_of(c.applet));
            let moves_asked = any_word(
                asked,
                &[
                    "move",
                    "copy",
                    "rename",
                    "duplicate",
                    "delete",
                    "remove",
                    "mv",
                    "cp",
                    "rm",
                ],
            );
            // (A folder called `trash` or `delete-me` is still made.)
            let unmade = role == Some(Role::MakeDir)
                && asks_removal(&[asked, request], discards)
                && !any_word(
                    asked,
                    &[
                        "make", "create", "new", "mkdir", "add", "called", "named", "call",
                    ],
                );
            // (A new file with another's text in it is a copy.)
            if (new_file && !moves_asked && matches!(role, Some(Role::Move | Role::Remove)))
                || unmade
            {
                abstain = Some(Abstain::NothingFits);
            }
        }
        // A remark on what a file says asks nothing written (`the hello
        // file just says hello, funny` had written `hello` over it).
        if abstain.is_none()
            && !named_first
            && command.as_ref().is_some_and(|c| {
                matches!(
                    self.role_of(c.applet),
                    Some(Role::Write | Role::Append | Role::Say)
                )
            })
            && tells_what_a_file_says(asked)
        {
            abstain = Some(Abstain::NothingFits);
        }
        // A file made `in the top folder` is made there, never written over
        // the live file of that name in another folder (`create boot.log
        // in the top folder with started` went either way with the paths'
        // margins).
        if abstain.is_none() && any_phrase(asked, &["top folder", "root folder", "top level"]) {
            let at_top = command.as_ref().and_then(|c| match c.args.as_slice() {
                [command::Arg::Path(p), rest @ ..]
                    if self.role_of(c.applet) == Some(Role::Write)
                        && self.is_live(p, false)
                        && p.trim_start_matches('/').contains('/') =>
                {
                    let mut args = alloc::vec![command::Arg::Path(alloc::format!(
                        "/{}",
                        ground::basename(p)
                    ))];
                    args.extend(rest.iter().cloned());
                    self.checked(c.applet, args)
                }
                _ => None,
            });
            if let Some(c) = at_top {
                command = Some(c);
            }
        }
        // The kernel's own messages are its log, not a file that holds a
        // boot's (`what did the kernel print while it was booting?`, `the
        // kernel messages since boot` had shown /LOGS/BOOT.LOG): a file is
        // meant only when the line says the file (`the boot log file, not
        // the kernel one`, `boot.log`).
        let kernel_said = any_word(asked, &["kernel", "kernel's", "kernels", "dmesg"]);
        let file_said = any_word(asked, &["file", "boot.log", "folder", "disk", "LOGS"])
            || asked.to_ascii_lowercase().contains("boot log");
        let shows_a_log_file = command.as_ref().is_some_and(|c| {
            self.role_of(c.applet) == Some(Role::ShowText)
                && matches!(c.args.as_slice(), [command::Arg::Path(p)]
                    if p.to_ascii_lowercase().ends_with(".log"))
        });
        if abstain.is_none() && shows_a_log_file && kernel_said && !file_said {
            match self.doer(Role::KernelLog) {
                Some(a) => {
                    command = Some(command::Command {
                        applet: a,
                        args: Vec::new(),
                    });
                }
                None => abstain = Some(Abstain::NothingFits),
            }
        }
        // A copy or move out of a folder to a top folder nobody said
        // (`copy the faq`, `move the guide into a folder` had landed at the
        // top): no place was given. (Last, on the settled command; a file
        // placed beside one at the top says the top.)
        if abstain.is_none()
            && command.as_ref().is_some_and(|c| {
                let [command::Arg::Path(from), command::Arg::Path(to)] = c.args.as_slice() else {
                    return false;
                };
                let said: Vec<String> = asked
                    .to_ascii_lowercase()
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .map(String::from)
                    .collect();
                matches!(self.role_of(c.applet), Some(Role::Move | Role::Copy))
                    && from.trim_start_matches('/').contains('/')
                    && command::same_path(to, &alloc::format!("/{}", ground::basename(from)))
                    && !asked.contains('/')
                    && !said.iter().enumerate().any(|(i, w)| {
                        matches!(
                            w.as_str(),
                            "top" | "root" | "main" | "out" | "outside" | "home" | "base"
                                | "toplevel" | "upper" | "parent" | "topmost" | "uppermost"
                                | "outermost" | "highest"
                        )
                        // (`one folder up`; not `back up`.)
                        || (w == "up" && (i == 0 || said[i - 1] != "back"))
                    })
                    && !grounded
                        .grounding
                        .landmarks
                        .iter()
                        .any(|l| !l.trim_start_matches('/').contains('/'))
            })
        {
            abstain = Some(Abstain::Unfilled);
        }
        // The machine is turned off or over only where the router read the
        // line so too (or the line names the applet): the grammar's lone word for
        // it (`I need to write a cover letter tonight` had powered it off,
        // the router sure it was a write) is no such request.
        if abstain.is_none()
            && self.config.own_words
            && command.as_ref().is_some_and(|c| {
                matches!(self.role_of(c.applet), Some(Role::PowerOff | Role::Restart))
                    && !any_word(asked, &[c.applet])
                    && ridge.as_ref().is_none_or(|r| r.applet != c.applet)
            })
        {
            abstain = Some(Abstain::NothingFits);
        }
        // A line that only says how something is asks no reading of it,
        // even opened by an applet's name (`history repeats itself`).
        if abstain.is_none()
            && self.config.own_words
            && command.as_ref().is_some_and(|c| {
                self.table
                    .get_any(c.applet)
                    .is_some_and(|a| !a.spec().writes)
            })
            && (if named_first {
                states_at_once(asked)
            } else {
                only_states(asked)
            })
        {
            abstain = Some(Abstain::NothingFits);
        }
        // In read-only mode a file's text is no answer to a line that asks
        // to delete it in words only deleting has and none that read
        // (`scratch the notes`, `Cancel me the file of the todo` had shown
        // them): only a write applet could do it.
        if self.mode == Mode::ReadOnly
            && abstain.is_none()
            && self.config.own_words
            && command.as_ref().is_some_and(|c| {
                matches!(
                    self.role_of(c.applet),
                    Some(Role::ShowText | Role::ShowBytes)
                )
            })
            && words(asked).any(|w| {
                let w = w.to_ascii_lowercase();
                STRONG_REMOVAL.contains(&w.as_str())
                    || crate::cues::base_forms(&w)
                        .iter()
                        .any(|b| STRONG_REMOVAL.contains(&b.as_str()))
            })
            && !crate::interpreter::phrases::reads(asked)
            && !any_word(
                asked,
                &[
                    "what", "whats", "what's", "which", "where", "look", "check", "how", "why",
                ],
            )
            && self
                .table
                .all()
                .any(|a| a.spec().role == Some(Role::Remove))
        {
            abstain = Some(Abstain::NeedsWriteMode);
        }
        // Nor is F2 the answer to shutting down something else (`I want to
        // shut down my facebook account`): no mode's applet does that.
        if abstain == Some(Abstain::NeedsWriteMode)
            && self.config.own_words
            && (switches_off_else(asked) || restarts_else(asked))
        {
            abstain = Some(Abstain::NothingFits);
        }
        // A named missing file says more than "nothing fits"; in read-only
        // mode a write request is answered with F2 whatever it names.
        if abstain != Some(Abstain::NeedsWriteMode) && missing.is_some() {
            abstain = None;
        }
        if abstain.is_some() {
            via = Via::Neither;
            command = None;
            missing = None;
        }
        let agree = match (&ridge, &grammar) {
            (Some(r), Ok(g)) => r.applet == g.applet,
            _ => false,
        };
        Ok(Proposal {
            input: typed.into(),
            read_as: corrected
                .or_else(|| fixed.clone())
                .or_else(|| unframed.clone()),
            nothing_share,
            command,
            via,
            low_confidence: !sure,
            agree,
            missing,
            abstain,
            ridge,
            grammar: Some(grammar),
            timings: t,
        })
    }

    /// One fresh prefill and one greedy grammar decode, optionally forced to
    /// `applet` (for `route`-style explanations, evaluation and tests).
    pub fn decode_command(
        &mut self,
        request: &str,
        applet: Option<&str>,
        should_cancel: &mut dyn FnMut() -> bool,
    ) -> Result<Result<command::Command, DecodeFailure>, RequestError> {
        self.ground_request(request)?;
        let prompt = self.prefill_request(request, Prefill::Logits, &mut || false)?;
        let d = self.decode(&prompt, applet, should_cancel);
        match d {
            Err(DecodeFailure::Cancelled) => Err(RequestError::Cancelled),
            d => Ok(d.map(|d| d.command)),
        }
    }
}

impl Interpreter<'_> {
    /// Whether the request asks to change part of a file: a verb that
    /// takes away or changes, and either a part of a file (`the last line
    /// of todo.txt`, `the typo in the notes`) or, before `from` or `off`,
    /// something that is no file (`remove milk from the list`; `remove
    /// the faq from docs` removes a file).
    fn edits_inside(&self, request: &str) -> bool {
        let lower = request.to_ascii_lowercase();
        let w: Vec<&str> = words(&lower).collect();
        let verb = w.iter().position(|x| {
            matches!(
                *x,
                "delete"
                    | "remove"
                    | "erase"
                    | "cut"
                    | "drop"
                    | "strike"
                    | "cross"
                    | "take"
                    | "scratch"
                    | "fix"
                    | "correct"
                    | "change"
                    | "edit"
                    | "replace"
                    | "rm"
                    | "del"
                    | "wipe"
                    | "clear"
            )
        });
        let Some(verb) = verb else {
            return false;
        };
        let part = w[verb + 1..].iter().enumerate().any(|(i, x)| {
            matches!(
                *x,
                "line"
                    | "lines"
                    | "word"
                    | "words"
                    | "item"
                    | "items"
                    | "entry"
                    | "entries"
                    | "sentence"
                    | "sentences"
                    | "paragraph"
                    | "character"
                    | "characters"
                    | "letter"
                    | "letters"
                    | "row"
                    | "rows"
                    | "typo"
                    | "typos"
                    | "mistake"
                    | "section"
                    | "heading"
                    | "title"
            ) && w[verb + 2 + i..]
                .iter()
                .any(|y| matches!(*y, "of" | "from" | "in" | "on" | "off"))
        });
        if part {
            return true;
        }
        // `delete everything in the notes`: what a file holds, not the file.
        // (`replace everything in hello.txt with …` writes it anew.)
        let takes_out = matches!(
            w[verb],
            "delete" | "remove" | "erase" | "rm" | "del" | "wipe" | "clear" | "cut" | "drop"
        );
        let all_of = takes_out
            && w.get(verb + 1)
                .is_some_and(|x| matches!(*x, "everything" | "all"))
            && w.get(verb + 2)
                .is_some_and(|x| matches!(*x, "in" | "inside" | "from" | "of"));
        if all_of {
            let g = ground::ground(&w[verb + 3..].join(" "), &self.paths, &self.descriptions);
            if matches!(g.grounding.referents.as_slice(), [r] if !r.is_dir) {
                return true;
            }
        }
        // `remove X from Y` where only Y is a file.
        let Some(from) = w[verb + 1..]
            .iter()
            .position(|x| matches!(*x, "from" | "off"))
            .map(|i| verb + 1 + i)
        else {
            return false;
        };
        if from == verb + 1 {
            return false;
        }
        let before = w[verb + 1..from].join(" ");
        // A copy taken from a file takes nothing out of it (`take copy from
        // the guide and put it in the folder logs`).
        if matches!(
            before.as_str(),
            "copy" | "a copy" | "copies" | "a backup" | "backup"
        ) {
            return false;
        }
        let after = ground::ground(&w[from + 1..].join(" "), &self.paths, &self.descriptions);
        let refers = |g: &Grounded| !g.grounding.referents.is_empty() || !g.missing.is_empty();
        // (Out of a file, not a folder, whatever it is: `remove the
        // power-off note from the todo list` had deleted the todo.)
        let a_file = matches!(after.grounding.referents.as_slice(), [r] if !r.is_dir);
        let before = ground::ground(&before, &self.paths, &self.descriptions);
        (!refers(&before) || a_file) && refers(&after)
    }
}

/// The text a command writes, when it has one.
/// The part of a line that asks, without the texts it gives: what is
/// quoted, and what follows a colon with words before it (`new file
/// mishandled.txt: … sent to Saipan by mistake` tells nothing was sent;
/// `let the readme just say: … do not remove` refuses no removal).
fn asking_part(line: &str) -> String {
    let unquoted = without_quoted_text(line);
    match unquoted.split_once(':') {
        Some((head, _)) if words(head).any(|w| !w.is_empty()) => head.to_string(),
        _ => unquoted.to_string(),
    }
}

/// Whether a line asks for bytes rather than words: a word of bytes, hex or
/// a dump, a tool that prints them, or what only bytes show.
fn asks_for_bytes(request: &str) -> bool {
    let r = request.to_ascii_lowercase();
    let word = words(&r).any(|w| {
        ["byte", "hex", "octet", "bajt", "binar"]
            .iter()
            .any(|p| w.starts_with(p))
            || matches!(
                w,
                "raw"
                    | "dump"
                    | "dumps"
                    | "dumped"
                    | "hd"
                    | "xxd"
                    | "od"
                    | "bits"
                    | "ascii"
                    | "px"
                    | "hexdupm"
                    // (What prints wrong is looked at in bytes: `the faq
                    // looks like garbage when i print it`.)
                    | "garbage"
                    | "gibberish"
                    | "garbled"
                    | "corrupt"
                    | "corrupted"
                    | "mojibake"
            )
    });
    word || [
        "0x",
        "format-hex",
        "encode",
        "line ending",
        "unpack",
        "readfile",
        "binread",
    ]
    .iter()
    .any(|p| r.contains(p))
}

/// Any file or folder, not one to act on: a job asked about in these words
/// (`What's the command to copy a file?`) is its applet's help, not a line
/// to route.
const GENERIC_THINGS: [&str; 4] = ["a file", "a folder", "a directory", "a dir"];

/// All the text after the colon, as typed, for a text the model ended at its
/// tail: the model may stop early, and grounding cuts its spans at a
/// question mark (`Q: Why is my screen blank? A: Try clear.` had come out
/// as `clear`). It is a span of the line all the same.
/// The picture a line asks for, from its picture word to the end of its
/// clause (`photo of the ichthyosaur from last summer`), at most eight
/// words; `None` when no picture word is followed by `of`.
fn asked_picture(line: &str) -> Option<String> {
    let clause = line.split([',', '.', '!', '?', ';', ':']).find(|c| {
        let w = lower_words(c);
        w.windows(2).any(|p| is_picture_word(&p[0]) && p[1] == "of")
    })?;
    let typed: Vec<&str> = words(clause).filter(|w| !w.is_empty()).collect();
    let at = typed
        .iter()
        .position(|w| is_picture_word(&w.to_ascii_lowercase()))?;
    // (A picture of any kind is none of the person's: `show me a picture
    // of a cat` asks for no file.)
    if at > 0
        && matches!(
            typed[at - 1].to_ascii_lowercase().as_str(),
            "a" | "an" | "some" | "any"
        )
    {
        return None;
    }
    // (Up to who asks or why: `photos of the cat do I have`, `photo of
    // the market for me`.)
    let end = typed[at..]
        .iter()
        .position(|w| {
            matches!(
                w.to_ascii_lowercase().as_str(),
                "do" | "does"
                    | "did"
                    | "i"
                    | "we"
                    | "you"
                    | "please"
                    | "pls"
                    | "for"
                    | "so"
                    | "that"
                    | "which"
                    | "and"
            )
        })
        .map_or(typed.len(), |n| at + n)
        .min(at + 8);
    Some(typed[at..end].join(" "))
}

fn is_picture_word(w: &str) -> bool {
    matches!(
        w,
        "photo"
            | "photos"
            | "picture"
            | "pictures"
            | "pic"
            | "pics"
            | "image"
            | "images"
            | "snapshot"
            | "snapshots"
            | "foto"
            | "fotos"
    )
}

fn whole_colon_text(typed_after_colon: Option<&str>, c: &mut command::Command) {
    let whole = typed_after_colon.map(str::trim);
    if let (Some(whole), [_, command::Arg::Text(t)]) = (whole, c.args.as_mut_slice()) {
        // (Any part of it: a path may take the first words, `buy ice`, or a
        // middle, `the cooler`, of `buy ice fuh the cooler Friday`; the end
        // only of a text in quotes, whose quotes are no part of it.)
        let part = t.trim_end_matches(['.', '!']);
        let quoted = whole.starts_with(['"', '\u{201c}', '\'']);
        if whole.len() > t.len()
            && if quoted {
                whole.trim_end_matches(['.', '!']).ends_with(part)
            } else {
                whole.contains(part)
            }
        {
            *t = whole.into();
        }
    }
}

fn copied_text(c: &command::Command) -> Option<&str> {
    c.args.iter().find_map(|a| match a {
        command::Arg::Text(t) => Some(t.as_str()),
        _ => None,
    })
}

/// How many leading tokens `a` and `b` share.
fn common_prefix(a: &[u32], b: &[u32]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Whether `command` writes one of the request's missing names into a slot
/// that may name something new, or only quotes it in a text.
fn creates_any(it: &Interpreter<'_>, command: &command::Command, g: &Grounded) -> bool {
    let Some(spec) = it.table.get_any(command.applet).map(|a| a.spec()) else {
        return false;
    };
    // A copy or move of a live file onto the name the request gave as its
    // source swaps the two (`copy movies.txt /TODO.TXT` as `cp /TODO.TXT
    // /movies.txt`): that name is still missing, not created.
    let acts_on_live = command.paths(spec).any(|(_, must_exist)| must_exist);
    let makes_folder = match it.role_of(command.applet) {
        Some(Role::MakeDir) => true,
        Some(Role::Move) => command
            .paths(spec)
            .next()
            .is_some_and(|(p, _)| it.is_live(p, true)),
        _ => false,
    };
    command
        .args
        .iter()
        .zip(spec.slots)
        .any(|(arg, slot)| match (arg, slot.kind) {
            (
                command::Arg::Path(p),
                command::SlotKind::Path {
                    must_exist: false, ..
                },
            ) => g
                .missing
                .iter()
                .filter(|m| !(m.source && acts_on_live))
                // A missing folder is made only by making a folder, or by
                // renaming one (`rename the logs folder to the games
                // directory`): a file copied or moved to it (`copy hello.txt
                // to the Backups folder`) is no file named after it.
                .filter(|m| !m.folder || makes_folder)
                .any(|m| {
                    let name = p.trim_start_matches('/');
                    command::same_path(name, &m.name)
                        || name
                            .rsplit('/')
                            .next()
                            .is_some_and(|b| command::same_path(b, &m.name))
                }),
            // A text that quotes the name (`route "rename hello.txt to
            // hi.txt"`) names no file.
            (command::Arg::Text(t), _) => {
                let t = t.to_lowercase();
                g.missing.iter().any(|m| t.contains(&m.name.to_lowercase()))
            }
            _ => false,
        })
}

impl Interpreter<'_> {
    /// Whether `applet` needs a live path (a required must-exist slot) of a
    /// kind none of the request's referents is.
    /// Whether `applet` has a path or a text slot: one that could act on
    /// what the request names or says (`route "read the faq"`, `echo
    /// hello`).
    fn takes_path_or_text(&self, applet: &str) -> bool {
        self.table.get_any(applet).is_some_and(|a| {
            a.spec().slots.iter().any(|s| {
                matches!(
                    s.kind,
                    command::SlotKind::Path { .. }
                        | command::SlotKind::Text
                        | command::SlotKind::Request
                )
            })
        })
    }

    /// How much of what the request refers to and names `c` uses: the
    /// live paths it acts on or puts something into, and the new names it
    /// gives, counted once each; and whether it uses every live path the
    /// request refers to.
    fn coverage(&self, c: &command::Command, g: &Grounded) -> (usize, bool) {
        let referents = &g.grounding.referents;
        let mut used = alloc::vec![false; referents.len()];
        let mut names = 0;
        for a in &c.args {
            let command::Arg::Path(p) = a else {
                continue;
            };
            if let Some(i) = referents
                .iter()
                .position(|r| command::same_path(&r.path, p))
            {
                used[i] = true;
            } else if g
                .grounding
                .new_paths
                .iter()
                .any(|n| command::same_path(n, p))
            {
                names += 1;
                let parent = p.rsplit_once('/').map_or("", |(d, _)| d);
                if let Some(i) = referents
                    .iter()
                    .position(|r| r.is_dir && command::same_path(&r.path, parent))
                {
                    used[i] = true;
                }
            }
        }
        let n = used.iter().filter(|u| **u).count();
        (n + names, !referents.is_empty() && used.iter().all(|u| *u))
    }

    /// The job applet `applet` declares (`command::Role`).
    /// Whether `lines` (the request as typed and as read) say nothing of
    /// `c`'s applet: none of its cue words ([`crate::cues`]: the words the
    /// model's training requests for it use, its name), for a model that
    /// lists them and an applet it learnt (one it never learnt has only the
    /// router's voice). A file the request refers to is something said of a
    /// command that uses it, unless the command deletes or writes over it:
    /// the file alone is no word that asks for that. A word of the name of
    /// a file the request refers to is the file's evidence, not the
    /// applet's (`hello` of `hello?? anyone home`, which grounding reads as
    /// HELLO.TXT; the corpus deletes `hello.txt`, so `hello` is `rm`'s
    /// cue); the names of files it does not refer to take nothing (`list`
    /// of `list every file` is no photo list). A request that says it is
    /// done with a file (`discards`: `off with readme.txt`) speaks for
    /// deleting it in words no cue list holds.
    fn says_nothing_of(
        &self,
        c: &command::Command,
        grounded: &Grounded,
        lines: &[&str],
        discards: bool,
    ) -> bool {
        let Some(cues) = &self.cues else {
            return false;
        };
        let role = self.role_of(c.applet);
        if !self.learnt(c.applet) || (role == Some(Role::Remove) && discards) {
            return false;
        }
        let referred = |p: &str| {
            grounded
                .grounding
                .referents
                .iter()
                .any(|r| command::same_path(&r.path, p))
        };
        let uses_referent = self
            .table
            .get_any(c.applet)
            .is_some_and(|a| c.paths(a.spec()).any(|(p, _)| referred(p)));
        let destroys = matches!(role, Some(Role::Remove | Role::Write));
        if uses_referent && !destroys {
            return false;
        }
        // A delete needs a word that deletes (`From the top, darling: the
        // notes, please.` had deleted the notes on `top`, a word of the
        // delete requests the model learnt from, as in `remove … from the
        // top folder`).
        if role == Some(Role::Remove) && !asks_removal(lines, discards) {
            return true;
        }
        // And a word that only deletes speaks of deleting, whether or not
        // the model's requests used it (`exterminate the boot log`); a
        // weaker one (`off`, `away`, `gone`) still needs a cue.
        if role == Some(Role::Remove)
            && lines.iter().any(|l| {
                words(l).any(|w| {
                    let w = w.to_ascii_lowercase();
                    core::iter::once(w.clone())
                        .chain(crate::cues::base_forms(&w))
                        .any(|x| {
                            STRONG_REMOVAL.contains(&x.as_str())
                                || FIGURATIVE_REMOVAL.contains(&x.as_str())
                        })
                })
            })
        {
            return false;
        }
        let named = |w: &str| {
            grounded
                .grounding
                .referents
                .iter()
                .any(|e| crate::cues::words(&e.path).any(|n| n.eq_ignore_ascii_case(w)))
        };
        lines
            .iter()
            .all(|l| cues.said_besides(c.applet, l, named) == Some(false))
    }

    /// `request` with each unknown word that is all consonants (two or
    /// more letters, no applet's name or short form everyone types) spelt
    /// as the one live file or folder name whose consonants it is; `None`
    /// when no word is.
    fn vowels_restored(&self, request: &str) -> Option<alloc::string::String> {
        let skeleton = |w: &str| -> alloc::string::String {
            w.chars()
                .filter(|c| {
                    c.is_ascii_alphabetic()
                        && !matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u')
                })
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        let mut out = alloc::string::String::from(request);
        let mut changed = false;
        let typed: Vec<&str> = request
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        for n in typed {
            let lower = n.to_ascii_lowercase();
            if self.lexicon.knows(&lower)
                || self.table.get_any(&lower).is_some()
                || crate::spelling::is_common_vowelless(&lower)
                || matches!(
                    lower.as_str(),
                    "hw" | "th" | "nw" | "wt" | "wht" | "shh" | "hmm" | "brb"
                )
            {
                continue;
            }
            // (Two letters only in capitals, as a name is typed: `the FQ`,
            // not `td's call`.)
            let long_enough = n.len() >= 3 || n.bytes().all(|b| b.is_ascii_uppercase());
            let consonants = long_enough
                && n.len() >= 2
                && n.bytes().all(|b| b.is_ascii_alphabetic())
                && skeleton(n).len() == n.len();
            if !consonants {
                continue;
            }
            let want = skeleton(n);
            let mut hits = self.paths.iter().filter_map(|p| {
                let base = p.path.rsplit('/').next().unwrap_or("");
                let stem = base.split('.').next().unwrap_or(base);
                (stem.len() > n.len()
                    && stem.bytes().all(|b| b.is_ascii_alphabetic())
                    && skeleton(stem) == want)
                    .then_some(stem)
            });
            let (Some(stem), None) = (hits.next(), hits.next()) else {
                continue;
            };
            // The typed word, as a whole word of the line.
            let at = out
                .split(|c: char| !c.is_ascii_alphanumeric())
                .scan(0usize, |pos, w| {
                    let here = out[*pos..].find(w).map(|i| *pos + i);
                    if let Some(h) = here {
                        *pos = h + w.len();
                    }
                    Some((here, w))
                })
                .find(|(_, w)| w.eq_ignore_ascii_case(n))
                .and_then(|(h, _)| h);
            if let Some(h) = at {
                out.replace_range(h..h + n.len(), stem);
                changed = true;
            }
        }
        changed.then_some(out)
    }

    /// A file the line names that the volume lacks, with the closest live
    /// files' names.
    fn missing_file(&self, name: alloc::string::String) -> ground::Missing {
        let files: Vec<grammar::PathEntry> =
            self.paths.iter().filter(|p| !p.is_dir).cloned().collect();
        ground::Missing {
            closest: ground::closest(&name, &files),
            name,
            source: true,
            folder: false,
        }
    }

    /// Whether `path` is a live folder (`dir`) or file on the volume.
    /// The router's prediction, with the words-only reader's vote
    /// ([`Config::intent`]) multiplied in: each class's probability times the
    /// reader's to that power. The reader knows the corpus's applets only: an
    /// applet the model never learnt keeps the router's probability (the
    /// reader has no word against it; given its best reachable probability
    /// instead, `do i need a coat today` went to the reader's "nothing
    /// fits" and weather was reached by 17 of 20 requests), any other class
    /// it lacks ("nothing fits" for a reader trained without it) gets an
    /// even share.
    /// `words` is the reader's reading of the request as the model reads it
    /// (odd case and misspellings read as the words they stand for).
    /// Returns the prediction with the vote, then the router's own.
    fn route(
        &self,
        r: &router::Router,
        words: Option<&[f32]>,
    ) -> Option<(router::Prediction, router::Prediction)> {
        let mut p = r.probs(&self.last_features).ok()?;
        let raw = router::prediction_from_probs(&p);
        let w = self.config.intent;
        if let (Some(it), Some(lex)) = (self.intent.as_ref(), words.filter(|_| !p.is_empty())) {
            let known: Vec<Option<usize>> =
                (0..p.len()).map(|i| it.class(r.class_name(i))).collect();
            let even = 1.0 / it.classes().len() as f32;
            for (i, q) in p.iter_mut().enumerate() {
                let f = match known[i] {
                    Some(k) => lex[k],
                    None if r.class_name(i) != crate::abstain::NOTHING_FITS
                        && !self.learnt(r.class_name(i)) =>
                    {
                        1.0
                    }
                    None => even,
                };
                *q *= kmath::pow(f64::from(f.max(1e-9)), f64::from(w)) as f32;
            }
            let z: f32 = p.iter().sum();
            if z > 0.0 {
                p.iter_mut().for_each(|q| *q /= z);
            }
        }
        Some((router::prediction_from_probs(&p), raw))
    }

    /// Whether two applets make the same kind of change: making or filling
    /// a name (writing a file, adding to its end, making a folder), or
    /// copying or moving one; any other applet only its own.
    fn same_change(&self, a: &str, b: &str) -> bool {
        let kind = |x: &str| match self.role_of(x) {
            Some(Role::Write | Role::Append | Role::MakeDir) => 1,
            Some(Role::Copy | Role::Move) => 2,
            _ => 0,
        };
        a == b || (kind(a) != 0 && kind(a) == kind(b))
    }

    /// The words-only reader's probabilities for `text`, when there is a
    /// reader and it is on ([`Config::intent`]).
    fn read_words(&self, text: &str) -> Option<Vec<f32>> {
        let it = self.intent.as_ref().filter(|_| self.config.intent > 0.0)?;
        Some(it.probs(text))
    }

    /// Whether the reader has a class for `applet`.
    fn knows(&self, applet: &str) -> bool {
        self.intent
            .as_ref()
            .is_some_and(|it| it.class(applet).is_some())
    }

    /// The reader's probability `p` on the classes `keep` takes.
    fn reader_mass(&self, p: &[f32], keep: impl Fn(&str) -> bool) -> f32 {
        self.intent.as_ref().map_or(0.0, |it| {
            it.classes()
                .iter()
                .zip(p)
                .filter(|(c, _)| keep(c))
                .map(|(_, q)| q)
                .sum()
        })
    }

    /// Whether the reader's first applet in `p`, help's own left aside, is
    /// `applet` with at least half of the rest.
    fn describes(&self, applet: &str, p: &[f32]) -> bool {
        let Some(it) = self.intent.as_ref() else {
            return false;
        };
        let help = self.doer(Role::Help);
        let not_help = |c: &str| Some(c) != help;
        let best = it
            .classes()
            .iter()
            .zip(p)
            .filter(|(c, _)| not_help(c))
            .max_by(|a, b| a.1.total_cmp(b.1));
        best.is_some_and(|(c, q)| c == applet && *q >= 0.5 * self.reader_mass(p, not_help))
    }

    /// What a line that carries a text asks: the text on the screen when
    /// its head asks for the screen and names no file; added to the one
    /// live file its head names, and nothing else (in read-only mode,
    /// nothing, with the F2 hint). `None` leaves the line to the model.
    fn carried(&self, c: &crate::carrier::Carried<'_>) -> Option<Proposal> {
        let g = ground::ground(c.target, &self.paths, &self.descriptions);
        let named = !g.grounding.referents.is_empty() || !g.missing.is_empty();
        let text = command::Arg::Text(c.text.into());
        let args = if c.shown {
            if named {
                return None;
            }
            alloc::vec![text]
        } else {
            let files: Vec<&grammar::PathEntry> =
                g.grounding.referents.iter().filter(|r| !r.is_dir).collect();
            let ([file], true) = (files.as_slice(), g.missing.is_empty()) else {
                return None;
            };
            // A job in the text is a note of it only when it is about
            // another thing (`todo: move the boot log to the archive`); on
            // the head's own file it is asked (`todo: delete the second
            // line`, `Release notes: rename to …`).
            if c.bare_order {
                return None;
            }
            if c.orders && !c.noting {
                let t = ground::ground(c.text, &self.paths, &self.descriptions);
                let other = t
                    .grounding
                    .referents
                    .iter()
                    .any(|r| !command::same_path(&r.path, &file.path));
                // `todo: reboot the router`, `todo: delete the second line`:
                // a note of a job or a job on the file, which the line does
                // not settle; nothing runs.
                if !other {
                    return Some(Proposal::nothing("", Abstain::NothingFits, 0));
                }
            }
            alloc::vec![command::Arg::Path(file.path.clone()), text]
        };
        let role = if c.shown { Role::Say } else { Role::Append };
        let Some(applet) = self.doer(role) else {
            // Read-only: nothing reachable adds to a file.
            return Some(Proposal::nothing("", Abstain::NeedsWriteMode, 0));
        };
        let line = command::render(&command::Command { applet, args });
        let command = self.table.parse(&line, self.mode).ok()?;
        let mut p = Proposal::typed("", command, 0);
        p.via = Via::Carried;
        Some(p)
    }

    /// The command `fixed` (the speller's reading of `request`) is, when
    /// the speller changed only its first word, into the name of an applet
    /// reachable now that takes no text, and every file it needs is live.
    fn slipped_command(&self, request: &str, fixed: &str) -> Option<command::Command> {
        let (first, rest) = request.trim().split_once(' ')?;
        let (name, fixed_rest) = fixed.trim().split_once(' ')?;
        if first.eq_ignore_ascii_case(name) || rest.trim() != fixed_rest.trim() {
            return None;
        }
        let c = self.table.parse(fixed.trim(), self.mode).ok()?;
        let spec = self.table.get_any(c.applet)?.spec();
        // A text typed unquoted reads as English as often as not (`wirte
        // ok to status.txt`): the request path copies it.
        if spec.slots.iter().any(|s| s.kind == command::SlotKind::Text) {
            return None;
        }
        let live = c.paths(spec).all(|(p, must_exist)| {
            !must_exist || self.paths.iter().any(|e| command::same_path(&e.path, p))
        });
        live.then_some(c)
    }

    /// `applet` with `args`, as the table parses it back in this mode
    /// (a command a rule rewrote is checked as a typed one would be).
    fn checked(&self, applet: &'static str, args: Vec<command::Arg>) -> Option<command::Command> {
        let line = command::render(&command::Command { applet, args });
        self.table.parse(&line, self.mode).ok()
    }

    fn is_live(&self, path: &str, dir: bool) -> bool {
        self.paths
            .iter()
            .any(|e| e.is_dir == dir && command::same_path(&e.path, path))
    }

    /// Whether `c` writes a whole text over a file the volume holds.
    fn writes_over_live(&self, c: &command::Command) -> bool {
        self.role_of(c.applet) == Some(Role::Write)
            && matches!(c.args.first(), Some(command::Arg::Path(p)) if self.is_live(p, false))
    }

    pub(super) fn role_of(&self, applet: &str) -> Option<Role> {
        self.table.get_any(applet).and_then(|a| a.spec().role)
    }

    /// The reachable applet that does `role`, the first the table holds.
    /// Whether `applet` explains a request rather than running it (a
    /// request slot: `route`).
    fn quotes_a_request(&self, applet: &str) -> bool {
        self.table.get_any(applet).is_some_and(|a| {
            a.spec()
                .slots
                .iter()
                .any(|s| s.kind == command::SlotKind::Request)
        })
    }

    pub(super) fn doer(&self, role: Role) -> Option<&'static str> {
        self.table
            .reachable(self.mode)
            .find(|a| a.spec().role == Some(role))
            .map(|a| a.spec().name)
    }

    fn lacks_file(&self, applet: &str, g: &Grounded) -> bool {
        let Some(spec) = self.table.get(applet, self.mode).map(|a| a.spec()) else {
            return false;
        };
        spec.slots.iter().any(|s| match s.kind {
            command::SlotKind::Path {
                kind,
                must_exist: true,
            } if s.required => !g.grounding.referents.iter().any(|p| match kind {
                command::PathKind::File => !p.is_dir,
                command::PathKind::Dir => p.is_dir,
                command::PathKind::Any => true,
            }),
            _ => false,
        })
    }
}

/// The language model's next-token view of the applets after the last
/// prompt: each share below is a softmax over the first tokens of applet
/// names (and, for a model that learnt "nothing", the end token).
impl Interpreter<'_> {
    /// The first token of each applet's name, reachable ones only unless
    /// `all`, with the applet's spec.
    fn first_tokens(&self, all: bool) -> Vec<(u32, &'static command::AppletSpec)> {
        let specs: Vec<&'static command::AppletSpec> = if all {
            self.table.all().map(|a| a.spec()).collect()
        } else {
            self.table.specs(self.mode)
        };
        specs
            .into_iter()
            .filter_map(|s| Some((*self.tokenizer.encode(s.name, false).first()?, s)))
            .collect()
    }

    /// Of the probability on the distinct `tokens`, the share on those
    /// `mine` picks; `None` when there is none to share.
    fn share(&self, mut tokens: Vec<u32>, mine: impl Fn(u32) -> bool) -> Option<f32> {
        tokens.sort_unstable();
        tokens.dedup();
        let logit = |t: u32| self.prompt_logits[t as usize];
        let max = tokens
            .iter()
            .map(|&t| logit(t))
            .fold(f32::NEG_INFINITY, f32::max);
        let (mut part, mut sum) = (0.0f32, 0.0f32);
        for &t in &tokens {
            let p = kmath::expf(logit(t) - max);
            sum += p;
            if mine(t) {
                part += p;
            }
        }
        (sum > 0.0).then(|| part / sum)
    }

    /// The language model's own share for `applet` among the reachable
    /// applets, after the last prompt: the probability of its name's first
    /// token against every reachable applet's first token (and ending at
    /// once, for a model that learnt "nothing": an applet is sure only
    /// against that as well). `None` when another reachable applet's name
    /// starts with the same token (the first step cannot tell them apart).
    pub fn lm_share(&self, applet: &str) -> Option<f32> {
        let firsts = self.first_tokens(false);
        let (mine, _) = *firsts.iter().find(|(_, s)| s.name == applet)?;
        if firsts.iter().filter(|(t, _)| *t == mine).count() > 1 {
            return None;
        }
        let tokens = firsts.iter().map(|(t, _)| *t).chain(self.nothing_token);
        self.share(tokens.collect(), |t| t == mine)
    }

    /// For a model trained on "nothing" rows (GGUF `nosys.nothing`): after
    /// the last prompt, the chance of ending the command before it starts
    /// against that of starting a reachable applet's name. `None` for any
    /// other model.
    pub fn nothing_share(&self) -> Option<f32> {
        let end = self.nothing_token?;
        let tokens = self.first_tokens(false).into_iter().map(|(t, _)| t);
        self.share(tokens.chain([end]).collect(), |t| t == end)
    }

    /// Of the model's next-token probability after the last prompt that
    /// goes to the first token of some applet's name, the share that goes
    /// to write applets. The model was trained on every applet, so in
    /// read-only mode this says "the person asked for a write" without any
    /// write applet being in the grammar or the router. Tokens that start
    /// both a write and a read applet's name count for neither.
    pub fn write_share(&self) -> f32 {
        let firsts = self.first_tokens(true);
        let writes = |t: u32, w: bool| firsts.iter().any(|(u, s)| *u == t && s.writes == w);
        let tokens = firsts
            .iter()
            .map(|(t, _)| *t)
            .filter(|&t| !(writes(t, true) && writes(t, false)))
            .collect();
        self.share(tokens, |t| writes(t, true)).unwrap_or(0.0)
    }
}

/// The request is read with typographic quotes made straight (they delimit
/// texts as straight ones do), but a text copied from it is what was typed:
/// `‘Kernel’` inside a text stays `‘Kernel’`. The straightening maps one
/// character to one, so the text's place in the straightened request is its
/// place in the typed one.
fn typed_quotes_kept(typed: &str, command: &mut command::Command) {
    const CURLY: [char; 4] = ['\u{201c}', '\u{201d}', '\u{2018}', '\u{2019}'];
    if !typed.contains(CURLY) {
        return;
    }
    let straight: String = typed
        .chars()
        .map(|c| match c {
            '\u{201c}' | '\u{201d}' => '"',
            '\u{2018}' | '\u{2019}' => '\'',
            c => c,
        })
        .collect();
    for arg in command.args.iter_mut() {
        let command::Arg::Text(text) = arg else {
            continue;
        };
        let Some(at) = straight.find(text.as_str()) else {
            continue;
        };
        // Byte offsets differ (a curly quote is three bytes): count chars.
        let from = straight[..at].chars().count();
        let len = text.chars().count();
        let was: String = typed.chars().skip(from).take(len).collect();
        if was != *text {
            *text = was;
        }
    }
}

/// Whether `lines` (the request as typed and as read) ask for a delete in
/// so many words: a word that deletes, a discard ([`discards`]), or the
/// thing said to be no longer needed.
fn asks_removal(lines: &[&str], discards: bool) -> bool {
    lines.iter().any(|l| {
        // `longer` only after a no (`no longer needed`): `the todo list
        // keeps getting longer` had deleted it.
        let lw = lower_words(l);
        let denied = |w: &str| {
            let at = lw.iter().position(|x| x == w).unwrap_or(0);
            lw[..at].iter().any(|x| {
                matches!(x.as_str(), "no" | "not" | "never" | "nobody" | "none")
                    || x.ends_with("n't")
                    || x.ends_with("nt") && matches!(x.as_str(), "dont" | "doesnt" | "wont" | "cant" | "isnt")
            })
        };
        words(l).any(|w| {
            let w = w.to_ascii_lowercase();
            if w == "longer" && !denied(&w) {
                return false;
            }
            let forms = crate::cues::base_forms(&w);
            core::iter::once(w.as_str())
                .chain(forms.iter().map(|f| f.as_str()))
                .any(|x| {
                    STRONG_REMOVAL.contains(&x)
                        || FIGURATIVE_REMOVAL.contains(&x)
                        || REMOVAL_WORDS.contains(&x)
                })
                // Inside a word of another language (`pakidelete`).
                || ["delet", "remov"].iter().any(|r| w.contains(r))
        }) || discards
            // Need denied a word or two before it (`i no lonher need`,
            // `i don't need todo.txt`), of a thing: `no need to do it
            // again` turns an action down.
            || {
                let w = lower_words(l);
                w.iter().enumerate().any(|(i, x)| {
                    matches!(x.as_str(), "no" | "not" | "don't" | "dont")
                        && w[i + 1..].iter().take(2).enumerate().any(|(k, n)| {
                            (n == "need" || n == "needed")
                                && w.get(i + 2 + k).is_none_or(|after| after != "to")
                        })
                })
            }
            // Not needed any more (`i no need budget.log in home`).
            || any_phrase(l, &["take out", "get rid", "disappear", "vanish", "served its purpose", "outlived", "obsolete", "not wanted", "unneeded", "unwanted", "can go", "let go", "must go", "has to go", "needs to go", "need to go", "may go", "go away", "finished its purpose", "out of here", "knock out", "haul out", "kick out", "tek out", "take-out"])
    })
}

/// Figurative deletes people wrote (pest control's and STRONG_REMOVAL's
/// `exterminate`, gardening, a museum's register, a ship's cargo, a
/// farewell): a model trained on plainer words has them as no cue.
const FIGURATIVE_REMOVAL: &[&str] = &[
    "banish",
    "excise",
    "prune",
    "weed",
    "cull",
    "deadhead",
    "deaccession",
    "jettison",
    "offload",
    "abolish",
    "evict",
    "expel",
    "oust",
    "sack",
    "demolish",
    "raze",
    "vaporize",
    "vaporise",
    "incinerate",
    "decommission",
    "scrapyard",
    "landfill",
    "dustbin",
    "shredder",
    "bye",
    "bye-bye",
    "goodbye",
    "farewell",
];

/// Words that ask only to delete: none of them also reads, says where, or
/// is a common word of another job (`clear`, `cut`, `off`, `away` are in
/// [`REMOVAL_WORDS`], not here).
const STRONG_REMOVAL: &[&str] = &[
    "delete",
    "remove",
    "erase",
    "rm",
    "del",
    "trash",
    "scratch",
    "cancel",
    "destroy",
    "purge",
    "shred",
    "nuke",
    "obliterate",
    "eradicate",
    "expunge",
    "exterminate",
    "annihilate",
    "unlink",
    "discard",
    "yeet",
];

/// Words a delete is asked with besides [`STRONG_REMOVAL`], any
/// language's shell or slang: a delete without one of them (or a discard,
/// [`discards`]) says nothing of deleting.
const REMOVAL_WORDS: &[&str] = &[
    "bin",
    "toss",
    "ditch",
    "scrap",
    "chuck",
    "muck",
    "strike",
    "throw",
    "burn",
    "kill",
    "zap",
    "axe",
    "drop",
    "dump",
    "lose",
    "junk",
    "eliminate",
    "wipe",
    "clear",
    "cut",
    "rid",
    "gone",
    "rmdir",
    "deletion",
    "removal",
    "scrub",
    "bury",
    "chop",
    "dispose",
    "rubbish",
    "garbage",
    "waste",
    "86",
    "supprimer",
    "borrar",
    "eliminar",
    "loeschen",
    "löschen",
    "usun",
    "hapus",
    "futa",
    "xoa",
    "away",
    "off",
    "anymore",
    "longer",
];

/// The files another reading of the line (`f`: its slips or its digits
/// read) refers to, taken into the line's own grounding `g`.
fn take_referents(g: &mut Grounded, f: Grounded) {
    g.grounding.referents = f.grounding.referents;
    g.grounding.containers = f.grounding.containers;
    g.weak = f.weak;
    g.names_only = f.names_only;
    g.names_a_file = f.names_a_file;
}
