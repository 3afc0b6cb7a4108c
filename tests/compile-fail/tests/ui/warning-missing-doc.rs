use sponson_codes::WarningCodes;

#[derive(WarningCodes)]
enum Warn {
    #[code(hint = "Write the value out.")]
    YamlAnchor,
    Bare,
}

#[derive(WarningCodes)]
struct NotAnEnum;

fn main() {
    // Stubs keep uses of the enum free of further errors.
    let _ = Warn::from_code("YAML_ANCHOR");
}
