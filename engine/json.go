package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
)

// SchemaVersion is the version of the JSON contract (schema/), written first in every JSON and YAML
// document mjref prints as "schema_version". It changes only when a field changes meaning or goes
// away; new fields do not change it.
const SchemaVersion = 1

// schemaVersionField is what every document starts with.
const schemaVersionField = `"schema_version":1`

// MarshalDocument encodes v as one JSON document of the contract: an object whose first field is
// schema_version, on one line, HTML characters unescaped. It is what `-o json` (indented), `-o
// jsonl` and the server write.
func MarshalDocument(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return WithSchemaVersion(bytes.TrimSuffix(b.Bytes(), []byte("\n")), 0)
}

// WithSchemaVersion puts schema_version first in the JSON object that starts at b[at:].
func WithSchemaVersion(b []byte, at int) ([]byte, error) {
	if at >= len(b) || b[at] != '{' {
		return nil, fmt.Errorf("render: a document must be a JSON object, not %.20q", b[at:])
	}
	field := schemaVersionField + ","
	if at+1 < len(b) && b[at+1] == '}' {
		field = schemaVersionField
	}
	return slices.Insert(b, at+1, []byte(field)...), nil
}
