"""A day of answers and check-ins on the players' page: TEAMS teams (300) each sending PER_TEAM
answers (40) to eight answer and choice tasks and CHECKINS (20) to four check-in tasks (a quarter
of them 150 m off), spread evenly over MINUTES (10) as the page sends them (POST
/t/<token>/answer and /check-in, one connection each, loopback only, bounded in time): the time from sending to
the verdict on the page (median, p99, max; goals 200 ms and 1 s), every answer answered, and the
server's memory at its peak against the anchor, a photo-only day of as many submissions (the
same server holding as many simulated photos, judged). See answers.sh."""
import json, os, random, re, statistics, subprocess, sys, threading, time, urllib.error, urllib.request
from concurrent.futures import ThreadPoolExecutor
from players_server import serve_players

hunt, data = sys.argv[1], sys.argv[2]
teams, per_team, minutes = int(os.environ.get("TEAMS", 300)), int(os.environ.get("PER_TEAM", 40)), float(os.environ.get("MINUTES", 10))
checkins = int(os.environ.get("CHECKINS", 20))
# Four check-in tasks 300 m apart; a team's check-ins land inside (3 in 4) or 150 m north of the place.
PLACES = [("k1", 52.0874, 5.1776), ("k2", 52.0900, 5.1776), ("k3", 52.0874, 5.1820), ("k4", 52.0900, 5.1820)]
TASKS = [("n1", "number: 7", ["7", "Seven", "eight", "siete"]), ("n2", "number: 102\n    within: 5", ["100", "90", "102"]),
         ("w1", "answer: [Minnaert, Marcel Minnaert]", ["Minnaert", "Minaert", "Kepler"]), ("w2", "answer: Dom tower", ["the Dom Tower", "dom", "Domtoren"]),
         ("n3", "number: 14", ["14", "fourteen", "twelve"]), ("w3", "answer: Reeds", ["reeds", "Reed", "tulips"]),
         ("c1", "choices: [Reeds, Tulips, Windmills, Bicycles]\n    correct: Reeds", ["Reeds", "Tulips"]),
         ("c2", "choices: [North, South, East, West]\n    correct: [North, East]", ["North", "West"])]

os.makedirs(os.path.join(data, "submissions"), exist_ok=True)
with open(os.path.join(data, "hunt.yaml"), "w") as f:
    f.write("hunt: Answers bench\ntimezone: Europe/Amsterdam\nwindow: { start: 2026-05-02 10:00, end: 2099-05-02 16:00 }\n")
    f.write("teams:\n" + "".join(f"  - {{ id: t{n:03}, name: Team {n} }}\n" for n in range(teams)))
    f.write("tasks:\n" + "".join(f"  - id: {t}\n    title: Question {t}\n    {spec}\n    attempts: 10\n" for t, spec, _ in TASKS))
    f.write("".join(f"  - {{ id: {k}, title: Check in {k}, at: '{lat}, {lon}', radius: 40 m, check_in: true }}\n" for k, lat, lon in PLACES))



def resident_of(pid):
    return int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{pid}/status").read()).group(1)) / 1024


def photo_day():
    """The anchor, a photo-only day of as many submissions: the same teams, photo tasks, and
    PER_TEAM + CHECKINS simulated photos a team (hunt simulate) arriving in the watched folder of
    the same server over ARRIVE seconds (60 batches, moved in as an upload puts a file in place),
    so it judges again as photos come, as on the day; its resident memory at the peak, and once it
    has settled (no change for 5 s)."""
    anchor = os.path.join(data, "photo-day")
    os.makedirs(anchor, exist_ok=True)
    with open(os.path.join(anchor, "hunt.yaml"), "w") as f:
        f.write("hunt: Photo day\ntimezone: Europe/Amsterdam\nwindow: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }\n")
        f.write("defaults: { radius: 50 m, points: 10 }\n")
        f.write("teams:\n" + "".join(f"  - {{ id: t{n:03}, name: Team {n} }}\n" for n in range(teams)))
        f.write("tasks:\n" + "".join(f"  - {{ id: p{i}, title: Place {i}, at: '{52.08 + 0.002 * i:.5f}, 5.16' }}\n" for i in range(len(TASKS) + len(PLACES))))
    sim = os.path.join(anchor, "sim")
    subprocess.run([hunt, "simulate", os.path.join(anchor, "hunt.yaml"), "--photos-per-team", str(per_team + checkins), "--seed", "1",
                    "--out", sim], check=True, stdout=subprocess.DEVNULL)
    files = sorted(os.path.relpath(os.path.join(d, n), os.path.join(sim, "submissions"))
                   for d, _, names in os.walk(os.path.join(sim, "submissions")) for n in names)
    random.Random(2).shuffle(files)
    os.makedirs(os.path.join(anchor, "submissions"))
    photo_server, _, _ = serve_players(hunt, anchor, teams, [])
    peak = [0.0]
    stop = threading.Event()

    def watch():
        while not stop.is_set():
            peak[0] = max(peak[0], resident_of(photo_server.pid))
            stop.wait(0.25)

    threading.Thread(target=watch, daemon=True).start()
    try:
        arrive = float(os.environ.get("ARRIVE", 120))
        batch = max(1, len(files) // 60)
        for k in range(0, len(files), batch):
            for rel in files[k:k + batch]:
                target = os.path.join(anchor, "submissions", rel)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                os.rename(os.path.join(sim, "submissions", rel), target)
            time.sleep(arrive / 60)
        last, still, until = 0.0, time.monotonic(), time.monotonic() + 120
        while time.monotonic() < until and time.monotonic() - still < 5:
            now = resident_of(photo_server.pid)
            if abs(now - last) > 1:
                last, still = now, time.monotonic()
            time.sleep(0.25)
        return peak[0], last
    finally:
        stop.set()
        photo_server.terminate()
        photo_server.wait(timeout=10)


photo_peak, photo_settled = photo_day()
print(f"anchor, a photo-only day of {teams * (per_team + checkins)} photos arriving over {os.environ.get('ARRIVE', 120)} s: server memory {photo_peak:.0f} MB at the peak, {photo_settled:.0f} MB settled")
server, port, paths = serve_players(hunt, data, teams, ["--players-rate", "100000"])
rooms = [f"http://127.0.0.1:{port}{paths[team]}" for team in sorted(paths)]


def resident():
    return resident_of(server.pid)


random.seed(1)
def checkin(room):
    task, lat, lon = random.choice(PLACES)
    if random.random() < 0.25:
        lat += 150 / 111_200
    return (room, task, {"latitude": lat + random.uniform(-1e-4, 1e-4), "longitude": lon + random.uniform(-1e-4, 1e-4), "accuracy": random.uniform(4, 15)})


jobs = [(room, *random.choice([(t, random.choice(a)) for t, _, a in TASKS])) for room in rooms for _ in range(per_team)]
jobs += [checkin(room) for room in rooms for _ in range(checkins)]
random.shuffle(jobs)
spacing = minutes * 60 / len(jobs)
latencies, codes, lock = [], {}, threading.Lock()
peak = [0.0]


def post(i):
    room, task, sent = jobs[i]
    route, body = ("/check-in", {"task": task, **sent}) if isinstance(sent, dict) else ("/answer", {"task": task, "answer": sent})
    # Open loop: each answer leaves at its time whether or not the ones before were answered.
    delay = start + i * spacing - time.monotonic()
    if delay > 0:
        time.sleep(delay)
    body = json.dumps(body).encode()
    sent = time.monotonic()
    try:
        with urllib.request.urlopen(urllib.request.Request(room + route, data=body, headers={"Content-Type": "application/json"}), timeout=30) as r:
            code = r.status
            r.read()
    except urllib.error.HTTPError as e:
        code = e.code
    except Exception:
        code = "error"
    with lock:
        codes[code] = codes.get(code, 0) + 1
        latencies.append(time.monotonic() - sent)


def watch_memory():
    while server.poll() is None and not done.is_set():
        peak[0] = max(peak[0], resident())
        done.wait(0.5)


try:
    time.sleep(1)
    before = resident()
    done = threading.Event()
    threading.Thread(target=watch_memory, daemon=True).start()
    start = time.monotonic() + 0.5
    with ThreadPoolExecutor(64) as pool:
        list(pool.map(post, range(len(jobs))))
    done.set()
    took = time.monotonic() - start
    latencies.sort()
    median, p99 = statistics.median(latencies) * 1000, latencies[int(len(latencies) * 0.99) - 1] * 1000
    print(f"{len(jobs)} answers and check-ins ({teams * per_team} + {teams * checkins}) from {teams} teams over {took:.0f} s ({len(jobs) / took:.1f}/s); status {codes}")
    print(f"sent → verdict: median {median:.0f} ms, p99 {p99:.0f} ms, max {latencies[-1] * 1000:.0f} ms (goals 200 ms and 1000 ms)")
    print(f"server memory: {before:.0f} MB before, {peak[0]:.0f} MB at the peak; the photo-only day's peak {photo_peak:.0f} MB: "
          f"{peak[0] - photo_peak:+.0f} MB (goal: at most +50 MB)")
    ok = codes.get(200, 0) == len(jobs) and median <= 200 and p99 <= 1000 and peak[0] - photo_peak <= 50
    sys.exit(0 if ok else 1)
finally:
    server.terminate()
    server.wait(timeout=10)
