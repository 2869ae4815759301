"""The live day in headless Chromium: announcements, a team's question and its reply, and
pause/resume/end from the judges' console, seen on three teams' phones (360 px). See players-browser.sh."""
import os, re, shutil, sys, tempfile, time
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select
from browser_check import check, failures, finish, phone, wait, serve_players

hunt, example = sys.argv[1], sys.argv[2]
screens = os.environ.get("SCREENS", ".")
work = tempfile.mkdtemp(prefix="hunt-live-browser-")
folder = os.path.join(work, "hunt")
shutil.copytree(example, folder)
photo = os.path.join(work, "phone", "bridge.jpg")
os.makedirs(os.path.dirname(photo))
shutil.copy(os.path.join(example, "submissions/foxes/library/IMG_0002.jpg"), photo)
with open(photo, "ab") as f:
    f.write(b"a new photo, not one the foxes sent before")  # after the JPEG's end: read the same, hashed differently

process, urls = serve_players(hunt, folder, "herons")
drivers = []


def text_of(driver, element_id):
    return driver.execute_script("const e = document.getElementById(arguments[0]); return e && !e.hidden ? e.innerText : ''", element_id)


def within(drivers_and_ids, predicate, seconds):
    """Seconds until predicate holds on every (driver, id) pair, or None after `seconds`."""
    start = time.monotonic()
    pending = list(drivers_and_ids)
    while pending and time.monotonic() - start < seconds:
        pending = [(d, i) for d, i in pending if not predicate(text_of(d, i))]
        time.sleep(0.02)
    return None if pending else time.monotonic() - start


try:
    foxes, owls, herons = (phone() for _ in range(3))
    drivers += [foxes, owls, herons]
    for driver, team in [(foxes, "foxes"), (owls, "owls"), (herons, "herons")]:
        driver.get(urls["team " + team])
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "article.task"), f"{team}' page is open")
    # The herons' phone goes offline (its page closed) before the announcement.
    herons.get("about:blank")

    console = phone(1400, 900)
    drivers.append(console)
    console.get(urls["judge"])
    wait(console, lambda d: "running" in d.find_element(By.ID, "live-state").text, "the console says the game is running")
    console.execute_script("localStorage.setItem('hunt-judge-name', 'Ann Organizer')")
    console.find_element(By.ID, "announce-open").click()
    wait(console, lambda d: d.find_element(By.ID, "announce-dialog").get_attribute("open") is not None, "Announce… opens its form")
    words = "The museum closes at 16:00 — skip it. <b>not bold</b>"
    console.find_element(By.ID, "announce-text").send_keys(words)
    console.save_screenshot(os.path.join(screens, "live-console-announce.png"))
    console.find_element(By.ID, "announce-send").click()
    console.switch_to.alert.accept()
    seconds = within([(foxes, "news-new"), (owls, "news-new")], lambda t: "museum closes" in t, 5)
    check(seconds is not None and seconds < 1, f"the announcement is on two teams' pages within 1 s ({seconds})")
    check(words in text_of(foxes, "news") and not foxes.find_elements(By.CSS_SELECTOR, "#news b"), "listed on the page, as text, never HTML")
    wait(console, lambda d: "museum closes" in d.find_element(By.ID, "announce-list").text, "the console lists it as sent")
    herons.get(urls["team herons"])
    wait(herons, lambda d: "museum closes" in text_of(d, "news") and "museum closes" in text_of(d, "news-new"),
         "the third team's page gets it once it is back")
    foxes.save_screenshot(os.path.join(screens, "live-announcement-360.png"))
    fits = foxes.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
    check(fits[0] <= fits[1], f"nothing to scroll sideways at 360 px ({fits[0]} of {fits[1]})")
    foxes.find_element(By.CSS_SELECTOR, "#news-new button").click()
    wait(foxes, lambda d: d.find_element(By.ID, "news-new").get_attribute("hidden") is not None, "× puts the header's copy away")
    foxes.refresh()
    wait(foxes, lambda d: "museum closes" in text_of(d, "news"), "the list keeps it after a reload")
    check(text_of(foxes, "news-new") == "", "and the phone remembers it was seen")

    # To one team: the owls see it, the foxes never do.
    Select(console.find_element(By.ID, "announce-team")).select_by_value("owls")
    console.find_element(By.ID, "announce-text").send_keys("Owls: your marshal is at the north gate.")
    console.find_element(By.ID, "announce-send").click()
    console.switch_to.alert.accept()
    wait(owls, lambda d: "north gate" in text_of(d, "news-new"), "an announcement to one team reaches it")
    check("north gate" not in text_of(foxes, "news") + text_of(foxes, "news-new"), "and not another team")
    check("north gate" not in foxes.page_source, "not even in the other team's page source")
    console.find_element(By.ID, "announce-cancel").click()

    # A question from a team reaches the console's inbox; the reply reaches that team only.
    foxes.execute_script("document.getElementById('message-section').scrollIntoView()")
    foxes.find_element(By.ID, "message-text").send_keys("Our phone died: can we send from another? <i>x</i>")
    foxes.find_element(By.CSS_SELECTOR, "#message-form button").click()
    wait(foxes, lambda d: "Our phone died" in text_of(d, "thread"), "the team's message is on its page")
    wait(console, lambda d: d.find_element(By.ID, "inbox-unread").text == "(1)", "the console's inbox counts it unread")
    console.find_element(By.ID, "inbox-open").click()
    wait(console, lambda d: "Our phone died" in d.find_element(By.ID, "inbox-threads").text, "the inbox shows it in the foxes' thread")
    console.find_element(By.CSS_SELECTOR, "#inbox-threads section[data-team=foxes] textarea").send_keys("Yes: open your team link on any phone.")
    console.save_screenshot(os.path.join(screens, "live-console-inbox.png"))
    console.find_element(By.CSS_SELECTOR, "#inbox-threads section[data-team=foxes] button").click()
    wait(foxes, lambda d: "any phone" in text_of(d, "thread"), "the reply reaches that team's page")
    wait(console, lambda d: d.find_element(By.ID, "inbox-unread").text == "", "and the inbox has nothing unread")
    check("any phone" not in owls.page_source and "phone died" not in owls.page_source, "nothing of the foxes' thread reaches the owls")
    foxes.save_screenshot(os.path.join(screens, "live-thread-360.png"))
    console.find_element(By.ID, "inbox-close").click()

    # Pause: the page says so at once; an upload is refused with the paused words; Resume, Try again takes it.
    console.find_element(By.ID, "live-pause").click()
    console.switch_to.alert.accept()
    seconds = within([(foxes, "live"), (owls, "live")], lambda t: "paused" in t, 5)
    check(seconds is not None and seconds < 1, f"the pages say paused within 1 s ({seconds})")
    wait(console, lambda d: "PAUSED" in d.find_element(By.ID, "live-state").text, "the console says paused")
    foxes.find_element(By.CSS_SELECTOR, "#task-bridge input[type=file]").send_keys(photo)
    task_text = lambda d: d.execute_script("return document.getElementById('task-bridge').innerText")
    wait(foxes, lambda d: "not taken: the game is paused" in task_text(d), "an upload while paused is refused with the paused words")
    foxes.execute_script("document.getElementById('task-bridge').scrollIntoView()")
    foxes.save_screenshot(os.path.join(screens, "live-paused-360.png"))
    console.find_element(By.ID, "live-resume").click()
    console.switch_to.alert.accept()
    wait(foxes, lambda d: text_of(d, "live") == "", "resumed, the banner goes")
    foxes.find_element(By.CSS_SELECTOR, "#task-bridge button.retry").click()
    wait(foxes, lambda d: "Waiting for the judge" in task_text(d) or "accepted" in task_text(d), "and Try again sends the photo", seconds=15)

    # End with a results time.
    console.find_element(By.ID, "live-end").click()
    console.switch_to.alert.send_keys("17:30")
    console.switch_to.alert.accept()
    wait(owls, lambda d: "Results at 17:30" in text_of(d, "live"), "ended: the page says when the results are")
    owls.save_screenshot(os.path.join(screens, "live-ended-360.png"))
    console.save_screenshot(os.path.join(screens, "live-console-ended.png"))
finally:
    for driver in drivers:
        driver.quit()
    process.terminate()
    process.wait(timeout=10)
    shutil.rmtree(work, ignore_errors=True)

finish("the live day", screens)
