/* The rules live in the page: "Try it" on every witness and the position lab.
 *
 * Each <div class="rs-tryit" data-game data-settings data-position data-rule data-move>
 * gets a "Try it" button; <div class="rs-lab"> becomes the position lab. A click loads
 * Pyodide (shipped with the site under _static/tryit/, see docs/_ext/tryit.py) and
 * rulespec's wheel once per page, then every answer comes from rulespec.host.lab.call:
 * one JSON request in, one JSON reply out. Nothing loads before a reader asks.
 */
(() => {
  "use strict";

  const config = window.rulespecTryit;
  const here = document.currentScript ? document.currentScript.src : location.href;
  const staticUrl = new URL(".", here);
  const rootUrl = new URL(document.documentElement.dataset.content_root || "./", location.href);
  const STAGES = [
    "Loading Python and rulespec (about 14 MB the first time; your browser keeps them)",
    "Loading the rules",
    "Ready",
  ];

  // What a bench reads (tests/browser/bench.py), in milliseconds: the time from the first
  // click to Python ready, each call into rulespec, and each move from click to picture.
  const times = (window.rulespecTryitTimes = { load: null, stages: [], calls: [], moves: [] });

  // --- the runtime, loaded once per page ---------------------------------------------

  let runtime = null;
  let stage = -1;
  let started = 0;
  const watchers = new Set();

  function report(next) {
    stage = next;
    if (next >= 0) times.stages.push({ stage: STAGES[next], at: performance.now() - started });
    for (const watch of watchers) watch();
  }

  function loadRuntime() {
    if (runtime === null) {
      started = performance.now();
      runtime = start().catch((error) => {
        runtime = null;
        report(-1);
        throw error;
      });
    }
    return runtime;
  }

  async function start() {
    report(0);
    const runtimeUrl = new URL(config.runtime, staticUrl);
    const { loadPyodide } = await import(new URL("pyodide.mjs", runtimeUrl).href);
    const pyodide = await loadPyodide({
      indexURL: runtimeUrl.href,
      lockFileURL: new URL(config.packages + "pyodide-lock.json", staticUrl).href,
      packages: ["rulespec"],
      stdout: () => {},
      stderr: (line) => console.warn(line),
    });
    report(1);
    const lab = pyodide.pyimport("rulespec.host.lab");
    const call = (request) => {
      const t0 = performance.now();
      const reply = JSON.parse(lab.call(JSON.stringify(request)));
      times.calls.push({ op: request.op, game: request.game, ms: performance.now() - t0 });
      return reply;
    };
    let rules = {};
    try {
      const found = await fetch(new URL(config.rules, staticUrl), { cache: "no-cache" });
      if (found.ok) rules = await found.json();
    } catch (error) {
      console.warn("tryit: no rule addresses", error);
    }
    times.load = performance.now() - started;
    report(2);
    return { call, rules };
  }

  // --- small DOM helpers --------------------------------------------------------------

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }

  function progressBox() {
    const bar = el("progress", { max: STAGES.length - 1, value: 0 });
    const label = el("span", { class: "rs-live-progress-text" });
    const box = el("div", { class: "rs-live-progress", role: "status" }, bar, " ", label);
    let ticking = null;
    const show = () => {
      if (stage < 0) return;
      bar.value = stage;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      label.textContent = `${STAGES[stage]}… ${seconds} s`;
    };
    watchers.add(show);
    ticking = setInterval(show, 250);
    show();
    box.stop = () => {
      watchers.delete(show);
      clearInterval(ticking);
      box.remove();
    };
    return box;
  }

  // --- one live position --------------------------------------------------------------

  class Live {
    /* A position opened live: picture, legal moves, a move typed, apply, undo, why not. */

    constructor(host, start) {
      this.start = start; // {game, settings, position, seed, move, rule}
      this.stack = []; // views, the last one shown
      this.log = [];
      this.seat = null;
      this.picture = null;
      this.root = el("div", { class: "rs-live", "data-game": start.game || "" });
      host.append(this.root);
    }

    async open() {
      const progress = progressBox();
      this.root.append(progress);
      let lab;
      try {
        lab = await loadRuntime();
      } catch (error) {
        progress.stop();
        this.root.append(el("p", { class: "rs-answer rs-answer-error", text: `Python did not start: ${error}` }));
        return;
      }
      progress.stop();
      this.lab = lab;
      this.build();
      const reply = this.ask("open", { position: this.start.position, seed: this.start.seed });
      if (!reply.ok) {  // nothing to play: only the library's message stays
        this.answer(reply);
        this.root.replaceChildren(this.reply);
        return;
      }
      this.push(reply.view, null);
      if (this.start.move) this.input.value = this.start.move;
    }

    build() {
      this.status = el("p", { class: "rs-live-status", "aria-live": "polite" });
      this.said = el("p", { class: "rs-live-said" });
      this.figure = el("figure", { class: "rs-live-picture" });
      this.moves = el("div", { class: "rs-live-moves", role: "group", "aria-label": "Legal moves" });
      this.input = el("input", {
        class: "rs-live-input",
        type: "text",
        autocomplete: "off",
        spellcheck: "false",
        placeholder: "a move in notation",
        "aria-label": "A move in the game's notation",
      });
      const play = el("button", { class: "rs-live-play", type: "submit", text: "Play" });
      const why = el("button", {
        class: "rs-live-why",
        type: "button",
        text: "Why not?",
        onclick: () => this.why(),
      });
      const form = el("form", { class: "rs-live-ask", onsubmit: (e) => { e.preventDefault(); this.play(this.input.value); } },
        this.input, play, why);
      this.reply = el("div", { class: "rs-live-answer", "aria-live": "polite" });
      this.undoButton = el("button", { class: "rs-live-undo", type: "button", text: "Undo", onclick: () => this.undo() });
      const reset = el("button", { class: "rs-live-reset", type: "button", text: "Start again", onclick: () => this.reset() });
      this.seatPicker = el("select", { class: "rs-live-seat", "aria-label": "Picture", onchange: () => this.redraw() });
      this.positionText = el("textarea", { class: "rs-live-json", readonly: true, rows: 6, "aria-label": "The position as JSON" });
      const details = el("details", { class: "rs-live-position" }, el("summary", { text: "The position as JSON" }), this.positionText);
      this.logList = el("ol", { class: "rs-live-log" });
      const tools = el("div", { class: "rs-live-tools" }, this.undoButton, reset, el("label", {}, "Picture ", this.seatPicker));
      this.root.append(this.status, this.figure, this.said, this.moves, form, this.reply, tools, this.logList, details);
    }

    ask(op, extra) {
      const view = this.stack[this.stack.length - 1];
      const request = {
        op,
        game: view ? view.game : this.start.game || null,
        settings: view ? view.settings : this.start.settings || null,
        position: view ? view.position : null,
        seat: this.seat,
        ...extra,
      };
      try {
        return this.lab.call(request);
      } catch (error) {
        return { ok: false, error: { code: "internal", message: String(error) } };
      }
    }

    push(view, move) {
      this.stack.push(view);
      if (move) this.log.push({ move, said: view.said });
      this.show();
    }

    show() {
      const view = this.stack[this.stack.length - 1];
      this.root.dataset.game = view.game;
      this.root.dataset.step = view.step;
      this.status.textContent = view.status;
      this.said.textContent = view.said ? `Last move: ${view.said}` : "";
      this.draw(view.picture);
      this.moves.replaceChildren();
      for (const m of view.moves) {
        const label = m.p ? `${m.move} (${m.p})` : m.move;
        this.moves.append(el("button", {
          class: "rs-live-move",
          type: "button",
          "data-move": m.move,
          title: m.text,
          text: label,
          onclick: () => this.play(m.move),
        }));
      }
      if (view.to_move === "chance") {
        this.moves.prepend(el("button", {
          class: "rs-live-random",
          type: "button",
          text: "Draw at random",
          onclick: () => this.chance(),
        }));
      }
      this.undoButton.disabled = this.stack.length < 2;
      const seats = (view.position.settings && view.position.settings.players) || view.settings.players || 0;
      if (this.seatPicker.options.length !== seats + 1) {
        this.seatPicker.replaceChildren(el("option", { value: "", text: "the whole table" }));
        for (let s = 0; s < seats; s++) this.seatPicker.append(el("option", { value: s, text: `as seat ${s} sees it` }));
      }
      this.positionText.value = JSON.stringify(view.short || view.position, null, 1);
      this.logList.replaceChildren(...this.log.map((entry) => el("li", {}, el("code", { text: entry.move }), " ", entry.said || "")));
    }

    draw(svg) {
      if (this.picture) URL.revokeObjectURL(this.picture);
      this.picture = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
      const view = this.stack[this.stack.length - 1];
      // the picture's own size, so the page keeps its layout while the image decodes
      const size = /<svg[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"/.exec(svg);
      const image = el("img", {
        src: this.picture,
        alt: `the position: ${view.status}`,
        width: size ? Math.round(Number(size[1])) : null,
        height: size ? Math.round(Number(size[2])) : null,
      });
      this.figure.replaceChildren(el("a", {
        href: this.picture,
        target: "_blank",
        rel: "noopener",
        title: "Open the picture full size",
      }, image));
    }

    redraw() {
      this.seat = this.seatPicker.value === "" ? null : Number(this.seatPicker.value);
      const reply = this.ask("open", {});
      if (reply.ok) this.draw(reply.view.picture);
      else this.answer(reply);
    }

    play(text) {
      const move = String(text).trim();
      if (!move) return;
      const t0 = performance.now();
      const reply = this.ask("play", { move });
      if (!reply.ok) {
        this.answer(reply);
        return;
      }
      this.reply.replaceChildren();
      this.input.value = "";
      this.push(reply.view, reply.move);
      times.moves.push({ game: reply.view.game, ms: performance.now() - t0 });
    }

    chance() {
      const t0 = performance.now();
      const reply = this.ask("chance", { seed: Math.floor(Math.random() * 2 ** 31) });
      if (!reply.ok) return this.answer(reply);
      this.reply.replaceChildren();
      this.push(reply.view, reply.move);
      times.moves.push({ game: reply.view.game, ms: performance.now() - t0 });
    }

    why() {
      const move = this.input.value.trim();
      if (!move) {
        this.reply.replaceChildren(el("p", { class: "rs-answer", text: "Type a move first, in the game's notation (the buttons show it)." }));
        return;
      }
      this.answer(this.ask("why", { move }));
    }

    undo() {
      if (this.stack.length < 2) return;
      this.stack.pop();
      this.log.pop();
      this.reply.replaceChildren();
      this.show();
    }

    reset() {
      this.stack.length = 1;
      this.log.length = 0;
      this.reply.replaceChildren();
      this.show();
      if (this.start.move) this.input.value = this.start.move;
    }

    answer(reply) {
      const why = reply.why;
      if (!why) {
        const message = reply.error ? reply.error.message : "no answer";
        this.reply.replaceChildren(el("div", { class: "rs-answer rs-answer-error" }, el("pre", { text: message })));
        return;
      }
      if (why.legal) {
        this.reply.replaceChildren(el("div", { class: "rs-answer rs-answer-legal" },
          el("p", {}, el("strong", { text: "Allowed: " }), why.reason)));
        return;
      }
      const rule = why.rule;
      const address = this.lab.rules[rule.id];
      const id = el("code", { class: "rs-rule-id", text: rule.id });
      const cites = el("ul", { class: "rs-answer-cites" },
        ...rule.cites.map((c) => el("li", { class: "rs-cite", "data-ref": c.ref, text: c.text })));
      this.reply.replaceChildren(el("div", { class: "rs-answer rs-answer-illegal", "data-rule": rule.id },
        el("p", {}, el("strong", { text: "Not allowed: " }), el("span", { class: "rs-answer-reason", text: why.reason })),
        el("p", { class: "rs-answer-rule" },
          address ? el("a", { href: new URL(address, rootUrl).href }, id) : id, " ", rule.title),
        el("p", { class: "rs-answer-text", text: rule.text }),
        el("p", { class: "rs-answer-source", text: "In the rulebook:" }), cites));
    }
  }

  // --- "Try it" on a witness ------------------------------------------------------------

  function parsed(text, what, host) {
    try {
      return JSON.parse(text);
    } catch (error) {
      console.warn(`tryit: ${what} of`, host, "is not JSON", error);
      return undefined;
    }
  }

  function tryit(host) {
    const start = {
      game: host.dataset.game,
      // without data-settings, the position's own settings (every position names them)
      settings: host.dataset.settings ? parsed(host.dataset.settings, "data-settings", host) : null,
      position: parsed(host.dataset.position || "null", "data-position", host),
      rule: host.dataset.rule || null,
      move: host.dataset.move || null,
    };
    if (start.settings === undefined || start.position === undefined) return;
    const button = el("button", {
      class: "rs-tryit-button",
      type: "button",
      "aria-expanded": "false",
      text: "Try it",
      title: "Open this position live: play on, undo, and ask why a move is not allowed",
    });
    button.addEventListener("click", () => {
      if (host.live) {
        const hidden = !host.live.root.hidden;
        host.live.root.hidden = hidden;
        button.setAttribute("aria-expanded", String(!hidden));
        button.textContent = hidden ? "Try it" : "Close";
        return;
      }
      host.live = new Live(host, start);
      button.setAttribute("aria-expanded", "true");
      button.textContent = "Close";
      host.live.open();
    });
    host.append(button);
  }

  // --- the position lab ---------------------------------------------------------------

  function labPage(host) {
    const data = document.getElementById("rs-lab-games");
    const games = data ? JSON.parse(data.textContent) : [];
    const gamePicker = el("select", { class: "rs-lab-game" },
      ...games.map((g) => el("option", { value: g.id, text: g.title })));
    const variantPicker = el("select", { class: "rs-lab-variant" });
    const options = el("div", { class: "rs-lab-options" });
    const text = el("textarea", {
      class: "rs-lab-position",
      rows: 8,
      spellcheck: "false",
      placeholder: "Paste a position (state.to_json(), or for The White Castle its short form); leave empty to deal a new game",
    });
    const seed = el("input", { class: "rs-lab-seed", type: "number", min: 0, value: 1 });
    const note = el("p", { class: "rs-lab-note" });
    const open = el("button", { class: "rs-lab-open", type: "submit", text: "Open" });
    const live = el("div", { class: "rs-lab-live" });
    const form = el("form", { class: "rs-lab-form" },
      el("div", { class: "rs-lab-pickers" },
        el("label", {}, "Game ", gamePicker),
        el("label", {}, "Variant ", variantPicker),
        el("label", {}, "Seed of a new game ", seed)),
      el("details", { class: "rs-lab-more" }, el("summary", { text: "Options" }), options),
      el("label", { class: "rs-lab-paste" }, "Position ", text),
      note, open);

    const current = () => games.find((g) => g.id === gamePicker.value) || games[0];
    const fill = () => {
      const game = current();
      variantPicker.replaceChildren(...game.variants.map((v, i) => el("option", { value: i, text: v.title })));
      options.replaceChildren(...game.options.map((o) => el("label", { class: "rs-lab-option" }, `${o.title} `,
        el("select", { "data-key": o.key },
          ...o.choices.map((c) => el("option", { value: JSON.stringify(c.value), selected: c.value === o.default, text: `${c.value}: ${c.meaning}` }))))));
      note.textContent = game.short_form ? "The White Castle also reads its short form, the one a person writes." : "";
    };
    gamePicker.addEventListener("change", fill);
    fill();

    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const game = current();
      const settings = { ...game.variants[Number(variantPicker.value) || 0].settings };
      for (const select of options.querySelectorAll("select")) settings[select.dataset.key] = JSON.parse(select.value);
      const pasted = text.value.trim();
      const start = { game: game.id, settings, position: null, seed: Number(seed.value) || 0 };
      if (pasted) {
        start.position = pasted; // read by the lab, so a bad paste gets its message
        let written = null;
        try { written = JSON.parse(pasted); } catch (error) { written = null; }
        if (written && typeof written === "object" && !Array.isArray(written)) {
          if (written.game) start.game = null; // the position names its game
          if (written.settings) start.settings = null; // and its settings
        }
        start.seed = null;
      }
      live.replaceChildren();
      new Live(live, start).open();
    });
    host.replaceChildren(form, live);
  }

  function ready() {
    if (!config) return;
    for (const host of document.querySelectorAll("div.rs-tryit")) tryit(host);
    for (const host of document.querySelectorAll("div.rs-lab")) labPage(host);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
