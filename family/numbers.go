package family

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// A request names its counts and amounts (faan, a card line's value, points, how many lines) as
// the command line's flags do, in text; a JSON body may also give them as numbers. The types below
// read either, and a number that is not a whole one, or is out of range, is refused with the
// field named (`"faan": expected a whole number or one in a string, not number 6.5`).

// maxNumber is the largest count or amount a request may give: no faan, value or point total
// comes near it, and every family reads it into an int without overflow.
const maxNumber = math.MaxInt32

// numberKind is how an error names what a count or an amount field takes.
const numberKind = "a whole number or one in a string"

// NumberText is a count or an amount kept as the text a flag gives ("6", "5,3" for several
// winners, "limit" where the field takes it): JSON may give it as a string or as a whole number.
type NumberText string

// UnmarshalJSON reads a string as it is, and a whole number as its decimal text.
func (n *NumberText) UnmarshalJSON(b []byte) error {
	s, err := numberOrString(b, reflect.TypeFor[NumberText]())
	if err != nil || s == nil {
		return err
	}
	*n = NumberText(*s)
	return nil
}

// JSONKind names what the field takes, for an error message (internal/jsonmsg).
func (NumberText) JSONKind() string { return numberKind }

// Whole is a count (how many lines to show): JSON may give it as a whole number or as one in a
// string ("5").
type Whole int

// UnmarshalJSON reads a whole number, or one in a string.
func (w *Whole) UnmarshalJSON(b []byte) error {
	t := reflect.TypeFor[Whole]()
	s, err := numberOrString(b, t)
	if err != nil || s == nil {
		return err
	}
	v, err := strconv.ParseInt(strings.TrimSpace(*s), 10, 64)
	if err != nil || v > maxNumber || v < -maxNumber {
		return &json.UnmarshalTypeError{Value: "string " + strconv.Quote(*s), Type: t}
	}
	*w = Whole(v)
	return nil
}

// JSONKind names what the field takes, for an error message (internal/jsonmsg).
func (Whole) JSONKind() string { return numberKind }

// Amounts are NAME=AMOUNT values, one a seat or a player ("E=2700", "Ann=-900"), as the flags
// give them: JSON may give the list of strings, or an object of names and amounts, each a whole
// number or one in a string ({"E": 2700, "S": "-900"}), read in the order written.
type Amounts []string

// UnmarshalJSON reads a list of NAME=AMOUNT strings, or an object of names and amounts.
func (a *Amounts) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	t := reflect.TypeFor[Amounts]()
	switch {
	case len(b) > 0 && b[0] == '[':
		var list []string
		if err := json.Unmarshal(b, &list); err != nil {
			if te, ok := err.(*json.UnmarshalTypeError); ok {
				return &json.UnmarshalTypeError{Value: te.Value, Type: reflect.TypeFor[string](), Field: te.Field}
			}
			return err
		}
		*a = list
		return nil
	case len(b) > 0 && b[0] == '{':
		dec := json.NewDecoder(bytes.NewReader(b))
		if _, err := dec.Token(); err != nil {
			return err
		}
		out := Amounts{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return err
			}
			name, _ := k.(string)
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return err
			}
			s, err := numberOrString(raw, reflect.TypeFor[NumberText]())
			if te, ok := err.(*json.UnmarshalTypeError); ok {
				// The name goes in the value, not the field path: an error path leaves out
				// capitalised segments (Go names), and seats and players are capitalised.
				te.Value += " for " + strconv.Quote(name)
				return te
			}
			if err != nil {
				return err
			}
			if s != nil {
				out = append(out, name+"="+*s)
			}
		}
		*a = out
		return nil
	case string(b) == "null":
		return nil
	}
	return &json.UnmarshalTypeError{Value: jsonValueKind(b), Type: t}
}

// JSONKind names what the field takes, for an error message (internal/jsonmsg).
func (Amounts) JSONKind() string {
	return "a list of NAME=AMOUNT strings or an object of names and amounts"
}

// numberOrString reads b, the JSON of a field of type t: a string as it is, a whole number as its
// decimal text, null as nothing (nil).
func numberOrString(b []byte, t reflect.Type) (*string, error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return nil, &json.UnmarshalTypeError{Value: "nothing", Type: t}
	}
	switch c := b[0]; {
	case c == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return nil, err
		}
		return &s, nil
	case c == '-' || c >= '0' && c <= '9':
		text := string(b)
		if v, err := strconv.ParseInt(text, 10, 64); err == nil {
			if v > maxNumber || v < -maxNumber {
				return nil, &json.UnmarshalTypeError{Value: "number " + text + " (out of range)", Type: t}
			}
			s := strconv.FormatInt(v, 10)
			return &s, nil
		}
		f, err := strconv.ParseFloat(text, 64)
		switch {
		case err != nil && !strings.Contains(err.Error(), "range"):
			return nil, err
		case err != nil || math.Abs(f) > maxNumber:
			return nil, &json.UnmarshalTypeError{Value: "number " + text + " (out of range)", Type: t}
		case f != math.Trunc(f):
			return nil, &json.UnmarshalTypeError{Value: "number " + text, Type: t}
		}
		s := strconv.FormatInt(int64(f), 10) // 6.0 and 6e0 are 6
		return &s, nil
	case string(b) == "null":
		return nil, nil
	}
	return nil, &json.UnmarshalTypeError{Value: jsonValueKind(b), Type: t}
}

// jsonValueKind is encoding/json's name for the kind of JSON value b is.
func jsonValueKind(b []byte) string {
	switch b[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case 't', 'f':
		return "bool"
	case '"':
		return "string"
	case 'n':
		return "null"
	}
	return "number"
}

// SetValues are the ruleset values a request changes, as --set key=value does: JSON gives each
// value as a string, a number or true or false ({"cap": 13, "min_faan": "4"}), kept as the text
// --set takes.
type SetValues map[string]string

// setValue names what one value of SetValues takes, for an error message.
type setValue string

// JSONKind names what the field takes, for an error message (internal/jsonmsg).
func (setValue) JSONKind() string { return "a string, a number or true or false" }

// UnmarshalJSON reads an object of keys and values.
func (v *SetValues) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		return nil
	}
	if len(b) == 0 || b[0] != '{' {
		return &json.UnmarshalTypeError{Value: jsonValueKind(b), Type: reflect.TypeFor[map[string]string]()}
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	out := make(SetValues, len(raw))
	for k, r := range raw {
		r = bytes.TrimSpace(r)
		switch c := r[0]; {
		case c == '"':
			var s string
			if err := json.Unmarshal(r, &s); err != nil {
				return err
			}
			out[k] = s
		case c == 't' || c == 'f' || c == '-' || c >= '0' && c <= '9':
			out[k] = string(r) // true, false, or the number as written: the ruleset reads it
		default:
			return &json.UnmarshalTypeError{Value: jsonValueKind(r), Type: reflect.TypeFor[setValue](), Field: k}
		}
	}
	*v = out
	return nil
}
