"""Idle and half-open connections cannot starve `hunt serve` (run under `ulimit -n 1024`):

1. 2,000 half-open requests (a request head never finished) from 20 loopback addresses are
   held open; meanwhile a judge's request (valid token, from 127.0.0.1) is answered within 2 s;
   the server closes every half-open one within the idle timeout (5 s) and a margin.
2. 1,100 idle sockets from one address: at most 128 stay open (older ones make way for newer),
   and a judge is answered within 2 s.
3. 500 event streams opened and then dropped by their clients: the server's descriptors are back
   to where they were within 2 s (they were held until the next event).
4. The stream flood, all from one address (as behind the TLS proxy): a team's 8 event streams,
   512 leaderboard streams and 128 requests without a token (each waiting out the wrong-token
   brake); one more team stream and one more leaderboard stream are answered 429; a judge and
   another team from that same address are answered within 2 s.
5. A request body dripping 1 byte every 4 s (begun before the rounds, looked at after them): the
   server closes it within 50 s (a body must bring 8 KiB each 20 s).

Rounds repeat until SOAK seconds have passed (default: one round). Loopback only; bounded.
usage: serve-connections.py HUNT EXAMPLE_DIR [SOAK_SECONDS]
"""
import http.client, os, re, resource, shutil, socket, subprocess, sys, tempfile, threading, time

hunt, example = sys.argv[1], sys.argv[2]
soak = float(sys.argv[3]) if len(sys.argv) > 3 else 0
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))  # this client holds thousands of sockets

work = tempfile.mkdtemp(prefix="hunt-connections-")
shutil.copy(os.path.join(example, "hunt.yaml"), work)
shutil.copytree(os.path.join(example, "submissions"), os.path.join(work, "submissions"))
server = subprocess.Popen(["bash", "-c", 'ulimit -n 1024 && exec "$0" "$@"', hunt, "serve", os.path.join(work, "hunt.yaml"),
                           os.path.join(work, "submissions"), "--reviews", os.path.join(work, "reviews.yaml"), "--listen", "127.0.0.1:0",
                           "--players", "--quiet"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
judge_url = server.stdout.readline().split()[1]
viewer_url = server.stdout.readline().split()[1]
port = int(re.search(r":(\d+)/", judge_url).group(1))
judge_token, viewer_token = judge_url.split("token=")[1], viewer_url.split("token=")[1]
rooms = {}
while len(rooms) < 3:  # the example's three teams
    m = re.match(r"team (\S+): \S+?(/t/\w+)", server.stdout.readline())
    if m:
        rooms[m.group(1)] = m.group(2)
failures = []


def descriptors():
    return len(os.listdir(f"/proc/{server.pid}/fd"))


def judge_answered(within=2.0, source="127.0.0.1", path="/api/queue?limit=1", token=None):
    """A judge's request (or, with `path` and no token, a team's): the time it took, or None when
    it was not answered in time."""
    t = time.perf_counter()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=within, source_address=(source, 0))
        connection.request("GET", path, headers={"Authorization": "Bearer " + (token or judge_token), "Host": f"127.0.0.1:{port}"})
        response = connection.getresponse()
        response.read()
        connection.close()
        return time.perf_counter() - t if response.status == 200 else None
    except OSError:
        return None


def open_sockets(count, addresses, payload=b""):
    sockets = []
    give_up = time.time() + 20  # a server that stopped accepting makes each connect wait
    for i in range(count):
        if time.time() > give_up:
            failures.append(f"only {len(sockets)} of {count} connections could be opened in 20 s: the server stopped accepting")
            break
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.bind((addresses[i % len(addresses)], 0))
        s.settimeout(2)
        try:
            s.connect(("127.0.0.1", port))
            if payload:
                s.sendall(payload)
        except OSError:
            s.close()
            continue
        sockets.append(s)
    return sockets


def closed_by_server(s):
    """True when the server has closed this socket (EOF or reset)."""
    s.setblocking(False)
    try:
        return s.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def half_open_round():
    addresses = [f"127.0.0.{n}" for n in range(2, 22)]
    sockets = open_sockets(2000, addresses, f"GET /queue HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ".encode())
    took = judge_answered()
    if took is None:
        failures.append(f"with {len(sockets)} half-open requests open, a judge's request was not answered within 2 s")
    deadline = time.time() + 10
    while time.time() < deadline and not all(closed_by_server(s) for s in sockets):
        time.sleep(0.5)
    still = sum(not closed_by_server(s) for s in sockets)
    if still:
        failures.append(f"{still} of {len(sockets)} half-open requests were still open 10 s later (the idle timeout is 5 s)")
    for s in sockets:
        s.close()
    return f"{len(sockets)} half-open requests: judge answered in {took * 1000:.0f} ms, all closed by the server" if took is not None and not still else None


def one_address_round():
    sockets = open_sockets(1100, ["127.0.0.50"])
    time.sleep(0.5)
    took = judge_answered()
    kept = sum(not closed_by_server(s) for s in sockets)
    if took is None:
        failures.append("with 1,100 idle sockets from one address, a judge's request was not answered within 2 s")
    if kept > 128:
        failures.append(f"{kept} idle sockets from one address stayed open (at most 128)")
    for s in sockets:
        s.close()
    return f"1,100 idle sockets from one address: {kept} kept, judge answered in {took * 1000:.0f} ms" if took is not None and kept <= 128 else None


def event_streams_round():
    time.sleep(1)
    before = descriptors()
    addresses = [f"127.0.0.{n}" for n in range(60, 70)]
    request = f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {viewer_token}\r\n\r\n".encode()
    sockets = open_sockets(500, addresses, request)
    for s in sockets:
        # Read the head and the first event, so the close below is a polite FIN (unread data would
        # make it a reset, which the server notices at once anyway).
        seen = b""
        try:
            while b"retry: 2000\n\n" not in seen:
                chunk = s.recv(4096)
                if not chunk:
                    break
                seen += chunk
        except OSError:
            pass
    held = descriptors()
    for s in sockets:
        s.close()
    deadline = time.time() + 2
    while time.time() < deadline and descriptors() > before + 5:
        time.sleep(0.1)
    after = descriptors()
    if after > before + 5:
        failures.append(f"500 event streams closed by their clients: the server still held {after} descriptors 2 s later ({before} before)")
        return None
    return f"500 event streams: {held} descriptors while open, {after} 2 s after their clients left ({before} before)"


def read_until(s, marker, within=5.0):
    """What `s` receives until `marker` has come, the server closes it, or `within` seconds pass."""
    seen, deadline = b"", time.time() + within
    s.settimeout(0.5)
    while marker not in seen and time.time() < deadline:
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            continue
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    return seen


def stream_flood_round():
    source = "127.0.0.80"
    host = f"Host: 127.0.0.1:{port}\r\n"
    team, other = sorted(rooms)[:2]
    said = []
    held = []
    for what, request, allowance, marker in [
            (f"event streams of team {team}", f"GET {rooms[team]}/events HTTP/1.1\r\n{host}\r\n", 8, b"event: state"),
            ("leaderboard streams", f"GET /api/events HTTP/1.1\r\n{host}Authorization: Bearer {viewer_token}\r\n\r\n", 512, b"retry: 2000")]:
        sockets = open_sockets(allowance, [source], request.encode())
        held += sockets
        started = sum(marker in read_until(s, marker) for s in sockets)
        if started != allowance:
            failures.append(f"only {started} of {allowance} {what} from one address started")
        over = open_sockets(1, [source], request.encode())
        answer = read_until(over[0], b"\r\n\r\n") if over else b""
        if not answer.startswith(b"HTTP/1.1 429") or b"retry-after: 5" not in answer.lower():
            failures.append(f"{what}: one over the {allowance} got {answer[:60]!r}, not 429 with Retry-After")
        for s in over:
            s.close()
        said.append(f"{started} {what}")
    # Requests without a token wait out the wrong-token brake (up to 5 s each): busy connections.
    busy = open_sockets(128, [source], f"GET /api/queue HTTP/1.1\r\n{host}\r\n".encode())
    held += busy
    time.sleep(0.3)
    took = judge_answered(source=source)
    team_took = judge_answered(source=source, path=rooms[other] + "/api/state", token="none")
    if took is None:
        failures.append(f"with {', '.join(said)} and {len(busy)} requests without a token held from one address, a judge there was not answered within 2 s")
    if team_took is None:
        failures.append(f"with {', '.join(said)} and {len(busy)} requests without a token held from one address, team {other} there was not answered within 2 s")
    for s in held:
        s.close()
    if took is None or team_took is None:
        return None
    return f"one address holding {', '.join(said)} and {len(busy)} requests without a token: judge answered in {took * 1000:.0f} ms, team {other} in {team_took * 1000:.0f} ms"


def start_drip():
    """An upload whose body comes 1 byte every 4 s, from its own thread; the time the server closed it, or None."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(f"POST {rooms[sorted(rooms)[2]]}/upload?task=library HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 1000000\r\n\r\n".encode())
    closed = []
    started = time.time()

    def drip():
        while time.time() - started < 90:
            try:
                s.sendall(b"x")
                s.setblocking(False)
                try:
                    if s.recv(65536) == b"":
                        break
                except BlockingIOError:
                    pass
                s.setblocking(True)
            except OSError:
                break
            time.sleep(4)
        closed.append(time.time() - started)
        s.close()

    thread = threading.Thread(target=drip, daemon=True)
    thread.start()
    return thread, closed


def misdirected():
    """A Host the server does not answer to: 421, without the names it does answer to."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", "/queue", headers={"Host": "evil.example"})
    response = connection.getresponse()
    body = response.read().decode()
    if response.status != 421 or "127.0.0.1" in body or socket.gethostname() in body:
        failures.append(f"a request for another host got {response.status}: {body!r}")


misdirected()
rounds = 0
started = time.time()
drip, dripped = start_drip()
try:
    while True:
        for step in (half_open_round, one_address_round, event_streams_round, stream_flood_round):
            said = step()
            if said and rounds == 0:
                print("connections: " + said)
        rounds += 1
        if failures or time.time() - started >= soak:
            break
    drip.join(timeout=max(0, 60 - (time.time() - started)))
    if not dripped or dripped[0] > 50:
        failures.append("a request body dripping 1 byte every 4 s was still open after " + (f"{dripped[0]:.0f} s" if dripped else "60 s"))
    else:
        print(f"connections: a body dripping 1 byte every 4 s closed by the server after {dripped[0]:.0f} s")
finally:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        failures.append("SIGTERM did not stop the server within 10 s")

if failures:
    print("connections: FAILED\n  " + "\n  ".join(failures))
    sys.exit(1)
shutil.rmtree(work, ignore_errors=True)
print(f"connections: held ({rounds} round{'s' if rounds != 1 else ''} in {time.time() - started:.0f} s)")
