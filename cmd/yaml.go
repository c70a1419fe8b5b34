package cmd

import (
	"io"

	"github.com/mjref/mjref/internal/yamljson"
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

// yamlJSON writes a YAML document as JSON (see yamljson).
type yamlJSON = yamljson.Node
