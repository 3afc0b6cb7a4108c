//! The companion of `firstdraft`: docs, lock, and `schema` (its failure object).

sponson_codes::companion_main!(firstdraft_example);
