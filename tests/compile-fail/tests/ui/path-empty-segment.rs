use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(path = "my_crate::::Code")]
pub enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(ErrorCodes)]
#[codes(path = "my_crate::Other::")]
pub enum Other {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
