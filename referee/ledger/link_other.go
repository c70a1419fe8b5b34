//go:build !js

package ledger

import "os"

// linkNew puts the file old in place at path only when nothing is there (a hard link, which fails
// when path exists).
func linkNew(old, path string) error { return os.Link(old, path) }
