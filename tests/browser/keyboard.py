"""Driving pages by keyboard alone: reach things with Tab, choose with arrows, press keys."""

from collections.abc import Callable

from playwright.sync_api import Locator, Page


def settle(page: Page) -> None:
    """Wait until no htmx request is in flight (htmx marks the element that sent one)."""
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def tab_to(page: Page, target: Locator, limit: int = 120) -> None:
    """Press Tab until ``target`` has focus: proof that a keyboard user can reach it."""
    for _ in range(limit):
        if target.evaluate("element => element === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {target}")


def arrow_to(page: Page, target: Locator, limit: int = 14) -> None:
    """Move through a radio group with the arrow key until ``target`` is chosen."""
    for _ in range(limit):
        if target.evaluate("element => element === document.activeElement && element.checked"):
            return
        page.keyboard.press("ArrowRight")
        settle(page)
    raise AssertionError(f"arrows never reached {target}")


def press(page: Page, target: Locator, key: str = "Enter") -> None:
    tab_to(page, target)
    page.keyboard.press(key)
    settle(page)


# How a page is seen after an answer: what is in view, and on a slow network.


def answered(page: Page, action: Callable[[], None]) -> None:
    """Do ``action`` (send an answer) and wait until htmx has swapped the reply in and settled
    it, the page's own handlers (focus, scrolling) included."""
    page.evaluate(
        """() => {
          window.seepSettled = false;
          document.addEventListener("htmx:afterSettle", () => { window.seepSettled = true; },
            { once: true });
        }"""
    )
    action()
    page.wait_for_function("() => window.seepSettled === true")


def in_view(page: Page, target: Locator) -> bool:
    """Whether all of ``target`` is drawn inside the viewport (its box against the viewport)."""
    box = target.bounding_box()
    screen = page.viewport_size
    assert box is not None and screen is not None, f"{target} is not drawn"
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= screen["width"]
        and box["y"] + box["height"] <= screen["height"]
    )


def below(lower: Locator, upper: Locator) -> bool:
    """Whether ``lower`` is drawn wholly under ``upper`` (the verdict under the hand)."""
    low, up = lower.bounding_box(), upper.bounding_box()
    assert low is not None and up is not None, f"{lower} or {upper} is not drawn"
    return low["y"] >= up["y"] + up["height"]


def slow_network(page: Page, latency: int = 400) -> None:
    """Delay every request and response of ``page`` by ``latency`` milliseconds (Chromium's own
    network emulation), as on a poor mobile connection."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency, "downloadThroughput": -1, "uploadThroughput": -1},
    )
