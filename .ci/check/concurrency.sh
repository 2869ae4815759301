#!/usr/bin/env bash
# The concurrency model of Architecture.md's "Concurrency" section, kept true: in the Swift code
# under Sources (comments aside), no thread that sleeps to poll, no wait on a group, semaphore or
# condition and no thread of its own outside the one blocking-work file, and at most three
# `@unchecked Sendable`. Each finding is printed as file:line. Part of `make test`.
#
# usage: .ci/check/concurrency.sh [ROOT]     (ROOT: the folder holding Sources/; default the checkout)
set -euo pipefail
root=${1:-"$(dirname "$0")/../.."}
cd "$root"
blocking_file=Sources/HuntKit/Support/BlockingWork.swift
max_unchecked=3
# A sleep that polls for nothing: `hunt judge`'s test hook slows each photo on purpose
# (HUNT_JUDGE_THROTTLE_MS, so a test can interrupt a run half way); Architecture.md says why.
allowed_sleep='Sources/hunt/ProgressLine.swift:.*if throttle > 0 \{ usleep\(throttle \* 1000\) \}'

# Every Swift line under Sources that is not a comment, as file:line:text.
code=$(find Sources -name '*.swift' -print0 | sort -z | xargs -0 grep -nH '' | grep -Ev '^[^:]+:[0-9]+:[[:space:]]*//' || true)
failed=0
report() {  # $1: what is wrong; $2: the findings, file:line:text a line
    local found=$2
    [ -z "$found" ] && return 0
    while IFS= read -r line; do
        printf '%s: %s\n' "$(cut -d: -f1,2 <<<"$line")" "$1" >&2
        printf '    %s\n' "$(cut -d: -f3- <<<"$line" | sed 's/^[[:space:]]*//')" >&2
    done <<<"$found"
    failed=1
}

# A thread put to sleep: polling, or a wait that holds a thread. (`Task.sleep` suspends a task
# and holds no thread; it is not matched.)
report "a thread sleeps: wait for the event instead (a pidfd, a pipe, a continuation)" \
    "$(grep -E '(^|[^.[:alnum:]_])(usleep|nanosleep|sleep)\(|Thread\.sleep' <<<"$code" | grep -Ev "$allowed_sleep" || true)"
# Waiting on a thread, and threads of their own, belong to BlockingWork alone.
report "waits on a thread or starts one: run it on BlockingWork ($blocking_file)" \
    "$(grep -E '\.wait\(|DispatchGroup|DispatchSemaphore|NSCondition|Thread[[:space:]]*[({]|pthread_create|Thread\.detachNewThread' <<<"$code" \
        | grep -v "^$blocking_file:" || true)"

unchecked=$(grep -E '@unchecked[[:space:]]+Sendable' <<<"$code" || true)
count=$(grep -c . <<<"$unchecked" || true)
if [ "$count" -gt "$max_unchecked" ]; then
    report "one of $count @unchecked Sendable, more than $max_unchecked: check the invariant with Mutex, ~Copyable or sending instead" "$unchecked"
fi

if [ "$failed" -ne 0 ]; then
    echo "concurrency: the findings above break the model in Sources/HuntKit/HuntKit.docc/Architecture.md (Concurrency)" >&2
    exit 1
fi
echo "concurrency: no sleeping or waiting threads outside $blocking_file; $count of at most $max_unchecked @unchecked Sendable"
