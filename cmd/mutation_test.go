package cmd

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Every settle document, changed in one place to a value of another type, fails schema/settle.json:
// the schema types every field, the scored hand it embeds too (it was "score": true, which took
// anything: issue 30 item 1).
func TestSettleSchemaCatchesEveryTypeMutation(t *testing.T) {
	schemas := compileSchemas(t)
	fx := newLedgerFixtures(t)
	mutations, caught := 0, 0
	for _, c := range outputCases() {
		if c.schema != "settle" {
			continue
		}
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(append(fx.args(t, c.args), "-o", FormatJSON), c.stdin)
			if code > 1 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			doc := documents(t, FormatJSON, out)[0]
			for _, m := range typeMutations(doc, "$") {
				mutations++
				if err := schemas["settle"].Validate(m.doc); err == nil {
					t.Errorf("%s: %s for %s validates", m.path, m.to, m.from)
				} else {
					caught++
				}
			}
		})
	}
	if mutations < 100 {
		t.Errorf("%d mutations: the settle documents are smaller than they should be", mutations)
	}
	t.Logf("%d of %d type mutations caught", caught, mutations)
}

// mutation is a document changed in one place.
type mutation struct {
	path, from, to string
	doc            any
}

// typeMutations are the copies of doc (a generic JSON value, as documents gives it) with one value
// replaced by a value of another JSON type: a string by a number, a number by a string, a boolean
// by a string, an object by an array and an array by an object. Nulls are left alone.
func typeMutations(doc any, path string) []mutation {
	var out []mutation
	if other, from, to := otherType(doc); other != nil {
		out = append(out, mutation{path, from, to, other})
	}
	switch v := doc.(type) {
	case map[string]any:
		for k, x := range v {
			for _, m := range typeMutations(x, path+"."+k) {
				c := make(map[string]any, len(v))
				for k2, x2 := range v {
					c[k2] = x2
				}
				c[k] = m.doc
				m.doc = c
				out = append(out, m)
			}
		}
	case []any:
		for i, x := range v {
			for _, m := range typeMutations(x, fmt.Sprintf("%s[%d]", path, i)) {
				c := append([]any(nil), v...)
				c[i] = m.doc
				m.doc = c
				out = append(out, m)
			}
		}
	}
	return out
}

// otherType is a value of another JSON type than v, and the names of both types.
func otherType(v any) (other any, from, to string) {
	switch v.(type) {
	case string:
		return json.Number("1"), "a string", "a number"
	case json.Number, float64:
		return "1", "a number", "a string"
	case bool:
		return "true", "a boolean", "a string"
	case map[string]any:
		return []any{}, "an object", "an array"
	case []any:
		return map[string]any{}, "an array", "an object"
	}
	return nil, "", ""
}
