//! Files from an ISO 9660 volume (ECMA-119), by their Rock Ridge names.
//!
//! The BIOS loader reads `limine.conf`, the kernel and the modules from the
//! CD's file system (or from the same image on a disk). The reader needs
//! only a way to read 2048-byte blocks ([`Blocks`]); it walks the path one
//! directory at a time from the primary volume descriptor's root. A record
//! is known by its Rock Ridge `NM` name (SUSP, IEEE P1282) when it has one,
//! else by its plain ISO 9660 identifier without the `;1` version and
//! trailing dot; names match ignoring ASCII case, as FAT names do for the
//! UEFI loader. Not supported, each with its
//! own error: multi-extent files (over 4 GiB) and `NM` names continued in a
//! `CE` area (names of more than about 200 bytes).

use core::fmt;

/// ISO 9660 logical block size (the only one used on CDs and by xorriso).
pub const BLOCK_SIZE: usize = 2048;

/// First block of the volume descriptor set.
const DESCRIPTORS_START: u32 = 16;
/// Descriptors scanned before giving up on finding the primary one.
const MAX_DESCRIPTORS: u32 = 32;
const TYPE_PRIMARY: u8 = 1;
const TYPE_TERMINATOR: u8 = 255;
const FLAG_DIRECTORY: u8 = 1 << 1;
const FLAG_MULTI_EXTENT: u8 = 1 << 7;
/// Longest name kept from `NM` entries (POSIX NAME_MAX).
const NAME_MAX: usize = 255;

/// A volume's bytes in 2048-byte blocks.
pub trait Blocks {
    type Error;
    /// Reads `buf.len() / BLOCK_SIZE` whole blocks starting at `block`.
    fn read_blocks(&mut self, block: u32, buf: &mut [u8]) -> Result<(), Self::Error>;
}

/// Why a file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IsoError<E> {
    /// The block device failed.
    Device(E),
    /// No primary volume descriptor in blocks 16..48.
    NoVolume,
    /// A directory record that runs past its block or directory.
    BadDirectory { block: u32 },
    /// A path component that is not in its directory.
    NotFound,
    /// A path component other than the last is a file.
    NotADirectory,
    /// The path names a directory.
    IsADirectory,
    /// A file stored in several extents (only files over 4 GiB are).
    MultiExtent,
    /// The output buffer is not the file's size.
    WrongSize { size: u64, buffer: usize },
}

impl<E: fmt::Display> fmt::Display for IsoError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Device(e) => write!(f, "{e}"),
            Self::NoVolume => write!(f, "no ISO 9660 volume (no primary volume descriptor)"),
            Self::BadDirectory { block } => write!(f, "damaged directory at block {block}"),
            Self::NotFound => write!(f, "no such file"),
            Self::NotADirectory => write!(f, "a path component is not a directory"),
            Self::IsADirectory => write!(f, "is a directory"),
            Self::MultiExtent => write!(f, "stored in several extents (over 4 GiB?)"),
            Self::WrongSize { size, buffer } => {
                write!(f, "file is {size} bytes, buffer {buffer}")
            }
        }
    }
}

/// A file or directory: its extent and size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct File {
    /// First block of the extent.
    pub block: u32,
    /// Size in bytes.
    pub size: u32,
    pub is_dir: bool,
}

/// An opened volume.
#[derive(Debug, Clone, Copy)]
pub struct Volume {
    root: File,
}

fn u32_le(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// A directory record's file, from its fixed part (ECMA-119 9.1).
fn record_file(rec: &[u8]) -> File {
    File {
        block: u32_le(rec, 2),
        size: u32_le(rec, 10),
        is_dir: rec[25] & FLAG_DIRECTORY != 0,
    }
}

/// The name a record is looked up by: its Rock Ridge `NM` name when it has
/// one, else its identifier without version and trailing dot. `None` for
/// the `.` and `..` records.
fn record_name<'a>(rec: &'a [u8], buf: &'a mut [u8; NAME_MAX]) -> Option<&'a [u8]> {
    let id_len = rec[32] as usize;
    let id = &rec[33..33 + id_len];
    if id == [0] || id == [1] {
        return None;
    }
    // The system use area follows the identifier, padded to an even offset.
    let mut at = 33 + id_len + (1 - id_len % 2);
    let mut len = 0;
    let mut found = false;
    while at + 4 <= rec.len() {
        let (sig, entry_len) = (&rec[at..at + 2], rec[at + 2] as usize);
        if entry_len < 4 || at + entry_len > rec.len() {
            break;
        }
        match sig {
            b"NM" if entry_len >= 5 => {
                let flags = rec[at + 4];
                // CURRENT / PARENT flags stand for `.` and `..`: not names.
                if flags & 0b110 == 0 {
                    let part = &rec[at + 5..at + entry_len];
                    let take = part.len().min(NAME_MAX - len);
                    buf[len..len + take].copy_from_slice(&part[..take]);
                    len += take;
                    found = true;
                }
            }
            b"ST" => break,
            _ => {}
        }
        at += entry_len;
    }
    if found {
        return Some(&buf[..len]);
    }
    let mut plain = id;
    if let Some(semi) = plain.iter().position(|&b| b == b';') {
        plain = &plain[..semi];
    }
    Some(plain.strip_suffix(b".").unwrap_or(plain))
}

impl Volume {
    /// Finds the primary volume descriptor and its root directory.
    pub fn open<B: Blocks>(dev: &mut B) -> Result<Volume, IsoError<B::Error>> {
        let mut block = [0u8; BLOCK_SIZE];
        for n in DESCRIPTORS_START..DESCRIPTORS_START + MAX_DESCRIPTORS {
            dev.read_blocks(n, &mut block).map_err(IsoError::Device)?;
            if &block[1..6] != b"CD001" {
                break;
            }
            match block[0] {
                TYPE_PRIMARY => {
                    // The root's directory record is at byte 156 (34 bytes).
                    let root = record_file(&block[156..190]);
                    return Ok(Volume { root });
                }
                TYPE_TERMINATOR => break,
                _ => {}
            }
        }
        Err(IsoError::NoVolume)
    }

    /// The entry `name` of directory `dir`.
    fn find<B: Blocks>(
        &self,
        dev: &mut B,
        dir: File,
        name: &str,
    ) -> Result<File, IsoError<B::Error>> {
        let mut block = [0u8; BLOCK_SIZE];
        let blocks = (dir.size as usize).div_ceil(BLOCK_SIZE) as u32;
        let mut name_buf = [0u8; NAME_MAX];
        for i in 0..blocks {
            dev.read_blocks(dir.block + i, &mut block)
                .map_err(IsoError::Device)?;
            let in_block = (dir.size as usize - i as usize * BLOCK_SIZE).min(BLOCK_SIZE);
            let mut at = 0;
            // Records never cross a block; a zero length pads to its end.
            while at < in_block && block[at] != 0 {
                let len = block[at] as usize;
                if len < 34 || at + len > in_block || 33 + block[at + 32] as usize > len {
                    return Err(IsoError::BadDirectory {
                        block: dir.block + i,
                    });
                }
                let rec = &block[at..at + len];
                if let Some(n) = record_name(rec, &mut name_buf) {
                    if n.eq_ignore_ascii_case(name.as_bytes()) {
                        if rec[25] & FLAG_MULTI_EXTENT != 0 {
                            return Err(IsoError::MultiExtent);
                        }
                        return Ok(record_file(rec));
                    }
                }
                at += len;
            }
        }
        Err(IsoError::NotFound)
    }

    /// The file at `path` (`/`-separated, leading slash optional).
    pub fn lookup<B: Blocks>(&self, dev: &mut B, path: &str) -> Result<File, IsoError<B::Error>> {
        let mut at = self.root;
        for part in path.split('/').filter(|p| !p.is_empty()) {
            if !at.is_dir {
                return Err(IsoError::NotADirectory);
            }
            at = self.find(dev, at, part)?;
        }
        if at.is_dir {
            return Err(IsoError::IsADirectory);
        }
        Ok(at)
    }

    /// Reads `file` into `out`, which must be exactly its size: whole
    /// blocks straight into `out`, the last partial block through a copy.
    pub fn read<B: Blocks>(
        &self,
        dev: &mut B,
        file: &File,
        out: &mut [u8],
    ) -> Result<(), IsoError<B::Error>> {
        if out.len() != file.size as usize {
            return Err(IsoError::WrongSize {
                size: u64::from(file.size),
                buffer: out.len(),
            });
        }
        let whole = out.len() / BLOCK_SIZE * BLOCK_SIZE;
        if whole > 0 {
            dev.read_blocks(file.block, &mut out[..whole])
                .map_err(IsoError::Device)?;
        }
        if whole < out.len() {
            let mut last = [0u8; BLOCK_SIZE];
            dev.read_blocks(file.block + (whole / BLOCK_SIZE) as u32, &mut last)
                .map_err(IsoError::Device)?;
            let tail = out.len() - whole;
            out[whole..].copy_from_slice(&last[..tail]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An in-memory volume that counts reads.
    struct Image {
        bytes: Vec<u8>,
        reads: usize,
    }

    impl Blocks for Image {
        type Error = &'static str;
        fn read_blocks(&mut self, block: u32, buf: &mut [u8]) -> Result<(), &'static str> {
            self.reads += 1;
            let at = block as usize * BLOCK_SIZE;
            let src = self
                .bytes
                .get(at..at + buf.len())
                .ok_or("read past the end")?;
            buf.copy_from_slice(src);
            Ok(())
        }
    }

    /// A directory record: identifier, extent, size, flags, system use.
    fn record(id: &[u8], block: u32, size: u32, dir: bool, su: &[u8]) -> Vec<u8> {
        let mut r = vec![0u8; 33];
        r[2..6].copy_from_slice(&block.to_le_bytes());
        r[6..10].copy_from_slice(&block.to_be_bytes());
        r[10..14].copy_from_slice(&size.to_le_bytes());
        r[14..18].copy_from_slice(&size.to_be_bytes());
        r[25] = if dir { FLAG_DIRECTORY } else { 0 };
        r[32] = id.len() as u8;
        r.extend_from_slice(id);
        if id.len().is_multiple_of(2) {
            r.push(0);
        }
        r.extend_from_slice(su);
        if r.len() % 2 == 1 {
            r.push(0);
        }
        r[0] = r.len() as u8;
        r
    }

    fn nm(flags: u8, name: &str) -> Vec<u8> {
        let mut e = vec![b'N', b'M', 5 + name.len() as u8, 1, flags];
        e.extend_from_slice(name.as_bytes());
        e
    }

    fn put(img: &mut [u8], block: u32, records: &[Vec<u8>]) {
        let mut at = block as usize * BLOCK_SIZE;
        for r in records {
            img[at..at + r.len()].copy_from_slice(r);
            at += r.len();
        }
    }

    /// Blocks: 16 PVD, 17 terminator, 18 root, 19-20 /boot (two blocks),
    /// 21-22 /boot/nosys (3000 bytes), 23 /README.TXT, 24 /limine.conf.
    fn image() -> Image {
        let mut img = vec![0u8; 26 * BLOCK_SIZE];
        let pvd = 16 * BLOCK_SIZE;
        img[pvd] = TYPE_PRIMARY;
        img[pvd + 1..pvd + 6].copy_from_slice(b"CD001");
        img[pvd + 6] = 1;
        let root = record(&[0], 18, 2048, true, &[]);
        img[pvd + 156..pvd + 156 + 34].copy_from_slice(&root[..34]);
        let term = 17 * BLOCK_SIZE;
        img[term] = TYPE_TERMINATOR;
        img[term + 1..term + 6].copy_from_slice(b"CD001");
        put(
            &mut img,
            18,
            &[
                record(&[0], 18, 2048, true, &[]),
                record(&[1], 18, 2048, true, &nm(0b100, "")),
                record(b"BOOT", 19, 4096, true, &nm(0, "boot")),
                record(b"LIMINE.CON;1", 24, 5, false, &nm(0, "limine.conf")),
                record(b"README.TXT;1", 23, 6, false, &[]),
            ],
        );
        // /boot fills its first block with padding after one entry, so the
        // files are found in its second block.
        put(
            &mut img,
            19,
            &[
                record(&[0], 19, 4096, true, &[]),
                record(&[1], 18, 2048, true, &[]),
                record(b"FILLER.;1", 25, 0, false, &nm(0, "filler")),
            ],
        );
        let mut split = nm(1, "nosys.");
        split.extend_from_slice(&nm(0, "gguf"));
        put(
            &mut img,
            20,
            &[
                record(b"NOSYS.;1", 21, 3000, false, &nm(0, "nosys")),
                record(b"NOSYS.GGU;1", 25, 1, false, &split),
            ],
        );
        for (i, b) in img[21 * BLOCK_SIZE..21 * BLOCK_SIZE + 3000]
            .iter_mut()
            .enumerate()
        {
            *b = (i % 251) as u8;
        }
        img[23 * BLOCK_SIZE..23 * BLOCK_SIZE + 6].copy_from_slice(b"readme");
        img[24 * BLOCK_SIZE..24 * BLOCK_SIZE + 5].copy_from_slice(b"conf!");
        img[25 * BLOCK_SIZE] = b'G';
        Image {
            bytes: img,
            reads: 0,
        }
    }

    fn read(img: &mut Image, path: &str) -> Result<Vec<u8>, IsoError<&'static str>> {
        let vol = Volume::open(img)?;
        let f = vol.lookup(img, path)?;
        let mut out = vec![0u8; f.size as usize];
        vol.read(img, &f, &mut out)?;
        Ok(out)
    }

    #[test]
    fn files_are_found_by_rock_ridge_and_plain_names() {
        let mut img = image();
        assert_eq!(read(&mut img, "/limine.conf").unwrap(), b"conf!");
        // No Rock Ridge entry: the identifier without ";1".
        assert_eq!(read(&mut img, "/README.TXT").unwrap(), b"readme");
        assert_eq!(read(&mut img, "readme.txt").unwrap(), b"readme");
        // A name in two NM entries (CONTINUE flag), in a second block.
        assert_eq!(read(&mut img, "/boot/nosys.gguf").unwrap(), b"G");
        let kernel = read(&mut img, "/boot/nosys").unwrap();
        assert_eq!(kernel.len(), 3000);
        assert!(kernel
            .iter()
            .enumerate()
            .all(|(i, &b)| b == (i % 251) as u8));
        // Rock Ridge names match ignoring case.
        assert_eq!(read(&mut img, "/BOOT/NOSYS").unwrap().len(), 3000);
        // The identifier of a record with a Rock Ridge name is not a name.
        assert_eq!(read(&mut img, "/boot/nosys.ggu"), Err(IsoError::NotFound));
    }

    #[test]
    fn a_big_file_is_read_in_one_call_plus_its_tail() {
        let mut img = image();
        let vol = Volume::open(&mut img).unwrap();
        let f = vol.lookup(&mut img, "/boot/nosys").unwrap();
        img.reads = 0;
        let mut out = vec![0u8; 3000];
        vol.read(&mut img, &f, &mut out).unwrap();
        assert_eq!(img.reads, 2);
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let mut img = image();
        assert_eq!(read(&mut img, "/boot/missing"), Err(IsoError::NotFound));
        assert_eq!(read(&mut img, "/boot"), Err(IsoError::IsADirectory));
        assert_eq!(
            read(&mut img, "/limine.conf/x"),
            Err(IsoError::NotADirectory)
        );
        let vol = Volume::open(&mut img).unwrap();
        let f = vol.lookup(&mut img, "/limine.conf").unwrap();
        assert_eq!(
            vol.read(&mut img, &f, &mut [0u8; 4]),
            Err(IsoError::WrongSize { size: 5, buffer: 4 })
        );

        let mut multi = image();
        // The multi-extent flag on /README.TXT's record.
        let at = 18 * BLOCK_SIZE;
        let mut off = at;
        for _ in 0..4 {
            off += multi.bytes[off] as usize;
        }
        multi.bytes[off + 25] |= FLAG_MULTI_EXTENT;
        assert_eq!(read(&mut multi, "/README.TXT"), Err(IsoError::MultiExtent));

        let mut broken = image();
        broken.bytes[18 * BLOCK_SIZE] = 33; // "." shorter than a record
        assert_eq!(
            read(&mut broken, "/limine.conf"),
            Err(IsoError::BadDirectory { block: 18 })
        );

        let mut blank = image();
        blank.bytes[16 * BLOCK_SIZE + 1] = b'X';
        assert_eq!(read(&mut blank, "/limine.conf"), Err(IsoError::NoVolume));

        let mut short = image();
        short.bytes.truncate(24 * BLOCK_SIZE);
        assert_eq!(
            read(&mut short, "/limine.conf"),
            Err(IsoError::Device("read past the end"))
        );
    }
}
