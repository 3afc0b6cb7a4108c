use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[code(rename_all = "kebab-case")]
enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
