"""A rules search for readers: a question in plain words, any rulebook's language, ranked
against one game's rules and rulings.

The docs ship an :func:`index` of every game as static data, with a small script
(``docs/_static/rules-search.js``) that ranks it the same way as :func:`rank` here, so
the ranking the test suite checks (``tests/reader_questions.toml``) is the one a reader
gets in the browser, with nothing fetched from elsewhere. The algorithm is kept small so
that both copies stay identical, and it uses integers only, so that they cannot round
differently:

* Text is folded to lower-case ASCII letters and digits (accents dropped, ``ß`` as
  ``ss``) and cut into words; short words and common words of English, German and French
  (:data:`STOPWORDS`) are dropped, from the index and from the question alike.
* A word of the question matches a word of an entry exactly (4), as a prefix of it or the
  other way round within two letters (3: "tie" finds "ties", "tied" finds "tie"), or by a
  common stem of five letters or more, with at most three letters after it on each side
  or one after it in the question (2: "counting" and "counted", "zweite" and
  "zweithöchste").
* Each entry has four fields: its title (weight 3), its key terms in every edition's
  language (3), the headings it stands under (2: its chapter's and group's in the docs,
  and those of the books' sections it cites, "Spielende", "Fin de la partie"), and its
  text: the paraphrase, and for a ruling its situation, readings and decision (1).
* A word scores its best match over the fields, times its rarity, ``1000 // (n + 5)``
  for the ``n`` entries it matches at all: a word every rule has counts for little, the
  word of a few rules for much.
* Entries are ranked by their summed score, then rules before rulings and ambiguities,
  then in rulebook order.

>>> import rulespec
>>> found = rank(index(rulespec.rulebook("mandala")), "Gleichstand bei der Mehrheit")
>>> found[0]["id"]
'mandala.majority.tie_keeps'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rulespec.core.rules import Rule, Rulebook

FORMAT = 1
"""The version of the index layout (the script checks it)."""
FIELDS = (("title", 3), ("terms", 3), ("sections", 2), ("text", 1))
"""The fields of an entry and their weights."""
EXACT, PREFIX, STEM = 4, 3, 2
"""Match qualities."""
RARITY, SMOOTHING = 1000, 5
"""A word matching ``n`` entries is worth ``RARITY // (n + SMOOTHING)``: the rarer the
more, but a word only one rule has does not drown the others of the question."""
MIN_LENGTH = 2
"""Shorter words are dropped."""

_STOPWORDS = """
    a about after again against all also am an and any are as at be because been before
    being between both but by can could did do does doing done during each else ever
    every few for from get gets got had has have having he her here him his how i if in
    into is it its just let may me might more most must my no nor not now of off on once
    one only or other our out over own same she should so some such than that the their
    them then there these they this those through to too under until up upon us very was
    way we were what when where whether which while who whom whose why will with would
    yes yet you your anything does get gets happen happens something many much
    kann darf muss soll wieviel wieviele viele bekommt bekomme passiert gibt
    combien quoi quel quels quelle quelles peut peux puis dois doit faut
    aber alle allem allen aller alles als also am an ander andere anderen auch auf aus bei
    beim bin bis bist da dabei damit dann das dass dein deine dem den denn der des dich die
    dies diese diesem diesen dieser dieses dir doch dort du durch ein eine einem einen
    einer eines er es etwas euch euer für gegen hab habe haben hat hatte hier ich ihm ihn
    ihnen ihr ihre im in ist ja jede jedem jeden jeder jedes kann kein keine man mein mich
    mir mit muss nach nicht noch nun nur ob oder ohne sein seine sich sie sind so soll
    sollen um und uns unser unter viel vom von vor wann war warum was weil welche welchen
    welcher wem wen wenn wer werden wie wieso will wir wird wo zu zum zur über
    au aux avec ce ces cet cette comme comment dans de des du elle elles en est et eux il
    ils je la le les leur leurs lui ma mais me mes moi mon ne nos notre nous on ou où par
    pas peut pour pourquoi quand que quel quelle quelles quels qui sa sans se ses si son
    sont sur ta te tes toi ton tu un une vos votre vous
"""
_WORD = re.compile(r"[a-z0-9]+")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
_LIGATURES = {"ß": "ss", "æ": "ae", "œ": "oe", "×": "x"}


def fold(text: str) -> str:
    """``text`` in lower case without accents: ``"Égalité, Gleichstände"`` ->
    ``"egalite, gleichstande"`` (the script folds the same way)."""
    low = text.lower()
    for char, plain in _LIGATURES.items():
        low = low.replace(char, plain)
    decomposed = unicodedata.normalize("NFKD", low)
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


STOPWORDS = frozenset(fold(w) for w in _STOPWORDS.split())
"""Common words of the three languages, asked and indexed alike (folded)."""


def words(text: str) -> list[str]:
    """The searchable words of ``text``, in order: folded, without short and common words.

    >>> words("Who wins on a tie? Bei Gleichstand gewinnt ...")
    ['wins', 'tie', 'gleichstand', 'gewinnt']
    """
    return [w for w in _WORD.findall(fold(text)) if len(w) >= MIN_LENGTH and w not in STOPWORDS]


def quality(asked: str, word: str) -> int:
    """How well a word of the question matches a word of an entry (0: not at all)."""
    if asked == word:
        return EXACT
    if len(asked) >= 3 and word.startswith(asked):
        return PREFIX
    if len(word) >= 3 and asked.startswith(word) and len(asked) - len(word) <= 2:
        return PREFIX
    stem = 0
    for a, b in zip(asked, word, strict=False):
        if a != b:
            break
        stem += 1
    rest = len(asked) - stem
    if stem >= 5 and (rest <= 1 or (len(word) - stem <= 3 and rest <= 3)):
        return STEM
    return 0


def first_sentence(text: str) -> str:
    """The first sentence of a paraphrase (the search result's snippet)."""
    found = _SENTENCE_END.search(text)
    return text if found is None else text[: found.end()]


def entry(rule: Rule, page: str = "", anchor: str = "", where: str = "") -> dict[str, Any]:
    """One rule or ruling as an index entry: what a result shows and links to, and the
    words of its fields (``where``: the headings of its chapter and group, in English)."""
    body = " ".join([rule.text, *rule.options, rule.decision])
    sections = " ".join([where, *dict.fromkeys(c.section for c in rule.cites)])
    return {
        "id": rule.id,
        "kind": rule.kind.value,
        "title": rule.title,
        "snippet": first_sentence(rule.text),
        "page": page,
        "anchor": anchor,
        "fields": {
            "title": words(rule.title),
            "terms": words(" ".join(t for _, terms in rule.terms for t in terms)),
            "sections": words(sections),
            "text": words(body),
        },
    }


def parameters() -> dict[str, Any]:
    """What the ranking needs besides the entries, shipped in the index so that the
    script reads the same values as :func:`rank` (none is written twice)."""
    return {
        "fold": dict(_LIGATURES),
        "stopwords": sorted(STOPWORDS),
        "min_length": MIN_LENGTH,
        "fields": [list(f) for f in FIELDS],
        "quality": {"exact": EXACT, "prefix": PREFIX, "stem": STEM},
        "rarity": RARITY,
        "smoothing": SMOOTHING,
    }


def index(
    rulebook: Rulebook, where: Callable[[Rule], tuple[str, str]] | None = None
) -> dict[str, Any]:
    """The search index of one game: every rule and ruling in rulebook order. ``where``
    gives each entry the page that shows it and its anchor there (the docs' concern)."""

    def headings(r: Rule) -> str:
        chapter = rulebook.chapter_of(r)
        found = rulebook.chapter(chapter).title if chapter else ""
        return f"{found} {rulebook.part_title(rulebook.part_of(r))}"

    return {
        "format": FORMAT,
        "game": rulebook.game,
        "words": parameters(),
        "entries": [
            entry(r, *(where(r) if where else ("", "")), headings(r)) for r in rulebook.rules
        ],
    }


def _best(asked: str, fields: Mapping[str, Sequence[str]], weights: Sequence[Any]) -> int:
    """The best weighted match of one asked word over an entry's fields."""
    best = 0
    for name, weight in weights:
        for word in fields[name]:
            best = max(best, quality(asked, word) * weight)
    return best


def scores(search_index: Mapping[str, Any], query: str) -> list[int]:
    """Each entry's score for ``query``, in index order."""
    asked = list(dict.fromkeys(words(query)))
    entries = search_index["entries"]
    params = search_index["words"]
    found = [0] * len(entries)
    for a in asked:
        best = [_best(a, e["fields"], params["fields"]) for e in entries]
        matching = sum(1 for b in best if b)
        if not matching:
            continue
        rarity = params["rarity"] // (matching + params["smoothing"])
        for n, b in enumerate(best):
            found[n] += rarity * b
    return found


def rank(search_index: Mapping[str, Any], query: str) -> list[dict[str, Any]]:
    """The entries that match ``query``, best first: by score, then rules before rulings
    and ambiguities, then in rulebook order."""
    entries = search_index["entries"]
    scored = scores(search_index, query)
    order = sorted(
        (n for n in range(len(entries)) if scored[n]),
        key=lambda n: (-scored[n], entries[n]["kind"] != "rule", n),
    )
    return [entries[n] for n in order]
