//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package ledger

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mjref/mjref/internal/safeio"
)

// LockedError says another writer holds the ledger file.
type LockedError struct {
	Path    string
	PID     int    // the process holding the lock, 0 when unknown
	Command string // its command name, when known
	Waited  time.Duration
}

func (e *LockedError) Error() string {
	who := "another process"
	if e.PID > 0 {
		who = "process " + strconv.Itoa(e.PID)
		if e.Command != "" {
			who += " (" + e.Command + ")"
		}
		if e.PID == os.Getpid() {
			who += ", this one"
		}
	}
	if e.Waited > 0 {
		return fmt.Sprintf("%s is still open for writing by %s after waiting %s: one writer at a time", e.Path, who, e.Waited)
	}
	return fmt.Sprintf("%s is open for writing by %s: one writer at a time", e.Path, who)
}

// ErrLocked matches every *LockedError with errors.Is.
var ErrLocked = errors.New("ledger locked")

// Is lets errors.Is(err, ErrLocked) match.
func (e *LockedError) Is(target error) bool { return target == ErrLocked }

// lock takes an exclusive advisory lock on f, waiting up to wait for another writer to release it.
func lock(f *os.File, path string, wait time.Duration) error {
	deadline := time.Now().Add(wait)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return nil
		}
		if err == syscall.EINTR {
			continue
		}
		if err == syscall.EWOULDBLOCK {
			if time.Now().Before(deadline) {
				time.Sleep(min(50*time.Millisecond, time.Until(deadline)+time.Millisecond))
				continue
			}
			e := &LockedError{Path: path, Waited: wait}
			e.PID, e.Command = holder(f)
			return e
		}
		return fmt.Errorf("%s: lock: %w", path, err)
	}
}

// holder finds the process holding a flock on f from /proc/locks (Linux); 0 when unknown.
func holder(f *os.File) (int, string) {
	fi, err := f.Stat()
	if err != nil {
		return 0, ""
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, ""
	}
	// /proc/locks and /proc/PID/comm are the kernel's files, read as any file is: safeio (regular
	// files only, never blocking, bounded). /proc/locks is read a line at a time (bufio.Scanner:
	// 64 KB a line at most), and comm is at most 16 bytes and read to 64; the command name is
	// printed through the error writers' terminal escaping like any message.
	locks, err := safeio.Open("/proc/locks")
	if err != nil {
		return 0, ""
	}
	defer locks.Close()
	ino := ":" + strconv.FormatUint(uint64(st.Ino), 10)
	sc := bufio.NewScanner(locks)
	for sc.Scan() {
		// 1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 || fields[1] != "FLOCK" || !strings.HasSuffix(fields[5], ino) {
			continue
		}
		pid, err := strconv.Atoi(fields[4])
		if err != nil || pid <= 0 {
			continue
		}
		comm, _ := safeio.ReadFile("/proc/"+fields[4]+"/comm", 64)
		return pid, strings.TrimSpace(string(comm))
	}
	return 0, ""
}
