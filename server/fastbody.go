package server

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mjref/mjref/family"
)

// fastBody is a request body that can read the plain shape nearly every request has without
// reflection (decodeFast). When it says false, the body is decoded in full (decodeJSON), whose
// answer, a value or an error, is the contract's: the fast reading only ever agrees with it.
type fastBody interface {
	decodeFast(data []byte) bool
}

// situationFields are the situation fields the families declare, by JSON name, for the fast
// reading of a score body; nil when a name could be taken for a body field (then every body is
// decoded in full, as engine.SplitSituation and encoding/json would sort it).
var situationFields = sync.OnceValue(func() map[string]family.SituationField {
	m := map[string]family.SituationField{}
	for _, f := range family.SituationFields() {
		name := f.JSONName()
		for _, k := range scoreBodyKeys {
			if strings.EqualFold(k, name) {
				return nil
			}
		}
		m[name] = f
	}
	return m
})

// scoreBodyKeys are ScoreBody's JSON names (a test checks them against the struct).
var scoreBodyKeys = []string{"rules", "set", "card", "ruleset_yaml", "hand", "seat", "prevailing", "win", "discarder", "last_tile", "loser"}

// decodeFast reads data as encoding/json and engine.SplitSituation read a score body, when data
// is one object whose keys are spelt exactly as ScoreBody's fields and the families' situation
// fields are, each once or more, and whose values are strings without escapes, true or false, or
// whole numbers, each of the kind its field takes. Anything else (an escape, null, "set", a key
// in other case, a value of the wrong kind, a syntax error) says false, and b is left as it was.
func (b *ScoreBody) decodeFast(data []byte) bool {
	sit := situationFields()
	if sit == nil {
		return false
	}
	var out ScoreBody
	ok := scanObject(data, func(key string, v fastValue) bool {
		switch key {
		case "rules":
			return v.str(&out.Rules)
		case "card":
			return v.str(&out.Card)
		case "ruleset_yaml":
			return v.str(&out.RulesetYAML)
		case "hand":
			return v.str(&out.Hand)
		case "seat":
			return v.str(&out.Seat)
		case "prevailing":
			return v.str(&out.Prevailing)
		case "win":
			return v.str(&out.Win)
		case "discarder":
			return v.str(&out.Discarder)
		case "last_tile":
			return v.boolPtr(&out.LastTile)
		case "loser":
			return v.boolPtr(&out.Loser)
		}
		f, ok := sit[key]
		if !ok {
			return false
		}
		var x any
		switch f.Kind {
		case family.FieldFlag:
			if v.kind != jsonBool {
				return false
			}
			x = v.b
		case family.FieldCount:
			if v.kind != jsonInt {
				return false
			}
			x = v.n
		default:
			if v.kind != jsonString {
				return false
			}
			x = v.s
		}
		if out.Extra == nil {
			out.Extra = map[string]any{}
		}
		out.Extra[f.Name] = x
		return true
	})
	if !ok {
		return false
	}
	*b = out
	return true
}

var _ fastBody = (*ScoreBody)(nil)

type jsonKind uint8

const (
	jsonString jsonKind = iota + 1
	jsonBool
	jsonInt
)

// fastValue is one value of the fast reading: a string, true or false, or a whole number.
type fastValue struct {
	kind jsonKind
	s    string
	b    bool
	n    int
}

func (v fastValue) str(dst *string) bool {
	if v.kind != jsonString {
		return false
	}
	*dst = v.s
	return true
}

func (v fastValue) boolPtr(dst **bool) bool {
	if v.kind != jsonBool {
		return false
	}
	b := v.b
	*dst = &b
	return true
}

// scanObject reads data as one JSON object and nothing after it but white space, calling field
// for each key and value in turn. It says false at anything it does not read (an escape in a
// string, a control character or invalid UTF-8 in one, null, an object or array, a number that
// is not a whole number that fits) or when field says false.
func scanObject(data []byte, field func(key string, v fastValue) bool) bool {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return false
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return skipSpace(data, i+1) == len(data)
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return false
		}
		key, j, ok := scanString(data, i)
		if !ok {
			return false
		}
		i = skipSpace(data, j)
		if i >= len(data) || data[i] != ':' {
			return false
		}
		i = skipSpace(data, i+1)
		var v fastValue
		if v, i, ok = scanValue(data, i); !ok || !field(key, v) {
			return false
		}
		i = skipSpace(data, i)
		if i >= len(data) {
			return false
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case '}':
			return skipSpace(data, i+1) == len(data)
		default:
			return false
		}
	}
}

func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// scanString reads the string whose opening quote is at data[i]: its text and the index after
// its closing quote; false for an escape, a control character or invalid UTF-8.
func scanString(data []byte, i int) (string, int, bool) {
	ascii := true
	for j := i + 1; j < len(data); j++ {
		switch c := data[j]; {
		case c == '"':
			s := data[i+1 : j]
			if !ascii && !utf8.Valid(s) {
				return "", 0, false
			}
			return string(s), j + 1, true
		case c == '\\' || c < 0x20:
			return "", 0, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return "", 0, false
}

// scanValue reads the value at data[i]: a string, true, false or a whole number.
func scanValue(data []byte, i int) (fastValue, int, bool) {
	if i >= len(data) {
		return fastValue{}, 0, false
	}
	switch c := data[i]; {
	case c == '"':
		s, j, ok := scanString(data, i)
		return fastValue{kind: jsonString, s: s}, j, ok
	case c == 't' && len(data)-i >= 4 && string(data[i:i+4]) == "true":
		return fastValue{kind: jsonBool, b: true}, i + 4, true
	case c == 'f' && len(data)-i >= 5 && string(data[i:i+5]) == "false":
		return fastValue{kind: jsonBool, b: false}, i + 5, true
	case c == '-' || c >= '0' && c <= '9':
		j, neg := i, c == '-'
		if neg {
			j++
		}
		start := j
		n := 0
		for j < len(data) && data[j] >= '0' && data[j] <= '9' {
			n = n*10 + int(data[j]-'0')
			j++
		}
		digits := j - start
		switch {
		case digits == 0 || digits > 15, digits > 1 && data[start] == '0':
			return fastValue{}, 0, false
		case j < len(data) && (data[j] == '.' || data[j] == 'e' || data[j] == 'E'):
			return fastValue{}, 0, false
		}
		if neg {
			n = -n
		}
		return fastValue{kind: jsonInt, n: n}, j, true
	}
	return fastValue{}, 0, false
}
