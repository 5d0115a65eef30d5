"""Sphinx directives that render rulespec's rule registry, variant tables and proofs.

Every directive reads the same objects the code reads (``rulespec.rulebook``, the loaded
variant table, ``proofs.run``), writes reStructuredText as text and parses it, the way
pygments' ``sphinxext.py`` renders its lexer registry. So the reference pages cannot
drift from the code: change a rule's paraphrase or a table cell and the page changes.

``.. rulespec-rules:: mandala turn``
    one chapter of a game's rules (a ``[[chapter]]`` of its ``rulebook.toml``: a page of
    ``docs/games/mandala/``), under the game's rules search, grouped by the second part of
    the id under the headings the rulebook gives (``Rulebook.groups()`` and
    ``Rulebook.part_title()``), each with a link target (``:rule:`mandala.hand.never_empty```,
    the anchor ``#rulespec-rule-<id>`` on whichever page the rule is) and each witness told
    in words, with its picture and the placeholder the page's "Try it" makes live.
``.. rulespec-rule-index:: mandala``
    on a game's front page: every rule by chapter, how to read a citation, and the script
    that sends a link into the game's old single page to the rule's page now.
``.. rulespec-search:: mandala``
    the game's rules search box; the index it searches is written at the end of the build
    (``_static/rules-search/<game>.js``, from :func:`rulespec.core.search.index`) and
    ranked by ``_static/rules-search.js`` as :func:`rulespec.core.search.rank` ranks.
``.. rulespec-variant-table:: mandala``
    the variant table (rows × columns, each cell cited) and the game's options.
``.. rulespec-rulings::`` (optionally a game id)
    every ruling and ambiguity in one place, linked to its rule entry.
``.. rulespec-proofs::`` (optionally a game id)
    runs the z3 claims once per game and build and tabulates the verdicts; a verdict that
    is not the expected one is a Sphinx warning, which fails a ``-W`` build. Pages with
    proofs are re-read on every build, so a failing claim can never hide in a cache.
``.. rulespec-edition-comparison:: lotus``
    the variant-table rows that depend on the edition only, the editions side by side,
    each classified as the same value, different wording proved to give the same result,
    or different (re-read on every build too: the classification comes from the proofs).
``.. rulespec-bounds:: mandala``
    the game's bounds (``rulespec.<game>.bounds``) for every variant of
    ``spec.variants()``, and the argument behind each, grouped where only the numbers
    differ.
``.. rulespec-observation-tensors::``
    every game's observation tensor layout (first variant) and its length per variant.
``.. rulespec-lotus-board::`` (optionally a board file)
    the White Lotus board drawn as inline SVG from its data, with a legend of its counts.
``.. rulespec-picture:: mandala`` (options ``:settings:``, ``:seed:``, ``:steps:``, ``:seat:``)
    a position drawn by the library's pictures at build time, with the ``rulespec render``
    command that draws it.

Every chapter of a game needs its page with its ``rulespec-rules`` (the link target of the
other directives, the search and the old links); a chapter without one, or a rule no page
shows, is a warning. Python references that Sphinx cannot
resolve are looked up the way Python would, from the docstring's module (see
:func:`resolve_like_python`).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import html
import importlib
import importlib.util
import json
import math
import pkgutil
import random
import re
import typing
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar, TypeVar

# docutils ships no type stubs, and types-docutils is not among rulespec's dependencies.
from docutils import nodes  # type: ignore[import-untyped]
from docutils.nodes import Node, system_message  # type: ignore[import-untyped]
from docutils.parsers.rst.states import Inliner  # type: ignore[import-untyped]
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode
from sphinx.util.parsing import nested_parse_to_nodes
from sphinx.util.typing import ExtensionMetadata

import rulespec
from rulespec import witnesses as witnessing
from rulespec.catalog import game_type
from rulespec.cli_settings import settled
from rulespec.core import search, tensor, variants
from rulespec.core.action_ids import describe
from rulespec.core.game import schema_of
from rulespec.core.rules import Citation, Rule, Rulebook
from rulespec.lotus import board as boards

logger = logging.getLogger(__name__)
T = TypeVar("T")

RULE_DIRECTIVE = "rulespec-rule"
RULE_ROLE = "rule"
OPTION_DIRECTIVE = "rulespec-option"
OPTION_ROLE = "game-option"

# --- reST text helpers -------------------------------------------------------------------

_INLINE_SPECIAL = re.compile(r"([\\`*_|\[\]:<>])")


def escape(raw: str) -> str:
    """``raw`` with every inline markup character escaped."""
    return _INLINE_SPECIAL.sub(r"\\\1", raw)


def text(value: object) -> str:
    """``value`` as inline reST that renders literally, on one line."""
    return escape(" ".join(str(value).split()))


_DOTTED = re.compile(r"\b[a-z]+(?:\.[a-z0-9_]+)+\b")


@functools.cache
def rule_ids() -> frozenset[str]:
    """The id of every rule of every game."""
    return frozenset(r.id for game in game_ids() for r in rulespec.rules(game))


def linked(value: object) -> str:
    """Like :func:`text`, with every registered rule id turned into a link to its entry."""
    flat = " ".join(str(value).split())
    out, last = [], 0
    for m in _DOTTED.finditer(flat):
        if m.group() in rule_ids():
            out += [escape(flat[last : m.start()]), rule_ref(m.group())]
            last = m.end()
    out.append(escape(flat[last:]))
    return "".join(out)


def para(value: object) -> str:
    """Like :func:`linked`, for text that opens a paragraph or a field body: a leading
    escaped space keeps ``- foo`` or ``1. foo`` from being read as a list."""
    flat = linked(value)
    if not flat or flat.startswith(f":{RULE_ROLE}:"):
        return flat
    return "\\ " + flat


def literal(value: object) -> str:
    """``value`` as an inline literal (backquotes cannot occur in our values)."""
    flat = " ".join(str(value).split()).replace("`", "'")
    return f"``{flat}``" if flat else ""


def heading(title: str, char: str) -> list[str]:
    """A section title underlined with ``char``."""
    return [title, char * max(len(title), 4), ""]


def indent(lines: Iterable[str], by: int) -> list[str]:
    """Lines indented by ``by`` spaces (blank lines stay blank)."""
    pad = " " * by
    return [pad + line if line else "" for line in lines]


def rule_ref(rule_id: str) -> str:
    """A link to a rule's entry on its game page."""
    return f":{RULE_ROLE}:`{rule_id}`"


def option_ref(game: str, key: str) -> str:
    """A link to a game option's entry beside its variant table."""
    return f":{OPTION_ROLE}:`{key} <{game}.{key}>`"


def cite(c: Citation, rulebook: Rulebook) -> str:
    """``mandala.de:74-76`` *(2. Karten vom Stapel ziehen)*: one citation, as reST, in the
    one style of :class:`~rulespec.core.rules.Citation` (``str(citation)``, the CLI, the
    TOML files): book and lines of rulespec's transcription, then the book's own section
    heading, which a reader with the printed book can look up; hovering the book and lines
    names the book."""
    book = rulebook.book(c.book)
    where = f" *({text(c.section)})*" if c.section else ""
    return f":abbr:`{c.ref} ({text(book.reference)})`{where}"


def cites(items: Sequence[Citation], rulebook: Rulebook) -> str:
    """All citations of a rule or cell, separated by semicolons."""
    return "; ".join(cite(c, rulebook) for c in items) or "no citation"


def field(name: str, body: str | Sequence[str]) -> list[str]:
    """One field of a field list; a sequence becomes a bullet list."""
    if isinstance(body, str):
        return [f":{name}: {body}"]
    return [f":{name}:", "", *indent([f"* {item}" for item in body], 3), ""]


def bullet_list(items: Sequence[str]) -> list[str]:
    """A bullet list of one-line items."""
    return [f"* {item}" for item in items]


def list_table(
    header: Sequence[str],
    rows: Sequence[Sequence[Sequence[str]]],
    widths: str = "auto",
    classes: str = "",
) -> list[str]:
    """A ``list-table`` with one header row; every cell is a list of reST lines."""
    out = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}"]
    out += [f"   :class: {classes}", ""] if classes else [""]
    for row in [[[h] for h in header], *rows]:
        for i, cell in enumerate(row):
            marker = "   * - " if i == 0 else "     - "
            body = list(cell) or [""]
            out.append(marker + body[0])
            out.extend(indent(body[1:], 7))
    out.append("")
    return out


# --- where the data comes from -------------------------------------------------------


def game_ids() -> tuple[str, ...]:
    """Every game rulespec implements, in :data:`rulespec.GAMES` order."""
    return tuple(s.id for s in rulespec.GAMES)


def source_files(game: str) -> list[Path]:
    """The files a game's pages are built from: its package (code and ``rulebook.toml``),
    ``rulespec.core`` and the top-level modules (``rulespec.catalog`` lists the games)."""
    rulespec.spec(game)  # an unknown id fails here
    package = Path(str(importlib.import_module(f"rulespec.{game}").__file__)).parent
    top = Path(str(rulespec.__file__)).parent
    own = [*package.glob("*.py"), *package.glob("*.toml")]
    return sorted([*own, *(top / "core").glob("*.py"), *top.glob("*.py")])


def ruling_lines(r: Rule, rulebook: Rulebook) -> list[str]:
    """Options, decision, reason and the game option of a ruling or ambiguity."""
    out: list[str] = []
    if r.options:
        out += field("Options", [para(o) for o in r.options])
    out += field("Decision", para(r.decision))
    out += field("Reason", para(r.reason))
    if r.option:
        out += field("Game option", option_ref(r.game, r.option))
    return out


def kind_badge(r: Rule) -> str:
    """The rule / ruling / ambiguity badge."""
    return f":rulespec-kind:`{r.kind.value}`"


class _Directive(SphinxDirective):
    """Shared plumbing: one game id argument, generated reST parsed in place."""

    has_content = False
    required_arguments = 1
    optional_arguments = 0

    def game(self) -> str:
        """The game id argument, checked against :data:`rulespec.GAMES`."""
        game = str(self.arguments[0]).strip()
        if game not in game_ids():
            raise self.error(f"unknown game {game!r}; rulespec implements {game_ids()}")
        return game

    def depend_on_game(self, game: str) -> None:
        """Re-read this page when the game's code changes."""
        for path in source_files(game):
            self.env.note_dependency(str(path))

    def render(self, lines: list[str]) -> list[Node]:
        """Parse generated reST (sections allowed) into nodes; problems in it are reported
        against ``<rulespec-rules mandala, generated>`` and the line of the generated text."""
        source = f"<{self.name} {' '.join(self.arguments)}, generated>".replace(" ,", ",")
        parsed = nested_parse_to_nodes(
            self.state, "\n".join(lines), source=source, allow_section_headings=True
        )
        for node in parsed:
            breakable_ids(node)
        return parsed


def breakable_ids(tree: Node) -> None:
    """Let a narrow table cell break a linked dotted id (``castle.setup.dice``) only after
    its dots, never mid-word: a ``<wbr>`` after each dot in the HTML (other builders skip
    it; the text copied is the id itself). ``rulespec.css`` stops cells breaking anywhere."""
    for xref in list(tree.findall(addnodes.pending_xref)):
        for lit in list(xref.findall(nodes.literal)):
            whole = lit.astext()
            if "." not in whole or " " in whole or len(lit.children) != 1:
                continue
            pieces: list[Node] = []
            for i, part in enumerate(whole.split(".")):
                if i:
                    pieces.append(nodes.raw("", "<wbr>", format="html"))
                pieces.append(nodes.Text(part if i == len(whole.split(".")) - 1 else part + "."))
            lit.children = []
            lit.extend(pieces)


# --- .. rulespec-game-apis:: ---------------------------------------------------------

MODULE_ORDER = ("game", "components", "actions", "state", "phases")
"""Modules of a game package shown first in its API section; the rest follow by name."""


def game_modules(game: str) -> list[str]:
    """The modules of a game's package, in :data:`MODULE_ORDER` then by name."""
    package = importlib.import_module(f"rulespec.{game}")
    names = sorted(m.name for m in pkgutil.iter_modules(package.__path__))
    first = [n for n in MODULE_ORDER if n in names]
    return first + [n for n in names if n not in first]


class GameApisDirective(SphinxDirective):
    """``.. rulespec-game-apis::``: one API section per game of :data:`rulespec.GAMES`,
    its public face (``rulespec.<id>``) and then every module of its package, so a new
    game's reference appears without anyone editing ``api.rst``."""

    has_content = False

    def run(self) -> list[Node]:
        lines: list[str] = []
        for game in game_ids():
            for path in source_files(game):
                self.env.note_dependency(str(path))
            title = f"{rulespec.spec(game).title}: ``rulespec.{game}``"
            lines += heading(title, "-")
            lines += [f".. automodule:: rulespec.{game}", "   :imported-members:", ""]
            for name in game_modules(game):
                lines += heading(f"``rulespec.{game}.{name}``", "~")
                lines += [f".. automodule:: rulespec.{game}.{name}", ""]
        return nested_parse_to_nodes(
            self.state,
            "\n".join(lines),
            source="<rulespec-game-apis, generated>",
            allow_section_headings=True,
        )


# --- .. rulespec-json-schemas:: ------------------------------------------------------

SCHEMA_KINDS = (
    ("position", "Positions", "what ``state.to_json()`` writes and ``state_from_json`` reads"),
    ("action", "Actions", "what ``action.to_json()`` writes and ``action_from_json`` reads"),
    ("observation", "Observations", "what ``state.observation(seat).to_json()`` writes"),
)


class JsonSchemasDirective(SphinxDirective):
    """``.. rulespec-json-schemas::`` (optionally a game id): for every game of
    :data:`rulespec.GAMES` (or the one named), the JSON
    Schemas of its positions, actions and observations, and of any further form it reads
    (``BaseGame.schemas``: the White Castle's short positions), generated (for
    every variant: seat numbers and board areas are left open; ``game.json_schema()``
    gives them for one variant)."""

    has_content = False
    optional_arguments = 1

    def run(self) -> list[Node]:
        lines: list[str] = []
        games = [str(self.arguments[0])] if self.arguments else list(game_ids())
        for game in games:
            for path in source_files(game):
                self.env.note_dependency(str(path))
            game_type = type(rulespec.game(game, **rulespec.spec(game).variants()[0]))
            if not self.arguments:
                lines += heading(rulespec.spec(game).title, "-")
            extra = [
                (x.kind, x.kind.replace("_", " ").capitalize() + "s", x.what)
                for x in game_type.schemas
            ]
            for of, title, what in (*SCHEMA_KINDS, *extra):
                schema = schema_of(game_type.codec, game_type, of, None)
                lines += heading(title, "~")
                lines += [f"The schema of {what}.", "", ".. code-block:: json", ""]
                lines += [f"   {line}" for line in json.dumps(schema, indent=2).splitlines()]
                lines.append("")
        return nested_parse_to_nodes(
            self.state,
            "\n".join(lines),
            source="<rulespec-json-schemas, generated>",
            allow_section_headings=True,
        )


# --- .. rulespec-observation-tensors:: ----------------------------------------------


def settings_label(settings: dict[str, Any], spec: rulespec.GameSpec) -> str:
    """``edition=de, players=3``: the variant axes, and options only where they differ
    from their defaults."""
    defaults = {o.key: o.default for o in spec.table().options}
    return ", ".join(
        f"{k}={v}" for k, v in settings.items() if k not in defaults or defaults[k] != v
    )


def every_game(directive: SphinxDirective) -> Iterator[tuple[rulespec.GameSpec, Any, Any]]:
    """For each game of :data:`rulespec.GAMES`: its spec, its variants and the game of its
    first variant; the page is re-read when the game's code changes."""
    for game in game_ids():
        for path in source_files(game):
            directive.env.note_dependency(str(path))
        spec = rulespec.spec(game)
        variants = spec.variants()
        yield spec, variants, rulespec.game(game, **variants[0])


class ObservationTensorsDirective(SphinxDirective):
    """``.. rulespec-observation-tensors::``: for every game of :data:`rulespec.GAMES`, the
    layout of its observation tensor in the first column of its variant table (every
    entry: path, offset, size, range, encoding, public or private) and the length in
    every variant, from :func:`rulespec.core.tensor.observation_layout`."""

    has_content = False

    def run(self) -> list[Node]:
        lines: list[str] = []
        for spec, variants_, first in every_game(self):
            found = tensor.observation_layout(first)
            lines += heading(spec.title, "-")
            lines += [
                f"Layout for {literal(settings_label(dict(variants_[0]), spec))}: "
                f"{found.size} numbers, {found.part(True).size} public and "
                f"{found.part(False).size} private.",
                "",
                ".. list-table::",
                "   :header-rows: 1",
                "",
                "   * - field",
                "     - offset",
                "     - size",
                "     - range",
                "     - encoding",
                "     - seen by",
            ]
            for e in found.entries:
                lines += [
                    f"   * - {literal(e.path)}",
                    f"     - {e.offset}",
                    f"     - {e.size}",
                    f"     - {text(e.describe_range())}",
                    f"     - {text(e.encoding.value)}",
                    f"     - {'every seat' if e.public else 'this seat'}",
                ]
            lines += ["", "Length in every variant:", "", ".. list-table::", ""]
            for settings in variants_:
                size = tensor.observation_shape(rulespec.game(spec.id, **settings))[0]
                lines += [
                    f"   * - {literal(settings_label(dict(settings), spec))}",
                    f"     - {size}",
                ]
            lines.append("")
        return nested_parse_to_nodes(
            self.state,
            "\n".join(lines),
            source="<rulespec-observation-tensors, generated>",
            allow_section_headings=True,
        )


# --- .. rulespec-action-ids:: -------------------------------------------------------


class ActionIdsDirective(SphinxDirective):
    """``.. rulespec-action-ids::``: for every game of :data:`rulespec.GAMES`, its blocks of
    action ids (first variant) and, per variant, how many decisions and chance outcomes
    it numbers with the digest the tests pin, all generated from the games' numberings."""

    has_content = False

    def run(self) -> list[Node]:
        lines: list[str] = []
        for spec, every, first in every_game(self):
            game = spec.id
            lines += heading(spec.title, "~")
            lines += [
                f"Blocks for {settings_label(dict(every[0]), spec)} "
                "(other variants differ in the sizes of blocks that run over seats, board "
                "areas or amounts of points):",
                "",
            ]
            for part, blocks in describe(first.action_ids()).items():
                rows = [
                    [
                        [f"``{b.kind}``"],
                        [f"{b.first}-{b.last}"],
                        [str(len(b.actions))],
                        [text(b.varies)],
                    ]
                    for b in blocks
                ]
                lines += list_table([part.capitalize(), "Ids", "Count", "Order"], rows)
            rows = []
            for settings in every:
                ids = rulespec.game(game, **settings).action_ids()
                rows.append(
                    [
                        [text(settings_label(dict(settings), spec))],
                        [str(len(ids.decisions))],
                        [str(len(ids.chance))],
                        [f"``{ids.digest()[:16]}``"],
                    ]
                )
            lines += ["Every variant:", ""]
            lines += list_table(["Variant", "Decisions", "Chance outcomes", "Digest"], rows)
        return nested_parse_to_nodes(
            self.state,
            "\n".join(lines),
            source="<rulespec-action-ids, generated>",
            allow_section_headings=True,
        )


# --- .. rulespec-bounds:: -------------------------------------------------------------


def variant_label(game: str, settings: dict[str, object]) -> str:
    """A variant as its column title, plus the options that differ from their defaults."""
    table = rulespec.spec(game).table()
    axes = {k: settings[k] for k in table.axes}
    title = next(c.title for c in table.columns if dict(c.axes) == axes)
    changed = [f"{o.key}={settings[o.key]}" for o in table.options if settings[o.key] != o.default]
    return ", ".join([title, *changed])


def shared_settings(
    members: Sequence[dict[str, object]], every: Sequence[dict[str, object]]
) -> str:
    """What the variants ``members`` have in common that not all of ``every`` have, in
    words: ``every variant``, ``the variants with negotiation = on`` …"""
    if len(members) == len(every):
        return "every variant"
    common = [
        f"{k} = {v}"
        for k, v in members[0].items()
        if all(m[k] == v for m in members) and not all(e[k] == v for e in every)
    ]
    if not common:
        return f"{len(members)} of the variants"
    defaults = {f"{o.key} = {o.default}" for spec in rulespec.GAMES for o in spec.table().options}
    unusual = [c for c in common if c not in defaults]
    return "the variants with " + " and ".join(unusual or common)


class BoundsDirective(_Directive):
    """``.. rulespec-bounds:: <game>``: every variant's bounds in a table, then the
    argument for each bound. Arguments that differ only in their numbers are shown once,
    with the numbers of the first variant they apply to."""

    def run(self) -> list[Node]:
        game = self.game()
        self.depend_on_game(game)
        module = importlib.import_module(f"rulespec.{game}.bounds")
        caps = getattr(module, "point_caps", None)
        every = list(rulespec.spec(game).variants())
        found = [
            (s, module.bounds(built), built) for s in every for built in [rulespec.game(game, **s)]
        ]
        header = ["Variant", "Longest game", "Widest chance node", "Returns"]
        if caps is not None:
            header.append("Most points (influence, combat)")
        rows = []
        for settings, b, built in found:
            total = "varies" if b.utility_sum is None else f"{b.utility_sum:g}"
            row = [
                [text(variant_label(game, settings))],
                [str(b.max_game_length)],
                [str(b.max_chance_outcomes)],
                [f"{b.min_utility:g} to {b.max_utility:g}, sum {total}"],
            ]
            if caps is not None:
                row.append(["{}, {}".format(*caps(built))])
            rows.append(row)
        lines = [
            f"Derived from the rules for every variant (``rulespec.{game}.bounds``); the "
            "tests check each against random play.",
            "",
            *list_table(header, rows),
        ]
        for key in found[0][1].why:
            groups: dict[str, list[tuple[dict[str, object], str]]] = {}
            for settings, b, _ in found:
                why = b.why[key]
                groups.setdefault(re.sub(r"\d+", "#", why), []).append((settings, why))
            lines += [f"**{key}**", ""]
            for members in groups.values():
                first, why = members[0]
                if len({w for _, w in members}) == 1 and len(members) == len(found):
                    lines += [para(why), ""]
                    continue
                who = shared_settings([m for m, _ in members], every)
                lines += [
                    f"* {linked(why)} *(For {text(who)}; the numbers are those of "
                    f"{text(variant_label(game, first))}.)*",
                    "",
                ]
        return self.render(lines)


# --- .. rulespec-rules:: -------------------------------------------------------------


RULE_ANCHOR = "rulespec-rule-"
"""A rule entry's anchor is this and the rule id (``#rulespec-rule-mandala.turn.order``):
Sphinx's target for the object, the same on whichever page the rule is, so a link keeps
its anchor when the rule moves; the game's front page sends an anchor it does not hold
to the rule's page (:func:`redirect_script`)."""


def rule_anchor(rule_id: str) -> str:
    """The anchor of a rule's entry."""
    return RULE_ANCHOR + rule_id


def rule_entry(r: Rule, rulebook: Rulebook, up: str) -> list[str]:
    """One rule as an object description (the id is the link target), read like a
    paragraph of a rulebook: title, our paraphrase, where the books say it, the ruling's
    readings and decision, then the rule at work. ``up`` leads from the page to the root."""
    body = [*index_lines(r), f"{kind_badge(r)} **{text(r.title)}**", "", para(r.text), ""]
    body += field("Sources", cites(r.cites, rulebook))
    if r.is_ruling:
        body += ruling_lines(r, rulebook)
    elif r.option:  # a variant the book itself offers, turned on by a game option
        body += field("Game option", option_ref(r.game, r.option))
    body += witness_lines(r, up)
    return [f".. {RULE_DIRECTIVE}:: {r.id}", "", *indent(body, 3), ""]


def index_lines(r: Rule) -> list[str]:
    """The entry's lines in the site's index (and so in its search, which ranks an
    index entry that matches a question above a Python object): its title, and each key
    term of every edition under which a reader may look it up."""
    title = " ".join(r.title.replace(";", ",").split())
    # main entries ("!"): the site search lists them with its best matches, not after all
    entries = [f"!single: {title}"]
    entries += [
        f"!single: {' '.join(t.replace(';', ',').split())}; {title}"
        for _, terms in r.terms
        for t in terms
    ]
    return [".. index::", *indent(entries, 3), ""]


WITNESS_DIR = "_witnesses"
"""Where the witnesses' pictures are written in the HTML output (one small SVG file per
witness, loaded lazily, so a rules page stays light)."""
_WITNESS_OUT: list[Path] = []
"""The HTML output directory, set when the build starts (pictures go there)."""


def witness_picture(ex: witnessing.Example, up: str) -> list[str]:
    """Write the witness's position as an SVG file; the raw-HTML lines that show it,
    scaled to the text's width (a tap opens it full size)."""
    state = ex.state
    if ex.witness.kind in ("applied", "legal", "refused") and not state.is_chance:
        drawn = ex.game.svg(state.observation(state.current_player))
        whose = f"as seat {state.current_player} sees it"
    else:
        drawn = ex.game.svg(state)
        whose = "the whole table"
    if not _WITNESS_OUT:
        return []
    name = ex.witness.key.replace("=", "--") + ".svg"
    folder = _WITNESS_OUT[0] / WITNESS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(drawn, encoding="utf-8")
    alt = xml(f"the position where {ex.witness.key} decides, {whose}")  # HTML, not reST
    return [
        ".. raw:: html",
        "",
        f'   <a class="rulespec-witness" href="{up}{WITNESS_DIR}/{name}"><img '
        f'class="rulespec-witness" loading="lazy" src="{up}{WITNESS_DIR}/{name}" alt="{alt}" '
        f'title="{alt} (open full size)"></a>',
        "",
    ]


def attribute(value: object) -> str:
    """``value`` as an HTML attribute's text between single quotes (JSON as written)."""
    raw = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return html.escape(raw, quote=True)


def tryit_lines(ex: witnessing.Example) -> list[str]:
    """The placeholder the page's "Try it" script makes live: the game, all its
    settings, the position at the witness's decision point (``state.to_json()``), the
    rule and the witness's move in notation, if it has one."""
    w = ex.witness
    settings = dict(ex.game.settings())
    move = f" data-move='{attribute(w.action)}'" if w.action is not None else ""
    return [
        ".. raw:: html",
        "",
        f"   <div class=\"rs-tryit\" data-game='{attribute(w.game)}' "
        f"data-settings='{attribute(settings)}' "
        f"data-position='{attribute(ex.state.to_json())}' data-rule='{attribute(w.rule)}'"
        f"{move}></div>",
        "",
    ]


def witness_lines(r: Rule, up: str) -> list[str]:
    """The rule at work: per witness (per option value for an option's rule), what
    happens in the game's words and what the rule decides, a small picture and the live
    position's placeholder; or why there is no witness."""
    shown = witnessing.witnesses(r.game)
    out: list[str] = []
    for key, value in witnessing.keys(r):
        label = "At work" if value is None else f"At work ({r.option} = {value})"
        found = shown.found.get(key)
        if found is None:
            out += field(label, f"no witness: {text(shown.without.get(key, ''))}")
            continue
        ex = witnessing.replay(found)
        asked = "" if value is None else repr(value)
        again = f"rulespec.rule({r.id!r}).example({asked})"
        body = [
            ".. container:: rulespec-at-work",
            "",
            *indent([*witness_picture(ex, up), *tryit_lines(ex)], 3),
            f"{linked(ex.in_words())} *(Replay it with* {literal(again)}\\ *.)*",
            "",
            *hand_position_lines(found),
        ]
        out += [f":{label}:", "", *indent(body, 3), ""]
    return out


def hand_position_lines(w: witnessing.Witness) -> list[str]:
    """For a witness from a hand-written position: what it is and the position as
    written (one line per key), so a reader can load it and change one thing."""
    if w.position is None:
        return []
    hand = witnessing.positions(w.game)[w.position]
    items = list(hand.position.items())
    rows = [
        f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" + ("," if n < len(items) else "")
        for n, (k, v) in enumerate(items, 1)
    ]
    return [
        f"{text(hand.note)} The position, from ``rulespec/{w.game}/witness_positions.json``:",
        "",
        ".. code-block:: json",
        "",
        *indent(["{", *rows, "}"], 3),
        "",
    ]


class WitnessCountsDirective(SphinxDirective):
    """``.. rulespec-witness-counts::``: per game, how many of its rules and rulings are
    shown at work (a witness from seeded play on its rules page), and how many of those
    only from a hand-written position."""

    def run(self) -> list[Node]:
        items = []
        for spec in rulespec.GAMES:
            shown, total = witnessing.counts()[spec.id]
            hand = witnessing.by_hand()[spec.id]
            items.append(
                f":doc:`{text(spec.title)} <games/{spec.id}>`: {shown} of {total} rules and "
                f"rulings shown at work in seeded play ({hand} of them from a position written "
                "by hand); the rest are listed with the reason"
            )
        return nested_parse_to_nodes(
            self.state, "\n".join(bullet_list(items)), source="<rulespec-witness-counts>"
        )


def _witness_output(app: Sphinx) -> None:
    """Pictures of witnesses go into this build's output directory."""
    _WITNESS_OUT[:] = [Path(app.outdir)]


def books_lines(rulebook: Rulebook) -> list[str]:
    """What each book id in the citations stands for, and how to follow a citation."""
    items = [f"{literal(b.id)}: *{text(b.title)}*: {text(b.details)}" for b in rulebook.books]
    return [
        "A citation names a book, then the section of the book by its own heading, then "
        "the lines of rulespec's plain-text transcription of the book (in brackets). Look "
        "a passage up by its heading: the transcriptions are not published, since the "
        "books are under copyright, and rulespec only paraphrases them.",
        "",
        *bullet_list(items),
        "",
    ]


def up_to_root(docname: str) -> str:
    """The relative path from a page to the site's root (``../../`` from
    ``games/mandala/turn``)."""
    return "../" * docname.count("/")


def chapter_doc(game: str, chapter: str) -> str:
    """The page a chapter of a game's rules is on: ``games/<game>/<chapter>``."""
    return f"games/{game}/{chapter}"


def search_box(game: str) -> nodes.raw:
    """The rules search of a game (``_static/rules-search.js`` makes it work): the
    input and the list the results go into (the DOM the browser tests rely on)."""
    title = xml(rulespec.spec(game).title)
    markup = (
        '<div class="rs-search" role="search">'
        f'<label class="rs-rules-label" for="rs-search-{game}">Search the rules of {title}'
        "</label>"
        f'<input type="search" id="rs-search-{game}" class="rs-rules-search" '
        f'data-game="{xml(game)}" autocomplete="off" spellcheck="false" '
        'placeholder="a question or a word, in English, German or French">'
        '<p class="rs-rules-status" aria-live="polite"></p>'
        '<ol class="rs-rules-results"></ol></div>'
    )
    return nodes.raw("", markup, format="html")


class SearchDirective(_Directive):
    """``.. rulespec-search:: <game>``: the game's rules search box."""

    def run(self) -> list[Node]:
        game = self.game()
        env_data(self.env).search_docs[self.env.docname] = game
        return [search_box(game)]


class RulesDirective(_Directive):
    """``.. rulespec-rules:: <game> <chapter>``: one chapter of a game's rules (the
    ``[[chapter]]`` of its ``rulebook.toml``), grouped, each rule a link target, under
    the game's rules search; without a chapter, every rule."""

    optional_arguments = 1

    def run(self) -> list[Node]:
        game = self.game()
        self.depend_on_game(game)
        book = rulespec.rulebook(game)
        chapter = str(self.arguments[1]) if len(self.arguments) > 1 else None
        keys = [c.key for c in book.chapters]
        if chapter is not None and chapter not in keys:
            raise self.error(f"{game} has no chapter {chapter!r}; its chapters are {keys}")
        data = env_data(self.env)
        data.chapter_docs[f"{game}/{chapter or ''}"] = self.env.docname
        data.search_docs[self.env.docname] = game
        up = up_to_root(self.env.docname)
        lines: list[str] = []
        groups = book.groups(chapter)
        for part, rules in groups:
            if len(groups) > 1 or chapter is None:  # a page of one group: its title heads it
                lines += heading(book.part_title(part), "-")
            for r in rules:
                data.rule_docs[r.id] = self.env.docname
                lines += rule_entry(r, book, up)
        return [search_box(game), *self.render(lines)]


def chapter_pages(game: str) -> dict[str, str]:
    """Anchor -> the page (relative to the game's front page) for every rule and game
    option of a game and for the sections the game's single page had: where a link into
    the old page goes now."""
    book = rulespec.rulebook(game)
    pages = {rule_anchor(r.id): f"{game}/{book.chapter_of(r)}.html" for r in book.rules}
    for opt in rulespec.spec(game).table().options:
        pages[f"rulespec-option-{game}.{opt.key}"] = f"{game}/variants.html"
    for section in ("variants", "rules"):
        pages[section] = (
            f"{game}/{'variants' if section == 'variants' else book.chapters[0].key}.html"
        )
    for section in ("bounds", "proofs"):
        pages[section] = f"{game}/reference.html"
    return pages


def redirect_script(game: str) -> str:
    """A link to the game's old single page with an anchor this page does not hold
    (``games/mandala.html#rulespec-rule-mandala.turn.order``) goes to the anchor's page."""
    pages = json.dumps(chapter_pages(game), separators=(",", ":"), sort_keys=True)
    return (
        "<script>(() => { const pages = " + pages + "; "
        "const id = decodeURIComponent(window.location.hash.slice(1)); "
        "if (id && pages[id] && !document.getElementById(id)) "
        "window.location.replace(pages[id] + '#' + encodeURIComponent(id)); })();</script>"
    )


class RuleIndexDirective(_Directive):
    """``.. rulespec-rule-index:: <game>``: on a game's front page, every rule and ruling
    by chapter (each linked to its entry), how citations read, and the script that sends
    an old link into the single page the game had to the rule's page now."""

    def run(self) -> list[Node]:
        game = self.game()
        self.depend_on_game(game)
        book = rulespec.rulebook(game)
        counts = {
            k: sum(1 for r in book.rules if r.kind.value == k)
            for k in ("rule", "ruling", "ambiguity")
        }
        lines = [
            f"{len(book.rules)} entries: {counts['rule']} rules stated by the rulebook, "
            f"{counts['ruling']} rulings where it is silent and {counts['ambiguity']} "
            "ambiguities where it can be read more than one way, each on the page of the "
            "part of the rulebook it comes from.",
            "",
            *books_lines(book),
            ".. container:: rulespec-rule-index",
            "",
        ]
        for c in book.chapters:
            items = [
                f":rule:`{escape(r.title)} <{r.id}>`"
                + ("" if r.kind.value == "rule" else f" ({r.kind.value})")
                for _, rules in book.groups(c.key)
                for r in rules
            ]
            lines += indent([f":doc:`/{chapter_doc(game, c.key)}`", "", *bullet_list(items), ""], 3)
        return [nodes.raw("", redirect_script(game), format="html"), *self.render(lines)]


# --- .. rulespec-variant-table:: ------------------------------------------------------


def format_value(value: object) -> str:
    """A TOML cell value as written in the docs: lists comma-separated."""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def option_entry(
    game: str,
    opt: variants.OptionSpec,
    table: variants.VariantTable,
    rulebook: Rulebook,
    options_type: type,
) -> list[str]:
    """One game option as an object description (the link target of ``:game-option:``)."""
    other = next((v for v in opt.values if v != opt.default), opt.default)
    example = "".join(f"{k}={v!r}, " for k, v in table.columns[0].axes)
    choices = [
        f"{literal(repr(v))}: {linked(d)}" + (" (default)" if v == opt.default else "")
        for v, d in opt.choices
    ]
    body = [
        f"**{text(opt.title)}**",
        "",
        *field("Choices", choices),
        *field("Default", literal(repr(opt.default))),
        *field("Rule", rule_ref(opt.rule)),
        *field("Field", typed_field(options_type, opt.key)),
        *field("Sources", cites(opt.cites, rulebook)),
        *field("Example", literal(f'rulespec.game("{game}", {example}{opt.key}={other!r})')),
    ]
    return [f".. {OPTION_DIRECTIVE}:: {game}.{opt.key}", "", *indent(body, 3), ""]


def cell_lines(cell: variants.Cell, rulebook: Rulebook) -> list[str]:
    """One table cell: the value, its note and its sources."""
    body = [literal(format_value(cell.value))]
    if cell.note:
        body += ["", para(cell.note)]
    return [*body, "", f"Sources: {cites(cell.cites, rulebook)}"]


def public_name(obj: type) -> str:
    """The dotted name a class is documented under: its game's face (``rulespec.lotus``)
    if that exports it, else its own module."""
    module = obj.__module__
    parts = module.split(".")
    if len(parts) > 2 and parts[0] == "rulespec" and parts[1] in game_ids():
        face = importlib.import_module(f"rulespec.{parts[1]}")
        if getattr(face, obj.__name__, None) is obj:
            module = face.__name__
    return f"{module}.{obj.__name__}"


def typed_field(cls: type, key: str) -> str:
    """A link to the field ``key`` of a game's typed variant or options class, and to its
    enum type if it has one: ``LotusVariant.loser_refund`` (a ``LoserRefund``)."""
    owner = public_name(cls)
    out = f":attr:`{key} <{owner}.{key}>`"
    kind = typing.get_type_hints(cls).get(key)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        out += f" (:class:`~{public_name(kind)}`)"
    return out


def typed_classes(game: str) -> tuple[type, type]:
    """A game's typed variant and options classes (``LotusVariant``, ``LotusOptions``)."""
    made = rulespec.game(game, **rulespec.spec(game).variants()[0])
    typed = type(made).typed
    return typed.variant_type, typed.options_type


def row_head(row: variants.Row, variant_type: type) -> list[str]:
    """The first cell of a row: the rule point, its rule and its variant field."""
    field = typed_field(variant_type, row.key)
    return [f"**{text(row.title)}**", "", f"{rule_ref(row.rule)}, field {field}"]


MAX_COLUMNS = 4
"""Variant columns one table shows: four cited cells beside the rule point fill the page's
text column; more would hide the last ones behind sideways scrolling."""


def column_groups(columns: Sequence[T]) -> list[Sequence[T]]:
    """``columns`` cut into as few tables as keep each within :data:`MAX_COLUMNS`, of
    nearly equal width (the castle's six: 2-4 players, then solo; Oriente's nine: 4-6, 7-9,
    10-12 players)."""
    tables = -(-len(columns) // MAX_COLUMNS)
    size = -(-len(columns) // max(tables, 1))
    return [columns[i : i + size] for i in range(0, len(columns), size)]


class VariantTableDirective(_Directive):
    """``.. rulespec-variant-table:: <game>``: rows × columns with cited cells, and options.

    Rows that depend on one axis only (``axis = "edition"`` in the TOML) get a table of
    their own with one column per value of that axis, instead of repeating each cell.
    """

    def run(self) -> list[Node]:
        game = self.game()
        book = rulespec.rulebook(game)
        table = rulespec.spec(game).table()
        self.env.note_dependency(str(variants.tables_dir() / f"{game}.toml"))
        self.depend_on_game(game)
        variant_type, options_type = typed_classes(game)
        values = {a: list(table.axis_values(a)) for a in table.axes}
        axes = "; ".join(
            f"{literal(a)} ({', '.join(str(v) for v in vs)})" for a, vs in values.items()
        )
        first = ", ".join(f"{k}={v!r}" for k, v in table.columns[0].axes)
        lines = [
            f"The variant axes are {axes}; a variant is chosen with "
            f"{literal(f'rulespec.game({game!r}, {first})')}. Each row is a rule point that "
            "differs between variants, with every variant's value and the lines that decide "
            f"it, as the game loads them from ``variants/{game}.toml``.",
            "",
        ]
        whole = [r for r in table.rows if r.axis is None]
        split = len(whole) != len(table.rows)
        if whole:
            if split:
                lines += [".. rubric:: Rule points that depend on the whole variant", ""]
            for columns in column_groups(table.columns):
                header = ["Rule point", *(c.title for c in columns)]
                rows = [
                    [row_head(r, variant_type), *(cell_lines(r.cell(c.id), book) for c in columns)]
                    for r in whole
                ]
                lines += list_table(header, rows, classes="rulespec-variants")
        for axis in table.axes:
            only = [r for r in table.rows if r.axis == axis]
            if not only:
                continue
            lines += [f".. rubric:: Rule points that depend on ``{axis}`` only", ""]
            for part in column_groups(range(len(only[0].by_axis))):
                header = ["Rule point", *(f"{axis} = {only[0].by_axis[i][0]}" for i in part)]
                rows = [
                    [row_head(r, variant_type), *(cell_lines(r.by_axis[i][1], book) for i in part)]
                    for r in only
                ]
                lines += list_table(header, rows, classes="rulespec-variants")
        if table.options:
            lines += [
                ".. rubric:: Options",
                "",
                "Choices players make whatever the variant: each is a recorded ruling with "
                "its alternatives, or a variant the rulebook itself offers.",
                "",
            ]
            for opt in table.options:
                lines += option_entry(game, opt, table, book, options_type)
        lines += beyond_table(game)
        return self.render(lines)


def beyond_table(game: str) -> list[str]:
    """The settings the game's class declares beyond the table (its ``extra`` records,
    the ones ``make``, ``settings()`` and the command line read) and the axes the others
    settle, so the page lists what the code takes."""
    cls = game_type(game)
    if not cls.extra and not cls.implied:
        return []
    lines = [".. rubric:: Settings beyond the variant table", ""]
    items = [
        f"{literal(s.name)} (``--{s.name.replace('_', '-')}``), default "
        f"{literal(repr(s.default))}: {text(' '.join(filter(None, (s.title, s.beyond_cli))))}"
        for s in cls.extra
    ]
    items += [
        f"{literal(a)} may be left out where the other axes leave it one value: "
        f"{literal(settled(cls, a))}"
        for a in cls.implied
    ]
    return [*lines, *bullet_list(items), ""]


# --- .. rulespec-rulings:: ------------------------------------------------------------


def ruling_entry(r: Rule, rulebook: Rulebook) -> list[str]:
    """One ruling: the situation, what was considered, what rulespec does and why."""
    body = [
        f"{kind_badge(r)} **{text(r.title)}** ({rule_ref(r.id)})",
        "",
        *field("Situation", para(r.text)),
        *ruling_lines(r, rulebook),
        *field("Sources", cites(r.cites, rulebook)),
    ]
    return [".. container:: rulespec-ruling", "", *indent(body, 3), ""]


def options_summary(game: str) -> list[str]:
    """The rulings players may settle another way: each game option whose rule is a ruling,
    with its values, the default first."""
    found = []
    for opt in rulespec.spec(game).table().options:
        if not rulespec.rule(opt.rule).is_ruling:
            continue  # a variant the book offers, not a reading of ours
        values = [opt.default, *(v for v in opt.values if v != opt.default)]
        shown = ", ".join(literal(v) for v in values)
        found.append(f"{option_ref(game, opt.key)} ({rule_ref(opt.rule)}): {shown}")
    if not found:
        return []
    return [
        "Players may choose another reading of these when they create the game (default first):",
        "",
        *bullet_list(found),
        "",
    ]


def ruling_summary(r: Rule) -> list[str]:
    """One ruling in a line or two: its title (linked to its entry), what rulespec does,
    and the option that picks another reading."""
    option = f" (option {option_ref(r.game, r.option)})" if r.option else ""
    return [
        f"* {kind_badge(r)} {rule_ref(r.id)}: **{text(r.title)}**. {linked(r.decision)}{option}"
    ]


class RulingsDirective(_Directive):
    """``.. rulespec-rulings::``: every ruling and ambiguity of every game in full (the
    situation, the readings, the decision and why); ``.. rulespec-rulings:: <game>``: a
    game's, each with its decision, linked to its full entry among the game's rules."""

    required_arguments = 0
    optional_arguments = 1

    def run(self) -> list[Node]:
        games = [self.game()] if self.arguments else list(game_ids())
        lines: list[str] = []
        for game in games:
            self.depend_on_game(game)
            book = rulespec.rulebook(game)
            if not self.arguments:
                lines += heading(rulespec.spec(game).title, "~")
            lines += [
                f"{len(book.rulings)} rulings and ambiguities for "
                f"{text(rulespec.spec(game).title)}.",
                "",
                *options_summary(game),
            ]
            for r in book.rulings:
                lines += ruling_summary(r) if self.arguments else ruling_entry(r, book)
            lines.append("")
        return self.render(lines)


# --- .. rulespec-proofs:: -------------------------------------------------------------

_VERDICTS: dict[str, list[Any]] = {}
"""Verdicts per game, computed once per build process."""
_WARNED: set[str] = set()
"""Claims already reported in this build (the results appear on more than one page)."""


def verdicts(game: str) -> list[Any]:
    """The verdicts of a game's claims (z3 runs once per game and build)."""
    if game not in _VERDICTS:
        proofs = importlib.import_module("proofs")
        _VERDICTS[game] = list(proofs.run(game))
    return _VERDICTS[game]


def proofs_sources() -> list[Path]:
    """The files of the ``proofs`` package, if it is importable."""
    spec = importlib.util.find_spec("proofs")
    if spec is None or not spec.submodule_search_locations:
        return []
    return sorted(p for loc in spec.submodule_search_locations for p in Path(loc).glob("*.py"))


MAX_DETAIL = 240
"""A solver's reason for giving up can quote a whole term; the table shows its start."""


def detail_lines(detail: str) -> list[str]:
    """A verdict's detail: a witness's ``name = value`` pairs as literals, else text."""
    pairs = [p.strip() for p in detail.split(",")]
    if detail and all(re.fullmatch(r"[\w.\[\]]+ = \S+", p) for p in pairs):
        return [", ".join(literal(p) for p in pairs)]
    if len(detail) > MAX_DETAIL:
        detail = detail[: MAX_DETAIL - 2] + " …"
    return [para(detail) or "—"]


class ProofsDirective(_Directive):
    """``.. rulespec-proofs::`` (optionally ``<game>``): the z3 claims and their verdicts."""

    required_arguments = 0
    optional_arguments = 1

    def run(self) -> list[Node]:
        games = [self.game()] if self.arguments else list(game_ids())
        for path in proofs_sources():
            self.env.note_dependency(str(path))
        env_data(self.env).proof_docs.add(self.env.docname)
        lines: list[str] = []
        for game in games:
            self.depend_on_game(game)
            if not self.arguments:
                lines += heading(rulespec.spec(game).title, "~")
            lines += self.game_lines(game)
        return self.render(lines)

    def warn(self, message: str, *args: object) -> None:
        """A warning at this directive; ``-W`` turns it into a failed build."""
        logger.warning(
            "rulespec-proofs: " + message,
            *args,
            location=self.get_location(),
            type="rulespec",
            subtype="proofs",
        )

    def game_lines(self, game: str) -> list[str]:
        """The verdict table of one game, warning for every verdict that is not ok."""
        title = text(rulespec.spec(game).title)
        try:
            results = verdicts(game)
        except Exception as exc:  # the docs must not hide a proof suite that cannot run
            self.warn("cannot run the %s proofs: %s: %s", game, type(exc).__name__, exc)
            return [f"The proofs of {title} could not be run when this page was built.", ""]
        if not results:
            return [f"{title} has no proofs yet.", ""]
        rows = []
        for v in results:
            if not v.ok and v.claim_id not in _WARNED:
                _WARNED.add(v.claim_id)
                self.warn(
                    "claim %s (rule %s) was expected %s but is %s: %s",
                    v.claim_id,
                    v.rule_id,
                    v.expected.value,
                    v.status.value,
                    v.detail or "no detail",
                )
            verdict = f"**{text(v.status.value)}**" if v.ok else f"**{text(v.status.value)}** ✗"
            rows.append(
                [
                    [literal(v.claim_id.partition(":")[2]), "", para(v.title)],
                    [rule_ref(v.rule_id)],
                    [para(v.expected.value)],
                    [verdict],
                    [text(f"{v.rlimit_used:,} of {v.rlimit_budget:,}")],
                    detail_lines(v.detail),
                ]
            )
        ok = sum(1 for v in results if v.ok)
        expected_cx = sum(1 for v in results if v.expected.value == "counterexample")
        summary = (
            f"{len(results)} claims about {title}, {expected_cx} of them written to get a "
            f"counterexample; {ok} of {len(results)} got the verdict they expect."
        )
        header = [
            "Claim",
            "Rule",
            "Expected",
            "Verdict",
            "rlimit of budget",
            "Counterexample or detail",
        ]
        return [summary, "", *list_table(header, rows, "26 20 10 10 12 22")]


# --- .. rulespec-edition-comparison:: -------------------------------------------------

EDITION_AXIS = "edition"
SAME_VALUE = "same value"
SAME_RESULT = "different wording; see proofs"
DIFFERENT = "different"
COMPARISON_CLASS = "rulespec-edition-comparison"
COMPARISON_STYLE = f"""<style>
.{COMPARISON_CLASS} table {{ table-layout: fixed; width: 100%; }}
.{COMPARISON_CLASS} td {{ overflow-wrap: anywhere; }}
.{COMPARISON_CLASS} span.pre {{ white-space: normal; }}
</style>"""
"""The comparison's four columns fit the page if long rule ids and values may wrap (the
theme keeps literals on one line); scoped to the table, shipped with it."""


def proved_about(results: Sequence[Any], rule_id: str) -> list[Any]:
    """The verdicts about ``rule_id`` that are proved, as their claims expect."""
    return [v for v in results if v.rule_id == rule_id and v.ok and v.status.value == "proved"]


def classify(row: variants.Row, results: Sequence[Any]) -> tuple[str, list[Any]]:
    """How the editions compare on one row, and the verdicts that say so.

    Equal values are the ``same value``. Values that differ are ``different`` unless a
    claim about the row's rule is proved (the wordings differ, the results do not): then
    the label points to the proofs. A row whose claims exist but are not proved stays
    ``different`` and lists them, so a failing proof never upgrades a row.
    """
    values = [cell.value for _, cell in row.by_axis]
    if all(v == values[0] for v in values[1:]):
        return SAME_VALUE, []
    proved = proved_about(results, row.rule)
    if proved:
        return SAME_RESULT, proved
    return DIFFERENT, [v for v in results if v.rule_id == row.rule]


def classification_lines(label: str, about: Sequence[Any]) -> list[str]:
    """The classification cell: the label, then the claims behind it with their verdicts."""
    out = [f"**{text(label)}**"]
    if about:
        claims = ", ".join(
            f"{literal(v.claim_id.partition(':')[2])} ({text(v.status.value)})" for v in about
        )
        out += ["", f"Claims: {claims}"]
    return out


def edition_heading(game: str, value: str, rulebook: Rulebook) -> str:
    """``de``: *Der weiße Lotus* (the title of the book ``<game>.<value>``)."""
    books = {b.id: b for b in rulebook.books}
    book = books.get(f"{game}.{value}")
    if book is None:
        return literal(value)
    return f"{literal(value)}: *{text(book.title)}*"


class ErrorCodesDirective(SphinxDirective):
    """``.. rulespec-error-codes::``: every error class with its ``code``, its
    ``http_status``, the first paragraph of its docstring and its data
    (:attr:`~rulespec.RulespecError.fields`), generated from
    :func:`rulespec.codes.error_codes` (so the table is the classes' own data)."""

    has_content = False

    def run(self) -> list[Node]:
        from rulespec.codes import error_codes  # noqa: PLC0415

        lines = [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 16 18 6 30 30",
            "",
            "   * - code",
            "     - class",
            "     - status",
            "     - when",
            "     - data (beyond ``code`` and ``message``: every key always there)",
        ]
        for code, cls, status in error_codes():
            doc = (cls.__doc__ or "").strip().split("\n\n", 1)[0]
            when = " ".join(line.strip() for line in doc.splitlines())
            # a docstring names things as its own module sees them: shown as literals here
            when = re.sub(r":[a-z:]+:`~?(?:[^`<]*<)?([^`>]+)>?`", r"``\1``", when)
            data = "; ".join(f"``{key}``: {meaning}" for key, meaning in cls.fields.items())
            lines += [
                f"   * - ``{code}``",
                f"     - :class:`~{cls.__module__}.{cls.__qualname__}`",
                f"     - {status}",
                f"     - {when}",
                f"     - {data or 'none'}",
            ]
        return nested_parse_to_nodes(
            self.state, "\n".join(lines), source="<rulespec-error-codes, generated>"
        )


class EditionComparisonDirective(_Directive):
    """``.. rulespec-edition-comparison:: <game>``: the rows that depend on the edition only,
    the editions side by side, each row classified as the same value, different wording
    with the same result (a proved claim about its rule), or different.

    The page is re-read on every build, like a page with proofs: its classification
    comes from the verdicts.
    """

    def run(self) -> list[Node]:
        game = self.game()
        book = rulespec.rulebook(game)
        table = rulespec.spec(game).table()
        self.env.note_dependency(str(variants.tables_dir() / f"{game}.toml"))
        self.depend_on_game(game)
        variant_type, _ = typed_classes(game)
        for path in proofs_sources():
            self.env.note_dependency(str(path))
        env_data(self.env).proof_docs.add(self.env.docname)
        if EDITION_AXIS not in table.axes:
            raise self.error(f"the {game} variant table has no {EDITION_AXIS!r} axis")
        rows = [r for r in table.rows if r.axis == EDITION_AXIS]
        if not rows:
            return self.render([f"No rule point of {text(game)} depends on the edition only.", ""])
        try:
            results = verdicts(game)
        except Exception as exc:  # a proof suite that cannot run upgrades no row
            logger.warning(
                "rulespec-edition-comparison: cannot run the %s proofs: %s: %s",
                game,
                type(exc).__name__,
                exc,
                location=self.get_location(),
                type="rulespec",
                subtype="proofs",
            )
            results = []
        editions = [value for value, _ in rows[0].by_axis]
        classified = [(r, *classify(r, results)) for r in rows]
        counts = {
            label: sum(1 for _, found, _ in classified if found == label)
            for label in (SAME_VALUE, SAME_RESULT, DIFFERENT)
        }
        books = "; ".join(
            f"{literal(v)} is *{text(b.title)}* ({text(b.details)})"
            for v in editions
            for b in book.books
            if b.id == f"{game}.{v}"
        )
        lines = [
            f"{len(rows)} rule points of the variant table depend on the edition only "
            f"({books}). {counts[SAME_VALUE]} have the same value in every edition, "
            f"{counts[SAME_RESULT]} are worded differently but proved to give the same "
            f"result, and {counts[DIFFERENT]} differ.",
            "",
        ]
        header = ["Rule point", *(edition_heading(game, v, book) for v in editions)]
        body = [
            [
                row_head(r, variant_type),
                *(cell_lines(cell, book) for _, cell in r.by_axis),
                classification_lines(label, about),
            ]
            for r, label, about in classified
        ]
        widths = " ".join(["19", *(["30"] * len(editions)), "21"])
        grid = list_table([*header, "Classification"], body, widths)
        lines += [f".. container:: {COMPARISON_CLASS}", "", *indent(grid, 3)]
        return [nodes.raw("", COMPARISON_STYLE, format="html"), *self.render(lines)]


# --- .. rulespec-lotus-board:: --------------------------------------------------------
# The White Lotus board drawn from its data: one flat-topped hexagon per area at its
# ``pos`` on an odd-q offset grid (``pos = [column, row]``, odd columns half a row down),
# light or brown, the lotus start areas marked L and the dragon areas D. Nothing else is
# drawn (no adjacency lines): on the schematic board hexagons touch exactly where areas
# are adjacent.

HEX_RADIUS = 34.0
"""Circumradius of a hexagon, in SVG pixels."""
BOARD_MARGIN = 4.0
SQRT3 = 3**0.5
BOARD_INK = "#4a3b2a"
AREA_STYLE = {False: ("#f4ead5", BOARD_INK), True: ("#9b6a3c", "#ffffff")}
"""brown -> (fill, text colour)."""
MARK_STYLE = {"L": ("#ffffff", "#9d174d", "#9d174d"), "D": ("#b91c1c", "#7f1d1d", "#ffffff")}
"""Mark letter -> (fill, outline, letter colour): L a white lotus, D a red dragon."""


def xml(raw: object) -> str:
    """``raw`` escaped for SVG text and attribute values."""
    return html.escape(str(raw), quote=True)


def hex_centre(col: int, row: float) -> tuple[float, float]:
    """The centre of the hexagon at ``(col, row)`` of an odd-q offset grid starting at 0."""
    x = BOARD_MARGIN + HEX_RADIUS + 1.5 * HEX_RADIUS * col
    y = BOARD_MARGIN + SQRT3 / 2 * HEX_RADIUS + SQRT3 * HEX_RADIUS * (row + 0.5 * (col % 2))
    return x, y


def hex_points(x: float, y: float) -> str:
    """The six corners of a flat-topped hexagon, as an SVG ``points`` list."""
    corners = []
    for k in range(6):
        angle = math.radians(60 * k)
        corners.append(
            f"{x + HEX_RADIUS * math.cos(angle):.1f},{y + HEX_RADIUS * math.sin(angle):.1f}"
        )
    return " ".join(corners)


def area_marks(area: Any) -> list[str]:
    """The letters an area is marked with: L for a lotus start area, D for a dragon area."""
    return [m for m, on in (("L", area.lotus), ("D", area.dragon)) if on]


def area_tooltip(area: Any) -> str:
    """What hovering an area shows: its id, name and kind."""
    kinds = ["brown (six players only)" if area.brown else "light"]
    kinds += ["lotus start area"] * area.lotus + ["dragon area"] * area.dragon
    return f"{area.id}: {area.name}; {', '.join(kinds)}"


def board_svg(board: Any) -> str:
    """The board as a standalone SVG document (``board`` a :class:`rulespec.lotus.Board`).

    Columns are shifted by an even number so that the odd columns stay the shifted ones
    whatever the smallest column is.
    """
    cols = [round(a.pos[0]) for a in board.areas]
    rows = [a.pos[1] for a in board.areas]
    col0 = min(cols, default=0)
    col0 -= col0 % 2
    row0 = math.floor(min(rows, default=0))
    centres = [hex_centre(c - col0, r - row0) for c, r in zip(cols, rows, strict=True)]
    width = max((x for x, _ in centres), default=0) + HEX_RADIUS + BOARD_MARGIN
    height = max((y for _, y in centres), default=0) + SQRT3 / 2 * HEX_RADIUS + BOARD_MARGIN
    label = (
        f"{board.name}: {len(board.areas)} areas, {sum(a.brown for a in board.areas)} brown; "
        "L marks a lotus start area, D a dragon area"
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}" role="img" aria-label="{xml(label)}" '
        'font-family="sans-serif" style="max-width: 100%; height: auto">',
        f"<title>{xml(label)}</title>",
    ]
    for area, (x, y) in zip(board.areas, centres, strict=True):
        fill, ink = AREA_STYLE[area.brown]
        marks = area_marks(area)
        out += [
            "<g>",
            f"<title>{xml(area_tooltip(area))}</title>",
            f'<polygon points="{hex_points(x, y)}" fill="{fill}" stroke="{BOARD_INK}" '
            'stroke-width="1.5"/>',
            f'<text x="{x:.1f}" y="{y + (-3 if marks else 4):.1f}" font-size="13" '
            f'text-anchor="middle" fill="{ink}">{xml(area.id)}</text>',
        ]
        for k, mark in enumerate(marks):
            mx = x + 18 * (k - (len(marks) - 1) / 2)
            mfill, outline, letter = MARK_STYLE[mark]
            out += [
                f'<circle cx="{mx:.1f}" cy="{y + 13:.1f}" r="8" fill="{mfill}" '
                f'stroke="{outline}" stroke-width="1.5"/>',
                f'<text x="{mx:.1f}" y="{y + 17:.1f}" font-size="11" font-weight="bold" '
                f'text-anchor="middle" fill="{letter}">{mark}</text>',
            ]
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def board_legend(board: Any) -> list[str]:
    """The counts behind the picture, as reST, computed from the same board."""
    areas = board.areas
    brown = sum(a.brown for a in areas)
    lotus = [a for a in areas if a.lotus]
    lotus_brown = sum(a.brown for a in lotus)
    dragons = [a.id for a in areas if a.dragon]
    return [
        f"*{text(board.name)}*: {len(areas)} areas, {len(areas) - brown} light and {brown} "
        f"brown (the brown ones are in play only with six players); **L** marks the "
        f"{len(lotus)} lotus start areas ({len(lotus) - lotus_brown} light, {lotus_brown} "
        f"brown), **D** the {len(dragons)} dragon areas ({text(', '.join(dragons))}). "
        "Hexagons that share an edge are adjacent; hovering an area shows its name.",
        "",
    ]


class LotusBoardDirective(_Directive):
    """``.. rulespec-lotus-board::`` (optionally a board file, relative to the page): the
    White Lotus board drawn as inline SVG at build time, with a legend of its counts.

    The picture is a raw HTML node, so only HTML builders show it; the legend is text and
    appears everywhere. A board file that does not validate fails the build with every
    problem :func:`rulespec.lotus.board.from_json` found.
    """

    required_arguments = 0
    optional_arguments = 1

    def run(self) -> list[Node]:
        module = Path(str(boards.__file__))
        self.env.note_dependency(str(module))
        if self.arguments:
            rel, path = self.env.relfn2path(str(self.arguments[0]))
            self.env.note_dependency(rel)
            try:
                board = boards.load_board(path)
            except boards.MalformedBoard as exc:
                raise self.error(str(exc)) from exc
        else:
            self.env.note_dependency(str(module.parent / "boards" / "schematic.json"))
            board = boards.schematic()
        picture = nodes.container(classes=["rulespec-board"])
        picture += nodes.raw("", board_svg(board), format="html")
        return [picture, *self.render(board_legend(board))]


# --- .. rulespec-picture:: ------------------------------------------------------------
# A position drawn at build time by the library's own pictures (rulespec.<game>.picture),
# with the command that draws the same picture, so the page always shows what the code
# draws today.


class PictureDirective(SphinxDirective):
    """``.. rulespec-picture:: GAME`` with options ``:settings:`` (``players=3
    edition=de``), ``:seed:``, ``:steps:`` and ``:seat:``: the position ``rulespec render``
    reaches with those arguments, drawn as inline SVG, and under it that command.

    The picture is a raw HTML node, so only HTML builders show it; the command is text and
    appears everywhere. A bad game or setting fails the build with rulespec's message.
    """

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "settings": lambda text: text or "",
        "seed": int,
        "steps": int,
        "seat": int,
    }

    def run(self) -> list[Node]:
        game_id = str(self.arguments[0])
        settings_text = str(self.options.get("settings", ""))
        pairs = [item.split("=", 1) for item in settings_text.split()]
        settings = {k: int(v) if v.isdigit() else v for k, v in pairs}
        seed, steps = int(self.options.get("seed", 1)), int(self.options.get("steps", 0))
        seat = self.options.get("seat")
        for module in ("picture", "notation"):
            found = importlib.util.find_spec(f"rulespec.{game_id}.{module}")
            if found is not None and found.origin:
                self.env.note_dependency(found.origin)
        try:
            game = rulespec.game(game_id, **settings)
        except rulespec.RulespecError as exc:
            raise self.error(str(exc)) from exc
        rng = random.Random(seed)
        state = rulespec.advance(game.initial_state(), rng)  # as rulespec render does
        taken = 0
        while taken < steps and not state.is_terminal:
            state = rulespec.random_step(state, rng)
            taken += 1
        picture = nodes.container(classes=["rulespec-picture"])
        picture += nodes.raw(
            "", game.svg(state if seat is None else state.observation(seat)), format="html"
        )
        flags = " ".join(f"--{k.replace('_', '-')} {v}" for k, v in settings.items())
        command = f"rulespec render {game_id} {flags} --seed {seed} --steps {steps}"
        if seat is not None:
            command += f" --seat {seat}"
        command += f" -o {game_id}.svg"
        return [picture, nodes.literal_block(command, command, language="sh")]


# --- references resolved the way Python resolves names ---------------------------------
# A docstring may name an object as its own module sees it (``:class:`UnknownVariant```
# in rulespec.core.variants, which imports it), while the docs describe it once, under its
# public name (``rulespec.UnknownVariant``). When Sphinx finds no target, the name is
# looked up in the docstring's module and the object it denotes is linked wherever it is
# documented. Names that denote nothing still fail the nitpicky build.

_PRIMITIVES = (int, float, str, bytes, bool, type(None))
_DOCUMENTED: dict[int, tuple[int, dict[int, str]]] = {}


def import_dotted(path: str) -> object | None:
    """The object a dotted path names (a module, then attributes), or None."""
    parts = path.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        except Exception:  # a module that fails to import names nothing here
            return None
        for attr in parts[i:]:
            if not hasattr(obj, attr):
                return None
            obj = getattr(obj, attr)
        return obj
    return None


def documented_objects(env: BuildEnvironment) -> dict[int, str]:
    """id(object) -> the name it is documented under, for every Python object described."""
    objects = env.domains.python_domain.objects
    cached = _DOCUMENTED.get(id(env))
    if cached is not None and cached[0] == len(objects):
        return cached[1]
    found: dict[int, str] = {}
    # The shortest documented name wins: rulespec.CHANCE over rulespec.Node.CHANCE.
    for name, _entry in sorted(objects.items(), key=lambda kv: (kv[1].aliased, kv[0].count("."))):
        obj = import_dotted(name)
        if obj is not None and type(obj) not in _PRIMITIVES:
            found.setdefault(id(obj), name)
    _DOCUMENTED[id(env)] = (len(objects), found)
    return found


def resolve_like_python(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.TextElement
) -> nodes.reference | None:
    """Link a Python reference that Sphinx could not resolve, if its name denotes an
    object, seen from the docstring's module and class, that is documented elsewhere."""
    if node.get("refdomain") != "py":
        return None
    target = str(node["reftarget"]).lstrip(".~")
    module, cls = node.get("py:module"), node.get("py:class")
    candidates = [target]
    if module:
        candidates.insert(0, f"{module}.{target}")
        if cls:
            candidates.insert(0, f"{module}.{cls}.{target}")
    documented = documented_objects(env)
    for path in candidates:
        obj = import_dotted(path)
        if obj is None or type(obj) in _PRIMITIVES or id(obj) not in documented:
            continue
        name = documented[id(obj)]
        entry = env.domains.python_domain.objects[name]
        return make_refnode(
            app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, name
        )
    return None


# --- roles, object types, events -----------------------------------------------------


def kind_role(  # noqa: PLR0917 (the docutils role signature)
    name: str,
    rawtext: str,
    kind: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: Sequence[str] = (),
) -> tuple[list[Node], list[system_message]]:
    """``:rulespec-kind:`ruling``` renders a small badge styled by ``rulespec.css``."""
    node = nodes.inline(rawtext, kind, classes=["rulespec-kind", f"rulespec-kind-{kind}"])
    return [node], []


def parse_option(env: BuildEnvironment, sig: str, signode: addnodes.desc_signature) -> str:
    """``mandala.final_mandalas`` shows as ``final_mandalas`` but links by the full name."""
    game, _, key = sig.strip().partition(".")
    signode += addnodes.desc_name(key, key)
    signode += addnodes.desc_annotation(f" ({game} option)", f" ({game} option)")
    return sig.strip()


ENV_VERSION = 2


@dataclasses.dataclass
class EnvData:
    """What the extension remembers between builds (pickled with the environment)."""

    proof_docs: set[str] = dataclasses.field(default_factory=set)
    """Pages with a proofs directive: re-read on every build."""
    rule_docs: dict[str, str] = dataclasses.field(default_factory=dict)
    """Rule id -> the page with its entry (where ``:rule:`` links point)."""
    chapter_docs: dict[str, str] = dataclasses.field(default_factory=dict)
    """``<game>/<chapter>`` -> the page showing that chapter of the game's rules."""
    search_docs: dict[str, str] = dataclasses.field(default_factory=dict)
    """Page -> the game whose rules search it shows."""


def env_data(env: BuildEnvironment) -> EnvData:
    """The extension's data in ``env``, created on first use."""
    data = getattr(env, "rulespec_docs", None)
    if not isinstance(data, EnvData):
        data = EnvData()
        env.rulespec_docs = data  # type: ignore[attr-defined]
    return data


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    data = env_data(env)
    data.proof_docs.discard(docname)
    data.search_docs.pop(docname, None)
    for table in (data.rule_docs, data.chapter_docs):
        for key in [k for k, doc in table.items() if doc == docname]:
            del table[key]


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    data, theirs = env_data(env), env_data(other)
    data.proof_docs |= theirs.proof_docs
    data.rule_docs.update(theirs.rule_docs)
    data.chapter_docs.update(theirs.chapter_docs)
    data.search_docs.update(theirs.search_docs)


def _always_prove(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """Re-read the pages with proofs on every build, so a failing claim always warns."""
    return sorted(env_data(env).proof_docs - removed)


def _warn(message: str, *args: object) -> None:
    logger.warning("rulespec: " + message, *args, type="rulespec", subtype="pages")


def _every_rule_has_its_page(app: Sphinx, env: BuildEnvironment) -> None:
    """Each chapter of a game's ``rulebook.toml`` is shown on its own page, and every
    rule on the page of its chapter: the rulings, proofs, searches and old links point
    there."""
    data = env_data(env)
    for game in game_ids():
        book = rulespec.rulebook(game)
        for c in book.chapters:
            where = data.chapter_docs.get(f"{game}/{c.key}")
            wanted = chapter_doc(game, c.key)
            if where != wanted:
                _warn(
                    "the chapter %r of %r is shown on %s, not on its own page; add "
                    "docs/%s.rst with '.. rulespec-rules:: %s %s' (like the other chapters "
                    "of docs/games/%s/), and list it in the toctree of docs/games/%s.rst",
                    c.key,
                    game,
                    where or "no page",
                    wanted,
                    game,
                    c.key,
                    game,
                    game,
                )
            title = env.titles.get(wanted)
            shown = "" if title is None else title.astext().replace("\u2019", "'")  # smartquotes
            if where == wanted and title is not None and shown != c.title:
                _warn(
                    "docs/%s.rst is headed %r, but the chapter %r of %s/rulebook.toml is "
                    "titled %r (the rules search finds rules by it): make them the same",
                    wanted,
                    title.astext(),
                    c.key,
                    game,
                    c.title,
                )
        missing = [r.id for r in book.rules if r.id not in data.rule_docs]
        if missing and not book.chapters:
            _warn("no page shows the rules of %r; give its rulebook.toml [[chapter]]s", game)
        elif missing:
            _warn("no page shows %d rules of %r, such as %s", len(missing), game, missing[0])


def _write_search_indexes(app: Sphinx, exception: BaseException | None) -> None:
    """Every game's rules search index, as the script that registers it
    (``_static/rules-search/<game>.js``): a page read from disk may load a script, not
    fetch a file."""
    if exception is not None or app.builder.format != "html":
        return
    data = env_data(app.env)
    folder = Path(app.outdir) / "_static" / SEARCH_DIR
    folder.mkdir(parents=True, exist_ok=True)

    def where(r: Rule) -> tuple[str, str]:
        doc = data.rule_docs.get(r.id, f"games/{r.game}")
        return app.builder.get_target_uri(doc), rule_anchor(r.id)

    for game in game_ids():
        found = search.index(rulespec.rulebook(game), where)
        body = json.dumps(found, ensure_ascii=False, separators=(",", ":"))
        (folder / f"{game}.js").write_text(f"RulespecRulesSearch.add({body});\n", encoding="utf-8")


SEARCH_DIR = "rules-search"
"""Where the games' search indexes go under ``_static``."""


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register the directives, the ``:rule:`` and ``:game-option:`` targets and the badge."""
    app.add_object_type(RULE_DIRECTIVE, RULE_ROLE, objname="rule", indextemplate="pair: %s; rule")
    app.add_object_type(
        OPTION_DIRECTIVE,
        OPTION_ROLE,
        objname="game option",
        indextemplate="pair: %s; game option",
        parse_node=parse_option,
    )
    app.add_role("rulespec-kind", kind_role)
    app.add_directive("rulespec-game-apis", GameApisDirective)
    app.add_directive("rulespec-json-schemas", JsonSchemasDirective)
    app.add_directive("rulespec-action-ids", ActionIdsDirective)
    app.add_directive("rulespec-bounds", BoundsDirective)
    app.add_directive("rulespec-observation-tensors", ObservationTensorsDirective)
    app.add_directive("rulespec-rules", RulesDirective)
    app.add_directive("rulespec-variant-table", VariantTableDirective)
    app.add_directive("rulespec-rulings", RulingsDirective)
    app.add_directive("rulespec-proofs", ProofsDirective)
    app.add_directive("rulespec-edition-comparison", EditionComparisonDirective)
    app.add_directive("rulespec-error-codes", ErrorCodesDirective)
    app.add_directive("rulespec-lotus-board", LotusBoardDirective)
    app.add_directive("rulespec-picture", PictureDirective)
    app.add_directive("rulespec-witness-counts", WitnessCountsDirective)
    app.add_directive("rulespec-search", SearchDirective)
    app.add_directive("rulespec-rule-index", RuleIndexDirective)
    app.add_js_file("rules-search.js", defer="defer")
    app.connect("builder-inited", _witness_output)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-get-outdated", _always_prove)
    app.connect("env-check-consistency", _every_rule_has_its_page)
    app.connect("build-finished", _write_search_indexes)
    app.connect("missing-reference", resolve_like_python)
    return {
        "version": rulespec.__version__,
        # Bump when EnvData changes: Sphinx then rereads every page instead of trusting
        # an environment pickled by another version of this extension.
        "env_version": ENV_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
