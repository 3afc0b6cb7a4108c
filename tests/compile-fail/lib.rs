//! Holds nothing: the cases are `tests/ui/*.rs`, run by `tests/test_ui.rs`.
