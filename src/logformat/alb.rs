//! AWS load balancer logs (stub).
use super::{BadLine, Request};
pub(crate) fn parse(_line: &[u8]) -> Result<Option<Request<'_>>, BadLine> {
    Err(BadLine::MissingField)
}
