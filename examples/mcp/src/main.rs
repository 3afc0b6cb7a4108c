//! `mcp-plans`: the plan tools as an MCP server over stdio, its tracing
//! events on stderr.

use rmcp::ServiceExt as _;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // `SPONSON_CODES_CATALOG=1 mcp-plans` hands the companion the codes.
    sponson_codes::catalog::export_if_requested();
    // stdout carries the protocol; every event goes to stderr, a coded
    // failure as `WARN sponson_codes: ... error.type="PLAN_NOT_FOUND"`.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .init();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let server = mcp_example::Plans::new()
            .serve(rmcp::transport::stdio())
            .await?;
        server.waiting().await?;
        Ok(())
    })
}
