package ledger

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/mjref/mjref/referee/gamerules"
)

// withLimit lowers the size a ledger may grow to, so a test can fill one without writing 64 MiB.
func withLimit(n int64) Option { return func(l *Ledger) { l.limit = n } }

// TestFull: a change that would take the file past the limit is refused with ErrFull and writes
// nothing, so the file stays readable; a change that fills it exactly is taken.
func TestFull(t *testing.T) {
	// Two games written alike (the same clock, the same hands) grow by the same bytes: the first
	// measures what the next hand needs, the second is given exactly that, or one byte less.
	measure, _ := newGame(t, hkHeader(gamerules.Length{}))
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	for _, g := range []*Ledger{measure, l} {
		for _, h := range []Hand{win("Ann", "Ben", 3), self("Cat", 4)} {
			if _, err := g.Add(h); err != nil {
				t.Fatal(err)
			}
		}
	}
	size := measure.size
	if _, err := measure.Add(drawn()); err != nil {
		t.Fatal(err)
	}
	need := measure.size - size
	if l.size != size {
		t.Fatalf("the twin games differ: %d and %d bytes", l.size, size)
	}

	l.limit = size + need - 1
	before, _ := os.ReadFile(path)
	played := l.State().Played
	_, err := l.Add(drawn())
	if !errors.Is(err, ErrFull) {
		t.Fatalf("Add past the limit: %v, want ErrFull", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Errorf("the refused hand changed the file:\n%s", after)
	}
	if got := l.State().Played; got != played {
		t.Errorf("after the refusal %d hands are played, want %d", got, played)
	}
	l.limit = size
	if _, _, err := l.Undo(); !errors.Is(err, ErrFull) {
		t.Errorf("Undo with no room: %v, want ErrFull", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Errorf("the refused undo changed the file:\n%s", after)
	}

	l.limit = size + need
	if _, err := l.Add(drawn()); err != nil {
		t.Fatalf("Add that fills the file exactly: %v", err)
	}
	if l.size != l.limit {
		t.Errorf("the file is %d bytes, want exactly the limit %d", l.size, l.limit)
	}
	l.Close()
	st, err := Read(path, WithSettler(testSettler))
	if err != nil {
		t.Fatalf("Read of the full file: %v", err)
	}
	if st.Played != played+1 {
		t.Errorf("the full file holds %d hands, want %d", st.Played, played+1)
	}
	l2, err := Open(path, WithSettler(testSettler), withLimit(size+need))
	if err != nil {
		t.Fatalf("Open of the full file: %v", err)
	}
	defer l2.Close()
	if _, err := l2.Add(drawn()); !errors.Is(err, ErrFull) {
		t.Errorf("Add to the full file: %v, want ErrFull", err)
	}
}

// TestImportFull: a game imported whole that would not fit is refused, and no file is left.
func TestImportFull(t *testing.T) {
	path := t.TempDir() + "/big.jsonl"
	hands := []Hand{win("Ann", "Ben", 3), self("Cat", 4), drawn()}
	_, err := Import(path, hkHeader(gamerules.Length{}), hands, nil, WithSettler(testSettler), WithClock(fixedClock()), withLimit(600))
	if !errors.Is(err, ErrFull) {
		t.Fatalf("Import past the limit: %v, want ErrFull", err)
	}
	if _, err := os.Lstat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused import left %s behind (%v)", path, err)
	}
}
