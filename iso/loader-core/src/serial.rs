//! How both loaders write COM1 so that a port nobody reads costs one bounded
//! wait instead of one per byte (docs/boot.md, "Console output never stops
//! the boot"). The port itself is the caller's; this is the rule.

/// Status reads to wait for the transmitter before a byte is given up
/// (absent hardware reads 0xff, a port nobody drains never gets ready).
pub const SPINS: u32 = 100_000;

/// Whether the transmitter has stayed busy for [`SPINS`] reads. While it
/// has, a byte is sent only if the port is ready at the first look; the
/// first byte it takes ends the stall.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stall {
    stalled: bool,
}

impl Stall {
    /// A writer's state as it was left (`stalled` from [`Stall::stalled`]).
    pub const fn new(stalled: bool) -> Self {
        Stall { stalled }
    }

    /// Whether the last byte was given up.
    pub const fn stalled(self) -> bool {
        self.stalled
    }

    /// Whether to send the next byte now; `ready` reads the transmitter's
    /// status once per call.
    pub fn admit(&mut self, mut ready: impl FnMut() -> bool) -> bool {
        if self.stalled {
            if !ready() {
                return false;
            }
            self.stalled = false;
        }
        if !(0..SPINS).any(|_| ready()) {
            self.stalled = true;
            return false;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_port_costs_one_wait_then_one_read_per_byte() {
        let mut reads = 0u64;
        let mut stall = Stall::default();
        assert!(!stall.admit(|| {
            reads += 1;
            false
        }));
        assert_eq!(reads, u64::from(SPINS));
        assert!(stall.stalled());
        for _ in 0..10 {
            assert!(!stall.admit(|| {
                reads += 1;
                false
            }));
        }
        assert_eq!(reads, u64::from(SPINS) + 10);
    }

    #[test]
    fn a_slow_port_is_waited_for_and_a_recovered_one_resumes() {
        let mut left = 1000;
        let mut stall = Stall::default();
        assert!(stall.admit(|| {
            left -= 1;
            left == 0
        }));
        assert!(!stall.stalled());

        let mut stall = Stall::new(true);
        assert!(stall.admit(|| true));
        assert!(!stall.stalled());
    }
}
