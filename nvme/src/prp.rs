//! Physical Region Page entries (Base Specification 2.0, section 4.1.1).
//!
//! PRP1 points at the first byte (any dword offset in its page); every
//! later page starts at offset 0. Two pages: PRP2 is the second page.
//! More: PRP2 points at a PRP list, one u64 per page; when a list page
//! fills and entries remain, its last slot points at the next list page.

use crate::regs::PAGE_SIZE;

const ENTRIES_PER_LIST_PAGE: usize = PAGE_SIZE / 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prp {
    pub prp1: u64,
    pub prp2: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrpError {
    /// The buffer's first address is not dword aligned.
    Misaligned(u64),
    EmptyTransfer,
    /// The transfer needs more PRP list pages than were provided.
    ListTooSmall {
        needed: usize,
        have: usize,
    },
}

/// Pages a transfer of `len` bytes starting at `first` touches.
pub fn pages_spanned(first: u64, len: usize) -> usize {
    let offset = (first as usize) % PAGE_SIZE;
    (offset + len).div_ceil(PAGE_SIZE)
}

/// PRP list pages a transfer touching `pages` data pages needs.
pub fn list_pages_needed(pages: usize) -> usize {
    if pages <= 2 {
        return 0;
    }
    let mut entries = pages - 1;
    let mut lists = 1;
    while entries > ENTRIES_PER_LIST_PAGE {
        entries -= ENTRIES_PER_LIST_PAGE - 1;
        lists += 1;
    }
    lists
}

/// Builds the PRP entries for `len` bytes starting at physical address
/// `first`, whose data page `i` (i >= 1, counting the page of `first` as 0)
/// is at `page(i)`. List pages are at `list_phys[k]` and their contents go
/// to `list[k * 512..]`.
pub fn build(
    first: u64,
    len: usize,
    page: impl Fn(usize) -> u64,
    list_phys: &[u64],
    list: &mut [u64],
) -> Result<Prp, PrpError> {
    if !first.is_multiple_of(4) {
        return Err(PrpError::Misaligned(first));
    }
    if len == 0 {
        return Err(PrpError::EmptyTransfer);
    }
    let pages = pages_spanned(first, len);
    match pages {
        1 => {
            return Ok(Prp {
                prp1: first,
                prp2: 0,
            })
        }
        2 => {
            return Ok(Prp {
                prp1: first,
                prp2: page(1),
            })
        }
        _ => {}
    }
    let needed = list_pages_needed(pages);
    let have = list_phys.len().min(list.len() / ENTRIES_PER_LIST_PAGE);
    if needed > have {
        return Err(PrpError::ListTooSmall { needed, have });
    }
    let mut next_page = 1;
    for k in 0..needed {
        let slots = &mut list[k * ENTRIES_PER_LIST_PAGE..(k + 1) * ENTRIES_PER_LIST_PAGE];
        let remaining = pages - next_page;
        if remaining <= ENTRIES_PER_LIST_PAGE {
            for slot in slots.iter_mut().take(remaining) {
                *slot = page(next_page);
                next_page += 1;
            }
            break;
        }
        for slot in slots.iter_mut().take(ENTRIES_PER_LIST_PAGE - 1) {
            *slot = page(next_page);
            next_page += 1;
        }
        // `needed` counted this chain page, so it exists.
        slots[ENTRIES_PER_LIST_PAGE - 1] = list_phys[k + 1];
    }
    debug_assert_eq!(next_page, pages);
    Ok(Prp {
        prp1: first,
        prp2: list_phys[0],
    })
}
