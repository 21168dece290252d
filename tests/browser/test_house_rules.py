"""The house rules page in a real browser: each change beside its standard rule on a desktop,
the two one above the other on a phone, each side labelled in words (photographed)."""

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")


@pytest.mark.parametrize(
    ("name", "width", "height", "side_by_side"),
    [("house-rules-phone", 390, 720, False), ("house-rules-desktop", 1366, 900, True)],
)
def test_the_standard_rule_and_the_change_sit_side_by_side_where_there_is_room(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    name: str,
    width: int,
    height: int,
    side_by_side: bool,
) -> None:
    page = open_context(viewport={"width": width, "height": height}).new_page()
    page.goto(live_server.url + "/rules/house-rules/#V7")

    rule = page.locator("#V7")
    expect(rule).to_be_in_viewport()
    standard, preset = rule.locator(".house-side-standard"), rule.locator(".house-side-preset")
    expect(standard.get_by_role("heading", level=4)).to_have_text("In the standard game")
    expect(preset.get_by_role("heading", level=4)).to_have_text("Under this preset")
    first, second = standard.bounding_box(), preset.bounding_box()
    assert first is not None and second is not None
    if side_by_side:
        assert first["x"] + first["width"] <= second["x"], "the standard rule on the left"
        assert abs(first["y"] - second["y"]) < 1, "both sides start at the same height"
    else:
        assert first["y"] + first["height"] <= second["y"], "the standard rule first, above"
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, f"the page is {scroll_width}px wide on a {width}px screen"
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / f"{name}.png")
    rule.screenshot(path=SCREENSHOT_DIR / f"{name}-V7.png")
