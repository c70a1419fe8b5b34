// mjref's page for the table: build a hand by tapping tiles (or type it), score it, settle it, see
// its waits, and keep the evening's score. What each family takes and answers comes from the
// engine's catalog (GET /v1/catalog): the page names no family. Served by mjref serve it calls the
// JSON API; written by mjref page it calls the same engine built to WebAssembly (engine.js), in the
// same words.
"use strict";

(() => {
  const SEATS = ["E", "S", "W", "N"];
  // Fields a seat select must give (the others may be left empty).
  const NEEDED = ["seat", "prevailing"];
  // Score fields shown with the hand; the rest of a use case's fields go under its own heading.
  const state = {
    lang: "en",
    words: { en: {}, zh: {} },
    catalog: null,
    fam: null, // the family of the ruleset chosen (a catalog entry)
    mode: "concealed", // where the next tapped tile goes: concealed, meld, kong, win
    concealed: [], melds: [], pending: [], win: null, flowers: [],
    typed: null, // notation typed by hand, replacing the tiles tapped
    preview: null, // the engine's reading of the typed hand
    values: {}, // the situation's fields by name, kept across redraws
    ledger: null,
    ledgerFam: null,
    season: null, // the season document shown (served with --season, or ledgers imported offline)
    offline: false,
    confirmUndo: false,
  };

  const $ = (id) => document.getElementById(id);
  const meta = (name) => { const m = document.querySelector('meta[name="' + name + '"]'); return m ? m.content : ""; };
  const store = {
    get: (k) => { try { return localStorage.getItem("mjref." + k); } catch (e) { return null; } },
    set: (k, v) => { try { localStorage.setItem("mjref." + k, v); } catch (e) { /* private mode: not kept */ } },
  };

  // t is the word for key in the page's language; %s in it are replaced by args in turn.
  function t(key, ...args) {
    let s = state.words[state.lang][key];
    if (s === undefined) s = state.words.en[key];
    if (s === undefined) s = key;
    for (const a of args) s = s.replace("%s", String(a));
    return s;
  }

  // h builds an element: h("div", {class: "x"}, child, "text", ...). Text is always text, never HTML.
  function h(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v === true) e.setAttribute(k, "");
      else e.setAttribute(k, String(v));
    }
    for (const c of children.flat(Infinity)) {
      if (c === null || c === undefined || c === false) continue;
      e.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return e;
  }

  // ---- Talking to the engine: the server's API, or the engine in the page (WebAssembly).

  async function api(method, path, body) {
    if (state.offline) return Engine.call(method, path, body);
    const opts = { method, headers: {}, credentials: "same-origin" };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    let resp;
    try {
      resp = await fetch(path, opts);
    } catch (e) {
      return { status: 0, data: { error: t("noServer") } };
    }
    let data = null;
    try { data = await resp.json(); } catch (e) { data = { error: resp.statusText }; }
    if (resp.status === 401) showBanner(t("needToken"));
    return { status: resp.status, data };
  }

  function showBanner(text) {
    const b = $("banner");
    b.textContent = text;
    b.hidden = false;
  }

  // ---- The catalog: what the family of the chosen ruleset takes.

  function familyOf(rules) {
    const c = state.catalog;
    if (!rules) return c.default;
    return c.families.find((f) => f.rulesets.includes(rules)) || c.default;
  }
  const fieldsOf = (use, fam) => ((fam || state.fam)[use] || { fields: [] }).fields;
  const takes = (use, name, fam) => fieldsOf(use, fam).some((f) => f.name === name);

  // fieldLabel is how the page names a request field; errors name fields so too.
  const fieldLabel = (name) => t("f_" + name);

  // pageWords rewrites a message of the engine's so it names the page's fields, not the command
  // line's flags or the JSON body's names; a hint that still tells of the command line is dropped.
  function pageWords(text, isHint) {
    if (!text) return "";
    const byFlag = {};
    const names = new Set(["hand", "rules"]);
    for (const f of state.catalog ? state.catalog.families : []) {
      for (const use of ["score", "settle", "ledger"]) for (const fd of (f[use] || { fields: [] }).fields) { byFlag[fd.flag] = fd.name; names.add(fd.name); }
    }
    let s = text.replace(/--([a-z][a-z-]*)(?:[ =]([A-Z]+|N|SEAT|NAME|HAND))?/g, (m, flag) => (byFlag[flag] || names.has(flag.replace(/-/g, "_")) ? "«" + fieldLabel(byFlag[flag] || flag.replace(/-/g, "_")) + "»" : m));
    s = s.replace(/"([a-z_]+)"(?: (?:SEAT|NAME|HAND|N)\b)?/g, (m, name) => (names.has(name) ? "«" + fieldLabel(name) + "»" : m));
    if (isHint && (/\bmjref [a-z]/.test(s) || /--[a-z]/.test(s) || /\/v1\//.test(s))) return "";
    return s;
  }

  // fieldsNamed are the page fields a message names, to mark them.
  function fieldsNamed(text) {
    const out = [];
    for (const m of (text || "").matchAll(/«([^»]+)»/g)) out.push(m[1]);
    return out;
  }

  function errorBox(data, id) {
    const msg = pageWords(data.error || t("error"));
    const box = h("div", { class: "error", role: "alert", id: id || null }, h("strong", {}, msg));
    if (data.input !== undefined && data.col) {
      box.appendChild(h("pre", {}, data.input + "\n" + " ".repeat(Math.max(0, data.col - 1)) + "^"));
    }
    const hint = pageWords(data.hint, true);
    if (hint) box.appendChild(h("p", { class: "hint" }, hint));
    for (const el of document.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
    for (const label of fieldsNamed(msg)) {
      for (const el of document.querySelectorAll("[data-label]")) if (el.dataset.label === label) el.setAttribute("aria-invalid", "true");
    }
    return box;
  }

  // ---- The hand: tapped tiles or typed notation.

  function group(tiles) {
    const sorted = [...tiles].sort((a, b) => Tiles.sortKey(a) - Tiles.sortKey(b));
    let out = "";
    let run = "";
    let suit = "";
    for (const c of sorted) {
      if (c === "J") { out += run + suit; run = ""; suit = ""; out += "J"; continue; }
      if (c[1] !== suit && run) { out += run + suit; run = ""; }
      suit = c[1];
      run += c[0];
    }
    return out + (run ? run + suit : "");
  }

  // notation writes the tapped hand in MPSZ notation: concealed tiles grouped by suit, the melds,
  // the winning tile after '+', the bonus tiles.
  function notation() {
    if (state.typed !== null) return state.typed;
    const parts = [];
    if (state.concealed.length) parts.push(group(state.concealed));
    for (const m of state.melds) parts.push(m.kind === "kong" ? "(" + group(m.tiles) + ")" : "[" + group(m.tiles) + "]");
    let text = parts.join(" ");
    if (state.win) text += "+" + state.win;
    if (state.flowers.length) text += " " + group(state.flowers);
    return text.trim();
  }

  const kongs = () => state.melds.filter((m) => m.kind === "kong" || m.tiles.length === 4).length;
  const tileCount = () => state.concealed.length + state.pending.length + state.melds.reduce((n, m) => n + Math.min(3, m.tiles.length), 0) + (state.win ? 1 : 0);
  function copies(code) {
    let n = state.concealed.filter((c) => c === code).length + state.pending.filter((c) => c === code).length + state.flowers.filter((c) => c === code).length;
    for (const m of state.melds) n += m.tiles.filter((c) => c === code).length;
    if (state.win === code) n++;
    return n;
  }
  const maxCopies = (code) => (code[1] === "f" ? 1 : code === "J" ? 8 : 4);

  // adopt takes a typed hand the engine read into the picker, so tapping goes on from it.
  function adopt() {
    const p = state.preview;
    state.typed = null;
    if (!p) return;
    state.concealed = [...p.concealed];
    state.melds = p.melds.map((m) => ({ kind: m.kong && m.concealed ? "kong" : "meld", tiles: [...m.tiles] }));
    state.win = p.win || null;
    state.flowers = [...p.bonus];
    state.preview = null;
  }

  function pickerNote(text) {
    const n = $("picker-note");
    n.textContent = text;
    n.hidden = !text;
  }

  function tap(code) {
    if (state.typed !== null) adopt();
    if (copies(code) >= maxCopies(code)) {
      pickerNote(t("fifthCopy", code, maxCopies(code)));
      return;
    }
    pickerNote("");
    if (code[1] === "f") state.flowers.push(code);
    else if (state.mode === "win") { state.win = code; state.mode = "concealed"; }
    else if (state.mode === "meld" || state.mode === "kong") state.pending.push(code);
    else state.concealed.push(code);
    changed();
  }

  function closeMeld() {
    if (state.pending.length) state.melds.push({ kind: state.mode === "kong" ? "kong" : "meld", tiles: state.pending });
    state.pending = [];
    state.mode = "concealed";
    changed();
  }

  function backTile() {
    if (state.typed !== null) adopt();
    if (state.pending.length) state.pending.pop();
    else if (state.win) state.win = null;
    else if (state.concealed.length) state.concealed.pop();
    else if (state.melds.length) state.melds.pop();
    else state.flowers.pop();
    pickerNote("");
    changed();
  }

  function clearHand() {
    Object.assign(state, { concealed: [], melds: [], pending: [], win: null, flowers: [], typed: null, preview: null, mode: "concealed" });
    pickerNote("");
    $("preview-error").replaceChildren();
    changed();
  }

  // changed redraws the hand and marks a result shown stale: it was for another hand.
  function changed() {
    render();
    markStale();
  }

  function markStale() {
    const r = $("result");
    if (r && r.firstChild && r.dataset.stale !== "true") {
      r.dataset.stale = "true";
      r.prepend(h("p", { class: "stale-note", id: "stale-note" }, t("stale")));
    }
  }

  function showResult(node) {
    const r = $("result");
    r.dataset.stale = "false";
    r.replaceChildren(node);
  }

  let previewTimer = 0;
  let previewSeq = 0;
  function typed(text) {
    state.typed = text;
    state.preview = null;
    render();
    markStale();
    clearTimeout(previewTimer);
    previewTimer = setTimeout(() => readTyped(text), 120);
  }

  // readTyped asks the engine how it reads the typed hand, for its tiles and count.
  async function readTyped(text) {
    const seq = ++previewSeq;
    if (!text.trim()) { $("preview-error").replaceChildren(); return; }
    const req = { hand: text };
    if (rulesValue()) req.rules = rulesValue();
    const { status, data } = await api("POST", "/v1/parse", req);
    if (seq !== previewSeq || state.typed !== text) return;
    if (status === 200 && !data.problem) {
      state.preview = data;
      $("preview-error").replaceChildren();
    } else {
      state.preview = null;
      $("preview-error").replaceChildren(errorBox(data.problem || data));
    }
    render();
  }

  // ---- The situation: the controls the family's fields ask for.

  function seatOptions(withNone) {
    return [withNone ? h("option", { value: "" }, t("none")) : null, ...SEATS.map((s) => h("option", { value: s }, t("seat_" + s)))];
  }

  // control draws the input of one field of kind fd.kind, its value kept in state.values.
  function control(fd, use) {
    const name = fd.name;
    const id = use + "-" + name;
    const keep = (v) => { state.values[name] = v; markStale(); };
    const label = fieldLabel(name);
    let input;
    switch (fd.kind) {
      case "seat":
        input = h("select", { id, "data-label": label }, seatOptions(!NEEDED.includes(name)));
        input.value = state.values[name] || (NEEDED.includes(name) ? "E" : "");
        input.addEventListener("change", () => keep(input.value));
        break;
      case "win":
        input = h("select", { id, "data-label": label }, state.fam.win_kinds.map((w) => h("option", { value: w }, t("w_" + w))));
        input.value = state.fam.win_kinds.includes(state.values[name]) ? state.values[name] : state.fam.win_kinds[0];
        input.addEventListener("change", () => keep(input.value));
        break;
      case "bool":
        input = h("input", { id, type: "checkbox", "data-label": label });
        input.checked = !!state.values[name];
        input.addEventListener("change", () => keep(input.checked));
        return h("label", { class: "check" }, input, " " + label);
      case "number":
        input = h("input", { id, type: "number", min: 0, inputmode: "numeric", "data-label": label, class: "num" });
        input.value = state.values[name] || "";
        input.addEventListener("input", () => keep(input.value));
        break;
      case "seat_hands":
      case "amounts": {
        const vals = state.values[name] || {};
        const rows = SEATS.map((s) => {
          const i = h("input", { id: id + "-" + s, type: fd.kind === "amounts" ? "number" : "text", "data-label": label, class: fd.kind === "amounts" ? "num" : "hand-text", autocomplete: "off", spellcheck: "false" });
          i.value = vals[s] || "";
          i.addEventListener("input", () => { vals[s] = i.value; keep(vals); });
          const take = fd.kind === "seat_hands" ? h("button", { type: "button", class: "secondary small", id: id + "-" + s + "-take", onclick: () => { i.value = notation(); vals[s] = i.value; keep(vals); } }, t("useHand")) : null;
          return h("div", { class: "seat-row" }, h("span", { class: "seat-name" }, t("seat_" + s)), i, take);
        });
        return h("fieldset", { class: "seats", id }, h("legend", {}, label), rows);
      }
      default: // tiles, text
        input = h("input", { id, type: "text", autocomplete: "off", spellcheck: "false", "data-label": label });
        input.value = state.values[name] || "";
        input.addEventListener("input", () => keep(input.value));
    }
    return h("label", {}, label + " ", input);
  }

  // request is the body of a use case's request: the fields the family takes for it that are given.
  function request(use) {
    const req = {};
    if (rulesValue()) req.rules = rulesValue();
    for (const fd of fieldsOf(use)) {
      const v = fd.name === "hand" ? notation() : state.values[fd.name];
      if (v === undefined || v === "" || v === false || v === null) {
        if (fd.kind === "seat" && NEEDED.includes(fd.name)) req[fd.name] = "E";
        else if (fd.kind === "win") req[fd.name] = state.fam.win_kinds[0];
        continue;
      }
      switch (fd.kind) {
        case "bool": req[fd.name] = true; break;
        case "number": req[fd.name] = Number(v); break;
        case "seat_hands": {
          const list = SEATS.filter((s) => v[s] && v[s].trim()).map((s) => s + "=" + v[s].trim());
          if (list.length) req[fd.name] = list;
          break;
        }
        case "amounts": {
          const given = SEATS.filter((s) => v[s] !== undefined && v[s] !== "");
          if (given.length) req[fd.name] = Object.fromEntries(given.map((s) => [s, Number(v[s])]));
          break;
        }
        default: req[fd.name] = v;
      }
    }
    return req;
  }

  const rulesValue = () => ($("rules") ? $("rules").value : store.get("rules") || "");

  // ---- Results, drawn from the family's description of its score document.

  function at(obj, path) {
    let v = obj;
    for (const k of path.split(".")) { if (v === null || v === undefined) return undefined; v = v[k]; }
    return v;
  }

  function tileRow(codes, cls) {
    return h("span", { class: "tiles " + (cls || "") }, (codes || []).map((c) => Tiles.svg(c)));
  }

  function factText(v) {
    if (v === true) return t("yes");
    if (Array.isArray(v)) return v.join(" ");
    if (typeof v === "object") return Object.entries(v).map(([k, x]) => k + " " + x).join(", ");
    return String(v);
  }

  function itemsTable(items, shape) {
    const rows = items.map((it) =>
      h("tr", {},
        h("td", {}, h("span", { class: "item-name" }, state.lang === "zh" && it.name_zh ? it.name_zh : it.name || it.id, it.japanese ? " " + it.japanese : ""), h("span", { class: "item-id" }, it.id)),
        h("td", { class: "num" }, String(it[shape.item_value] !== undefined ? it[shape.item_value] : "") + (it.limit ? " (" + t("x_limit") + ")" : "")),
        h("td", {}, tileRow(it.tiles, "small")),
        h("td", { class: "rule" }, it.note ? it.note + " " : "", it.source ? it.source.ruleset + ":" + it.source.line : "")));
    return h("table", { class: "items" },
      h("thead", {}, h("tr", {}, h("th", {}, t("item")), h("th", { class: "num" }, t("u_" + shape.item_unit)), h("th", {}, t("tiles")), h("th", {}, t("rule")))),
      h("tbody", {}, rows));
  }

  // scoreView renders a score document (POST /v1/score, or a score inside a settlement) by the
  // family's shape: the verdict with the total, the facts, the items.
  function scoreView(d, shape, id) {
    const out = h("section", { class: "score", id: id || "score-result" });
    const total = at(d, shape.total);
    const loser = d.situation && d.situation.loser;
    const verdict = d.valid
      ? h("p", { class: "verdict ok" }, t(loser ? "nonWinner" : "valid") + ": ", h("strong", { class: "score-total" }, String(total) + " " + t("u_" + shape.unit)))
      : h("p", { class: "verdict no" }, t(loser ? "nonWinnerNot" : "notWin") + (d.reason ? ": " + d.reason : ""));
    out.appendChild(verdict);
    const facts = (shape.facts || []).map((f) => ({ f, v: at(d, f.path) })).filter(({ v }) => v !== undefined && v !== null && v !== false && v !== "" && !(Array.isArray(v) && !v.length));
    if (facts.length) out.appendChild(h("dl", { class: "facts" }, facts.map(({ f, v }) => [h("dt", {}, t("x_" + f.word)), h("dd", { "data-fact": f.path }, factText(v))])));
    const items = at(d, shape.items);
    if (items && items.length) out.appendChild(itemsTable(items, shape));
    return out;
  }

  async function doScore() {
    const started = performance.now();
    const req = request("score");
    if (!req.hand) { showResult(errorBox({ error: t("noHand") })); return; }
    const { status, data } = await api("POST", "/v1/score", req);
    showResult(status === 200 ? scoreView(data, state.fam.result) : errorBox(data));
    document.body.dataset.scoreMs = String(Math.round(performance.now() - started));
    if (!document.body.dataset.firstScoreMs) document.body.dataset.firstScoreMs = String(Math.round(performance.now()));
  }

  async function doWaits() {
    const req = { hand: notation() };
    if (rulesValue()) req.rules = rulesValue();
    for (const k of ["seat", "prevailing"]) if (state.values[k]) req[k] = state.values[k];
    const { status, data } = await api("POST", "/v1/waits", req);
    if (status !== 200) { showResult(errorBox(data)); return; }
    const out = h("section", { class: "waits", id: "waits-result" });
    out.appendChild(h("p", {}, t("shanten") + ": " + (data.shanten ? data.shanten.best : "?")));
    if (data.waits && data.waits.length) {
      out.appendChild(h("p", {}, t("ready")));
      const cell = (x) => (x ? (x.valid ? x.total + " " + t("u_" + (x.unit || state.fam.result.unit)) : "✗") : "");
      out.appendChild(h("table", { class: "items" }, h("tbody", {}, data.waits.map((w) => {
        const v = w.value || {};
        return h("tr", {}, h("td", {}, tileRow([w.tile])), h("td", {}, t("unseen", w.unseen)),
          h("td", {}, t("onDiscard") + " " + cell(v.discard)), h("td", {}, t("onSelfDraw") + " " + cell(v.self_draw)));
      }))));
    }
    showResult(out);
  }

  async function doClosest() {
    const req = { hand: notation() };
    if (rulesValue()) req.rules = rulesValue();
    const { status, data } = await api("POST", "/v1/closest", req);
    if (status !== 200) { showResult(errorBox(data)); return; }
    const out = h("section", { class: "closest", id: "closest-result" });
    out.appendChild(h("p", {}, t("closestFrom", data.card || "")));
    out.appendChild(h("table", { class: "items" },
      h("thead", {}, h("tr", {}, h("th", {}, t("x_line")), h("th", { class: "num" }, t("u_value")), h("th", { class: "num" }, t("need")), h("th", {}, t("missing")))),
      h("tbody", {}, (data.candidates || []).slice(0, 8).map((c) => h("tr", { class: c.dead ? "dead" : "" },
        h("td", {}, h("span", { class: "item-name" }, c.line + " " + (c.section || "")), h("span", { class: "item-id" }, c.hand || "")),
        h("td", { class: "num" }, String(c.value)), h("td", { class: "num" }, String(c.need)),
        h("td", {}, (c.missing || []).join(" ") + (c.dead ? " (" + t("dead") + ")" : "")))))));
    if (data.discards && data.discards.length) {
      out.appendChild(h("p", {}, t("discards") + ": " + data.discards.map((d) => d.tile + (d.need !== undefined ? " (" + d.need + ")" : "")).join(", ")));
    }
    showResult(out);
  }

  const seatAmounts = (m) => h("p", { class: "deltas" }, SEATS.filter((s) => m[s] !== undefined).map((s) => h("span", { class: "delta" }, t("seat_" + s) + " ", h("strong", {}, signed(m[s])))));
  const signed = (n) => (n > 0 ? "+" : "") + n;

  // settleView renders a settlement: the score, or each player's, and who pays whom.
  function settleView(d) {
    const shape = state.fam.result;
    const out = h("section", { class: "settle", id: "settle-result" });
    if (d.settled === false) out.appendChild(h("p", { class: "verdict no" }, t("notSettled") + (d.reason ? ": " + d.reason : "")));
    if (d.score) out.appendChild(scoreView(d.score, shape, "settle-score"));
    for (const p of d.players || []) {
      out.appendChild(h("h3", {}, t("seat_" + p.seat) + (p.mahjong ? " · " + t("mahjong") : "")));
      out.appendChild(scoreView(Object.assign({ situation: { loser: !p.mahjong } }, p), shape, "settle-player-" + p.seat));
    }
    const pays = (d.payments || []).map((p) => h("li", {}, t("pays", p.from, p.to) + " ", h("strong", {}, String(p.amount)), p.detail ? " (" + p.detail + ")" : ""));
    if (pays.length) out.appendChild(h("ul", { class: "payments" }, pays));
    for (const [k, word] of [["deltas", "changes"], ["points", "points"], ["totals", "totals"]]) {
      if (d[k]) out.append(h("h3", {}, t(word)), seatAmounts(d[k]));
    }
    if (d.over && d.winners && d.winners.length) out.appendChild(h("p", { class: "verdict ok" }, t("gameWon", d.winners.map((s) => t("seat_" + s)).join(", "))));
    if (d.note) out.appendChild(h("p", { class: "hint" }, d.note));
    return out;
  }

  async function doSettle() {
    const { status, data } = await api("POST", "/v1/settle", request("settle"));
    showResult(status === 200 ? settleView(data) : errorBox(data));
  }

  // ---- The season: standings across evenings and each player's net after every evening.

  // loadSeason asks the server for its season (mjref serve --season), when it counts one.
  async function loadSeason() {
    if (state.offline || meta("mjref-season") !== "on") return;
    const { status, data } = await api("GET", "/v1/season");
    state.season = status === 200 ? data : { error: data };
    renderSeason();
  }

  // renderSeason draws state.season into the season's card: the standings, who was left out (a
  // ledger that does not verify), the ties, and the chart.
  function renderSeason() {
    const card = $("season-card");
    if (!card) return;
    const d = state.season;
    card.hidden = !d;
    if (!d) return;
    const box = $("season");
    if (d.error) { box.replaceChildren(errorBox(d.error, "season-refused")); return; }
    const hands = d.evenings.reduce((n, e) => n + e.hands, 0);
    const num = (v) => h("td", { class: "num" }, String(v));
    const fileName = (f) => (d.shortFile ? d.shortFile(f) : f);
    const table = (id, head, row) => h("div", { class: "wide-table" }, h("table", { class: "items", id },
      h("thead", {}, h("tr", {}, head.map((c) => h("th", {}, c)))), h("tbody", {}, d.standings.map(row))));
    // As mjref season prints them: the standings, then each player's play.
    box.replaceChildren(...[h("p", {}, t("seasonOf", d.evenings.length, hands) + " · " + t("seasonUnit", d.unit)),
      table("season-standings", ["#", t("players"), t("evenings"), t("hands"), t("net"), t("perHand")],
        (s) => h("tr", {}, num(s.rank), h("td", { class: "player" }, s.player), num(s.evenings), num(s.hands), num(s.net), num(s.per_hand))),
      table("season-play", [t("players"), t("wins"), t("selfDraws"), t("dealIns")],
        (s) => h("tr", {}, h("td", { class: "player" }, s.player), num(s.wins), num(s.self_draws), num(s.deal_ins))),
      d.left_out.length ? h("p", { class: "verdict no", id: "season-left-out" }, t("leftOut", d.left_out.map((l) => fileName(l.file) + (l.line ? ":" + l.line : "") + " " + l.problem).join("; "))) : null,
      d.ties.length ? h("ul", { class: "season-ties", id: "season-ties" }, d.ties.map((x) => h("li", {}, x))) : null,
      h("h3", {}, t("seasonChart")), Chart.season(d.standings, d.evenings.length, t("seasonChart"))].filter((c) => c));
  }

  // ---- The evening: the ledger, its form drawn from what the family's ledger takes.

  async function loadLedger() {
    if (state.offline) { $("evening").hidden = false; await Book.render(); return; }
    if (meta("mjref-ledger") !== "on") { $("evening").hidden = true; return; }
    const { status, data } = await api("GET", "/v1/ledger");
    $("evening").hidden = false;
    if (status !== 200) { $("ledger-body").replaceChildren(errorBox(data)); return; }
    state.ledger = data;
    renderLedger();
  }

  // worthText says what a recorded hand was: who won, its worth, from whom; or drawn.
  function worthText(entry) {
    const r = entry.result || {};
    if (r.drawn) return t("drawnHand");
    const winners = [].concat(r.winner || r.winners || []).join(", ");
    let worth = "";
    for (const k of ["faan", "value", "points"]) if (r[k] !== undefined && typeof r[k] !== "object") worth = r[k] + " " + t("u_" + (k === "points" ? "points" : k));
    if (r.limit) worth += " (" + t("x_limit") + ")";
    const how = r.discarder ? t("fromDiscard", r.discarder) : r.how_unknown ? "" : t("selfDrawn");
    return t("won", winners || "?") + (worth ? " · " + worth : "") + (how ? " · " + how : "");
  }

  const changesText = (entry) => Object.entries(entry.changes || {}).map(([p, n]) => p + " " + signed(n)).join(" · ");

  function ledgerControl(fd, players) {
    const id = "ledger-" + fd.name.replace(/_/g, "-");
    const label = fieldLabel(fd.name);
    switch (fd.kind) {
      case "players":
        return h("fieldset", { class: "players", id }, h("legend", {}, label),
          players.map((p) => h("label", { class: "check" }, h("input", { type: "checkbox", value: p, name: id, "data-label": label }), " " + p)));
      case "player":
        return h("label", {}, label + " ", h("select", { id, "data-label": label }, h("option", { value: "" }, t(fd.name === "discarder" ? "selfDrawnOpt" : "none")), players.map((p) => h("option", { value: p }, p))));
      case "win":
        return h("label", {}, label + " ", h("select", { id, "data-label": label }, h("option", { value: "" }, t("none")), state.ledgerFam.win_kinds.map((w) => h("option", { value: w }, t("w_" + w)))));
      case "bool":
        return h("label", { class: "check" }, h("input", { id, type: "checkbox", "data-label": label }), " " + label);
      case "number":
        // text, not number: several winners of one discard are worth one each ("3,5")
        return h("label", {}, label + " ", h("input", { id, type: "text", inputmode: "numeric", autocomplete: "off", class: "num", "data-label": label, placeholder: t("orHand") }));
      case "amounts":
      case "player_hands":
        return h("fieldset", { class: "seats", id }, h("legend", {}, label), players.map((p, i) => h("div", { class: "seat-row" }, h("span", { class: "seat-name" }, p),
          h("input", { id: id + "-" + i, type: fd.kind === "amounts" ? "number" : "text", class: fd.kind === "amounts" ? "num" : "hand-text", "data-label": label, "data-player": p }))));
      case "hand":
        return h("label", { class: "check" }, h("input", { id, type: "checkbox", "data-label": label, checked: true }), " " + t("scoreHandAbove"));
      default:
        return h("label", {}, label + " ", h("input", { id, type: "text", "data-label": label }));
    }
  }

  // ledgerRequest reads the ledger form: the fields the family's ledger takes that are given.
  function ledgerRequest(fields, players) {
    const req = {};
    for (const fd of fields) {
      const id = "ledger-" + fd.name.replace(/_/g, "-");
      switch (fd.kind) {
        case "players": {
          const ws = [...document.querySelectorAll('input[name="' + id + '"]:checked')].map((i) => i.value);
          if (ws.length) req[fd.name] = ws.join(",");
          break;
        }
        case "bool": if ($(id) && $(id).checked) req[fd.name] = true; break;
        case "amounts": {
          const given = players.map((p, i) => [p, $(id + "-" + i).value]).filter(([, v]) => v !== "");
          if (given.length) req[fd.name] = Object.fromEntries(given.map(([p, v]) => [p, Number(v)]));
          break;
        }
        case "player_hands": {
          const given = players.map((p, i) => [p, $(id + "-" + i).value.trim()]).filter(([, v]) => v);
          if (given.length) req[fd.name] = given.map(([p, v]) => p + "=" + v);
          break;
        }
        case "hand": break; // below: the hand above, when nothing else gives the hand's worth
        default: if ($(id) && $(id).value !== "") req[fd.name] = $(id).value;
      }
    }
    const handField = fields.find((f) => f.kind === "hand");
    const worthGiven = ["faan", "value", "points", "hand", "drawn"].some((k) => req[k] !== undefined);
    if (handField && !worthGiven && $("ledger-hand").checked && notation()) req.hand = [notation()];
    if (req.winner && !req.discarder && !req.win && !req.drawn) req.win = "self-draw";
    return req;
  }

  function renderLedger() {
    const d = state.ledger;
    if (!d) return;
    const fam = state.catalog.families.find((f) => f.id === d.family) || state.fam;
    state.ledgerFam = fam;
    const players = d.players || [];
    const body = $("ledger-body");
    const standings = h("table", { class: "items", id: "standings" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("players")), h("th", {}, t("f_seat")), h("th", { class: "num" }, t("total")))),
      h("tbody", {}, (d.standings || []).map((s) => h("tr", {}, h("td", {}, String(s.rank)), h("td", { class: "player" }, s.player), h("td", {}, t("seat_" + s.seat)), h("td", { class: "num" }, String(s.total))))));
    const next = d.over
      ? h("p", { class: "verdict no" }, t("over"))
      : h("p", { id: "next-dealer" }, t("handNo", d.hand) + " · " + t("nextDealer") + ": ", h("strong", {}, d.dealer || ""), " · " + t("f_prevailing") + " " + t("seat_" + (d.prevailing || "E")));
    const fields = fieldsOf("ledger", fam);
    const form = h("div", { class: "ledger-form", id: "ledger-form" }, fields.filter((fd) => fd.name !== "win" || !fields.some((f) => f.name === "discarder")).map((fd) => ledgerControl(fd, players)),
      h("div", { class: "buttons" },
        h("button", { id: "ledger-add", type: "button", onclick: () => addHand(fields, players), disabled: d.over }, t("addHand")),
        h("button", { id: "ledger-undo", type: "button", class: "secondary", onclick: askUndo, disabled: !d.played }, t("undo"))));
    const history = d.history || [];
    // (replaceChildren writes a null as the text "null": the served page has no device tools.)
    body.replaceChildren(...[next, standings, form, h("div", { id: "undo-ask" }), h("h3", {}, t("chart")), Chart.draw(players, history, t("chart")), state.offline ? Book.tools() : null].filter((c) => c));
  }

  async function addHand(fields, players) {
    const req = ledgerRequest(fields, players);
    const msg = $("ledger-msg");
    msg.replaceChildren();
    msg.dataset.busy = "true";
    try {
      await recordHand(req);
    } finally {
      msg.dataset.busy = "false";
    }
  }

  async function recordHand(req) {
    const { status, data } = await ledgerCall("POST", "/v1/ledger/hands", req);
    const msg = $("ledger-msg");
    if (status !== 200) { msg.replaceChildren(errorBox(data, "ledger-refused")); return; }
    if (!data.recorded) {
      // Refused: nothing was written; the form keeps what was entered.
      msg.replaceChildren(h("div", { class: "error", role: "alert", id: "ledger-refused" }, h("strong", {}, t("refused")), " " + pageWords(data.reason || "")));
      return;
    }
    await loadLedger(); // the standings first, then the word that the hand is in
    const e = data.entry;
    $("ledger-msg").replaceChildren(h("div", { class: "done", id: "ledger-added", role: "status" },
      h("p", { class: "verdict ok" }, t("added", e.number) + ": " + worthText(e)), h("p", { class: "changes" }, changesText(e))));
  }

  function askUndo() {
    const d = state.ledger;
    const last = (d.history || [])[d.history.length - 1];
    if (!last) return;
    $("undo-ask").replaceChildren(h("div", { class: "ask", role: "alertdialog", id: "undo-confirm" },
      h("p", {}, t("undoAsk", last.number) + " " + worthText(last) + " (" + changesText(last) + ")"),
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "undo-yes", class: "danger", onclick: doUndo }, t("undoYes")),
        h("button", { type: "button", id: "undo-no", class: "secondary", onclick: () => $("undo-ask").replaceChildren() }, t("undoNo")))));
  }

  async function doUndo() {
    const { status, data } = await ledgerCall("POST", "/v1/ledger/undo", {});
    await loadLedger();
    const u = data && data.undone;
    $("ledger-msg").replaceChildren(status === 200 && u
      ? h("p", { class: "verdict ok", id: "ledger-undone" }, t("undone", u.number) + ": " + worthText(u) + " (" + changesText(u) + ")")
      : errorBox(data));
  }

  const ledgerCall = (method, path, body) => (state.offline ? Book.call(method, path, body) : api(method, path, body));

  // ---- Drawing the page.

  // render redraws the hand; the result and the evening keep their content.
  function render() {
    document.documentElement.lang = state.lang === "zh" ? "zh-Hant" : "en";
    const input = $("notation");
    if (document.activeElement !== input) input.value = notation();
    const parts = [];
    let count = tileCount();
    let k = kongs();
    if (state.typed !== null) {
      const p = state.preview;
      if (p) {
        parts.push(h("span", { class: "group" }, p.concealed.map((c) => Tiles.svg(c))));
        for (const m of p.melds) parts.push(h("span", { class: "group meld " + (m.kong && m.concealed ? "kong" : "") }, m.tiles.map((c) => Tiles.svg(c))));
        if (p.win) parts.push(h("span", { class: "group win" }, "+", Tiles.svg(p.win)));
        if (p.bonus.length) parts.push(h("span", { class: "group flowers" }, p.bonus.map((c) => Tiles.svg(c))));
        count = p.tiles;
        k = p.kongs;
      } else {
        parts.push(h("span", { class: "typed" }, t("typed")));
        count = null;
      }
    } else {
      parts.push(h("span", { class: "group" }, [...state.concealed].sort((a, b) => Tiles.sortKey(a) - Tiles.sortKey(b)).map((c) => Tiles.svg(c))));
      for (const m of state.melds) parts.push(h("span", { class: "group meld " + m.kind }, m.tiles.map((c) => Tiles.svg(c))));
      if (state.pending.length) parts.push(h("span", { class: "group meld pending" }, state.pending.map((c) => Tiles.svg(c))));
      if (state.win) parts.push(h("span", { class: "group win" }, "+", Tiles.svg(state.win)));
      if (state.flowers.length) parts.push(h("span", { class: "group flowers" }, state.flowers.map((c) => Tiles.svg(c))));
    }
    $("hand-tiles").replaceChildren(...parts);
    for (const b of document.querySelectorAll("#modes button")) b.setAttribute("aria-pressed", String(b.dataset.mode === state.mode));
    $("count").textContent = count === null ? "…" : String(count);
    const full = 14;
    const over = count !== null && count > full;
    const fives = state.typed !== null && state.preview && state.preview.over ? state.preview.over : [];
    const warn = over ? t("pastFull", count, full) : fives.length ? t("overCopies", fives.join(" ")) : "";
    const w = $("hand-warning");
    w.textContent = warn;
    w.hidden = !warn;
    void k;
  }

  function build() {
    const fam = state.fam;
    const all = Tiles.all();
    const picker = h("div", { id: "picker", class: "picker" },
      Object.entries(all).map(([suit, codes]) => h("div", { class: "row row-" + suit },
        codes.map((c) => h("button", { type: "button", class: "pick", "data-tile": c, title: Tiles.label(c).mpsz + " " + Tiles.label(c).zh, "aria-label": Tiles.label(c).mpsz + " " + Tiles.label(c).zh, onclick: () => tap(c) }, Tiles.svg(c))),
        suit === "f" ? h("button", { type: "button", class: "pick", "data-tile": "J", "aria-label": "J", onclick: () => tap("J") }, Tiles.svg("J")) : null)));
    const modes = h("div", { id: "modes", class: "modes" },
      [["concealed", "concealed"], ["meld", "meld"], ["kong", "kong"], ["win", "winTile"]].map(([m, k]) =>
        h("button", { type: "button", "data-mode": m, class: "mode", onclick: () => { if (state.pending.length && m !== state.mode) closeMeld(); state.mode = m; render(); } }, t(k))),
      h("button", { type: "button", id: "close-meld", class: "secondary", onclick: closeMeld }, t("closeMeld")),
      h("button", { type: "button", id: "back", class: "secondary", onclick: backTile }, t("back")),
      h("button", { type: "button", id: "clear", class: "secondary", onclick: clearHand }, t("clear")));
    const input = h("input", { id: "notation", type: "text", autocomplete: "off", spellcheck: "false", autocapitalize: "off", enterkeyhint: "go", "aria-label": t("notation"), "data-label": fieldLabel("hand"), placeholder: "123m456p789s111z55z" });
    input.addEventListener("input", () => typed(input.value));
    input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); doScore(); } });
    const own = meta("mjref-rules-own") === "on" && !state.offline ? h("option", { value: "" }, t("serverRules", meta("mjref-rules"))) : null;
    const rules = h("select", { id: "rules", "data-label": fieldLabel("rules") }, own, state.catalog.rulesets.map((r) => h("option", { value: r.name }, r.name)));
    rules.value = state.rulesValue;
    rules.addEventListener("change", () => {
      state.rulesValue = rules.value;
      store.set("rules", rules.value);
      state.fam = familyOf(rules.value);
      build();
      markStale();
      if (state.typed !== null) readTyped(state.typed);
    });
    const scoreFields = fieldsOf("score").filter((f) => f.name !== "hand");
    const settleOnly = (fam.settle ? fam.settle.fields : []).filter((f) => f.name !== "hand" && !scoreFields.some((s) => s.name === f.name));
    const controls = h("div", { class: "controls", id: "controls" }, h("label", {}, fieldLabel("rules") + " ", rules), scoreFields.map((fd) => control(fd, "score")));
    const settleBox = fam.settle && settleOnly.length ? h("details", { class: "settle-fields", id: "settle-fields", open: fam.settles_table }, h("summary", {}, t("settleFields")), h("div", { class: "controls" }, settleOnly.map((fd) => control(fd, "settle")))) : null;
    const actions = h("div", { class: "actions", id: "actions" },
      h("button", { id: "do-score", type: "button", onclick: doScore }, t("score")),
      fam.settle ? h("button", { id: "do-settle", type: "button", onclick: doSettle }, t("settle")) : null,
      fam.waits ? h("button", { id: "do-waits", type: "button", class: "secondary", onclick: doWaits }, t("waits")) : null,
      fam.closest ? h("button", { id: "do-closest", type: "button", class: "secondary", onclick: doClosest }, t("closest")) : null);
    $("app").replaceChildren(
      h("div", { class: "columns" },
        h("div", { class: "col" },
          h("section", { class: "card" }, h("h2", {}, t("hand"), " ", h("span", { id: "count", class: "count" }, "0")),
            h("div", { id: "hand-tiles", class: "hand-tiles" }), input,
            h("p", { id: "hand-warning", class: "warn", role: "status", hidden: true }), h("div", { id: "preview-error" })),
          h("section", { class: "card" }, h("h2", {}, t("picker")), modes, h("p", { id: "picker-note", class: "warn", role: "status", hidden: true }), picker)),
        h("div", { class: "col" },
          h("section", { class: "card" }, h("p", { class: "family", id: "family" }, t("family", fam.title)), controls, settleBox, h("div", { id: "result", "aria-live": "polite" })),
          h("section", { class: "card", id: "evening", hidden: !state.ledger && !state.offline }, h("h2", {}, t("evening")), h("div", { id: "ledger-msg", "aria-live": "polite" }), h("div", { id: "ledger-body" })),
          h("section", { class: "card", id: "season-card", hidden: !state.season }, h("h2", {}, t("season")), h("div", { id: "season", "aria-live": "polite" })))),
      actions);
    render();
    renderLedger();
    renderSeason();
  }

  // staticCatalog is the engine's catalog as the offline site keeps it (static/catalog.json).
  async function staticCatalog() {
    try {
      const resp = await fetch("static/catalog.json");
      return { status: resp.status, data: await resp.json() };
    } catch (e) {
      return { status: 0, data: { error: String(e) } };
    }
  }

  async function loadWords() {
    const resp = await fetch("static/words.json");
    state.words = await resp.json();
  }

  async function start() {
    Engine.marks.app = Math.round(performance.now());
    state.offline = meta("mjref-mode") === "offline";
    state.lang = store.get("lang") === "zh" ? "zh" : "en";
    // The words, the catalog and (offline) the evening kept in IndexedDB are read at once, side by
    // side, while the engine compiles: the page is ready when the last of them is in.
    const words = loadWords();
    const catalog = state.offline ? staticCatalog() : api("GET", "/v1/catalog");
    const kept = state.offline ? Book.load() : null;
    if (kept) kept.catch(() => {});
    await words;
    Engine.marks.words = Math.round(performance.now());
    if (state.offline) {
      // The engine loads beside the page (engine.js started it); the form is built from the
      // catalog it wrote when the site was written (mjref page), the same answer it gives.
      Engine.ready().catch((e) => showBanner(t("noEngine") + " " + e));
      $("mode").textContent = t("offline");
      $("mode").hidden = false;
    }
    const lang = $("lang");
    lang.textContent = t("lang");
    lang.addEventListener("click", () => {
      state.lang = state.lang === "en" ? "zh" : "en";
      store.set("lang", state.lang);
      lang.textContent = t("lang");
      build();
      document.body.dataset.lang = state.lang;
    });
    const { status, data } = await catalog;
    if (status !== 200) { showBanner(data.error || t("error")); return; }
    state.catalog = data;
    Engine.marks.catalog = Math.round(performance.now());
    const saved = store.get("rules");
    const def = meta("mjref-rules");
    if (saved !== null && (saved === "" ? meta("mjref-rules-own") === "on" : data.rulesets.some((r) => r.name === saved))) state.rulesValue = saved;
    else if (meta("mjref-rules-own") === "on" && !state.offline) state.rulesValue = "";
    else state.rulesValue = data.rulesets.some((r) => r.name === def) ? def : data.rulesets[0].name;
    state.fam = familyOf(state.rulesValue);
    // The table's ruleset is opened in the engine as soon as both are known, beside the form.
    if (state.offline) Engine.warm(state.rulesValue).catch(() => {});
    build();
    Engine.marks.built = Math.round(performance.now());
    await loadLedger();
    await loadSeason();
    document.body.dataset.lang = state.lang;
    document.body.dataset.readyMs = String(Math.round(performance.now()));
    document.body.dataset.ready = "true";
    // Offline, the service worker keeps every file of the page for the next time, with no network.
    if (state.offline && "serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch((e) => showBanner(t("noOffline") + " " + e));
  }

  // The page's parts other scripts use: the words, the ledger view and the season's (book.js).
  window.Page = { t, h, api, state, errorBox, pageWords, loadLedger, renderLedger, loadSeason, renderSeason, worthText, changesText, showBanner, store };
  document.addEventListener("DOMContentLoaded", start);
})();
