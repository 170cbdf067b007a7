//! What applets need from the machine. The kernel implements [`Services`]
//! over the hardware; host tests implement it with plain data. One trait, so
//! a fake is one struct.

use alloc::string::String;
use alloc::vec::Vec;

use crate::files::Files;

/// Memory figures in bytes, as the kernel's allocator and memory map see them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoryStats {
    /// Usable RAM reported by the firmware memory map.
    pub total_bytes: u64,
    /// Usable RAM not claimed by the kernel (heap, model, page tables).
    pub free_bytes: u64,
    /// Size of the kernel heap.
    pub heap_bytes: u64,
    /// Bytes currently allocated on the kernel heap.
    pub heap_used_bytes: u64,
}

/// A calendar date and wall-clock time as the CMOS RTC holds it (no zone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DateTime {
    pub year: u16,
    /// 1..=12
    pub month: u8,
    /// 1..=31
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
}

/// What CPUID says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CpuInfo {
    /// e.g. "GenuineIntel", "AuthenticAMD".
    pub vendor: String,
    /// The brand string, e.g. "QEMU TCG CPU version 2.5+".
    pub brand: String,
    pub family: u32,
    pub model: u32,
    pub stepping: u32,
    /// Logical processors per package, as CPUID leaf 1 reports them.
    pub logical_cpus: u32,
    /// Cores running the kernel: the boot CPU and every application processor started.
    pub cores_running: u32,
    /// Cores the firmware lists (the ACPI MADT's enabled processors).
    pub cores_present: u32,
    /// Feature names in CPUID's order, e.g. "sse2", "avx2", "fma".
    pub features: Vec<String>,
}

/// One PCI function. Names are empty when the device is not in the table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PciDevice {
    pub bus: u8,
    pub device: u8,
    pub function: u8,
    pub vendor_id: u16,
    pub device_id: u16,
    pub class: u8,
    pub subclass: u8,
    pub prog_if: u8,
    pub vendor_name: String,
    pub device_name: String,
    pub class_name: String,
}

/// One NVMe namespace.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NamespaceInfo {
    pub id: u32,
    pub blocks: u64,
    pub lba_size: u32,
}

/// One storage controller and what is mounted from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DiskInfo {
    /// What errors call the device, e.g. "nvme0" (controllers numbered in
    /// the order PCI enumeration finds them).
    pub name: String,
    pub model: String,
    pub serial: String,
    pub firmware: String,
    pub capacity_bytes: u64,
    pub lba_size: u32,
    pub namespaces: Vec<NamespaceInfo>,
    /// What happened to this disk's data volume, e.g. "mounted NOSYS (FAT32)
    /// read-write" or "not mounted: no FAT partition". The volume's own
    /// figures come from [`Files::info`].
    pub mount: String,
}

/// Why reboot or shutdown could not happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PowerError {
    /// The machine offers no way to do it (e.g. no ACPI `\_S5` package).
    Unsupported(String),
    /// It was tried and the machine is still running.
    Failed(String),
}

impl core::fmt::Display for PowerError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PowerError::Unsupported(s) => write!(f, "not supported: {s}"),
            PowerError::Failed(s) => write!(f, "failed: {s}"),
        }
    }
}

/// Everything an applet may ask of the machine.
pub trait Services {
    /// Where applet output goes (the console and its serial mirror).
    fn out(&mut self) -> &mut dyn core::fmt::Write;
    fn memory(&self) -> MemoryStats;
    /// Milliseconds since boot.
    fn uptime_ms(&self) -> u64;
    /// The RTC's date and time; `None` when it cannot be read consistently.
    fn now(&self) -> Option<DateTime>;
    fn cpu(&self) -> CpuInfo;
    fn pci_devices(&self) -> Vec<PciDevice>;
    /// The kernel log ring, oldest first.
    fn log_lines(&self) -> Vec<String>;
    /// Lines entered at the prompt, oldest first.
    fn history(&self) -> Vec<String>;
    fn clear_screen(&mut self);
    /// Returns only if the reboot did not happen (a fake returns `Ok`).
    fn reboot(&mut self) -> Result<(), PowerError>;
    /// Returns only if the power-off did not happen (a fake returns `Ok`).
    fn shutdown(&mut self) -> Result<(), PowerError>;
    /// Storage controllers found at boot.
    fn disks(&self) -> Vec<DiskInfo>;
    /// The mounted data volume, if any.
    fn files(&mut self) -> Option<&mut dyn Files>;
    /// The language model and its two routing paths, when one is loaded.
    /// `None` (the default) makes `route`, `model` and `bench` say so.
    fn assistant(&mut self) -> Option<&mut dyn Assistant> {
        None
    }
}

/// What the model-facing applets ask of the loaded model. The kernel and
/// the host implement it over `request::Interpreter`; this crate does not
/// depend on the model.
pub trait Assistant {
    /// Explains how a request would be routed, without running anything.
    fn route(&mut self, request: &str, out: &mut dyn core::fmt::Write) -> Result<(), String>;
    /// Architecture, parameter count, tensor types, context, tokenizer, speed.
    fn describe(&mut self, out: &mut dyn core::fmt::Write) -> Result<(), String>;
    /// Runs the inference benchmark (prefill and decode tokens/s) and prints it.
    fn bench(&mut self, out: &mut dyn core::fmt::Write) -> Result<(), String>;
    /// Replaces the model with the GGUF file's bytes (read by the caller).
    fn load(
        &mut self,
        path: &str,
        bytes: Vec<u8>,
        options: LoadOptions,
        out: &mut dyn core::fmt::Write,
    ) -> Result<(), String>;
}

/// Heap a model load needs beside the file and the run state (tokenizer, grammar vocabulary,
/// router: tens of MiB for a 150k vocabulary); kept free when checking that a model fits.
pub const LOAD_HEADROOM: u64 = 64 << 20;

/// How `model load` asks for a model beyond its file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoadOptions {
    /// KV cache positions (`--ctx N`); `None`: the machine's default.
    pub ctx: Option<usize>,
    /// Heap bytes free once the file is read: the new model's run state must fit in them
    /// beside the model it replaces. `None`: not known (checked by allocating).
    pub free_bytes: Option<u64>,
}
