package family

import (
	"errors"
	"fmt"

	"github.com/mjref/mjref/notation"
)

// Error is bad input a family found in a request: a flag that does not apply, a hand it cannot
// play. Every front end reports it as bad input (exit status 2, HTTP 400).
type Error struct {
	Err error
	// Hint tells the user what to try next; it may be empty.
	Hint string
	// Usage marks an error in the flags or arguments rather than in a hand or a file.
	Usage bool
	// words is the hint as each door words it (Hint is the command line's), when it names a
	// request's fields; see HintFields.
	words *Text
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Usagef is bad flags or arguments.
func Usagef(format string, args ...any) error {
	return &Error{Err: fmt.Errorf(format, args...), Usage: true}
}

// WithHint marks err as bad input and gives the user a hint (which may be empty).
func WithHint(err error, hint string) error { return &Error{Err: err, Hint: hint} }

// HintOf is the first hint given by an *Error in err's chain, else the hint of a *notation.Error
// in it, or "".
func HintOf(err error) string {
	var e *Error
	rest := err
	for errors.As(rest, &e) {
		if e.Hint != "" {
			return e.Hint
		}
		rest = e.Err
	}
	if ne := (*notation.Error)(nil); errors.As(err, &ne) {
		return ne.Hint
	}
	return ""
}
