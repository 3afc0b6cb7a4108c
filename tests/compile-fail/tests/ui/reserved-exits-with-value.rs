use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(reserved_exits = true)]
enum Code {
    #[code(exit = 130, doc = "The run was interrupted.")]
    Interrupted,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
