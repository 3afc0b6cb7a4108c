//! The example service's tracing events, through a real HTTP client on
//! 127.0.0.1: every problem it answers is one event carrying its code as
//! `error.type` and its status as `http.response.status_code`, and the
//! request's span records the code. A success is no event.

use std::fmt;
use std::sync::{Arc, Mutex};

use serde_json::{json, Map, Value};
use service_example::client::Running;
use tracing::field::{Field, Visit};
use tracing::span::{Id, Record};
use tracing::{Event, Subscriber};
use tracing_subscriber::layer::{Context, Layer, SubscriberExt as _};
use tracing_subscriber::registry::LookupSpan;

/// Every event and every value recorded on a span, in order, as JSON.
#[derive(Clone, Default)]
struct Seen(Arc<Mutex<Vec<Value>>>);

#[derive(Default)]
struct Fields(Map<String, Value>);

impl Visit for Fields {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), json!(value));
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.0.insert(field.name().to_owned(), json!(value));
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0
            .insert(field.name().to_owned(), json!(format!("{value:?}")));
    }
}

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Seen {
    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        let mut fields = Fields::default();
        event.record(&mut fields);
        let span = ctx.event_span(event).map(|span| span.name());
        self.0.lock().unwrap().push(json!({
            "event": event.metadata().target(),
            "level": event.metadata().level().as_str(),
            "in": span,
            "fields": fields.0,
        }));
    }

    fn on_record(&self, id: &Id, values: &Record<'_>, ctx: Context<'_, S>) {
        let mut fields = Fields::default();
        values.record(&mut fields);
        let span = ctx.span(id).map(|span| span.name());
        self.0
            .lock()
            .unwrap()
            .push(json!({"record": span, "fields": fields.0}));
    }
}

fn problem(level: &str, code: &str, status: u16, message: &str) -> [Value; 2] {
    [
        json!({"record": "request", "fields": {"error.type": code}}),
        json!({
            "event": "sponson_codes",
            "level": level,
            "in": "request",
            "fields": {"error.type": code, "http.response.status_code": status, "message": message},
        }),
    ]
}

// One thread: the service's tasks run where the subscriber is the default.
#[tokio::test(flavor = "current_thread")]
async fn its_problems_are_events_carrying_error_type_and_the_request_span_records_it() {
    let seen = Seen::default();
    let _default =
        tracing::subscriber::set_default(tracing_subscriber::registry().with(seen.clone()));
    let service = Running::start().await.unwrap();

    let held = service
        .call("POST", "/runs", Some(r#"{"plan":"deploy","scope":"prod"}"#))
        .await;
    assert_eq!(held.status, 409);
    let rejected = service.call("POST", "/runs", Some("[]")).await;
    assert_eq!(rejected.status, 400);
    let found = service.call("GET", "/plans/deploy", None).await;
    assert_eq!(found.status, 200);
    let panicked = service.call("GET", "/panic", None).await;
    assert_eq!(panicked.status, 500);
    let nowhere = service.call("GET", "/nowhere", None).await;
    assert_eq!(nowhere.status, 404);

    // hyper's client logs too; the service's own events are sponson_codes'.
    let mut seen = seen.0.lock().unwrap().clone();
    seen.retain(|seen| {
        seen.get("event")
            .is_none_or(|target| target == "sponson_codes")
    });
    let rejection = serde_json::from_str::<Value>(&rejected.body).unwrap()["detail"]
        .as_str()
        .unwrap()
        .to_owned();
    let expected: Vec<Value> = [
        problem(
            "WARN",
            "LOCK_HELD",
            409,
            "the lock on prod is held by run 41",
        ),
        problem("WARN", "BAD_REQUEST", 400, &rejection),
        problem(
            "ERROR",
            "INTERNAL",
            500,
            "the server stopped handling the request on an unexpected internal error",
        ),
        problem(
            "WARN",
            "ROUTE_NOT_FOUND",
            404,
            "no route answers this path; check the URL against the API's routes",
        ),
    ]
    .into_iter()
    .flatten()
    .collect();
    assert_eq!(seen, expected);
    // The panic's own text and the details stay out of the events.
    let text = format!("{seen:?}");
    assert!(
        !text.contains("hunter2") && !text.contains("holder"),
        "{text}"
    );
}
