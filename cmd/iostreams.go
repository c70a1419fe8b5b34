package cmd

import (
	"io"
	"os"

	"github.com/mattn/go-isatty"
)

// IOStreams are the standard streams a command uses; tests pass buffers.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	// InIsTerminal reports whether In is an interactive terminal (then "-" with no input prints usage).
	InIsTerminal func() bool
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
	}
}
