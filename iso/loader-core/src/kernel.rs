//! The kernel ELF: checks, layout and copying of its loadable segments.
//!
//! The protocol's kernels are static x86_64 executables linked at or above
//! `0xffffffff80000000`. The loader copies the whole span from the lowest to
//! the highest loadable address into one physically contiguous block (the
//! protocol promises a contiguous image), then maps each page with the union
//! of the permissions of the segments touching it.

use alloc::vec::Vec;
use core::fmt;

use elf::abi;
use elf::endian::LittleEndian;
use elf::file::Class;
use elf::ElfBytes;

use crate::paging::{Access, Segment};
use crate::{align_down, align_up, PAGE_SIZE};

/// Lowest address the protocol lets a kernel load at.
pub const MIN_KERNEL_BASE: u64 = 0xffff_ffff_8000_0000;

/// Why a kernel file cannot be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KernelError {
    /// The `elf` crate could not parse the headers.
    Parse,
    /// Not a 64-bit little-endian x86_64 executable.
    WrongKind,
    /// Position-independent kernels (ET_DYN) are not supported.
    Relocatable,
    /// No PT_LOAD segment.
    NoSegments,
    /// A segment below `MIN_KERNEL_BASE`, or wrapping the address space.
    BadAddress { vaddr: u64 },
    /// A segment whose file bytes lie outside the file, or filesz > memsz.
    Truncated { vaddr: u64 },
    /// The entry point is not inside an executable segment.
    BadEntry { entry: u64 },
}

impl fmt::Display for KernelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Parse => write!(f, "not an ELF file (headers do not parse)"),
            Self::WrongKind => write!(f, "not a 64-bit little-endian x86_64 executable"),
            Self::Relocatable => write!(f, "relocatable (PIE) kernels are not supported"),
            Self::NoSegments => write!(f, "no loadable segments"),
            Self::BadAddress { vaddr } => {
                write!(
                    f,
                    "segment at {vaddr:#x} is below {MIN_KERNEL_BASE:#x} or wraps"
                )
            }
            Self::Truncated { vaddr } => write!(f, "segment at {vaddr:#x} lies outside the file"),
            Self::BadEntry { entry } => {
                write!(f, "entry point {entry:#x} is not in an executable segment")
            }
        }
    }
}

/// One PT_LOAD segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Load {
    pub vaddr: u64,
    pub offset: u64,
    pub filesz: u64,
    pub memsz: u64,
    pub writable: bool,
    pub executable: bool,
}

/// Where the kernel goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Entry point (virtual).
    pub entry: u64,
    /// Page-aligned virtual start of the image.
    pub base: u64,
    /// Image size in bytes, a multiple of the page size.
    pub size: u64,
    /// The loadable segments.
    pub loads: Vec<Load>,
}

/// Reads and checks the headers of a kernel file.
pub fn layout(file: &[u8]) -> Result<Layout, KernelError> {
    let elf = ElfBytes::<LittleEndian>::minimal_parse(file).map_err(|_| KernelError::Parse)?;
    let h = &elf.ehdr;
    if h.class != Class::ELF64 || h.e_machine != abi::EM_X86_64 {
        return Err(KernelError::WrongKind);
    }
    match h.e_type {
        abi::ET_EXEC => {}
        abi::ET_DYN => return Err(KernelError::Relocatable),
        _ => return Err(KernelError::WrongKind),
    }
    let mut loads = Vec::new();
    for ph in elf.segments().iter().flat_map(|t| t.iter()) {
        if ph.p_type != abi::PT_LOAD || ph.p_memsz == 0 {
            continue;
        }
        let vaddr = ph.p_vaddr;
        let end = vaddr
            .checked_add(ph.p_memsz)
            .ok_or(KernelError::BadAddress { vaddr })?;
        if vaddr < MIN_KERNEL_BASE || end > u64::MAX - PAGE_SIZE {
            return Err(KernelError::BadAddress { vaddr });
        }
        let file_end = ph.p_offset.checked_add(ph.p_filesz);
        if ph.p_filesz > ph.p_memsz || file_end.is_none_or(|e| e > file.len() as u64) {
            return Err(KernelError::Truncated { vaddr });
        }
        loads.push(Load {
            vaddr,
            offset: ph.p_offset,
            filesz: ph.p_filesz,
            memsz: ph.p_memsz,
            writable: ph.p_flags & abi::PF_W != 0,
            executable: ph.p_flags & abi::PF_X != 0,
        });
    }
    let base = loads
        .iter()
        .map(|l| align_down(l.vaddr, PAGE_SIZE))
        .min()
        .ok_or(KernelError::NoSegments)?;
    let end = loads
        .iter()
        .map(|l| align_up(l.vaddr + l.memsz, PAGE_SIZE))
        .max()
        .unwrap_or(base);
    let entry = h.e_entry;
    if !loads
        .iter()
        .any(|l| l.executable && (l.vaddr..l.vaddr + l.memsz).contains(&entry))
    {
        return Err(KernelError::BadEntry { entry });
    }
    Ok(Layout {
        entry,
        base,
        size: end - base,
        loads,
    })
}

impl Layout {
    /// Copies the segments into `image` (at least `self.size` bytes, mapped
    /// at `self.base`), zeroing everything else (bss and gaps).
    pub fn copy_into(&self, file: &[u8], image: &mut [u8]) {
        image[..self.size as usize].fill(0);
        for l in &self.loads {
            let at = (l.vaddr - self.base) as usize;
            let src = &file[l.offset as usize..(l.offset + l.filesz) as usize];
            image[at..at + src.len()].copy_from_slice(src);
        }
    }

    /// Page mappings for an image copied to physical `phys`: runs of pages
    /// with equal access; pages no segment touches stay unmapped.
    pub fn segments(&self, phys: u64) -> Vec<Segment> {
        let pages = (self.size / PAGE_SIZE) as usize;
        let mut access: Vec<Option<Access>> = alloc::vec![None; pages];
        for l in &self.loads {
            let first = ((align_down(l.vaddr, PAGE_SIZE) - self.base) / PAGE_SIZE) as usize;
            let last = ((align_up(l.vaddr + l.memsz, PAGE_SIZE) - self.base) / PAGE_SIZE) as usize;
            for a in &mut access[first..last] {
                let prev = a.unwrap_or_default();
                *a = Some(Access {
                    writable: prev.writable || l.writable,
                    executable: prev.executable || l.executable,
                    write_combining: false,
                });
            }
        }
        let mut out: Vec<Segment> = Vec::new();
        for (i, a) in access.iter().enumerate() {
            let Some(a) = *a else { continue };
            let off = i as u64 * PAGE_SIZE;
            match out.last_mut() {
                Some(s) if s.access == a && s.virt + s.len == self.base + off => s.len += PAGE_SIZE,
                _ => out.push(Segment {
                    virt: self.base + off,
                    phys: phys + off,
                    len: PAGE_SIZE,
                    access: a,
                }),
            }
        }
        out
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A minimal ELF64 x86_64 executable: one RX segment with `text`, one
    /// RW segment with `data` and `bss` extra zero bytes.
    pub(crate) fn tiny_elf(base: u64, text: &[u8], data: &[u8], bss: u64) -> Vec<u8> {
        let mut f = Vec::new();
        let phoff = 64u64;
        let text_off = 0x1000u64;
        let data_off = 0x2000u64;
        // ELF header.
        f.extend_from_slice(&[0x7f, b'E', b'L', b'F', 2, 1, 1, 0]);
        f.extend_from_slice(&[0; 8]);
        f.extend_from_slice(&2u16.to_le_bytes()); // ET_EXEC
        f.extend_from_slice(&62u16.to_le_bytes()); // EM_X86_64
        f.extend_from_slice(&1u32.to_le_bytes());
        f.extend_from_slice(&(base + 0x10).to_le_bytes()); // entry
        f.extend_from_slice(&phoff.to_le_bytes());
        f.extend_from_slice(&0u64.to_le_bytes()); // no sections
        f.extend_from_slice(&0u32.to_le_bytes());
        f.extend_from_slice(&64u16.to_le_bytes());
        f.extend_from_slice(&56u16.to_le_bytes());
        f.extend_from_slice(&2u16.to_le_bytes());
        f.extend_from_slice(&64u16.to_le_bytes());
        f.extend_from_slice(&0u16.to_le_bytes());
        f.extend_from_slice(&0u16.to_le_bytes());
        let ph = |f: &mut Vec<u8>, flags: u32, off: u64, vaddr: u64, filesz: u64, memsz: u64| {
            f.extend_from_slice(&1u32.to_le_bytes());
            f.extend_from_slice(&flags.to_le_bytes());
            for v in [off, vaddr, vaddr, filesz, memsz, 0x1000] {
                f.extend_from_slice(&v.to_le_bytes());
            }
        };
        ph(
            &mut f,
            5,
            text_off,
            base,
            text.len() as u64,
            text.len() as u64,
        );
        ph(
            &mut f,
            6,
            data_off,
            base + 0x2000,
            data.len() as u64,
            data.len() as u64 + bss,
        );
        f.resize(text_off as usize, 0);
        f.extend_from_slice(text);
        f.resize(data_off as usize, 0);
        f.extend_from_slice(data);
        f
    }

    #[test]
    fn lays_out_copies_and_maps_a_kernel() {
        let text = vec![0x90u8; 0x20];
        let file = tiny_elf(MIN_KERNEL_BASE, &text, b"DATA", 0x1800);
        let l = layout(&file).unwrap();
        assert_eq!(l.entry, MIN_KERNEL_BASE + 0x10);
        assert_eq!(l.base, MIN_KERNEL_BASE);
        assert_eq!(l.size, 0x4000); // text page, gap page, data + bss over two pages

        let mut image = vec![0xaau8; l.size as usize];
        l.copy_into(&file, &mut image);
        assert_eq!(&image[..0x20], &text[..]);
        assert!(image[0x20..0x2000].iter().all(|&b| b == 0));
        assert_eq!(&image[0x2000..0x2004], b"DATA");
        assert!(image[0x2004..].iter().all(|&b| b == 0));

        let rx = Access {
            writable: false,
            executable: true,
            write_combining: false,
        };
        let rw = Access {
            writable: true,
            executable: false,
            write_combining: false,
        };
        assert_eq!(
            l.segments(0x40_0000),
            [
                Segment {
                    virt: MIN_KERNEL_BASE,
                    phys: 0x40_0000,
                    len: 0x1000,
                    access: rx
                },
                Segment {
                    virt: MIN_KERNEL_BASE + 0x2000,
                    phys: 0x40_2000,
                    len: 0x2000,
                    access: rw
                },
            ]
        );
    }

    #[test]
    fn rejects_bad_kernels() {
        assert_eq!(
            layout(b"not an elf at all, clearly not"),
            Err(KernelError::Parse)
        );
        let low = tiny_elf(0x40_0000, &[0x90; 0x20], b"", 0);
        assert_eq!(
            layout(&low),
            Err(KernelError::BadAddress { vaddr: 0x40_0000 })
        );

        let mut pie = tiny_elf(MIN_KERNEL_BASE, &[0x90; 0x20], b"", 0);
        pie[16] = 3; // ET_DYN
        assert_eq!(layout(&pie), Err(KernelError::Relocatable));

        let mut arm = tiny_elf(MIN_KERNEL_BASE, &[0x90; 0x20], b"", 0);
        arm[18] = 183; // EM_AARCH64
        assert_eq!(layout(&arm), Err(KernelError::WrongKind));

        let mut cut = tiny_elf(MIN_KERNEL_BASE, &[0x90; 0x20], b"DATA", 0);
        cut.truncate(0x2002);
        assert_eq!(
            layout(&cut),
            Err(KernelError::Truncated {
                vaddr: MIN_KERNEL_BASE + 0x2000
            })
        );

        // Entry point outside the text segment.
        let short = tiny_elf(MIN_KERNEL_BASE, &[0x90; 8], b"", 0);
        assert_eq!(
            layout(&short),
            Err(KernelError::BadEntry {
                entry: MIN_KERNEL_BASE + 0x10
            })
        );
    }
}
