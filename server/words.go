package server

import (
	"errors"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/mjref/mjref/family"
)

// The library words a request field as the command line names it (--seat, --false-win). This
// door names it as its JSON body does ("seat", "false_win"): an error about a body's field is
// reworded, with its hint, before it is answered.

// flagRe finds a field named as a flag in a message.
// It is compiled on first use, not at every start of mjref.
var flagRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)`) })

// bodyFields maps the flag names of the fields of a request body of type t (embedded structs
// flattened) to their JSON names: a field's flag:"NAME" tag where its flag is not its JSON name
// with - for _ ("hand" for "hands").
func bodyFields(t reflect.Type) map[string]string {
	m := map[string]string{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(f.Type)
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" || !f.IsExported() {
				continue
			}
			flag := strings.ReplaceAll(name, "_", "-")
			if tf := f.Tag.Get("flag"); tf != "" {
				flag = tf
			}
			m[flag] = name
		}
	}
	walk(t)
	return m
}

// fieldWords is an error answered with its body's field names as JSON names them.
type fieldWords struct {
	err    error
	fields map[string]string
}

func (e *fieldWords) Error() string { return reword(e.err.Error(), e.fields) }
func (e *fieldWords) Unwrap() error { return e.err }

// inBodyWords is err, the library's answer to a request body of type B, with the body's fields
// named as JSON names them; err itself when it is no bad input of the library's (the server's
// own errors already say "seat").
func inBodyWords[B any](err error) error {
	var fe *family.Error
	if err == nil || !errors.As(err, &fe) {
		return err
	}
	return &fieldWords{err: err, fields: bodyFields(reflect.TypeFor[B]())}
}

// reword names each field of fields that s names as a flag (--seat) as JSON does ("seat").
func reword(s string, fields map[string]string) string {
	return flagRe().ReplaceAllStringFunc(s, func(m string) string {
		if name, ok := fields[m[2:]]; ok {
			return strconv.Quote(name)
		}
		return m
	})
}
