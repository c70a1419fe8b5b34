//go:build !unix

package safeio

import (
	"os"
)

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

// openReadWriteNonBlocking is openNonBlocking for reading and writing.
func openReadWriteNonBlocking(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{Name: path, Mode: st.Mode()}
	}
	return os.OpenFile(path, os.O_RDWR, 0)
}

// openNoFollow is openNonBlocking that refuses a symlink at path instead of following it (checked
// with Lstat before the open where the system has no O_NOFOLLOW).
func openNoFollow(path string) (*os.File, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{Name: path, Mode: st.Mode()}
	}
	return os.Open(path)
}
