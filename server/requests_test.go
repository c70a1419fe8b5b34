package server_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/schema"
	"github.com/mjref/mjref/server"
)

// numberSchemas are the schemas of the request fields that read a count or an amount from a JSON
// number or a string (family.NumberText, Whole, Amounts, SetValues): oneOf integer or string.
func numberSchemas(t reflect.Type) *jsonschema.Schema {
	number := func() *jsonschema.Schema {
		return &jsonschema.Schema{OneOf: []*jsonschema.Schema{{Type: "integer"}, {Type: "string"}}}
	}
	switch t {
	case reflect.TypeFor[family.NumberText]():
		return number()
	case reflect.TypeFor[family.Whole]():
		return &jsonschema.Schema{OneOf: []*jsonschema.Schema{{Type: "integer"}, {Type: "string", Pattern: "^-?[0-9]+$"}}}
	case reflect.TypeFor[family.Amounts]():
		return &jsonschema.Schema{OneOf: []*jsonschema.Schema{
			{Type: "array", Items: &jsonschema.Schema{Type: "string"}},
			{Type: "object", AdditionalProperties: number()},
		}}
	case reflect.TypeFor[family.SetValues]():
		return &jsonschema.Schema{Type: "object", AdditionalProperties: &jsonschema.Schema{OneOf: []*jsonschema.Schema{{Type: "string"}, {Type: "number"}, {Type: "boolean"}}}}
	}
	return nil
}

// answerSchemas maps the notation types of an answer to the contract's definitions.
func answerSchemas(t reflect.Type) *jsonschema.Schema {
	switch t {
	case reflect.TypeFor[notation.Tile]():
		return &jsonschema.Schema{Ref: "#/components/schemas/tile"}
	case reflect.TypeFor[notation.Seat]():
		return &jsonschema.Schema{Ref: "#/components/schemas/seat"}
	}
	return numberSchemas(t)
}

// situationFields are the fields a score request reads beyond its own, as struct fields: the
// situation fields the families declare (engine.ScoreRequest.Extra).
func situationFields(t reflect.Type) []reflect.StructField {
	if t != reflect.TypeFor[engine.ScoreRequest]() {
		return nil
	}
	var out []reflect.StructField
	for _, f := range family.SituationFields() {
		ft := reflect.TypeFor[string]()
		switch f.Kind {
		case family.FieldFlag:
			ft = reflect.TypeFor[bool]()
		case family.FieldCount:
			ft = reflect.TypeFor[int]()
		}
		out = append(out, reflect.StructField{Name: "X" + strings.ReplaceAll(f.JSONName(), "_", ""), Type: ft,
			Tag: reflect.StructTag(`json:"` + f.JSONName() + `,omitempty"`)})
	}
	return out
}

var update = flag.Bool("update", false, "rewrite requests.json from the request body types")

// requests.json is what the request body types generate now: the schemas /openapi.json gives
// request bodies.
func TestRequestSchemas(t *testing.T) {
	s, err := server.New(server.Options{Addr: "127.0.0.1:0", Ledger: openLedger(t, newLedger(t, t.TempDir()))})
	if err != nil {
		t.Fatal(err)
	}
	r := &jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true, Mapper: numberSchemas, AdditionalFields: situationFields}
	all := map[string]*jsonschema.Schema{}
	for _, v := range s.RequestBodies() {
		sc := r.ReflectFromType(reflect.TypeOf(v))
		sc.Version, sc.ID = "", ""
		all[server.RequestName(v)] = sc
	}
	// The answers are written as documents are (schema_version first), their tiles and seats in
	// notation: they refer to the contract's definitions (components of /openapi.json).
	answers := &jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true, Mapper: answerSchemas}
	for _, v := range s.AnswerBodies() {
		sc := answers.ReflectFromType(reflect.TypeOf(v))
		sc.Version, sc.ID = "", ""
		props := jsonschema.NewProperties()
		props.Set("schema_version", &jsonschema.Schema{Const: schema.Version, Description: "the version of the JSON contract"})
		for p := sc.Properties.Oldest(); p != nil; p = p.Next() {
			props.Set(p.Key, p.Value)
		}
		sc.Properties = props
		// The fields of an embedded pointer (Previewed's *engine.Preview) are left out when it
		// is nil (a hand with a problem): they are not required.
		optional := map[string]bool{}
		t := reflect.TypeOf(v)
		for i := range t.NumField() {
			if f := t.Field(i); f.Anonymous && f.Type.Kind() == reflect.Pointer {
				for j := range f.Type.Elem().NumField() {
					name, _, _ := strings.Cut(f.Type.Elem().Field(j).Tag.Get("json"), ",")
					optional[name] = true
				}
			}
		}
		sc.Required = append([]string{"schema_version"}, slices.DeleteFunc(sc.Required, func(n string) bool { return optional[n] })...)
		all[server.RequestName(v)] = sc
	}
	want, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if *update {
		if err := os.WriteFile("requests.json", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile("requests.json")
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("requests.json is not what the request types generate: run go test ./server -run TestRequestSchemas -update and review the diff")
	}
}
