//! The FAT BIOS parameter block: enough of it to recognise a FAT volume
//! (partition detection) and to count free clusters, which `embedded-sdmmc`
//! does not expose. Offsets from Microsoft's FAT specification (fatgen103).

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

impl Bpb {
    /// Parses a boot sector; `None` when it is not a plausible FAT one.
    pub fn parse(sector: &[u8]) -> Option<Bpb> {
        if sector.len() < 512 || u16_at(sector, 510) != SIGNATURE as u32 {
            return None;
        }
        if sector[0] != 0xEB && sector[0] != 0xE9 {
            return None;
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
            return None;
        }
        if sectors_per_cluster == 0 || !sectors_per_cluster.is_power_of_two() {
            return None;
        }
        if reserved_sectors == 0 || !(1..=2).contains(&fat_count) {
            return None;
        }
        let fat_sectors = if fat16_size != 0 {
            fat16_size
        } else {
            fat32_size
        };
        let total_sectors = if total16 != 0 { total16 } else { total32 };
        if fat_sectors == 0 || total_sectors == 0 {
            return None;
        }
        let root_sectors = (root_entries * 32).div_ceil(bytes_per_sector);
        let first_data_sector = reserved_sectors + fat_count * fat_sectors + root_sectors;
        let data_sectors = total_sectors.checked_sub(first_data_sector)?;
        let cluster_count = data_sectors / sectors_per_cluster;
        let fat_type = if cluster_count <= FAT12_MAX_CLUSTERS {
            FatType::Fat12
        } else if cluster_count <= FAT16_MAX_CLUSTERS {
            FatType::Fat16
        } else {
            FatType::Fat32
        };
        let label_off = if fat_type == FatType::Fat32 { 71 } else { 43 };
        let mut label = [0u8; 11];
        label.copy_from_slice(&sector[label_off..label_off + 11]);
        Some(Bpb {
            bytes_per_sector,
            sectors_per_cluster,
            reserved_sectors,
            fat_count,
            fat_sectors,
            total_sectors,
            first_data_sector,
            cluster_count,
            fat_type,
            label,
        })
    }

    pub fn cluster_bytes(&self) -> u64 {
        self.sectors_per_cluster as u64 * self.bytes_per_sector as u64
    }

    /// Bytes the FAT needs for the entries of every cluster (0 and 1 are reserved).
    pub fn fat_bytes_used(&self) -> u64 {
        let entries = self.cluster_count as u64 + 2;
        match self.fat_type {
            FatType::Fat12 => (entries * 3).div_ceil(2),
            FatType::Fat16 => entries * 2,
            FatType::Fat32 => entries * 4,
        }
    }

    /// Counts free clusters in the FAT bytes given (the first copy, from its start).
    pub fn count_free(&self, fat: &[u8]) -> u32 {
        let mut free = 0;
        for cluster in 2..self.cluster_count + 2 {
            let c = cluster as usize;
            let value = match self.fat_type {
                FatType::Fat12 => {
                    let off = c + c / 2;
                    let v = u16_at(fat, off);
                    if c.is_multiple_of(2) {
                        v & 0xFFF
                    } else {
                        v >> 4
                    }
                }
                FatType::Fat16 => u16_at(fat, c * 2),
                // The top four bits of a FAT32 entry are reserved.
                FatType::Fat32 => u32_at(fat, c * 4) & 0x0FFF_FFFF,
            };
            if value == 0 {
                free += 1;
            }
        }
        free
    }
}
