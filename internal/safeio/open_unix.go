//go:build unix

package safeio

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// openNonBlocking opens path read-only with O_NONBLOCK, so that opening a FIFO with no writer
// returns at once instead of waiting; for a regular file the flag changes nothing.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// openReadWriteNonBlocking is openNonBlocking for reading and writing.
func openReadWriteNonBlocking(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|syscall.O_NONBLOCK, 0)
	if errors.Is(err, syscall.EISDIR) {
		return nil, &NotRegularError{Name: path, Mode: fs.ModeDir}
	}
	return f, err
}

// openNoFollow is openNonBlocking that refuses a symlink at path (O_NOFOLLOW) instead of
// following it.
func openNoFollow(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
	if errors.Is(err, syscall.ELOOP) {
		return nil, &NotRegularError{Name: path, Mode: fs.ModeSymlink}
	}
	return f, err
}
