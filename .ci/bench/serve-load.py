"""Drives `hunt serve` for .ci/bench/serve.sh: first-item latency, decision round trips under 4
concurrent judges (POST → the SSE `judged` event of that decision), photo arrival → leaderboard,
and resident memory over a soak. Prints medians and p99s.

TEAM_STREAMS=n serves with --players and keeps n event streams open per team's page through the
decisions (read by a child process, as phones read them; TEAM_STREAMS_UNREAD=1 leaves them unread),
opened SETTLE seconds (default 2) before the decisions begin."""
import atexit, http.client, json, multiprocessing, os, re, resource, selectors, shutil, socket, statistics, subprocess, sys, threading, time

hunt, data, soak_seconds = sys.argv[1], sys.argv[2], int(sys.argv[3])
team_streams = int(os.environ.get("TEAM_STREAMS", "0"))
submissions = os.path.join(data, "submissions")
started = time.time()
server = subprocess.Popen([hunt, "serve", os.path.join(data, "hunt.yaml"), submissions, "--reviews", os.path.join(data, "reviews.yaml"),
                           "--listen", "127.0.0.1:0"] + (["--players", "--quiet"] if team_streams else []),
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
atexit.register(lambda: server.poll() is None and server.kill())  # a failed run leaves no server behind
judge_url = server.stdout.readline().split()[1]
server.stdout.readline()
print(f"start (judge 20,000 photos, listen): {time.time() - started:.2f} s")
port = int(re.search(r":(\d+)/", judge_url).group(1))
token = judge_url.split("token=")[1]
headers = {"Authorization": "Bearer " + token, "Host": f"127.0.0.1:{port}"}


def open_team_streams(per_team):
    """per_team event streams for every team's page (from as many loopback addresses), held by a
    child process that reads them (unless TEAM_STREAMS_UNREAD is set), so that reading them does
    not slow this process's judges; returns the teams' rooms, the child and the bytes it read."""
    # Every team's URL is printed after the judge's and the leaderboard's (bench teams are `team-NNN`).
    teams = len(re.findall(r"\bid: team-\d+", open(os.path.join(data, "hunt.yaml")).read()))
    rooms = []
    while len(rooms) < teams:
        m = re.match(r"team \S+: \S+?(/t/\w+)", server.stdout.readline())
        if m:
            rooms.append(m.group(1))
    received, opened = multiprocessing.Value("q", 0), multiprocessing.Event()

    def hold():
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
        selector = selectors.DefaultSelector()
        for n, room in enumerate(rooms * per_team):
            s = socket.create_connection(("127.0.0.1", port), source_address=(f"127.0.1.{2 + n % 200}", 0))
            s.sendall(f"GET {room}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            s.setblocking(False)
            selector.register(s, selectors.EVENT_READ)
        opened.set()
        while True:
            if os.environ.get("TEAM_STREAMS_UNREAD"):
                time.sleep(1)
                continue
            for key, _ in selector.select(timeout=1):
                try:
                    chunk = key.fileobj.recv(1 << 16)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                if not chunk:
                    selector.unregister(key.fileobj)
                with received.get_lock():
                    received.value += len(chunk)

    child = multiprocessing.Process(target=hold, daemon=True)
    child.start()
    opened.wait(120)
    return rooms, child, received


def rss_mb():
    with open(f"/proc/{server.pid}/status") as f:
        status = f.read()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024, int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024


def request(connection, method, path, body=None):
    # The server closes a connection idle for 5 s (as it should); like a browser, open it again.
    for attempt in (0, 1):
        try:
            connection.request(method, path, body=json.dumps(body) if body is not None else None,
                               headers={**headers, "Content-Type": "application/json"} if body is not None else headers)
            response = connection.getresponse()
            break
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            connection.close()
            if attempt:
                raise
    data = response.read()
    if response.status != 200:
        raise RuntimeError(f"{method} {path}: {response.status} {data[:200]}")
    return data


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


# Events: every `judged` generation and every leaderboard, with the time it arrived.
events = []
events_lock = threading.Condition()


def listen():
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request("GET", "/api/events", headers=headers)
    response = connection.getresponse()
    name = None
    while True:
        line = response.fp.readline()
        if not line:
            return
        line = line.decode().rstrip("\n")
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            with events_lock:
                events.append((time.perf_counter(), name, json.loads(line[6:])))
                events_lock.notify_all()


threading.Thread(target=listen, daemon=True).start()
time.sleep(0.3)

# 1. The queue page's first item: the page, its session, the first window, the first photo.
connection = http.client.HTTPConnection("127.0.0.1", port)
first = []
for _ in range(15):
    t = time.perf_counter()
    request(connection, "GET", "/queue")
    request(connection, "GET", "/api/session")
    queue = json.loads(request(connection, "GET", "/api/queue?limit=50"))
    request(connection, "GET", queue["items"][0]["photo"])
    first.append((time.perf_counter() - t) * 1000)
print(f"queue page, first item shown: median {statistics.median(first):.1f} ms, max {max(first):.1f} ms "
      f"({queue['total']} in the queue of {queue['undecided']} undecided)")

if team_streams:
    rooms, holder, streamed = open_team_streams(team_streams)
    time.sleep(float(os.environ.get("SETTLE", "2")))
    print(f"{len(rooms) * team_streams} event streams of {len(rooms)} teams' pages open ({streamed.value / 1e6:.1f} MB read so far)")

# 2. Decision round trips, 4 judges at once, each on its own items and on shared ones.
all_items = json.loads(request(connection, "GET", "/api/queue?verdict=all&limit=1000"))["items"]
paths = [item["path"] for item in all_items]
round_trips, posts = [], []
lock = threading.Lock()


def judge(n, count):
    connection = http.client.HTTPConnection("127.0.0.1", port)
    for i in range(count):
        path = paths[(n * count + i) % len(paths)] if i % 4 else paths[i % 20]  # every 4th on a shared photo
        t = time.perf_counter()
        answer = json.loads(request(connection, "POST", "/api/decisions",
                                    {"path": path, "decision": "accept" if i % 3 else "reject", "by": f"judge {n}", "note": f"#{i}"}))
        posted = time.perf_counter()
        generation = answer["generation"]
        with events_lock:
            while not any(e[1] == "judged" and e[2]["generation"] >= generation for e in events):
                events_lock.wait(1)
            arrived = min(e[0] for e in events if e[1] == "judged" and e[2]["generation"] >= generation)
        with lock:
            posts.append((posted - t) * 1000)
            round_trips.append((max(arrived, posted) - t) * 1000)


for count in [5, 60]:  # a warm-up, then the measured run
    round_trips.clear(); posts.clear()
    threads = [threading.Thread(target=judge, args=(n, count)) for n in range(4)]
    t = time.perf_counter()
    for thread in threads: thread.start()
    for thread in threads: thread.join()
    elapsed = time.perf_counter() - t
print(f"decision round trip (POST → re-scored → SSE), 4 judges, {len(round_trips)} decisions: median {statistics.median(round_trips):.1f} ms, "
      f"p99 {percentile(round_trips, 99):.1f} ms (POST alone: median {statistics.median(posts):.1f} ms); {len(round_trips) / elapsed:.0f} decisions/s")
if team_streams:
    print(f"team streams: {streamed.value / 1e6:.1f} MB read")

# 3. A photo dropped into the folder, until the leaderboard counts it.
arrivals = []
source = os.path.join(submissions, sorted(os.listdir(submissions))[0])
photo = os.path.join(source, sorted(f for f in os.listdir(source) if f.lower().endswith(".jpg"))[0])
for n in range(5):
    with events_lock:
        before = max((e[2]["submissions"] for e in events if e[1] == "leaderboard"), default=queue["total"])
    board = json.loads(request(connection, "GET", "/api/leaderboard"))
    t = time.perf_counter()
    shutil.copy(photo, os.path.join(source, f"arrival-{n}.jpg"))
    with events_lock:
        while not any(e[0] > t and e[1] == "leaderboard" and e[2]["submissions"] == board["submissions"] + 1 for e in events):
            if not events_lock.wait(5):
                break
        seen = [e[0] for e in events if e[0] > t and e[1] == "leaderboard" and e[2]["submissions"] == board["submissions"] + 1]
    arrivals.append((seen[0] - t) if seen else float("inf"))
print(f"photo added → on the leaderboard: median {statistics.median(arrivals):.2f} s, max {max(arrivals):.2f} s")
print(f"memory after the above: {rss_mb()[0]:.0f} MB resident, peak {rss_mb()[1]:.0f} MB")

# 4. Soak: decisions and arrivals for a while; resident memory sampled.
samples = []
end = time.time() + soak_seconds
n = 0
while time.time() < end:
    judge(n % 4, 10)
    if n % 5 == 0:
        shutil.copy(photo, os.path.join(source, f"soak-{n}.jpg"))
    if n % 10 == 0:
        for name in os.listdir(source):
            if name.startswith("soak-") and int(name[5:-4]) < n - 20:
                os.remove(os.path.join(source, name))
    samples.append(rss_mb()[0])
    n += 1
third = max(1, len(samples) // 3)
if samples:
    print(f"soak {soak_seconds} s, {n * 10} decisions: resident memory first third median {statistics.median(samples[:third]):.0f} MB, "
          f"last third {statistics.median(samples[-third:]):.0f} MB, peak {rss_mb()[1]:.0f} MB")
server.terminate()
server.wait(timeout=30)
