//! A byte-level deterministic automaton for command lines. Every state knows
//! which applet and slot its bytes belong to, so an accepted line turns into
//! a typed `Command` without being parsed again.

use alloc::vec::Vec;

/// Index of a state in `Dfa::states`.
pub type StateId = u32;

/// What the bytes consumed into a state are part of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Bytes of the applet name (or the separator before a slot).
    Syntax,
    /// The value of slot `slot` of applet `applet` (indices into the specs
    /// the grammar was built from).
    Value { applet: u16, slot: u8 },
    /// Quote characters around a text value: not part of the value.
    Quote { applet: u16, slot: u8 },
    /// The backslash of an escape inside a quoted value.
    Escape { applet: u16, slot: u8 },
}

#[derive(Clone, Debug)]
pub struct State {
    /// Sorted, non-overlapping inclusive byte ranges and their targets.
    pub edges: Vec<(u8, u8, StateId)>,
    pub accepting: bool,
    /// The role of the byte that led into this state.
    pub role: Role,
    /// For accepting states: the applet whose command ends here.
    pub applet: Option<u16>,
}

#[derive(Clone, Debug, Default)]
pub struct Dfa {
    pub states: Vec<State>,
}

impl Dfa {
    pub const START: StateId = 0;

    pub fn add(&mut self, role: Role) -> StateId {
        self.states.push(State {
            edges: Vec::new(),
            accepting: false,
            role,
            applet: None,
        });
        (self.states.len() - 1) as StateId
    }

    /// Adds an edge; the builder never adds two edges for one byte, which
    /// `debug_assert` checks (the automaton must stay deterministic).
    pub fn edge(&mut self, from: StateId, lo: u8, hi: u8, to: StateId) {
        let edges = &mut self.states[from as usize].edges;
        debug_assert!(
            edges.iter().all(|&(a, b, _)| hi < a || lo > b),
            "overlapping edge {lo}..={hi} from state {from}"
        );
        let at = edges.partition_point(|&(a, _, _)| a < lo);
        edges.insert(at, (lo, hi, to));
    }

    /// The state after reading `b` in `s`, if any.
    #[inline]
    pub fn step(&self, s: StateId, b: u8) -> Option<StateId> {
        let edges = &self.states[s as usize].edges;
        // Most states have one to three edges: a linear scan beats a search.
        for &(lo, hi, to) in edges {
            if b < lo {
                return None;
            }
            if b <= hi {
                return Some(to);
            }
        }
        None
    }

    /// Target of the single edge on exactly `b`, for building tries.
    pub fn exact(&self, s: StateId, b: u8) -> Option<StateId> {
        self.states[s as usize]
            .edges
            .iter()
            .find(|&&(lo, hi, _)| lo == b && hi == b)
            .map(|&(_, _, t)| t)
    }

    pub fn is_accepting(&self, s: StateId) -> bool {
        self.states[s as usize].accepting
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }
}

impl Dfa {
    /// Removes every edge into a state from which no accepting state can be
    /// reached, so that a prefix the automaton accepts can always be
    /// completed (a `cat ` with no file to name is not a way forward).
    pub fn prune(&mut self) {
        let n = self.states.len();
        // Reverse edges, then a walk back from the accepting states.
        let mut rev: Vec<Vec<StateId>> = alloc::vec![Vec::new(); n];
        for (s, st) in self.states.iter().enumerate() {
            for &(_, _, t) in &st.edges {
                rev[t as usize].push(s as StateId);
            }
        }
        let mut live = alloc::vec![false; n];
        let mut stack: Vec<StateId> = (0..n as StateId)
            .filter(|&s| self.states[s as usize].accepting)
            .collect();
        for &s in &stack {
            live[s as usize] = true;
        }
        while let Some(s) = stack.pop() {
            for &p in &rev[s as usize] {
                if !live[p as usize] {
                    live[p as usize] = true;
                    stack.push(p);
                }
            }
        }
        for st in &mut self.states {
            st.edges.retain(|&(_, _, t)| live[t as usize]);
        }
    }
}

impl Dfa {
    /// A canonical description of the language readable from `s`: the
    /// sub-automaton reachable from it, states numbered in breadth-first
    /// discovery order, roles ignored. Equal keys mean equal futures, so
    /// equal token masks — across states and across rebuilds of the grammar.
    /// `None` when the future has more than `limit` states (such states are
    /// cheap to mask or rare; they are cached per grammar only).
    pub fn future_key(&self, s: StateId, limit: usize) -> Option<Vec<u8>> {
        let mut order: Vec<StateId> = alloc::vec![s];
        let mut index = alloc::collections::BTreeMap::new();
        index.insert(s, 0u32);
        let mut key = Vec::new();
        let mut i = 0;
        while i < order.len() {
            let st = &self.states[order[i] as usize];
            key.push(st.accepting as u8);
            key.extend_from_slice(&(st.edges.len() as u32).to_le_bytes());
            for &(lo, hi, t) in &st.edges {
                let next = order.len() as u32;
                let id = *index.entry(t).or_insert_with(|| {
                    order.push(t);
                    next
                });
                if order.len() > limit {
                    return None;
                }
                key.extend_from_slice(&[lo, hi]);
                key.extend_from_slice(&id.to_le_bytes());
            }
            i += 1;
        }
        Some(key)
    }
}
