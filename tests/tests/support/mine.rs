//! `MINE`, the program's own profile the tests of every surface and the
//! schema/reader property test share: a text status, a version, a command
//! key, nested data and a nested error with its exit, on stderr.

use sponson_codes::profile::{Data, ErrorShape, Profile, Status, Stream};

pub const MINE: Profile = Profile::new("mine")
    .status(Status::Text {
        key: "result",
        ok: "success",
        error: "failure",
    })
    .version("apiVersion", 2)
    .command("op")
    .data(Data::Nested("payload"))
    .error(
        ErrorShape::nested("failure")
            .code("id")
            .message("text")
            .exit("exit"),
    )
    .failure_to(Stream::Stderr)
    .assert_valid();
