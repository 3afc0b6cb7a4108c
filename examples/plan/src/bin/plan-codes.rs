//! The companion docs binary of `plan`: writes and checks its error docs.

sponson_codes::companion_main!(plan_example);
