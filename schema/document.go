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

// Appender is a value that writes its own JSON object, byte for byte as encoding/json writes it
// (HTML characters unescaped), without reflection: a Hong Kong or DeBurger scored hand.
type Appender interface {
	AppendJSON(b []byte) []byte
}

// AppendJSON appends v's JSON, on one line, without schema_version: with v's own AppendJSON when
// it is an Appender, else encoded by encoding/json (HTML characters unescaped) straight after b.
// On an error b is returned as it came.
func AppendJSON(b []byte, v any) ([]byte, error) {
	if a, ok := v.(Appender); ok {
		return a.AppendJSON(b), nil
	}
	w := bytes.NewBuffer(b)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return b, err
	}
	return bytes.TrimSuffix(w.Bytes(), []byte("\n")), nil
}

// AppendDoc appends v as one document of the contract, on one line (what Marshal writes), to b.
// schema_version is written first and v's own opening brace turned into the comma after it,
// rather than put in afterwards by moving the whole document. On an error b is returned as it
// came.
func AppendDoc(b []byte, v any) ([]byte, error) {
	return AppendDocWith(b, func(b []byte) ([]byte, error) { return AppendJSON(b, v) })
}

// AppendDocWith is AppendDoc for a document that write appends to its argument (a JSON object).
func AppendDocWith(b []byte, write func([]byte) ([]byte, error)) ([]byte, error) {
	n := len(b)
	out, err := write(append(b, versionOpen...))
	if err == nil {
		out, err = versioned(out, n)
	}
	if err != nil {
		return b, err
	}
	return out, nil
}

// versionOpen opens a document that AppendDoc writes: the object and its schema_version.
var versionOpen = "{" + versionField

// versioned finishes a document b[n:] that starts with versionOpen, followed by the JSON object
// written after it: that object's opening brace becomes the comma after schema_version (or, for an
// empty object, its closing brace the document's), and an object that wrote its own
// schema_version is kept as it is.
func versioned(b []byte, n int) ([]byte, error) {
	at := n + len(versionOpen) // the object's opening brace
	switch {
	case at+1 >= len(b) || b[at] != '{':
		return nil, fmt.Errorf("render: a document must be a JSON object, not %.20q", b[at:])
	case bytes.HasPrefix(b[at+1:], []byte(`"schema_version":`)): // the value wrote its own
		b = append(b[:n], b[at:]...)
	case b[at+1] == '}':
		b = append(b[:at], '}')
	default:
		b[at] = ','
	}
	return b, nil
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
