package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// versionField is what every document starts with.
var versionField = `"schema_version":` + strconv.Itoa(Version)

// Marshal encodes v as one JSON document of the contract: an object whose first field is
// schema_version, on one line, HTML characters unescaped. `-o json` indents it, `-o jsonl` writes
// it as a line, and the server answers with it.
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return WithVersion(bytes.TrimSuffix(b.Bytes(), []byte("\n")), 0)
}

// MarshalIndent is Marshal indented by two spaces with a newline at the end: what `-o json` prints.
func MarshalIndent(v any) ([]byte, error) {
	b, err := Marshal(v)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// WithVersion puts schema_version first in the JSON object that starts at b[at:], unless it is
// there already.
func WithVersion(b []byte, at int) ([]byte, error) {
	if at >= len(b) || b[at] != '{' {
		return nil, fmt.Errorf("render: a document must be a JSON object, not %.20q", b[at:])
	}
	if bytes.HasPrefix(b[at+1:], []byte(`"schema_version":`)) {
		return b, nil
	}
	field := versionField + ","
	if at+1 < len(b) && b[at+1] == '}' {
		field = versionField
	}
	return slices.Insert(b, at+1, []byte(field)...), nil
}
