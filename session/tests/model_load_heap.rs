//! `model load` frees the model it replaces: loading ten models in a row
//! keeps heap use flat. A counting global allocator measures the live heap
//! after each load (this test binary holds nothing else that grows).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use command::{Assistant as _, Mode, SAMPLE_FS};
use session::{Assistant, Load, ModelBytes};

const MODEL: &[u8] = include_bytes!("../../request/fixtures/tiny-nosys.gguf");

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; the
// counter only observes sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's layout contract is passed on as is.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` came from `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        LIVE.fetch_add(new, Ordering::Relaxed);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(ptr, layout, new) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

fn now() -> u64 {
    0
}

#[test]
fn ten_loads_keep_the_heap_flat() {
    let mut a = Assistant::load(
        Load {
            bytes: ModelBytes::Static(MODEL),
            origin: "fixture".into(),
            table: applets::builtin(),
            mode: Mode::ReadOnly,
            paths: request::paths_from_list(SAMPLE_FS),
            cache: None,
            config: request::Config::default(),
            free_bytes: None,
        },
        now,
        &mut |_| {},
    )
    .unwrap();
    let mut live = Vec::new();
    for i in 0..10 {
        // What the `model` applet hands over: the file's bytes, read anew.
        let bytes = MODEL.to_vec();
        let mut out = String::new();
        a.load(&format!("/M{i}.GGU"), bytes, Default::default(), &mut out)
            .unwrap();
        assert!(out.starts_with(&format!("loaded /M{i}.GGU")), "{out}");
        drop(out);
        live.push(LIVE.load(Ordering::Relaxed));
    }
    let first = live[0];
    let worst = *live.iter().max().unwrap();
    // One leaked copy per load would add the file's size each time: nine
    // leaks would be 9 x MODEL.len() above the first load.
    assert!(
        worst - first < MODEL.len() / 2,
        "heap after each load: {live:?} (model {} bytes)",
        MODEL.len()
    );
    eprintln!(
        "live heap after loads 1..10: {live:?}; model file {} bytes",
        MODEL.len()
    );
}
