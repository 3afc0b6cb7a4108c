use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code
where
    u8: Copy,
{
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
