"""Every built page in headless chromium: nothing runs past the right edge of a phone's
390 px window, and no page of prose is taller than about 15,000 px at 1280 px.

Reference pages (the API, the index, the formats and tensor layouts of every game, ...)
may be long: they are listed in ``REFERENCE`` with the reason. Pages that issue 29's
other half (branch ``docs-read``) rewrites are listed in ``PENDING``: each is expected to
fail (strict ``xfail``), so the day it passes, or is gone, the list must shrink.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import site

TALLEST = 15_000
"""Pixels at 1280 px wide: about 12 screens of a laptop."""

REFERENCE = {
    "api.html": "the API reference: every public class and function",
    "genindex.html": "the generated index of every documented name",
    "py-modindex.html": "the generated index of modules",
    "formats/castle.html": "The White Castle's JSON Schemas, field by field",
    "formats/lotus.html": "White Lotus's JSON Schemas, field by field",
    "formats/mandala.html": "Mandala's JSON Schemas, field by field",
    "formats/oriente.html": "Oriente's JSON Schemas, field by field",
    "tensors.html": "every game's observation tensor layout",
    "rulings.html": "every ruling of every game on one page, to search in",
    "proofs.html": "every z3 claim with its verdict",
    "changelog.html": "the release history",
}
"""Pages exempt from the height limit, and why."""

PENDING: dict[str, str] = {}
"""Pages expected to fail both checks until the other half of issue 29 is merged."""


def cases() -> list[Any]:
    out = []
    for page in site.pages():
        marks = [pytest.mark.xfail(reason=PENDING[page], strict=True)] if page in PENDING else []
        out.append(pytest.param(page, marks=marks, id=page))
    return out


def test_the_pending_and_reference_pages_are_still_there() -> None:
    """A page of ``PENDING`` or ``REFERENCE`` that the build no longer makes is a stale
    entry: remove it (after the chapters are merged, the chapters are checked instead)."""
    if site.missing() is not None:
        pytest.skip(site.missing())
    built = set(site.pages())
    assert sorted(set(PENDING) - built) == []
    assert sorted(set(REFERENCE) - built) == []


@pytest.mark.parametrize("page", cases())
def test_the_page_fits_a_phone_and_is_not_too_tall(browser: Any, root: str, page: str) -> None:
    """At 390 px nothing runs past the right edge; at 1280 px the page is at most
    ``TALLEST`` pixels tall unless it is a reference page (one load, two widths)."""
    browser.set_window_size(390, 844)
    browser.get(root + page)
    wide = site.overflowing(browser)
    browser.set_window_size(1280, 900)
    tall = site.height(browser)
    assert wide == [], f"at 390 px: {wide}"
    if page not in REFERENCE:
        assert tall <= TALLEST, f"{tall} px tall at 1280 px"
