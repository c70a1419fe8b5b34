// Command snapshot writes rulesets/snapshot_gen.go: every built-in ruleset decoded from its YAML, as
// a Go value, so a program loads it without parsing YAML. Run it with go generate ./rulesets.
package main

import (
	"fmt"
	"go/format"
	"os"

	"github.com/mjref/mjref/rulesets"
)

func main() {
	src, err := rulesets.SnapshotSource()
	if err == nil {
		src, err = format.Source(src)
	}
	if err == nil {
		err = os.WriteFile("snapshot_gen.go", src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "snapshot:", err)
		os.Exit(1)
	}
}
