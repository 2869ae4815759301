"""Load for hunt serve --players: TEAMS teams × PHOTOS photos of SIZE_MB each, sent by CLIENTS
concurrent clients, every team's page listening to its event stream. See players.sh."""
import http.client, json, os, random, re, shutil, statistics, sys, threading, time
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "check"))
from exif_photo import photo_at
from players_server import serve_players

hunt, data = sys.argv[1], sys.argv[2]
teams, photos, size_mb, clients = (int(os.environ.get(k, d)) for k, d in [("TEAMS", 60), ("PHOTOS", 20), ("SIZE_MB", 4), ("CLIENTS", 50)])
source = os.path.join(os.path.dirname(__file__), "..", "..", "Examples/photo-scavenger-hunt/submissions/foxes/library/IMG_0002.jpg")

# The hunt: PHOTOS tasks on a grid around Utrecht, TEAMS teams.
places = [(52.08 + 0.002 * (i // 5), 5.16 + 0.003 * (i % 5)) for i in range(photos)]
shutil.rmtree(data, ignore_errors=True)
os.makedirs(os.path.join(data, "submissions"))
with open(os.path.join(data, "hunt.yaml"), "w") as f:
    f.write("hunt: Players bench\ntimezone: Europe/Amsterdam\nwindow: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }\n")
    f.write("defaults: { radius: 50 m, points: 10 }\nteams:\n" + "".join(f"  - {{ id: t{n:03}, name: Team {n} }}\n" for n in range(teams)))
    f.write("tasks:\n" + "".join(f"  - {{ id: p{i:02}, title: Place {i}, at: '{lat:.5f}, {lon:.5f}' }}\n" for i, (lat, lon) in enumerate(places)))
bases = []
for i, (lat, lon) in enumerate(places):
    path = os.path.join(data, "base", f"p{i:02}.jpg")
    photo_at(source, path, lat, lon, i % 60)
    bases.append(open(path, "rb").read())


def photo(task):
    """The task's photo, padded to SIZE_MB with comment segments, unique by a random first segment."""
    base = bases[task]
    pad, left = [], size_mb * 1_000_000 - len(base)
    first = os.urandom(16)
    while left > 4:
        n = min(65533, left - 4)
        body = (first + bytes(n))[:n] if not pad else bytes(n)
        pad.append(b"\xff\xfe" + (n + 2).to_bytes(2, "big") + body)
        left -= n + 4
    return base[:2] + b"".join(pad) + base[2:]


server, port, rooms = serve_players(hunt, data, teams, ["--players-max-files", str(photos + 5)])
peak = [0.0]


def rss():
    status = open(f"/proc/{server.pid}/status").read()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024, int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024


def connection(n):
    # Clients come from several loopback addresses, as phones on several networks would (a team's
    # connections count against the team wherever they come from: see ConnectionGuard).
    return http.client.HTTPConnection("127.0.0.1", port, timeout=120, source_address=(f"127.0.{n // 200}.{2 + n % 200}", 0))


judged_at, sent_at, lock, stop = {}, {}, threading.Lock(), threading.Event()


def listen(team, n):
    """The team page's event stream: when each upload first shows judged."""
    while not stop.is_set():
        try:
            c = connection(n)
            c.request("GET", rooms[team] + "/events")
            response = c.getresponse()
            event = None
            while not stop.is_set():
                line = response.fp.readline()
                if not line:
                    break
                line = line.decode().rstrip("\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "state":
                    now = time.monotonic()
                    state = json.loads(line[6:])
                    with lock:
                        for task in state["tasks"]:
                            for upload in task["uploads"]:
                                if upload["state"] != "sent" and upload["id"] not in judged_at:
                                    judged_at[upload["id"]] = now
        except Exception:
            time.sleep(0.2)


jobs = [(team, task) for task in range(photos) for team in sorted(rooms)]
random.Random(1).shuffle(jobs)
errors = []


def client(n):
    c = connection(1000 + n)
    while True:
        with lock:
            if not jobs:
                return
            team, task = jobs.pop()
        body = photo(task)
        for attempt in range(5):
            try:
                c.request("POST", rooms[team] + f"/upload?task=p{task:02}", body=body, headers={"Content-Type": "image/jpeg"})
                response = c.getresponse()
                answer = response.read()
                if response.status in (200, 201):
                    with lock:
                        sent_at[json.loads(answer)["id"]] = time.monotonic()
                else:
                    errors.append(f"{response.status} {answer[:100]!r}")
                break
            except Exception as error:
                c.close()
                c = connection(1000 + n)
                if attempt == 4:
                    errors.append(str(error))


def sample():
    while not stop.is_set():
        peak[0] = max(peak[0], rss()[0])
        time.sleep(0.2)


listeners = [threading.Thread(target=listen, args=(team, i), daemon=True) for i, team in enumerate(sorted(rooms))]
for t in listeners:
    t.start()
threading.Thread(target=sample, daemon=True).start()
time.sleep(1)
started = time.monotonic()
workers = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
for t in workers:
    t.start()
for t in workers:
    t.join()
sent_seconds = time.monotonic() - started
deadline = time.monotonic() + 60
while time.monotonic() < deadline and any(i not in judged_at for i in sent_at):
    time.sleep(0.2)
stop.set()
waits = sorted(judged_at[i] - sent_at[i] for i in sent_at if i in judged_at)
missing = sum(1 for i in sent_at if i not in judged_at)
resident, high = rss()
print(f"{teams} teams × {photos} photos of {size_mb} MB from {clients} clients: {len(sent_at)} sent in {sent_seconds:.1f} s "
      f"({len(sent_at) * size_mb / sent_seconds:.0f} MB/s), {len(errors)} errors{': ' + errors[0] if errors else ''}")
if waits:
    print(f"upload to verdict on the team page: median {statistics.median(waits):.2f} s, p90 {waits[int(len(waits) * 0.9)]:.2f} s, "
          f"max {waits[-1]:.2f} s (goal: median < 2 s); {missing} never judged")
print(f"server memory: peak resident {max(peak[0], high):.0f} MB (VmHWM {high:.0f} MB; goal < 300 MB), now {resident:.0f} MB")
server.terminate()
server.wait(timeout=30)
sys.exit(1 if errors or missing or not waits or statistics.median(waits) >= 2 or high >= 300 else 0)
