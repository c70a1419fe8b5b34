package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/mjref/mjref/internal/filewrite"
	"github.com/mjref/mjref/internal/wasm"
	"github.com/mjref/mjref/rulesets"
)

// The engine in the page: go generate ./server builds it to WebAssembly into web/ (mjref.wasm,
// and Go's wasm_exec.js beside it), where it is embedded with the page; neither is committed.
//
//go:generate go run ../internal/wasm/build -o web

// ErrNoEngine is a static site asked of an mjref built without the page's engine.
var ErrNoEngine = errors.New("this mjref was built without the page's engine (server/web/mjref.wasm)")

// SiteOptions choose what WriteSite writes.
type SiteOptions struct {
	// Wasm and WasmExec are the engine built to WebAssembly and Go's wasm_exec.js; nil takes the
	// ones embedded (go generate ./server).
	Wasm, WasmExec []byte
}

// Site is what WriteSite wrote.
type Site struct {
	Dir   string   `json:"dir"`
	Files []string `json:"files"`
	// Wasm is the engine's size, and WasmGzip its size compressed as a static host sends it.
	Wasm     int `json:"wasm_bytes"`
	WasmGzip int `json:"wasm_gzip_bytes"`
}

// WriteSite writes the page as a static site into dir: index.html (offline: it runs the engine in
// the page and keeps the ledger in the browser), static/ (the page's files and the engine) and
// sw.js, the service worker that keeps them for use with no network. Any static host, or a file
// server on the phone, serves it.
func WriteSite(dir string, o SiteOptions) (*Site, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(web, "web", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := web.ReadFile(path)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(filepath.Join("static", path[len("web/"):]))] = b
		return nil
	})
	if err != nil {
		return nil, err
	}
	if o.Wasm != nil {
		files["static/mjref.wasm"] = o.Wasm
	}
	if o.WasmExec != nil {
		files["static/wasm_exec.js"] = o.WasmExec
	}
	if files["static/mjref.wasm"] == nil || files["static/wasm_exec.js"] == nil {
		return nil, ErrNoEngine
	}
	// The page builds its form from the engine's catalog: written now, as the engine in the page
	// answers GET /v1/catalog, so the form is there before the engine has loaded.
	status, catalog := wasm.Call("GET", "/v1/catalog", "")
	if status != 200 {
		return nil, fmt.Errorf("the engine's catalog: %s", catalog)
	}
	files["static/catalog.json"] = catalog
	index := files["static/index.html"]
	delete(files, "static/index.html")
	delete(files, "static/sw.js")
	for k, v := range map[string]string{"{{mode}}": "offline", "{{rules}}": rulesets.Default, "{{own}}": "off", "{{ledger}}": "on", "{{season}}": "off"} {
		index = bytes.ReplaceAll(index, []byte(k), []byte(v))
	}
	files["index.html"] = index
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	sum := sha256.New()
	for _, name := range names {
		fmt.Fprintf(sum, "%s %d\n", name, len(files[name]))
		sum.Write(files[name])
	}
	cached := append([]string{"./"}, names...)
	list, err := json.Marshal(cached)
	if err != nil {
		return nil, err
	}
	sw, err := web.ReadFile("web/sw.js")
	if err != nil {
		return nil, err
	}
	sw = bytes.ReplaceAll(sw, []byte("{{version}}"), []byte(hex.EncodeToString(sum.Sum(nil))[:16]))
	sw = bytes.ReplaceAll(sw, []byte("{{files}}"), list)
	files["sw.js"] = sw
	names = append(names, "sw.js")
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, err
		}
		b := files[name]
		if err := filewrite.Write(path, func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
			return nil, err
		}
	}
	return &Site{Dir: dir, Files: names, Wasm: len(files["static/mjref.wasm"]), WasmGzip: gzipSize(files["static/mjref.wasm"])}, nil
}

// gzipSize is the size of b compressed as a static host sends it (gzip -9).
func gzipSize(b []byte) int {
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	return z.Len()
}
