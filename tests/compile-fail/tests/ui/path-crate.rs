use sponson_codes::ErrorCodes;

mod codes {
    use super::ErrorCodes;

    #[derive(ErrorCodes)]
    #[codes(path = "crate::Code")]
    pub enum Code {
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }
}

pub use codes::Code;

fn main() {
    // The stub keeps uses of the enum free of further errors.
    let _ = Code::Internal.code();
}
