//! The Spark job's options as Python has them — a dict keyed by the command line's option
//! names (dashes as underscores), values as typed — into the library's raw run options
//! ([`robots_audit::run::Options`]), by name. Nothing is checked here: the library's
//! `Plan` checks them exactly as for the CLI, with the same messages.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use robots_audit::run::Options;

/// `options` (a dict) as run options. An unknown name, or a value of the wrong kind, is a
/// `ValueError` naming it.
pub fn options(options: &Bound<'_, PyAny>) -> PyResult<Options> {
    let dict = options
        .cast::<PyDict>()
        .map_err(|_| PyTypeError::new_err("options must be a dict of option names"))?;
    let mut map = serde_json::Map::new();
    for (key, value) in dict.iter() {
        let key: String = key
            .extract()
            .map_err(|_| PyTypeError::new_err("option names must be strings"))?;
        let value = json(&value).map_err(|e| PyValueError::new_err(format!("{key}: {e}")))?;
        map.insert(key, value);
    }
    serde_json::from_value(serde_json::Value::Object(map))
        .map_err(|e| PyValueError::new_err(format!("options: {e}")))
}

/// A Python value as JSON: None, bool, int, float, str, `os.PathLike`, or a list or tuple of
/// them.
fn json(value: &Bound<'_, PyAny>) -> Result<serde_json::Value, String> {
    use serde_json::Value;
    if value.is_none() {
        return Ok(Value::Null);
    }
    // bool before int: a Python bool is an int.
    if value.is_instance_of::<PyBool>() {
        return value
            .extract::<bool>()
            .map(Value::Bool)
            .map_err(|e| e.to_string());
    }
    if value.is_instance_of::<PyInt>() {
        return value
            .extract::<i64>()
            .map(Value::from)
            .map_err(|e| e.to_string());
    }
    if value.is_instance_of::<PyFloat>() {
        return value
            .extract::<f64>()
            .map(Value::from)
            .map_err(|e| e.to_string());
    }
    if value.is_instance_of::<PyString>() {
        return value
            .extract::<String>()
            .map(Value::String)
            .map_err(|e| e.to_string());
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let items = value.try_iter().map_err(|e| e.to_string())?;
        return items
            .map(|item| json(&item.map_err(|e| e.to_string())?))
            .collect::<Result<_, _>>()
            .map(Value::Array);
    }
    // A path (`pathlib.Path`, any `os.PathLike`).
    if let Ok(path) = value.extract::<std::path::PathBuf>() {
        return path
            .into_os_string()
            .into_string()
            .map(Value::String)
            .map_err(|_| "a path that is not UTF-8".to_owned());
    }
    Err(format!(
        "a value of type {} is not an option's value",
        value
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |n| n.to_string())
    ))
}
