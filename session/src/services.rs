//! The front end's [`Services`] with the session's model as the assistant:
//! the model lives in the session, not in the kernel, so `route`, `model`,
//! `bench` and `model load` reach it here.

use alloc::string::String;
use alloc::vec::Vec;

use command::{CpuInfo, DateTime, DiskInfo, Files, MemoryStats, PciDevice, PowerError, Services};

use crate::Assistant;

pub(crate) struct WithAssistant<'a> {
    pub(crate) inner: &'a mut dyn Services,
    pub(crate) assistant: Option<&'a mut Assistant>,
}

impl Services for WithAssistant<'_> {
    fn out(&mut self) -> &mut dyn core::fmt::Write {
        self.inner.out()
    }
    fn memory(&self) -> MemoryStats {
        self.inner.memory()
    }
    fn uptime_ms(&self) -> u64 {
        self.inner.uptime_ms()
    }
    fn now(&self) -> Option<DateTime> {
        self.inner.now()
    }
    fn cpu(&self) -> CpuInfo {
        self.inner.cpu()
    }
    fn pci_devices(&self) -> Vec<PciDevice> {
        self.inner.pci_devices()
    }
    fn log_lines(&self) -> Vec<String> {
        self.inner.log_lines()
    }
    fn history(&self) -> Vec<String> {
        self.inner.history()
    }
    fn clear_screen(&mut self) {
        self.inner.clear_screen()
    }
    fn reboot(&mut self) -> Result<(), PowerError> {
        self.inner.reboot()
    }
    fn shutdown(&mut self) -> Result<(), PowerError> {
        self.inner.shutdown()
    }
    fn disks(&self) -> Vec<DiskInfo> {
        self.inner.disks()
    }
    fn files(&mut self) -> Option<&mut dyn Files> {
        self.inner.files()
    }
    fn assistant(&mut self) -> Option<&mut dyn command::Assistant> {
        match self.assistant.as_mut() {
            Some(a) => Some(&mut **a),
            None => None,
        }
    }
}
