//! The warnings of the command a [`Runner`](crate::Runner) is running.
//!
//! The runner owns the list: it starts an empty one for each run and takes
//! it back when the body returns (or panics), so nothing carries over from
//! one run to the next. [`warn`] reaches the list of the innermost run on
//! the calling thread, which is why a thread-local holds it: a command's
//! body can warn from any depth without a parameter threaded through.

use std::cell::RefCell;
use std::rc::Rc;

use crate::error::warning::Warning;

/// Shows a warning to people as it is raised (text mode).
pub(crate) type Show = Rc<dyn Fn(&Warning)>;

/// The warnings of a run: kept for its outcome, or shown as they come.
struct Run {
    kept: Vec<Warning>,
    show: Option<Show>,
}

thread_local! {
    /// The run under way on this thread, if any.
    static CURRENT: RefCell<Option<Run>> = const { RefCell::new(None) };
}

/// Attaches a warning to the outcome of the command running on this thread
/// under a [`Runner`](crate::Runner): in JSON mode it is printed with the
/// success or the failure, in the profile's `warnings` list; in text mode
/// its `warning[CODE]:` line (or the program's
/// [`text_warning`](crate::Runner::text_warning)) reaches stderr at once,
/// as the program's own warnings did, when the runner prints (`run`,
/// `run_with`, `run_printing`), and comes before the failure when it only
/// renders (`render`). It never changes the exit code.
///
/// A warning raised outside a runner's body, or on another thread, has no
/// outcome to join and is dropped: collect warnings on other threads and
/// call `warn` from the command's thread, or attach them to an
/// [`Outcome`](crate::Outcome) with `with_warnings`.
///
/// ```
/// use sponson_codes::{warn, ErrorCodes, Mode, Runner, Warning, WarningCodes};
///
/// #[derive(Debug, ErrorCodes)]
/// enum Code {
///     #[code(exit = 1, doc = "An unexpected error.", fallback)]
///     Internal,
/// }
///
/// #[derive(Debug, WarningCodes)]
/// enum Warn {
///     #[code(doc = "A YAML anchor was expanded.")]
///     YamlAnchor,
/// }
///
/// let out = Runner::<Code>::new("validate", Mode::Json).render(|| {
///     warn(Warning::plain(Warn::YamlAnchor));
///     Ok::<_, sponson_codes::Error<Code>>(())
/// });
/// assert_eq!(out.exit, 0);
/// assert_eq!(
///     out.stdout,
///     "{\"ok\":true,\"command\":\"validate\",\"warnings\":[{\"code\":\"YAML_ANCHOR\",\"message\":\"A YAML anchor was expanded.\"}]}\n"
/// );
/// ```
pub fn warn(warning: Warning) {
    let mut warning = Some(warning);
    // Shown outside the borrow: showing may run the program's own code.
    let show = CURRENT.with(|current| {
        let mut current = current.borrow_mut();
        let run = current.as_mut()?;
        match &run.show {
            Some(show) => Some(Rc::clone(show)),
            None => {
                run.kept.extend(warning.take());
                None
            }
        }
    });
    if let (Some(show), Some(warning)) = (show, warning) {
        show(&warning);
    }
}

/// [`collect_or_show`] without showing: the warnings are returned.
#[cfg(test)]
fn collect<R>(body: impl FnOnce() -> R) -> (R, Vec<Warning>) {
    collect_or_show(None, body)
}

/// Runs `body` with a list of its own for [`warn`], and returns what it
/// returned with the warnings it raised; with `show`, each warning is shown
/// as it is raised instead, and none is returned. The list of an enclosing
/// run is set aside meanwhile and restored after, a panic included.
pub(crate) fn collect_or_show<R>(
    show: Option<Show>,
    body: impl FnOnce() -> R,
) -> (R, Vec<Warning>) {
    struct Restore(Option<Option<Run>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(outer) = self.0.take() {
                CURRENT.with(|current| *current.borrow_mut() = outer);
            }
        }
    }
    let run = Run {
        kept: Vec::new(),
        show,
    };
    let outer = CURRENT.with(|current| current.replace(Some(run)));
    let restore = Restore(Some(outer));
    let result = body();
    let raised = CURRENT
        .with(|current| current.borrow_mut().take())
        .map(|run| run.kept)
        .unwrap_or_default();
    drop(restore);
    (result, raised)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WarningCodes;

    #[derive(Debug, WarningCodes)]
    #[codes(crate = crate)]
    enum Warn {
        #[code(doc = "One.")]
        One,
        #[code(doc = "Two.")]
        Two,
    }

    #[test]
    fn each_run_has_its_own_list_and_nothing_leaks_out() {
        warn(Warning::plain(Warn::One));
        let ((), outer) = collect(|| {
            warn(Warning::plain(Warn::One));
            let ((), inner) = collect(|| warn(Warning::plain(Warn::Two)));
            assert_eq!(inner.len(), 1);
            assert_eq!(inner[0].code(), "TWO");
        });
        assert_eq!(outer.iter().map(Warning::code).collect::<Vec<_>>(), ["ONE"]);
        let ((), empty) = collect(|| {});
        assert!(empty.is_empty());
        CURRENT.with(|current| assert!(current.borrow().is_none()));
    }

    #[test]
    fn a_shown_warning_is_shown_as_it_is_raised_and_not_kept() {
        let shown = Rc::new(RefCell::new(Vec::new()));
        let into = Rc::clone(&shown);
        let show: Show = Rc::new(move |w: &Warning| into.borrow_mut().push(w.code().to_owned()));
        let ((), kept) = collect_or_show(Some(show), || {
            warn(Warning::plain(Warn::One));
            assert_eq!(*shown.borrow(), ["ONE"]);
            warn(Warning::plain(Warn::Two));
        });
        assert!(kept.is_empty());
        assert_eq!(*shown.borrow(), ["ONE", "TWO"]);
    }
}
