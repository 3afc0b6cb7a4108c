use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
union Code {
    exit: u8,
    signal: i32,
}

fn main() {}
