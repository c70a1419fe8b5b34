// The evening's ledger kept on this device (offline page): filled in by the ledger step.
"use strict";

const Book = (() => {
  async function render() {}
  function tools() { return null; }
  async function call() { return { status: 400, data: { error: "no ledger on this page" } }; }
  return { render, tools, call };
})();
