use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 2, doc = "The input is not UTF-8.")]
    InvalidUTF8,
    // An explicit name is the user's choice, and is never flagged.
    #[code(exit = 2, doc = "The input is not UTF-16.", name = "INVALID_U_T_F16")]
    InvalidUTF16,
    // One lone letter is a word of its own.
    #[code(exit = 2, doc = "The X-ray is missing.")]
    XRay,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(ErrorCodes)]
#[codes(rename_all = "kebab-case")]
enum Kebab {
    #[code(exit = 1, doc = "Reading failed.")]
    IOError,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
