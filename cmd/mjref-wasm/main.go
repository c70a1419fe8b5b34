//go:build js && wasm

// Command mjref-wasm is mjref's engine built to WebAssembly for the page offline: it answers the
// page's requests (internal/wasm.Call) from JavaScript, as mjrefCall(method, path, body), which
// returns the answer's JSON: {"status": 200, "body": {...}}. Build it with go generate ./server
// (GOOS=js GOARCH=wasm go build -o server/web/mjref.wasm ./cmd/mjref-wasm).
package main

import (
	"encoding/json"
	"syscall/js"

	"github.com/mjref/mjref/internal/wasm"
)

func main() {
	js.Global().Set("mjrefCall", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) < 3 {
			return `{"status": 400, "body": {"error": "mjrefCall(method, path, body)"}}`
		}
		status, body := wasm.Call(args[0].String(), args[1].String(), args[2].String())
		out, _ := json.Marshal(struct {
			Status int             `json:"status"`
			Body   json.RawMessage `json:"body"`
		}{status, body})
		return string(out)
	}))
	select {}
}
