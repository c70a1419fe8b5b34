// Package yamljson writes a YAML document as JSON: mappings as objects in their order, sequences
// as arrays, scalars as the type YAML reads them as. `mjref rules show -o json` and the server's
// GET /v1/rulesets/{name} print a ruleset this way, so its keys are the file's own, in its order.
package yamljson

import (
	"encoding/json"
	"fmt"

	"go.yaml.in/yaml/v3"
)

// Node is a YAML node that encoding/json writes as the JSON of the document.
type Node struct{ N *yaml.Node }

// MarshalJSON implements json.Marshaler.
func (y Node) MarshalJSON() ([]byte, error) { return Append(nil, y.N) }

// Append appends the JSON of n to b.
func Append(b []byte, n *yaml.Node) ([]byte, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return append(b, "null"...), nil
		}
		return Append(b, n.Content[0])
	case yaml.AliasNode:
		return Append(b, n.Alias)
	case yaml.MappingNode:
		b = append(b, '{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			if i > 0 {
				b = append(b, ',')
			}
			k, err := json.Marshal(n.Content[i].Value)
			if err != nil {
				return nil, err
			}
			b = append(append(b, k...), ':')
			if b, err = Append(b, n.Content[i+1]); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case yaml.SequenceNode:
		b = append(b, '[')
		for i, c := range n.Content {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = Append(b, c); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return nil, err
	}
	enc, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("line %d: %w", n.Line, err)
	}
	return append(b, enc...), nil
}
