//! Nothing but its tests: see `tests/guarantees.rs`.
