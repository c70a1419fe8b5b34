//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package ledger

import (
	"errors"
	"os"
	"time"
)

// LockedError says another writer holds the ledger file. Locking is not available on this
// platform, so it is never returned here.
type LockedError struct {
	Path    string
	PID     int
	Command string
	Waited  time.Duration
}

func (e *LockedError) Error() string { return e.Path + " is open for writing by another process" }

// ErrLocked matches every *LockedError with errors.Is.
var ErrLocked = errors.New("ledger locked")

// Is lets errors.Is(err, ErrLocked) match.
func (e *LockedError) Is(target error) bool { return target == ErrLocked }

// lock does nothing where flock is not available.
func lock(*os.File, string, time.Duration) error { return nil }
