//! Requests per second of `GET /bench/coded` (a coded error rendered as a
//! problem by this library) against `GET /bench/manual` (the same bytes,
//! hand-built), in one process with one client over localhost.
//!
//! `cargo run --release -p service-example --bin service-rps [REQUESTS] [ROUNDS]`
//! Rounds alternate the two routes so drift on a busy machine hits both;
//! the figure is each route's best round and the ratio of the medians.

use std::time::Instant;

use service_example::client::Running;

fn main() {
    let mut args = std::env::args().skip(1);
    let requests: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5_000);
    let rounds: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(7);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let service = Running::start().await.expect("the service starts");
        // Warm up the connection pool and both routes.
        for path in ["/bench/coded", "/bench/manual"] {
            for _ in 0..200 {
                service.call("GET", path, None).await;
            }
        }
        let mut coded = Vec::new();
        let mut manual = Vec::new();
        for _ in 0..rounds {
            for (path, out) in [("/bench/coded", &mut coded), ("/bench/manual", &mut manual)] {
                let start = Instant::now();
                for _ in 0..requests {
                    let reply = service.call("GET", path, None).await;
                    assert_eq!(reply.status, 409);
                }
                out.push(f64::from(requests) / start.elapsed().as_secs_f64());
            }
        }
        let median = |v: &mut Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        let (coded_median, manual_median) = (median(&mut coded), median(&mut manual));
        println!("requests per round: {requests}, rounds: {rounds}");
        println!("coded error:          median {coded_median:>8.0} req/s");
        println!("hand-built problem:   median {manual_median:>8.0} req/s");
        println!("coded / hand-built:   {:.3}", coded_median / manual_median);
    });
}
