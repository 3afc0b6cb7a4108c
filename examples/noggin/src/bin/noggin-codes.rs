//! The companion of `noggin`: docs, lock, and `schema` (noggin's envelope).

sponson_codes::companion_main!(noggin_example);
