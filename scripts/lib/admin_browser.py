#!/usr/bin/env python3
"""Drives the /admin pages in headless Chromium as an operator would.

    admin_browser.py BASE_URL SETUP_KEY ADMIN_KEY OUT_DIR

SETUP_KEY (any key with every scope) makes the history through the API: a
webhook endpoint pointing at a receiver started here that answers 500, and
a few invites (one previewed and redeemed). Then, in the browser, with
ADMIN_KEY (scope admin): sign in through the form, open the funnel, pick the
cohort view and the family breakdown in its form and see the page name both,
find an invite by its typed code, revoke it and see its state change, redeliver a
failed delivery and see it attempted again, send a form whose token was
removed and see it refused (with the invite unchanged), and read the audit
trail. Every page must fit a 390 px phone screen without scrolling sideways,
and the funnel must link to every other page. Saves
OUT_DIR/admin-funnel-{desktop,phone}.png and
OUT_DIR/admin-invite-{desktop,phone}.png. Exits 1 with every failed check listed.
"""
import http.server
import json
import sys
import threading
import time
import urllib.request

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.wait import WebDriverWait

from headless_chromium import browser, check_fits, viewport

WIDTHS = (("desktop", 1280, 900), ("phone", 390, 844))
# The navigation every admin page shows (AdminLayout.sections); a page names itself unlinked.
SECTIONS = ("/admin", "/admin/invites", "/admin/webhooks", "/admin/queue", "/admin/audit")
RECEIVER_ANSWER = b"receiver down: <b>maintenance</b>"


class FailingReceiver(http.server.BaseHTTPRequestHandler):
    """Answers every webhook with 500 and a body the admin page must escape."""

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.send_response(500)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(RECEIVER_ANSWER)))
        self.end_headers()
        self.wfile.write(RECEIVER_ANSWER)

    def log_message(self, *arguments):
        pass


class API:
    def __init__(self, base, key):
        self.base, self.key = base, key

    def call(self, method, path, body=None):
        request = urllib.request.Request(
            self.base + path, method=method, data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {self.key}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
            return json.loads(text) if text else None


def failed_deliveries(api, endpoint):
    return api.call("GET", f"/v1/webhook-endpoints/{endpoint}/deliveries?status=failed")["deliveries"]


def wait_for(condition, seconds, what, failures):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    failures.append(f"timed out after {seconds} s waiting for {what}")
    return False


def at_each_width(driver, name, failures, out_dir=None):
    """The current page at each width, checked for sideways scrolling at each;
    with `out_dir`, photographed whole there as admin-NAME-WIDTH.png."""
    for label, width, height in WIDTHS:
        viewport(driver, width, height)
        driver.refresh()
        check_fits(driver, f"{name} {label}", width, failures)
        if out_dir:
            viewport(driver, width, max(height, driver.execute_script("return document.documentElement.scrollHeight")))
            driver.save_screenshot(f"{out_dir}/admin-{name}-{label}.png")
    viewport(driver, *WIDTHS[0][1:])


def submit(driver, by, selector):
    """Clicks the form button `selector` and waits until the answer's page has replaced
    this one and loaded, since a click returns before the browser has navigated.

    The old page carries a mark that the new one lacks. Asking mid-navigation can fail
    (Chromium answers "Node with given id does not belong to the document" for an
    element of the old page, which `staleness_of` does not expect): that means not yet."""
    driver.execute_script("window.batonPageBeforeSubmit = true")
    driver.find_element(by, selector).click()

    def replaced(driver):
        try:
            return driver.execute_script("return !window.batonPageBeforeSubmit && document.readyState === 'complete'")
        except WebDriverException:
            return False

    WebDriverWait(driver, 20).until(replaced)


def heading(driver):
    return driver.find_element(By.TAG_NAME, "h1").text


def texts(driver, tag):
    return [element.text for element in driver.find_elements(By.TAG_NAME, tag)]


def check_cohort_by_family(driver, failures):
    """Picks the cohort view and the family breakdown in the funnel's form as a
    person would, sends it, and checks that the answer names both and keeps them picked."""
    Select(driver.find_element(By.NAME, "view")).select_by_value("cohort")
    Select(driver.find_element(By.NAME, "group_by")).select_by_value("family")
    submit(driver, By.CSS_SELECTOR, "form.picker button[type=submit]")
    for name, value in (("view", "cohort"), ("group_by", "family")):
        picked = Select(driver.find_element(By.NAME, name)).first_selected_option.get_attribute("value")
        if picked != value:
            failures.append(f"after sending {name}={value} the form shows {picked!r} picked")
    if not driver.find_element(By.ID, "journey-view").text.startswith("Journey as cohort:"):
        failures.append("the cohort page's subtitle does not say cohort")
    if not any(caption.startswith("Stage funnel, cohort:") for caption in texts(driver, "figcaption")):
        failures.append("the cohort page's stage funnel caption does not say cohort")
    captions = texts(driver, "caption")
    if "By family (top 5), cohort" not in captions or any(caption.startswith("By source") for caption in captions):
        failures.append(f"the breakdown is not by family alone: table captions {captions}")
    if not any(caption.startswith("Cohort: how soon") for caption in captions):
        failures.append("the cohort page has no table of how soon its invites reached each stage")
    breakdown = driver.find_element(By.XPATH, "//table[caption='By family (top 5), cohort']").text
    if "fam-0" not in breakdown:
        failures.append("the family breakdown does not list fam-0")


def main(base, setup_key, admin_key, out_dir):
    failures = []
    api = API(base, setup_key)
    receiver = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FailingReceiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    endpoint = api.call("POST", "/v1/webhook-endpoints", {
        "url": f"http://127.0.0.1:{receiver.server_address[1]}/hooks", "description": "Always 500"})["id"]
    invites = [api.call("POST", "/v1/invites", {
        "family_id": f"fam-{n}", "family_name": name, "inviter_name": "Ada", "source": "share_sheet"})
        for n, name in enumerate(["The Okafor family", "Lindqvist", "Familia García"])]
    api.call("GET", f"/v1/invites/{invites[2]['token']}/preview")
    api.call("POST", "/v1/redemptions", {"token": invites[2]["token"], "redeemer_id": "user-1", "channel": "app"})
    wait_for(lambda: failed_deliveries(api, endpoint), 20, "a failed delivery to the 500 receiver", failures)

    driver = browser()
    try:
        viewport(driver, *WIDTHS[0][1:])
        driver.get(base + "/admin/sign-in")
        driver.find_element(By.ID, "key").send_keys(admin_key)
        submit(driver, By.CSS_SELECTOR, "form button[type=submit]")
        if not driver.current_url.endswith("/admin"):
            failures.append(f"signing in led to {driver.current_url}, not /admin")
        if not driver.find_elements(By.TAG_NAME, "svg"):
            failures.append("the funnel page has no chart after signing in")
        for path in SECTIONS[1:]:
            if not driver.find_elements(By.CSS_SELECTOR, f"nav a[href='{path}']"):
                failures.append(f"the funnel page does not link to {path}")
        at_each_width(driver, "funnel", failures, out_dir)
        check_cohort_by_family(driver, failures)
        at_each_width(driver, "funnel cohort by family", failures)

        driver.get(base + "/admin/invites")
        driver.find_element(By.ID, "credential").send_keys(invites[0]["code"].lower())
        submit(driver, By.CSS_SELECTOR, "main form button[type=submit]")
        if not driver.current_url.endswith("/admin/invites/" + invites[0]["id"]):
            failures.append(f"finding the typed code led to {driver.current_url}")
        if driver.find_element(By.ID, "invite-state").text != "active":
            failures.append("the found invite is not shown as active")
        at_each_width(driver, "invite", failures, out_dir)
        submit(driver, By.XPATH, "//button[text()='Revoke']")
        state = driver.find_element(By.ID, "invite-state").text
        if state != "revoked":
            failures.append(f"after Revoke the invite page shows {state!r}")
        if api.call("GET", f"/v1/invites/{invites[0]['id']}")["state"] != "revoked":
            failures.append("the API does not show the invite revoked")

        attempts = len(api.call("GET", f"/v1/webhook-endpoints/{endpoint}/deliveries")["deliveries"])
        driver.get(base + "/admin/webhooks")
        at_each_width(driver, "webhooks", failures)
        page = driver.page_source
        if "receiver down: &lt;b&gt;maintenance&lt;/b&gt;" not in page:
            failures.append("the webhooks page does not show the receiver's answer escaped")
        submit(driver, By.XPATH, "//button[text()='Redeliver']")
        if "Redelivery queued" not in driver.find_element(By.CSS_SELECTOR, ".notice").text:
            failures.append("redelivering showed no confirmation")
        wait_for(lambda: len(api.call("GET", f"/v1/webhook-endpoints/{endpoint}/deliveries")["deliveries"]) > attempts,
                 20, "the redelivered event's new attempt", failures)

        # The same form as a person sends it, minus its token: refused, nothing changed.
        driver.get(base + "/admin/invites/" + invites[1]["id"])
        driver.execute_script(
            "document.querySelectorAll('input[name=form_token]').forEach(e => e.remove())")
        submit(driver, By.XPATH, "//button[text()='Revoke']")
        if heading(driver) != "Form refused":
            failures.append(f"a POST without its form token showed {heading(driver)!r}, not the refusal")
        if api.call("GET", f"/v1/invites/{invites[1]['id']}")["state"] != "active":
            failures.append("a POST without its form token changed the invite")

        driver.get(base + "/admin/queue")
        at_each_width(driver, "queue", failures)
        driver.get(base + "/admin/audit")
        at_each_width(driver, "audit", failures)
        trail = driver.find_element(By.TAG_NAME, "table").text
        for action in ("session.signed_in", "invite.revoked", "event.redelivered"):
            if action not in trail:
                failures.append(f"the audit trail lacks {action}")
    finally:
        driver.quit()
        receiver.shutdown()
    for failure in failures:
        print(f"admin-browser-test: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
