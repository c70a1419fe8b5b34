package ledger

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestUpgradeTornV1: a version 1 record whose last write was cut short (an incomplete last line,
// shown as such and never counted) is upgraded without it: before, the upgrade refused it as a
// line that is not a ledger event, and a version 1 file takes no hand, so the game was stuck. The
// original, the incomplete line with it, is kept in FILE.v1.
func TestUpgradeTornV1(t *testing.T) {
	v1, err := os.ReadFile(filepath.Join("testdata", "evening-v1.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	cut := v1[:len(v1)-30] // the last line loses its end and its newline
	p := filepath.Join(t.TempDir(), "evening.jsonl")
	if err := os.WriteFile(p, cut, 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := Read(p)
	if err != nil || want.Torn == nil {
		t.Fatalf("the cut record reads as %v, torn %v: want a torn last line", err, want.Torn)
	}
	backup, _, err := Upgrade(p, WithSettler(testSettler))
	if err != nil {
		t.Fatalf("Upgrade: %v", err)
	}
	if b, _ := os.ReadFile(backup); !bytes.Equal(b, cut) {
		t.Error("FILE.v1 is not the original byte for byte")
	}
	got, err := Read(p, WithSettler(testSettler))
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != Version || got.Torn != nil || got.Events != want.Events || got.Totals != want.Totals || got.Played != want.Played {
		t.Errorf("upgraded: version %d, torn %v, %d lines, totals %v, %d hands; want version %d, %d lines, totals %v, %d hands",
			got.Version, got.Torn, got.Events, got.Totals, got.Played, Version, want.Events, want.Totals, want.Played)
	}
	l, err := Open(p, WithSettler(testSettler))
	if err != nil {
		t.Fatalf("Open after the upgrade: %v", err)
	}
	defer l.Close()
	if _, err := l.Add(drawn()); err != nil {
		t.Errorf("Add after the upgrade: %v", err)
	}
}
