package main

import (
	"os"
	"strings"
	"testing"
)

// The README's Go example is a runnable example of package engine, word for word, so what the
// README promises is what go test checks.
func TestREADMEGoExample(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(readme), "\n## As a Go library")
	if i < 0 {
		t.Fatal("README has no section '## As a Go library'")
	}
	_, block, ok := strings.Cut(string(readme[i:]), "```go\n")
	if !ok {
		t.Fatal("the Go library section has no go block")
	}
	block, _, _ = strings.Cut(block, "```")
	ex, err := os.ReadFile("engine/example_settle_test.go")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(block, "func Example") || !strings.Contains(string(ex), block) {
		t.Errorf("the README's Go example is not an Example function of engine/example_settle_test.go, verbatim:\n%s", block)
	}
}
