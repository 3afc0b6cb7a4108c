use sponson_codes::WarningCodes;

#[derive(WarningCodes)]
#[codes(locales = "ui-locales")]
enum Warn {
    #[code(doc = "The run was slow.")]
    Slow,
}

fn main() {}
