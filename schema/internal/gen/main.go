// Command gen writes the JSON Schema files of mjref's contract (schema/*.json) from the document
// types: go generate ./schema runs it after a document changed (a new field, a renamed one); review
// the diff. Its test fails while the committed files differ from what it generates.
package main

import (
	"bytes"
	"encoding"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/invopop/jsonschema"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/family/riichi"
	"github.com/mjref/mjref/internal/filewrite"
	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/riichilog"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/schema"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/hk"
)

func main() {
	dir := flag.String("dir", ".", "the directory the schema files are in (schema/)")
	check := flag.Bool("check", false, "write nothing: exit 1 when a file differs from what the types generate")
	flag.Parse()
	stale, err := generate(*dir, !*check)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
	if *check && len(stale) > 0 {
		fmt.Fprintf(os.Stderr, "gen: not what the document types generate: %s (run go generate ./schema)\n", strings.Join(stale, ", "))
		os.Exit(1)
	}
}

// generate writes (or, with write false, only compares) every schema file in dir, and returns
// the names of the files that were not what the types generate.
func generate(dir string, write bool) (stale []string, err error) {
	for _, d := range schemaDocs {
		want, err := schemaFile(d.name, d.title, d.types)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.name, err)
		}
		path := filepath.Join(dir, d.name+".json")
		// The committed schema this generator wrote, read as any file is (bounded: a schema is
		// well under schemaLimit) and replaced by a rename, never written through a symlink.
		if got, _ := safeio.ReadFile(path, schemaLimit); bytes.Equal(got, want) {
			continue
		}
		stale = append(stale, d.name+".json")
		if write {
			if err := filewrite.Write(path, func(w io.Writer) error { _, err := w.Write(want); return err }); err != nil {
				return nil, err
			}
		}
	}
	return stale, nil
}

// schemaLimit bounds the read of a committed schema (the largest is under 100 KB).
const schemaLimit = 4 << 20

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
	{"parse", "mjref parse: a hand as mjref read it", []any{schema.Parse{}}},
	{"score", "mjref score: a scored hand (" + orList(scoreTitles) + ")", scoreDocs},
	{"score-riichi", "mjref score under a riichi ruleset: yaku, han, fu item by item and points", []any{riichi.Scored{}}},
	{"waits", "mjref waits: shanten, waits and their value", []any{engine.WaitsView{}}},
	{"closest", "mjref closest: the card's lines ranked for a hand", []any{engine.ClosestView{}}},
	{"settle", "mjref settle: who pays whom", append([]any{engine.PaymentsView{}}, settleDocs...)},
	{"referee", "mjref referee: rulings on every event of a hand", []any{engine.RefereeView{}}},
	{"referee-game", "mjref referee on a riichi game log (Tenhou mjlog, tenhou.net/6, mjai): every result as mjref scores and settles it, beside the log's record", []any{riichilog.GameView{}}},
	{"claim", "mjref claim: who takes a discard", []any{engine.ClaimView{}}},
	{"card-list", "mjref card list", []any{schema.CardList{}}},
	{"card-show", "mjref card show", []any{schema.CardShow{}}},
	{"card-check", "mjref card check", []any{schema.CardCheck{}}},
	{"rules-list", "mjref rules list", []any{schema.RulesList{}}},
	{"rules-check", "mjref rules check", []any{schema.RulesCheck{}}},
	{"version", "mjref version", []any{schema.VersionInfo{}}},
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
	{"ledger-chart", "mjref ledger chart: the running totals drawn", []any{schema.Chart{}}},
	{"season", "mjref season: the standings across many evenings' ledgers, each verified", []any{engine.SeasonView{}}},
	{"season-seating", "mjref season seating: tables of four over several rounds, with few repeat meetings", []any{engine.SeatingView{}}},
	{"season-chart", "mjref season chart: each player's net after every evening", []any{engine.SeasonChartView{}}},
	{"batch-error", "a batch line that could not be handled", []any{schema.BatchError{}}},
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

// defs are the closed sets of values the documents share: each schema file that holds one has it
// under $defs and refers to it by $ref, so a client generated from the schemas gets a type for it.
func defs() map[string]*jsonschema.Schema {
	enum := func(values []string) []any {
		out := make([]any, len(values))
		for i, v := range values {
			out[i] = v
		}
		return out
	}
	var tiles []string
	for t := notation.Tile(1); t.Valid(); t++ {
		tiles = append(tiles, t.String())
	}
	return map[string]*jsonschema.Schema{
		"seat": {Type: "string", Enum: enum([]string{"E", "S", "W", "N", "-"}), Examples: []any{"E", "N"},
			Description: "a seat, or a wind (the prevailing wind, a seat's wind): E, S, W, N; - for none"},
		"win": {Type: "string", Enum: enum(scoring.WinKinds()), Examples: []any{"discard", "self-draw"},
			Description: "how the winning tile came"},
		"tile": {Type: "string", Enum: enum(tiles), Examples: []any{"5m", "7z", "1f"},
			Description: "a tile in notation: 1m..9m, 1p..9p, 1s..9s, 1z..7z (E S W N White Green Red), bonus tiles, J a joker"},
		"situation-win": {Type: "string", Enum: enum(append(append(scoring.WinKinds(), "none"), family.WinWordNames()...)), Examples: []any{"discard", "self-draw", "ron"},
			Description: "how the hand was won, as its situation names it: a win kind, a family's own word (riichi: ron, tsumo, ...), or none (a DeBurger non-winner)"},
		"family": {Type: "string", Enum: enum(family.IDs()), Examples: []any{"hk"},
			Description: "a rule family"},
	}
}

// seatNamed are the documents whose people are seats, not players' names (as a ledger's are):
// in them a string property named seat, discarder, offender or responsible is a seat, and win is
// how the hand was won.
var seatNamed = map[string]bool{"settle": true}

// seatsByName refers the seat-valued and win-valued string properties of s to their definitions.
func seatsByName(s *jsonschema.Schema) {
	walkSchema(s, func(s *jsonschema.Schema) {
		if s.Properties == nil {
			return
		}
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			if p.Value.Type != "string" || p.Value.Enum != nil {
				continue
			}
			switch p.Key {
			case "seat", "discarder", "offender", "responsible":
				p.Value = ref("seat")
			case "win":
				p.Value = ref("situation-win")
			}
		}
	})
}

// ref is a reference to the definition name (see defs).
func ref(name string) *jsonschema.Schema { return &jsonschema.Schema{Ref: "#/$defs/" + name} }

// withDefs puts under top's $defs the definitions that top refers to, and refers to the family
// definition from every property named family (a family's id wherever a document names one).
func withDefs(top *jsonschema.Schema) {
	all := defs()
	used := map[string]bool{}
	walkSchema(top, func(s *jsonschema.Schema) {
		if s.Properties != nil {
			if p, ok := s.Properties.Get("family"); ok && p.Type == "string" {
				s.Properties.Set("family", ref("family"))
			}
		}
		if name, ok := strings.CutPrefix(s.Ref, "#/$defs/"); ok {
			used[name] = true
		}
	})
	for name := range all {
		if used[name] {
			if top.Definitions == nil {
				top.Definitions = jsonschema.Definitions{}
			}
			top.Definitions[name] = all[name]
		}
	}
}

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
	case reflect.TypeFor[notation.Seat]():
		return ref("seat")
	case reflect.TypeFor[scoring.WinKind]():
		return ref("win")
	case reflect.TypeFor[notation.Tile]():
		return ref("tile")
	case reflect.TypeFor[settle.Amount](), reflect.TypeFor[ledger.Amount](), reflect.TypeFor[json.Number]():
		return &jsonschema.Schema{Type: "number"}
	case reflect.TypeFor[time.Time]():
		return &jsonschema.Schema{Type: "string", Format: "date-time"}
	case reflect.TypeFor[settle.Deltas]():
		return seats("number")
	case reflect.TypeFor[schema.SeatAmounts]():
		d := seats("number")
		d.Required = []string{"E", "S", "W"} // N too at a table of four; a three-player game has none
		return d
	case reflect.TypeFor[family.SeatInts]():
		return seats("integer")
	case reflect.TypeFor[family.TableInts]():
		d := seats("integer")
		d.Required = []string{"E", "S", "W"} // N too at a table of four; a three-player game has none
		return d
	case reflect.TypeFor[schema.ByPlayer]():
		return &jsonschema.Schema{Type: "object", MinProperties: new(uint64(3)), MaxProperties: new(uint64(4)),
			AdditionalProperties: &jsonschema.Schema{Type: "number"}, Description: "an amount for each player at the table, keyed by name (three in a three-player game)"}
	case reflect.TypeFor[schema.ByName]():
		return &jsonschema.Schema{Type: "object", MinProperties: new(uint64(3)),
			AdditionalProperties: &jsonschema.Schema{Type: "number"}, Description: "an amount for each player named, keyed by name: the four (or three) at the table, then any who left"}
	case reflect.TypeFor[ledger.Places]():
		return &jsonschema.Schema{Type: "array", Items: &jsonschema.Schema{Type: "string"}, MinItems: new(uint64(3)), MaxItems: new(uint64(4)),
			Description: "the players at the places, East first for the first hand (three in a three-player game)"}
	case reflect.TypeFor[ledger.PlaceSeats]():
		return &jsonschema.Schema{Type: "array", Items: ref("seat"), MinItems: new(uint64(3)), MaxItems: new(uint64(4)),
			Description: "the seat wind of each place (three in a three-player game)"}
	case reflect.TypeFor[family.SituationView]():
		// The situation's seats and winds and its win are closed sets, though written as strings.
		s := &jsonschema.Schema{Type: "object", Properties: jsonschema.NewProperties(), Required: []string{"seat", "prevailing", "win"}, AdditionalProperties: jsonschema.FalseSchema}
		s.Properties.Set("seat", ref("seat"))
		s.Properties.Set("prevailing", ref("seat"))
		s.Properties.Set("win", ref("situation-win"))
		s.Properties.Set("discarder", ref("seat"))
		s.Properties.Set("last_tile", &jsonschema.Schema{Type: "boolean"})
		s.Properties.Set("loser", &jsonschema.Schema{Type: "boolean"})
		for i := range t.NumField() {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
			if _, ok := s.Properties.Get(name); !ok {
				panic("schema: family.SituationView has a field " + name + " the schema does not describe")
			}
		}
		return s
	case reflect.TypeFor[hk.Reading]():
		s := &jsonschema.Schema{Type: "object", Properties: jsonschema.NewProperties(), Required: []string{"shape", "sets"}, AdditionalProperties: jsonschema.FalseSchema}
		str := &jsonschema.Schema{Type: "string"}
		s.Properties.Set("shape", str)
		s.Properties.Set("sets", &jsonschema.Schema{Type: "array", Items: str})
		s.Properties.Set("pair", str)
		s.Properties.Set("win_in", str)
		return s
	case reflect.TypeFor[schema.Score]():
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
				// Each family's section is a key of the ruleset, after its description, in the
				// order the families are registered.
				props := jsonschema.NewProperties()
				for p := s.Properties.Oldest(); p != nil; p = p.Next() {
					props.Set(p.Key, p.Value)
					if p.Key != "description" {
						continue
					}
					for _, f := range engine.Families() {
						if sf, ok := f.(family.Sectioned); ok {
							props.Set(f.ID(), reflectYAML(reflect.TypeOf(sf.Section().New()).Elem()))
						}
					}
				}
				s.Properties = props
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
		props.Set("schema_version", &jsonschema.Schema{Const: schema.Version, Description: "the version of the JSON contract"})
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
	if seatNamed[name] {
		seatsByName(top)
	}
	withDefs(top)
	b, err := json.MarshalIndent(top, "", "  ")
	return append(b, '\n'), err
}
