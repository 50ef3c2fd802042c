//! glibc's heap on huge pages: the program starts itself again with
//! `GLIBC_TUNABLES=glibc.malloc.hugetlb=1` when that is not set (but for
//! `play` and `match`, whose moves are on the clock: `main.rs`).
//!
//! The big arrays ask for huge pages themselves ([`fanorona::hugepages`]).
//! What stays on 4 KiB pages is what comes from glibc's heap piecemeal:
//! above all the cache of decompressed table blocks (8 to 16 KiB each,
//! read at random), and the closure's scratch arrays, which glibc carves
//! from memory it has used before. A search that thrashes the TLB over
//! gigabytes of graph pays a page walk for most of those reads. glibc 2.35
//! and later advise their whole heap onto huge pages when this tunable is
//! set, which took 3-16% of the CPU time off graph searches on 3x11 and
//! 3x13 (`experiments/search_speed/`, sessions 71 and 72). Putting the
//! pieces on huge pages one by one (block-cache slabs, an allocator that
//! advises big allocations, a fixed mmap threshold) did not come near it.
//!
//! glibc reads tunables only when a process starts, so the only way to set
//! one for our own heap is to start again: `exec` of the same program with
//! the same arguments, before anything else happens (same process id,
//! same open files). It is skipped when the variable already names this
//! tunable (so `GLIBC_TUNABLES=glibc.malloc.hugetlb=0` keeps small pages)
//! or is not UTF-8, when the kernel grants no transparent huge pages, when
//! glibc is older than 2.35, when the program cannot be found again, and
//! in the restarted program itself (marked by [`RESTARTED`], so that it
//! never loops, whatever glibc makes of the variable); if `exec` fails the
//! program simply goes on as it is.

/// Set in the environment of the restarted program.
#[cfg_attr(not(all(target_os = "linux", target_env = "gnu")), allow(dead_code))]
const RESTARTED: &str = "FANORONA_HUGE_PAGE_HEAP";

#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn restart_with_huge_page_heap() {
    use std::os::unix::process::CommandExt;

    const TUNABLE: &str = "glibc.malloc.hugetlb";
    let current = match std::env::var("GLIBC_TUNABLES") {
        Ok(current) => current,
        Err(std::env::VarError::NotPresent) => String::new(),
        Err(std::env::VarError::NotUnicode(_)) => return,
    };
    if current.contains(TUNABLE)
        || std::env::var_os(RESTARTED).is_some()
        || !kernel_grants_huge_pages()
        || !glibc_has_tunable()
    {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let mut args = std::env::args_os();
    let arg0 = args.next().unwrap_or_else(|| exe.clone().into_os_string());
    let tunables = if current.is_empty() {
        format!("{TUNABLE}=1")
    } else {
        format!("{current}:{TUNABLE}=1")
    };
    // `exec` returns only when it failed; then run on small pages.
    let _failed = std::process::Command::new(&exe)
        .arg0(arg0)
        .args(args)
        .env("GLIBC_TUNABLES", tunables)
        .env(RESTARTED, "1")
        .exec();
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn restart_with_huge_page_heap() {}

/// Whether transparent huge pages are on, for all memory or for memory
/// that asks (`always` or `madvise` chosen).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn kernel_grants_huge_pages() -> bool {
    std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
        .is_ok_and(|s| s.contains("[always]") || s.contains("[madvise]"))
}

/// Whether the running glibc knows `glibc.malloc.hugetlb` (2.35 and later).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn glibc_has_tunable() -> bool {
    // SAFETY: returns a pointer to a static NUL-terminated string.
    let version = unsafe { std::ffi::CStr::from_ptr(libc::gnu_get_libc_version()) };
    version.to_str().ok().and_then(parse_version) >= Some((2, 35))
}

/// `"2.36"` -> `(2, 36)`.
#[cfg_attr(not(all(target_os = "linux", target_env = "gnu")), allow(dead_code))]
fn parse_version(v: &str) -> Option<(u32, u32)> {
    let mut parts = v.split('.');
    let major = parts.next()?.parse().ok()?;
    let minor: String = parts
        .next()?
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    Some((major, minor.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glibc_versions_parse() {
        assert_eq!(parse_version("2.36"), Some((2, 36)));
        assert_eq!(parse_version("2.35.1"), Some((2, 35)));
        assert_eq!(parse_version("2.9"), Some((2, 9)));
        assert_eq!(parse_version("2.40-rc1"), Some((2, 40)));
        assert_eq!(parse_version("two"), None);
        assert!(parse_version("2.9") < Some((2, 35)));
    }
}
