package server_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/internal/wasm"
	"github.com/mjref/mjref/server"
)

// TestWriteSite: mjref page writes the offline page (index.html in its offline mode), the page's
// files and the engine under static/, the engine's catalog as it answers GET /v1/catalog, and a
// service worker that keeps every file it wrote.
func TestWriteSite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	site, err := server.WriteSite(dir, server.SiteOptions{Wasm: []byte("\x00asm fake engine"), WasmExec: []byte("// Go's glue")})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"index.html", "sw.js", "static/app.js", "static/engine.js", "static/memfs.js", "static/catalog.json", "static/mjref.wasm", "static/wasm_exec.js", "static/manifest.webmanifest"} {
		if !slices.Contains(site.Files, name) {
			t.Errorf("the site lacks %s: %v", name, site.Files)
		}
	}
	if slices.Contains(site.Files, "static/index.html") || slices.Contains(site.Files, "static/sw.js") {
		t.Errorf("the page's templates were written as they are: %v", site.Files)
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if index := read("index.html"); !strings.Contains(index, `<meta name="mjref-mode" content="offline">`) || strings.Contains(index, "{{") {
		t.Errorf("index.html is not the offline page:\n%s", index)
	}
	sw := read("sw.js")
	m := regexp.MustCompile(`const FILES = (\[.*\]);`).FindStringSubmatch(sw)
	if m == nil {
		t.Fatalf("sw.js lists no files:\n%s", sw)
	}
	var kept []string
	if err := json.Unmarshal([]byte(m[1]), &kept); err != nil {
		t.Fatal(err)
	}
	want := append([]string{"./"}, slices.DeleteFunc(slices.Clone(site.Files), func(s string) bool { return s == "sw.js" })...)
	if diff := cmp.Diff(want, kept); diff != "" {
		t.Errorf("the service worker keeps (-written +kept):\n%s", diff)
	}
	if _, catalog := wasm.Call("GET", "/v1/catalog", ""); read("static/catalog.json") != string(catalog) {
		t.Errorf("static/catalog.json is not the engine's catalog")
	}
	if site.Wasm != len("\x00asm fake engine") || site.WasmGzip == 0 {
		t.Errorf("the engine's sizes: %d, %d compressed", site.Wasm, site.WasmGzip)
	}
}
