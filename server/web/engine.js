// The engine in the page: mjref's Go engine built to WebAssembly (mjref.wasm, with Go's
// wasm_exec.js), answering the same requests as mjref serve's API with the same JSON. Loaded only
// on the page mjref page writes (meta mjref-mode offline), and from the moment this script runs:
// the download (from the service worker's cache once kept) and the compiling go on while the rest
// of the page loads.
"use strict";

const Engine = (() => {
  let loading = null;
  // marks are the times (ms since the page opened) of the engine's steps, for the budget figures:
  // fetched (the response's headers), compiled, instantiated, started (Go's runtime and package
  // initialisation done), warm (the table's ruleset opened); the page (app.js) adds its own: app
  // (its script runs), words, catalog, built (the form drawn).
  const marks = {};
  const mark = (name) => { marks[name] = Math.round(performance.now()); };

  // ready loads the engine once.
  function ready() {
    if (!loading) loading = load();
    return loading;
  }

  async function load() {
    mark("start");
    // The engine is fetched and compiled from this moment, while Go's glue (wasm_exec.js) loads
    // beside it; it is instantiated once both are in.
    const compiled = compile();
    await script("static/wasm_exec.js");
    const go = new Go(); // eslint-disable-line no-undef
    const module = await compiled;
    mark("compiled");
    const instance = await WebAssembly.instantiate(module, go.importObject);
    mark("instantiated");
    go.run(instance);
    for (let i = 0; i < 200 && typeof globalThis.mjrefCall !== "function"; i++) await new Promise((res) => setTimeout(res, 5));
    if (typeof globalThis.mjrefCall !== "function") throw new Error("the engine did not start");
    mark("started");
  }

  // compile fetches and compiles the engine, streaming when the response says it is wasm.
  async function compile() {
    const r = await fetch("static/mjref.wasm");
    mark("fetched");
    if (!r.ok) throw new Error("static/mjref.wasm: " + r.status);
    if (WebAssembly.compileStreaming && (r.headers.get("Content-Type") || "").startsWith("application/wasm")) {
      return WebAssembly.compileStreaming(r);
    }
    return WebAssembly.compile(await r.arrayBuffer());
  }

  function script(src) {
    return new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = () => reject(new Error(src + " did not load"));
      document.head.appendChild(s);
    });
  }

  // call answers a request as the API would: {status, data}.
  async function call(method, path, body) {
    await ready();
    const out = JSON.parse(globalThis.mjrefCall(method, path, body === undefined ? "" : JSON.stringify(body)));
    return { status: out.status, data: out.body };
  }

  // warm opens the ruleset rules in the engine (its YAML read, its tables built), so that the
  // first hand scored waits for none of it.
  async function warm(rules) {
    await ready();
    if (!marks.warm) {
      globalThis.mjrefCall("POST", "/v1/parse", JSON.stringify({ rules, hand: "" }));
      mark("warm");
    }
  }

  const offline = document.querySelector('meta[name="mjref-mode"]');
  if (offline && offline.content === "offline") ready().catch(() => {}); // start now; start() reports a failure
  return { ready, call, warm, marks };
})();
