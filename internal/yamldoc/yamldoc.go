// Package yamldoc checks that a YAML file is one document. yaml.Unmarshal reads the first
// document (or the first flow value) and drops whatever follows without a word, so the events of a
// log or a table's overrides after a "---" would silently not count.
package yamldoc

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"sync"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/mjref/mjref/internal/termtext"
)

// ErrSecond is what Rest returns for a second document that holds something.
var ErrSecond = errors.New("a second YAML document")

// Rest reports what follows the first document of data: ErrSecond and the line where a second
// document's content starts; the decoder's error (line 0) for text after the first value that is
// not YAML; or nil when there is nothing after it but empty documents (a bare "---", comments).
// When the first document does not parse, Rest returns nil: the caller's own decoding reports it.
func Rest(data []byte) (line int, err error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var first yaml.Node
	if dec.Decode(&first) != nil {
		return 0, nil
	}
	for {
		var more yaml.Node
		err := dec.Decode(&more)
		switch {
		case errors.Is(err, io.EOF):
			return 0, nil
		case err != nil:
			return 0, err
		case empty(&more):
			continue
		}
		line = more.Line
		if len(more.Content) > 0 {
			line = more.Content[0].Line
		}
		return line, ErrSecond
	}
}

// empty reports whether n is a document holding nothing.
func empty(n *yaml.Node) bool {
	if len(n.Content) == 0 {
		return true
	}
	c := n.Content[0]
	return len(n.Content) == 1 && c.Kind == yaml.ScalarNode && c.Tag == "!!null" && c.Value == ""
}

// Message is err's text with every span the YAML decoder quotes ('name', `value`) cut to
// termtext.ExcerptWidth: the decoder quotes an anchor's name or a value whole, so a message
// about a long one would repeat the input. A message stays short however long the input.
func Message(err error) string {
	s := err.Error()
	if len(s) <= termtext.ExcerptWidth {
		return s
	}
	return quotedRe().ReplaceAllStringFunc(s, func(q string) string {
		body := q[1 : len(q)-1]
		if utf8.RuneCountInString(body) <= termtext.ExcerptWidth {
			return q
		}
		return q[:1] + termtext.Shorten(body, termtext.ExcerptWidth) + q[len(q)-1:]
	})
}

var quotedRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("'[^']*'|`[^`]*`") })
