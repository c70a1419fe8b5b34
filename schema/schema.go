// Package schema is mjref's JSON contract: the JSON Schema files every document mjref writes is
// checked against (embedded here as FS, one file a document, generated from the result types by
// `go generate ./schema`, see internal/gen), the version every document starts with, the error object that every
// front end (the command line with -o json, the HTTP server) writes for a request it refused, and
// the ledger's documents (LedgerGame, LedgerEntry), which key amounts by seat and by player.
//
// It imports no front end, so a server or a bot reports errors with the same fields the command
// line does:
//
//	body, _ := schema.Marshal(schema.NewError(err, 2, "")) // {"schema_version":1,"error":"col 7: ...","code":2,"col":7,...}
package schema

import (
	"embed"
	"errors"
	"fmt"
	"strings"

	"github.com/mjref/mjref/internal/termtext"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring/american"
)

// Version is the version of the JSON contract, written first in every JSON and YAML document as
// "schema_version". It changes only when a field changes meaning or goes away; new fields do not
// change it.
const Version = 1

// FS holds the schema files, NAME.json for each document (score.json, error.json, ...).
//
//go:generate go run ./internal/gen
//go:embed *.json
var FS embed.FS

// NotationHint is the hint given with a notation error when the caller has none better.
const NotationHint = "tiles are digits then a suit letter (123m 456p 789s 11z), melds in brackets [555p]; see 'mjref help notation'"

// Error is the JSON object of an error (schema/error.json): what went wrong, the exit status the
// command line gives it, and where in the input it is, as far as the error knows.
type Error struct {
	SchemaVersion int `json:"schema_version"`
	// Message is the error as the command line prints it after "mjref: error: ", cut short (see
	// ShortMessage).
	Message string `json:"error"`
	// Code is the exit status: 2 bad input, 3 a bug in mjref, 4 a ledger busy with another writer.
	Code int `json:"code"`
	// Col (from 1) and Offset (from 0) are the character a hand in notation went wrong at, and
	// Input the hand as given.
	Col    int    `json:"col,omitempty"`
	Offset *int   `json:"offset,omitempty"`
	Input  string `json:"input,omitempty"`
	// File and Line are the file (a ruleset, a card, a ledger; "--set" for a value given on the
	// command line) and its line, from 1, when known.
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	// Event is the event number, from 1, in a referee log.
	Event int `json:"event,omitempty"`
	// Hint says what to try next.
	Hint string `json:"hint,omitempty"`
	// Problems are the problems of an error that is several (a card with a mistake on three of
	// its lines), each with its own place; the fields above then place the first.
	Problems []Problem `json:"problems,omitempty"`
}

// Problem is one of several problems an error reports.
type Problem struct {
	Message string `json:"error"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Event   int    `json:"event,omitempty"`
}

// NewError is the error object of err, given the exit status it has and a hint (empty for none;
// a notation error without one gets NotationHint). The position comes from the first error in
// err's chain that knows one: a notation column, a ruleset or card line, a ledger line, a log
// event.
func NewError(err error, code int, hint string) Error {
	e := Error{SchemaVersion: Version, Message: ShortMessage(err.Error()), Code: code, Hint: hint}
	var ne *notation.Error
	if errors.As(err, &ne) {
		off := ne.Offset
		e.Col, e.Offset, e.Input = ne.Col(), &off, ne.Input
		if e.Hint == "" {
			e.Hint = NotationHint
		}
	}
	e.File, e.Line, e.Event = place(err)
	e.Input = ShortMessage(e.Input)
	if errs := several(err); len(errs) > 1 {
		e.Problems = make([]Problem, 0, min(len(errs), MaxMessageLines))
		for _, p := range errs[:min(len(errs), MaxMessageLines)] {
			file, line, event := place(p)
			e.Problems = append(e.Problems, Problem{ShortMessage(p.Error()), file, line, event})
		}
	}
	return e
}

// place is where err says it went wrong: a file and line, or a log's line and event.
func place(err error) (file string, line, event int) {
	var re *rulesets.Error
	var le *american.LineError
	var rec *ledger.RecordError
	var loge *referee.LogError
	switch {
	case errors.As(err, &re):
		return re.File, re.Line, 0
	case errors.As(err, &le):
		return le.Source.Ruleset, le.Source.Line, 0
	case errors.As(err, &rec):
		return rec.Path, rec.Line, 0
	case errors.As(err, &loge):
		return loge.File, loge.Line, loge.Event
	}
	return "", 0, 0
}

// several lists the errors joined in the first error of err's chain that joins several
// (errors.Join), nested joins flattened, or nil.
func several(err error) []error {
	for err != nil {
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			var out []error
			for _, e := range j.Unwrap() {
				if sub := several(e); len(sub) > 0 {
					out = append(out, sub...)
				} else {
					out = append(out, e)
				}
			}
			return out
		}
		err = errors.Unwrap(err)
	}
	return nil
}

// MaxMessageLine is the longest line of an error message kept whole. Messages quote excerpts of
// the input they name; this catches any that quotes more, so a 10 MB event never makes a 10 MB
// message.
const MaxMessageLine = 600

// MaxMessageLines is the most lines of an error message kept (a card can have a problem on every
// one of its lines).
const MaxMessageLines = 40

// ShortMessage cuts each line of msg longer than MaxMessageLine characters, and the message after
// MaxMessageLines lines.
func ShortMessage(msg string) string {
	if len(msg) <= MaxMessageLine {
		return msg
	}
	lines := strings.Split(msg, "\n")
	if n := len(lines); n > MaxMessageLines {
		lines = append(lines[:MaxMessageLines], fmt.Sprintf("... and %d more %s", n-MaxMessageLines, words.Noun(n-MaxMessageLines, "line")))
	}
	for i, l := range lines {
		lines[i] = termtext.Shorten(l, MaxMessageLine)
	}
	return strings.Join(lines, "\n")
}
