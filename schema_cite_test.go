package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSchemaCitations: every schema file a Go comment or a Markdown page cites by path
// (schema/score.json) exists, so a reader sent to the contract finds it.
func TestSchemaCitations(t *testing.T) {
	cite := regexp.MustCompile(`\bschema/([a-z0-9][a-z0-9._-]*\.json)\b`)
	n := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".md") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasSuffix(path, ".go") && !strings.Contains(line, "//") {
				continue // Go: comments only
			}
			for _, m := range cite.FindAllStringSubmatch(line, -1) {
				n++
				if _, err := os.Stat(filepath.Join("schema", m[1])); err != nil {
					t.Errorf("%s:%d cites schema/%s, which does not exist", path, i+1, m[1])
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Errorf("found %d citations of schema files: the pattern has stopped matching", n)
	}
}
