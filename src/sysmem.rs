//! The machine's memory, as Linux reports it in `/proc/meminfo`: what a
//! build or search may ask for. `None` elsewhere.

/// The memory the system can give a new process now without swapping
/// (`MemAvailable` of `/proc/meminfo`), in bytes; `None` where there is
/// no such file (not Linux) or it does not say.
pub fn available_memory() -> Option<u64> {
    meminfo_bytes(
        &std::fs::read_to_string("/proc/meminfo").ok()?,
        "MemAvailable",
    )
}

/// The memory of the machine (`MemTotal`), in bytes: more than that the
/// system refuses to give a process at once (a search's 32 GB table on
/// this 24 GiB machine ended the program with an abort).
pub fn total_memory() -> Option<u64> {
    meminfo_bytes(&std::fs::read_to_string("/proc/meminfo").ok()?, "MemTotal")
}

/// A line `field: N kB` of a `/proc/meminfo` text, in bytes.
fn meminfo_bytes(meminfo: &str, field: &str) -> Option<u64> {
    let line = meminfo
        .lines()
        .find(|l| l.strip_prefix(field).is_some_and(|r| r.starts_with(':')))?;
    let mut words = line[field.len() + 1..].split_whitespace();
    let kib: u64 = words.next()?.parse().ok()?;
    (words.next() == Some("kB")).then_some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mem_available_is_read_from_its_line_in_bytes() {
        let meminfo = "MemTotal:       24608572 kB\nMemFree:        12013748 kB\n\
                       MemAvailable:   15554236 kB\nBuffers:          123 kB\n";
        let available = |text| meminfo_bytes(text, "MemAvailable");
        assert_eq!(available(meminfo), Some(15_554_236 * 1024));
        assert_eq!(meminfo_bytes(meminfo, "MemTotal"), Some(24_608_572 * 1024));
        // Old kernels have no such line; a line in other units is not guessed at.
        assert_eq!(available("MemTotal: 1 kB\nMemFree: 1 kB\n"), None);
        assert_eq!(available("MemAvailable: 12 MB\n"), None);
        assert_eq!(available("MemAvailable: lots kB\n"), None);
        // A field is its whole name, not a prefix of another's.
        assert_eq!(meminfo_bytes("MemTotalish: 5 kB\n", "MemTotal"), None);
    }
}
