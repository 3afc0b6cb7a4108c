//! `service [ADDR]`: serves the example on ADDR (default 127.0.0.1:8080),
//! printing its tracing events on stderr.

fn main() -> std::io::Result<()> {
    // Every event on stderr, with its request span: a problem answered is
    // `WARN request{... error.type="LOCK_HELD"}: sponson_codes: ...`.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_target(true)
        .init();
    // `SPONSON_CODES_CATALOG=1 service` hands the companion the codes.
    sponson_codes::catalog::export_if_requested();
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:8080".to_owned());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&addr).await?;
        eprintln!("listening on http://{}", listener.local_addr()?);
        service_example::serve(listener).await
    })
}
