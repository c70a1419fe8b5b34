package cmd

import (
	"io"
	"os"
	"strconv"

	"github.com/mattn/go-isatty"
	"golang.org/x/term"
)

// IOStreams are the standard streams a command uses; tests pass buffers.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	// InIsTerminal reports whether In is an interactive terminal (then "-" with no input prints usage).
	InIsTerminal func() bool
	// Width and ErrWidth are the columns that tables and messages on Out and ErrOut must fit in; 0 means
	// no limit (output is written as it is). See outputWidth.
	Width, ErrWidth int
}

// SystemIO returns the process's standard streams.
func SystemIO() *IOStreams {
	return &IOStreams{
		In:     os.Stdin,
		Out:    os.Stdout,
		ErrOut: os.Stderr,
		// A terminal, not any character device: "score - < /dev/null" reads an empty input.
		InIsTerminal: func() bool {
			fd := os.Stdin.Fd()
			return isatty.IsTerminal(fd) || isatty.IsCygwinTerminal(fd)
		},
		Width:    outputWidth(os.Stdout, os.Getenv("COLUMNS")),
		ErrWidth: outputWidth(os.Stderr, os.Getenv("COLUMNS")),
	}
}

// outputWidth is the width output to f must fit in: on a terminal its width, else COLUMNS, else 80; on a
// pipe or a file COLUMNS if set, else 0 (no limit), so piped output does not change with the terminal.
func outputWidth(f *os.File, columns string) int {
	cols, err := strconv.Atoi(columns)
	if err != nil || cols <= 0 {
		cols = 0
	}
	if !term.IsTerminal(int(f.Fd())) {
		return cols
	}
	if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
		return w
	}
	if cols > 0 {
		return cols
	}
	return 80
}
