use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 2, doc = "The plan\r cannot be read.", hint = "Pass\t--wait.")]
    PlanParse,
    #[code(exit = 2, doc = "A NUL\0 here.", retired = "0.2\u{7}")]
    Old,
    #[code(exit = 1, doc = "An unexpected error.", hint = "Line one.\nLine two.", fallback)]
    Internal,
}

fn main() {}
