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

// outWriter is standard output as commands see it: it keeps the first error writing to it. A full
// disk, a closed pipe or a closed file is the environment, not a bug in mjref: the run exits 2
// with the OS error (see exitCode), even when the command writing met the error and went on.
type outWriter struct {
	w   io.Writer
	err *OutputError
}

func (o *outWriter) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil {
		if o.err == nil {
			o.err = &OutputError{Err: err}
		}
		return n, o.err
	}
	return n, nil
}

// OutputError is a failure to write standard output.
type OutputError struct{ Err error }

func (e *OutputError) Error() string { return "standard output: " + e.Err.Error() }
func (e *OutputError) Unwrap() error { return e.Err }

// underlying is the writer under w's outWriter, if any: the file a batch checks for regular.
func underlying(w io.Writer) io.Writer {
	if o, ok := w.(*outWriter); ok {
		return o.w
	}
	return w
}
