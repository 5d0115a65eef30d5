"""The generated docs tables fit the page (issue 22): a variant table wider than four
variants (The White Castle's six columns, Oriente's nine) is cut into several tables, so
no column hides behind sideways scrolling, and every column is still shown once, in order."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import rulespec

pytest.importorskip("sphinx")
DOCS = Path(__file__).resolve().parent.parent / "docs"
sys.path.insert(0, str(DOCS / "_ext"))
import rulespec_docs  # noqa: E402


@pytest.mark.parametrize("game_id", [g.id for g in rulespec.GAMES])
def test_a_variant_table_shows_at_most_four_variants_side_by_side(game_id: str) -> None:
    columns = rulespec.spec(game_id).table().columns
    groups = rulespec_docs.column_groups(columns)
    assert all(0 < len(g) <= 4 for g in groups)
    assert [c for g in groups for c in g] == list(columns)
    assert max(len(g) for g in groups) - min(len(g) for g in groups) <= 1


def test_the_castle_table_puts_the_solo_columns_apart_and_oriente_in_threes() -> None:
    castle = rulespec_docs.column_groups(rulespec.spec("castle").table().columns)
    assert [[c.title for c in g] for g in castle] == [
        ["2 players", "3 players", "4 players"],
        ["Solo, easy", "Solo, medium", "Solo, hard"],
    ]
    oriente = rulespec_docs.column_groups(rulespec.spec("oriente").table().columns)
    assert [len(g) for g in oriente] == [3, 3, 3]


def test_a_witness_pictures_alt_text_is_plain_html_not_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 34: the alt text read ``face\\_up\\_if\\_new``: it sits in raw HTML, where a
    reST escape is a backslash the reader hears."""
    monkeypatch.setattr(rulespec_docs, "_WITNESS_OUT", [tmp_path])
    example = rulespec.rule("mandala.play.face_up_if_new").example()
    assert example is not None
    html = "\n".join(rulespec_docs.witness_picture(example, "../"))
    alt = html.split('alt="', 1)[1].split('"', 1)[0]
    assert "mandala.play.face_up_if_new" in alt
    assert "\\" not in alt
