// The engine in the page: mjref's Go engine built to WebAssembly (mjref.wasm, with Go's
// wasm_exec.js), answering the same requests as mjref serve's API with the same JSON. Loaded only
// on the page mjref page writes (meta mjref-mode offline).
"use strict";

const Engine = (() => {
  let loading = null;

  // ready loads the engine once.
  function ready() {
    if (!loading) loading = load();
    return loading;
  }

  async function load() {
    await script("static/memfs.js"); // the file system the engine sees, before Go's own stub
    await script("static/wasm_exec.js");
    const go = new Go(); // eslint-disable-line no-undef
    const resp = await fetch("static/mjref.wasm");
    if (!resp.ok) throw new Error("static/mjref.wasm: " + resp.status);
    let result;
    if (WebAssembly.instantiateStreaming && (resp.headers.get("Content-Type") || "").startsWith("application/wasm")) {
      result = await WebAssembly.instantiateStreaming(resp, go.importObject);
    } else {
      result = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
    }
    go.run(result.instance);
    for (let i = 0; i < 200 && typeof globalThis.mjrefCall !== "function"; i++) await new Promise((r) => setTimeout(r, 5));
    if (typeof globalThis.mjrefCall !== "function") throw new Error("the engine did not start");
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

  return { ready, call };
})();
