use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(exits(1 = "failure", 143 = "terminated"))]
enum Code {
    #[code(exit = 143, doc = "The run was terminated.")]
    Terminated,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
