use sponson_codes::ErrorCodes;

#[derive(ErrorCodes)]
enum Code {
    #[code(exit = 4, doc = "The request failed.", alias = "FAILED")]
    RequestFailed,
    #[code(exit = 4, doc = "The request took too long.", split_from = "REQUEST_FAILD")]
    RequestTimeout,
    #[code(exit = 4, doc = "The server refused it.", split_from = "FAILED")]
    RequestRefused,
    #[code(exit = 4, doc = "The request was cut.", split_from = "REQUEST_CUT")]
    RequestCut,
    #[code(exit = 4, doc = "The request was lost.", split_from = "REQUEST_FAILED", split_from = "REQUEST_FAILED")]
    RequestLost,
    #[code(exit = 1, doc = "An unexpected error.", fallback)]
    Internal,
}

fn main() {}
