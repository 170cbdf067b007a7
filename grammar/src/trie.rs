//! The vocabulary as a byte trie, stored flat in depth-first order with each
//! node's subtree size, so a rejected prefix skips its whole subtree in one
//! step (the layout of llguidance's `toktrie`).

use alloc::vec::Vec;

const NO_TOKEN: u32 = u32::MAX;

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The token ending at this node, or `NO_TOKEN`.
    pub token: u32,
    /// Nodes in this subtree, this one included.
    pub subtree: u32,
    pub byte: u8,
    /// Depth below the root (the root is 0, first bytes are 1).
    pub depth: u8,
}

pub struct TokTrie {
    /// `nodes[0]` is the root (no byte).
    pub nodes: Vec<Node>,
    pub max_depth: usize,
    /// Tokens whose bytes equal an earlier token's: `(kept, duplicate)`.
    /// The duplicate is allowed exactly when the kept one is.
    pub duplicates: Vec<(u32, u32)>,
}

/// Longest token the trie keeps; longer tokens (none in real vocabularies
/// that matter for commands) are left out so depth fits a byte.
pub const MAX_TOKEN_LEN: usize = 255;

impl TokTrie {
    /// `tokens[i]` are the bytes of token `i`; `None` leaves a token out
    /// (special tokens that must never appear inside a command).
    pub fn new(tokens: &[Option<&[u8]>]) -> TokTrie {
        // Sort ids by their bytes; a DFS over sorted strings is then a scan.
        let mut ids: Vec<u32> = (0..tokens.len() as u32)
            .filter(|&i| matches!(tokens[i as usize], Some(b) if !b.is_empty() && b.len() <= MAX_TOKEN_LEN))
            .collect();
        ids.sort_by(|&a, &b| tokens[a as usize].cmp(&tokens[b as usize]));
        let mut nodes = alloc::vec![Node {
            token: NO_TOKEN,
            subtree: 1,
            byte: 0,
            depth: 0
        }];
        // Stack of open node indices along the current path (index 0 = root).
        let mut path: Vec<usize> = alloc::vec![0];
        let mut path_bytes: Vec<u8> = Vec::new();
        let mut max_depth = 0;
        let mut duplicates = Vec::new();
        for &id in &ids {
            let t = tokens[id as usize].unwrap();
            // Common prefix with the current path.
            let common = path_bytes.iter().zip(t).take_while(|(a, b)| a == b).count();
            while path_bytes.len() > common {
                close(&mut nodes, &mut path);
                path_bytes.pop();
            }
            for (d, &b) in t.iter().enumerate().skip(common) {
                nodes.push(Node {
                    token: NO_TOKEN,
                    subtree: 1,
                    byte: b,
                    depth: (d + 1) as u8,
                });
                path.push(nodes.len() - 1);
                path_bytes.push(b);
            }
            let last = *path.last().unwrap();
            if nodes[last].token == NO_TOKEN {
                nodes[last].token = id;
            } else {
                duplicates.push((nodes[last].token, id));
            }
            max_depth = max_depth.max(t.len());
        }
        while path.len() > 1 {
            close(&mut nodes, &mut path);
        }
        nodes[0].subtree = nodes.len() as u32;
        TokTrie {
            nodes,
            max_depth,
            duplicates,
        }
    }
}

fn close(nodes: &mut [Node], path: &mut Vec<usize>) {
    let idx = path.pop().unwrap();
    nodes[idx].subtree = (nodes.len() - idx) as u32;
}

#[inline]
pub fn has_token(n: &Node) -> bool {
    n.token != NO_TOKEN
}
