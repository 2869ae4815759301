"""An announcement from the console to TEAMS teams × PHONES phones (300 × 3), each phone's page
holding its event stream: how long until every page has it (p50, p99, max over ROUNDS
announcements), and the server's memory a connected page. Loopback only; bounded in time.
See live-announce.sh."""
import http.client, json, os, re, resource, selectors, socket, statistics, subprocess, sys, time

hunt, data = sys.argv[1], sys.argv[2]
teams, phones, rounds = (int(os.environ.get(k, d)) for k, d in [("TEAMS", 300), ("PHONES", 3), ("ROUNDS", 5)])

os.makedirs(os.path.join(data, "submissions"), exist_ok=True)
with open(os.path.join(data, "hunt.yaml"), "w") as f:
    f.write("hunt: Announcement bench\ntimezone: Europe/Amsterdam\nwindow: { start: 2026-05-02 10:00, end: 2099-05-02 16:00 }\n")
    f.write("teams:\n" + "".join(f"  - {{ id: t{n:03}, name: Team {n} }}\n" for n in range(teams)))
    f.write("tasks:\n  - { id: p00, title: Place, at: '52.08000, 5.16000' }\n")

server = subprocess.Popen([hunt, "serve", os.path.join(data, "hunt.yaml"), os.path.join(data, "submissions"), "--listen", "127.0.0.1:0",
                           "--players", "--quiet", "--players-rate", "100000"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
urls = {}
for line in server.stdout:
    name, _, url = line.partition(": ")
    urls[name.strip()] = url.strip()
    if sum(1 for k in urls if k.startswith("team ")) == teams:
        break
port = int(re.search(r":(\d+)/", urls["judge"]).group(1))
judge = urls["judge"].split("token=")[1]
rooms = [urls[k].split(str(port), 1)[1] for k in sorted(urls) if k.startswith("team ")]
resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)


def resident():
    return int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{server.pid}/status").read()).group(1)) / 1024


try:
    time.sleep(1)
    before = resident()
    # Every phone's stream, from 8 loopback addresses (as phones on a venue's network and a carrier's).
    sockets, buffers = [], {}
    for i in range(teams * phones):
        s = socket.create_connection(("127.0.0.1", port), source_address=(f"127.0.0.{2 + i % 8}", 0))
        s.sendall(f"GET {rooms[i % teams]}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        s.setblocking(False)
        sockets.append(s)
        buffers[s] = b""
    selector = selectors.DefaultSelector()
    for s in sockets:
        selector.register(s, selectors.EVENT_READ)

    def read_until(done, seconds):
        """Reads every stream until done() or `seconds`; each chunk is kept with its arrival time."""
        deadline = time.monotonic() + seconds
        while not done() and time.monotonic() < deadline:
            for key, _ in selector.select(0.5):
                try:
                    chunk = key.fileobj.recv(65536)
                except (BlockingIOError, ConnectionError):
                    continue
                buffers[key.fileobj] += chunk
                for marker, seen in waiting.items():
                    if key.fileobj not in seen and marker in buffers[key.fileobj]:
                        seen[key.fileobj] = time.perf_counter()

    waiting = {b"event: live": {}}
    read_until(lambda: len(waiting[b"event: live"]) == len(sockets), 60)
    opened = len(waiting[b"event: live"])
    time.sleep(2)
    held = resident()
    print(f"{teams} teams x {phones} phones: {opened} of {len(sockets)} pages connected and told the state; "
          f"server memory {before:.0f} MB before, {held:.0f} MB with them: {(held - before) * 1024 / max(1, opened):.1f} KB a page")
    latencies = []
    for n in range(rounds):
        marker = f"bench announcement {n} ".encode()
        waiting = {marker: {}}
        for s in sockets:
            buffers[s] = b""
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        body = json.dumps({"text": marker.decode() + "x" * 200, "by": "bench"})
        sent = time.perf_counter()
        c.request("POST", "/api/announce", body=body, headers={"Authorization": "Bearer " + judge, "Content-Type": "application/json"})
        status = c.getresponse().status
        read_until(lambda: len(waiting[marker]) == len(sockets), 30)
        times = sorted(t - sent for t in waiting[marker].values())
        latencies += times
        print(f"round {n + 1}: POST {status}; {len(times)} of {len(sockets)} pages had it; "
              f"p50 {1000 * times[len(times) // 2]:.0f} ms, max {1000 * times[-1]:.0f} ms" if times else f"round {n + 1}: none had it")
        time.sleep(0.5)
    latencies.sort()
    if latencies:
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(f"all rounds: {len(latencies)} deliveries, p50 {1000 * statistics.median(latencies):.0f} ms, p99 {1000 * p99:.0f} ms, "
              f"max {1000 * latencies[-1]:.0f} ms (goal: p99 < 2000 ms); server memory {resident():.0f} MB")
    missed = rounds * len(sockets) - len(latencies)
    for s in sockets:
        s.close()
finally:
    server.terminate()
    server.wait(timeout=20)
sys.exit(1 if missed or not latencies or p99 >= 2 else 0)
