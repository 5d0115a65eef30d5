"""Variant tables (variants/<game>.toml): they load, every row is read, every cell is cited,
and a broken table is rejected with every problem listed at once."""

from __future__ import annotations

import ast
import copy
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.core import variants
from rulespec.host.playthrough import cases
from rulespec.mandala.rulebook import RULEBOOK
from rulespec.mandala.variant import TYPED, FinalMandalas, MandalaOptions, MandalaVariant

table, options = TYPED.table, TYPED.options


def variant(players: int) -> MandalaVariant:
    return TYPED.variant(players=players)


REPO = Path(__file__).resolve().parents[1]


def raw_table(game: str = "mandala") -> dict[str, Any]:
    """The TOML document as parsed data, a fresh copy each time (for breaking it)."""
    return tomllib.loads((variants.tables_dir() / f"{game}.toml").read_text(encoding="utf-8"))


def parse(data: dict[str, Any]) -> variants.VariantTable:
    return variants.parse_table(data, RULEBOOK, source="broken.toml")


def problems_of(error: pytest.ExceptionInfo[rulespec.VariantTableError]) -> str:
    return "\n".join(error.value.problems)


def mentioned(error: pytest.ExceptionInfo[rulespec.VariantTableError], *words: str) -> bool:
    """Some single problem names all of ``words`` (the exact wording may change)."""
    return any(all(w in p for w in words) for p in error.value.problems)


# --- the real tables ------------------------------------------------------------------


def test_the_mandala_table_loads() -> None:
    t = table()
    assert t.game == "mandala"
    assert t.axes == ("players",)
    assert [c.id for c in t.columns] == ["2p", "3p", "4p"]
    assert [dict(c.axes)["players"] for c in t.columns] == [2, 3, 4]
    assert {r.key for r in t.rows} == {"starting_hands", "runner_up_min_share"}
    assert rulespec.spec("mandala").table() == t


def test_the_mandala_variants_have_the_documented_values() -> None:
    # mandala.setup.starting_hands (mandala.de:38), mandala.resolve.two_player_half (L114)
    assert variant(2) == MandalaVariant(2, (5, 6), Fraction(1, 2))
    assert variant(3) == MandalaVariant(3, (5, 6, 7), Fraction(0))
    assert variant(4) == MandalaVariant(4, (5, 6, 7, 8), Fraction(0))
    with pytest.raises(rulespec.UnknownVariant):
        variant(1)


@pytest.mark.parametrize("spec", rulespec.GAMES, ids=lambda s: s.id)
def test_every_column_structures_into_the_typed_variant(spec: Any) -> None:
    t = spec.table()
    for column in t.columns:
        game = rulespec.game(spec.id, **dict(column.axes))
        assert game.settings()["players"] == dict(column.axes)["players"]


def _variant_reads(package: Path) -> tuple[set[str], set[str]]:
    """Attributes read off a ``variant`` / ``options`` expression in a game package:
    ``variant.x``, ``self.variant.x``, ``state.game.variant.x`` and so on."""
    rows: set[str] = set()
    opts: set[str] = set()
    for path in sorted(package.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Load):
                continue
            base = node.value
            name = base.id if isinstance(base, ast.Name) else getattr(base, "attr", None)
            if name == "variant":
                rows.add(node.attr)
            elif name == "options":
                opts.add(node.attr)
    return rows, opts


@pytest.mark.parametrize("spec", rulespec.GAMES, ids=lambda s: s.id)
def test_every_row_and_option_is_read_by_the_code(spec: Any) -> None:
    rows, opts = _variant_reads(REPO / "rulespec" / spec.id)
    t = spec.table()
    unread_rows = sorted({r.key for r in t.rows} - rows)
    unread_options = sorted({o.key for o in t.options} - opts)
    assert unread_rows == [], f"rows no code reads as variant.<row>: {unread_rows}"
    assert unread_options == [], f"options no code reads as options.<key>: {unread_options}"


def test_the_ast_scan_sees_a_read() -> None:
    """Guard the scan above: it finds the reads we know are there."""
    rows, opts = _variant_reads(REPO / "rulespec" / "mandala")
    assert "starting_hands" in rows
    assert "final_mandalas" in opts
    assert "tiles" not in rows


@pytest.mark.parametrize("spec", rulespec.GAMES, ids=lambda s: s.id)
def test_every_cell_and_option_is_cited_and_names_a_rule(spec: Any) -> None:
    t = spec.table()
    columns = [c.id for c in t.columns]
    for row in t.rows:
        assert rulespec.rule(row.rule).game == spec.id
        assert row.title
        assert [c for c, _ in row.cells] == columns, f"row {row.key} lacks a column"
        for column, cell in row.cells:
            assert cell.cites, f"row {row.key}, column {column} has no citation"
    for option in t.options:
        assert rulespec.rule(option.rule).game == spec.id
        assert option.cites, f"option {option.key} has no citation"


# --- options and their defaults ---------------------------------------------------------


def test_option_defaults() -> None:
    spec_ = table().option("final_mandalas")
    assert spec_.default == "all"
    assert MandalaOptions() == options() == MandalaOptions(FinalMandalas.ALL)
    assert rulespec.game("mandala", players=3).settings()["final_mandalas"] == "all"
    assert options(final_mandalas="two_others").final_mandalas is FinalMandalas.TWO_OTHERS
    assert options(final_mandalas=FinalMandalas.TWO_OTHERS).final_mandalas.value == "two_others"


def test_option_choices_match_the_typed_option() -> None:
    assert set(table().option("final_mandalas").values) == {f.value for f in FinalMandalas}


# --- broken tables: every problem, all at once -------------------------------------------


def test_a_missing_column_cell_is_reported() -> None:
    data = raw_table()
    del data["row"]["starting_hands"]["3p"]
    with pytest.raises(rulespec.VariantTableError) as caught:
        parse(data)
    assert mentioned(caught, "starting_hands", "3p"), problems_of(caught)


def test_bad_citations_are_reported() -> None:
    data = raw_table()
    data["row"]["starting_hands"]["2p"]["cite"] = ["nobook:1-2"]
    data["row"]["starting_hands"]["3p"]["cite"] = ["mandala.de:twelve"]
    data["row"]["starting_hands"]["4p"]["cite"] = []
    with pytest.raises(rulespec.VariantTableError) as caught:
        parse(data)
    text = problems_of(caught)
    assert len(caught.value.problems) == 3
    assert "nobook" in text
    assert "twelve" in text
    assert mentioned(caught, "starting_hands", "4p", "cite"), text


def test_an_unknown_option_default_is_reported() -> None:
    data = raw_table()
    data["option"]["final_mandalas"]["default"] = "three"
    with pytest.raises(rulespec.VariantTableError, match="default 'three'"):
        parse(data)


@pytest.mark.parametrize("columns", [["9p"], "2p", [2]])
def test_an_option_may_only_name_columns_of_its_table(columns: object) -> None:
    data = raw_table()
    data["option"]["final_mandalas"]["columns"] = columns
    with pytest.raises(rulespec.VariantTableError) as caught:
        parse(data)
    assert mentioned(caught, "final_mandalas", "columns"), problems_of(caught)


def test_an_option_that_names_its_columns_is_played_on_the_first() -> None:
    """The solo rival's options change play in solo columns only: their playthroughs and
    the generic suites' cases play them there, not on the table's first column."""
    castle = rulespec.spec("castle").table()
    for option in castle.options:
        played = [
            dict(c.settings)
            for c in cases()
            if c.game == "castle" and option.key in dict(c.settings)
        ]
        assert played, option.key
        for settings in played:
            column = next(c for c in castle.columns if dict(c.axes).items() <= settings.items())
            assert not option.columns or column.id == option.columns[0]
    assert any(o.columns for o in castle.options)


def test_the_parser_reports_every_problem_at_once() -> None:
    data = raw_table()
    del data["row"]["starting_hands"]["3p"]  # missing cell
    data["row"]["runner_up_min_share"]["2p"]["cite"] = ["nobook:1-2"]  # bad citation
    data["option"]["final_mandalas"]["default"] = "three"  # unknown option value
    data["row"]["runner_up_min_share"]["rule"] = "mandala.resolve.two_player_halve"  # no rule
    data["row"]["starting_hands"]["5p"] = {"value": [1], "cite": ["mandala.de:38"]}  # stray
    data["colour"] = "blue"  # unknown top-level key
    with pytest.raises(rulespec.VariantTableError) as caught:
        parse(data)
    text = problems_of(caught)
    assert len(caught.value.problems) == 6, text
    assert mentioned(caught, "starting_hands", "3p"), text
    for needle in ("nobook", "'three'", "two_player_halve", "5p", "colour"):
        assert needle in text


def test_structure_reports_every_problem_at_once() -> None:
    data = raw_table()
    del data["row"]["runner_up_min_share"]  # missing row
    data["row"]["hand_limit"] = {  # extra row
        "rule": "mandala.draw.skip_at_eight",
        "title": "hand limit",
        **{c: {"value": 8, "cite": ["mandala.de:72"]} for c in ("2p", "3p", "4p")},
    }
    data["row"]["starting_hands"]["3p"]["value"] = [5, "six", 7]  # wrong value type
    t = parse(data)
    with pytest.raises(rulespec.VariantTableError) as caught:
        variants.structure(t, t.column(players=3), MandalaVariant)
    text = problems_of(caught)
    assert len(caught.value.problems) == 3, text
    assert mentioned(caught, "runner_up_min_share", "no row"), text
    assert mentioned(caught, "hand_limit", "not a field"), text
    assert mentioned(caught, "starting_hands", "3p", "six"), text


@pytest.mark.parametrize(
    ("row", "column", "value"),
    [
        ("starting_hands", "2p", "5, 6"),
        ("starting_hands", "4p", [5, 6, 7, 8.5]),
        ("starting_hands", "3p", [5, True, 7]),
        ("runner_up_min_share", "2p", 0.5),
        ("runner_up_min_share", "3p", "a half"),
    ],
)
def test_a_value_of_the_wrong_type_is_reported(row: str, column: str, value: object) -> None:
    data = raw_table()
    data["row"][row][column]["value"] = value
    t = parse(data)
    col = next(c for c in t.columns if c.id == column)
    with pytest.raises(rulespec.VariantTableError) as caught:
        variants.structure(t, col, MandalaVariant)
    assert mentioned(caught, row, column), problems_of(caught)


def test_an_option_choice_the_typed_option_cannot_hold_is_a_table_error() -> None:
    """A choice in the TOML that is no FinalMandalas value is a broken table: choosing it
    must say so (VariantTableError naming the option), not leak a bare enum ValueError."""
    data = raw_table()
    data["option"]["final_mandalas"]["choices"]["three"] = "three of them"
    t = parse(data)
    with pytest.raises(rulespec.VariantTableError, match="final_mandalas"):
        variants.structure_options(t, MandalaOptions, {"final_mandalas": "three"})


def test_options_that_differ_from_the_typed_options_are_reported() -> None:
    data = raw_table()
    data["option"]["tiles_per_mandala"] = copy.deepcopy(data["option"]["final_mandalas"])
    t = parse(data)
    with pytest.raises(rulespec.VariantTableError, match="tiles_per_mandala"):
        variants.structure_options(t, MandalaOptions, {})


def test_a_table_that_does_not_parse_as_toml_is_a_table_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mandala.toml").write_text("schema = 1\ngame = [\n", encoding="utf-8")
    monkeypatch.setattr(variants, "tables_dir", lambda: tmp_path)
    variants.load_table.cache_clear()
    try:
        with pytest.raises(rulespec.VariantTableError, match=r"mandala\.toml"):
            variants.load_table("mandala", RULEBOOK)
    finally:
        variants.load_table.cache_clear()
