package cmd

import (
	"bytes"
	"encoding"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/mjref/mjref/family"
	amfamily "github.com/mjref/mjref/family/american"
	"github.com/mjref/mjref/family/deburger"
	"github.com/mjref/mjref/family/hongkong"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/invopop/jsonschema"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/schema"
	"github.com/mjref/mjref/scoring/hk"
)

// The JSON Schema files under schema/ are generated from the result types each command renders, and
// every command's real output, in every machine format, must validate against them. After changing a
// result type (a new field, a renamed one), regenerate them and review the diff:
//
//	go generate ./cmd
var updateSchema = flag.Bool("update-schema", false, "rewrite ../schema/*.json from the result types")

// schemaDocs are the documents of the contract: each schema file and the Go types whose JSON it
// describes (several: any one of them).
var schemaDocs = []struct {
	name  string
	title string
	types []any
}{
	{"parse", "mjref parse: a hand as mjref read it", []any{handView{}}},
	{"score", "mjref score: a scored hand (Hong Kong, DeBurger or American)", []any{hongkong.Scored{}, deburger.Scored{}, amfamily.Scored{}}},
	{"waits", "mjref waits: shanten, waits and their value", []any{waitsView{}}},
	{"closest", "mjref closest: the card's lines ranked for a hand", []any{closestView{}}},
	{"settle", "mjref settle: who pays whom", []any{family.PaymentsView{}, deburger.SettleView{}}},
	{"referee", "mjref referee: rulings on every event of a hand", []any{refereeView{}}},
	{"claim", "mjref claim: who takes a discard", []any{claimView{}}},
	{"card-list", "mjref card list", []any{cardListView{}}},
	{"card-show", "mjref card show", []any{cardView{}}},
	{"card-check", "mjref card check", []any{cardCheckView{}}},
	{"rules-list", "mjref rules list", []any{rulesListView{}}},
	{"rules-check", "mjref rules check", []any{rulesCheckView{}}},
	{"version", "mjref version", []any{versionInfo{}}},
	{"ledger-show", "mjref ledger show", []any{showView{}}},
	{"ledger-add", "mjref ledger add (and new, join, leave)", []any{addView{}}},
	{"ledger-chart", "mjref ledger chart: the running totals drawn", []any{chartView{}}},
	{"batch-error", "a batch line that could not be handled", []any{batchError{}}},
	{"error", "an error, on standard error with -o json or jsonl: what went wrong and where", []any{schema.Error{}}},
}

var (
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
)

// customSchema is the schema of a type that writes its own JSON, or nil for a type reflected as is.
func customSchema(t reflect.Type) *jsonschema.Schema {
	seats := func(typ string) *jsonschema.Schema {
		s := &jsonschema.Schema{Type: "object", Properties: jsonschema.NewProperties(), Required: []string{"E", "S", "W", "N"}, AdditionalProperties: jsonschema.FalseSchema}
		for _, k := range []string{"E", "S", "W", "N"} {
			s.Properties.Set(k, &jsonschema.Schema{Type: typ})
		}
		return s
	}
	switch t {
	case reflect.TypeFor[settle.Amount](), reflect.TypeFor[ledger.Amount](), reflect.TypeFor[json.Number]():
		return &jsonschema.Schema{Type: "number"}
	case reflect.TypeFor[time.Time]():
		return &jsonschema.Schema{Type: "string", Format: "date-time"}
	case reflect.TypeFor[settle.Deltas]():
		return seats("number")
	case reflect.TypeFor[family.SeatInts]():
		return seats("integer")
	case reflect.TypeFor[hk.Reading]():
		s := &jsonschema.Schema{Type: "object", Properties: jsonschema.NewProperties(), Required: []string{"shape", "sets"}, AdditionalProperties: jsonschema.FalseSchema}
		str := &jsonschema.Schema{Type: "string"}
		s.Properties.Set("shape", str)
		s.Properties.Set("sets", &jsonschema.Schema{Type: "array", Items: str})
		s.Properties.Set("pair", str)
		s.Properties.Set("win_in", str)
		return s
	case reflect.TypeFor[scoreView]():
		return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{reflectType(reflect.TypeFor[hongkong.Scored]()), reflectType(reflect.TypeFor[deburger.Scored]()), reflectType(reflect.TypeFor[amfamily.Scored]())}}
	}
	if t.Implements(jsonMarshaler) || reflect.PointerTo(t).Implements(jsonMarshaler) {
		panic(fmt.Sprintf("schema: %s writes its own JSON: describe it in customSchema", t))
	}
	if t.Implements(textMarshaler) || reflect.PointerTo(t).Implements(textMarshaler) {
		return &jsonschema.Schema{Type: "string"}
	}
	return nil
}

// reflectType is the schema of t, every definition inline, pointer fields nullable.
func reflectType(t reflect.Type) *jsonschema.Schema {
	r := &jsonschema.Reflector{DoNotReference: true, Anonymous: true, Mapper: customSchema}
	s := r.ReflectFromType(t)
	s.Version, s.ID = "", ""
	nullable(s, t)
	return s
}

// nullable lets every field that encoding/json may write as null (a nil pointer without omitempty)
// be null; a nil slice or map stays an error, so empty lists are written [] as the contract says.
func nullable(s *jsonschema.Schema, t reflect.Type) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if s == nil || customSchema(t) != nil {
		return
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		nullable(s.Items, t.Elem())
	case reflect.Map:
		nullable(s.AdditionalProperties, t.Elem())
		for _, p := range s.PatternProperties {
			nullable(p, t.Elem())
		}
	case reflect.Struct:
		if s.Properties == nil {
			return
		}
		for _, f := range reflect.VisibleFields(t) {
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" || f.Anonymous && name == "" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			p, ok := s.Properties.Get(name)
			if !ok {
				continue
			}
			nullable(p, f.Type)
			if f.Type.Kind() == reflect.Pointer && !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") {
				s.Properties.Set(name, &jsonschema.Schema{AnyOf: []*jsonschema.Schema{p, {Type: "null"}}})
			}
		}
	}
}

// schemaFile is the schema file of one document: any of its types, with schema_version first.
func schemaFile(name, title string, types []any) ([]byte, error) {
	top := &jsonschema.Schema{
		Version: "https://json-schema.org/draft/2020-12/schema",
		ID:      jsonschema.ID("https://github.com/mjref/mjref/schema/" + name + ".json"),
		Title:   title,
	}
	var variants []*jsonschema.Schema
	for _, v := range types {
		s := reflectType(reflect.TypeOf(v))
		props := jsonschema.NewProperties()
		props.Set("schema_version", &jsonschema.Schema{Const: SchemaVersion, Description: "the version of the JSON contract"})
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			if p.Key != "schema_version" { // a type that writes it itself (schema.Error)
				props.Set(p.Key, p.Value)
			}
		}
		s.Properties = props
		s.Required = append([]string{"schema_version"}, slices.DeleteFunc(s.Required, func(r string) bool { return r == "schema_version" })...)
		variants = append(variants, s)
	}
	if len(variants) == 1 {
		v := variants[0]
		v.Version, v.ID, v.Title = top.Version, top.ID, top.Title
		top = v
	} else {
		top.AnyOf = variants
	}
	b, err := json.MarshalIndent(top, "", "  ")
	return append(b, '\n'), err
}

// The committed schema files are what the result types generate now.
func TestSchemaFiles(t *testing.T) {
	for _, d := range schemaDocs {
		want, err := schemaFile(d.name, d.title, d.types)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("..", "schema", d.name+".json")
		if *updateSchema {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("schema/%s.json is not what the result types generate: run go generate ./cmd and review the diff", d.name)
		}
	}
}

// compileSchemas compiles every file under schema/.
func compileSchemas(t *testing.T) map[string]*sjs.Schema {
	t.Helper()
	c := sjs.NewCompiler()
	out := map[string]*sjs.Schema{}
	for _, d := range schemaDocs {
		path, _ := filepath.Abs(filepath.Join("..", "schema", d.name+".json"))
		s, err := c.Compile(path)
		if err != nil {
			t.Fatalf("schema/%s.json: %v", d.name, err)
		}
		out[d.name] = s
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

// Every command's output, in every machine format and in batches, validates against its schema.
func TestOutputsMatchSchema(t *testing.T) {
	schemas := compileSchemas(t)
	dir := t.TempDir()
	led := filepath.Join(dir, "evening.jsonl")
	if code, _, errOut := runCLI([]string{"ledger", "new", led, "--players", "Ann,Bo,Cy,Di"}, ""); code != 0 {
		t.Fatalf("ledger new: exit %d: %s", code, errOut)
	}
	for _, add := range [][]string{{"--winner", "Bo", "--faan", "5", "--discarder", "Cy"}, {"--drawn"}} {
		code, out, errOut := runCLI(append([]string{"ledger", "add", led, "-o", "json"}, add...), "")
		if code != 0 {
			t.Fatalf("ledger add: exit %d: %s", code, errOut)
		}
		for _, doc := range documents(t, FormatJSON, out) {
			if err := schemas["ledger-add"].Validate(doc); err != nil {
				t.Errorf("ledger add %v against schema/ledger-add.json: %#v\n%s", add, err, out)
			}
		}
	}
	emptyLed := filepath.Join(dir, "empty.jsonl")
	if code, _, errOut := runCLI([]string{"ledger", "new", emptyLed, "--players", "Ann,Bo,Cy,Di"}, ""); code != 0 {
		t.Fatalf("ledger new: exit %d: %s", code, errOut)
	}
	tests := []struct {
		schema string
		args   []string
		stdin  string
	}{
		{"parse", []string{"parse", "E E E Rd Rd 123s+4s [555p@W] (7777m) 2f* f"}, ""},
		{"parse", []string{"parse", "123m456p789s11z"}, ""},
		{"score", []string{"score", "123m456p789s111z55z", "--win", "self-draw"}, ""},
		{"score", []string{"score", "19m19p19s1234567z+1z"}, ""},
		{"score", []string{"score", "123m456m789m222z11p"}, ""},
		{"score", []string{"score", "1133557799m11p11s", "--rules", "hk-oldstyle"}, ""},
		{"score", []string{"score", "123m456m789p111z55s", "--rules", "deburger-2026", "--win", "self-draw"}, ""},
		{"score", []string{"score", "123m456m789p111z5s", "--rules", "deburger-2026", "--loser"}, ""},
		{"score", []string{"score", "NN 2026m SS 666p 666s", "--rules", "american"}, ""},
		{"score", []string{"score", "NN 2026m SS 666p 665s", "--rules", "american"}, ""},
		{"waits", []string{"waits", "1112345678999m"}, ""},
		{"waits", []string{"waits", "123m456p789s11z459s"}, ""},
		{"waits", []string{"waits", "123m456p789s11z45s", "--rules", "deburger-2026"}, ""},
		{"closest", []string{"closest", "NN 2026m SS 666p 66s", "--rules", "american", "--top", "3"}, ""},
		{"settle", []string{"settle", "--faan", "6", "--winner", "S", "--discarder", "W"}, ""},
		{"settle", []string{"settle", "[555z] [666z] [777z@E] 123m 9p+9p", "--seat", "N", "--win", "self-draw"}, ""},
		{"settle", []string{"settle", "--drawn"}, ""},
		{"settle", []string{"settle", "--rules", "deburger-2026", "--hand", "E=123m456m789p111z55s", "--hand", "S=123m456p777z99p5m8s", "--hand", "W=123m456p777z99p5m8s 3f*", "--hand", "N=13579m2468p1357s", "--mahjong", "E", "--win", "self-draw", "--totals", "E=8000,S=9000,W=500,N=0"}, ""},
		{"referee", []string{"referee", "../examples/responsibility.yaml"}, ""},
		{"referee", []string{"referee", "../examples/issue-example.yaml"}, ""},
		{"claim", []string{"claim", "--discarder", "W", "--tile", "5p", "--claims", "S win, N pong, E win", "--hand", "S=123m456p789s11z46p", "--hand", "E=11z123m456s789s46p"}, ""},
		{"card-check", []string{"card", "check", "sample-2026"}, ""},
		{"card-list", []string{"card", "list"}, ""},
		{"card-show", []string{"card", "show", "sample-2026"}, ""},
		{"rules-list", []string{"rules", "list"}, ""},
		{"rules-check", []string{"rules", "check", "../rulesets/builtin/hk-oldstyle.yaml"}, ""},
		{"version", []string{"version"}, ""},
		{"ledger-show", []string{"ledger", "show", emptyLed}, ""},
		{"ledger-show", []string{"ledger", "show", led}, ""},
		{"ledger-chart", []string{"ledger", "chart", led}, ""},
		{"ledger-chart", []string{"ledger", "chart", emptyLed}, ""},
		{"ledger-chart", []string{"ledger", "chart", led, "--out", filepath.Join(dir, "c.svg")}, ""},
	}
	batches := []struct {
		schema string
		args   []string
		stdin  string
	}{
		{"score", []string{"score", "-"}, "123m456p789s111z55z\n{\"hand\": \"123m456m789m222z11p\", \"win\": \"self-draw\"}\n123m45x\n"},
		{"waits", []string{"waits", "-"}, "1112345678999m\n123m456p789s11z459s\n123m\n"},
		{"parse", []string{"parse", "-"}, "123m456p789s11z [555p]\n19m19p19s1234567z\n123x\n"},
		{"closest", []string{"closest", "-", "--rules", "american", "--top", "1"}, "NN 2026m SS 666p 66s\nff 2222m 44m 666p 8p J\n"},
	}
	validate := func(t *testing.T, schema string, format, out string) {
		for i, doc := range documents(t, format, out) {
			name := schema
			if m, ok := doc.(map[string]any); ok && m["error"] != nil && m["input_line"] != nil {
				name = "batch-error"
			}
			if err := schemas[name].Validate(doc); err != nil {
				t.Errorf("document %d against schema/%s.json: %#v\n%s", i+1, name, err, out)
			}
		}
	}
	for _, tt := range tests {
		for _, format := range []string{FormatJSON, FormatJSONL, FormatYAML} {
			t.Run(strings.Join(tt.args, " ")+" -o "+format, func(t *testing.T) {
				code, out, errOut := runCLI(append(tt.args, "-o", format), tt.stdin)
				if code > 1 {
					t.Fatalf("exit %d: %s", code, errOut)
				}
				validate(t, tt.schema, format, out)
			})
		}
	}
	for _, tt := range batches {
		for _, format := range []string{FormatJSON, FormatJSONL, FormatYAML} {
			t.Run(strings.Join(tt.args, " ")+" -o "+format, func(t *testing.T) {
				code, out, errOut := runCLI(append(tt.args, "-o", format), tt.stdin)
				if code == ExitBug {
					t.Fatalf("exit %d: %s", code, errOut)
				}
				if format == FormatJSON {
					format = FormatJSONL // a batch writes JSON Lines for -o json too
				}
				validate(t, tt.schema, format, out)
			})
		}
	}
}

// The schemas are strict enough to fail: an unknown field, a wrong type, a missing schema_version,
// a null list.
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
	badLedger := write("bad.jsonl", `{"seq":1,"event":"new"}`+"\n")
	badCard := write("bad-card.yaml", "name: bad\nyear: 2026\nlines:\n  - id: R1\n    pattern: \"XXXX+9a\"\n    value: 25\n")
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
		{"bad log", []string{"referee", badLog}, map[string]any{"code": 2, "line": 4, "event": 1, "hint": nil}},
		{"bad ledger", []string{"ledger", "show", badLedger}, map[string]any{"code": 2, "file": badLedger, "line": 1, "hint": nil}},
		{"no ledger", []string{"ledger", "show", filepath.Join(dir, "none.jsonl")}, map[string]any{"code": 2, "hint": nil}},
		{"bad card", []string{"card", "check", badCard}, map[string]any{"code": 2, "file": badCard, "line": 1, "problems": nil}},
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
