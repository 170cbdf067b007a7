//! Issue 14 item 4: an applet added after the model was trained is reached
//! by natural requests, from its eight declared examples alone, after the
//! ordinary rebuild (the router is re-solved at load; nothing else runs).
//! The requests below were written for this test, apart from the applet's
//! examples (request/tests/common), in the ways people ask.

mod common;
use command::Mode;
use common::{default_model, warmed, BATTERY, WEATHER};

const FOR_WEATHER: &[&str] = &[
    "is it going to rain tomorrow",
    "what is the forecast for today",
    "should I take an umbrella",
    "how cold is it outside",
    "will there be sun tomorrow",
    "weather please",
    "forecast",
    "is it windy today",
    "do i need a coat today",
    "will it snow tomorrow",
    "whats the temperature outside",
    "rain today?",
    "is tomorrow going to be sunny",
    "tell me the weather for tomorrow",
    "hows the weather",
    "can I go out without an umbrella",
    "any rain coming",
    "what will the weather be like tomorrow",
    "is it hot outside",
    "wether today",
];

/// The requests that did not reach `applet` once it is added to the table.
fn missed(applet: &'static dyn command::Applet, requests: &[&'static str]) -> Vec<&'static str> {
    let bytes = default_model();
    let name = applet.spec().name;
    let table = applets::builtin().with(applet).unwrap();
    let (mut it, mut clock) = warmed(&bytes, table, Mode::ReadOnly);
    let mut missed = Vec::new();
    for r in requests {
        let p = it.propose(r, &mut clock, &mut || false).unwrap();
        eprintln!("{r:?} -> {}", p.display());
        if p.applet() != Some(name) {
            missed.push(*r);
        }
    }
    missed
}

#[test]
fn a_new_applet_is_reached_by_requests_it_was_never_shown() {
    let missed = missed(&WEATHER, FOR_WEATHER);
    // The target is 90 %. Measured (docs/eval.md): 1 of 20 on the
    // hidden state alone, 16 with the lexical features (model of 2
    // December), 15 with the model of 4 December, 18 once the rows of an
    // applet the model never learnt count twice (`Config::unlearnt_weight`,
    // chosen on the battery requests below, not on these).
    let reached = FOR_WEATHER.len() - missed.len();
    assert!(
        reached * 10 >= FOR_WEATHER.len() * 9,
        "{reached} of {} reached weather; missed {missed:?}",
        FOR_WEATHER.len()
    );
}

/// Requests for the battery applet, written apart from its examples: the
/// set `Config::unlearnt_weight` was chosen on (1: 17 of 20, 2: 18).
const FOR_BATTERY: &[&str] = &[
    "whats my battery at",
    "battery?",
    "is it plugged in",
    "how much juice do i have left",
    "will the battery last another hour",
    "charge level please",
    "am i on ac power",
    "check the battery",
    "low battery?",
    "how full is the battery",
    "batery status",
    "should i find a charger",
    "is the battery ok",
    "power left",
    "how many minutes of battery remain",
    "is it running on battery",
    "battery health",
    "show me the charge",
    "what percentage is the battery",
    "am i about to run out of power",
];

#[test]
fn a_second_new_applet_is_reached_too() {
    let missed = missed(&BATTERY, FOR_BATTERY);
    assert!(missed.len() * 10 <= FOR_BATTERY.len(), "missed {missed:?}");
}

/// Chosen-applet accuracy on every `step`-th dev row, with `table`.
fn dev_applet_accuracy(bytes: &[u8], table: command::Table, step: usize) -> (usize, usize) {
    let dev =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/dev.tsv")).unwrap();
    let (mut it, mut clock) = warmed(bytes, table, Mode::ReadWrite);
    let (mut right, mut n) = (0, 0);
    for line in dev.lines().filter(|l| !l.starts_with('#')).step_by(step) {
        let mut f = line.split('\t');
        let (Some(request), Some(command)) = (f.next(), f.next()) else {
            continue;
        };
        let want = command.split_whitespace().next().unwrap_or("");
        let p = it.propose(request, &mut clock, &mut || false).unwrap();
        n += 1;
        right += usize::from(p.applet() == Some(want));
    }
    (right, n)
}

#[test]
fn adding_an_applet_costs_the_old_ones_at_most_a_point() {
    let bytes = default_model();
    let (before, n) = dev_applet_accuracy(&bytes, applets::builtin(), 4);
    for applet in [&WEATHER as &'static dyn command::Applet, &BATTERY] {
        let name = applet.spec().name;
        let (after, m) = dev_applet_accuracy(&bytes, applets::builtin().with(applet).unwrap(), 4);
        assert_eq!(n, m);
        eprintln!(
            "old applets on a quarter of dev: {before} of {n} without {name}, {after} with it"
        );
        // At most one point lost (a gain is fine).
        assert!(
            100 * (before as i64 - after as i64) <= n as i64,
            "{name}: {before} -> {after} of {n}"
        );
    }
}

/// The default model says which applets it learnt to name (GGUF
/// `nosys.applets`, written by the exporter from its training split): every
/// builtin applet, and not one added afterwards, which only the router can
/// then choose (the grammar's disagreement is no evidence against it).
#[test]
fn the_default_model_knows_which_applets_it_learnt() {
    let bytes = default_model();
    let table = applets::builtin().with(&WEATHER).unwrap();
    let (it, _) = warmed(&bytes, table, Mode::ReadWrite);
    for spec in applets::builtin().specs(Mode::ReadWrite) {
        assert!(it.learnt(spec.name), "{}", spec.name);
    }
    assert!(!it.learnt("weather"));
}
