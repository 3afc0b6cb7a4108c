//! Collects every error of one derive, so that all of them are reported at once.

use quote::ToTokens;
use std::cell::RefCell;
use std::fmt::Display;

/// The error context: checks push errors here instead of returning early.
#[derive(Default)]
pub struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
}

impl Ctxt {
    pub fn new() -> Self {
        Ctxt::default()
    }

    /// An error spanning `tokens`.
    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.errors
            .borrow_mut()
            .push(syn::Error::new_spanned(tokens.into_token_stream(), message));
    }

    /// An error at `at`, with a second note "first defined here" at `first`.
    pub fn duplicate<A: ToTokens, F: ToTokens, M: Display>(&self, at: A, first: F, message: M) {
        let mut error = syn::Error::new_spanned(at.into_token_stream(), message);
        error.combine(syn::Error::new_spanned(
            first.into_token_stream(),
            "first defined here",
        ));
        self.errors.borrow_mut().push(error);
    }

    pub fn syn_error(&self, error: syn::Error) {
        self.errors.borrow_mut().push(error);
    }

    /// Every error collected, combined into one, if any.
    pub fn check(self) -> Result<(), syn::Error> {
        let mut errors = self.errors.into_inner().into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for error in errors {
            combined.combine(error);
        }
        Err(combined)
    }
}
