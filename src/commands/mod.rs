//! The commands: the audit itself, and `check` (judge URLs against one robots.txt), `fetch`
//! (show what the audit would use for an origin), `history` (past robots.txt versions from a
//! web archive), `update-ranges` (fresh IP-range lists) and `update-crawlers` (fresh lists of
//! AI agents).
//! Each takes its parsed arguments and an output, and returns whether everything went as
//! hoped; the binary maps that to the exit status.

pub mod audit;
pub mod check;
pub mod fetch;
pub mod history;
pub mod update;
