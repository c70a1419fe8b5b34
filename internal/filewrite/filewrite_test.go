//go:build unix

package filewrite

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestExclusiveRefusesSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	if err := os.WriteFile(target, []byte("keep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if f, err := Exclusive(link); err == nil {
		f.Close()
		t.Fatal("Exclusive opened a symlink")
	}
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nowhere"), dangling); err != nil {
		t.Fatal(err)
	}
	if f, err := Exclusive(dangling); err == nil {
		f.Close()
		t.Fatal("Exclusive followed a dangling symlink")
	}
	if _, err := os.Stat(filepath.Join(dir, "nowhere")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the dangling link's target was created: %v", err)
	}
	b, _ := os.ReadFile(target)
	if string(b) != "keep\n" {
		t.Errorf("target changed: %q", b)
	}
}

func TestUmask(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	path := filepath.Join(t.TempDir(), "f")
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err }); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644 under umask 022", fi.Mode().Perm())
	}
}

func TestWriteFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "chart.svg")
	err := Write(path, func(w io.Writer) error { return syscall.ENOSPC })
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("err %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Errorf("left %v", entries)
	}
}

func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.jsonl")
	old, err := Temp(path)
	if err != nil {
		t.Fatal(err)
	}
	old.Close()
	past := time.Now().Add(-time.Hour)
	os.Chtimes(old.Name(), past, past)
	fresh, _ := Temp(path)
	fresh.Close()
	other := filepath.Join(dir, ".other"+TempPrefix+"x")
	os.WriteFile(other, nil, 0o644)
	os.Chtimes(other, past, past)
	got := RemoveStale(path, time.Minute)
	if len(got) != 1 || !strings.HasPrefix(got[0], ".g.jsonl"+TempPrefix) {
		t.Errorf("removed %v", got)
	}
	for _, p := range []string{fresh.Name(), other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}
