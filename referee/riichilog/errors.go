package riichilog

import (
	"errors"
	"fmt"
)

// Error is a log that cannot be read or cannot describe a real game: bad input. It names where
// (Pos) and what was wrong.
type Error struct {
	Format Format
	Pos    Pos
	Msg    string
}

func (e *Error) Error() string {
	if e.Format == "" {
		return e.Pos.String() + ": " + e.Msg
	}
	return fmt.Sprintf("%s %s: %s", e.Format, e.Pos, e.Msg)
}

// ErrUnknownFormat is returned (wrapped in *Error) for input that is none of the formats.
var ErrUnknownFormat = errors.New("not a Tenhou mjlog, tenhou.net/6 or mjai log")

func errorf(f Format, p Pos, format string, args ...any) *Error {
	return &Error{Format: f, Pos: p, Msg: fmt.Sprintf(format, args...)}
}
