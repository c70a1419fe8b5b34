package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	"github.com/mjref/mjref/internal/yamljson"
	"github.com/mjref/mjref/schema"
)

// schemaNames are the documents of the contract: a schema file each under schema/, which go
// generate ./schema writes from the document types. Every command's real output, in every machine
// format, must validate against them (contract_test.go).
func schemaNames(t *testing.T) []string {
	t.Helper()
	files, err := fs.Glob(schema.FS, "*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no schema files: %v", err)
	}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = strings.TrimSuffix(f, ".json")
	}
	return names
}

// compileSchemas compiles every file under schema/.
func compileSchemas(t *testing.T) map[string]*sjs.Schema {
	t.Helper()
	c := sjs.NewCompiler()
	out := map[string]*sjs.Schema{}
	for _, name := range schemaNames(t) {
		path, _ := filepath.Abs(filepath.Join("..", "schema", name+".json"))
		s, err := c.Compile(path)
		if err != nil {
			t.Fatalf("schema/%s.json: %v", name, err)
		}
		out[name] = s
	}
	return out
}

// documents splits a command's output in format into its documents, as generic JSON values.
func documents(t *testing.T, format, out string) []any {
	t.Helper()
	var docs []any
	switch format {
	case FormatJSON:
		v, err := sjs.UnmarshalJSON(strings.NewReader(out))
		if err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		docs = append(docs, v)
	case FormatJSONL:
		for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
			v, err := sjs.UnmarshalJSON(strings.NewReader(line))
			if err != nil {
				t.Fatalf("not a JSON line: %v\n%s", err, line)
			}
			docs = append(docs, v)
		}
	case FormatYAML:
		dec := yaml.NewDecoder(strings.NewReader(out))
		for {
			var n yaml.Node
			if err := dec.Decode(&n); err != nil {
				break
			}
			b, err := appendYAMLJSON(nil, &n)
			if err != nil {
				t.Fatalf("YAML document: %v", err)
			}
			v, err := sjs.UnmarshalJSON(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("YAML as JSON: %v\n%s", err, b)
			}
			docs = append(docs, v)
		}
	}
	if len(docs) == 0 {
		t.Fatalf("no %s documents in:\n%s", format, out)
	}
	return docs
}

// The schemas are strict enough to fail: an unknown field, a wrong type, a missing schema_version,
// a null list, a value outside a closed set (tiles, seats, win kinds: a $ref to the file's $defs).
func TestSchemaRefusesWrongDocuments(t *testing.T) {
	schemas := compileSchemas(t)
	_, good, _ := runCLI([]string{"parse", "123m456p789s11z", "-o", "json"}, "")
	if err := schemas["parse"].Validate(documents(t, FormatJSON, good)[0]); err != nil {
		t.Fatalf("a real document fails: %v", err)
	}
	for _, bad := range []struct{ name, from, to string }{
		{"unknown field", `"canonical"`, `"surprise": 1, "canonical"`},
		{"wrong type", `"tiles": 11`, `"tiles": "11"`},
		{"no schema_version", `"schema_version": 1,`, ``},
		{"null list", `"bonus": []`, `"bonus": null`},
		{"a tile outside the set", `"1m"`, `"1x"`},
	} {
		doc := strings.Replace(good, bad.from, bad.to, 1)
		if doc == good {
			t.Fatalf("%s: %q is not in the document:\n%s", bad.name, bad.from, good)
		}
		if err := schemas["parse"].Validate(documents(t, FormatJSON, doc)[0]); err == nil {
			t.Errorf("%s: validates:\n%s", bad.name, doc)
		}
	}
}

// Errors are JSON objects on standard error with -o json and jsonl, each naming where the input
// went wrong, and they validate against schema/error.json.
func TestErrorsMatchSchema(t *testing.T) {
	schemas := compileSchemas(t)
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	badRules := write("bad.yaml", "extends: hk\nhk:\n  min_faan: x\n")
	badLog := write("bad-log.yaml", "hands:\n  E: 123m\nevents:\n  - E drw\n")
	badHeader := write("bad-header.yaml", "dealr: E\nhands:\n  E: 123m\nevents: []\n")
	badLedger := write("bad.jsonl", `{"seq":1,"event":"new"}`+"\n")
	badCard := write("bad-card.yaml", "card:\n  nam: bad\n  yer: 2026\n  lines:\n    - id: R1\n      pattern: \"XXXX+9a\"\n      value: 25\n")
	tests := []struct {
		name string
		args []string
		want map[string]any // fields the error must have, with their values (nil: any value)
	}{
		{"bad hand", []string{"score", "123m45x"}, map[string]any{"code": 2, "col": 7, "offset": 6, "input": "123m45x", "hint": nil}},
		{"bad ruleset", []string{"rules", "check", badRules}, map[string]any{"code": 2, "file": badRules, "line": 3}},
		{"bad --set", []string{"score", "123m456p789s111z55z", "--set", "cap=x"}, map[string]any{"code": 2, "file": "--set"}},
		{"bad flag", []string{"score", "123m", "--bogus"}, map[string]any{"code": 2}},
		{"bad flag value", []string{"waits", "123m", "--top", "x"}, map[string]any{"code": 2}},
		{"bad log", []string{"referee", badLog}, map[string]any{"code": 2, "file": badLog, "line": 4, "event": 1, "hint": nil}},
		{"bad log header", []string{"referee", badHeader}, map[string]any{"code": 2, "file": badHeader, "line": 1, "hint": nil}},
		{"bad ledger", []string{"ledger", "show", badLedger}, map[string]any{"code": 2, "file": badLedger, "line": 1, "hint": nil}},
		{"no ledger", []string{"ledger", "show", filepath.Join(dir, "none.jsonl")}, map[string]any{"code": 2, "hint": nil}},
		{"bad card", []string{"card", "check", badCard}, map[string]any{"code": 2, "file": badCard, "line": 2, "problems": nil}},
	}
	for _, tt := range tests {
		for _, format := range []string{FormatJSON, FormatJSONL} {
			t.Run(tt.name+" -o "+format, func(t *testing.T) {
				code, out, errOut := runCLI(append(slices.Clone(tt.args), "-o", format), "")
				if code != tt.want["code"] {
					t.Fatalf("exit %d, want %v: %s", code, tt.want["code"], errOut)
				}
				if out != "" {
					t.Errorf("standard output: %q, want nothing", out)
				}
				if strings.Count(errOut, "\n") != 1 {
					t.Fatalf("standard error is not one JSON line:\n%s", errOut)
				}
				doc := documents(t, FormatJSONL, errOut)[0]
				if err := schemas["error"].Validate(doc); err != nil {
					t.Fatalf("against schema/error.json: %#v\n%s", err, errOut)
				}
				var got map[string]any
				if err := json.Unmarshal([]byte(errOut), &got); err != nil {
					t.Fatal(err)
				}
				for k, want := range tt.want {
					v, ok := got[k]
					if !ok {
						t.Errorf("no %q in %s", k, errOut)
					} else if want != nil && fmt.Sprint(v) != fmt.Sprint(want) {
						t.Errorf("%s = %v, want %v", k, v, want)
					}
				}
			})
		}
	}
}

// appendYAMLJSON appends a YAML document as JSON (see yamljson).
func appendYAMLJSON(b []byte, n *yaml.Node) ([]byte, error) { return yamljson.Append(b, n) }

// The closed sets are enums shared by $ref: a document with a seat or a family outside its set
// fails, and the same document as written validates.
func TestSchemaEnums(t *testing.T) {
	schemas := compileSchemas(t)
	for _, tt := range []struct {
		schema string
		args   []string
		from   string
		to     string
	}{
		{"settle", []string{"settle", "123m456p789s111z55z", "--seat", "S", "--discarder", "W"}, `"from": "W"`, `"from": "X"`},
		{"rules-list", []string{"rules", "list"}, `"family": "hk"`, `"family": "mahjong"`},
		{"claim", []string{"claim", "--discarder", "W", "--tile", "5p", "--claims", "N pong"}, `"discarder": "W"`, `"discarder": "west"`},
	} {
		t.Run(tt.schema+" "+tt.to, func(t *testing.T) {
			code, good, errOut := runCLI(append(tt.args, "-o", "json"), "")
			if code > 1 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if err := schemas[tt.schema].Validate(documents(t, FormatJSON, good)[0]); err != nil {
				t.Fatalf("the document as written fails: %v", err)
			}
			bad := strings.Replace(good, tt.from, tt.to, 1)
			if bad == good {
				t.Fatalf("%q is not in the document:\n%s", tt.from, good)
			}
			if err := schemas[tt.schema].Validate(documents(t, FormatJSON, bad)[0]); err == nil {
				t.Errorf("%s validates", tt.to)
			}
		})
	}
}
