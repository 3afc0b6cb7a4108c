//! The check of a program's Fluent files against its codes, for tests
//! (`testing::assert_locales`) and the companion (`check --locales DIR`).

use std::path::Path;

use crate::code::EnumInfo;
use crate::profile::fluent::Messages;

/// Panics, naming each file and line and what to fix, unless the locale
/// directory `dir` (one directory per locale, `locales/de/errors.ftl`) has
/// a message for every live error code of the registered enums in every
/// locale, each message names only details of its code, and every file
/// parses. See [`Messages::check_enums`] for what counts.
///
/// ```no_run
/// // tests/locales.rs in the package that ships locales/
/// // use my_app as _; // link the crate, so that its codes are registered
///
/// #[test]
/// fn every_code_has_a_message_in_every_locale() {
///     sponson_codes::testing::assert_locales("locales");
/// }
/// ```
#[track_caller]
pub fn assert_locales(dir: impl AsRef<Path>) {
    let enums = crate::code::registry::documented();
    if let Err(problems) = check_locales(dir, &enums) {
        panic!("{problems}");
    }
}

/// What [`assert_locales`] checks, for the enums `enums`: `Err` with one
/// line per problem.
///
/// ```
/// use sponson_codes::{ErrorCode, ErrorCodes};
///
/// #[derive(ErrorCodes)]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// let dir = std::env::temp_dir().join(format!("sponson-locales-doc-{}", std::process::id()));
/// std::fs::create_dir_all(dir.join("de")).unwrap();
/// std::fs::write(dir.join("de/errors.ftl"), "INTERNAL = Ein unerwarteter Fehler.\n").unwrap();
/// assert_eq!(sponson_codes::testing::check_locales(&dir, &[Code::ENUM]), Ok(()));
/// std::fs::write(dir.join("de/errors.ftl"), "INTERNAL = { $\n").unwrap();
/// let problems = sponson_codes::testing::check_locales(&dir, &[Code::ENUM]).unwrap_err();
/// assert!(problems.contains("errors.ftl:1: not valid Fluent"), "{problems}");
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn check_locales(dir: impl AsRef<Path>, enums: &[&EnumInfo]) -> Result<(), String> {
    let dir = dir.as_ref();
    let messages = Messages::from_dir(dir).map_err(|err| err.to_string())?;
    if messages.locales().is_empty() {
        return Err(format!(
            "{}: no locales (a directory per locale, such as {}/de/errors.ftl)",
            dir.display(),
            dir.display()
        ));
    }
    let problems = messages.check_enums(enums);
    match problems.is_empty() {
        true => Ok(()),
        false => Err(problems.join("\n")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ErrorCode, ErrorCodes};

    #[derive(ErrorCodes)]
    #[codes(crate = crate)]
    enum Code {
        #[code(exit = 3, doc = "The lock is held.")]
        LockHeld {
            #[code(detail)]
            scope: String,
        },
        #[code(exit = 4, doc = "Gone.", retired = "Nothing raises it.")]
        Gone,
        #[code(exit = 1, doc = "An unexpected error.", fallback)]
        Internal,
    }

    fn locales(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    #[test]
    fn every_live_code_needs_a_message_naming_only_its_details() {
        let _ = (
            Code::LockHeld {
                scope: String::new(),
            },
            Code::Gone,
            Code::Internal,
        );
        let good = "LOCK_HELD = { $scope } ist belegt.\nINTERNAL = Fehler.\n";
        let dir = locales(&[("de/errors.ftl", good), ("en/errors.ftl", good)]);
        assert_eq!(check_locales(dir.path(), &[Code::ENUM]), Ok(()));

        let dir = locales(&[
            ("de/errors.ftl", good),
            ("en/errors.ftl", "INTERNAL = Oops.\n"),
        ]);
        let problems = check_locales(dir.path(), &[Code::ENUM]).unwrap_err();
        assert!(
            problems.ends_with(
                "errors.ftl: no message for code LOCK_HELD (Fluent id `LOCK_HELD`) in locale en"
            ),
            "{problems}"
        );

        let bad = "INTERNAL = Fehler.\n\nLOCK_HELD = { $scope } hält { $run }.\n";
        let dir = locales(&[("de/errors.ftl", bad)]);
        let problems = check_locales(dir.path(), &[Code::ENUM]).unwrap_err();
        assert!(problems.ends_with("errors.ftl:3: the message for LOCK_HELD names `$run`, which is not a detail of LOCK_HELD (its details: scope)"), "{problems}");
    }

    #[test]
    fn a_file_that_does_not_parse_or_no_locales_fail() {
        let dir = locales(&[("de/errors.ftl", "INTERNAL = ok\nLOCK_HELD = {\n")]);
        let problems = check_locales(dir.path(), &[Code::ENUM]).unwrap_err();
        assert!(
            problems.contains("errors.ftl:2: not valid Fluent"),
            "{problems}"
        );
        let dir = locales(&[]);
        let problems = check_locales(dir.path(), &[Code::ENUM]).unwrap_err();
        assert!(
            problems.ends_with(
                "no locales (a directory per locale, such as {}/de/errors.ftl)"
                    .replace("{}", &dir.path().display().to_string())
                    .as_str()
            ),
            "{problems}"
        );
        let missing = dir.path().join("nowhere");
        assert!(check_locales(&missing, &[Code::ENUM]).is_err());
    }
}
