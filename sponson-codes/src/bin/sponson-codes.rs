//! The companion: writes and checks a program's error docs and lock, and
//! explains its codes, from the catalog the program hands over
//! (`sponson-codes docs --bin target/debug/my-app`). Install it with
//! `cargo install sponson-codes --features companion`.

fn main() -> std::process::ExitCode {
    sponson_codes::companion::main()
}
