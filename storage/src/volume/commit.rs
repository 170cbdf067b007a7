//! Every change to the volume, in the order that survives a power cut.
//!
//! The rule (docs/storage.md, "Power cuts"): new data goes to fresh
//! clusters and is flushed; one directory sector write is the commit; a
//! flush makes it durable; only then is anything old freed. A cut before
//! the commit leaves lost clusters (which `fsck.fat` reclaims) and the old
//! state; a cut after it, the new state and perhaps lost clusters.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use command::FsError;

use super::{dev_err, join, split_last, Volume};
use crate::dir::{self, Stored, ENTRY_LEN};
use crate::directory::{Dir, DirAt, Node, MAX_DIR_BYTES, SLOTS_PER_SECTOR};
use crate::BlockDevice;

/// The largest numeric tail tried for an 8.3 alias.
const MAX_TAIL: u32 = 999_999;

impl<D: BlockDevice> Volume<D> {
    /// Grows a chained directory by one zeroed cluster: the cluster is
    /// written and flushed before the FAT links it in, so a power cut never
    /// links garbage entries into the directory.
    fn extend_dir(&mut self, d: &mut Dir) -> Result<(), FsError> {
        let DirAt::Chain(_) = d.at else {
            return Err(FsError::DiskFull);
        };
        if d.bytes.len() as u64 + self.cluster_bytes() > MAX_DIR_BYTES {
            return Err(FsError::DiskFull);
        }
        let new = self.alloc(1)?;
        let zeros = vec![0u8; self.cluster_bytes() as usize];
        self.write_clusters(&new, &zeros)?;
        self.disk.flush().map_err(dev_err)?;
        let last = *d.clusters.last().ok_or(FsError::Corrupt(format!(
            "{}: directory without clusters",
            d.path
        )))?;
        self.fat.link(&mut self.disk, last, new[0])?;
        d.clusters.push(new[0]);
        d.bytes.extend_from_slice(&zeros);
        Ok(())
    }

    /// The short name for a new entry `name` in `d`, unique there, and
    /// the long-name entries that go before it (none for a plain 8.3 name).
    fn name_entries(d: &Dir, name: &str) -> Result<([u8; 11], u8, bool), FsError> {
        match dir::plan(name) {
            Stored::Short { name, nt_case } => Ok((name, nt_case, false)),
            Stored::Long { basis, tail } => {
                let taken: BTreeSet<[u8; 11]> = d.nodes().0.iter().map(|n| n.short.name).collect();
                let start = if tail { 1 } else { 0 };
                (start..=MAX_TAIL)
                    .map(|n| dir::alias(&basis, n))
                    .find(|a| !taken.contains(a))
                    .map(|a| (a, 0, true))
                    .ok_or(FsError::InvalidName(format!(
                        "\"{name}\": no free 8.3 alias left in {}",
                        d.path
                    )))
            }
        }
    }

    /// Puts the entries for `name` (short entry `short`, name bytes and
    /// case bits filled in here) into `d` in memory. Returns the slot of
    /// the short entry.
    fn place(
        &mut self,
        d: &mut Dir,
        name: &str,
        mut short: [u8; ENTRY_LEN],
        near: Option<usize>,
    ) -> Result<usize, FsError> {
        let (sname, nt_case, long) = Self::name_entries(d, name)?;
        short[..11].copy_from_slice(&sname);
        short[dir::NT_CASE] = nt_case;
        let mut entries = if long {
            dir::lfn_entries(name, dir::checksum(&sname))
        } else {
            Vec::new()
        };
        entries.push(short);
        let start = loop {
            if let Some(s) = d.free_run(entries.len(), near) {
                break s;
            }
            self.extend_dir(d)?;
        };
        // Readers stop at the first never-used slot: any skipped before the
        // run become "deleted", or the new entries would be invisible.
        d.end_marks_to_deleted(start);
        for (i, e) in entries.iter().enumerate() {
            d.set(start + i, e);
        }
        Ok(start + entries.len() - 1)
    }

    // ---- files ------------------------------------------------------------

    /// Writes `data` to fresh clusters and flushes; returns the first
    /// cluster (0 for no data) and the chain. Nothing refers to it yet.
    fn write_fresh(&mut self, data: &[u8]) -> Result<Vec<u32>, FsError> {
        let n = self.clusters_for(data.len() as u64);
        let chain = self.alloc(n)?;
        if let Err(e) = self.write_clusters(&chain, data) {
            let _ = self.release(&chain);
            return Err(e);
        }
        self.disk.flush().map_err(dev_err)?;
        Ok(chain)
    }

    pub(super) fn create_file(
        &mut self,
        d: &mut Dir,
        name: &str,
        data: &[u8],
    ) -> Result<(), FsError> {
        dir::validate(name).map_err(FsError::InvalidName)?;
        let chain = self.write_fresh(data)?;
        let first = chain.first().copied().unwrap_or(0);
        let short = dir::short_entry(
            &[b' '; 11],
            dir::ATTR_ARCHIVE,
            0,
            first,
            data.len() as u32,
            self.now(),
        );
        let placed = self.place(d, name, short, None);
        // The commit: the sector holding the short entry, written last.
        let r = placed.and_then(|_| self.write_dirty(d));
        if let Err(e) = r {
            let _ = self.release(&chain);
            return Err(e);
        }
        self.disk.flush().map_err(dev_err)
    }

    /// Replaces `node`'s content: new clusters, flush, one sector write of
    /// its short entry (the commit), flush, then the old chain is freed.
    pub(super) fn overwrite(
        &mut self,
        d: &mut Dir,
        node: &Node,
        path: &str,
        data: &[u8],
    ) -> Result<(), FsError> {
        let old = self.file_chain(node, path)?;
        let chain = self.write_fresh(data)?;
        let mut e = [0u8; ENTRY_LEN];
        e.copy_from_slice(d.entry(node.slot));
        dir::set_content(
            &mut e,
            chain.first().copied().unwrap_or(0),
            data.len() as u32,
            self.now(),
        );
        d.set(node.slot, &e);
        self.write_dirty(d)?;
        self.disk.flush().map_err(dev_err)?;
        self.release(&old)?;
        Ok(())
    }

    /// Deletes `node`'s entries: long-name entries first, short entry in
    /// the last (or only) sector written, so a cut in between leaves a
    /// valid 8.3 entry rather than an orphaned long name. Then its chain.
    pub(super) fn remove_node(
        &mut self,
        d: &mut Dir,
        node: &Node,
        path: &str,
    ) -> Result<(), FsError> {
        let chain = self.file_chain(node, path)?;
        d.mark_deleted(node.first_slot, node.slot);
        self.write_dirty(d)?;
        self.disk.flush().map_err(dev_err)?;
        self.release(&chain)?;
        Ok(())
    }

    pub(super) fn rename_inner(&mut self, from: &str, to: &str) -> Result<(), FsError> {
        let (from_parent, from_name) = split_last(from)?;
        let (to_parent, to_name) = split_last(to)?;
        let from_name = from_name.ok_or(FsError::InvalidPath)?;
        let to_name = to_name.ok_or(FsError::AlreadyExists)?;
        let mut src_dir = self.open_dir(&from_parent)?;
        let src = src_dir.find(from_name).ok_or(FsError::NotFound)?;
        let src_path = join(&from_parent, &src.name);
        let same_dir = from_parent.len() == to_parent.len()
            && from_parent
                .iter()
                .zip(&to_parent)
                .all(|(a, b)| dir::same_name(a, b));
        if src.short.is_dir() {
            let inside = to_parent.len() > from_parent.len()
                && to_parent[..from_parent.len()]
                    .iter()
                    .zip(&from_parent)
                    .all(|(a, b)| dir::same_name(a, b))
                && dir::same_name(to_parent[from_parent.len()], from_name);
            if inside {
                return Err(FsError::InvalidName(format!(
                    "{src_path} cannot move into itself"
                )));
            }
        }
        let mut dst_dir = if same_dir {
            None
        } else {
            Some(self.open_dir(&to_parent)?)
        };
        let existing = dst_dir.as_ref().unwrap_or(&src_dir).find(to_name);
        if let Some(dst) = existing {
            if same_dir && dst.slot == src.slot {
                // A new spelling of the same name (case): an ordinary rename.
            } else if !dst.short.is_dir() && !src.short.is_dir() {
                return self.replace(&mut src_dir, &src, dst_dir.as_mut(), &dst, to);
            } else {
                return Err(FsError::InvalidName(format!(
                    "\"{to_name}\" collides with the existing \"{}\" (names ignore case)",
                    dst.name
                )));
            }
        }
        dir::validate(to_name).map_err(FsError::InvalidName)?;
        let mut short = [0u8; ENTRY_LEN];
        short.copy_from_slice(src_dir.entry(src.slot));
        src_dir.mark_deleted(src.first_slot, src.slot);
        match dst_dir.as_mut() {
            None => {
                // Same directory: deletion and new entries in memory first,
                // so when both fall in one sector the rename is one write.
                let deleted = src_dir.dirty.clone();
                let near = Some(src.slot / SLOTS_PER_SECTOR);
                self.place(&mut src_dir, to_name, short, near)?;
                if src_dir.dirty.len() > 1 {
                    // Old entries go first: a cut between the writes
                    // leaves lost clusters, never two names for one file.
                    let later: BTreeSet<usize> =
                        src_dir.dirty.difference(&deleted).copied().collect();
                    src_dir.dirty = deleted;
                    self.write_dirty(&mut src_dir)?;
                    self.disk.flush().map_err(dev_err)?;
                    src_dir.dirty = later;
                }
                self.write_dirty(&mut src_dir)?;
            }
            Some(dd) => {
                self.write_dirty(&mut src_dir)?;
                self.disk.flush().map_err(dev_err)?;
                self.place(dd, to_name, short, None)?;
                self.write_dirty(dd)?;
                if src.short.is_dir() {
                    // The moved directory's ".." now names its new parent.
                    let parent = match dd.at {
                        DirAt::Chain(c) if self.root() != DirAt::Chain(c) => c,
                        _ => 0,
                    };
                    let mut moved = self.read_dir(DirAt::Chain(src.short.first_cluster), to)?;
                    let mut e = [0u8; ENTRY_LEN];
                    e.copy_from_slice(moved.entry(1));
                    if &e[..11] == b"..         " {
                        dir::set_first_cluster(&mut e, parent);
                        moved.set(1, &e);
                        self.write_dirty(&mut moved)?;
                    }
                }
            }
        }
        self.disk.flush().map_err(dev_err)
    }

    /// `mv` onto an existing file: the source's entries go first (its
    /// clusters are lost, not gone, if power fails next), then the
    /// destination's short entry is pointed at them in one sector write,
    /// then the destination's old chain is freed.
    fn replace(
        &mut self,
        src_dir: &mut Dir,
        src: &Node,
        dst_dir: Option<&mut Dir>,
        dst: &Node,
        to: &str,
    ) -> Result<(), FsError> {
        let old = self.file_chain(dst, to)?;
        src_dir.mark_deleted(src.first_slot, src.slot);
        self.write_dirty(src_dir)?;
        self.disk.flush().map_err(dev_err)?;
        let d = match dst_dir {
            Some(d) => d,
            None => src_dir,
        };
        let mut e = [0u8; ENTRY_LEN];
        e.copy_from_slice(d.entry(dst.slot));
        dir::set_content(&mut e, src.short.first_cluster, src.short.size, self.now());
        d.set(dst.slot, &e);
        self.write_dirty(d)?;
        self.disk.flush().map_err(dev_err)?;
        self.release(&old)?;
        Ok(())
    }

    /// A new directory: its cluster (".", "..", the rest free) is written
    /// and flushed before the entry naming it (the commit) is.
    pub(super) fn make_dir(&mut self, parent: &[&str], name: &str) -> Result<(), FsError> {
        let mut d = self.open_dir(parent)?;
        if let Some(n) = d.find(name) {
            return Err(if n.name == name {
                FsError::AlreadyExists
            } else {
                FsError::InvalidName(format!(
                    "\"{name}\" collides with the existing \"{}\" (names ignore case)",
                    n.name
                ))
            });
        }
        dir::validate(name).map_err(FsError::InvalidName)?;
        let now = self.now();
        // Reserve the cluster, then fill it: "." and "..", the rest free.
        let new = self.alloc(1)?;
        let parent_cluster = match d.at {
            DirAt::Chain(c) if self.root() != DirAt::Chain(c) => c,
            _ => 0,
        };
        let mut body = vec![0u8; self.cluster_bytes() as usize];
        let dot = dir::short_entry(b".          ", dir::ATTR_DIRECTORY, 0, new[0], 0, now);
        let dotdot = dir::short_entry(
            b"..         ",
            dir::ATTR_DIRECTORY,
            0,
            parent_cluster,
            0,
            now,
        );
        body[..ENTRY_LEN].copy_from_slice(&dot);
        body[ENTRY_LEN..2 * ENTRY_LEN].copy_from_slice(&dotdot);
        self.write_clusters(&new, &body)?;
        self.disk.flush().map_err(dev_err)?;
        let short = dir::short_entry(&[b' '; 11], dir::ATTR_DIRECTORY, 0, new[0], 0, now);
        self.place(&mut d, name, short, None)?;
        self.write_dirty(&mut d)?;
        self.disk.flush().map_err(dev_err)
    }
}
