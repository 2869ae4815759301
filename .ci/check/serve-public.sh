#!/usr/bin/env bash
# hunt serve --public on loopback, with Caddy's internal CA (--public-ca internal) on a free port:
# the printed URLs are https://localhost:PORT/…, a team's page and the judges' API answer through
# Caddy with a certificate from its CA (curl --cacert its root), and Caddy stops with the server.
# A name that does not resolve, or only to loopback, stops the start with what to do. Caddy's data (its CA) goes in a
# temporary XDG_DATA_HOME. Skipped, and said so, where caddy is not installed (.ci/install-deps
# installs it). Part of `make test`. Usage: HUNT=path/to/hunt .ci/check/serve-public.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
hunt="$(realpath "${HUNT:-.build/debug/hunt}")"
if ! command -v caddy >/dev/null; then echo "serve-public: caddy is not installed; skipped (.ci/install-deps installs it)"; exit 0; fi
work="$(mktemp -d "${TMPDIR:-/tmp}/hunt-serve-public.XXXXXX")"
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "serve-public: FAIL: $*" >&2; echo "--- stdout" >&2; cat "$work/out" >&2 || true; echo "--- stderr" >&2; cat "$work/err" >&2 || true; exit 1; }
cp -r Examples/photo-scavenger-hunt "$work/hunt"
export XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

# A name that resolves nowhere: refused before anything listens.
if "$hunt" serve "$work/hunt/hunt.yaml" "$work/hunt/submissions" --players --listen 127.0.0.1:0 --public no-such-name.invalid >"$work/out" 2>"$work/err"; then
    fail "--public no-such-name.invalid started"
fi
grep -q "no-such-name.invalid: the name does not resolve" "$work/err" || fail "--public with an unresolvable name did not say so"
# Loopback is no public name: refused unless Caddy's own CA is asked for.
if "$hunt" serve "$work/hunt/hunt.yaml" "$work/hunt/submissions" --players --listen 127.0.0.1:0 --public localhost >"$work/out" 2>"$work/err"; then
    fail "--public localhost started with a public CA"
fi
grep -q "points at this machine's loopback" "$work/err" || fail "--public localhost did not say it is no public name"

"$hunt" serve "$work/hunt/hunt.yaml" "$work/hunt/submissions" --players --listen 127.0.0.1:0 \
    --public localhost --public-port "$port" --public-ca internal >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 100); do grep -q "^team herons: " "$work/out" 2>/dev/null && break; kill -0 "$pid" 2>/dev/null || fail "hunt serve stopped"; sleep 0.1; done
grep -q "^team herons: https://localhost:$port/t/[0-9a-f]\{32\}$" "$work/out" || fail "the team URLs are not https://localhost:$port/t/…"
grep -q "^judge: *https://localhost:$port/queue?token=" "$work/out" || fail "the judge URL is not https://localhost:$port/…"
grep -q "localhost points at .*: Caddy serves https://localhost:$port" "$work/err" || fail "the start did not say what Caddy serves"
team="$(sed -n 's/^team foxes: //p' "$work/out")"
caddy_pid="$(cat /proc/"$pid"/task/*/children 2>/dev/null | tr ' ' '\n' | grep -m1 . || true)"
[ -n "$caddy_pid" ] && grep -q caddy "/proc/$caddy_pid/cmdline" || fail "no caddy child process of hunt serve"
root="$XDG_DATA_HOME/caddy/pki/authorities/local/root.crt"
# Caddy makes its CA and the certificate as it starts: bounded tries, each waiting on curl itself.
ok=""
for _ in $(seq 50); do
    if [ -f "$root" ] && curl -sS --max-time 5 --cacert "$root" -o "$work/page" "$team" 2>/dev/null; then ok=1; break; fi
    sleep 0.2
done
[ -n "$ok" ] || fail "the team page was not served over HTTPS with Caddy's internal CA"
grep -q 'data-base="/t/' "$work/page" || fail "the team page through Caddy is not the players' page"
state="$(curl -sS --max-time 5 --cacert "$root" "$team/api/state")"
echo "$state" | grep -q '"team"' || fail "the team's state through Caddy: $state"
# A photo sent through Caddy arrives.
status="$(curl -sS --max-time 20 --cacert "$root" -o /dev/null -w '%{http_code}' --data-binary @Examples/photo-scavenger-hunt/submissions/foxes/botanic-gardens-0003.jpg "$team/upload?task=library")"
[ "$status" = 201 ] || fail "an upload through Caddy answered $status"

kill -TERM "$pid"
wait "$pid" || true
pid=""
kill -0 "$caddy_pid" 2>/dev/null && fail "caddy ($caddy_pid) still runs after hunt serve stopped"
echo "serve-public: ok (https://localhost:$port through Caddy $(caddy version | cut -d' ' -f1), stopped with the server)"
