// Package filewrite creates files the safe way for files mjref owns: a new file is opened with
// O_EXCL and O_NOFOLLOW (a planted symlink or an existing file is never written through), with
// mode 0666 so the user's umask decides the permissions (0644 under the usual umask 022), and a
// finished file is put in place by renaming a temporary file written in the same directory, so a
// reader never sees it half written and a full disk leaves no empty file behind.
package filewrite

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Perm is the mode new files are created with, before the umask.
const Perm = 0o666

// Exclusive creates a new file at path for writing: it fails if anything (a file, a symlink,
// even a dangling one) is already there.
func Exclusive(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL|noFollow, Perm)
}

// TempPrefix starts the name of every temporary file: "." + the final name + TempPrefix + random.
const TempPrefix = ".mjref-tmp-"

// Temp creates a new temporary file next to path (in the same directory, so a rename can put it in
// place), named "." + base(path) + TempPrefix + random characters.
func Temp(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	for range 100 {
		var r [6]byte
		if _, err := rand.Read(r[:]); err != nil {
			return nil, err
		}
		f, err := Exclusive(filepath.Join(dir, "."+base+TempPrefix+hex.EncodeToString(r[:])))
		if errors.Is(err, os.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("%s: no free temporary name", dir)
}

// Write writes a whole file: write fills a temporary file next to path, which is synced and then
// renamed over path. On any error the temporary file is removed and path is untouched.
func Write(path string, write func(w io.Writer) error) error { return write1(path, write, true) }

// WriteCache is Write without the syncs, for a cache that may be lost in a crash (a reader checks
// it and falls back to the real file): the rename still means it is never seen half written.
func WriteCache(path string, write func(w io.Writer) error) error { return write1(path, write, false) }

func write1(path string, write func(w io.Writer) error, sync bool) (err error) {
	f, err := Temp(path)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = write(f); err != nil {
		return err
	}
	if sync {
		if err = f.Sync(); err != nil {
			return err
		}
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return err
	}
	if !sync {
		return nil
	}
	return SyncDir(filepath.Dir(path))
}

// SyncDir flushes a directory so a new or renamed entry in it survives a crash.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// RemoveStale removes the temporary files left next to path by a process that was killed before it
// could rename or remove them, when they are older than age (so a writer still at work is left
// alone). It returns the names removed.
func RemoveStale(path string, age time.Duration) []string {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	prefix := "." + base + TempPrefix
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil || time.Since(info.ModTime()) < age {
			continue
		}
		if os.Remove(filepath.Join(dir, e.Name())) == nil {
			removed = append(removed, e.Name())
		}
	}
	return removed
}
