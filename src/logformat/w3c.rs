//! W3C (stub).
use super::{BadLine, Format, Request};
#[derive(Debug, Clone)]
pub(crate) struct Columns;
impl Columns {
    pub(crate) fn new(_f: Format, _h: Option<&[u8]>) -> Columns {
        Columns
    }
    pub(crate) fn parse<'a>(&self, _line: &'a [u8]) -> Result<Option<Request<'a>>, BadLine> {
        Err(BadLine::MissingField)
    }
}
