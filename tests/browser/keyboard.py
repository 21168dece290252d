"""Driving pages by keyboard alone: reach things with Tab, choose with arrows, press keys."""

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
