//! Output that several participants of one fork write at once, each to its own indices.

use core::marker::PhantomData;
use core::ops::Range;

/// A mutable slice shared by the participants of one fork, under the promise that no index is
/// touched by two of them: a matrix product's rows, an attention head's output, one core's
/// scratch. Borrowing the slice for `'a` keeps everyone else out for as long as it is shared.
pub struct Disjoint<'a, T> {
    ptr: *mut T,
    len: usize,
    _borrow: PhantomData<&'a mut [T]>,
}

// SAFETY: a `Disjoint` hands each participant parts of the slice no other participant uses (the
// contract of its unsafe methods), which is what sending `&mut` sub-slices to other threads
// would do; that needs `T: Send`.
unsafe impl<T: Send> Sync for Disjoint<'_, T> {}
// SAFETY: as above.
unsafe impl<T: Send> Send for Disjoint<'_, T> {}

impl<'a, T> Disjoint<'a, T> {
    pub fn new(slice: &'a mut [T]) -> Self {
        Self {
            ptr: slice.as_mut_ptr(),
            len: slice.len(),
            _borrow: PhantomData,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first element's address, for kernels that write through raw pointers (using it
    /// carries the same contract as [`Disjoint::slice`]).
    pub fn as_mut_ptr(&self) -> *mut T {
        self.ptr
    }

    /// The elements `range`, mutably. Panics if `range` is out of bounds.
    ///
    /// # Safety
    /// While the returned slice lives, no other participant reads or writes any element of
    /// `range` (through this `Disjoint` or otherwise).
    #[allow(
        clippy::mut_from_ref,
        reason = "the contract is disjointness, stated above"
    )]
    pub unsafe fn slice(&self, range: Range<usize>) -> &mut [T] {
        assert!(
            range.start <= range.end && range.end <= self.len,
            "Disjoint::slice {range:?} out of 0..{}",
            self.len
        );
        // SAFETY: in bounds (asserted) of the slice borrowed for 'a; exclusive by the contract.
        unsafe { core::slice::from_raw_parts_mut(self.ptr.add(range.start), range.len()) }
    }

    /// Stores `value` at `i`. Panics if `i` is out of bounds.
    ///
    /// # Safety
    /// No other participant reads or writes element `i` during this fork.
    pub unsafe fn write(&self, i: usize, value: T) {
        assert!(i < self.len, "Disjoint::write {i} out of 0..{}", self.len);
        // SAFETY: in bounds (asserted); exclusive by the contract. The old value is dropped in
        // place, as an assignment through `&mut` would.
        unsafe { *self.ptr.add(i) = value };
    }
}
