package cmd

import (
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"

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
// YAML's block style; a string that would read as another type stays quoted, under YAML 1.2 (the
// encoder sees to it) and under YAML 1.1 (see yaml11NonString).
func blockStyle(n *yaml.Node) {
	n.Style = 0
	if n.Kind == yaml.ScalarNode && n.Tag == "!!str" && yaml11NonString(n.Value) {
		n.Style = yaml.SingleQuotedStyle
	}
	for _, c := range n.Content {
		blockStyle(c)
	}
}

// yaml11NonString says whether s, written plain, is read as something other than a string by a
// YAML 1.1 reader (go-yaml v2, PyYAML, SnakeYAML): seat N is false there, 0x1F is 31, 1_000 is
// 1000, 1:30 is 90, ~ is null. yaml v3 (YAML 1.2) quotes only what 1.2 reads as another type.
func yaml11NonString(s string) bool {
	switch s {
	case "", "~", "null", "Null", "NULL",
		"y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
		"true", "True", "TRUE", "false", "False", "FALSE",
		"on", "On", "ON", "off", "Off", "OFF",
		"=", "<<": // PyYAML's value and merge keys
		return true
	}
	switch c := s[0]; {
	case c >= '0' && c <= '9', c == '+', c == '-', c == '.':
	default:
		return false
	}
	if yaml11Number().MatchString(s) {
		return true
	}
	// go-yaml v2 reads any plain scalar strconv takes for a number, underscores dropped: 0o17, 1e3.
	plain := strings.ReplaceAll(s, "_", "")
	if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return true
	}
	if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return true
	}
	_, err := strconv.ParseFloat(plain, 64)
	return err == nil
}

// yaml11Number matches YAML 1.1's int and float (yaml.org/type/int.html, float.html), which allow
// underscores, base-60 (1:30) and binary, octal and hexadecimal ints.
var yaml11Number = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:[-+]?0b[01_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|` +
		`[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+|` + // ints
		`[-+]?(?:[0-9][0-9_]*)?\.[0-9_.]*(?:[eE][-+]?[0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|` +
		`[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`) // floats
})

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
