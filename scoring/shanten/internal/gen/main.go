// Command gen writes the lookup tables of package shanten, deflated, to the file named by -o.
// Run it with go generate in scoring/shanten.
package main

import (
	"bytes"
	"compress/flate"
	"flag"
	"fmt"
	"os"

	"github.com/mjref/mjref/scoring/shanten/internal/tables"
)

func main() {
	out := flag.String("o", "tables.bin.z", "output file")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	raw, err := tables.Build().MarshalBinary()
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	w, err := flate.NewWriter(&buf, flate.BestCompression)
	if err != nil {
		return err
	}
	if _, err := w.Write(raw); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	fmt.Printf("gen: %d bytes of tables, %d deflated\n", len(raw), buf.Len())
	return os.WriteFile(out, buf.Bytes(), 0o644)
}
