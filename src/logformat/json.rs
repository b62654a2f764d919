//! JSON (stub).
