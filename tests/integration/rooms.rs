//! The rules that keep the stages apart, tested by reading their imports
//! (`docs/` and the README's architecture section say why each holds).

use std::path::Path;

/// Every `crate::…` path the Rust files under `dir` (or the file `dir`) name, with the file
/// it is in.
fn crate_paths(dir: &Path) -> Vec<(String, String)> {
    assert!(dir.exists(), "{} is missing", dir.display());
    let mut found = Vec::new();
    let files: Vec<std::path::PathBuf> = if dir.is_file() {
        vec![dir.to_owned()]
    } else {
        let mut files = Vec::new();
        let mut todo = vec![dir.to_owned()];
        while let Some(d) = todo.pop() {
            for entry in std::fs::read_dir(&d).expect("a source directory") {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    todo.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(path);
                }
            }
        }
        files
    };
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file");
        for (at, _) in text.match_indices("crate::") {
            let rest = &text[at + "crate::".len()..];
            let module: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '{')
                .collect();
            found.push((file.display().to_string(), module));
        }
    }
    found
}

fn src(path: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(path)
}

#[test]
fn crawlers_never_import_fetch() {
    // Identification needs no robots.txt: the shared network edge is `net`.
    let fetch: Vec<_> = crate_paths(&src("crawlers"))
        .into_iter()
        .filter(|(_, m)| m == "fetch")
        .collect();
    assert!(fetch.is_empty(), "crawlers import fetch: {fetch:?}");
    // The check reads real files: the update does use the shared client.
    assert!(
        crate_paths(&src("crawlers"))
            .iter()
            .any(|(_, m)| m == "net")
    );
}

#[test]
fn the_engine_the_time_model_and_the_formats_import_nothing_else() {
    for (dir, own) in [
        ("robots", "robots"),
        ("history.rs", "history"),
        ("logformat", "logformat"),
    ] {
        let others: Vec<_> = crate_paths(&src(dir))
            .into_iter()
            .filter(|(_, m)| m != own)
            .collect();
        assert!(others.is_empty(), "{dir} imports {others:?}");
    }
}

#[test]
fn net_imports_no_stage() {
    // `net` is shared by `fetch` and `crawlers`: it may use the sanitiser, nothing that uses it.
    let stages: Vec<_> = crate_paths(&src("net"))
        .into_iter()
        .filter(|(_, m)| m != "net" && m != "text")
        .collect();
    assert!(stages.is_empty(), "net imports {stages:?}");
}

#[test]
fn fetch_never_parses_and_reports_take_rows() {
    // fetch returns outcomes and bodies (parsing happens once, in `robots`); the writers take
    // rows, not the audit's workers.
    for (dir, never) in [("fetch", "robots"), ("report", "audit")] {
        let found: Vec<_> = crate_paths(&src(dir))
            .into_iter()
            .filter(|(_, m)| m == never)
            .collect();
        assert!(found.is_empty(), "{dir} imports {never}: {found:?}");
    }
}
