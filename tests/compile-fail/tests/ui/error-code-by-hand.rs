// `ErrorCode` is sealed: only `#[derive(ErrorCodes)]` implements it, so the
// runtime can rely on what the derive checks (exit codes 1 to 255, one fallback).
use sponson_codes::{CodeInfo, ErrorCode, registry::EnumInfo};

enum Code {
    Internal,
}

impl ErrorCode for Code {
    const TABLE: &'static [CodeInfo] = &[];
    const ENUM: &'static EnumInfo = unimplemented!();
    const USAGE_INFO: Option<&'static CodeInfo> = None;

    fn info(&self) -> &'static CodeInfo {
        unimplemented!()
    }
}

fn main() {}
