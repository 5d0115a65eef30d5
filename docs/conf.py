"""Sphinx configuration for the rulespec documentation.

The site is built nitpicky with warnings as errors (``sphinx-build -n -W``) and its
examples run under ``-b doctest``. No extension reaches the network: intersphinx is off,
so references to the standard library and to hypothesis are listed in ``nitpick_ignore``.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import logging
import sys
import warnings
from pathlib import Path

from docutils import nodes  # type: ignore[import-untyped]
from sphinx import addnodes

# napoleon's docstring hook is private API (Sphinx 9): it is wrapped below, not replaced.
from sphinx.ext.napoleon import _process_docstring as _napoleon

import rulespec
from rulespec.errors import SettingIgnored

# the game pages build every option on every variant on purpose (spec.variants())
warnings.filterwarnings("ignore", category=SettingIgnored)

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
# The local extension, and the repository root so that ``proofs`` imports like rulespec.
sys.path[:0] = [str(DOCS / "_ext"), str(ROOT)]

project = "rulespec"
author = "The rulespec developers"
copyright = "the rulespec developers"
release = rulespec.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "myst_parser",
    "rulespec_docs",
    "tryit",  # the rules live in the page: Pyodide, "Try it" and the position lab
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
# tryit/ holds the pinned Pyodide (npm) and attrs wheel the site ships, not pages.
exclude_patterns = ["_build", "tryit", "Thumbs.db", ".DS_Store"]
root_doc = "index"
language = "en"

html_theme = "furo"
html_title = f"rulespec {release}"
html_static_path = ["_static"]
html_css_files = ["rulespec.css"]
# The site search ranks matches on the games' pages (rules, their index terms) above the
# Python API reference: a reader's question is about the rules.
html_search_scorer = str(DOCS / "_ext" / "search_scorer.js")

# --- autodoc and napoleon ------------------------------------------------------------

autodoc_member_order = "bysource"
# ``make docs`` installs the docs extra alone, which leaves out Ray (the slow install; no
# page runs it): rulespec.scale's Ray executor is documented from a mock when Ray is absent.
autodoc_mock_imports = [name for name in ("ray",) if importlib.util.find_spec(name) is None]
autodoc_typehints = "signature"
# Names imported only under ``typing.TYPE_CHECKING`` (a state's ``game`` field names the
# class of its composition root, which imports the state) cannot be evaluated at runtime;
# without these, autodoc leaves such annotations as bare strings that match nothing.
autodoc_type_aliases = {
    "AreaIndex": "rulespec.lotus.codec.AreaIndex",
    "Bank": "rulespec.lotus.codec.Bank",
    "CardCount": "rulespec.mandala.components.CardCount",
    "Counts": "rulespec.mandala.components.Counts",
    "MandalaNumber": "rulespec.mandala.state.MandalaNumber",
    "Points": "rulespec.lotus.state.Points",
    "Reveal": "rulespec.lotus.state.Reveal",
    "Seat": "rulespec.core.convert.Seat",
    "Scaler": "rulespec.core.tensor.Scaler",
    "ScaledRun": "rulespec.core.tensor.ScaledRun",
    "Bridge": "rulespec.castle.observation.Bridge",
    "CardId": "rulespec.castle.short.CardId",
    "Level3Id": "rulespec.castle.short.Level3Id",
    "GardenId": "rulespec.castle.short.GardenId",
    "TrainingId": "rulespec.castle.short.TrainingId",
    "TileId": "rulespec.castle.short.TileId",
    "ResourceId": "rulespec.castle.short.ResourceId",
    "ActionId": "rulespec.castle.short.ActionId",
    "SoloId": "rulespec.castle.short.SoloId",
    "RowId": "rulespec.castle.short.RowId",
    "LanternId": "rulespec.castle.short.LanternId",
    "PlaceId": "rulespec.castle.short.PlaceId",
    "SeatNo": "rulespec.castle.short.SeatNo",
    "Die": "rulespec.castle.short.Die",
    "BridgeSlot": "rulespec.castle.short.BridgeSlot",
    "Pair": "rulespec.castle.short.Pair",
    "LeftOut": "rulespec.core.convert.LeftOut",
    "Order": "rulespec.castle.short.Order",
    "Rooms": "rulespec.castle.short.Rooms",
    "Beside": "rulespec.castle.short.Beside",
    "Diamond": "rulespec.castle.short.Diamond",
    "Tiles": "rulespec.castle.short.Tiles",
    "Gardens": "rulespec.castle.short.Gardens",
    "Training": "rulespec.castle.short.Training",
    "Bridges": "rulespec.castle.short.Bridges",
    "Warriors": "rulespec.castle.short.Warriors",
    "Lantern": "rulespec.castle.short.Lantern",
    "RowDice": "rulespec.castle.short.RowDice",
    "Held": "rulespec.castle.short.Held",
    "Tasks": "rulespec.castle.short.Tasks",
    "Under": "rulespec.castle.short.Under",
    "Seals": "rulespec.castle.short.Seals",
    "TrackSpace": "rulespec.castle.short.TrackSpace",
    "Round": "rulespec.castle.short.Round",
    "StackedDice": "rulespec.castle.short.StackedDice",
    "FieldDice": "rulespec.castle.short.FieldDice",
    "Families": "rulespec.castle.short.Families",
    "CastleGame": "rulespec.castle.CastleGame",
    "Count": "rulespec.castle.state.Count",
    "Figures": "rulespec.castle.state.Figures",
    "Frame": "rulespec.castle.state.Frame",
    "Idx": "rulespec.castle.observation.Idx",
    "Index": "rulespec.castle.state.Index",
    "SeatNumber": "rulespec.castle.state.SeatNumber",
    "OptIdx": "rulespec.castle.observation.OptIdx",
    "ViewAgenda": "rulespec.castle.observation.ViewAgenda",
    "Small": "rulespec.castle.state.Small",
    "Task": "rulespec.castle.state.Task",
    "ViewFrame": "rulespec.castle.observation.ViewFrame",
    "ViewTask": "rulespec.castle.observation.ViewTask",
    "LotusGame": "rulespec.lotus.LotusGame",
    "MandalaGame": "rulespec.mandala.MandalaGame",
    "MandalaObservation": "rulespec.mandala.MandalaObservation",
    "Pile": "rulespec.oriente.components.Pile",
    "Player": "rulespec.players.base.Player",
    "PileCount": "rulespec.oriente.components.PileCount",
    "OrienteGame": "rulespec.oriente.OrienteGame",
    "OrienteObservation": "rulespec.oriente.OrienteObservation",
}
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# --- doctest -------------------------------------------------------------------------

doctest_global_setup = """
import random
from fractions import Fraction

import rulespec
"""
# Only ``.. doctest::`` blocks run here. The ``>>>`` examples in docstrings (shown on the
# API page) need their module's globals; pytest runs them with --doctest-modules.
doctest_test_doctest_blocks = ""
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1
)

# --- myst (README and CHANGELOG are Markdown) ----------------------------------------

myst_heading_anchors = 3

# --- nitpicky references -------------------------------------------------------------
# Without intersphinx (no network at build time), names from the standard library and
# from hypothesis cannot resolve; exactly those are listed. Builtins and ``typing`` names
# resolve on their own, and rulespec's own names must always resolve.

nitpick_ignore = [
    ("py:class", name)
    for name in (
        "abc.ABC",
        "collections.Counter",
        "collections.abc.Callable",
        "collections.abc.Collection",
        "collections.abc.Iterator",
        "collections.abc.Iterable",
        "collections.abc.Mapping",
        "collections.abc.Sequence",
        "types.ModuleType",
        "enum.Enum",
        "enum.IntEnum",
        "fractions.Fraction",
        "pathlib.Path",
        "random.Random",
        "array.array",
        "array",
        "contextlib.AbstractContextManager",
    )
]
nitpick_ignore_regex = [
    # type variables in signatures (rulespec.core.api.S_co, rulespec.core.chance.T, ...)
    (r"py:(class|obj)", r"rulespec\.[\w.]+\.(T|A|S|S_co|V|Opt|K|R)"),
    # a field's JSON form rides in typing.Annotated (rulespec.core.convert); Sphinx shows
    # such a type as written and cannot link the expression as a whole
    (r"py:class", r"Annotated\[.*"),
    (r"py:obj", r"typing\.Annotated\[.*"),
    # Sphinx's own wrapper for a name in autodoc_type_aliases used inside a generic type
    (r"py:class", r"TypeAliasForwardRef"),
    # hypothesis, which rulespec.testing builds on
    (r"py:(class|exc|func|obj)", r"hypothesis(\.\w+)+"),
]


# --- one entry per class ------------------------------------------------------------
# ``rulespec`` and ``rulespec.mandala`` re-export their public names (``__all__``); those
# are documented there, under the name users import (autodoc adds the defining module as
# the ``:canonical:`` name, so both spellings resolve). A module section documented
# without ``:imported-members:`` skips them, so no object is described twice.

_FACES = ("rulespec", *(f"rulespec.{g}" for g in rulespec.GAMES.ids))


def _public(name: str, obj: object) -> bool:
    for face in _FACES:
        module = importlib.import_module(face)
        if name in module.__all__ and getattr(module, name) is obj:
            return True
    return False


def _skip_reexported(app, what, name, obj, skip, options):  # type: ignore[no-untyped-def]  # noqa: PLR0917
    if what == "module" and not getattr(options, "imported_members", None) and _public(name, obj):
        return True
    return None


# rulespec's attribute and property docstrings are prose, often with a colon in the first
# line ("Tiles left with a dark and with a light back: ..."); napoleon would read the part
# before the colon as the attribute's type (the Google "type: description" form). So
# napoleon handles functions, classes and modules, and attribute docstrings stay as written.


def _napoleon_except_attributes(app, what, name, obj, options, lines):  # type: ignore[no-untyped-def]  # noqa: PLR0917
    if what not in ("attribute", "property", "data"):
        _napoleon(app, what, name, obj, options, lines)


# A private base (rulespec.errors._ProblemsError) is not documented: the "Bases:" line shows
# the public classes it stands for instead.


def _public_bases(app, name, obj, options, bases):  # type: ignore[no-untyped-def]
    def public(cls: type) -> list[type]:
        if getattr(cls, "__name__", "").startswith("_"):
            return [b for base in cls.__bases__ for b in public(base)]
        return [cls]

    bases[:] = list(dict.fromkeys(b for base in bases for b in public(base)))


# Tables such as rulespec.mandala.actions.PLAYS (288 actions) would print their whole value
# in the signature; long values are cut to their start.

_MAX_VALUE = 100


def _shorten_values(app, doctree):  # type: ignore[no-untyped-def]
    for sig in doctree.findall(addnodes.desc_signature):
        for annotation in sig.findall(addnodes.desc_annotation):
            for text in annotation.findall(nodes.Text):
                if len(text) > _MAX_VALUE:
                    text.parent.replace(text, nodes.Text(text[: _MAX_VALUE - 2] + " …"))


class _SameNameColours(logging.Filter):
    """Mandala and The White Castle both define a ``Colour`` enum; a type shown without its
    module (a data annotation such as ``dict[Colour, str]``) matches both games' enums.
    Sphinx links the first; the warning about it carries no information."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        return "more than one target found for cross-reference 'Colour'" not in message


def setup(app):  # type: ignore[no-untyped-def]
    logging.getLogger("sphinx").addFilter(_SameNameColours())
    for handler in logging.getLogger("sphinx").handlers:
        handler.addFilter(_SameNameColours())
    for listener in list(app.events.listeners.get("autodoc-process-docstring", [])):
        if listener.handler is _napoleon:
            app.disconnect(listener.id)
    app.connect("autodoc-process-docstring", _napoleon_except_attributes)
    app.connect("autodoc-skip-member", _skip_reexported)
    app.connect("autodoc-process-bases", _public_bases)
    app.connect("doctree-read", _shorten_values)
