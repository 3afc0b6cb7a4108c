use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 2, doc = "A single colon.", name = "my_app:config")]
    Single,
    #[code(exit = 2, doc = "An empty word.", name = "my_app::::config")]
    Empty,
    #[code(exit = 2, doc = "Leading colons.", name = "::my_app::config")]
    Leading,
    #[code(exit = 2, doc = "Trailing colons.", name = "my_app::config::")]
    Trailing,
    #[code(exit = 2, doc = "Three colons.", name = "my_app:::config")]
    Three,
    #[code(exit = 2, doc = "Words joined by `::`, as miette writes codes.", name = "my_app::config::missing")]
    Missing,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
