package server

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// The API document keeps the rules redocly's recommended ruleset checks (.ci/run runs redocly
// lint on it too, issue 30 item 8) that can be checked here: servers given, security defined at the
// root, a licence, every $ref resolved within the document (a schema file's $defs are components),
// the cross-site refusal (403) on every request that changes or computes, a non-JSON answer
// described by its media type.
func TestOpenAPILint(t *testing.T) {
	s, err := New(Options{Addr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	for _, token := range []bool{false, true} {
		b, err := buildOpenAPI(s.endpoints(), token)
		if err != nil {
			t.Fatal(err)
		}
		if out := os.Getenv("MJREF_OPENAPI_OUT"); out != "" && !token {
			if err := os.WriteFile(out, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var doc map[string]any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		if s, _ := doc["servers"].([]any); len(s) == 0 {
			t.Error("no servers")
		}
		if _, ok := doc["security"]; !ok {
			t.Error("no security at the root")
		}
		if info, _ := doc["info"].(map[string]any); info["license"] == nil {
			t.Error("no info.license")
		}
		schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
		var walk func(v any, at string)
		walk = func(v any, at string) {
			switch v := v.(type) {
			case map[string]any:
				if r, ok := v["$ref"].(string); ok {
					name, ok := strings.CutPrefix(r, "#/components/schemas/")
					if !ok || schemas[name] == nil {
						t.Errorf("%s: $ref %s does not resolve", at, r)
					}
				}
				for _, k := range []string{"$id", "$defs"} {
					if _, ok := v[k]; ok && strings.HasPrefix(at, "/components/schemas/") {
						t.Errorf("%s: %s in a component (tools resolve references from the document's root)", at, k)
					}
				}
				for k, x := range v {
					walk(x, at+"/"+k)
				}
			case []any:
				for _, x := range v {
					walk(x, at+"[]")
				}
			}
		}
		walk(doc, "")
		for path, item := range doc["paths"].(map[string]any) {
			for method, op := range item.(map[string]any) {
				answers := op.(map[string]any)["responses"].(map[string]any)
				if method != "get" && answers["403"] == nil {
					t.Errorf("%s %s: the cross-site refusal (403) is not documented", method, path)
				}
				ok := answers["200"].(map[string]any)
				if strings.HasSuffix(path, ".svg") {
					if _, svg := ok["content"].(map[string]any)["image/svg+xml"]; !svg || strings.Contains(ok["description"].(string), "json") {
						t.Errorf("%s %s: the 200 answer is not described as image/svg+xml: %v", method, path, ok)
					}
				}
			}
		}
	}
}
