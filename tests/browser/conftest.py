"""Playwright against the live test server, in the machine's own Chromium.

Without a Chromium on PATH these tests are skipped, unless REQUIRE_BROWSER_TESTS=1 (as in CI),
where a missing browser is an error. Every browser context is watched: any console error,
uncaught page error or Content Security Policy violation fails the test.
"""

import os
import shutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, WebError

# Report CSP violations on the console too, with what was blocked.
CSP_REPORTER = """
document.addEventListener("securitypolicyviolation", (event) => {
  const blocked = event.blockedURI || "inline code";
  console.error(`CSP violation: ${event.violatedDirective} blocked ${blocked}`);
});
"""

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    chromium = shutil.which("chromium")
    if chromium is None:
        message = "no 'chromium' on PATH: browser tests need Debian's chromium package"
        if os.environ.get("REQUIRE_BROWSER_TESTS") == "1":
            pytest.fail(f"{message} (REQUIRE_BROWSER_TESTS=1)")
        pytest.skip(message)
    return {
        **browser_type_launch_args,
        "executable_path": chromium,
        "headless": True,
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture
def browser_problems() -> Iterator[list[str]]:
    """Console errors, page errors and CSP violations seen during the test: there must be none."""
    problems: list[str] = []
    yield problems
    assert not problems, "the browser reported:\n" + "\n".join(problems)


def watch(context: BrowserContext, problems: list[str]) -> BrowserContext:
    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(f"console error: {message.text} ({message.location['url']})")

    def on_page_error(error: WebError) -> None:
        problems.append(f"page error: {error.error}")

    context.add_init_script(script=CSP_REPORTER)
    context.on("console", on_console)
    context.on("weberror", on_page_error)
    return context


@pytest.fixture
def open_context(
    new_context: Callable[..., BrowserContext], browser_problems: list[str]
) -> Callable[..., BrowserContext]:
    """Open a watched browser context; takes Playwright's options (viewport, colour scheme…)."""

    def open_watched(**options: Any) -> BrowserContext:
        return watch(new_context(**options), browser_problems)

    return open_watched


@pytest.fixture
def context(open_context: Callable[..., BrowserContext]) -> BrowserContext:
    """pytest-playwright's ``page`` fixture opens its page in this watched context."""
    return open_context()
