//! Stopping a running program as Ctrl-C does.

/// Sends SIGINT (Ctrl-C) to the process `pid`.
#[cfg(unix)]
pub fn interrupt(pid: u32) {
    let signalled = std::process::Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .expect("run kill");
    assert!(signalled.success(), "kill -INT {pid} failed");
}
