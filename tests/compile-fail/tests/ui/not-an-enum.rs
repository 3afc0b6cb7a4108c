use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
struct Code {
    exit: u8,
}

fn main() {}
