//! Tests of the site renderer.
