// Package jsonmsg words encoding/json's decoding errors for the person who wrote the JSON: the
// field by its JSON name and the type it takes, never a Go type ("cannot unmarshal number into Go
// struct field ScoreRequest.hand of type string" becomes `"hand": expected a string, not a number`).
package jsonmsg

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
)

// Describe returns err's message in the writer's terms; an error it does not know is returned as
// encoding/json words it, without the "json: " prefix.
func Describe(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		want := kind(te.Type)
		if te.Field == "" {
			return "expected " + want + ", not " + article(te.Value)
		}
		return `"` + jsonPath(te.Field) + `": expected ` + want + ", not " + article(te.Value)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonPath is a field path as the JSON writer knows it: encoding/json puts the Go names of
// embedded structs in it ("ScoreRequest.hand"), which the writer never wrote. mjref's JSON names
// are lower case, so a segment that starts with an upper-case letter is such a name.
func jsonPath(field string) string {
	parts := strings.Split(field, ".")
	kept := parts[:0]
	for _, p := range parts {
		if p != "" && p[0] >= 'A' && p[0] <= 'Z' {
			continue
		}
		kept = append(kept, p)
	}
	if len(kept) == 0 {
		return field
	}
	return strings.Join(kept, ".")
}

// Kinded is a type that names the JSON it is written as itself (a count read from a number or a
// string says so).
type Kinded interface{ JSONKind() string }

// kind names the JSON a Go type is written as.
func kind(t reflect.Type) string {
	if t == nil {
		return "a value"
	}
	if t.Implements(reflect.TypeFor[Kinded]()) {
		return reflect.Zero(t).Interface().(Kinded).JSONKind()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Pointer:
		return kind(t.Elem())
	}
	return "a value"
}

// article puts "a" or "an" before encoding/json's name for a value ("number", "object", "array").
func article(v string) string {
	switch {
	case v == "":
		return "that"
	case strings.HasPrefix(v, "number "): // "number 1.5" for a fraction in a whole-number field
		return v
	case strings.ContainsAny(v[:1], "aeiou"):
		return "an " + v
	}
	return "a " + v
}
