use sponson_codes::WarningCodes;

#[derive(WarningCodes)]
#[codes(exits(1 = "failure"), deny_unknown, reserved_exits)]
enum Warn {
    #[code(doc = "A YAML anchor was expanded.", fallback)]
    YamlAnchor,
    #[code(doc = "The command line was odd.", usage, http = 400)]
    OddArgs,
}

fn main() {}
