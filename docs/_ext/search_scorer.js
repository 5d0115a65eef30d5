/* The site search's scorer (conf.py, html_search_scorer): a reader's question is about
 * the rules, so a match on a game's pages (a rule's entry, its index terms, a chapter)
 * ranks above one in the Python API reference; otherwise Sphinx's own weights. */
var Scorer = {
  score: (result) => {
    const [docname, title, anchor, descr, score, filename, kind] = result;
    if (docname.startsWith("games/")) return score + 30;
    if (kind === "object" && (docname === "api" || (descr || "").startsWith("Python")))
      return score - 10;
    return score;
  },
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
