"""Writing SVG pictures as text, with the standard library only.

A game's ``picture`` module draws a position with these few helpers (elements, text,
the document around them, the HTML a notebook shows). Every value that comes from a
position or a board (an area's id, say) passes through :func:`escape`, so a board file
cannot inject markup into a picture.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""The font every picture asks for (the first that the viewer has)."""
INK = "#2b2118"
"""The colour of lines and text."""
PAPER = "#fffdf8"
"""The background."""


def escape(value: object) -> str:
    """``value`` as text that is safe in SVG content and attribute values."""
    return html.escape(str(value), quote=True)


def _number(value: float) -> str:
    """A coordinate as SVG writes it: a whole number without a point, else one decimal."""
    rounded = round(float(value), 1)
    return str(int(rounded)) if rounded.is_integer() else f"{rounded:.1f}"


def element(tag: str, body: str = "", /, **attributes: object) -> str:
    """One element: ``element("rect", x=1, fill="#fff")``. An attribute named with an
    underscore is written with a hyphen (``font_size`` → ``font-size``); one that is
    ``None`` is left out; numbers are rounded to one decimal."""
    parts = [tag]
    for name, value in attributes.items():
        if value is None:
            continue
        shown = _number(value) if isinstance(value, float) else escape(value)
        parts.append(f'{name.rstrip("_").replace("_", "-")}="{shown}"')
    opening = " ".join(parts)
    return f"<{opening}>{body}</{tag}>" if body else f"<{opening}/>"


def text(
    x: float,
    y: float,
    content: object,
    *,
    size: float = 12,
    anchor: str = "start",
    fill: str = INK,
    weight: str | None = None,
) -> str:
    """A line of text whose baseline starts (or, with ``anchor``, is centred or ends) at
    ``(x, y)``."""
    return element(
        "text",
        escape(content),
        x=float(x),
        y=float(y),
        font_size=float(size),
        text_anchor=None if anchor == "start" else anchor,
        fill=fill,
        font_weight=weight,
    )


def title(content: object) -> str:
    """A ``<title>``: the tooltip of the group it opens (and what a screen reader says)."""
    return element("title", escape(content))


def group(parts: Iterable[str], tooltip: str | None = None, **attributes: object) -> str:
    """A ``<g>`` holding ``parts``, with a tooltip if given."""
    body = (title(tooltip) if tooltip else "") + "".join(parts)
    return element("g", body, **attributes)


def document(width: float, height: float, label: str, parts: Iterable[str]) -> str:
    """A standalone SVG document of ``width`` × ``height`` pixels (it scales down to fit
    a narrower page), described by ``label`` for screen readers."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_number(width)} '
        f'{_number(height)}" width="{_number(width)}" height="{_number(height)}" '
        f'role="img" aria-label="{escape(label)}" font-family="{escape(FONT)}" '
        'style="max-width: 100%; height: auto">'
    )
    background = element("rect", width=float(width), height=float(height), fill=PAPER)
    return "\n".join([head, title(label), background, *parts, "</svg>"]) + "\n"


def inline_html(svg: str) -> str:
    """The HTML a notebook shows for a picture: the SVG inline, scaled to the page."""
    return f'<div style="max-width: 100%; overflow-x: auto">{svg}</div>'
