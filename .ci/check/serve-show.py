"""The end-of-day show in headless Chromium: a team says on its page (360 px) that its photos must
not be shown; a judge stars a photo of that team and one of another in the console (the star
button); the show page with the leaderboard's token then plays only the other team's starred
photo, a JPEG without position or device, then the podium; the choices survive a restart.
Usage: serve-show.py HUNT EXAMPLE (part of serve-browser.sh)."""
import json, os, shutil, sys, tempfile, urllib.request
from selenium.webdriver.common.by import By
from browser_check import check, stop, finish, phone, serve_players, wait

hunt, example = sys.argv[1], sys.argv[2]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-serve-show-")
folder = os.path.join(work, "hunt")
shutil.copytree(example, folder)


def get(urls, path, token):
    origin = urls["judge"].split("/queue")[0]
    request = urllib.request.Request(origin + path, headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read()


def token(urls, name):
    return urls[name].split("token=")[1]


process, urls = serve_players(hunt, folder, "herons")
judge = team = None
try:
    # The owls say no on their page.
    team = phone(360, 780)
    team.get(urls["team owls"])
    wait(team, lambda d: d.execute_script("return P.state !== null"), "the owls' page opens")
    box = team.find_element(By.ID, "in-show")
    check(box.is_selected(), "a team's photos may be shown unless it says no (the box is ticked)")
    team.execute_script("document.getElementById('show-section').scrollIntoView()")
    box.click()
    wait(team, lambda d: not d.find_element(By.ID, "in-show").get_property("disabled")
         and d.execute_script("return P.state && P.state.in_show") is False, "unticked, the server keeps it and the page says so")
    team.save_screenshot(os.path.join(screens, "players-show-consent-360.png"))

    # A judge stars an owls photo and a foxes photo with the console's star button.
    judge = phone(1280, 800)
    queue = json.loads(get(urls, "/api/queue?verdict=accepted&limit=200", token(urls, "judge")))["items"]
    starred = {}
    for team_id in ("owls", "foxes"):
        item = next(i for i in queue if i["team"] == team_id)
        judge.get(urls["judge"].split("?")[0] + "?verdict=accepted&id=" + item["id"] + "&token=" + token(urls, "judge"))
        wait(judge, lambda d: d.find_element(By.ID, "star").is_enabled() and d.find_element(By.ID, "star").text.startswith("Star for the show"), f"the console shows {item['path']} with a star button")
        judge.find_element(By.ID, "star").click()
        wait(judge, lambda d: d.find_element(By.ID, "star").text.startswith("In the show"), f"starred: the button says it is in the show")
        starred[team_id] = item["path"]
    judge.save_screenshot(os.path.join(screens, "console-starred.png"))

    viewer = token(urls, "leaderboard")
    show = json.loads(get(urls, "/api/show", viewer))
    check(show["starred_only"] and [s["team"] for s in show["slides"]] == ["Red Foxes"],
          f"the show has the starred photos of teams that did not say no ({[s['team'] for s in show['slides']]})")
    check(show["teams_withheld"] == 1 and "starred_ids" not in show, "it counts one team withheld, and names no ids to viewers")
    jpeg = get(urls, show["slides"][0]["photo"], viewer)
    check(jpeg[:2] == b"\xff\xd8" and b"Exif" not in jpeg[:4096] and b"GPS" not in jpeg, "a slide is a JPEG with no EXIF (no position, no device)")

    # The show page, on the projector, one second a photo.
    judge.get(urls["leaderboard"].replace("/leaderboard?", "/show?seconds=1&"))
    wait(judge, lambda d: d.execute_script("const i = document.querySelector('figure.slide img'); return i && i.complete && i.naturalWidth > 0"),
         "the show page plays the starred photo")
    check("Red Foxes" in judge.find_element(By.CSS_SELECTOR, "figure.slide figcaption").text, "captioned with its team and task")
    judge.save_screenshot(os.path.join(screens, "show-slide.png"))
    wait(judge, lambda d: d.find_elements(By.CSS_SELECTOR, "#podium li"), "then the podium", seconds=8)
    check(len(judge.find_elements(By.CSS_SELECTOR, "#podium li")) == 3, "with three places")
    judge.save_screenshot(os.path.join(screens, "show-podium.png"))

    # A restart keeps the stars and the team's no.
    process.terminate()
    process.wait(timeout=10)
    process, urls = serve_players(hunt, folder, "herons")
    show = json.loads(get(urls, "/api/show", token(urls, "leaderboard")))
    check([s["team"] for s in show["slides"]] == ["Red Foxes"] and show["teams_withheld"] == 1, "after a restart the show is the same")
    with open(os.path.join(folder, "reviews.show.json")) as f:
        kept = json.load(f)
    check(sorted(kept["starred"]) == sorted(starred.values()) and kept["withheld"] == ["owls"], "kept in reviews.show.json beside the reviews file")
finally:
    stop(process, work, judge, team)

finish("the show", screens)
