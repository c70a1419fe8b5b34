// mjref's page for the table: build a hand by tapping tiles (or type it), score it, settle it, see
// its waits, and with a ledger keep the evening's score. Everything it shows comes from the JSON API
// of the same server; nothing is fetched from anywhere else.
"use strict";

(() => {
  // WIN_KINDS are the ways a hand is won, as the API's "win" field takes them (scoring.WinKinds;
  // a test checks the two lists agree).
  const WIN_KINDS = ["discard", "self-draw", "kong-replacement", "kong-on-kong", "flower-replacement", "robbing-kong", "heavenly", "earthly", "human", "seven-flowers"];
  const SEATS = ["E", "S", "W", "N"];
  const SEAT_ZH = { E: "東", S: "南", W: "西", N: "北" };

  const TEXT = {
    en: {
      hand: "Hand", picker: "Tap tiles", concealed: "Concealed", meld: "Exposed meld", kong: "Concealed kong", winTile: "Winning tile",
      closeMeld: "Close meld", clear: "Clear", back: "Undo tile", typed: "typed by hand", notation: "Notation",
      seat: "Seat", prevailing: "Prevailing", win: "Won by", discarder: "Discarder", lastTile: "Last tile", loser: "Score a non-winner",
      ruleset: "Ruleset", score: "Score", waits: "Waits", settle: "Settle", none: "—",
      valid: "A valid win", notWin: "Not a win", total: "Total", item: "Item", value: "Value", tiles: "Tiles", rule: "Rule",
      reading: "Reading", shanten: "Shanten", ready: "Ready: waiting on", unseen: "unseen", onDiscard: "on a discard", onSelfDraw: "self-drawn",
      pays: "pays", evening: "The evening", players: "Players", nextDealer: "Next dealer", round: "Round", standings: "Standings",
      addHand: "Add this hand", winner: "Winner", faan: "Faan (or leave empty to score the hand above)", cardValue: "Card line value (or leave empty to match the hand above)", drawn: "Drawn hand",
      undo: "Undo last hand", chart: "Running totals", needToken: "This server needs its token: open the URL that mjref serve printed.",
      added: "Hand added", undone: "Last hand undone", selfDraw: "self-draw", limit: "limit", handNo: "Hand", over: "The game is over",
      lang: "中文",
    },
    zh: {
      hand: "牌", picker: "點選牌", concealed: "暗牌", meld: "明刻/明順", kong: "暗槓", winTile: "食糊牌",
      closeMeld: "完成副露", clear: "清除", back: "退一隻", typed: "手動輸入", notation: "記法",
      seat: "門風", prevailing: "圈風", win: "食糊方式", discarder: "出銃者", lastTile: "海底", loser: "計非勝者",
      ruleset: "規則", score: "計番", waits: "聽牌", settle: "找數", none: "—",
      valid: "食糊成立", notWin: "不成糊", total: "合計", item: "番種", value: "番", tiles: "牌", rule: "規則行",
      reading: "拆牌", shanten: "向聽", ready: "聽", unseen: "隻未見", onDiscard: "食出銃", onSelfDraw: "自摸",
      pays: "付", evening: "今晚", players: "玩家", nextDealer: "下一莊", round: "圈", standings: "排名",
      addHand: "記錄此局", winner: "勝者", faan: "番數 (留空則計上面的牌)", cardValue: "牌型分值 (留空則比對上面的牌)", drawn: "流局",
      undo: "取消上一局", chart: "累計分數", needToken: "此伺服器需要權杖：請開啟 mjref serve 印出的網址。",
      added: "已記錄", undone: "已取消上一局", selfDraw: "自摸", limit: "爆棚", handNo: "局", over: "遊戲已完",
      lang: "English",
    },
  };

  const state = {
    lang: localStorage.getItem("mjref.lang") === "zh" ? "zh" : "en",
    mode: "concealed", // where the next tapped tile goes: concealed, meld, kong, win
    concealed: [], // tile codes
    melds: [], // {kind: "meld"|"kong", tiles: [...]}
    pending: [], // the meld being built
    win: null, // the winning tile, written after '+'
    flowers: [],
    typed: null, // notation typed by hand, replacing the tiles tapped
    rulesets: [],
    ledger: null,
  };

  const $ = (id) => document.getElementById(id);
  const meta = (name) => { const m = document.querySelector('meta[name="' + name + '"]'); return m ? m.content : ""; };
  const t = (k) => TEXT[state.lang][k] || k;

  // h builds an element: h("div", {class: "x"}, child, "text", ...). Text is always text, never HTML.
  function h(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v === true) e.setAttribute(k, "");
      else e.setAttribute(k, String(v));
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      e.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return e;
  }

  // notation writes the tapped hand in MPSZ notation: concealed tiles grouped by suit, the melds,
  // the winning tile after '+', the bonus tiles.
  function notation() {
    if (state.typed !== null) return state.typed;
    const group = (tiles) => {
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
    };
    const parts = [];
    if (state.concealed.length) parts.push(group(state.concealed));
    for (const m of state.melds) parts.push(m.kind === "kong" ? "(" + group(m.tiles) + ")" : "[" + group(m.tiles) + "]");
    let text = parts.join(" ");
    if (state.win) text += "+" + state.win;
    if (state.flowers.length) text += " " + group(state.flowers);
    return text.trim();
  }

  function tap(code) {
    if (state.typed !== null) {
      state.typed = null; // the picker starts again from the tiles it holds
    }
    if (code[1] === "f") state.flowers.push(code);
    else if (state.mode === "win") { state.win = code; state.mode = "concealed"; }
    else if (state.mode === "meld" || state.mode === "kong") state.pending.push(code);
    else state.concealed.push(code);
    render();
  }

  function closeMeld() {
    if (state.pending.length) state.melds.push({ kind: state.mode === "kong" ? "kong" : "meld", tiles: state.pending });
    state.pending = [];
    state.mode = "concealed";
    render();
  }

  function backTile() {
    if (state.pending.length) state.pending.pop();
    else if (state.win) state.win = null;
    else if (state.concealed.length) state.concealed.pop();
    else if (state.melds.length) state.melds.pop();
    else state.flowers.pop();
    render();
  }

  function clearHand() {
    Object.assign(state, { concealed: [], melds: [], pending: [], win: null, flowers: [], typed: null, mode: "concealed" });
    render();
    $("result").replaceChildren();
  }

  async function api(method, path, body) {
    const opts = { method, headers: {}, credentials: "same-origin" };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const resp = await fetch(path, opts);
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

  function situation() {
    const req = {
      hand: notation(),
      seat: $("seat").value,
      prevailing: $("prevailing").value,
      win: $("win").value,
    };
    if ($("rules").value) req.rules = $("rules").value;
    if ($("discarder").value) req.discarder = $("discarder").value;
    if ($("last-tile").checked) req.last_tile = true;
    return req;
  }

  function errorBox(data) {
    const box = h("div", { class: "error", role: "alert" }, h("strong", {}, data.error || "error"));
    if (data.input !== undefined && data.col) {
      box.appendChild(h("pre", {}, data.input + "\n" + " ".repeat(Math.max(0, data.col - 1)) + "^"));
    }
    if (data.hint) box.appendChild(h("p", { class: "hint" }, data.hint));
    return box;
  }

  function tileRow(codes, cls) {
    return h("span", { class: "tiles " + (cls || "") }, (codes || []).map((c) => Tiles.svg(c)));
  }

  function itemsTable(items, unit) {
    const rows = (items || []).map((it) =>
      h("tr", {},
        h("td", {}, h("span", { class: "item-name" }, state.lang === "zh" && it.name_zh ? it.name_zh : it.name), h("span", { class: "item-id" }, it.id)),
        h("td", { class: "num" }, String(it.value) + (it.limit ? " (" + t("limit") + ")" : "")),
        h("td", {}, tileRow(it.tiles, "small")),
        h("td", { class: "rule" }, it.note ? it.note + " " : "", it.source ? it.source.ruleset + ":" + it.source.line : "")));
    return h("table", { class: "items" },
      h("thead", {}, h("tr", {}, h("th", {}, t("item")), h("th", {}, unit || t("value")), h("th", {}, t("tiles")), h("th", {}, t("rule")))),
      h("tbody", {}, rows));
  }

  // scoreView renders the JSON of POST /v1/score (or the score inside a settlement).
  function scoreView(d) {
    const out = h("section", { class: "score", id: "score-result" });
    const unit = d.min_faan !== undefined ? "faan" : d.line !== undefined || d.section !== undefined ? "" : "points";
    const verdict = d.valid
      ? h("p", { class: "verdict ok" }, t("valid") + ": ", h("strong", { id: "score-total" }, String(d.total !== undefined ? d.total : d.value) + " " + unit), d.line ? " — " + d.line : "")
      : h("p", { class: "verdict no" }, t("notWin") + ": " + (d.reason || ""));
    out.appendChild(verdict);
    const reading = d.decomposition ? (d.decomposition.sets || []).join(" ") + (d.decomposition.pair ? " " + d.decomposition.pair : "") : d.reading && d.reading.sets ? d.reading.sets.join(" ") : d.reading;
    if (reading) out.appendChild(h("p", { class: "reading" }, t("reading") + ": ", h("code", {}, String(reading))));
    if (d.items && d.items.length) out.appendChild(itemsTable(d.items, unit));
    return out;
  }

  async function doScore() {
    const req = situation();
    if ($("loser").checked) req.loser = true;
    const { status, data } = await api("POST", "/v1/score", req);
    $("result").replaceChildren(status === 200 ? scoreView(data) : errorBox(data));
  }

  async function doWaits() {
    const req = { hand: notation() };
    if ($("rules").value) req.rules = $("rules").value;
    const { status, data } = await api("POST", "/v1/waits", req);
    if (status !== 200) { $("result").replaceChildren(errorBox(data)); return; }
    const out = h("section", { class: "waits", id: "waits-result" });
    out.appendChild(h("p", {}, t("shanten") + ": " + (data.shanten ? data.shanten.best : "?")));
    if (data.waits && data.waits.length) {
      out.appendChild(h("p", {}, t("ready")));
      out.appendChild(h("table", { class: "items" }, h("tbody", {}, data.waits.map((w) => {
        const v = w.value || {};
        const cell = (x) => (x ? (x.valid ? x.total + " " + (x.unit || "") : "✗") : "");
        return h("tr", {}, h("td", {}, tileRow([w.tile])), h("td", {}, w.unseen + " " + t("unseen")),
          h("td", {}, t("onDiscard") + " " + cell(v.discard)), h("td", {}, t("onSelfDraw") + " " + cell(v.self_draw)));
      }))));
    }
    $("result").replaceChildren(out);
  }

  async function doSettle() {
    const req = situation();
    const { status, data } = await api("POST", "/v1/settle", req);
    if (status !== 200) { $("result").replaceChildren(errorBox(data)); return; }
    const out = h("section", { class: "settle", id: "settle-result" });
    if (data.score) out.appendChild(scoreView(data.score));
    const pays = (data.payments || []).map((p) => h("li", {}, p.from + " " + t("pays") + " " + p.to + " ", h("strong", {}, String(p.amount)), p.detail ? " (" + p.detail + ")" : ""));
    if (pays.length) out.appendChild(h("ul", { class: "payments" }, pays));
    if (data.deltas) out.appendChild(h("p", { class: "deltas" }, SEATS.map((s) => s + " " + (data.deltas[s] > 0 ? "+" : "") + data.deltas[s]).join("   ")));
    $("result").replaceChildren(out);
  }

  // The evening: GET /v1/ledger, add a hand, undo, standings and chart.
  async function loadLedger() {
    if (meta("mjref-ledger") !== "on") { $("evening").hidden = true; return; }
    const { status, data } = await api("GET", "/v1/ledger");
    $("evening").hidden = false;
    if (status !== 200) { $("ledger-body").replaceChildren(errorBox(data)); return; }
    state.ledger = data;
    renderLedger();
  }

  function renderLedger() {
    const d = state.ledger;
    if (!d) return;
    const body = $("ledger-body");
    const seatOf = (i) => (d.seats ? d.seats[i] : "");
    const players = h("table", { class: "items", id: "standings" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("players")), h("th", {}, t("seat")), h("th", { class: "num" }, t("total")))),
      h("tbody", {}, (d.standings || []).map((s) => h("tr", {}, h("td", {}, String(s.rank)), h("td", {}, s.player), h("td", {}, s.seat + " " + (SEAT_ZH[s.seat] || "")), h("td", { class: "num" }, String(s.total))))));
    const next = d.over
      ? h("p", { class: "verdict no" }, t("over"))
      : h("p", { id: "next-dealer" }, t("handNo") + " " + d.hand + " · " + t("nextDealer") + ": ", h("strong", {}, d.dealer || ""), " · " + t("prevailing") + " " + (d.prevailing || "") + " " + (SEAT_ZH[d.prevailing] || ""));
    const winner = h("select", { id: "ledger-winner" }, h("option", { value: "" }, t("none")), (d.players || []).map((p, i) => h("option", { value: p }, p + " (" + seatOf(i) + ")")));
    const discarder = h("select", { id: "ledger-discarder" }, h("option", { value: "" }, t("selfDraw")), (d.players || []).map((p) => h("option", { value: p }, p)));
    const faan = h("input", { id: "ledger-faan", type: "number", min: 0, max: 99, inputmode: "numeric" });
    const drawn = h("input", { id: "ledger-drawn", type: "checkbox" });
    const form = h("div", { class: "ledger-form" },
      h("label", {}, t("winner") + " ", winner), h("label", {}, t("discarder") + " ", discarder),
      h("label", {}, t(d.family === "american" ? "cardValue" : "faan") + " ", faan), h("label", { class: "check" }, drawn, " " + t("drawn")),
      h("div", { class: "buttons" },
        h("button", { id: "ledger-add", type: "button", onclick: addHand, disabled: d.over }, t("addHand")),
        h("button", { id: "ledger-undo", type: "button", class: "secondary", onclick: undoHand, disabled: !d.played }, t("undo"))));
    const chart = h("img", { id: "ledger-chart", alt: t("chart"), src: "/v1/ledger/chart.svg?n=" + encodeURIComponent(d.head || d.hand) });
    body.replaceChildren(next, players, form, h("h3", {}, t("chart")), chart);
  }

  async function addHand() {
    const req = {};
    if ($("ledger-drawn").checked) req.drawn = true;
    else {
      req.winner = $("ledger-winner").value;
      if ($("ledger-discarder").value) req.discarder = $("ledger-discarder").value;
      else req.win = "self-draw";
      // The worth of the hand: faan (Hong Kong) or the card line's value (American); else the hand.
      const worth = $("ledger-faan").value;
      if (worth !== "") req[state.ledger && state.ledger.family === "american" ? "value" : "faan"] = worth;
      else req.hand = [notation()];
    }
    const { status, data } = await api("POST", "/v1/ledger/hands", req);
    await loadLedger(); // the standings first, then the word that the hand is in
    $("ledger-msg").replaceChildren(status === 200 ? h("p", { class: "verdict ok", id: "ledger-added" }, t("added") + (data.entry ? " #" + data.entry.number : "")) : errorBox(data));
  }

  async function undoHand() {
    const { status, data } = await api("POST", "/v1/ledger/undo", {});
    await loadLedger();
    $("ledger-msg").replaceChildren(status === 200 ? h("p", { class: "verdict ok", id: "ledger-undone" }, t("undone")) : errorBox(data));
  }

  function seatSelect(id, withNone) {
    return h("select", { id }, withNone ? h("option", { value: "" }, t("none")) : null, SEATS.map((s) => h("option", { value: s }, s + " " + SEAT_ZH[s])));
  }

  // render redraws the picker and the hand; the result and the evening keep their content.
  function render() {
    document.documentElement.lang = state.lang === "zh" ? "zh-Hant" : "en";
    const text = notation();
    const input = $("notation");
    if (document.activeElement !== input) input.value = text;
    const handTiles = $("hand-tiles");
    const parts = [];
    if (state.typed !== null) parts.push(h("span", { class: "typed" }, t("typed")));
    else {
      const sorted = [...state.concealed].sort((a, b) => Tiles.sortKey(a) - Tiles.sortKey(b));
      parts.push(h("span", { class: "group" }, sorted.map((c) => Tiles.svg(c))));
      for (const m of state.melds) parts.push(h("span", { class: "group meld " + m.kind }, m.tiles.map((c) => Tiles.svg(c))));
      if (state.pending.length) parts.push(h("span", { class: "group meld pending" }, state.pending.map((c) => Tiles.svg(c))));
      if (state.win) parts.push(h("span", { class: "group win" }, "+", Tiles.svg(state.win)));
      if (state.flowers.length) parts.push(h("span", { class: "group flowers" }, state.flowers.map((c) => Tiles.svg(c))));
    }
    handTiles.replaceChildren(...parts);
    for (const b of document.querySelectorAll("#modes button")) b.setAttribute("aria-pressed", String(b.dataset.mode === state.mode));
    $("count").textContent = String(state.concealed.length + state.pending.length + state.melds.reduce((n, m) => n + Math.min(3, m.tiles.length), 0) + (state.win ? 1 : 0));
  }

  function build() {
    const app = $("app");
    const all = Tiles.all();
    const picker = h("div", { id: "picker", class: "picker" },
      Object.entries(all).map(([suit, codes]) => h("div", { class: "row row-" + suit },
        codes.map((c) => h("button", { type: "button", class: "pick", "data-tile": c, title: Tiles.label(c).mpsz + " " + Tiles.label(c).zh, onclick: () => tap(c) }, Tiles.svg(c))),
        suit === "f" ? h("button", { type: "button", class: "pick", "data-tile": "J", onclick: () => tap("J") }, Tiles.svg("J")) : null)));
    const modes = h("div", { id: "modes", class: "modes" },
      [["concealed", "concealed"], ["meld", "meld"], ["kong", "kong"], ["win", "winTile"]].map(([m, k]) =>
        h("button", { type: "button", "data-mode": m, class: "mode", onclick: () => { if (state.pending.length && m !== state.mode) closeMeld(); state.mode = m; render(); } }, t(k))),
      h("button", { type: "button", id: "close-meld", class: "secondary", onclick: closeMeld }, t("closeMeld")),
      h("button", { type: "button", id: "back", class: "secondary", onclick: backTile }, t("back")),
      h("button", { type: "button", id: "clear", class: "secondary", onclick: clearHand }, t("clear")));
    const input = h("input", { id: "notation", type: "text", autocomplete: "off", spellcheck: "false", inputmode: "text", "aria-label": t("notation") });
    input.addEventListener("input", () => { state.typed = input.value; render(); });
    // The server's own ruleset (a file or --set) is the first choice, sent as no "rules" at all.
    const own = meta("mjref-rules-own") === "on" ? h("option", { value: "" }, meta("mjref-rules") + " (server)") : null;
    const rules = h("select", { id: "rules" }, own, state.rulesets.map((r) => h("option", { value: r.name }, r.name)));
    rules.addEventListener("change", () => { localStorage.setItem("mjref.rules", rules.value); $("result").replaceChildren(); });
    const saved = localStorage.getItem("mjref.rules");
    const def = meta("mjref-rules");
    if (saved && state.rulesets.some((r) => r.name === saved)) rules.value = saved;
    else if (own) rules.value = "";
    else if (state.rulesets.some((r) => r.name === def)) rules.value = def;
    const win = h("select", { id: "win" }, WIN_KINDS.map((w) => h("option", { value: w }, w)));
    const controls = h("div", { class: "controls" },
      h("label", {}, t("ruleset") + " ", rules),
      h("label", {}, t("seat") + " ", seatSelect("seat")),
      h("label", {}, t("prevailing") + " ", seatSelect("prevailing")),
      h("label", {}, t("win") + " ", win),
      h("label", {}, t("discarder") + " ", seatSelect("discarder", true)),
      h("label", { class: "check" }, h("input", { id: "last-tile", type: "checkbox" }), " " + t("lastTile")),
      h("label", { class: "check" }, h("input", { id: "loser", type: "checkbox" }), " " + t("loser")));
    const actions = h("div", { class: "buttons" },
      h("button", { id: "do-score", type: "button", onclick: doScore }, t("score")),
      h("button", { id: "do-settle", type: "button", onclick: doSettle }, t("settle")),
      h("button", { id: "do-waits", type: "button", onclick: doWaits }, t("waits")));
    app.replaceChildren(
      h("div", { class: "columns" },
        h("div", { class: "col" },
          h("section", { class: "card" }, h("h2", {}, t("hand"), " ", h("span", { id: "count", class: "count" }, "0")),
            h("div", { id: "hand-tiles", class: "hand-tiles" }), input),
          h("section", { class: "card" }, h("h2", {}, t("picker")), modes, picker)),
        h("div", { class: "col" },
          h("section", { class: "card" }, controls, actions, h("div", { id: "result", "aria-live": "polite" })),
          h("section", { class: "card", id: "evening", hidden: true }, h("h2", {}, t("evening")), h("div", { id: "ledger-msg" }), h("div", { id: "ledger-body" })))));
    render();
  }

  async function start() {
    const lang = $("lang");
    lang.textContent = t("lang");
    lang.addEventListener("click", () => {
      const keep = { rules: $("rules") && $("rules").value, hand: notation() };
      state.lang = state.lang === "en" ? "zh" : "en";
      localStorage.setItem("mjref.lang", state.lang);
      lang.textContent = t("lang");
      build();
      if (keep.rules) $("rules").value = keep.rules;
      renderLedger();
      loadLedger();
    });
    const { status, data } = await api("GET", "/v1/rulesets");
    state.rulesets = status === 200 ? data.rulesets : [{ name: "hk" }];
    build();
    await loadLedger();
    document.body.dataset.ready = "true";
  }

  document.addEventListener("DOMContentLoaded", start);
})();
