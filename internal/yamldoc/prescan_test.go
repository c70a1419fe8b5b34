package yamldoc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// keys is n lines "kI: v" at the indentation given.
func keys(indent string, n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(indent + "k" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + ": v\n")
	}
	return b.String()
}

func TestPrescan(t *testing.T) {
	over := MaxKeys + 1
	tests := []struct {
		name   string
		doc    string
		refuse bool
	}{
		{"top level", keys("", over), true},
		{"nested", "a:\n  b:\n" + keys("    ", over), true},
		{"at the limit", keys("", MaxKeys), false},
		{"two mappings at one column", "a:\n" + keys("  ", MaxKeys) + "b:\n" + keys("  ", MaxKeys), false},
		{"sequence items", strings.Repeat("- k: 1\n  j: 2\n", over), false},
		{"one item of many keys", "- " + keys("  ", over)[2:], true},
		{"a block scalar", "a: |\n" + keys("  ", over) + "b: 1\n", false},
		{"a folded block scalar after a comment", "a: >- # text\n" + keys("  ", over), false},
		{"a quoted value over lines", "a: \"x\n" + keys("", over) + "\"\n", false},
		{"a single-quoted value", "a: 'it''s\n" + keys("", over) + "'\n", false},
		{"a flow mapping over lines", "a: {\n" + strings.ReplaceAll(keys("", over), "\n", ",\n") + "}\n", true},
		{"documents", keys("", MaxKeys) + "---\n" + keys("", MaxKeys), false},
		{"comments", keys("", MaxKeys) + strings.Repeat("# k: v\n", over), false},
		{"a flow mapping on one line", "a: {" + strings.Repeat("k: 1, ", over) + "}\n", true},
		{"a flow mapping at the top", "{" + strings.Repeat("k: 1, ", over) + "}\n", true},
		{"a flow mapping in a sequence", "- [x, {" + strings.Repeat("k: 1, ", over) + "}]\n", true},
		{"JSON", `{"a":{` + strings.Repeat(`"k":"x, y, z",`, over) + `"z":1}}`, true},
		{"a flow mapping, a key a line", "a: {\n" + strings.Repeat("  k: 1,\n", over) + "}\n", true},
		{"a flow sequence", "a: [" + strings.Repeat("k, ", over) + "]\n", false},
		{"commas in quotes", "a: {k: \"" + strings.Repeat("x, ", over) + "\", j: 'y, ''z'', " + strings.Repeat("x, ", over) + "'}\n", false},
		{"commas in a plain scalar", "a: x {" + strings.Repeat("k: 1, ", over) + "}\n", false},
		{"commas after a tag", "a: !!map {" + strings.Repeat("k: 1, ", over) + "}\n", false},
		{"a comment in a flow mapping", "a: {k: 1, # " + strings.Repeat(", ", over) + "\n}\n", false},
		{"lines ended by CR alone", strings.ReplaceAll(keys("", over), "\n", "\r"), true},
		{"lines ended by CR LF", strings.ReplaceAll(keys("", over), "\n", "\r\n"), true},
		{"quoted commas in a flow mapping over CR lines", "a: {" + strings.Repeat("',0',\r", 300) + "}\n", false},
		{"a quote after a tab", "a: {" + strings.Repeat("k:\t'x, y', ", 300) + "}\n", false},
		{"a false quote over mappings", "a:\n" + keys("  ", 300) + "  z: x \"y\nb:\n  q: \"z\"\n" + keys("  ", 300), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Prescan([]byte(tt.doc))
			if (err != nil) != tt.refuse {
				t.Fatalf("Prescan = %v, want refused %v", err, tt.refuse)
			}
			if err != nil && err.Error() != keysMsg {
				t.Errorf("message %q", err)
			}
			if err != nil {
				var doc yaml.Node
				if yaml.Unmarshal([]byte(tt.doc), &doc) == nil && Check(&doc) == nil {
					t.Errorf("Prescan refused a document Check passes")
				}
			}
		})
	}
}

// Prescan refuses no YAML file of the repository.
func TestPrescanRepository(t *testing.T) {
	n := 0
	_ = filepath.WalkDir("../..", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".yaml") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		n++
		if err := Prescan(b); err != nil {
			t.Errorf("%s: %v", p, err)
		}
		return nil
	})
	if n < 10 {
		t.Errorf("only %d YAML files found", n)
	}
}

// FuzzPrescan: what Prescan refuses, the parser's tree refuses too (or it is not YAML).
func FuzzPrescan(f *testing.F) {
	f.Add("a: 1\nb: |\n  c: 2\n- d\n")
	f.Add("- a: 1\n  b: \"x\n  c: 2\"\n")
	f.Add("a: {b: 1,\n c: 2}\n")
	f.Add(`{"a":"b, c", `)
	f.Add("k: 1, ")
	f.Add("'x, ''y', ")
	f.Fuzz(func(t *testing.T, s string) {
		// Small documents say little about the limit: repeat the lines that look like keys, or
		// the text within a flow mapping.
		n := MaxKeys / max(1, strings.Count(s, ":")+strings.Count(s, ","))
		for _, doc := range []string{s + strings.Repeat(s+"\n", n), "a: {" + strings.Repeat(s, n+1) + "}\n"} {
			if Prescan([]byte(doc)) == nil {
				continue
			}
			var node yaml.Node
			if yaml.Unmarshal([]byte(doc), &node) != nil || rootScalar(&node) {
				// go-yaml reads "x #c\na: 1\nb: 2" as the scalar x and drops the rest without an
				// error: a document whose root is a scalar is no ruleset or card either way.
				continue
			}
			if Check(&node) == nil {
				t.Fatalf("Prescan refused a document Check passes:\n%s", doc)
			}
		}
	})
}

// rootScalar says the document's root is a scalar.
func rootScalar(n *yaml.Node) bool {
	return n.Kind == yaml.DocumentNode && len(n.Content) == 1 && n.Content[0].Kind == yaml.ScalarNode
}

// keysMsg is written out as a constant (no fmt.Sprintf at every start): it names MaxKeys.
func TestKeysMsgNamesMaxKeys(t *testing.T) {
	if want := fmt.Sprintf("a mapping of more than %d keys: the limit is %d in one mapping", MaxKeys, MaxKeys); keysMsg != want {
		t.Errorf("keysMsg = %q, want %q", keysMsg, want)
	}
}
