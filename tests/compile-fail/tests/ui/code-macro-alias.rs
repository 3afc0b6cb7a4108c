use sponson_codes::{code, ErrorCodes};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]
enum Code {
    #[code(exit = 2, doc = "No approver was given.", alias = "ENV_NOT_APPROVED")]
    ApprovalRequired,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {
    let _ = code!(Code, "ENV_NOT_APPROVED");
}
