use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 2, doc = "The plan file cannot be read.")]
    #[code(exit = 2, doc = "The plan file is not valid YAML.", hint = "Check the indentation.")]
    PlanParse,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
