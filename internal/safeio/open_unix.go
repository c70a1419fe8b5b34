//go:build unix

package safeio

import (
	"os"
	"syscall"
)

// openNonBlocking opens path read-only with O_NONBLOCK, so that opening a FIFO with no writer
// returns at once instead of waiting; for a regular file the flag changes nothing.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
