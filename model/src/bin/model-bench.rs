//! Prefill and decode speed of one GGUF, single thread; driven by `model/scripts/bench.py`.
//!
//! `model-bench MODEL.gguf [prefill_tokens] [decode_tokens] [reps] [--portable]` prints one JSON
//! line (tokens per second of thread CPU time). Token ids are `(i * 7919 + 13) % vocab`, the same
//! formula bench.py feeds llama.cpp. The model (and `--kernels`' matrices) sit on 2 MiB pages,
//! as llama.cpp's `mmap` of the page cache gets much of the file here and as the kernel's heap
//! in the loader's direct map is mapped when the loader uses large pages; `--small-pages` puts
//! them on 4 KiB pages, as builds before 2026-12-04 did.
//!
//! With `--serve` it loads the model once, prints `ready`, and then runs one repetition per line
//! read from stdin, printing `{"prefill_s": .., "decode_s": ..}` for each: bench.py alternates
//! these with llama.cpp's repetitions, so both see the same minutes of a shared machine.

use model::{ops, Gguf, TensorType, Transformer};

/// CPU time of this thread in seconds: on a machine shared with other jobs, time spent
/// descheduled is not ours to count. (`/proc/thread-self/schedstat` only advances at scheduler
/// ticks, too coarse for a small model; `CLOCK_THREAD_CPUTIME_ID` is exact. It is what Python's
/// `time.thread_time`, used for llama.cpp, reads.)
fn cpu_s() -> f64 {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clk: i32, ts: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec with the C layout of x86_64 Linux; std links
    // the C library that provides clock_gettime.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime");
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// Zeroed memory on 2 MiB transparent huge pages where the kernel gives them (advised before
/// the first touch, so that the faults take huge pages; this machine's THP mode is `madvise`).
///
/// Why: llama.cpp reads the model through an `mmap` of the page cache, which on this host maps
/// much of the file with 2 MiB pages, and the nosys kernel through the loader's direct map; a
/// `Vec` here sits on 4 KiB pages, and a decode step, which streams the whole model, then reads
/// 20-40% slower (docs/model-bench.md, 2026-12-04 18:50 UTC).
struct Huge {
    map: *mut u8,
    map_len: usize,
    start: *mut u8,
    len: usize,
}

extern "C" {
    fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, off: i64) -> *mut u8;
    fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
    fn munmap(addr: *mut u8, len: usize) -> i32;
}

impl Huge {
    fn zeroed(len: usize) -> Self {
        const PROT_READ_WRITE: i32 = 0x1 | 0x2;
        const MAP_PRIVATE_ANONYMOUS: i32 = 0x02 | 0x20;
        const MADV_HUGEPAGE: i32 = 14;
        const HUGE: usize = 2 << 20;
        let rounded = len.max(1).div_ceil(HUGE) * HUGE;
        let map_len = rounded + HUGE;
        // SAFETY: a fresh private anonymous mapping, checked below; `start` is its first 2 MiB
        // boundary, so `rounded` bytes from it are inside the mapping.
        unsafe {
            let map = mmap(
                core::ptr::null_mut(),
                map_len,
                PROT_READ_WRITE,
                MAP_PRIVATE_ANONYMOUS,
                -1,
                0,
            );
            assert!(map as isize != -1, "mmap");
            let start = map.add(map.align_offset(HUGE));
            // Advice only: without THP the buffer is still correct, on small pages.
            madvise(start, rounded, MADV_HUGEPAGE);
            Self {
                map,
                map_len,
                start,
                len,
            }
        }
    }

    fn as_mut(&mut self) -> &mut [u8] {
        // SAFETY: `len` bytes at `start` are inside the mapping, which lives as long as `self`;
        // the borrow of `self` is exclusive.
        unsafe { core::slice::from_raw_parts_mut(self.start, self.len) }
    }
}

impl core::ops::Deref for Huge {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        // SAFETY: as in `as_mut`, shared.
        unsafe { core::slice::from_raw_parts(self.start, self.len) }
    }
}

impl Drop for Huge {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `zeroed`; no borrow of it outlives `self`.
        unsafe { munmap(self.map, self.map_len) };
    }
}

/// The file at `path` on huge pages ([`Huge`]), or in a `Vec` with `--small-pages`.
fn read_model(path: &str, small_pages: bool) -> Box<dyn core::ops::Deref<Target = [u8]>> {
    if small_pages {
        return Box::new(std::fs::read(path).expect("read model"));
    }
    use std::io::Read;
    let mut f = std::fs::File::open(path).expect("open model");
    let mut buf = Huge::zeroed(f.metadata().expect("model size").len() as usize);
    f.read_exact(buf.as_mut()).expect("read model");
    Box::new(buf)
}

/// Best (smallest) CPU time of `reps` calls of `f`, in seconds.
fn best_of(reps: usize, mut f: impl FnMut()) -> f64 {
    (0..reps)
        .map(|_| {
            let t0 = cpu_s();
            f();
            cpu_s() - t0
        })
        .fold(f64::MAX, f64::min)
}

/// The machine's roofs on one core: AVX2 FMA throughput (16 independent 8-lane chains, long
/// enough to hide the latency) and the read bandwidth of one thread streaming a buffer far
/// larger than the caches.
fn roofs() {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        #[target_feature(enable = "avx2,fma")]
        fn fma_loop(iters: usize) -> f32 {
            let mut a = [_mm256_set1_ps(1.0); 12];
            let m = _mm256_set1_ps(0.999_999);
            let c = _mm256_set1_ps(1e-7);
            for _ in 0..iters {
                for v in a.iter_mut() {
                    *v = _mm256_fmadd_ps(*v, m, c);
                }
            }
            let mut s = _mm256_setzero_ps();
            for v in a {
                s = _mm256_add_ps(s, v);
            }
            let mut o = [0f32; 8];
            // SAFETY: `o` holds eight f32s.
            unsafe { _mm256_storeu_ps(o.as_mut_ptr(), s) };
            o.iter().sum()
        }
        #[target_feature(enable = "avx2")]
        fn read_loop(buf: &[u8]) -> u64 {
            let mut acc = [_mm256_setzero_si256(); 4];
            for c in buf.chunks_exact(128) {
                for (k, a) in acc.iter_mut().enumerate() {
                    // SAFETY: 32 bytes at 32k of a 128-byte chunk.
                    let v = unsafe { _mm256_loadu_si256(c.as_ptr().add(32 * k) as *const __m256i) };
                    *a = _mm256_xor_si256(*a, v);
                }
            }
            let mut o = [0u64; 4];
            let x = _mm256_xor_si256(
                _mm256_xor_si256(acc[0], acc[1]),
                _mm256_xor_si256(acc[2], acc[3]),
            );
            // SAFETY: `o` holds 32 bytes.
            unsafe { _mm256_storeu_si256(o.as_mut_ptr() as *mut __m256i, x) };
            o.iter().fold(0, |a, b| a ^ b)
        }
        if ops::simd() != ops::Simd::Avx2 {
            return;
        }
        let iters = 20_000_000;
        let mut sink = 0f32;
        // SAFETY: AVX2 and FMA detected above.
        let t = best_of(5, || sink += unsafe { fma_loop(iters) });
        let fmas = (iters * 12 * 8) as f64;
        let buf: Vec<u8> = (0..1usize << 30).map(|i| i as u8).collect();
        let mut x = 0u64;
        // SAFETY: AVX2 detected above.
        let tb = best_of(5, || x ^= unsafe { read_loop(&buf) });
        println!(
            "{{\"fma_g_per_s\": {:.2}, \"read_gb_per_s\": {:.2}, \"sink\": {}}}",
            fmas / t * 1e-9,
            buf.len() as f64 / tb * 1e-9,
            (sink as u64) ^ (x & 1)
        );
    }
}

/// Each weight type's product on its own: a 3072 × 1024 matrix (an FFN's gate at the 0.6B
/// shape, 1.5 to 12 MiB) against 32 tokens, a 256 MiB-or-more matrix against one token (decode,
/// from memory), and the first matrix against one token (decode from L2). One JSON line per type and shape: multiply-adds per second and weight bytes
/// per second (`--prefill`: only the first shape; `--shape=ROWSxCOLSxTOKENS`, repeatable: those
/// shapes instead, e.g. `--shape=16384x512x1` for the 25M model's output matrix).
fn kernels(
    types: &[String],
    prefill_only: bool,
    custom: &[(usize, usize, usize)],
    small_pages: bool,
) {
    for ty in TensorType::ALL {
        if !types.is_empty() && !types.iter().any(|t| t.eq_ignore_ascii_case(ty.name())) {
            continue;
        }
        let row_bytes_of = |cols: usize| ty.row_bytes(cols as u64).expect("whole blocks") as usize;
        // Prefill; decode from memory; decode of the prefill matrix, which stays in L2 (the
        // kernel's own speed, without memory).
        let mut shapes = vec![
            (3072, 1024, 32),
            ((256 << 20) / row_bytes_of(1024), 1024, 1),
            (3072, 1024, 1),
        ];
        shapes.truncate(if prefill_only { 1 } else { 3 });
        if !custom.is_empty() {
            shapes = custom.to_vec();
        }
        for (rows, cols, n_tok) in shapes {
            let row_bytes = row_bytes_of(cols);
            let data = ops::random_weights(ty, rows, cols, 1);
            let data: Box<dyn core::ops::Deref<Target = [u8]>> = if small_pages {
                Box::new(data)
            } else {
                let mut buf = Huge::zeroed(data.len());
                buf.as_mut().copy_from_slice(&data);
                Box::new(buf)
            };
            let w = ops::Matrix {
                ty,
                rows,
                cols,
                row_bytes,
                data: &data,
            };
            let x: Vec<f32> = (0..n_tok * cols)
                .map(|i| ((i * 7919) % 1000) as f32 / 500.0 - 1.0)
                .collect();
            let mut sc = ops::ActScratch::new(n_tok * cols);
            let mut out = vec![0f32; n_tok * rows];
            let reps = if rows * row_bytes > 32 << 20 { 5 } else { 20 };
            let macs = (rows * cols * n_tok) as f64;
            let t = best_of(reps, || {
                ops::matmul(&mut out, &w, sc.convert(ty, &x), n_tok)
            });
            println!(
                "{{\"type\": \"{}\", \"rows\": {rows}, \"cols\": {cols}, \"n_tok\": {n_tok}, \"gmac_per_s\": {:.2}, \"weight_gb_per_s\": {:.2}}}",
                ty.name(),
                macs / t * 1e-9,
                data.len() as f64 / t * 1e-9
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--roofs") {
        return roofs();
    }
    if args.first().is_some_and(|a| a == "--kernels") {
        if args.iter().any(|a| a == "--portable") {
            ops::force_portable(true);
        }
        let types: Vec<String> = args[1..]
            .iter()
            .filter(|a| !a.starts_with("--"))
            .cloned()
            .collect();
        let shapes: Vec<(usize, usize, usize)> = args
            .iter()
            .filter_map(|a| a.strip_prefix("--shape="))
            .map(|s| {
                let v: Vec<usize> = s
                    .split('x')
                    .map(|n| n.parse().expect("--shape=RxCxT"))
                    .collect();
                assert!(v.len() == 3, "--shape=ROWSxCOLSxTOKENS");
                (v[0], v[1], v[2])
            })
            .collect();
        return kernels(
            &types,
            args.iter().any(|a| a == "--prefill"),
            &shapes,
            args.iter().any(|a| a == "--small-pages"),
        );
    }
    let portable = args.iter().any(|a| a == "--portable");
    let pos_args: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let Some(path) = pos_args.first() else {
        eprintln!("usage: model-bench MODEL.gguf [prefill] [decode] [reps] [--portable]");
        std::process::exit(2);
    };
    let num = |i: usize, d: usize| pos_args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (n_prefill, n_decode, reps) = (num(1, 128), num(2, 64), num(3, 3));
    if portable {
        ops::force_portable(true);
    }
    let bytes = read_model(path, args.iter().any(|a| a == "--small-pages"));
    let g = Gguf::parse(&bytes).expect("parse");
    let batch = args
        .iter()
        .find_map(|a| a.strip_prefix("--batch="))
        .map_or(model::model::DEFAULT_BATCH, |b| {
            b.parse().expect("--batch=N")
        });
    let mut m = Transformer::with_batch(&g, Some(n_prefill + n_decode + 1), batch).expect("load");
    let vocab = m.config.vocab;
    let toks: Vec<u32> = (0..n_prefill + n_decode)
        .map(|i| ((i * 7919 + 13) % vocab) as u32)
        .collect();
    let mut rep = || {
        let t0 = cpu_s();
        m.prefill(&toks[..n_prefill], 0).expect("prefill");
        let t1 = cpu_s();
        for (i, &t) in toks[n_prefill..].iter().enumerate() {
            m.forward(t, n_prefill + i).expect("forward");
        }
        (t1 - t0, cpu_s() - t1)
    };
    if args.iter().any(|a| a == "--serve") {
        use std::io::{BufRead, Write};
        println!("ready");
        std::io::stdout().flush().expect("stdout");
        for line in std::io::stdin().lock().lines() {
            if line.is_err() {
                break;
            }
            let (p, d) = rep();
            println!("{{\"prefill_s\": {p:.6}, \"decode_s\": {d:.6}}}");
            std::io::stdout().flush().expect("stdout");
        }
        return;
    }
    let (mut best_p, mut best_d) = (f64::MAX, f64::MAX);
    for _ in 0..reps {
        let (p, d) = rep();
        best_p = best_p.min(p);
        best_d = best_d.min(d);
    }
    println!(
        "{{\"prefill_tps\": {:.2}, \"decode_tps\": {:.2}, \"kernels\": \"{:?}\"}}",
        n_prefill as f64 / best_p,
        n_decode as f64 / best_d,
        ops::simd()
    );
}
