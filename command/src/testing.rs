//! Test doubles: an in-memory volume holding the sample tree, and services
//! made of plain data that record what the applets asked for.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use alloc::{format, vec};

use crate::files::{DirEntry, Files, FsError, VolumeInfo};
use crate::parse::ParseError;
use crate::parsed::Command;
use crate::services::*;
use crate::spec::SAMPLE_FS;
use crate::table::{Mode, Table};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    Dir,
    File(Vec<u8>),
}

/// A volume in memory. Keys are absolute paths in the case each name was
/// created with; lookups ignore case, as FAT's do (a write to `/notes.txt`
/// replaces `/NOTES.TXT` and keeps its spelling); `/` is implicit.
#[derive(Clone, Debug)]
pub struct MemFs {
    pub nodes: BTreeMap<String, Node>,
    pub writable: bool,
    pub capacity: u64,
    pub flushes: usize,
    /// Writes since the last flush (a flush clears it).
    pub dirty: usize,
}

fn parent(path: &str) -> &str {
    match path.rfind('/') {
        Some(0) | None => "/",
        Some(i) => &path[..i],
    }
}

fn name(path: &str) -> String {
    path.rsplit('/').next().unwrap_or("").to_string()
}

impl MemFs {
    /// The stored spelling of `path`: an existing node's key when one matches
    /// ignoring case, else the parent's stored spelling and the name as given.
    fn key(&self, path: &str) -> String {
        if let Some(k) = self.nodes.keys().find(|k| k.eq_ignore_ascii_case(path)) {
            return k.clone();
        }
        match parent(path) {
            "/" => path.to_string(),
            p => format!("{}/{}", self.key(p), name(path)),
        }
    }

    /// The sample tree; each file holds a line naming it.
    pub fn sample() -> MemFs {
        let mut nodes = BTreeMap::new();
        for p in SAMPLE_FS {
            if let Some(d) = p.strip_suffix('/') {
                nodes.insert(d.to_string(), Node::Dir);
            } else {
                nodes.insert(
                    p.to_string(),
                    Node::File(format!("contents of {p}\n").into_bytes()),
                );
            }
        }
        MemFs {
            nodes,
            writable: true,
            capacity: 64 << 20,
            flushes: 0,
            dirty: 0,
        }
    }

    pub fn file(&self, path: &str) -> Option<&[u8]> {
        match self.nodes.get(&self.key(path)) {
            Some(Node::File(d)) => Some(d),
            _ => None,
        }
    }

    fn used(&self) -> u64 {
        self.nodes
            .values()
            .map(|n| match n {
                Node::Dir => 0,
                Node::File(d) => d.len() as u64,
            })
            .sum()
    }

    fn is_dir(&self, path: &str) -> bool {
        path == "/" || self.nodes.get(&self.key(path)) == Some(&Node::Dir)
    }

    fn check_writable(&self) -> Result<(), FsError> {
        if self.writable {
            Ok(())
        } else {
            Err(FsError::ReadOnly)
        }
    }

    fn check_parent(&self, path: &str) -> Result<(), FsError> {
        let p = parent(path);
        if self.is_dir(p) {
            Ok(())
        } else if self.nodes.contains_key(&self.key(p)) {
            Err(FsError::NotADirectory)
        } else {
            Err(FsError::NotFound)
        }
    }
}

impl Files for MemFs {
    fn info(&mut self) -> Result<VolumeInfo, FsError> {
        Ok(VolumeInfo {
            label: "NOSYS".into(),
            fs_type: "FAT32".into(),
            total_bytes: self.capacity,
            free_bytes: self.capacity - self.used(),
            writable: self.writable,
            read_only_reason: (!self.writable).then(|| "label is FOREIGN, not NOSYS".into()),
        })
    }

    fn list(&mut self, dir: &str) -> Result<Vec<DirEntry>, FsError> {
        if !self.is_dir(dir) {
            return Err(if self.nodes.contains_key(&self.key(dir)) {
                FsError::NotADirectory
            } else {
                FsError::NotFound
            });
        }
        let d = self.key(dir);
        Ok(self
            .nodes
            .iter()
            .filter(|(p, _)| parent(p) == d)
            .map(|(p, n)| DirEntry {
                name: name(p),
                is_dir: *n == Node::Dir,
                size: match n {
                    Node::Dir => 0,
                    Node::File(d) => d.len() as u64,
                },
                modified: None,
            })
            .collect())
    }

    fn stat(&mut self, path: &str) -> Result<DirEntry, FsError> {
        if path == "/" {
            return Ok(DirEntry {
                name: String::new(),
                is_dir: true,
                size: 0,
                modified: None,
            });
        }
        match self.nodes.get(&self.key(path)) {
            None => Err(FsError::NotFound),
            Some(n) => Ok(DirEntry {
                name: name(path),
                is_dir: *n == Node::Dir,
                size: match n {
                    Node::Dir => 0,
                    Node::File(d) => d.len() as u64,
                },
                modified: None,
            }),
        }
    }

    fn read(&mut self, path: &str) -> Result<Vec<u8>, FsError> {
        match self.nodes.get(&self.key(path)) {
            None => Err(FsError::NotFound),
            Some(Node::Dir) => Err(FsError::IsADirectory),
            Some(Node::File(d)) => Ok(d.clone()),
        }
    }

    fn write(&mut self, path: &str, data: &[u8], append: bool) -> Result<(), FsError> {
        self.check_writable()?;
        self.check_parent(path)?;
        if self.is_dir(path) {
            return Err(FsError::IsADirectory);
        }
        let old = self.file(path).map_or(0, |d| d.len() as u64);
        let new = if append {
            old + data.len() as u64
        } else {
            data.len() as u64
        };
        if self.used() - old + new > self.capacity {
            return Err(FsError::DiskFull);
        }
        let k = self.key(path);
        let entry = self.nodes.entry(k).or_insert(Node::File(Vec::new()));
        if let Node::File(d) = entry {
            if !append {
                d.clear();
            }
            d.extend_from_slice(data);
        }
        self.dirty += 1;
        Ok(())
    }

    fn remove(&mut self, path: &str) -> Result<(), FsError> {
        self.check_writable()?;
        let k = self.key(path);
        match self.nodes.get(&k) {
            None => return Err(FsError::NotFound),
            Some(Node::Dir) if self.nodes.keys().any(|p| parent(p) == k) => {
                return Err(FsError::DirectoryNotEmpty)
            }
            Some(_) => {}
        }
        self.nodes.remove(&k);
        self.dirty += 1;
        Ok(())
    }

    fn mkdir(&mut self, path: &str) -> Result<(), FsError> {
        self.check_writable()?;
        self.check_parent(path)?;
        if path == "/" || self.nodes.contains_key(&self.key(path)) {
            return Err(FsError::AlreadyExists);
        }
        let k = self.key(path);
        self.nodes.insert(k, Node::Dir);
        self.dirty += 1;
        Ok(())
    }

    fn rename(&mut self, from: &str, to: &str) -> Result<(), FsError> {
        self.check_writable()?;
        let (f, t) = (self.key(from), self.key(to));
        if !self.nodes.contains_key(&f) {
            return Err(FsError::NotFound);
        }
        self.check_parent(to)?;
        if self.nodes.contains_key(&t) {
            return Err(FsError::AlreadyExists);
        }
        let moved: Vec<String> = self
            .nodes
            .keys()
            .filter(|p| **p == f || p.starts_with(&format!("{f}/")))
            .cloned()
            .collect();
        for p in moved {
            let n = self.nodes.remove(&p).expect("listed above");
            self.nodes.insert(format!("{t}{}", &p[f.len()..]), n);
        }
        self.dirty += 1;
        Ok(())
    }

    fn flush(&mut self) -> Result<(), FsError> {
        self.flushes += 1;
        self.dirty = 0;
        Ok(())
    }
}

/// Services as plain data.
pub struct FakeServices {
    pub out: String,
    pub fs: Option<MemFs>,
    pub memory: MemoryStats,
    pub uptime_ms: u64,
    pub now: Option<DateTime>,
    pub cpu: CpuInfo,
    pub pci: Vec<PciDevice>,
    pub log: Vec<String>,
    pub history: Vec<String>,
    pub disks: Vec<DiskInfo>,
    pub clears: usize,
    pub reboots: usize,
    pub shutdowns: usize,
    /// What `shutdown` answers.
    pub shutdown_result: Result<(), PowerError>,
    /// The model-facing services; `None` is a machine with no model.
    pub assistant: Option<FakeAssistant>,
}

/// Records what the model-facing applets asked for.
#[derive(Default)]
pub struct FakeAssistant {
    pub routed: Vec<String>,
    pub described: usize,
    pub benched: usize,
    pub loaded: Vec<(String, usize)>,
    /// What `load` refuses with, when set (the kernel refuses bad GGUF).
    pub refuse_load: Option<String>,
}

impl crate::services::Assistant for FakeAssistant {
    fn route(&mut self, request: &str, out: &mut dyn core::fmt::Write) -> Result<(), String> {
        self.routed.push(request.into());
        writeln!(out, "route of {request:?}").map_err(|_| String::from("output"))
    }
    fn describe(&mut self, out: &mut dyn core::fmt::Write) -> Result<(), String> {
        self.described += 1;
        writeln!(out, "fake model").map_err(|_| String::from("output"))
    }
    fn bench(&mut self, out: &mut dyn core::fmt::Write) -> Result<(), String> {
        self.benched += 1;
        writeln!(out, "fake bench").map_err(|_| String::from("output"))
    }
    fn load(
        &mut self,
        path: &str,
        bytes: Vec<u8>,
        _options: crate::LoadOptions,
        out: &mut dyn core::fmt::Write,
    ) -> Result<(), String> {
        if let Some(why) = &self.refuse_load {
            return Err(alloc::format!("{path}: {why}"));
        }
        self.loaded.push((path.into(), bytes.len()));
        writeln!(out, "loaded {path}").map_err(|_| String::from("output"))
    }
}

impl FakeServices {
    pub fn new() -> FakeServices {
        FakeServices {
            assistant: Some(FakeAssistant::default()),
            out: String::new(),
            fs: Some(MemFs::sample()),
            memory: MemoryStats {
                total_bytes: 512 << 20,
                free_bytes: 384 << 20,
                heap_bytes: 64 << 20,
                heap_used_bytes: 3 << 19,
            },
            uptime_ms: 90_061_042,
            now: Some(DateTime {
                year: 2026,
                month: 12,
                day: 2,
                hour: 9,
                minute: 5,
                second: 7,
            }),
            cpu: CpuInfo {
                vendor: "AuthenticAMD".into(),
                brand: "QEMU TCG CPU version 2.5+".into(),
                family: 25,
                model: 1,
                stepping: 1,
                logical_cpus: 1,
                cores_running: 2,
                cores_present: 2,
                features: vec!["sse2".into(), "avx2".into(), "fma".into()],
            },
            pci: vec![
                PciDevice {
                    bus: 0,
                    device: 0,
                    function: 0,
                    vendor_id: 0x8086,
                    device_id: 0x29c0,
                    class: 6,
                    subclass: 0,
                    prog_if: 0,
                    vendor_name: "Intel Corporation".into(),
                    device_name: "82G33/G31/P35/P31 Express DRAM Controller".into(),
                    class_name: "Host bridge".into(),
                },
                PciDevice {
                    bus: 0,
                    device: 4,
                    function: 0,
                    vendor_id: 0x1b36,
                    device_id: 0x0010,
                    class: 1,
                    subclass: 8,
                    prog_if: 2,
                    vendor_name: "Red Hat, Inc.".into(),
                    device_name: String::new(),
                    class_name: "Non-Volatile memory controller".into(),
                },
            ],
            log: (1..=30).map(|i| format!("[{i:3}] line {i}")).collect(),
            history: vec!["help".into(), "ls /DOCS".into()],
            disks: vec![DiskInfo {
                name: "nvme0".into(),
                model: "QEMU NVMe Ctrl".into(),
                serial: "nosys-0001".into(),
                firmware: "7.2.0".into(),
                capacity_bytes: 64 << 20,
                lba_size: 512,
                namespaces: vec![NamespaceInfo {
                    id: 1,
                    blocks: 131072,
                    lba_size: 512,
                }],
                mount: "mounted NOSYS (FAT32) read-write".into(),
            }],
            clears: 0,
            reboots: 0,
            shutdowns: 0,
            shutdown_result: Ok(()),
        }
    }

    /// The output so far, cleared.
    pub fn take(&mut self) -> String {
        core::mem::take(&mut self.out)
    }

    pub fn fs(&self) -> &MemFs {
        self.fs.as_ref().expect("test has a volume")
    }
}

impl Default for FakeServices {
    fn default() -> Self {
        FakeServices::new()
    }
}

impl Services for FakeServices {
    fn out(&mut self) -> &mut dyn core::fmt::Write {
        &mut self.out
    }
    fn memory(&self) -> MemoryStats {
        self.memory.clone()
    }
    fn uptime_ms(&self) -> u64 {
        self.uptime_ms
    }
    fn now(&self) -> Option<DateTime> {
        self.now
    }
    fn cpu(&self) -> CpuInfo {
        self.cpu.clone()
    }
    fn pci_devices(&self) -> Vec<PciDevice> {
        self.pci.clone()
    }
    fn log_lines(&self) -> Vec<String> {
        self.log.clone()
    }
    fn history(&self) -> Vec<String> {
        self.history.clone()
    }
    fn clear_screen(&mut self) {
        self.clears += 1;
    }
    fn reboot(&mut self) -> Result<(), PowerError> {
        self.reboots += 1;
        Ok(())
    }
    fn shutdown(&mut self) -> Result<(), PowerError> {
        self.shutdowns += 1;
        self.shutdown_result.clone()
    }
    fn disks(&self) -> Vec<DiskInfo> {
        self.disks.clone()
    }
    fn files(&mut self) -> Option<&mut dyn Files> {
        self.fs.as_mut().map(|f| f as &mut dyn Files)
    }
    fn assistant(&mut self) -> Option<&mut dyn crate::services::Assistant> {
        self.assistant
            .as_mut()
            .map(|a| a as &mut dyn crate::services::Assistant)
    }
}

/// A volume that answers `list` from a script and fails everything else: the
/// shapes a corrupt FAT can present (a directory that contains itself, a
/// listed directory that cannot be opened, `.` entries) that [`MemFs`] cannot.
pub struct ScriptedFs(pub Vec<(String, Vec<DirEntry>)>);

impl ScriptedFs {
    /// A directory entry of size 0.
    pub fn entry(name: &str, is_dir: bool) -> DirEntry {
        DirEntry {
            name: name.into(),
            is_dir,
            size: 0,
            modified: None,
        }
    }
}

impl Files for ScriptedFs {
    fn info(&mut self) -> Result<VolumeInfo, FsError> {
        Err(FsError::NoVolume)
    }
    fn list(&mut self, dir: &str) -> Result<Vec<DirEntry>, FsError> {
        self.0
            .iter()
            .find(|(d, _)| d == dir)
            .map(|(_, e)| e.clone())
            .ok_or(FsError::NotFound)
    }
    fn stat(&mut self, _: &str) -> Result<DirEntry, FsError> {
        Err(FsError::NotFound)
    }
    fn read(&mut self, _: &str) -> Result<Vec<u8>, FsError> {
        Err(FsError::NotFound)
    }
    fn write(&mut self, _: &str, _: &[u8], _: bool) -> Result<(), FsError> {
        Err(FsError::ReadOnly)
    }
    fn remove(&mut self, _: &str) -> Result<(), FsError> {
        Err(FsError::ReadOnly)
    }
    fn mkdir(&mut self, _: &str) -> Result<(), FsError> {
        Err(FsError::ReadOnly)
    }
    fn rename(&mut self, _: &str, _: &str) -> Result<(), FsError> {
        Err(FsError::ReadOnly)
    }
    fn flush(&mut self) -> Result<(), FsError> {
        Ok(())
    }
}

/// What [`execute`] did with a typed line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Blank line: nothing to do.
    Empty,
    /// The line was a reachable command and it ran (successfully or not:
    /// a failure has already been printed as one line).
    Ran { command: Command, ok: bool },
    /// The line names a command but does not fit it, or names a write
    /// applet in read-only mode; the one-line error has been printed.
    Rejected(ParseError),
    /// The first word is not an applet: a natural-language request.
    NotACommand,
}

/// The typed-line path in one call for applet tests: parse, run, print any
/// error as one line. The product's only such path is `session::Session`
/// (which also sends prose to the model); this exists so applet tests do
/// not need a session.
pub fn execute(table: &Table, line: &str, mode: Mode, services: &mut dyn Services) -> Outcome {
    match table.parse(line, mode) {
        Err(ParseError::Empty) => Outcome::Empty,
        Err(ParseError::NotACommand(_)) => Outcome::NotACommand,
        Err(e) => {
            let _ = writeln!(services.out(), "{e}");
            Outcome::Rejected(e)
        }
        Ok(command) => {
            let result = table.run(&command, mode, services);
            if let Err(e) = &result {
                let _ = writeln!(services.out(), "{e}");
            }
            Outcome::Ran {
                command,
                ok: result.is_ok(),
            }
        }
    }
}
