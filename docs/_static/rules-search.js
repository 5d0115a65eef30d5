/* The rules search on a game's pages: a question in plain words, in any rulebook's
 * language, ranked against that game's rules and rulings, offline.
 *
 * Each search box is <input type="search" class="rs-rules-search" data-game="ID">, its
 * results go into the <ol class="rs-rules-results"> beside it. The index of a game is
 * _static/rules-search/ID.js, written when the site is built from the rule registry
 * (rulespec.core.search.index); it calls RulespecRulesSearch.add(index). This script
 * ranks exactly as rulespec.core.search.rank does (the test suite checks that ranking
 * against tests/reader_questions.toml): the same folding, the same words, integer
 * scores, the same order. The values it needs (common words, weights) come with the
 * index, so none is written twice.
 */
"use strict";

const RulespecRulesSearch = (() => {
  const FORMAT = 1;
  const SHOWN = 10;
  const indexes = {};
  const waiting = {};

  const fold = (text, params) => {
    let low = text.toLowerCase();
    for (const [char, plain] of Object.entries(params.fold)) low = low.split(char).join(plain);
    return low.normalize("NFKD").replace(/\p{Mn}/gu, "");
  };

  const words = (text, params, stop) =>
    (fold(text, params).match(/[a-z0-9]+/g) || []).filter(
      (w) => w.length >= params.min_length && !stop.has(w),
    );

  const quality = (asked, word, q) => {
    if (asked === word) return q.exact;
    if (asked.length >= 3 && word.startsWith(asked)) return q.prefix;
    if (word.length >= 3 && asked.startsWith(word) && asked.length - word.length <= 2)
      return q.prefix;
    let stem = 0;
    while (stem < asked.length && stem < word.length && asked[stem] === word[stem]) stem += 1;
    const rest = asked.length - stem;
    if (stem >= 5 && (rest <= 1 || (word.length - stem <= 3 && rest <= 3))) return q.stem;
    return 0;
  };

  const best = (asked, fields, params) => {
    let top = 0;
    for (const [name, weight] of params.fields) {
      for (const word of fields[name]) {
        const value = quality(asked, word, params.quality) * weight;
        if (value > top) top = value;
      }
    }
    return top;
  };

  /* The entries matching query, best first (rulespec.core.search.rank). */
  const rank = (index, query) => {
    const params = index.words;
    const stop = index._stop || (index._stop = new Set(params.stopwords));
    const asked = [...new Set(words(query, params, stop))];
    const entries = index.entries;
    const scores = entries.map(() => 0);
    for (const a of asked) {
      const tops = entries.map((e) => best(a, e.fields, params));
      const matching = tops.filter((t) => t > 0).length;
      if (!matching) continue;
      const rarity = Math.floor(params.rarity / (matching + params.smoothing));
      tops.forEach((t, n) => (scores[n] += rarity * t));
    }
    const order = entries.map((_, n) => n).filter((n) => scores[n] > 0);
    const ruling = (n) => (entries[n].kind === "rule" ? 0 : 1);
    order.sort((a, b) => scores[b] - scores[a] || ruling(a) - ruling(b) || a - b);
    return order.map((n) => entries[n]);
  };

  const root = () => document.documentElement.dataset.content_root || "";

  const results = (input) => {
    const box = input.closest(".rs-search") || input.parentElement;
    return box.querySelector("ol.rs-rules-results");
  };

  const show = (input) => {
    const list = results(input);
    const index = indexes[input.dataset.game];
    if (!list || !index) return;
    list.replaceChildren();
    const query = input.value.trim();
    const found = query ? rank(index, query) : [];
    for (const entry of found.slice(0, SHOWN)) {
      const item = document.createElement("li");
      item.dataset.rule = entry.id;
      const link = document.createElement("a");
      link.href = `${root()}${entry.page}#${entry.anchor}`;
      link.textContent = entry.title;
      const snippet = document.createElement("span");
      snippet.className = "rs-snippet";
      snippet.textContent = entry.snippet;
      item.append(link, " ", snippet);
      list.append(item);
    }
    list.dataset.count = String(found.length);
    const note = input.closest(".rs-search")?.querySelector(".rs-rules-status");
    if (note)
      note.textContent = !query
        ? ""
        : found.length
          ? `${found.length} rules and rulings match; the best ${Math.min(found.length, SHOWN)}:`
          : "No rule or ruling matches these words.";
  };

  const load = (game) => {
    if (indexes[game] || waiting[game]) return;
    waiting[game] = true;
    const script = document.createElement("script");
    script.src = `${root()}_static/rules-search/${encodeURIComponent(game)}.js`;
    document.head.append(script);
  };

  /* Called by a game's index file once it has loaded. */
  const add = (index) => {
    if (index.format !== FORMAT) return;
    indexes[index.game] = index;
    for (const input of document.querySelectorAll(`input.rs-rules-search`)) {
      if (input.dataset.game === index.game && input.value.trim()) show(input);
    }
  };

  const start = () => {
    for (const input of document.querySelectorAll("input.rs-rules-search")) {
      load(input.dataset.game);
      input.addEventListener("input", () => show(input));
      input.addEventListener("keydown", (event) => {
        if (event.key !== "Enter") return;
        const first = results(input)?.querySelector("li a");
        if (first) window.location.href = first.href;
      });
    }
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();

  return { add, rank, indexes };
})();
