//! Every code of the service is raised in its `src/` and exercised by a
//! test, as rustc's tidy checks its error codes.

use service_example as _;

#[test]
fn every_code_is_raised_and_tested() {
    sponson_codes::testing::assert_covered();
}
