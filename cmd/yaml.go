package cmd

import (
	"encoding/json"
	"fmt"
	"io"

	"go.yaml.in/yaml/v3"
)

// yamlNode turns v into a YAML document by way of its JSON, so YAML output has the JSON contract's
// field names, values and field order (a JSON object is a YAML mapping read in order).
func yamlNode(v any) (*yaml.Node, error) {
	b, err := marshalDoc(v)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	blockStyle(&doc)
	return &doc, nil
}

// blockStyle drops the flow and quoting styles JSON was read with, so the document is written in
// YAML's block style; a string that would read as another type stays quoted.
func blockStyle(n *yaml.Node) {
	n.Style = 0
	for _, c := range n.Content {
		blockStyle(c)
	}
}

// writeYAML writes v as one YAML document, in JSON's field order.
func writeYAML(w io.Writer, v any) error {
	doc, err := yamlNode(v)
	if err != nil {
		return err
	}
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return err
	}
	return enc.Close()
}

// writeYAMLDoc writes v as one document of a YAML stream: "---" and then the document, so a batch's
// results read as a stream of documents, one per input line.
func writeYAMLDoc(w io.Writer, v any) error {
	if _, err := io.WriteString(w, "---\n"); err != nil {
		return err
	}
	return writeYAML(w, v)
}

// yamlJSON writes a YAML document as JSON: mappings as objects in their order, sequences as arrays,
// scalars as the type YAML reads them as (numbers, booleans, null, strings).
type yamlJSON struct{ n *yaml.Node }

// MarshalJSON implements json.Marshaler.
func (y yamlJSON) MarshalJSON() ([]byte, error) { return appendYAMLJSON(nil, y.n) }

func appendYAMLJSON(b []byte, n *yaml.Node) ([]byte, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return append(b, "null"...), nil
		}
		return appendYAMLJSON(b, n.Content[0])
	case yaml.AliasNode:
		return appendYAMLJSON(b, n.Alias)
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
			if b, err = appendYAMLJSON(b, n.Content[i+1]); err != nil {
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
			if b, err = appendYAMLJSON(b, c); err != nil {
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
