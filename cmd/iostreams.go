package cmd

import (
	"io"
	"os"
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
		InIsTerminal: func() bool {
			st, err := os.Stdin.Stat()
			return err == nil && st.Mode()&os.ModeCharDevice != 0
		},
	}
}
