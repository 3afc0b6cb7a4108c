use sponson_codes::WarningCodes;

#[derive(WarningCodes)]
enum Warn {
    #[code(exit = 2, doc = "A YAML anchor was expanded.")]
    YamlAnchor,
}

fn main() {}
