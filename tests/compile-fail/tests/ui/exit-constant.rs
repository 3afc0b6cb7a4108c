use sponson_codes::ErrorCodes;

const REFUSED: u8 = 2;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = REFUSED, doc = "The plan file cannot be read.")]
    PlanParse,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
