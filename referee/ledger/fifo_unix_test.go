//go:build unix

package ledger

import (
	"errors"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/mjref/mjref/referee/gamerules"
)

// within runs f and fails the test if it has not returned after a generous timeout.
func within(t *testing.T, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(20 * time.Second):
		t.Fatalf("%s blocked on a FIFO at the state cache's path", what)
		return nil
	}
}

// TestCacheFIFO (issue 24): a FIFO at the state cache's path is refused at once by the writers and
// by verify, naming it, never opened blocking (which held the lock for ever); Recover replaces it.
func TestCacheFIFO(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	l.Add(win("Ben", "Ann", 5))
	l.Close()
	os.Remove(cachePath(path))
	if err := syscall.Mkfifo(cachePath(path), 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	want := path + ": its state cache .evening.jsonl.state cannot be read: a named pipe (FIFO), not a regular file"
	err := within(t, "Open", func() error {
		l, err := Open(path, WithSettler(testSettler))
		if err == nil {
			l.Close()
		}
		return err
	})
	if !errors.Is(err, ErrCache) || !errors.Is(err, ErrCorrupt) || err.Error() != want {
		t.Errorf("Open: %v, want %q", err, want)
	}
	err = within(t, "Verify", func() error { _, err := Verify(path); return err })
	if !errors.Is(err, ErrCache) || err.Error() != want {
		t.Errorf("Verify: %v, want %q", err, want)
	}
	if err := within(t, "Recover", func() error { _, err := Recover(path, WithSettler(testSettler)); return err }); err != nil {
		t.Fatalf("Recover: %v", err)
	}
	if fi, err := os.Lstat(cachePath(path)); err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("after Recover the cache is %v, %v", fi.Mode(), err)
	}
	l2, err := Open(path, WithSettler(testSettler))
	if err != nil || !l2.state.partial || l2.State().Played != 1 {
		t.Fatalf("Open after Recover: %v", err)
	}
	l2.Close()
}
