"""The browser fixtures of tests/browser (the machine's Chromium, every console error and CSP
violation a failure), for the pages in other languages."""

from tests.browser.conftest import (  # noqa: F401  (fixtures)
    browser_problems,
    browser_type_launch_args,
    context,
    open_context,
)
