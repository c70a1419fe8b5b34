package cmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/termtext"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/schema"
)

// Exit statuses. They are documented in `mjref help exit-codes` and the README.
const (
	ExitOK    = 0 // the command ran and the verdict is positive
	ExitNo    = 1 // the command ran and the verdict is negative
	ExitInput = 2 // bad input: notation, flags, ruleset, log
	ExitBug   = 3 // a bug in mjref
	ExitBusy  = 4 // a ledger is open for writing by another process: nothing was done, try again
)

// errNegative is returned by a command that has printed a negative verdict: exit 1, nothing more printed.
var errNegative = errors.New("negative verdict")

// usageErrorf is bad flags or arguments (see family.Usagef).
func usageErrorf(format string, args ...any) error { return family.Usagef(format, args...) }

// withHint wraps err as bad input with a hint line for the user (see family.WithHint).
func withHint(err error, hint string) error { return family.WithHint(err, hint) }

// isUsage says whether err is, or wraps, an error in the flags or arguments.
func isUsage(err error) bool {
	var fe *family.Error
	for errors.As(err, &fe) {
		if fe.Usage {
			return true
		}
		err = fe.Err
	}
	return false
}

// exitCode decides the exit status of an error; it is the only place that does.
func exitCode(err error) int {
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, errNegative):
		return ExitNo
	case errors.Is(err, ledger.ErrLocked):
		return ExitBusy
	case errors.As(err, new(*OutputError)): // a full disk or a closed pipe: the environment
		return ExitInput
	case engine.IsInput(err), isCobraUsage(err): // the engine's bad input, and cobra's own
		return ExitInput
	}
	return ExitBug
}

// isCobraUsage recognises cobra's and pflag's own argument errors.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand", "flag needs an argument",
		"invalid argument", "accepts ", "requires at least", "requires at most", "bad flag syntax", "required flag"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

// printError writes err to w for the user: "mjref: error: ...", a caret under a notation column, a hint.
// With format FormatJSON the error is a JSON object on one line instead, with FormatYAML the same
// object as a YAML document (format "" is text).
func printError(w io.Writer, err error, format string) {
	code := exitCode(err)
	var ne *notation.Error
	hasNE := errors.As(err, &ne)
	hint := family.HintOf(err)
	if hasNE && hint == "" {
		hint = schema.NotationHint
	}
	if code == ExitBusy {
		hint = "wait for the other writer to finish and run the command again, or give --wait 10s to wait for it"
	}
	if errors.As(err, new(*OutputError)) {
		hint = "the output was not all written: make room on the disk, or check what reads mjref's output"
	}
	if code == ExitBug {
		hint = "this is a bug in mjref: please report it with the command you ran"
	}
	switch format {
	case FormatJSON:
		b, _ := json.Marshal(schema.NewError(err, code, hint))
		fmt.Fprintf(w, "%s\n", b)
		return
	case FormatYAML:
		_ = writeYAML(w, schema.NewError(err, code, hint))
		return
	}
	fmt.Fprintf(w, "mjref: error: %s\n", escapeLines(err.Error()))
	if hasNE && ne.Input != "" {
		// The hand as typed, cut to a window around the column and escaped; the caret is
		// measured on the escaped text so it still points at the column.
		ex, pos := termtext.Excerpt(ne.Input, ne.Offset, termtext.ExcerptWidth)
		prefix := []rune(ex)[:pos]
		fmt.Fprintf(w, "  %s\n  %s^ col %d (offset %d)\n", termtext.Escape(ex),
			strings.Repeat(" ", termtext.Width(termtext.Escape(string(prefix)))), ne.Col(), ne.Offset)
	}
	if hint != "" {
		fmt.Fprintf(w, "mjref: hint: %s\n", escapeLines(hint))
	}
}

// escapeLines escapes each line of a message for a terminal (see termtext.Escape), keeping the
// message's own line breaks, and cuts it short (see shortMessage).
func escapeLines(msg string) string {
	msg = shortMessage(msg)
	if !termtext.Unsafe(strings.ReplaceAll(msg, "\n", "")) {
		return msg
	}
	lines := strings.Split(msg, "\n")
	for i, l := range lines {
		lines[i] = termtext.Escape(l)
	}
	return strings.Join(lines, "\n")
}

// shortMessage cuts a long error message short (see schema.ShortMessage).
func shortMessage(msg string) string { return schema.ShortMessage(msg) }
