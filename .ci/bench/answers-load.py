"""A day of answers and check-ins on the players' page: TEAMS teams (300) each sending PER_TEAM
answers (40) to eight answer and choice tasks and CHECKINS (20) to four check-in tasks (a quarter
of them 150 m off), spread evenly over MINUTES (10) as the page sends them (POST
/t/<token>/answer and /check-in, one connection each, loopback only, bounded in time): the time from sending to
the verdict on the page (median, p99, max; goals 200 ms and 1 s), every answer answered, and the
server's memory at its peak against the anchor, a photo-only day of as many submissions sent the
same way (the same teams, as many simulated photos uploaded through the page at the same pace,
POST /t/<token>/upload). See answers.sh."""
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


def day(server, port, paths, jobs, send):
    """Sends JOBS (team, ...) open loop, evenly over MINUTES, each with SEND(room URL, job) → the
    request; the time each took to be answered, the answers' statuses, and the server's memory
    before and at its peak."""
    rooms = {team: f"http://127.0.0.1:{port}{path}" for team, path in paths.items()}
    spacing = minutes * 60 / len(jobs)
    latencies, codes, lock, peak, done = [], {}, threading.Lock(), [0.0], threading.Event()

    def post(i):
        request = send(rooms[jobs[i][0]], jobs[i])
        # Open loop: each leaves at its time whether or not the ones before were answered.
        delay = start + i * spacing - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        sent = time.monotonic()
        try:
            with urllib.request.urlopen(request, timeout=30) as r:
                code = r.status
                r.read()
        except urllib.error.HTTPError as e:
            code = e.code
        except Exception:
            code = "error"
        with lock:
            codes[code] = codes.get(code, 0) + 1
            latencies.append(time.monotonic() - sent)

    def watch():
        while server.poll() is None and not done.is_set():
            peak[0] = max(peak[0], resident_of(server.pid))
            done.wait(0.25)

    time.sleep(1)
    before = resident_of(server.pid)
    threading.Thread(target=watch, daemon=True).start()
    start = time.monotonic() + 0.5
    try:
        with ThreadPoolExecutor(64) as pool:
            list(pool.map(post, range(len(jobs))))
    finally:
        done.set()
    took = time.monotonic() - start
    latencies.sort()
    return {"took": took, "codes": codes, "before": before, "peak": peak[0], "median": statistics.median(latencies) * 1000,
            "p99": latencies[int(len(latencies) * 0.99) - 1] * 1000, "max": latencies[-1] * 1000}


def photo_day():
    """The anchor, a photo-only day of as many submissions: the same teams, photo tasks, and
    PER_TEAM + CHECKINS simulated photos a team (hunt simulate), uploaded through the page as
    the answers are sent, open loop over MINUTES."""
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
    # Each photo sent by its team to the task hunt simulate meant it for (answers.json).
    planned = json.load(open(os.path.join(sim, "answers.json")))["submissions"]
    jobs = [(p["team"], p["task"], os.path.join(sim, "submissions", p["path"])) for p in planned]
    random.Random(2).shuffle(jobs)
    os.makedirs(os.path.join(anchor, "submissions"))

    def upload(room, job):
        _, task, path = job
        return urllib.request.Request(f"{room}/upload?task={task}", data=open(path, "rb").read(), headers={"Content-Type": "image/jpeg"})

    server, port, paths = serve_players(hunt, anchor, teams, ["--players-rate", "100000", "--players-max-files", str(per_team + checkins + 5)])
    try:
        return day(server, port, paths, jobs, upload)
    finally:
        server.terminate()
        server.wait(timeout=10)


random.seed(1)
def checkin(team):
    task, lat, lon = random.choice(PLACES)
    if random.random() < 0.25:
        lat += 150 / 111_200
    return (team, task, {"latitude": lat + random.uniform(-1e-4, 1e-4), "longitude": lon + random.uniform(-1e-4, 1e-4), "accuracy": random.uniform(4, 15)})


def answer(room, job):
    _, task, sent = job
    route, body = ("/check-in", {"task": task, **sent}) if isinstance(sent, dict) else ("/answer", {"task": task, "answer": sent})
    return urllib.request.Request(room + route, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})


names = [f"t{n:03}" for n in range(teams)]
jobs = [(team, *random.choice([(t, random.choice(a)) for t, _, a in TASKS])) for team in names for _ in range(per_team)]
jobs += [checkin(team) for team in names for _ in range(checkins)]
random.shuffle(jobs)

photos = photo_day()
print(f"anchor, a photo-only day: {len(jobs)} photos uploaded through the page over {photos['took']:.0f} s; status {photos['codes']}; "
      f"sent → stored: median {photos['median']:.0f} ms, p99 {photos['p99']:.0f} ms; server memory {photos['before']:.0f} MB before, {photos['peak']:.0f} MB at the peak")
server, port, paths = serve_players(hunt, data, teams, ["--players-rate", "100000"])
try:
    answers = day(server, port, paths, jobs, answer)
finally:
    server.terminate()
    server.wait(timeout=10)
print(f"{len(jobs)} answers and check-ins ({teams * per_team} + {teams * checkins}) from {teams} teams over {answers['took']:.0f} s "
      f"({len(jobs) / answers['took']:.1f}/s); status {answers['codes']}")
print(f"sent → verdict: median {answers['median']:.0f} ms, p99 {answers['p99']:.0f} ms, max {answers['max']:.0f} ms (goals 200 ms and 1000 ms)")
print(f"server memory: {answers['before']:.0f} MB before, {answers['peak']:.0f} MB at the peak; the photo-only day's peak {photos['peak']:.0f} MB: "
      f"{answers['peak'] - photos['peak']:+.0f} MB (goal: at most +50 MB)")
ok = (answers["codes"].get(200, 0) == len(jobs) and photos["codes"].get(201, 0) + photos["codes"].get(200, 0) == len(jobs)
      and answers["median"] <= 200 and answers["p99"] <= 1000 and answers["peak"] - photos["peak"] <= 50)
sys.exit(0 if ok else 1)
