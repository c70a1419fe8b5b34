package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/rulesets"
)

// outputCase is one command line of the contract test: the schema its output is a document of,
// and the formats it is run in (nil: table, json, jsonl and yaml). In args, LEDGER is a fresh copy
// of a game of five hands (a seat changed after the third), EMPTY a fresh new game, V1 a fresh
// version 1 ledger, TAMPERED a game with a line changed by hand, and DIR a fresh directory.
type outputCase struct {
	schema  string
	args    []string
	stdin   string
	formats []string
	// batch: a batch command (-o json writes JSON Lines, a bad line is a batch-error document).
	batch bool
	// yamlIsFile: -o yaml prints a file of its own format (rules show: the ruleset file itself),
	// without schema_version.
	yamlIsFile bool
}

var machineFormats = []string{FormatTable, FormatJSON, FormatJSONL, FormatYAML}

// outputCases run every command of mjref that prints a result (see TestEveryCommandIsChecked).
func outputCases() []outputCase {
	cases := []outputCase{
		{schema: "parse", args: []string{"parse", "E E E Rd Rd 123s+4s [555p@W] (7777m) 2f* f"}},
		{schema: "parse", args: []string{"parse", "123m456p789s11z"}},
		{schema: "parse", args: []string{"parse", "NN 2026m SS 666p 666s", "--rules", "american"}},
		{schema: "score", args: []string{"score", "123m456p789s111z55z", "--win", "self-draw"}},
		{schema: "score", args: []string{"score", "19m19p19s1234567z+1z"}},
		{schema: "score", args: []string{"score", "123m456m789m222z11p"}},
		{schema: "score", args: []string{"score", "1133557799m11p11s", "--rules", "hk-oldstyle"}},
		{schema: "score", args: []string{"score", "123m456m789p111z55s", "--rules", "deburger-2026", "--win", "self-draw"}},
		{schema: "score", args: []string{"score", "123m456m789p111z5s", "--rules", "deburger-2026", "--loser"}},
		{schema: "score-riichi", args: []string{"score", "234m23p456p678s99s+1p", "--rules", "riichi", "--riichi", "--win", "tsumo", "--seat", "S", "--dora", "1p", "--honba", "1"}},
		{schema: "score", args: []string{"score", "234m345s67p11s+8p [789p]", "--rules", "riichi"}},
		{schema: "score-riichi", args: []string{"score", "111m333p555s777z9m+9m", "--rules", "riichi-wrc"}},
		{schema: "score", args: []string{"score", "NN 2026m SS 666p 666s", "--rules", "american"}},
		{schema: "score", args: []string{"score", "NN 2026m SS 666p 665s", "--rules", "american"}},
		{schema: "waits", args: []string{"waits", "1112345678999m"}},
		{schema: "waits", args: []string{"waits", "123m456p789s11z459s"}},
		{schema: "waits", args: []string{"waits", "123m456p789s11z45s", "--rules", "deburger-2026"}},
		{schema: "waits", args: []string{"waits", "NN 2026m SS 666p 66s", "--rules", "american"}},
		{schema: "closest", args: []string{"closest", "NN 2026m SS 666p 66s", "--rules", "american", "--top", "3"}},
		{schema: "settle", args: []string{"settle", "--faan", "6", "--winner", "S", "--discarder", "W"}},
		{schema: "settle", args: []string{"settle", "[555z] [666z] [777z@E] 123m 9p+9p", "--seat", "N", "--win", "self-draw"}},
		{schema: "settle", args: []string{"settle", "--drawn"}},
		{schema: "settle", args: []string{"settle", "123m456p789s12345z", "--seat", "S", "--discarder", "W"}}, // not a win: settled false, exit 1
		{schema: "settle", args: []string{"settle", "--rules", "american", "--value", "25", "--winner", "S", "--discarder", "W"}},
		{schema: "settle", args: []string{"settle", "--rules", "deburger-2026", "--hand", "E=123m456m789p111z55s", "--hand", "S=123m456p777z99p5m8s", "--hand", "W=123m456p777z99p5m8s 3f*", "--hand", "N=13579m2468p1357s", "--mahjong", "E", "--win", "self-draw", "--totals", "E=8000,S=9000,W=500,N=0"}},
		{schema: "referee", args: []string{"referee", "../examples/responsibility.yaml"}},
		{schema: "referee", args: []string{"referee", "../examples/issue-example.yaml"}},
		{schema: "referee", args: []string{"referee", "../examples/american-charleston.yaml"}},
		{schema: "referee", args: []string{"referee", "../examples/responsibility.yaml", "--only", "illegal"}},
		{schema: "referee-game", args: []string{"referee", "../referee/riichilog/testdata/small.mjlog"}},
		{schema: "referee-game", args: []string{"referee", "../referee/riichilog/testdata/small.json"}},
		{schema: "referee-game", args: []string{"referee", "../referee/riichilog/testdata/small.jsonl", "--check"}},
		{schema: "settle", args: []string{"settle", "--faan", "5,3", "--winner", "S,N", "--discarder", "W"}},
		{schema: "settle", args: []string{"settle", "--false-win", "S"}},
		{schema: "settle", args: []string{"settle", "--faan", "8", "--winner", "S", "--win", "self-draw", "--responsible", "E"}},
		{schema: "settle", args: []string{"settle", "--rules", "deburger-2026", "--points", "E=2700,S=1800,W=-400,N=0", "--mahjong", "E"}},
		{schema: "waits", args: []string{"waits", "123m456p789s11z45s", "--seen", "3s6s3s6s"}},
		{schema: "closest", args: []string{"closest", "NN 2026m SS 666p 66s", "--rules", "american", "--seen", "[777mJ] 2m 6s"}},
		{schema: "claim", args: []string{"claim", "--discarder", "W", "--tile", "5p", "--claims", "S win, N pong, E win", "--hand", "S=123m456p789s11z46p", "--hand", "E=11z123m456s789s46p"}},
		{schema: "claim", args: []string{"claim", "--discarder", "W", "--tile", "5p", "--claims", "N pong"}},
		{schema: "card-check", args: []string{"card", "check", "sample-2026"}},
		{schema: "card-list", args: []string{"card", "list"}},
		{schema: "card-show", args: []string{"card", "show", "sample-2026"}},
		{schema: "rules-list", args: []string{"rules", "list"}},
		{schema: "rules-check", args: []string{"rules", "check", "../family/hongkong/builtin/hk-oldstyle.yaml"}},
		{schema: "rules-check", args: []string{"rules", "check", "hk", "--set", "cap=8"}},
		{schema: "rules-show", args: []string{"rules", "show", "hk", "--set", "cap=8"}, yamlIsFile: true},
		{schema: "version", args: []string{"version"}},

		{schema: "ledger-show", args: []string{"ledger", "new", "DIR/new.jsonl", "--players", "Ann,Bo,Cy,Di", "--rules", "deburger-2026"}},
		{schema: "ledger-show", args: []string{"ledger", "import", "DIR/imported.jsonl", "../referee/riichilog/testdata/small.mjlog"}},
		{schema: "ledger-show", args: []string{"ledger", "new", "DIR/sanma.jsonl", "--players", "Ann,Bo,Cy", "--rules", "riichi-sanma"}},
		{schema: "ledger-show", args: []string{"ledger", "show", "EMPTY"}},
		{schema: "ledger-show", args: []string{"ledger", "show", "LEDGER"}},
		{schema: "ledger-show", args: []string{"ledger", "show", "LEDGER", "--summary"}},
		{schema: "ledger-add", args: []string{"ledger", "add", "LEDGER", "--winner", "Bo", "--faan", "5", "--discarder", "Cy"}},
		{schema: "ledger-add", args: []string{"ledger", "add", "LEDGER", "--winner", "Bo,Eve", "--faan", "5,3", "--discarder", "Cy"}},
		{schema: "ledger-add", args: []string{"ledger", "add", "LEDGER", "--hand", "123m456p789s111z55z", "--winner", "Ann", "--win", "self-draw"}},
		{schema: "ledger-add", args: []string{"ledger", "add", "LEDGER", "--hand", "123m456m789m222z11p", "--winner", "Ann", "--discarder", "Bo"}},
		{schema: "ledger-add", args: []string{"ledger", "add", "EMPTY", "--drawn"}},
		{schema: "ledger-add", args: []string{"ledger", "add", "EMPTY", "--log", "../examples/responsibility.yaml", "--wait", "1s"}},
		{schema: "ledger-summary", args: []string{"ledger", "summary", "LEDGER"}},
		{schema: "ledger-summary", args: []string{"ledger", "summary", "EMPTY"}},
		{schema: "ledger-undo", args: []string{"ledger", "undo", "LEDGER"}},
		{schema: "ledger-amend", args: []string{"ledger", "amend", "LEDGER", "--hand-number", "1", "--winner", "Ann", "--faan", "3", "--discarder", "Cy"}},
		{schema: "ledger-amend", args: []string{"ledger", "amend", "LEDGER", "--hand-number", "5", "--drawn"}},
		{schema: "ledger-seat", args: []string{"ledger", "seat", "LEDGER", "--replace", "Eve", "--with", "Flo"}},
		{schema: "ledger-seat", args: []string{"ledger", "rename", "LEDGER", "--replace", "Bo", "--with", "Bob"}},
		{schema: "ledger-verify", args: []string{"ledger", "verify", "LEDGER"}},
		{schema: "ledger-verify", args: []string{"ledger", "verify", "TAMPERED"}},
		{schema: "ledger-verify", args: []string{"ledger", "verify", "V1"}},
		{schema: "ledger-upgrade", args: []string{"ledger", "upgrade", "V1"}},
		{schema: "ledger-recover", args: []string{"ledger", "recover", "LEDGER"}},
		{schema: "ledger-show", args: []string{"ledger", "export", "LEDGER"}, formats: []string{"json", "yaml"}},
		{schema: "ledger-show", args: []string{"ledger", "export", "EMPTY"}, formats: []string{"json", "yaml"}},
		{schema: "ledger-record", args: []string{"ledger", "export", "LEDGER"}, formats: []string{"jsonl"}},
		{args: []string{"ledger", "export", "LEDGER"}, formats: []string{"csv"}},
		{schema: "ledger-chart", args: []string{"ledger", "chart", "LEDGER"}},
		{schema: "ledger-chart", args: []string{"ledger", "chart", "EMPTY"}},
		{schema: "ledger-chart", args: []string{"ledger", "chart", "LEDGER", "--out", "DIR/c.svg"}},
		{schema: "season", args: []string{"season", "LEDGER"}},
		{schema: "season", args: []string{"season", "LEDGER", "EMPTY", "--explain", "Cyd", "--alias", "Cy=Cyd"}},
		{schema: "season", args: []string{"season", "LEDGER", "TAMPERED", "--skip-broken"}},
		{schema: "season", args: []string{"season", "LEDGER", "EMPTY", "--placings", "4,2,1,0"}},
		{schema: "season-seating", args: []string{"season", "seating", "--players", "12", "--rounds", "4"}},
		{schema: "season-seating", args: []string{"season", "seating", "--players", "Ann,Bo,Cy,Di,Eve", "--rounds", "2"}},
		{schema: "season-chart", args: []string{"season", "chart", "LEDGER"}},
		{schema: "season-chart", args: []string{"season", "chart", "LEDGER", "--out", "DIR/s.svg"}},

		{schema: "score", batch: true, args: []string{"score", "-"}, stdin: "123m456p789s111z55z\n{\"hand\": \"123m456m789m222z11p\", \"win\": \"self-draw\"}\n123m45x\n"},
		{schema: "score", batch: true, args: []string{"score", "-", "--rules", "american"}, stdin: "NN 2026m SS 666p 666s\nNN 2026m SS 666p 665s\n"},
		{schema: "waits", batch: true, args: []string{"waits", "-"}, stdin: "1112345678999m\n123m456p789s11z459s\n123m\n"},
		{schema: "parse", batch: true, args: []string{"parse", "-"}, stdin: "123m456p789s11z [555p]\n19m19p19s1234567z\n123x\n"},
		{schema: "closest", batch: true, args: []string{"closest", "-", "--rules", "american", "--top", "1"}, stdin: "NN 2026m SS 666p 66s\nff 2222m 44m 666p 8p J\n"},
	}
	// rules show, for every built-in ruleset: -o yaml is the file itself.
	for _, info := range rulesets.Builtins() {
		cases = append(cases, outputCase{schema: "rules-show", args: []string{"rules", "show", info.Name}, yamlIsFile: true})
	}
	return cases
}

func (c outputCase) name(format string) string {
	return strings.Join(c.args, " ") + " -o " + format
}

func (c outputCase) formatList() []string {
	if c.formats != nil {
		return c.formats
	}
	return machineFormats
}

// ledgerFixtures writes the ledgers the cases name into dir, once; fresh copies are made for
// each run (see args).
type ledgerFixtures struct{ files map[string][]byte }

func newLedgerFixtures(t *testing.T) *ledgerFixtures {
	t.Helper()
	dir := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		if code, _, errOut := runCLI(args, ""); code != 0 {
			t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, errOut)
		}
	}
	led, empty := filepath.Join(dir, "evening.jsonl"), filepath.Join(dir, "empty.jsonl")
	run("ledger", "new", empty, "--players", "Ann,Bo,Cy,Di")
	run("ledger", "new", led, "--players", "Ann,Bo,Cy,Di")
	run("ledger", "add", led, "--winner", "Bo", "--faan", "5", "--discarder", "Cy")
	run("ledger", "add", led, "--drawn")
	run("ledger", "add", led, "--points", "Ann=10,Bo=-10,Cy=0,Di=0", "--winner", "Ann", "--win", "self-draw")
	run("ledger", "seat", led, "--replace", "Di", "--with", "Eve")
	run("ledger", "add", led, "--winner", "Eve", "--faan", "4", "--win", "self-draw")
	run("ledger", "add", led, "--false-win", "Cy")
	f := &ledgerFixtures{files: map[string][]byte{}}
	for name, path := range map[string]string{"LEDGER": led, "EMPTY": empty, "V1": "../referee/ledger/testdata/evening-v1.jsonl"} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f.files[name] = b
	}
	// A hand's result changed by hand: verify finds the line's sum wrong (exit 1).
	tampered := bytes.Replace(f.files["LEDGER"], []byte(`"faan":5`), []byte(`"faan":6`), 1)
	if bytes.Equal(tampered, f.files["LEDGER"]) {
		t.Fatal("the fixture has no hand of 5 faan to tamper with")
	}
	f.files["TAMPERED"] = tampered
	return f
}

// args is c's command line with its placeholders replaced by fresh files in a new directory.
func (f *ledgerFixtures) args(t *testing.T, args []string) []string {
	t.Helper()
	dir := t.TempDir()
	out := make([]string, len(args))
	for i, a := range args {
		if b, ok := f.files[a]; ok {
			path := filepath.Join(dir, strings.ToLower(a)+".jsonl")
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			a = path
		}
		if rest, ok := strings.CutPrefix(a, "DIR/"); ok {
			a = filepath.Join(dir, rest)
		}
		out[i] = a
	}
	return out
}

// schemaJSON reads every schema file as a generic JSON value, for walking alongside documents.
func schemaJSON(t *testing.T) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, name := range schemaNames(t) {
		b, err := os.ReadFile(filepath.Join("..", "schema", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("schema/%s.json: %v", name, err)
		}
		out[name] = m
	}
	return out
}

// nullLists lists the places in doc that hold null where the schema s says a list: empty lists
// must be written [] (the schema says so too; this names the place plainly).
func nullLists(doc any, s map[string]any, path string) []string {
	var out []string
	var variants func(s map[string]any) []map[string]any
	variants = func(s map[string]any) []map[string]any {
		vs := []map[string]any{s}
		for _, key := range []string{"anyOf", "oneOf", "allOf"} {
			list, _ := s[key].([]any)
			for _, v := range list {
				if m, ok := v.(map[string]any); ok {
					vs = append(vs, variants(m)...)
				}
			}
		}
		return vs
	}
	switch v := doc.(type) {
	case nil:
		array, null := false, false
		for _, s := range variants(s) {
			array = array || s["type"] == "array"
			null = null || s["type"] == "null"
		}
		if array && !null {
			out = append(out, path)
		}
	case map[string]any:
		for k, x := range v {
			for _, s := range variants(s) {
				props, _ := s["properties"].(map[string]any)
				if p, ok := props[k].(map[string]any); ok {
					out = append(out, nullLists(x, p, path+"."+k)...)
				} else if ap, ok := s["additionalProperties"].(map[string]any); ok {
					out = append(out, nullLists(x, ap, path+"."+k)...)
				}
			}
		}
	case []any:
		for i, x := range v {
			for _, s := range variants(s) {
				if items, ok := s["items"].(map[string]any); ok {
					out = append(out, nullLists(x, items, fmt.Sprintf("%s[%d]", path, i))...)
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// keyOrder lists the keys of every object in a JSON document, with their paths, in the order
// they are written: two documents with the same list have the same fields in the same order.
func keyOrder(t *testing.T, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	var keys []string
	var value func(path string)
	value = func(path string) {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("key order: %v\n%s", err, b)
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					t.Fatalf("key order: %v\n%s", err, b)
				}
				keys = append(keys, path+"."+k.(string))
				value(path + "." + k.(string))
			}
			_, _ = dec.Token()
		case json.Delim('['):
			for dec.More() {
				value(path + "[]")
			}
			_, _ = dec.Token()
		}
	}
	value("$")
	return keys
}

// orderedDocuments splits out into its documents as JSON text with the fields in the order they
// were written (documents reads them into maps, which forget it).
func orderedDocuments(t *testing.T, format, out string) [][]byte {
	t.Helper()
	var docs [][]byte
	switch format {
	case FormatJSON:
		docs = append(docs, []byte(out))
	case FormatJSONL:
		for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
			docs = append(docs, []byte(line))
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
			docs = append(docs, b)
		}
	}
	return docs
}

// Every command's output, in every format it has and in batches, is run; every machine format
// validates against the command's schema (table output is not JSON: it must only run), no list is
// null, and -o yaml has the fields of -o json in the same order.
func TestOutputsMatchSchema(t *testing.T) {
	schemas := compileSchemas(t)
	raw := schemaJSON(t)
	fx := newLedgerFixtures(t)
	validated := 0
	for _, c := range outputCases() {
		docsByFormat := map[string][][]byte{}
		for _, format := range c.formatList() {
			t.Run(c.name(format), func(t *testing.T) {
				code, out, errOut := runCLI(append(fx.args(t, c.args), "-o", format), c.stdin)
				if code > 1 && !(c.batch && code == ExitInput) {
					t.Fatalf("exit %d: %s", code, errOut)
				}
				if out == "" {
					t.Fatalf("no output (stderr %q)", errOut)
				}
				if c.schema == "" || format == FormatTable || format == "csv" {
					if strings.HasPrefix(out, "{") {
						t.Errorf("-o %s printed JSON:\n%s", format, out)
					}
					return
				}
				split := format
				if c.batch && format == FormatJSON {
					split = FormatJSONL // a batch writes JSON Lines for -o json too
				}
				if split == FormatJSON && !json.Valid([]byte(out)) {
					t.Fatalf("-o json is not one JSON document:\n%s", out)
				}
				for i, doc := range documents(t, split, out) {
					name := c.schema
					m, _ := doc.(map[string]any)
					if c.batch && m["error"] != nil && m["input_line"] != nil {
						name = "batch-error"
					}
					if format == FormatYAML && c.yamlIsFile {
						if _, ok := m["schema_version"]; ok {
							t.Errorf("document %d: the file itself has no schema_version", i+1)
						}
						m["schema_version"] = json.Number(fmt.Sprint(SchemaVersion))
					}
					if err := schemas[name].Validate(doc); err != nil {
						t.Errorf("document %d against schema/%s.json: %#v\n%s", i+1, name, err, out)
					}
					if nulls := nullLists(doc, raw[name], "$"); len(nulls) > 0 {
						t.Errorf("document %d: null where schema/%s.json has a list: %v", i+1, name, nulls)
					}
					validated++
				}
				docsByFormat[format] = orderedDocuments(t, split, out)
			})
		}
		// -o yaml keeps JSON's field order, in batches too.
		if y, j := docsByFormat[FormatYAML], docsByFormat[FormatJSON]; y != nil && j != nil && !c.yamlIsFile {
			t.Run(strings.Join(c.args, " ")+" yaml order", func(t *testing.T) {
				if len(y) != len(j) {
					t.Fatalf("%d YAML documents, %d JSON", len(y), len(j))
				}
				for i := range y {
					if !slices.Equal(keyOrder(t, j[i]), keyOrder(t, y[i])) {
						t.Errorf("document %d: YAML fields differ from JSON's:\njson %v\nyaml %v", i+1, keyOrder(t, j[i]), keyOrder(t, y[i]))
					}
				}
			})
		}
	}
	t.Logf("%d documents validated", validated)
}

// The contract test runs every command that prints a result, in every format: a new command
// without a case fails here.
func TestEveryCommandIsChecked(t *testing.T) {
	root := newRootCmd(&factory{IO: &IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}})
	covered := map[string][]string{} // command path -> formats run
	batches := map[string][]string{} // the same, reading a batch from standard input
	for _, c := range outputCases() {
		cmd, _, err := root.Find(c.args)
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		k := strings.TrimPrefix(cmd.CommandPath(), root.Name()+" ")
		covered[k] = append(covered[k], c.formatList()...)
		if c.batch {
			batches[k] = append(batches[k], c.formatList()...)
		}
	}
	// completion and man write scripts and pages, page a static site (server.WriteSite, tested by
	// the server package), help prints help, serve runs a server (its bodies are tested by the
	// server package).
	skip := map[string]bool{"completion": true, "man": true, "help": true, "serve": true, "page": true}
	var walk func(c *cobra.Command, path []string)
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			p := append(slices.Clone(path), sub.Name())
			if skip[p[0]] || sub.Hidden || !sub.Runnable() && !sub.HasSubCommands() { // a help topic
				continue
			}
			if sub.HasSubCommands() {
				walk(sub, p)
				continue
			}
			k := strings.Join(p, " ")
			want := machineFormats
			if k == "ledger export" {
				want = exportFormats
			}
			for _, f := range want {
				if !slices.Contains(covered[k], f) {
					t.Errorf("mjref %s -o %s is not run by TestOutputsMatchSchema", k, f)
				}
				if strings.HasSuffix(sub.Use, "| -") && !slices.Contains(batches[k], f) {
					t.Errorf("mjref %s - -o %s (a batch) is not run by TestOutputsMatchSchema", k, f)
				}
			}
		}
	}
	walk(root, nil)
}

// The README's JSON section documents the schemas: each of its paragraphs that starts with a bold
// name and names a schema file before its first colon documents that file; it must name every field
// at the top of the schema, and every field it names (in backquotes) must be in the schema, at any
// depth. Every schema file is documented.
func TestREADMEDocumentsSchemas(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	start := strings.Index(text, "\n## JSON output\n")
	if start < 0 {
		t.Fatal("README.md has no JSON output section")
	}
	section := text[start+1:]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	raw := schemaJSON(t)
	bold := regexp.MustCompile(`\*\*[^*]+\*\*`)
	file := regexp.MustCompile("`([a-z-]+)\\.json`")
	field := regexp.MustCompile("`([a-z][a-z0-9_]*)`")
	documented := map[string]bool{}
	for _, para := range strings.Split(section, "\n\n") {
		locs := bold.FindAllStringIndex(para, -1)
		for i, loc := range locs {
			end := len(para)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			seg := para[loc[1]:end]
			head, _, _ := strings.Cut(seg, ":")
			m := file.FindStringSubmatch(head)
			if m == nil {
				continue
			}
			name := m[1]
			s, ok := raw[name]
			if !ok {
				t.Errorf("README documents %s.json, which is not in schema/", name)
				continue
			}
			documented[name] = true
			all := map[string]bool{}
			collectProperties(s, all)
			named := map[string]bool{}
			for _, f := range field.FindAllStringSubmatch(seg, -1) {
				named[f[1]] = true
				if !all[f[1]] && f[1] != "schema_version" {
					t.Errorf("README, %s.json: `%s` is not a field of the schema", name, f[1])
				}
			}
			for _, top := range topProperties(s) {
				if top != "schema_version" && !named[top] {
					t.Errorf("README, %s.json: the field `%s` is not documented", name, top)
				}
			}
		}
	}
	for _, name := range schemaNames(t) {
		if !documented[name] {
			t.Errorf("README's JSON section documents no %s.json", name)
		}
	}
}

// topProperties are the fields at the top of schema s (of any of its variants), in order.
func topProperties(s map[string]any) []string {
	variants := []any{s}
	if list, ok := s["anyOf"].([]any); ok {
		variants = list
	}
	var out []string
	for _, v := range variants {
		m, _ := v.(map[string]any)
		props, _ := m["properties"].(map[string]any)
		for k := range props {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	slices.Sort(out)
	return out
}

// collectProperties adds every field name in schema s, at any depth, to out.
func collectProperties(s any, out map[string]bool) {
	switch v := s.(type) {
	case map[string]any:
		if props, ok := v["properties"].(map[string]any); ok {
			for k, p := range props {
				out[k] = true
				collectProperties(p, out)
			}
		}
		for k, x := range v {
			if k != "properties" {
				collectProperties(x, out)
			}
		}
	case []any:
		for _, x := range v {
			collectProperties(x, out)
		}
	}
}

// One shape for per-seat amounts: every deltas in every document is an object keyed E, S, W, N
// (N left out in a three-player ledger's hands; the ledger file's own lines, ledger-record.json, keep their arrays in the order of the places; a
// riichi game log's document, referee-game.json, keeps them in the log's seat order 0-3, as Tenhou's
// sc= records them: its seats are numbers, not winds, and the wind of a seat changes every hand).
func TestDeltasAreBySeat(t *testing.T) {
	found := 0
	var walk func(doc string, path string, s any)
	walk = func(doc, path string, s any) {
		switch v := s.(type) {
		case map[string]any:
			if props, ok := v["properties"].(map[string]any); ok {
				for k, p := range props {
					if k == "deltas" && doc != "ledger-record" && doc != "referee-game" {
						found++
						if !isSeatObject(p) {
							t.Errorf("%s.json %s.deltas is not an object keyed E, S, W, N: %v", doc, path, p)
						}
					}
					walk(doc, path+"."+k, p)
				}
			}
			for k, x := range v {
				if k != "properties" {
					walk(doc, path, x)
				}
			}
		case []any:
			for _, x := range v {
				walk(doc, path, x)
			}
		}
	}
	for name, s := range schemaJSON(t) {
		walk(name, "$", s)
	}
	if found < 5 {
		t.Errorf("only %d deltas fields in the schemas", found)
	}
	// A ledger hand written the old way, deltas as an array in the order of the places, is refused.
	fx := newLedgerFixtures(t)
	_, out, _ := runCLI(append(fx.args(t, []string{"ledger", "add", "LEDGER", "--drawn"}), "-o", "jsonl"), "")
	old := regexp.MustCompile(`"deltas":\{"E":0,"S":0,"W":0,"N":0\}`).ReplaceAllString(out, `"deltas":[0,0,0,0]`)
	if old == out {
		t.Fatalf("no deltas by seat in:\n%s", out)
	}
	if err := compileSchemas(t)["ledger-add"].Validate(documents(t, FormatJSONL, old)[0]); err == nil {
		t.Errorf("deltas as an array validates against schema/ledger-add.json:\n%s", old)
	}
}

// isSeatObject reports whether schema s (or each non-null variant of it) is an object of the four
// seats.
func isSeatObject(s any) bool {
	m, _ := s.(map[string]any)
	if list, ok := m["anyOf"].([]any); ok {
		for _, v := range list {
			if vm, _ := v.(map[string]any); vm["type"] != "null" && !isSeatObject(v) {
				return false
			}
		}
		return true
	}
	req, _ := m["required"].([]any)
	props, _ := m["properties"].(map[string]any)
	_, north := props["N"]
	// A ledger hand's deltas require E, S and W, and N at a table of four (a three-player game
	// has no North).
	return m["type"] == "object" && (fmt.Sprint(req) == "[E S W N]" || (fmt.Sprint(req) == "[E S W]" && north && len(props) == 4))
}

// An empty game's history is an empty list in every format, never null or left out.
func TestEmptyHistory(t *testing.T) {
	fx := newLedgerFixtures(t)
	for _, args := range [][]string{{"ledger", "show", "EMPTY"}, {"ledger", "new", "DIR/new.jsonl", "--players", "A,B,C,D"}, {"ledger", "export", "EMPTY"}} {
		for format, want := range map[string]string{FormatJSON: "\n  \"history\": [],\n", FormatJSONL: `,"history":[],`, FormatYAML: "\nhistory: []\n"} {
			if args[1] == "export" && format == FormatJSONL { // export -o jsonl writes the record
				continue
			}
			code, out, errOut := runCLI(append(fx.args(t, args), "-o", format), "")
			if code != 0 {
				t.Fatalf("%v -o %s: exit %d: %s", args, format, code, errOut)
			}
			if !strings.Contains(out, want) {
				t.Errorf("%v -o %s: no %q in:\n%s", args, format, want, out)
			}
		}
	}
}

// Every log of the referee's test suite, replayed with the table rules its comments give, prints a
// document of schema/referee.json with no null list.
func TestRefereeLogsMatchSchema(t *testing.T) {
	schemas, raw := compileSchemas(t), schemaJSON(t)
	var paths []string
	for _, pat := range []string{"*.yaml", "*.jsonl", "american/*.yaml", "deburger/*.yaml"} {
		m, _ := filepath.Glob(filepath.Join("..", "referee", "testdata", "logs", pat))
		paths = append(paths, m...)
	}
	if len(paths) < 30 {
		t.Fatalf("found %d logs", len(paths))
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			e := readLogExpect(t, path)
			args := append([]string{"referee", path, "-o", "jsonl"}, e.sets...)
			code, out, errOut := runCLI(args, "")
			if e.badInput != "" {
				// A log that cannot describe a real hand is bad input: the error object.
				if code != ExitInput {
					t.Fatalf("exit %d, want 2: %s", code, out)
				}
				if err := schemas["error"].Validate(documents(t, FormatJSONL, errOut)[0]); err != nil {
					t.Errorf("against schema/error.json: %#v\n%s", err, errOut)
				}
				return
			}
			if code > 1 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			doc := documents(t, FormatJSONL, out)[0]
			if err := schemas["referee"].Validate(doc); err != nil {
				t.Errorf("against schema/referee.json: %#v\n%s", err, out)
			}
			if nulls := nullLists(doc, raw["referee"], "$"); len(nulls) > 0 {
				t.Errorf("null where schema/referee.json has a list: %v", nulls)
			}
		})
	}
}

// The engine's ledger export is the document the command prints.
func TestEngineExportIsTheCommands(t *testing.T) {
	fx := newLedgerFixtures(t)
	for _, file := range []string{"LEDGER", "EMPTY"} {
		path := fx.args(t, []string{file})[0]
		code, want, errOut := runCLI([]string{"ledger", "export", path, "-o", "json"}, "")
		if code != 0 {
			t.Fatalf("export: exit %d: %s", code, errOut)
		}
		l, err := engine.OpenLedger(path)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := l.Export(&got, "json"); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got.String()); diff != "" {
			t.Errorf("%s: engine Export (-command +engine):\n%s", file, diff)
		}
	}
}
