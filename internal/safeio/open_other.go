//go:build !unix

package safeio

import "os"

// openNonBlocking checks the path's type before opening it where the system has no non-blocking
// open; Open checks the opened file again.
func openNonBlocking(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{Name: path, Mode: st.Mode()}
	}
	return os.Open(path)
}
