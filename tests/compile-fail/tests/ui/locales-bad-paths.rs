use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(locales = "no/such/locales")]
enum Missing {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

#[derive(ErrorCodes)]
#[codes(locales = "../locales")]
enum Outside {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
