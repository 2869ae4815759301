"""Soak check of `hunt serve` with `--out`: 4 judges decide (and undo) as fast as the server
answers while photos are added to and removed from the folder, until DECISIONS decisions or
SOAK seconds, whichever comes first. Fails when any request goes unanswered for 2 s (a deadlock,
as two OutputBatch values freed at once once caused), when an answer is not 200, or when the
server dies; at the end SIGTERM must stop it within 10 s. Loopback only; bounded in count and time.

usage: serve-soak.py HUNT EXAMPLE_DIR DECISIONS SOAK_SECONDS
"""
import http.client, json, os, re, shutil, signal, subprocess, sys, tempfile, threading, time

hunt, example, total, soak = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
CLIENTS, ANSWER_WITHIN = 4, 2.0

work = tempfile.mkdtemp(prefix="hunt-soak-")
shutil.copy(os.path.join(example, "hunt.yaml"), work)
shutil.copytree(os.path.join(example, "submissions"), os.path.join(work, "submissions"))
submissions = os.path.join(work, "submissions")
server = subprocess.Popen([hunt, "serve", os.path.join(work, "hunt.yaml"), submissions,
                           "--reviews", os.path.join(work, "reviews.yaml"), "--out", os.path.join(work, "out"),
                           "--listen", "127.0.0.1:0", "--format", "html,csv,md"],
                          stdout=subprocess.PIPE, stderr=open(os.path.join(work, "serve.stderr"), "w"), text=True)
judge_url = server.stdout.readline().split()[1]
port = int(re.search(r":(\d+)/", judge_url).group(1))
token = judge_url.split("token=")[1]
headers = {"Authorization": "Bearer " + token, "Host": f"127.0.0.1:{port}", "Content-Type": "application/json"}

failures = []
counts = {"gone": 0, "decisions": 0, "undos": 0, "added": 0, "removed": 0, "slowest": 0.0}
lock = threading.Lock()
deadline = time.time() + soak
stop = threading.Event()


def fail(message):
    with lock:
        failures.append(message)
    stop.set()


def call(connection, method, path, body=None):
    """One request; None when it was refused with a status the soak expects (a photo that left)."""
    t = time.perf_counter()
    try:
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = connection.getresponse()
        data = response.read()
    except Exception as error:  # socket.timeout among them: no answer within ANSWER_WITHIN
        fail(f"{method} {path}: no answer within {ANSWER_WITHIN} s ({type(error).__name__}: {error})")
        return None
    took = time.perf_counter() - t
    with lock:
        counts["slowest"] = max(counts["slowest"], took)
    if response.status == 404 and b"submission" in data:
        with lock:
            counts["gone"] += 1
        return None  # the photo was removed between listing and deciding
    if response.status != 200:
        fail(f"{method} {path}: {response.status} {data[:300]!r}")
        return None
    return json.loads(data)


def judge(n):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=ANSWER_WITHIN)
    i = 0
    while not stop.is_set() and time.time() < deadline:
        with lock:
            if counts["decisions"] >= total:
                return
        queue = call(connection, "GET", "/api/queue?verdict=all&limit=200")
        if queue is None:
            continue
        items = queue["items"]
        for item in items[n::CLIENTS][:25]:
            if stop.is_set():
                return
            i += 1
            answer = call(connection, "POST", "/api/decisions",
                          {"id": item["id"], "decision": "accept" if i % 3 else "reject", "by": f"judge {n}", "note": f"#{i}"})
            if answer is not None:
                with lock:
                    counts["decisions"] += 1
            if i % 10 == 0 and call(connection, "POST", "/api/undo", {"id": item["id"], "by": f"judge {n}"}) is not None:
                with lock:
                    counts["undos"] += 1


def arrivals():
    if os.environ.get("ARRIVALS") == "0":
        return  # decisions only (the deadlock of two batches freed at once needed no arrivals)
    team = os.path.join(submissions, sorted(os.listdir(submissions))[0])
    sources = [os.path.join(dp, f) for dp, _, fs in os.walk(team) for f in fs if f.lower().endswith(".jpg")]
    n = 0
    while not stop.is_set() and time.time() < deadline:
        with lock:
            if counts["decisions"] >= total:
                return
        source = sources[n % len(sources)]
        target = os.path.join(os.path.dirname(source), f"soak-{n}.jpg")
        shutil.copy(source, target + ".part")
        os.rename(target + ".part", target)
        with lock:
            counts["added"] += 1
        old = os.path.join(os.path.dirname(sources[(n - 3) % len(sources)]), f"soak-{n - 3}.jpg")
        if n >= 3 and os.path.exists(old):
            os.remove(old)
            with lock:
                counts["removed"] += 1
        n += 1
        time.sleep(0.25)


started = time.time()
threads = [threading.Thread(target=judge, args=(n,)) for n in range(CLIENTS)] + [threading.Thread(target=arrivals)]
for thread in threads:
    thread.start()
while any(t.is_alive() for t in threads):
    time.sleep(0.5)
    if server.poll() is not None:
        fail(f"the server exited with status {server.returncode}")
        break
for thread in threads:
    thread.join(timeout=ANSWER_WITHIN + 1)
elapsed = time.time() - started

server.send_signal(signal.SIGTERM)
try:
    server.wait(timeout=10)
except subprocess.TimeoutExpired:
    failures.append("SIGTERM did not stop the server within 10 s")
    server.kill()
    server.wait()

# The audit log holds every decision the reviews file holds (it is written first).
audit = os.path.join(work, "reviews.audit.jsonl")
logged = set()
if os.path.exists(audit):
    for line in open(audit):
        try:
            logged.add(json.loads(line)["path"])
        except ValueError:
            pass
reviews_text = open(os.path.join(work, "reviews.yaml")).read() if os.path.exists(os.path.join(work, "reviews.yaml")) else ""
keys = [json.loads(k) if k.startswith('"') else k for k in re.findall(r'^("(?:[^"\\]|\\.)*"|[^\s#][^:]*):\s*$', reviews_text, re.M)]
missing = [k for k in keys if k not in logged]
if missing:
    failures.append(f"{len(missing)} decisions in the reviews file are not in the audit log, e.g. {missing[:2]}")

print(f"soak: {counts['decisions']} decisions and {counts['undos']} undos from {CLIENTS} judges in {elapsed:.0f} s "
      f"({counts['decisions'] / max(elapsed, 0.001):.0f}/s) with --out; {counts['added']} photos added, {counts['removed']} removed; "
      f"{counts['gone']} refused as gone; "
      f"slowest answer {counts['slowest'] * 1000:.0f} ms")
if failures:
    print("soak: FAILED\n  " + "\n  ".join(failures[:10]))
    print(f"  (the server's stderr and files are in {work})")
    sys.exit(1)
shutil.rmtree(work, ignore_errors=True)
print("soak: held")
