//! Panics: every one a surface catches becomes the fallback code here, and
//! the panic hook is changed in this one place.
//!
//! The hook is process-wide state. It is wrapped once per process, the first
//! time a run asks for quiet panics, by a hook that defers to the previous
//! one except on a thread inside such a run (a thread-local flag says so).
//! It is never unwrapped: another thread may be inside a quiet run, and
//! restoring the old hook under it would make it print; the wrapper costs
//! one thread-local read per panic.

// Without a runner, only the axum layer catches panics, with part of this.
#![cfg_attr(not(feature = "runner"), allow(dead_code))]

use core::any::Any;
use core::cell::Cell;
use std::panic::{self, AssertUnwindSafe};

/// The message of the fallback error a panic becomes; the panic's own
/// message and backtrace go to stderr only, through the panic hook.
pub(crate) const PANIC_MESSAGE: &str = "the command stopped on an unexpected internal error";

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Runs `body` with the panic hook silent on this thread when `quiet`: a
/// run whose failure document goes to stderr promises that one document
/// there, which the hook's message would precede.
pub(crate) fn with_quiet_panics<R>(quiet: bool, body: impl FnOnce() -> R) -> R {
    if !quiet {
        return body();
    }
    static WRAP: std::sync::Once = std::sync::Once::new();
    WRAP.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            QUIET.with(|quiet| quiet.set(self.0));
        }
    }
    let _restore = Restore(QUIET.with(|quiet| quiet.replace(true)));
    body()
}

/// Runs `body`; a panic in it is `None`, its payload freed.
pub(crate) fn catch<R>(body: impl FnOnce() -> R) -> Option<R> {
    match panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(value) => Some(value),
        Err(payload) => {
            drop_payload(payload);
            None
        }
    }
}

/// Frees a caught panic's payload, so a long-lived process that renders
/// many commands does not grow. Dropping it runs user code that may panic
/// again; only such a second payload is leaked, never unwound.
pub(crate) fn drop_payload(payload: Box<dyn Any + Send>) {
    if let Err(again) = panic::catch_unwind(AssertUnwindSafe(move || drop(payload))) {
        core::mem::forget(again);
    }
}
