//! The bodies of `plan`'s subcommands: each returns its data or a coded error.

use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

use serde::Serialize;
use sponson_codes::{Error, Warning};

use crate::cli::{ApplyArgs, CrashSite, PushArgs};
use crate::codes::{Code, Warn};
use crate::plan;
use crate::response;

/// What `plan validate` reports.
#[derive(Debug, Serialize)]
pub struct Validated {
    /// The plan file.
    pub plan: String,
    /// The step names, in order.
    pub steps: Vec<String>,
}

/// `plan validate`: a step named like a YAML anchor or alias (`&base`,
/// `*base`) is kept as written, with a `YAML_ANCHOR` warning.
pub fn validate(path: &Path) -> Result<Validated, Error<Code>> {
    let parsed = plan::read(path)?;
    for step in parsed.steps.iter().filter(|s| s.starts_with(['&', '*'])) {
        sponson_codes::warn(
            Warning::new(
                Warn::YamlAnchor,
                format!("step `{step}` looks like a YAML anchor or alias; it runs under that literal name"),
            )
            .with_detail("step", step),
        );
    }
    Ok(Validated {
        plan: path.display().to_string(),
        steps: parsed.steps,
    })
}

/// What `plan apply` reports.
#[derive(Debug, Serialize)]
pub struct Applied {
    /// The plan file.
    pub plan: String,
    /// The environment.
    pub env: String,
    /// Who approved the run; `null` outside production.
    pub approved_by: Option<String>,
    /// The steps applied, in order.
    pub applied: Vec<String>,
}

/// `plan apply`: refuses an unapproved production run and a held lock.
pub fn apply(args: &ApplyArgs) -> Result<Applied, Error<Code>> {
    let parsed = plan::read(&args.plan)?;
    if args.env == "prod" && args.approved_by.is_none() {
        return Err(Error::new(
            Code::ApprovalRequired,
            format!(
                "{} writes to prod and no approver was given",
                args.plan.display()
            ),
        )
        .with_detail("env", &args.env)
        .with_detail("plan", &args.plan.display().to_string()));
    }
    let lock = lock_path(&args.plan);
    wait_for_lock(&lock, args.wait.map(Duration::from_secs))?;
    Ok(Applied {
        plan: args.plan.display().to_string(),
        env: args.env.clone(),
        approved_by: args.approved_by.clone(),
        applied: parsed.steps,
    })
}

fn lock_path(plan: &Path) -> std::path::PathBuf {
    let mut name = plan.as_os_str().to_owned();
    name.push(".lock");
    name.into()
}

/// Waits up to `wait` for the lock file to go away.
fn wait_for_lock(lock: &Path, wait: Option<Duration>) -> Result<(), Error<Code>> {
    let deadline = Instant::now() + wait.unwrap_or_default();
    loop {
        let holder = match std::fs::read_to_string(lock) {
            Ok(holder) => holder.trim().to_owned(),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(err) => {
                return Err(Error::fallback(format!(
                    "cannot read {}: {err}",
                    lock.display()
                )))
            }
        };
        if Instant::now() >= deadline {
            return Err(Error::new(
                Code::LockHeld,
                format!("the lock {} is held by {holder}", lock.display()),
            )
            .with_detail("lock", &lock.display().to_string())
            .with_detail("holder", &holder)
            .with_detail("waited_seconds", &wait.unwrap_or_default().as_secs()));
        }
        thread::sleep(Duration::from_millis(100));
    }
}

/// `plan push`: the server's response is read from a file and, being
/// untrusted, passes the allowlist before it enters the error.
pub fn push(args: &PushArgs) -> Result<(), Error<Code>> {
    plan::read(&args.plan)?;
    let body = std::fs::read_to_string(&args.response_file).map_err(|err| {
        Error::fallback(format!(
            "cannot read {}: {err}",
            args.response_file.display()
        ))
    })?;
    let Some(response) = response::project(&body) else {
        return Err(Error::new(
            Code::ServerRejected,
            "the server rejected the plan and its response is not a JSON object",
        ));
    };
    let status = response.get("status").and_then(serde_json::Value::as_u64);
    if status == Some(409) {
        return Err(Error::new(
            Code::PlanConflict,
            "the server holds a newer version of the plan (HTTP 409)",
        )
        .with_detail("response", &response));
    }
    let message = match status {
        Some(status) => format!("the server rejected the plan (HTTP {status})"),
        None => "the server rejected the plan".to_owned(),
    };
    Err(Error::new(Code::ServerRejected, message).with_detail("response", &response))
}

/// What `plan sample` prints.
#[derive(Debug, Serialize)]
pub struct Sample {
    /// The step names.
    pub steps: Vec<String>,
}

/// `plan sample`.
pub fn sample(steps: usize) -> Result<Sample, Error<Code>> {
    Ok(Sample {
        steps: (1..=steps).map(|n| format!("step-{n}")).collect(),
    })
}

/// `plan crash`: a bug, to show that a panic still ends as an envelope,
/// wherever it happens.
pub fn crash(site: CrashSite) -> Result<Serializes, Error<Code>> {
    let token = "sk-live-panic-4f9c";
    match site {
        CrashSite::Body => {
            let steps: Vec<&str> = Vec::new();
            panic!(
                "step index 7 out of range for {} steps (token {token})",
                steps.len()
            );
        }
        CrashSite::Detail => Err(Error::new(Code::LockHeld, "the lock is held")
            .with_detail("holder", &Serializes::panicking(token))),
        CrashSite::Data => Ok(Serializes::panicking(token)),
    }
}

/// A value whose `Serialize` impl panics: a bug in a type the program
/// serializes, which must still end as an envelope.
#[derive(Debug)]
pub struct Serializes {
    token: &'static str,
}

impl Serializes {
    fn panicking(token: &'static str) -> Self {
        Serializes { token }
    }
}

impl Serialize for Serializes {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        panic!("cannot serialize (token {})", self.token)
    }
}
