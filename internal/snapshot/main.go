// Command snapshot writes a family's snapshot_gen.go: each built-in ruleset of the family whose
// package go generate runs it in, decoded from its YAML, as a Go value, so a program loads it
// without parsing YAML (see rulesets.Snapshots). A family's package runs it with
//
//	//go:generate go run -tags mjref_nosnapshot ../../internal/snapshot
//
// and registers the variable snapshots as its Section's Snapshots.
package main

import (
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"reflect"
	"strings"

	_ "github.com/mjref/mjref/engine" // registers every family's section
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/rulesets"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "snapshot:", err)
		os.Exit(1)
	}
}

func run() error {
	pkg := os.Getenv("GOPACKAGE")
	if pkg == "" {
		return fmt.Errorf("run it with go generate, in a family's package")
	}
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		return fmt.Errorf("go list: %w", err)
	}
	path := strings.TrimSpace(string(out))
	id := ""
	for _, fid := range family.IDs() {
		if f, _ := family.Lookup(fid); reflect.TypeOf(f).PkgPath() == path {
			id = fid
		}
	}
	if id == "" {
		return fmt.Errorf("no family registered is package %s", path)
	}
	src, err := rulesets.SnapshotSource(id, pkg, path)
	if err == nil {
		src, err = format.Source(src)
	}
	if err != nil {
		return err
	}
	return os.WriteFile("snapshot_gen.go", src, 0o644)
}
