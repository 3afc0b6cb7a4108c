use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code<'a> {
    #[code(exit = 2, doc = "The plan file cannot be read.")]
    PlanParse { path: &'a str },
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
