use sponson_codes::WarningCodes;

// Warning codes take `path` too, under the same rules.
#[derive(WarningCodes)]
#[codes(path = "crate::Warn")]
pub enum Warn {
    #[code(doc = "A YAML anchor was expanded.")]
    YamlAnchor,
}

fn main() {
    let _ = Warn::from_code("YAML_ANCHOR");
}
