//go:build unix

package cmd

import (
	"syscall"

	"github.com/rogpeppe/go-internal/testscript"
)

func mkfifo(ts *testscript.TestScript, path string) {
	ts.Check(syscall.Mkfifo(path, 0o600))
}
