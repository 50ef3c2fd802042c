//! Fields of the one-line JSON objects the commands print with `--json`,
//! read without a JSON parser: the tests look up a few keys whose values
//! hold no `,` or `}` of their own.

/// The text of the value after `"key": ` in a JSON line, up to the next
/// `,` or `}`.
pub fn json_value<'a>(line: &'a str, key: &str) -> &'a str {
    let pat = format!("\"{key}\": ");
    let at = line
        .find(&pat)
        .unwrap_or_else(|| panic!("no {key:?} in {line}"))
        + pat.len();
    line[at..].split([',', '}']).next().unwrap_or_default()
}

/// The value after `"key": ` in a JSON line, parsed.
pub fn json_parsed<T: std::str::FromStr>(line: &str, key: &str) -> T {
    json_value(line, key)
        .parse()
        .unwrap_or_else(|_| panic!("{key:?} in {line}"))
}

/// The whole number after `"key": ` in a JSON line.
pub fn json_number(line: &str, key: &str) -> u64 {
    json_parsed(line, key)
}

/// The seconds (a decimal number) after `"key": ` in a JSON line.
pub fn json_seconds(line: &str, key: &str) -> f64 {
    json_parsed(line, key)
}
