//! The error type of the crawlers stage: a registry file or an IP range list that cannot be
//! read or does not make sense. Says which file and which entry.

use std::fmt;
use std::path::PathBuf;

/// What went wrong, for callers that match on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A file could not be read.
    Io,
    /// The registry text is not valid TOML or not of the registry's shape.
    Syntax,
    /// An entry is well-formed but wrong (unknown category, no tokens, bad pattern, …).
    Invalid,
    /// An IP range list is not valid JSON of the Google shape, or holds a bad prefix.
    Ranges,
}

/// An error while loading crawler data.
#[derive(Debug)]
pub struct RegistryError {
    kind: ErrorKind,
    /// The file, when there is one.
    path: Option<PathBuf>,
    /// The crawler entry or range list concerned, when there is one.
    entry: Option<String>,
    message: String,
}

impl RegistryError {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        RegistryError {
            kind,
            path: None,
            entry: None,
            message: message.into(),
        }
    }

    pub(crate) fn with_path(mut self, path: impl Into<PathBuf>) -> Self {
        self.path = Some(path.into());
        self
    }

    pub(crate) fn with_entry(mut self, entry: impl Into<String>) -> Self {
        self.entry = Some(entry.into());
        self
    }

    /// What went wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The file concerned, if any.
    pub fn path(&self) -> Option<&std::path::Path> {
        self.path.as_deref()
    }

    /// The crawler entry or range list concerned, if any.
    pub fn entry(&self) -> Option<&str> {
        self.entry.as_deref()
    }
}

impl fmt::Display for RegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(path) = &self.path {
            write!(f, "{}: ", path.display())?;
        }
        if let Some(entry) = &self.entry {
            write!(f, "{entry}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for RegistryError {}
