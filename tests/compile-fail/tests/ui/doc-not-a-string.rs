use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 1, doc = unexpected, fallback)]
    Internal,
}

fn main() {}
