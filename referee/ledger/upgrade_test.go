package ledger

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mjref/mjref/internal/filewrite"
)

// TestUpgradeKillPoints puts on disk each state an upgrade killed part way leaves (nothing done;
// the original kept as FILE.v1, a second name for it; the new record half written in a temporary
// file; the new record in place) and others a user may leave (a copy as FILE.v1), and runs the
// upgrade again: it completes, keeping the original byte for byte, or (already done) says there is
// nothing to do and where the original is. A FILE.v1 that is not this file's original is never
// replaced, and nothing changes.
func TestUpgradeKillPoints(t *testing.T) {
	v1, err := os.ReadFile(filepath.Join("testdata", "evening-v1.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	v2 := sampleRecord(t)
	old := time.Now().Add(-2 * staleAge)
	temp := func(t *testing.T, p string, data []byte) string {
		f, err := filewrite.Temp(p)
		if err != nil {
			t.Fatal(err)
		}
		f.Write(data)
		f.Close()
		os.Chtimes(f.Name(), old, old)
		return f.Name()
	}
	tests := []struct {
		name  string
		state func(t *testing.T, p string) // p holds v1 when it is called
		err   string                       // empty: the upgrade completes
	}{
		{"nothing done", func(t *testing.T, p string) {}, ""},
		{"killed after keeping the original", func(t *testing.T, p string) {
			if err := os.Link(p, p+".v1"); err != nil {
				t.Fatal(err)
			}
		}, ""},
		{"killed while writing the new record", func(t *testing.T, p string) {
			os.Link(p, p+".v1")
			temp(t, p, v2[:len(v2)/2])
		}, ""},
		{"killed with the new record written, not in place", func(t *testing.T, p string) {
			os.Link(p, p+".v1")
			temp(t, p, v2)
		}, ""},
		{"a copy of the original as FILE.v1", func(t *testing.T, p string) {
			os.WriteFile(p+".v1", v1, 0o644)
		}, ""},
		{"killed after the new record was put in place", func(t *testing.T, p string) {
			os.Rename(p, p+".v1")
			os.WriteFile(p, v2, 0o644)
		}, "is already version 2: there is nothing to upgrade (the version 1 original is kept in "},
		{"FILE.v1 holds another record", func(t *testing.T, p string) {
			os.WriteFile(p+".v1", v1[:len(v1)/2], 0o644)
		}, ".v1: it is there and holds another record, so the original of "},
		{"FILE.v1 is a symlink", func(t *testing.T, p string) {
			os.Symlink(filepath.Base(p), p+".v1")
		}, ".v1: it is there and is not a regular file (L"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "evening.jsonl")
			os.WriteFile(p, v1, 0o644)
			tt.state(t, p)
			before := snapshot(t, dir)
			backup, _, err := Upgrade(p, WithSettler(testSettler))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("Upgrade: %v, want %q", err, tt.err)
				}
				if tt.err[0] == '.' {
					var be *BackupError
					if !errors.As(err, &be) {
						t.Errorf("Upgrade: %T, want a *BackupError", err)
					}
				}
				if after := snapshot(t, dir); !maps.Equal(before, after) {
					t.Errorf("a refused upgrade changed the directory:\nbefore %v\nafter  %v", before, after)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if backup != p+".v1" {
				t.Errorf("backup %s", backup)
			}
			if b, _ := os.ReadFile(p + ".v1"); !bytes.Equal(b, v1) {
				t.Error("FILE.v1 is not the original")
			}
			if b, _ := os.ReadFile(p); !bytes.Equal(b, v2) {
				t.Errorf("the upgraded record:\n%s", b)
			}
			for name := range snapshot(t, dir) {
				if strings.Contains(name, filewrite.TempPrefix) {
					t.Errorf("temporary file %s left", name)
				}
			}
			// And once more: nothing to do.
			if _, _, err := Upgrade(p, WithSettler(testSettler)); err == nil || !strings.Contains(err.Error(), "already version 2") {
				t.Errorf("a second upgrade: %v", err)
			}
		})
	}
}

// TestUpgradeSymlink: a ledger reached through a symlink is upgraded where it is: the target is
// rewritten and its original kept next to it; the link stays a link to it.
func TestUpgradeSymlink(t *testing.T) {
	v1, err := os.ReadFile(filepath.Join("testdata", "evening-v1.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "games"), 0o755)
	target := filepath.Join(dir, "games", "evening.jsonl")
	os.WriteFile(target, v1, 0o644)
	link := filepath.Join(dir, "evening.jsonl")
	if err := os.Symlink(filepath.Join("games", "evening.jsonl"), link); err != nil {
		t.Fatal(err)
	}
	backup, _, err := Upgrade(link, WithSettler(testSettler))
	if err != nil {
		t.Fatal(err)
	}
	if backup != target+".v1" {
		t.Errorf("backup %s, want %s", backup, target+".v1")
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if to, _ := os.Readlink(link); to != filepath.Join("games", "evening.jsonl") {
		t.Errorf("the link points to %s", to)
	}
	if b, _ := os.ReadFile(target); !bytes.Equal(b, sampleRecord(t)) {
		t.Errorf("the target is not upgraded:\n%s", b)
	}
	if b, _ := os.ReadFile(target + ".v1"); !bytes.Equal(b, v1) {
		t.Error("the target's original is not kept")
	}
	if _, err := os.Lstat(link + ".v1"); err == nil {
		t.Error("a backup was made next to the link")
	}
}

// snapshot is each file of dir with its content (a symlink: "-> " and its target).
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if e.Type()&os.ModeSymlink != 0 {
			to, _ := os.Readlink(p)
			out[e.Name()] = "-> " + to
			continue
		}
		b, _ := os.ReadFile(p)
		out[e.Name()] = string(b)
	}
	return out
}
