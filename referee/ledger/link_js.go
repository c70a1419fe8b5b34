//go:build js

package ledger

import (
	"errors"
	"os"
)

// linkNew puts the file old in place at path when nothing is there: js/wasm has no hard links (the
// page's engine keeps the ledger in the browser's memory, written by one page at a time), so it
// renames.
func linkNew(old, path string) error {
	if _, err := os.Lstat(path); err == nil {
		return &os.LinkError{Op: "link", Old: old, New: path, Err: os.ErrExist}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return os.Rename(old, path)
}
