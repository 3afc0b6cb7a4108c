use sponson_codes::profile::{Profile, Status};

// An envelope without a status key could not be told from a failure.
sponson_codes::use_profile!(Profile::new("mine").status(Status::Absent));

fn main() {}
