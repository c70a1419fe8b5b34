package family

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// Door is the front end a request came through. A message that names a request's fields is
// written once, and each door words the fields its own way.
type Door int

const (
	// CommandLine words a field as its flag: --false-win.
	CommandLine Door = iota
	// HTTP words a field as its JSON name: "false_win".
	HTTP
)

// Wording is a part of a message that the doors word differently.
type Wording interface {
	In(d Door) string
}

// Field is a request field named in a message, by its flag's name ("false-win"): the command line
// words it --false-win, an HTTP answer "false_win".
type Field string

// In is the field as door d names it.
func (f Field) In(d Door) string {
	if d == HTTP {
		return `"` + strings.ReplaceAll(string(f), "-", "_") + `"`
	}
	return "--" + string(f)
}

// String is the field as the command line names it.
func (f Field) String() string { return f.In(CommandLine) }

// Either is a part of a message that each door words in its own words: the command line names a
// command to run (Line), an HTTP answer says what to do without it (HTTP).
type Either struct{ Line, HTTP string }

// In is the wording of door d.
func (e Either) In(d Door) string {
	if d == HTTP {
		return e.HTTP
	}
	return e.Line
}

// Flags is a text written for the command line, its fields named as flags (--faan 5): an HTTP
// answer names them as its fields ("faan" 5).
type Flags string

// flagName is compiled on first use, not at every start.
var flagName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`--([a-z][a-z-]*)`) })

// In is the text as door d words it.
func (f Flags) In(d Door) string {
	if d != HTTP {
		return string(f)
	}
	return flagName().ReplaceAllStringFunc(string(f), func(m string) string { return Field(m[2:]).In(HTTP) })
}

// Text is a message written once for every door: a format as fmt.Sprintf takes it, whose
// arguments that are a Wording (a Field, an Either) each door words its own way.
type Text struct {
	format string
	args   []any
}

// Textf is the Text of format and args.
func Textf(format string, args ...any) Text { return Text{format, args} }

// In is the message as door d words it.
func (t Text) In(d Door) string {
	args := make([]any, len(t.args))
	for i, a := range t.args {
		if w, ok := a.(Wording); ok {
			a = w.In(d)
		}
		args[i] = a
	}
	return fmt.Sprintf(t.format, args...)
}

// String is the message as the command line words it.
func (t Text) String() string { return t.In(CommandLine) }

// textError is an error whose message is a Text, and the error it is about, if any.
type textError struct {
	text Text
	err  error
}

func (e *textError) Error() string { return e.text.In(CommandLine) }
func (e *textError) Unwrap() error { return e.err }

// Fieldf is bad input in a request's fields (as Usagef), its message a Text: each door names the
// fields among args (Field values) its own way. Error() is the command line's wording.
func Fieldf(format string, args ...any) error {
	return &Error{Err: &textError{text: Textf(format, args...)}, Usage: true}
}

// FieldError is err about the request field named (by its flag's name: "dora"), as bad input:
// "--dora: " and err's message on the command line, "\"dora\": " and err's message in an HTTP
// answer. err stays in the chain (a notation error keeps its column).
func FieldError(name string, err error) error {
	return &Error{Err: &textError{text: Textf("%s: %s", Field(name), err.Error()), err: err}}
}

// HintFields is WithHint with a hint that names a request's fields, or says what to do in each
// door's own words (a Text).
func HintFields(err error, hint Text) error {
	return &Error{Err: err, Hint: hint.In(CommandLine), words: &hint}
}

// Worded is err's message and hint (HintOf) as door d words them: each Text in err's chain, in the
// message however it was wrapped, and the hint, in d's words.
func Worded(err error, d Door) (msg, hint string) {
	msg = err.Error()
	for e := err; e != nil; e = errors.Unwrap(e) {
		if te, ok := e.(*textError); ok {
			msg = strings.Replace(msg, te.text.In(CommandLine), te.text.In(d), 1)
		}
	}
	var fe *Error
	for rest := err; errors.As(rest, &fe); rest = fe.Err {
		if fe.Hint != "" || fe.words != nil {
			if fe.words != nil {
				return msg, fe.words.In(d)
			}
			return msg, fe.Hint
		}
	}
	return msg, HintOf(err)
}
