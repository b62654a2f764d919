//! Integration tests, one binary (so a clean `cargo test` links the network stack once): the
//! built `robots-audit` binary driven on the files in `testdata/`, and in `stages/` the
//! library's stages driven directly.
//!
//! Golden reports live in `testdata/expected/`; `ROBOTS_AUDIT_BLESS=1 cargo test` rewrites
//! them (only on purpose, after checking the difference by hand).

mod agents;
mod archive_import;
mod audit;
mod check;
mod errors;
mod fetch;
mod formats;
mod history;
mod html;
mod inputs;
mod net_failures;
mod output;
mod partial;
mod preferences;
mod progress;
mod rooms;
mod spill;
mod stages;
mod support;
