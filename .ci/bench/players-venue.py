"""A venue's phones behind one address (its Wi-Fi's NAT, a carrier's CGNAT, or the TLS proxy in
front of the server): TEAMS teams × PHONES phones, every phone's page holding its event stream,
then SENDERS phones sending two photos at once (as the page does), all from one client address.
Counts what the server took and what it closed, and its memory. See players-venue.sh."""
import http.client, os, re, resource, selectors, socket, sys, threading, time
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "check"))
from exif_photo import photo_at
from players_server import serve_players

hunt, data = sys.argv[1], sys.argv[2]
extra = sys.argv[3:]
teams, phones, senders = (int(os.environ.get(k, d)) for k, d in [("TEAMS", 300), ("PHONES", 3), ("SENDERS", 300)])
address = "127.0.0.7"
source = os.path.join(os.path.dirname(__file__), "..", "..", "Examples/photo-scavenger-hunt/submissions/foxes/library/IMG_0002.jpg")

os.makedirs(os.path.join(data, "submissions"), exist_ok=True)
with open(os.path.join(data, "hunt.yaml"), "w") as f:
    f.write("hunt: Venue bench\ntimezone: Europe/Amsterdam\nwindow: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }\n")
    f.write("defaults: { radius: 50 m, points: 10 }\nteams:\n" + "".join(f"  - {{ id: t{n:03}, name: Team {n} }}\n" for n in range(teams)))
    f.write("tasks:\n  - { id: p00, title: Place, at: '52.08000, 5.16000' }\n")
photo_at(source, os.path.join(data, "photo.jpg"), 52.08, 5.16, 5)
photo = open(os.path.join(data, "photo.jpg"), "rb").read()

server, port, by_team = serve_players(hunt, data, teams, ["--players-rate", "100000"] + extra)
rooms = [path for _, path in sorted(by_team.items())]
# The server keeps the shell's descriptor limit (its own to raise); this client takes what it may.
resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)

def resident():
    return int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{server.pid}/status").read()).group(1)) / 1024


time.sleep(1)
before = resident()
# Every phone's event stream, opened at once from one address; each answered with its head or closed.
streams, pending = [], {}
for i in range(teams * phones):
    s = socket.create_connection(("127.0.0.1", port), source_address=(address, 0))
    s.sendall(f"GET {rooms[i % teams]}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
    pending[s] = b""
deadline = time.monotonic() + 30
closed = 0
waiting = selectors.DefaultSelector()
for s in pending:
    waiting.register(s, selectors.EVENT_READ)
while pending and time.monotonic() < deadline:
    for key, _ in waiting.select(1):
        s = key.fileobj
        try:
            chunk = s.recv(4096)
        except ConnectionError:
            chunk = b""
        pending[s] += chunk
        if chunk and b"\r\n\r\n" not in pending[s]:
            continue
        waiting.unregister(s)
        if pending.pop(s).startswith(b"HTTP/1.1 200"):
            streams.append(s)
        else:
            closed += 1
            s.close()
held = resident()
print(f"{teams} teams × {phones} phones from one address: {len(streams)} event streams open, {closed} closed by the server"
      f"{f', {len(pending)} unanswered' if pending else ''}")

# A burst: SENDERS phones send two photos each, all at once, while every stream stays open.
results, lock, start = [], threading.Lock(), threading.Barrier(2 * senders)


def send(n):
    body = photo[:2] + b"\xff\xfe\x00\x12" + n.to_bytes(16, "big") + photo[2:]
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(address, 0))
        start.wait()
        c.request("POST", rooms[n // 2 % teams] + "/upload?task=p00", body=body, headers={"Content-Type": "image/jpeg"})
        status = c.getresponse().status
    except Exception as error:
        status = type(error).__name__
    with lock:
        results.append(status)


threads = [threading.Thread(target=send, args=(n,)) for n in range(2 * senders)]
for t in threads:
    t.start()
for t in threads:
    t.join()
taken = sum(1 for r in results if r in (200, 201))
def open_still(s):
    s.setblocking(False)
    try:
        return bool(s.recv(65536))
    except BlockingIOError:
        return True
    except ConnectionError:
        return False


still = sum(1 for s in streams if open_still(s))
print(f"then {senders} phones × 2 uploads at once: {taken} taken, {len(results) - taken} failed "
      f"({', '.join(sorted({str(r) for r in results if r not in (200, 201)})) or 'none'}); {still} of the streams still open")
print(f"server memory: {before:.0f} MB before, {held:.0f} MB with the streams ({(held - before) * 1024 / max(1, len(streams)):.0f} KB a stream), "
      f"{resident():.0f} MB after the burst")
server.terminate()
server.wait(timeout=30)
for s in streams:
    s.close()
sys.exit(0 if closed == 0 and taken == len(results) else 1)
