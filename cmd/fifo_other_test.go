//go:build !unix

package cmd

import "github.com/rogpeppe/go-internal/testscript"

func mkfifo(ts *testscript.TestScript, path string) {
	ts.Skip("no named pipes here")
}
