//! `grpc [ADDR]`: serves the example on ADDR (default 127.0.0.1:50051).

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:50051".to_owned());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&addr).await?;
        eprintln!(
            "listening on {} (gRPC, plain HTTP/2)",
            listener.local_addr()?
        );
        grpc_example::serve(listener).await?;
        Ok(())
    })
}
