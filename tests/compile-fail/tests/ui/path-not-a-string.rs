use sponson_codes::ErrorCodes;

// `crate = path` takes a bare path; `path` is a string.
#[derive(ErrorCodes)]
#[codes(path = my_crate::Code)]
pub enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(ErrorCodes)]
#[codes(path = 1)]
pub enum Other {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
