//! Large arrays on huge pages.
//!
//! The builder's state arrays (gigabytes), the search's tree, graph and
//! tables are read and written at random places. With ordinary 4 KiB pages almost
//! every such access misses the TLB, and at these sizes the page tables
//! themselves (8 bytes per 4 KiB: 40 MB for 20 GB) no longer fit in the
//! caches, so each miss costs another trip to memory. On Linux, transparent
//! huge pages (2 MiB) remove most of that, but kernels commonly grant them
//! only to memory that asks for them (`madvise` mode in
//! `/sys/kernel/mm/transparent_hugepage/enabled`). [`filled`] asks, for the
//! vectors big enough to gain. Elsewhere, or when the kernel declines, the
//! vector is the same, just on small pages.
//!
//! What glibc hands out piecemeal from its heap (the cache of decompressed
//! table blocks, mid-sized scratch) stays on small pages unless the
//! process started with glibc's `glibc.malloc.hugetlb=1` tunable: the
//! command line starts itself again with it (`src/cli/huge_heap.rs`, 3 to
//! 16% less CPU on graph searches); a program of your own that links this
//! library can be started with the variable set.

/// The size of a huge page on the platforms that have them.
const HUGE_PAGE: usize = 2 << 20;

/// Below this a vector keeps small pages: it would span few huge pages.
const MIN_BYTES: usize = 4 * HUGE_PAGE;

/// A vector of `len` elements made by `fill`, its memory advised onto huge
/// pages before it is first touched.
pub fn filled<T>(len: usize, fill: impl FnMut() -> T) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(len);
    advise(v.as_ptr() as usize, len * size_of::<T>());
    v.resize_with(len, fill);
    v
}

/// An empty vector with room for `capacity` elements, advised onto huge
/// pages (taken as it fills).
pub fn with_capacity<T>(capacity: usize) -> Vec<T> {
    let v: Vec<T> = Vec::with_capacity(capacity);
    advise(v.as_ptr() as usize, capacity * size_of::<T>());
    v
}

/// Reserves room for `additional` more elements, on huge pages when the
/// vector has to move for it.
pub fn reserve_exact<T>(v: &mut Vec<T>, additional: usize) {
    let old = v.as_ptr();
    v.reserve_exact(additional);
    if v.as_ptr() != old {
        advise(v.as_ptr() as usize, v.capacity() * size_of::<T>());
    }
}

/// [`reserve_exact`], or `false` when the system does not give that much
/// (more than the machine has: reserving would end the program).
pub fn try_reserve_exact<T>(v: &mut Vec<T>, additional: usize) -> bool {
    let old = v.as_ptr();
    if v.try_reserve_exact(additional).is_err() {
        return false;
    }
    if v.as_ptr() != old {
        advise(v.as_ptr() as usize, v.capacity() * size_of::<T>());
    }
    true
}

/// Makes `v` `len` copies of `value` in the memory it has, reserving
/// more (on huge pages, as [`reserve_exact`]) only if it must: memory used
/// again costs no page faults, where a new vector's pages are each
/// cleared by the kernel when first touched.
pub fn refill<T: Clone>(v: &mut Vec<T>, len: usize, value: T) {
    v.clear();
    reserve_exact(v, len);
    v.resize(len, value);
}

/// Advises the whole huge pages inside `[start, start + bytes)`.
#[cfg(target_os = "linux")]
fn advise(start: usize, bytes: usize) {
    if bytes < MIN_BYTES {
        return;
    }
    let first = start.next_multiple_of(HUGE_PAGE);
    let end = (start + bytes) / HUGE_PAGE * HUGE_PAGE;
    if end > first {
        // SAFETY: the range lies inside one allocation this process owns,
        // and MADV_HUGEPAGE changes only how it is backed, never what it
        // holds. The result is ignored: refused advice leaves small pages.
        unsafe {
            libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_start: usize, _bytes: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filled_vectors_hold_what_they_were_filled_with() {
        for len in [0, 1, 1000, MIN_BYTES / 4 + 12_345] {
            let mut n = 0u32;
            let v = filled(len, || {
                n += 1;
                n
            });
            assert_eq!(v.len(), len);
            assert!(v.iter().enumerate().all(|(i, &x)| x == i as u32 + 1));
        }
        let mut v: Vec<u64> = with_capacity(MIN_BYTES);
        assert!(v.is_empty() && v.capacity() >= MIN_BYTES);
        v.extend([7, 7, 7]);
        assert_eq!(v, [7, 7, 7]);
        let mut v: Vec<u64> = vec![7; 3];
        reserve_exact(&mut v, MIN_BYTES);
        assert_eq!(v, [7, 7, 7]);
        assert!(v.capacity() >= 3 + MIN_BYTES);
    }

    #[test]
    fn a_refilled_vector_holds_the_new_values_in_the_memory_it_had() {
        let mut v: Vec<u32> = filled(MIN_BYTES / 4, || 7);
        let (memory, capacity) = (v.as_ptr(), v.capacity());
        refill(&mut v, 1000, 3);
        assert_eq!(v, vec![3; 1000]);
        assert_eq!((v.as_ptr(), v.capacity()), (memory, capacity));
        refill(&mut v, capacity + 1, 5);
        assert_eq!(v.len(), capacity + 1);
        assert!(v.iter().all(|&x| x == 5));
    }
}
