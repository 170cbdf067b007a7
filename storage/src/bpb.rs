//! The FAT BIOS parameter block: the volume's geometry. Offsets from
//! Microsoft's FAT specification (fatgen103). A boot sector that says it
//! is FAT but has impossible numbers is an error with the reason, so a
//! corrupt volume is reported as corrupt, not as "no FAT here".

const SIGNATURE: u16 = 0xAA55;
/// Cluster-count limits that decide the FAT type (fatgen103, section 3.5).
const FAT12_MAX_CLUSTERS: u32 = 4084;
const FAT16_MAX_CLUSTERS: u32 = 65524;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FatType {
    Fat12,
    Fat16,
    Fat32,
}

impl FatType {
    pub fn name(self) -> &'static str {
        match self {
            FatType::Fat12 => "FAT12",
            FatType::Fat16 => "FAT16",
            FatType::Fat32 => "FAT32",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bpb {
    pub bytes_per_sector: u32,
    pub sectors_per_cluster: u32,
    pub reserved_sectors: u32,
    pub fat_count: u32,
    pub fat_sectors: u32,
    pub total_sectors: u32,
    pub first_data_sector: u32,
    /// FAT12/16: the fixed root directory (entries); 0 on FAT32.
    pub root_entries: u32,
    /// FAT32: the root directory's first cluster.
    pub root_cluster: u32,
    /// FAT32: the FSInfo sector (0 when absent).
    pub fsinfo_sector: u32,
    pub cluster_count: u32,
    pub fat_type: FatType,
    /// The label in the boot sector (the root directory may hold another).
    pub label: [u8; 11],
}

fn u16_at(b: &[u8], off: usize) -> u32 {
    u16::from_le_bytes([b[off], b[off + 1]]) as u32
}

fn u32_at(b: &[u8], off: usize) -> u32 {
    u32::from_le_bytes([b[off], b[off + 1], b[off + 2], b[off + 3]])
}

/// Why a boot sector was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BpbError {
    /// Not a FAT boot sector at all.
    NotFat,
    /// Says it is FAT, but a field is impossible.
    Bad(&'static str),
}

impl Bpb {
    /// Parses a boot sector; `None` when it is not a plausible FAT one.
    pub fn parse(sector: &[u8]) -> Option<Bpb> {
        Bpb::parse_checked(sector).ok()
    }

    /// True when the sector carries a FAT type string, so a failure to
    /// parse it is corruption rather than some other file system.
    pub fn claims_fat(sector: &[u8]) -> bool {
        sector.len() >= 512
            && (sector[0] == 0xEB || sector[0] == 0xE9)
            && (&sector[54..57] == b"FAT" || &sector[82..85] == b"FAT")
    }

    pub fn parse_checked(sector: &[u8]) -> Result<Bpb, BpbError> {
        use BpbError::{Bad, NotFat};
        if sector.len() < 512 || u16_at(sector, 510) != SIGNATURE as u32 {
            return Err(NotFat);
        }
        if sector[0] != 0xEB && sector[0] != 0xE9 {
            return Err(NotFat);
        }
        let bytes_per_sector = u16_at(sector, 11);
        let sectors_per_cluster = sector[13] as u32;
        let reserved_sectors = u16_at(sector, 14);
        let fat_count = sector[16] as u32;
        let root_entries = u16_at(sector, 17);
        let total16 = u16_at(sector, 19);
        let fat16_size = u16_at(sector, 22);
        let total32 = u32_at(sector, 32);
        let fat32_size = u32_at(sector, 36);
        if !(512..=4096).contains(&bytes_per_sector) || !bytes_per_sector.is_power_of_two() {
            return Err(Bad("bytes per sector is not 512, 1024, 2048 or 4096"));
        }
        if sectors_per_cluster == 0 {
            return Err(Bad("zero sectors per cluster"));
        }
        if !sectors_per_cluster.is_power_of_two() {
            return Err(Bad("sectors per cluster is not a power of two"));
        }
        if reserved_sectors == 0 {
            return Err(Bad("zero reserved sectors"));
        }
        if !(1..=2).contains(&fat_count) {
            return Err(Bad("the number of FATs is not 1 or 2"));
        }
        let fat_sectors = if fat16_size != 0 {
            fat16_size
        } else {
            fat32_size
        };
        let total_sectors = if total16 != 0 { total16 } else { total32 };
        if fat_sectors == 0 {
            return Err(Bad("zero sectors per FAT"));
        }
        if total_sectors == 0 {
            return Err(Bad("zero total sectors"));
        }
        let root_sectors = (root_entries * 32).div_ceil(bytes_per_sector);
        let first_data_sector = reserved_sectors + fat_count * fat_sectors + root_sectors;
        let data_sectors = total_sectors.checked_sub(first_data_sector).ok_or(Bad(
            "the FATs and root directory are larger than the volume",
        ))?;
        let cluster_count = data_sectors / sectors_per_cluster;
        let fat_type = if cluster_count <= FAT12_MAX_CLUSTERS {
            FatType::Fat12
        } else if cluster_count <= FAT16_MAX_CLUSTERS {
            FatType::Fat16
        } else {
            FatType::Fat32
        };
        let fat32 = fat_type == FatType::Fat32;
        let entry_bytes: u64 = match fat_type {
            FatType::Fat12 => 2, // upper bound; FAT12 is refused at mount
            FatType::Fat16 => 2,
            FatType::Fat32 => 4,
        };
        if (cluster_count as u64 + 2) * entry_bytes > fat_sectors as u64 * bytes_per_sector as u64
            && fat_type != FatType::Fat12
        {
            return Err(Bad("the FAT is too small for the volume's clusters"));
        }
        let root_cluster = if fat32 { u32_at(sector, 44) } else { 0 };
        if fat32 && !(2..cluster_count + 2).contains(&root_cluster) {
            return Err(Bad("the root directory cluster is outside the volume"));
        }
        if !fat32 && root_entries == 0 && fat_type != FatType::Fat12 {
            return Err(Bad("zero root directory entries"));
        }
        let fsinfo_sector = if fat32 { u16_at(sector, 48) } else { 0 };
        let label_off = if fat32 { 71 } else { 43 };
        let mut label = [0u8; 11];
        label.copy_from_slice(&sector[label_off..label_off + 11]);
        Ok(Bpb {
            bytes_per_sector,
            sectors_per_cluster,
            reserved_sectors,
            fat_count,
            fat_sectors,
            total_sectors,
            first_data_sector,
            root_entries,
            root_cluster,
            fsinfo_sector: if fsinfo_sector == 0xFFFF {
                0
            } else {
                fsinfo_sector
            },
            cluster_count,
            fat_type,
            label,
        })
    }

    pub fn cluster_bytes(&self) -> u64 {
        self.sectors_per_cluster as u64 * self.bytes_per_sector as u64
    }
}
