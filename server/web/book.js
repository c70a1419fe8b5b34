// The evening's ledger on this device (the page offline): the same file mjref ledger keeps, written
// by the same engine (built to WebAssembly) into the page's memory and kept in IndexedDB after every
// change, so it survives closing the page. It exports as the .jsonl that mjref ledger verify
// accepts, and imports one.
"use strict";

const Book = (() => {
  const PATH = "/mjref/evening.jsonl";
  const SEASON = "/mjref/season"; // the ledgers given for a season (internal/wasm.SeasonDir)
  const KEY = "evening.jsonl";
  let loaded = false;

  function db() {
    return new Promise((resolve, reject) => {
      const req = indexedDB.open("mjref", 1);
      req.onupgradeneeded = () => req.result.createObjectStore("files");
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }

  async function idb(mode, fn) {
    const d = await db();
    return new Promise((resolve, reject) => {
      const tx = d.transaction("files", mode);
      const req = fn(tx.objectStore("files"));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
    });
  }

  const save = async () => {
    const bytes = MemFS.get(PATH);
    if (bytes) await idb("readwrite", (s) => s.put(bytes, KEY));
    else await idb("readwrite", (s) => s.delete(KEY));
  };

  // load puts the ledger kept in IndexedDB into the engine's memory, once.
  async function load() {
    if (loaded) return;
    const bytes = await idb("readonly", (s) => s.get(KEY));
    if (bytes) MemFS.put(PATH, bytes);
    loaded = true;
  }

  // call answers a ledger request with the engine in the page, and keeps the file after a change.
  async function call(method, path, body) {
    await load();
    const res = await Engine.call(method, path, body);
    if (method === "POST") await save();
    return res;
  }

  // render draws the evening: the ledger kept, or the form that starts one.
  async function render() {
    const P = Page;
    await load();
    if (!MemFS.get(PATH)) {
      P.state.ledger = null;
      $("ledger-body").replaceChildren(startForm());
      return;
    }
    const { status, data } = await call("GET", "/v1/ledger");
    if (status !== 200) {
      $("ledger-body").replaceChildren(P.errorBox(data), tools());
      return;
    }
    P.state.ledger = data;
    P.renderLedger();
  }

  const $ = (id) => document.getElementById(id);

  function startForm() {
    const { t, h, store } = Page;
    let saved = [];
    try { saved = JSON.parse(store.get("players") || "[]"); } catch (e) { saved = []; }
    // A three-player ruleset (the catalog's three_player: riichi-sanma) seats three.
    const rules = $("rules") ? $("rules").value : "";
    const three = ((Page.state.catalog && Page.state.catalog.three_player) || []).includes(rules);
    const names = (three ? [0, 1, 2] : [0, 1, 2, 3]).map((i) => h("input", { id: "book-player-" + i, type: "text", autocomplete: "off", value: saved[i] || "", placeholder: t("playerN", i + 1), "data-label": t("playerN", i + 1) }));
    const go = async () => {
      const players = names.map((n) => n.value.trim());
      if (players.some((p) => !p) || new Set(players).size !== names.length) {
        $("ledger-msg").replaceChildren(Page.errorBox({ error: t(three ? "threePlayers" : "fourPlayers") }, "ledger-refused"));
        return;
      }
      store.set("players", JSON.stringify(players));
      const { status, data } = await call("POST", "/v1/ledger/new", { rules: $("rules").value, players });
      if (status !== 200) { $("ledger-msg").replaceChildren(Page.errorBox(data)); return; }
      $("ledger-msg").replaceChildren();
      await render();
    };
    return h("div", { class: "book-start", id: "book-start" }, h("h3", {}, t("newEvening")),
      h("div", { class: "ledger-form" }, names.map((n) => h("label", {}, n)),
        h("button", { type: "button", id: "book-new", onclick: go }, t("start"))), tools());
  }

  // exportBytes is the ledger file, as mjref ledger writes it.
  const exportBytes = () => MemFS.get(PATH);
  const exportText = () => { const b = exportBytes(); return b ? new TextDecoder().decode(b) : ""; };

  function download() {
    const b = exportBytes();
    if (!b) return;
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([b], { type: "application/jsonl" }));
    a.download = "mjref-evening-" + new Date().toISOString().slice(0, 10) + ".jsonl";
    document.body.appendChild(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  // importText takes a ledger file's text in place of the evening kept, if the engine reads it.
  async function importText(text) {
    const before = MemFS.get(PATH);
    MemFS.put(PATH, new TextEncoder().encode(text));
    const { status, data } = await Engine.call("GET", "/v1/ledger");
    if (status !== 200) {
      if (before) MemFS.put(PATH, before); else MemFS.remove(PATH);
      $("ledger-msg").replaceChildren(Page.errorBox(data, "ledger-refused"));
      return false;
    }
    await save();
    await render();
    $("ledger-msg").replaceChildren(Page.h("p", { class: "verdict ok", id: "ledger-imported" }, Page.t("imported", data.played)));
    return true;
  }

  // season counts the ledgers given (each {name, text}) as mjref season does, the broken ones left
  // out and named, and shows the standings across them and the chart in the season's card.
  async function season(ledgers) {
    const P = Page;
    MemFS.clear(SEASON);
    ledgers.forEach((l, i) => MemFS.put(SEASON + "/" + String(i + 1).padStart(3, "0") + "-" + l.name.replace(/[^A-Za-z0-9._-]/g, "_").replace(/(\.jsonl)?$/, ".jsonl"), new TextEncoder().encode(l.text)));
    const { status, data } = await Engine.call("POST", "/v1/season", { skip_broken: true });
    P.state.season = status === 200 ? Object.assign(data, { shortFile: (f) => f.replace(SEASON + "/", "") }) : { error: data };
    P.renderSeason();
    return status === 200;
  }

  function tools() {
    const { t, h } = Page;
    const file = h("input", { type: "file", id: "book-import-file", accept: ".jsonl,application/jsonl,text/plain", hidden: true });
    file.addEventListener("change", async () => { if (file.files[0]) await importText(await file.files[0].text()); });
    const files = h("input", { type: "file", id: "book-season-files", accept: ".jsonl,application/jsonl,text/plain", multiple: true, hidden: true });
    files.addEventListener("change", async () => { if (files.files.length) await season(await Promise.all([...files.files].map(async (f) => ({ name: f.name, text: await f.text() })))); });
    return h("div", { class: "buttons book-tools" },
      MemFS.get(PATH) ? h("button", { type: "button", id: "book-export", class: "secondary", onclick: download }, t("exportLedger")) : null,
      h("button", { type: "button", id: "book-import", class: "secondary", onclick: () => file.click() }, t("importLedger")), file,
      h("button", { type: "button", id: "book-season", class: "secondary", onclick: () => files.click() }, t("seasonImport")), files,
      MemFS.get(PATH) ? h("button", { type: "button", id: "book-reset", class: "secondary", onclick: askNew }, t("newLedger")) : null);
  }

  function askNew() {
    const { t, h } = Page;
    $("undo-ask").replaceChildren(h("div", { class: "ask", role: "alertdialog", id: "book-reset-confirm" },
      h("p", {}, t("newAsk")),
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "book-reset-yes", class: "danger", onclick: async () => { download(); await clear(); await render(); } }, t("newYes")),
        h("button", { type: "button", class: "secondary", onclick: () => $("undo-ask").replaceChildren() }, t("undoNo")))));
  }

  // clear forgets the evening kept on this device.
  async function clear() {
    MemFS.remove(PATH);
    await save();
  }

  return { load, render, tools, call, exportText, importText, clear, season };
})();
