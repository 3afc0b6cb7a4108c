use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(path = "self::Code")]
pub enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(ErrorCodes)]
#[codes(path = "super::codes::Other")]
pub enum Other {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
