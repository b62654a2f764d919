//! nginx json (stub).
use super::{BadLine, Request};
/// Fields.
#[derive(Debug, Default)]
pub struct JsonFields {}
impl JsonFields {
    pub(crate) fn defaults() -> &'static JsonFields {
        static D: JsonFields = JsonFields {};
        &D
    }
}
pub(crate) fn parse<'a>(_line: &'a [u8], _f: &JsonFields) -> Result<Option<Request<'a>>, BadLine> {
    Err(BadLine::MissingField)
}
