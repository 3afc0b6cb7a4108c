// A field marked #[code(detail)] is written into the envelope, so its type
// must be Serialize; the error points at the field, not at the derive.
struct Opaque;

#[derive(Debug, sponson_codes::ErrorCodes)]
enum Code {
    #[code(exit = 2, doc = "Bad input.")]
    Bad {
        #[code(detail)]
        value: Opaque,
    },
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

impl std::fmt::Debug for Opaque {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Opaque")
    }
}

fn main() {}
