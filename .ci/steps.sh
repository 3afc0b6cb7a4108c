# The helpers of .ci/run, sourced by it (and by tests/tests/test_ci_steps.rs):
# each step's wall and CPU time, jobs that run beside the steps, and an exit
# trap that ends those jobs when the script ends. Expects `set -euo pipefail`.

# CPU seconds (user + sys) of every command the script has run so far, in
# $cpu_now: `times` runs in this shell, since a subshell counts none of them.
# A background job counts once it has ended.
cpu_file="$(mktemp)"
log_files="$cpu_file"
bg_pids=()
bg_names=()
bg_logs=()
# `|| true`: a job that has ended has no process group left to kill, and
# under `set -e` a failing command in the trap would turn a passing run's exit
# status into 1.
trap 'for pid in "${bg_pids[@]}"; do kill -- -"$pid" 2> /dev/null || true; done; rm -f $log_files' EXIT
# The seconds of user and sys CPU of the children on `times`'s second line;
# the background jobs read it from their environment.
export cpu_sum='NR == 2 {
    split($1, u, /[ms]/); split($2, s, /[ms]/)
    printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2]
}'
cpu() {
    times > "$cpu_file"
    cpu_now=$(awk "$cpu_sum" "$cpu_file")
}

# Each step prints the seconds the one before it took, wall and CPU.
step() {
    cpu
    if [ -n "${started:-}" ]; then
        printf '(%d s, %d s CPU)\n' $((SECONDS - started)) $((cpu_now - cpu_started))
    fi
    started=$SECONDS
    cpu_started=$cpu_now
    printf '\n== %s\n' "$*"
}

# `background NAME NICENESS COMMANDS`: runs COMMANDS (a bash script, each
# line echoed with the seconds it took) beside the steps, in a process group
# of its own (job control, `set -m`), so that a failing step ends it with the
# script. Not `setsid`: a new session is a scheduler group of its own, which
# gets an equal share of the cores whatever its niceness.
background() {
    local out
    out="$(mktemp)"
    log_files="$log_files $out"
    set -m
    nice -n "$2" bash -c '
        set -euo pipefail
        # The CPU seconds of the commands this job has run, as `cpu` counts
        # them: `times` in this shell, `cpu_sum` parsed in a subshell.
        cpu_file="$(mktemp)"
        trap "rm -f \"\$cpu_file\"" EXIT
        job_cpu() {
            awk "$cpu_sum" "$cpu_file"
        }
        run() {
            printf -- "-- %s\n" "$*"
            local begun=$SECONDS cpu_begun
            times > "$cpu_file"
            cpu_begun=$(job_cpu)
            "$@"
            times > "$cpu_file"
            printf -- "   (%d s, %d s CPU)\n" $((SECONDS - begun)) $(($(job_cpu) - cpu_begun))
        }
        '"$3" > "$out" 2>&1 &
    set +m
    bg_pids+=("$!")
    bg_names+=("$1")
    bg_logs+=("$out")
    printf -- '-- started in the background: %s\n' "$1"
}

# Waits for every background job, prints its output, and fails if one did.
wait_background() {
    local i status failed=0
    for i in "${!bg_pids[@]}"; do
        status=0
        wait "${bg_pids[$i]}" || status=$?
        printf '\n== %s (in the background)\n' "${bg_names[$i]}"
        cat "${bg_logs[$i]}"
        if [ "$status" -ne 0 ]; then
            printf 'FAILED (exit %d): %s\n' "$status" "${bg_names[$i]}" >&2
            failed=1
        fi
    done
    return "$failed"
}
