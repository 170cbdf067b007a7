//! The live file list the grammar offers: every path on the data volume.

use alloc::string::String;
use alloc::vec::Vec;

use command::{Files, FsError};
use grammar::PathEntry;

pub use grammar::paths_from_list;

/// Every file and directory on a volume (the root itself excluded), depth
/// first. Directory nesting is bounded so a corrupt, cyclic volume ends.
pub fn walk_files(files: &mut dyn Files) -> Result<Vec<PathEntry>, FsError> {
    const MAX_DEPTH: usize = 16;
    let mut out = Vec::new();
    let mut stack: Vec<(String, usize)> = alloc::vec![(String::from("/"), 0)];
    while let Some((dir, depth)) = stack.pop() {
        let mut entries = files.list(&dir)?;
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        for e in entries {
            if e.name == "." || e.name == ".." {
                continue;
            }
            let path = if dir == "/" {
                alloc::format!("/{}", e.name)
            } else {
                alloc::format!("{dir}/{}", e.name)
            };
            if e.is_dir && depth + 1 < MAX_DEPTH {
                stack.push((path.clone(), depth + 1));
            }
            out.push(PathEntry {
                path,
                is_dir: e.is_dir,
            });
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use command::testing::ScriptedFs as Tree;

    fn entry(name: &str, is_dir: bool) -> command::DirEntry {
        Tree::entry(name, is_dir)
    }

    fn p(path: &str, is_dir: bool) -> PathEntry {
        PathEntry {
            path: path.into(),
            is_dir,
        }
    }

    #[test]
    fn walk_lists_every_level_sorted() {
        let mut t = Tree(vec![
            (
                "/".into(),
                vec![entry("B.TXT", false), entry("DOCS", true), entry(".", true)],
            ),
            (
                "/DOCS".into(),
                vec![entry("SUB", true), entry("A.TXT", false)],
            ),
            ("/DOCS/SUB".into(), vec![]),
        ]);
        assert_eq!(
            walk_files(&mut t).unwrap(),
            vec![
                p("/B.TXT", false),
                p("/DOCS", true),
                p("/DOCS/A.TXT", false),
                p("/DOCS/SUB", true)
            ]
        );
        // A listing that fails is an error, not a partial list.
        let mut broken = Tree(vec![("/".into(), vec![entry("GONE", true)])]);
        assert_eq!(walk_files(&mut broken), Err(FsError::NotFound));
    }

    #[test]
    fn walk_ends_on_a_cyclic_volume() {
        // A corrupt FAT can make a directory contain itself.
        let mut t = Tree(vec![("/".into(), vec![entry("LOOP", true)])]);
        t.0.push(("/LOOP".into(), vec![entry("LOOP", true)]));
        let mut depth = String::from("/LOOP");
        for _ in 0..20 {
            depth.push_str("/LOOP");
            t.0.push((depth.clone(), vec![entry("LOOP", true)]));
        }
        let paths = walk_files(&mut t).unwrap();
        assert!(paths.len() < 20, "{}", paths.len());
    }

    #[test]
    fn sample_list_marks_directories() {
        assert_eq!(
            paths_from_list(&["/A.TXT", "/DOCS/", "/DOCS/B.TXT"]),
            vec![
                p("/A.TXT", false),
                p("/DOCS", true),
                p("/DOCS/B.TXT", false)
            ]
        );
    }
}
