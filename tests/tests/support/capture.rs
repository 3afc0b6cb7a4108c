//! A `tracing` layer that keeps what the tests look at: every event (its
//! target, level and fields) and every value recorded on a span after it
//! was created, each as one JSON value. Typed as `tracing` recorded them: a
//! `&str` field is a JSON string, an integer a JSON number, and a field
//! recorded through `Debug` its `Debug` text (quoted, for a string), so a
//! code recorded as `Debug` would not compare equal to its string.
//!
//! Shared by `test_tracing.rs` and the `traced` binary (`src/bin/traced.rs`).

use std::fmt;
use std::sync::{Arc, Mutex};

use serde_json::{json, Map, Value};
use tracing::field::{Field, Visit};
use tracing::span::{Id, Record};
use tracing::{Event, Subscriber};
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::registry::LookupSpan;

/// The layer; clones share what it saw.
#[derive(Clone, Default)]
pub struct Capture(Arc<Mutex<Vec<Value>>>);

impl Capture {
    /// What it saw so far, in order: `{"event": {"target", "level", "fields"}}`
    /// and `{"record": {"span", "fields"}}`.
    pub fn seen(&self) -> Vec<Value> {
        self.0.lock().unwrap().clone()
    }

    /// The events alone.
    #[allow(dead_code)]
    pub fn events(&self) -> Vec<Value> {
        self.seen()
            .into_iter()
            .filter_map(|seen| seen.get("event").cloned())
            .collect()
    }

    /// A subscriber of this layer alone.
    pub fn subscriber(&self) -> impl Subscriber + Send + Sync + 'static {
        use tracing_subscriber::layer::SubscriberExt as _;
        tracing_subscriber::registry().with(self.clone())
    }
}

#[derive(Default)]
struct Fields(Map<String, Value>);

impl Visit for Fields {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), json!(value));
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.0.insert(field.name().to_owned(), json!(value));
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.0.insert(field.name().to_owned(), json!(value));
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.0.insert(field.name().to_owned(), json!(value));
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0
            .insert(field.name().to_owned(), json!(format!("{value:?}")));
    }
}

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Capture {
    fn on_event(&self, event: &Event<'_>, _: Context<'_, S>) {
        let mut fields = Fields::default();
        event.record(&mut fields);
        let metadata = event.metadata();
        self.0.lock().unwrap().push(json!({"event": {
            "target": metadata.target(),
            "level": metadata.level().as_str(),
            "fields": fields.0,
        }}));
    }

    fn on_record(&self, span: &Id, values: &Record<'_>, ctx: Context<'_, S>) {
        let mut fields = Fields::default();
        values.record(&mut fields);
        let name = ctx.span(span).map_or("", |span| span.name());
        self.0
            .lock()
            .unwrap()
            .push(json!({"record": {"span": name, "fields": fields.0}}));
    }
}
