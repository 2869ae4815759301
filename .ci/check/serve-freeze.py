"""A frozen leaderboard and its reveal, end to end: `leaderboard: { freeze: … }` on a hunt whose
window ends within the hour, in headless Chromium (the leaderboard screen with the viewers'
token, a team's page at 360 px). Before the freeze a judge's decision reaches both; at the
freeze's start both say "frozen"; a decision then changes the judges' board only; a server
restarted during the freeze shows the same frozen standings; the reveal is refused to the
viewers' token, plays the final ranking from last place up on the screen, and unfreezes the
team's page. Usage: serve-freeze.py HUNT EXAMPLE (part of serve-browser.sh)."""
import datetime, json, os, re, shutil, sys, tempfile, time, urllib.error, urllib.request
from selenium.webdriver.common.by import By
from browser_check import check, stop, finish, phone, serve_players, wait

hunt, example = sys.argv[1], sys.argv[2]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-serve-freeze-")
folder = os.path.join(work, "hunt")
shutil.copytree(example, folder)
# The window ends in an hour; the freeze starts 25 s after the server does.
now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
end = now + datetime.timedelta(hours=1)
freeze_start = now + datetime.timedelta(seconds=25)
with open(os.path.join(folder, "hunt.yaml")) as f:
    yaml = f.read()
yaml = re.sub(r"^window: .*$", f"window: {{ start: 2026-05-02 10:00, end: {end.strftime('%Y-%m-%dT%H:%M:%SZ')} }}\n"
              f"leaderboard: {{ freeze: {int((end - freeze_start).total_seconds())} s }}", yaml, count=1, flags=re.M)
with open(os.path.join(folder, "hunt.yaml"), "w") as f:
    f.write(yaml)


def api(urls, path, body=None, token=None):
    """The answer to `path` on the server (GET, or POST with `body`), with the judge's token unless told."""
    origin = urls["judge"].split("/queue")[0]
    token = token or urls["judge"].split("token=")[1]
    request = urllib.request.Request(origin + path,
                                     data=None if body is None else json.dumps(body).encode(), method="GET" if body is None else "POST",
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def points(board, team):
    return next(t["points"] for t in board["teams"] if t["id"] == team)


def screen_points(driver, team):
    cells = driver.find_elements(By.CSS_SELECTOR, f"#ranks tr[data-team='{team}'] td.points")
    return int(cells[0].text) if cells and cells[0].text.isdigit() else None


def reject_one(urls, team):
    """Rejects `team`'s accepted photo for a task it has no other photo for."""
    _, results = api(urls, "/api/results")
    standing = next(t for t in results["teams"] if t["id"] == team)
    sent = [s["task"] for s in results["submissions"] if s["team"] == team]
    done = next(c for c in standing["completions"] if sent.count(c["task"]) == 1)
    status, _ = api(urls, "/api/decisions", {"path": done["submission"], "decision": "reject", "by": "freeze check"})
    check(status == 200, f"a judge rejects {done['submission']} (HTTP {status})")


def truth_after(urls, team, before):
    """The team's points on the judges' board once a decision changed them from `before`."""
    for _ in range(100):
        _, board = api(urls, "/api/leaderboard")
        if points(board, team) != before:
            return points(board, team), board
        time.sleep(0.05)
    check(False, f"the decision changed {team}'s points on the judges' board")
    return before, board


process, urls = serve_players(hunt, folder, "herons", "--players-see", "leaderboard")
viewer = team = None
try:
    check("judge" in urls and "leaderboard" in urls and "team owls" in urls, "hunt serve printed the judge's, the screen's and the teams' URLs")
    viewer = phone(1280, 720)
    viewer.get(urls["leaderboard"])
    wait(viewer, lambda d: screen_points(d, "owls") is not None, "the leaderboard screen shows the owls")
    team = phone(360, 780)
    team.get(urls["team owls"])
    wait(team, lambda d: d.execute_script("return P.state && P.state.points") is not None, "the owls' page shows their points")
    check(not viewer.find_elements(By.CSS_SELECTOR, "#frozen"), "before the freeze the screen says nothing of it")

    # Before the freeze a decision reaches every page.
    _, board = api(urls, "/api/leaderboard")
    before = points(board, "owls")
    reject_one(urls, "owls")
    frozen_points, _ = truth_after(urls, "owls", before)
    wait(viewer, lambda d: screen_points(d, "owls") == frozen_points, f"before the freeze the screen follows ({before} → {frozen_points})")
    wait(team, lambda d: d.execute_script("return P.state.points") == frozen_points, "and so does the team's page")

    # The freeze starts on the clock.
    left = (freeze_start - datetime.datetime.now(datetime.timezone.utc)).total_seconds()
    check(left > 0, f"the freeze had not started yet ({left:.0f} s to go)")
    wait(viewer, lambda d: d.find_elements(By.CSS_SELECTOR, "#frozen"), "at its start the screen says it is frozen", seconds=left + 5)
    check("Frozen since" in viewer.find_element(By.ID, "frozen").text, f"in words: {viewer.find_element(By.ID, 'frozen').text!r}")
    wait(team, lambda d: d.find_element(By.ID, "frozen").is_displayed(), "and the team's page shows the freeze banner", seconds=5)
    check("Scores frozen since" in team.find_element(By.ID, "frozen").text, f"in the players' words: {team.find_element(By.ID, 'frozen').text!r}")
    team.save_screenshot(os.path.join(screens, "players-frozen-360.png"))

    # During the freeze a decision changes the judges' board only.
    reject_one(urls, "owls")
    final, truth = truth_after(urls, "owls", frozen_points)
    check(truth.get("frozen_since"), f"the judges' board has the truth ({frozen_points} → {final}), and says players see it frozen")
    _, shown = api(urls, "/api/leaderboard", token=urls["leaderboard"].split("token=")[1])
    check(points(shown, "owls") == frozen_points, f"the viewers' board keeps the frozen points ({points(shown, 'owls')})")
    time.sleep(2)
    check(screen_points(viewer, "owls") == frozen_points, "the screen has not changed 2 s after the decision")
    check(team.execute_script("return P.state.points") == frozen_points, "nor the team's points")
    viewer.save_screenshot(os.path.join(screens, "leaderboard-frozen.png"))

    # A restart keeps the frozen standings (kept beside the reviews file).
    process.terminate()
    process.wait(timeout=10)
    check(os.path.exists(os.path.join(folder, "reviews.board.json")), "the frozen standings are kept in reviews.board.json")
    process, urls = serve_players(hunt, folder, "herons", "--players-see", "leaderboard")
    _, shown = api(urls, "/api/leaderboard", token=urls["leaderboard"].split("token=")[1])
    check(points(shown, "owls") == frozen_points and shown.get("frozen_since"), "after a restart the viewers still see the frozen standings")

    # The reveal: not with the viewers' token; with the judge's it plays on the screen.
    viewer.get(urls["leaderboard"])
    wait(viewer, lambda d: d.find_elements(By.CSS_SELECTOR, "#frozen"), "the screen, opened again, is frozen")
    status, text = api(urls, "/api/reveal", {}, token=urls["leaderboard"].split("token=")[1])
    check(status in (401, 403), f"the viewers' token cannot reveal (HTTP {status}: {str(text).strip()[:80]})")
    # The judges' leaderboard: the truth, a note that players see it frozen, and the Reveal button.
    team.set_window_size(1280, 720)
    team.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    team.get(urls["judge"].replace("/queue?", "/leaderboard?"))
    wait(team, lambda d: d.find_elements(By.ID, "reveal") and screen_points(d, "owls") == final,
         "the judges' leaderboard shows the truth with a Reveal button")
    team.save_screenshot(os.path.join(screens, "leaderboard-judge-frozen.png"))
    team.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 780, "deviceScaleFactor": 1, "mobile": True})
    team.get(urls["team owls"])
    wait(team, lambda d: d.execute_script("return P.state && P.state.points") == frozen_points, "the team's page, opened again, is frozen")
    status, revealed = api(urls, "/api/reveal", {})
    check(status == 200 and points(revealed, "owls") == final, f"the judge reveals (HTTP {status})")
    wait(viewer, lambda d: d.find_elements(By.ID, "revealing"), "the screen plays the final ranking", seconds=5)
    viewer.save_screenshot(os.path.join(screens, "leaderboard-reveal.png"))
    ranks = [t["rank"] for t in revealed["teams"]]
    wait(viewer, lambda d: [int(r.text) for r in d.find_elements(By.CSS_SELECTOR, "#ranks tr td:first-child")][:1] == [max(ranks)],
         "from last place up", seconds=5)
    wait(viewer, lambda d: not d.find_elements(By.ID, "revealing") and screen_points(d, "owls") == final,
         "then shows the truth, unfrozen", seconds=30)
    wait(team, lambda d: d.execute_script("return P.state.points") == final and not d.find_element(By.ID, "frozen").is_displayed(),
         "the team's page shows the final points, unfrozen")
    status, _ = api(urls, "/api/reveal", {})
    check(status == 409, f"a second reveal is refused (HTTP {status})")
    viewer.save_screenshot(os.path.join(screens, "leaderboard-revealed.png"))
finally:
    stop(process, work, viewer, team)

finish("frozen leaderboard", screens)
