use sponson_codes::ErrorCodes;

// tests/test_ui.rs copies tests/ui-locales into the package trybuild builds.
#[derive(ErrorCodes)]
#[codes(locales = "ui-locales")]
enum Code {
    #[code(exit = 3, doc = "Another run holds the lock.")]
    LockHeld {
        #[code(detail)]
        holder: String,
        #[code(detail = "lock")]
        path: String,
    },
    #[code(exit = 2, doc = "The plan cannot be read.")]
    PlanParse {
        #[code(detail)]
        path: String,
    },
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
