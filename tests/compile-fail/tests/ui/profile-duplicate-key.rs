use sponson_codes::profile::{ErrorShape, Profile};

const BAD: Profile = Profile::new("bad")
    .error(ErrorShape::nested("error").message("code"))
    .assert_valid();

fn main() {
    let _ = BAD;
}
