//! Tests that drive the library stage by stage (robots.txt engine, crawler identification,
//! fetch, ingest), without the binary.

mod audit_preferences;
mod crawlers_ai;
mod crawlers_coverage;
mod crawlers_dns;
mod crawlers_registry;
mod crawlers_update;
mod crawlers_verify;
mod fetch_dir;
mod fetch_http;
mod ingest_bomb;
mod ingest_formats;
mod ingest_input;
mod ingest_robustness;
mod robots_conformance;
mod robots_corpus;
mod robots_index;
mod robots_preferences;
mod robots_props;
mod robots_support;
mod robots_yandex;
