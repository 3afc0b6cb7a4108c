use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {}

fn main() {}
