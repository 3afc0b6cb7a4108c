// The derive writes Serialize for a unit enum; serde's derive beside it
// conflicts until the enum says #[codes(serde = false)].
#[derive(serde::Serialize, sponson_codes::ErrorCodes)]
enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
