// Command build builds mjref's engine to WebAssembly for the page offline: the package
// cmd/mjref-wasm, GOOS=js GOARCH=wasm, into DIR/mjref.wasm, and copies the Go toolchain's
// wasm_exec.js (which must match the compiler) beside it. go generate ./server runs it:
//
//	go run ./internal/wasm/build -o server/web
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/mjref/mjref/internal/filewrite"
	"github.com/mjref/mjref/internal/safeio"
)

func main() {
	out := flag.String("o", ".", "the directory to write mjref.wasm and wasm_exec.js into")
	flag.Parse()
	if err := build(*out); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
}

func build(dir string) error {
	wasm := filepath.Join(dir, "mjref.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "github.com/mjref/mjref/cmd/mjref-wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return err
	}
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return err
	}
	src := filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js")
	js, err := safeio.ReadFile(src, 1<<20)
	if err != nil {
		return err
	}
	if err := filewrite.Write(filepath.Join(dir, "wasm_exec.js"), func(w io.Writer) error { _, err := w.Write(js); return err }); err != nil {
		return err
	}
	b, err := safeio.ReadFile(wasm, 64<<20)
	if err != nil {
		return err
	}
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	w.Write(b)
	w.Close()
	fmt.Printf("mjref.wasm: %.1f MB, %.1f MB compressed (gzip -9)\n", float64(len(b))/1e6, float64(z.Len())/1e6)
	return nil
}
