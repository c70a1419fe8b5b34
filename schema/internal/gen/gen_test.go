package main

import (
	"path/filepath"
	"slices"
	"testing"
)

// The committed schema files are what the document types generate now.
func TestSchemaFilesAreGenerated(t *testing.T) {
	stale, err := generate(filepath.Join("..", ".."), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range stale {
		t.Errorf("schema/%s is not what the document types generate: run go generate ./schema and review the diff", name)
	}
}

// Every file under schema/ is generated: none is left from a document that went away.
func TestNoSchemaFileIsLeftOver(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range schemaDocs {
		names = append(names, d.name+".json")
	}
	for _, f := range files {
		if !slices.Contains(names, filepath.Base(f)) {
			t.Errorf("schema/%s is no document's: gen does not write it", filepath.Base(f))
		}
	}
}
