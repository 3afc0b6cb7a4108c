//! What the tower panic layers of `http` (axum) and `grpc` (tonic) share:
//! the layer and service types, catching a panic in the call and in each
//! poll, and the words a panicked request is answered with. Each module
//! keeps only what its wire form decides: the response a panic becomes.

use core::future::Future;
use core::pin::Pin;
use core::task::{Context, Poll};
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::error::panic::drop_payload;

/// The message a panicking handler is answered with, over HTTP and gRPC
/// alike: the command line's wording (`PANIC_MESSAGE`) speaks of a command.
pub(crate) const SERVER_PANIC_MESSAGE: &str =
    "the server stopped handling the request on an unexpected internal error";

/// The future of a call, or `None` when the call itself panicked. Boxed so
/// that it can be polled through a plain `&mut` without unsafe pinning.
pub(crate) type CallState<F> = Option<Pin<Box<F>>>;

/// Makes the call, a panic caught (its payload dropped, never shown).
pub(crate) fn call_caught<F>(call: impl FnOnce() -> F) -> CallState<F> {
    match catch_unwind(AssertUnwindSafe(call)) {
        Ok(future) => Some(Box::pin(future)),
        Err(payload) => {
            drop_payload(payload);
            None
        }
    }
}

/// Polls the call's future, a panic caught: `None` when the call or this
/// poll panicked, after which `state` stays `None`.
pub(crate) fn poll_caught<F: Future>(
    state: &mut CallState<F>,
    cx: &mut Context<'_>,
) -> Option<Poll<F::Output>> {
    let future = state.as_mut()?;
    match catch_unwind(AssertUnwindSafe(|| future.as_mut().poll(cx))) {
        Ok(poll) => Some(poll),
        Err(payload) => {
            drop_payload(payload);
            *state = None;
            None
        }
    }
}

/// `PanicLayer<C>` (`new`, `Default`, `Clone`, `Debug`, tower's `Layer`),
/// `PanicService<S, C>` (`Clone`, `Debug`) and `PanicFuture<F, C>` (its
/// `CallState`, `Debug`), each with the docs given; the module writes the
/// `Service` and `Future` impls, which differ by wire form.
#[cfg(any(feature = "axum", feature = "tonic"))]
macro_rules! panic_layer_types {
    (
        $(#[$layer:meta])*
        layer;
        $(#[$service:meta])*
        service;
        $(#[$future:meta])*
        future;
    ) => {
        $(#[$layer])*
        pub struct PanicLayer<C> {
            code: ::core::marker::PhantomData<fn() -> C>,
        }

        impl<C> PanicLayer<C> {
            /// The layer for `C`'s fallback code.
            pub fn new() -> Self {
                PanicLayer { code: ::core::marker::PhantomData }
            }
        }

        impl<C> Default for PanicLayer<C> {
            fn default() -> Self {
                PanicLayer::new()
            }
        }

        impl<C> Clone for PanicLayer<C> {
            fn clone(&self) -> Self {
                PanicLayer::new()
            }
        }

        impl<C> ::core::fmt::Debug for PanicLayer<C> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str("PanicLayer")
            }
        }

        impl<S, C> tower_layer::Layer<S> for PanicLayer<C> {
            type Service = PanicService<S, C>;

            fn layer(&self, inner: S) -> Self::Service {
                PanicService {
                    inner,
                    code: ::core::marker::PhantomData,
                }
            }
        }

        $(#[$service])*
        pub struct PanicService<S, C> {
            inner: S,
            code: ::core::marker::PhantomData<fn() -> C>,
        }

        impl<S: Clone, C> Clone for PanicService<S, C> {
            fn clone(&self) -> Self {
                PanicService {
                    inner: self.inner.clone(),
                    code: ::core::marker::PhantomData,
                }
            }
        }

        impl<S: ::core::fmt::Debug, C> ::core::fmt::Debug for PanicService<S, C> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_struct("PanicService")
                    .field("inner", &self.inner)
                    .finish()
            }
        }

        $(#[$future])*
        pub struct PanicFuture<F, C> {
            state: $crate::error::panic_layer::CallState<F>,
            code: ::core::marker::PhantomData<fn() -> C>,
        }

        impl<F, C> ::core::fmt::Debug for PanicFuture<F, C> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str("PanicFuture")
            }
        }
    };
}

#[cfg(any(feature = "axum", feature = "tonic"))]
pub(crate) use panic_layer_types;
