"""Fixtures of the browser tests: the built site on 127.0.0.1 and one headless chromium.

These tests read the built site (``make docs``) and need Debian's ``chromium`` and
``chromium-driver``; ``make test`` runs them after the docs build when both are there and
says so when they are not. ``tests/conftest.py`` leaves this folder out of a plain
``pytest`` run (which comes before the docs build); name it to run it:
``.venv/bin/pytest tests/browser``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import site


@pytest.fixture(scope="session")
def root() -> Iterator[str]:
    """The site's root address."""
    reason = site.missing()
    if reason is not None:
        pytest.skip(reason)
    with site.served() as address:
        yield address


@pytest.fixture(scope="session")
def browser(root: str) -> Iterator[Any]:
    """One chromium for the whole run, 1280 px wide (a test that resizes it puts it back)."""
    with site.chromium(1280, 900) as driver:
        yield driver


@pytest.fixture
def driver(browser: Any) -> Iterator[Any]:
    """The browser at 1280 px, left as it was found."""
    browser.set_window_size(1280, 900)
    yield browser
    browser.set_window_size(1280, 900)


@pytest.fixture(scope="session")
def lab_browser(root: str) -> Iterator[Any]:
    """A second chromium holding the position lab, loaded once: its tests share one start
    of Python (each page load starts its own, as a reader's would)."""
    with site.chromium(1280, 900) as driver:
        driver.get(root + "lab.html")
        yield driver


@pytest.fixture
def lab(lab_browser: Any) -> Iterator[Any]:
    """The lab's browser at 1280 px, left as it was found."""
    lab_browser.set_window_size(1280, 900)
    yield lab_browser
    lab_browser.set_window_size(1280, 900)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """The browser at a phone's 390 × 844 px (put back to 1280 px after)."""
    browser.set_window_size(390, 844)
    yield browser
    browser.set_window_size(1280, 900)
