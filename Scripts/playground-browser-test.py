#!/usr/bin/env python3
"""Drives the playground page of a running `texture-layout serve` in headless Chromium (Selenium).

Opens the page, picks an example from the menu and checks that every named element of the inline SVG carries the
frame the `layout` command computes for it; types a broken document and checks the role="alert" element holds the
command line's error line (starting with the JSON path); fixes it and checks the picture changes; checks the
browser console has no errors; saves a screenshot. Exits 0 when every check passed, 1 otherwise (with the reason).

Usage: playground-browser-test.py --url http://127.0.0.1:PORT --tool PATH/texture-layout \
           --examples EXAMPLES_DIR [--example stack] [--screenshot docs/playground.png]
"""
import argparse
import json
import os
import subprocess
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

BROKEN = '{"root": {"type": "stack", "children": [{"type": "node", "name": "a", "size": [50, "tall"]}]}}'
FIXED = '{"root": {"type": "stack", "children": [{"type": "node", "name": "a", "size": [50, 40]}]}}'
# The browser reports every non-2xx answer as a failed resource load; the 422 of the broken document is the answer
# this test asks for, not an error of the page.
EXPECTED_CONSOLE = "the server responded with a status of 422"


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def run_tool(executable, arguments, text=None):
    return subprocess.run([executable] + arguments, input=text, capture_output=True, text=True)


def page_frames(driver):
    return {element.get_attribute("data-name"): element.get_attribute("data-frame")
            for element in driver.find_elements(By.CSS_SELECTOR, "#picture svg [data-name]")}


def type_document(driver, text):
    editor = driver.find_element(By.ID, "document")
    editor.click()
    editor.send_keys(Keys.CONTROL, "a")
    editor.send_keys(Keys.DELETE)
    editor.send_keys(text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--tool", required=True)
    parser.add_argument("--examples", required=True)
    parser.add_argument("--example", default="stack")
    parser.add_argument("--screenshot")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()

    # What the command line computes: the page must show exactly these frames and this error line.
    layout = run_tool(args.tool, ["layout", os.path.join(args.examples, args.example + ".json")])
    check(layout.returncode == 0, "layout command failed: " + layout.stderr)
    expected = {name: " ".join(str(v) for v in frame)
                for name, frame in json.loads(layout.stdout)["frames"].items()}
    broken = run_tool(args.tool, ["layout", "-"], BROKEN)
    check(broken.returncode == 2, "the broken document should be a document error")
    expected_line = broken.stderr.strip()

    options = webdriver.ChromeOptions()
    options.binary_location = args.chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1280,800", "--hide-scrollbars"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=args.chromedriver), options=options)
    wait = WebDriverWait(driver, 30)
    try:
        driver.get(args.url + "/")
        wait.until(lambda d: len(Select(d.find_element(By.ID, "example")).options) > 1)
        Select(driver.find_element(By.ID, "example")).select_by_value(args.example)
        wait.until(lambda d: page_frames(d) == expected)
        frames = page_frames(driver)
        check(frames == expected, f"frames on the page {frames} differ from the layout command's {expected}")
        print(f"ok: {len(frames)} data-frame values equal the layout command's frames")

        # The frame of the element under the pointer.
        target = driver.find_element(By.CSS_SELECTOR, '#picture svg [data-name="b"]') \
            if "b" in expected else driver.find_elements(By.CSS_SELECTOR, "#picture svg [data-name]")[-1]
        name = target.get_attribute("data-name")
        ActionChains(driver).move_to_element(target).perform()
        wait.until(lambda d: d.find_element(By.ID, "hover").text.startswith(name + ":"))
        print("ok: hover shows", driver.find_element(By.ID, "hover").text)
        if args.screenshot:
            os.makedirs(os.path.dirname(os.path.abspath(args.screenshot)), exist_ok=True)
            driver.save_screenshot(args.screenshot)
            print("ok: screenshot saved to", args.screenshot)
        before = driver.find_element(By.ID, "picture").get_attribute("innerHTML")

        type_document(driver, BROKEN)
        alert = driver.find_element(By.CSS_SELECTOR, '[role="alert"]')
        wait.until(lambda d: alert.is_displayed() and alert.text.strip() == expected_line)
        check(alert.text.strip().startswith("root.children[0].size"), "the alert should start with the JSON path")
        print("ok: alert shows", alert.text.strip())

        type_document(driver, FIXED)
        wait.until(lambda d: not alert.is_displayed() and page_frames(d) == {"a": "0 0 50 40"})
        after = driver.find_element(By.ID, "picture").get_attribute("innerHTML")
        check(after != before, "the picture did not change")
        print("ok: fixed document drawn, frames", page_frames(driver))

        errors = [entry for entry in driver.get_log("browser")
                  if entry["level"] == "SEVERE" and EXPECTED_CONSOLE not in entry["message"]]
        check(not errors, f"console errors: {errors}")
        print("ok: no console errors")
    except CheckFailed as failure:
        print("FAILED:", failure)
        return 1
    except Exception as failure:  # a wait that timed out names no check: say what the page showed
        print("FAILED:", type(failure).__name__, failure)
        try:
            print("alert:", driver.find_element(By.ID, "error").text, "frames:", page_frames(driver))
        except Exception:
            pass
        return 1
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
