//! A parsed command: an applet and its typed arguments. The grammar's decoder
//! returns this type directly, so a model's proposal is never a string that is
//! parsed a second time.

use alloc::string::String;
use alloc::vec::Vec;

/// One typed argument, in slot order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Path(String),
    Text(String),
    Integer(i64),
    Word(&'static str),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The applet's name as declared in its spec.
    pub applet: &'static str,
    pub args: Vec<Arg>,
}

impl Command {
    /// The path arguments with whether their slot in `spec` (this
    /// command's applet's) must name something that exists, in slot order.
    pub fn paths<'a>(
        &'a self,
        spec: &'a crate::AppletSpec,
    ) -> impl Iterator<Item = (&'a str, bool)> + 'a {
        self.args
            .iter()
            .zip(spec.slots)
            .filter_map(|(arg, slot)| match (arg, slot.kind) {
                (Arg::Path(p), crate::SlotKind::Path { must_exist, .. }) => {
                    Some((p.as_str(), must_exist))
                }
                _ => None,
            })
    }
}
