//! Readers and writers that hash what passes through them, for the files
//! whose body is checked by an xxh3 sum at its end (search checkpoints,
//! builder snapshots).

use std::io::{self, Read, Write};

use xxhash_rust::xxh3::Xxh3;

/// Writes through to `inner`, hashing what passes.
pub(crate) struct HashWriter<W> {
    pub(crate) inner: W,
    pub(crate) hash: Xxh3,
}

impl<W> HashWriter<W> {
    pub(crate) fn new(inner: W) -> Self {
        HashWriter {
            inner,
            hash: Xxh3::new(),
        }
    }
}

impl<W: Write> Write for HashWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Reads through from `inner`, hashing what passes.
pub(crate) struct HashReader<R> {
    pub(crate) inner: R,
    pub(crate) hash: Xxh3,
}

impl<R> HashReader<R> {
    pub(crate) fn new(inner: R) -> Self {
        HashReader {
            inner,
            hash: Xxh3::new(),
        }
    }
}

impl<R: Read> Read for HashReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }
}
