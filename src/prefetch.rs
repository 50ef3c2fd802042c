//! A hint to the processor to start loading memory that is read soon.
//!
//! The search's tables, the builder's state arrays and the WDL files are
//! all far larger than the processor's caches, and their reads are random:
//! a read that waits for memory stalls a few hundred cycles. Code that
//! knows several reads ahead asks for all of them first, so that the
//! waits overlap instead of adding up.

/// Starts loading the cache lines that hold `item` (a hint, nothing on
/// targets other than x86_64). In a 9x5 search with `--memory 9`, 12% of
/// the time went to waiting on the path-dependent disproofs' slot and 15%
/// on the estimates' slot before they were prefetched.
#[inline]
pub(crate) fn prefetch<T: ?Sized>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        const LINE: usize = 64;
        let start = (item as *const T).cast::<i8>() as usize;
        let end = start + std::mem::size_of_val(item).max(1);
        let mut line = start & !(LINE - 1);
        while line < end {
            // SAFETY: a prefetch is only a hint (it never faults, whatever
            // the address), and SSE is part of x86_64.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(line as *const i8) };
            line += LINE;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}
