"""Headless Chromium for the browser checks (landing_browser.py, admin_browser.py).

Debian's chromium and chromium-driver, driven by the pinned Selenium that
scripts/lib/browser.sh installs.
"""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def browser(console=False):
    """A headless Chromium with sRGB colours and no scrollbars (screenshots are
    the same on every machine); with console, its console log is kept for reading."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb"):
        options.add_argument(argument)
    if console:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def viewport(driver, width, height):
    """Sizes the page's viewport in CSS pixels, as a phone's below 600 px."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def check_fits(driver, name, width, failures):
    """Adds a failure when the current page scrolls sideways at a viewport `width` px wide."""
    overflow = driver.execute_script("return document.documentElement.scrollWidth")
    if overflow > width:
        failures.append(f"{name}: the page is {overflow} px wide at a {width} px viewport")
