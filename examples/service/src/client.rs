//! A running service on a free port of 127.0.0.1 and a real HTTP client to
//! call it: what the tests and the requests-per-second figure use.

use std::net::SocketAddr;

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

/// One response: status, `Content-Type`, `Allow` and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The `Content-Type` header, `""` if none.
    pub content_type: String,
    /// The `Allow` header (the methods a path answers, on a 405), `""` if none.
    pub allow: String,
    /// The `Retry-After` header (seconds), `""` if none.
    pub retry_after: String,
    /// The body as text.
    pub body: String,
}

/// The service listening on 127.0.0.1, and a client for it.
pub struct Running {
    /// Where the service listens.
    pub addr: SocketAddr,
    client: Client<HttpConnector, Full<Bytes>>,
}

impl Running {
    /// Starts the service on a free port of 127.0.0.1, on the current
    /// tokio runtime.
    pub async fn start() -> std::io::Result<Running> {
        Running::start_app(crate::app()).await
    }

    /// Starts `app` on a free port of 127.0.0.1, on the current tokio runtime.
    pub async fn start_app(app: axum::Router) -> std::io::Result<Running> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        tokio::spawn(async move { axum::serve(listener, app).await });
        let client = Client::builder(TokioExecutor::new()).build_http();
        Ok(Running { addr, client })
    }

    /// Sends `method path` with `body` (as JSON when given) and reads the
    /// whole reply.
    pub async fn call(&self, method: &str, path: &str, body: Option<&str>) -> Reply {
        let mut request = hyper::Request::builder()
            .method(method)
            .uri(format!("http://{}{path}", self.addr));
        if body.is_some() {
            request = request.header("content-type", "application/json");
        }
        let request = request
            .body(Full::new(Bytes::from(body.unwrap_or_default().to_owned())))
            .expect("a valid request");
        let response = self
            .client
            .request(request)
            .await
            .expect("the service answers");
        let status = response.status().as_u16();
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        let content_type = header("content-type");
        let allow = header("allow");
        let retry_after = header("retry-after");
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("a whole body")
            .to_bytes();
        Reply {
            status,
            content_type,
            allow,
            retry_after,
            body: String::from_utf8(bytes.to_vec()).expect("a UTF-8 body"),
        }
    }
}
