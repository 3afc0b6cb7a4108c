use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
#[codes(path = "my_crate::Code<T>")]
pub enum Code {
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
