package server_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"testing"

	"github.com/invopop/jsonschema"

	"github.com/mjref/mjref/family"
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

var update = flag.Bool("update", false, "rewrite requests.json from the request body types")

// requests.json is what the request body types generate now: the schemas /openapi.json gives
// request bodies.
func TestRequestSchemas(t *testing.T) {
	s, err := server.New(server.Options{Addr: "127.0.0.1:0", Ledger: openLedger(t, newLedger(t, t.TempDir()))})
	if err != nil {
		t.Fatal(err)
	}
	r := &jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true, Mapper: numberSchemas}
	all := map[string]*jsonschema.Schema{}
	for _, v := range s.RequestBodies() {
		sc := r.ReflectFromType(reflect.TypeOf(v))
		sc.Version, sc.ID = "", ""
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
