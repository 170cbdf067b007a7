//! What several QEMU tests share: the host side of a host-against-kernel
//! comparison. Each test file includes this with `mod common;` and uses
//! what it needs, so an unused item in one file is not dead code.
#![allow(dead_code)]

use std::path::Path;
use std::time::Instant;

pub struct HostClock(pub Instant);

impl request::Clock for HostClock {
    fn now_ns(&mut self) -> u64 {
        self.0.elapsed().as_nanos() as u64
    }
}

impl HostClock {
    pub fn start() -> HostClock {
        HostClock(Instant::now())
    }
}

/// The request path as the kernel runs it at boot: the same crates, the
/// model, its feature cache and the volume's files, in read-only mode.
pub fn host_interpreter(
    gguf: &'static [u8],
    features: &[u8],
    disk: &Path,
    clock: &mut HostClock,
) -> request::Interpreter<'static> {
    let cache = request::FeatureCache::parse(features).unwrap();
    let mut vol =
        storage::Volume::mount(storage::FileDisk::open(disk, 512, false).unwrap()).unwrap();
    let paths = request::walk_files(&mut vol).unwrap();
    drop(vol);
    let mut host = request::Interpreter::new(
        gguf,
        applets::builtin(),
        command::Mode::ReadOnly,
        paths,
        request::Config::default(),
    )
    .unwrap();
    host.warm_router(Some(&cache), 4, clock, &mut |_, _| {})
        .unwrap();
    host
}

/// [`host_interpreter`] over the shipped default model and `make disk`'s image.
pub fn default_host(clock: &mut HostClock) -> request::Interpreter<'static> {
    let root = nosys_iso::root();
    let gguf: &'static [u8] = Box::leak(
        std::fs::read(root.join("model/default/nosys.gguf"))
            .unwrap()
            .into_boxed_slice(),
    );
    let features = std::fs::read(root.join("model/default/features.bin")).unwrap();
    let disk = nosys_iso::build_dir().unwrap().join("disk.img");
    host_interpreter(gguf, &features, &disk, clock)
}

/// The decision the host proposes for `request` (what `route` prints as `decision:`).
pub fn host_decision(
    host: &mut request::Interpreter<'static>,
    clock: &mut HostClock,
    request: &str,
) -> String {
    host.propose(request, clock, &mut || false)
        .unwrap()
        .decision()
        .to_string()
}

/// Asks the kernel to `route` each request (explain, not run) and asserts
/// that its decision is the host's, word for word.
pub fn assert_kernel_decides_as_host(
    vm: &mut nosys_iso::qemu::Vm,
    host: &mut request::Interpreter<'static>,
    clock: &mut HostClock,
    requests: &[&str],
    timeout: std::time::Duration,
) {
    for request in requests {
        let want = host_decision(host, clock, request);
        let t = Instant::now();
        let r = vm
            .reply(&format!("route \"{request}\""), timeout)
            .unwrap_or_else(|e| panic!("route {request:?}: {e}"));
        eprintln!("{request:?} in {:.1} s:\n{r}", t.elapsed().as_secs_f64());
        let got = r
            .lines()
            .find_map(|l| l.trim().strip_prefix("decision: "))
            .unwrap_or_else(|| panic!("no decision line for {request:?}:\n{r}"));
        assert_eq!(got.trim(), want, "{request:?}");
    }
}
