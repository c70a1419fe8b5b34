package cmd

import (
	"bytes"
	"encoding"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/family/riichi"
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

	"github.com/mjref/mjref/internal/yamljson"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/riichilog"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/schema"
	"github.com/mjref/mjref/scoring/hk"
)

// The JSON Schema files under schema/ are generated from the result types each command renders, and
// every command's real output, in every machine format, must validate against them. After changing a
// result type (a new field, a renamed one), regenerate them and review the diff:
//
//	go generate ./cmd
var updateSchema = flag.Bool("update-schema", false, "rewrite ../schema/*.json from the result types")

// The families' own documents, as the families registered give them (engine.Documents).
var (
	scoreDocs, scoreTitles = engine.Documents("score")
	settleDocs, _          = engine.Documents("settle")
)

// orList joins names for a title: "Hong Kong, DeBurger or American".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// schemaDocs are the documents of the contract: each schema file and the Go types whose JSON it
// describes (several: any one of them).
var schemaDocs = []struct {
	name  string
	title string
	types []any
}{
	{"parse", "mjref parse: a hand as mjref read it", []any{handView{}}},
	{"score", "mjref score: a scored hand (" + orList(scoreTitles) + ")", scoreDocs},
	{"score-riichi", "mjref score under a riichi ruleset: yaku, han, fu item by item and points", []any{riichi.Scored{}}},
	{"waits", "mjref waits: shanten, waits and their value", []any{waitsView{}}},
	{"closest", "mjref closest: the card's lines ranked for a hand", []any{closestView{}}},
	{"settle", "mjref settle: who pays whom", append([]any{engine.PaymentsView{}}, settleDocs...)},
	{"referee", "mjref referee: rulings on every event of a hand", []any{engine.RefereeView{}}},
	{"referee-game", "mjref referee on a riichi game log (Tenhou mjlog, tenhou.net/6, mjai): every result as mjref scores and settles it, beside the log's record", []any{riichilog.GameView{}}},
	{"claim", "mjref claim: who takes a discard", []any{engine.ClaimView{}}},
	{"card-list", "mjref card list", []any{cardListView{}}},
	{"card-show", "mjref card show", []any{cardView{}}},
	{"card-check", "mjref card check", []any{cardCheckView{}}},
	{"rules-list", "mjref rules list", []any{rulesListView{}}},
	{"rules-check", "mjref rules check", []any{rulesCheckView{}}},
	{"version", "mjref version", []any{versionInfo{}}},
	{"ledger-show", "mjref ledger show (and new, and export -o json): a game and where it stands", []any{schema.LedgerGame{}}},
	{"ledger-add", "mjref ledger add: the hand recorded, or the verdict on a hand that was not", []any{schema.LedgerAdd{}}},
	{"ledger-undo", "mjref ledger undo: the hand or amend taken back", []any{schema.LedgerUndo{}}},
	{"ledger-amend", "mjref ledger amend: an earlier hand corrected, and every later hand recomputed", []any{schema.LedgerAmend{}}},
	{"ledger-seat", "mjref ledger seat and rename", []any{schema.LedgerSeat{}}},
	{"ledger-summary", "mjref ledger summary: the night in figures", []any{ledger.Summary{}}},
	{"ledger-verify", "mjref ledger verify: every line of the record checked", []any{ledger.Report{}}},
	{"ledger-upgrade", "mjref ledger upgrade", []any{schema.LedgerUpgrade{}}},
	{"ledger-recover", "mjref ledger recover: the file accepted as it is, its head noted anew", []any{ledger.Recovery{}}},
	{"ledger-record", "a line of a ledger file, as mjref ledger export -o jsonl writes it", []any{ledger.RecordLine{}}},
	{"ledger-chart", "mjref ledger chart: the running totals drawn", []any{chartView{}}},
	{"season", "mjref season: the standings across many evenings' ledgers, each verified", []any{engine.SeasonView{}}},
	{"season-seating", "mjref season seating: tables of four over several rounds, with few repeat meetings", []any{engine.SeatingView{}}},
	{"season-chart", "mjref season chart: each player's net after every evening", []any{seasonChartView{}}},
	{"batch-error", "a batch line that could not be handled", []any{batchError{}}},
	{"error", "an error, on standard error with -o json or jsonl: what went wrong and where", []any{schema.Error{}}},
	{"rules-show", "mjref rules show: a ruleset resolved, with the keys its YAML file uses", []any{rulesets.Ruleset{}}},
}

// docOptions are the documents made otherwise than from their types' JSON.
var docOptions = map[string]struct {
	yamlKeys  bool     // the document is a YAML file read as JSON: its keys are the yaml names, none required
	noVersion bool     // the document is a line of a file format of its own, without schema_version
	required  []string // these fields only are required at the top (others are left out where they do not apply)
}{
	"rules-show":    {yamlKeys: true},
	"ledger-record": {noVersion: true, required: []string{"seq", "event"}},
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
	case reflect.TypeFor[schema.ByPlayer]():
		return &jsonschema.Schema{Type: "object", MinProperties: new(uint64(4)), MaxProperties: new(uint64(4)),
			AdditionalProperties: &jsonschema.Schema{Type: "number"}, Description: "an amount for each player at the table, keyed by name"}
	case reflect.TypeFor[schema.ByName]():
		return &jsonschema.Schema{Type: "object", MinProperties: new(uint64(4)),
			AdditionalProperties: &jsonschema.Schema{Type: "number"}, Description: "an amount for each player named, keyed by name: the four at the table, then any who left"}
	case reflect.TypeFor[hk.Reading]():
		s := &jsonschema.Schema{Type: "object", Properties: jsonschema.NewProperties(), Required: []string{"shape", "sets"}, AdditionalProperties: jsonschema.FalseSchema}
		str := &jsonschema.Schema{Type: "string"}
		s.Properties.Set("shape", str)
		s.Properties.Set("sets", &jsonschema.Schema{Type: "array", Items: str})
		s.Properties.Set("pair", str)
		s.Properties.Set("win_in", str)
		return s
	case reflect.TypeFor[scoreView]():
		var any []*jsonschema.Schema
		for _, v := range scoreDocs {
			any = append(any, reflectType(reflect.TypeOf(v)))
		}
		return &jsonschema.Schema{AnyOf: any}
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
	if t == reflect.TypeFor[engine.PaymentsView]() {
		optionalEmbedded(s, t)
	}
	return s
}

// optionalEmbedded makes the fields of an embedded struct pointer optional: encoding/json writes
// none of them when the pointer is nil. Only for the settle view, whose settle.Result is nil for a
// hand that is not a win; a scored hand always has its result.
func optionalEmbedded(s *jsonschema.Schema, t reflect.Type) {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return
	}
	for f := range t.Fields() {
		if !f.Anonymous || f.Type.Kind() != reflect.Pointer || f.Type.Elem().Kind() != reflect.Struct {
			continue
		}
		for g := range f.Type.Elem().Fields() {
			name, _, _ := strings.Cut(g.Tag.Get("json"), ",")
			if name == "" {
				name = g.Name
			}
			s.Required = slices.DeleteFunc(s.Required, func(r string) bool { return r == name })
		}
	}
}

// reflectYAML is the schema of t as YAML writes it, no key required.
func reflectYAML(t reflect.Type) *jsonschema.Schema {
	s := yamlReflector(nil).ReflectFromType(t)
	s.Version, s.ID = "", ""
	walkSchema(s, func(s *jsonschema.Schema) { s.Required = nil })
	return s
}

// yamlReflector reflects types by their yaml names. A value a type reads from text (a faan: 3 or
// limit; beyond: none or a mapping) may be written either way; skip is reflected as a plain struct.
func yamlReflector(skip reflect.Type) *jsonschema.Reflector {
	textUnmarshaler := reflect.TypeFor[encoding.TextUnmarshaler]()
	r := &jsonschema.Reflector{DoNotReference: true, Anonymous: true, FieldNameTag: "yaml"}
	r.Mapper = func(t reflect.Type) *jsonschema.Schema {
		if t == skip || !reflect.PointerTo(t).Implements(textUnmarshaler) {
			return nil
		}
		str := &jsonschema.Schema{Type: "string"}
		switch t.Kind() {
		case reflect.Struct:
			if !hasYAMLTags(t) {
				return str // text only (a game length: 4-rounds): its Go fields are no YAML form
			}
			s := yamlReflector(t).ReflectFromType(t)
			s.Version, s.ID = "", ""
			return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{str, s}}
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
			return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Type: "number"}, str}}
		}
		return str
	}
	return r
}

// hasYAMLTags says whether some field of struct t names itself in YAML: only such a struct has a
// mapping form beside its text (beyond: none, or {double_every: 2}).
func hasYAMLTags(t reflect.Type) bool {
	for f := range t.Fields() {
		if f.IsExported() && f.Tag.Get("yaml") != "" && f.Tag.Get("yaml") != "-" {
			return true
		}
	}
	return false
}

// walkSchema calls fn on s and every schema inside it.
func walkSchema(s *jsonschema.Schema, fn func(*jsonschema.Schema)) {
	if s == nil {
		return
	}
	fn(s)
	if s.Properties != nil {
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			walkSchema(p.Value, fn)
		}
	}
	for _, p := range s.PatternProperties {
		walkSchema(p, fn)
	}
	walkSchema(s.Items, fn)
	walkSchema(s.AdditionalProperties, fn)
	for _, l := range [][]*jsonschema.Schema{s.AnyOf, s.OneOf, s.AllOf, s.PrefixItems} {
		for _, c := range l {
			walkSchema(c, fn)
		}
	}
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
		opt := docOptions[name]
		var s *jsonschema.Schema
		if opt.yamlKeys {
			s = reflectYAML(reflect.TypeOf(v))
			if name == "rules-show" {
				// A family that registers its own section (riichi) adds its key to the ruleset.
				for _, id := range family.IDs() {
					f, _ := family.Lookup(id)
					if sf, ok := f.(family.Sectioned); ok {
						s.Properties.Set(id, reflectYAML(reflect.TypeOf(sf.Section().New()).Elem()))
					}
				}
			}
		} else {
			s = reflectType(reflect.TypeOf(v))
		}
		if opt.required != nil {
			s.Required = opt.required
		}
		if opt.noVersion {
			variants = append(variants, s)
			continue
		}
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
