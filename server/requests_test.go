package server_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"testing"

	"github.com/invopop/jsonschema"

	"github.com/mjref/mjref/cmd"
	"github.com/mjref/mjref/server"
)

var update = flag.Bool("update", false, "rewrite requests.json from the request body types")

// requests.json is what the request body types generate now: the schemas /openapi.json gives
// request bodies.
func TestRequestSchemas(t *testing.T) {
	s, err := server.New(server.Options{Addr: "127.0.0.1:0", Ledger: cmd.NewServeLedger("unused.jsonl", nil)})
	if err != nil {
		t.Fatal(err)
	}
	r := &jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true}
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
