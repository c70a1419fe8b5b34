package ledger

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mjref/mjref/referee/gamerules"
)

// TestCacheMatchesReplay plays random evenings opening the ledger for every hand, as 'ledger add'
// does: the state Open takes from the cache is the state a full replay gives, field for field.
func TestCacheMatchesReplay(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 18))
	for game := range 20 {
		path := filepath.Join(t.TempDir(), "g.jsonl")
		h := hkHeader(gamerules.Length{Kind: gamerules.Hands, N: 30})
		if game%2 == 1 {
			h = Header{Players: players, Ruleset: "db", Family: "deburger", Flow: gamerules.DeBurgerFlow()}
		}
		l, err := Create(path, h, WithSettler(testSettler))
		if err != nil {
			t.Fatal(err)
		}
		l.Close()
		for i := range 30 {
			l, err := Open(path, WithSettler(testSettler))
			if err != nil {
				t.Fatalf("game %d hand %d: %v", game, i, err)
			}
			if i > 0 && !l.state.partial {
				t.Fatalf("game %d hand %d: the cache was not used", game, i)
			}
			st := l.State()
			if st.Over {
				l.Close()
				break
			}
			var hand Hand
			w, d := players[rng.IntN(4)], players[rng.IntN(4)]
			switch {
			case game%2 == 1:
				pts := Whole(int64(rng.IntN(5000)))
				hand = Hand{Winner: w, Win: 1, Deltas: []Amount{pts / 2, pts / 4, 0, pts / 8}}
			case rng.IntN(5) == 0:
				hand = drawn()
			case w == d:
				hand = self(w, 3+rng.IntN(6))
			default:
				hand = win(w, d, 3+rng.IntN(6))
			}
			if _, err := l.Add(hand); err != nil {
				t.Fatalf("game %d hand %d: %v", game, i, err)
			}
			fast := l.State()
			l.Close()
			full, err := Read(path, WithSettler(testSettler))
			if err != nil {
				t.Fatal(err)
			}
			opts := cmp.Options{cmp.AllowUnexported(State{}, Entry{}, change{}), cmpopts.IgnoreFields(State{}, "History", "changes", "partial")}
			if diff := cmp.Diff(full, fast, opts); diff != "" {
				t.Fatalf("game %d hand %d: cached state differs from the replay (-replay +cache):\n%s", game, i, diff)
			}
			if diff := cmp.Diff(full.History[len(full.History)-1], fast.History[len(fast.History)-1], cmp.AllowUnexported(Entry{})); diff != "" {
				t.Fatalf("game %d hand %d: last hand differs (-replay +cache):\n%s", game, i, diff)
			}
		}
	}
}

// TestCacheRefusedAfterEdit: a file changed behind the writer's back is replayed in full, so the
// edit is caught, even when the edit keeps the size and puts the modification time back.
func TestCacheRefusedAfterEdit(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	for _, h := range []Hand{win("Ben", "Ann", 5), self("Cat", 3), win("Dan", "Cat", 4)} {
		l.Add(h)
	}
	l.Close()
	data, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	edited := bytes.Replace(data, []byte(`"faan":5`), []byte(`"faan":9`), 1)
	f, _ := os.OpenFile(path, os.O_WRONLY, 0)
	f.WriteAt(edited, 0)
	f.Close()
	os.Chtimes(path, fi.ModTime(), fi.ModTime())
	if _, err := Open(path, WithSettler(testSettler)); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("Open after an in-place edit: %v, want ErrCorrupt", err)
	}
	os.WriteFile(path, data, 0o644)
	l2, err := Open(path, WithSettler(testSettler))
	if err != nil {
		t.Fatal(err)
	}
	l2.Close()
	// A cache that notes another record (here: another game's, of the same header) is never used:
	// its note says this is not the file last written here, which is refused until Recover.
	other, otherPath := newGame(t, hkHeader(gamerules.Length{}))
	other.Add(drawn())
	other.Close()
	c, _ := os.ReadFile(cachePath(otherPath))
	os.WriteFile(cachePath(path), c, 0o644)
	if _, err := Open(path, WithSettler(testSettler)); !errors.Is(err, ErrDiverged) {
		t.Fatalf("Open with another game's cache: %v, want ErrDiverged", err)
	}
	if _, err := Recover(path, WithSettler(testSettler)); err != nil {
		t.Fatal(err)
	}
	l3, err := Open(path, WithSettler(testSettler))
	if err != nil {
		t.Fatal(err)
	}
	defer l3.Close()
	if l3.State().Played != 3 {
		t.Errorf("after Recover: played %d, want 3", l3.State().Played)
	}
}

// TestCacheUndo: undo after an Open from the cache replays the record and takes back the right hand.
func TestCacheUndo(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	l.Add(win("Ben", "Ann", 5))
	l.Add(self("Cat", 3))
	l.Close()
	l2, err := Open(path, WithSettler(testSettler))
	if err != nil || !l2.state.partial {
		t.Fatalf("open: %v, partial %v", err, l2.state.partial)
	}
	defer l2.Close()
	e, _, err := l2.Undo()
	if err != nil || e.Hand.Winner != "Cat" || l2.State().Played != 1 || len(l2.State().History) != 1 {
		t.Fatalf("undo: %+v %v", e, err)
	}
	checkReplay(t, l2, path)
}

// writeGame writes a record of n hands directly (what n calls of 'ledger add' would leave).
func writeGame(b *testing.B, path string, n int) {
	var buf bytes.Buffer
	s, _ := begin(hkHeader(gamerules.Length{}), time.Date(2026, 11, 28, 19, 0, 0, 0, time.UTC))
	ev := &event{Seq: 1, Event: EventNew, Version: Version, Header: &s.Header, Time: s.Created}
	line, _ := encode(ev)
	buf.Write(line)
	prev := ev.Sum
	for i := range n {
		h := win(players[(i+1)%4], players[i%4], 3+i%7)
		if i%5 == 0 {
			h = drawn()
		}
		d, _ := testSettler(h, s.Table())
		number, dealer := s.Hand, s.Dealer
		if err := s.add(h, d, i+2, i+2, s.Created); err != nil {
			b.Fatal(err)
		}
		ev := &event{Seq: i + 2, Event: EventHand, Time: s.Created, Number: number, Dealer: dealer, Hand: &h, Deltas: d[:], Prev: prev}
		line, _ := encode(ev)
		prev = ev.Sum
		buf.Write(line)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkAddAt measures what one 'ledger add' costs the library at 10, 1,000 and 10,000 hands
// already recorded: open (lock, state from the cache), settle, append and sync the line, write the
// cache, close. It should not grow with the hands recorded.
//
// The fsync of each line makes the figure as noisy as the disk: LEDGER_BENCH_DIR=/dev/shm (a tmpfs,
// where a sync costs nothing) shows the cost of the code alone.
func BenchmarkAddAt(b *testing.B) {
	for _, n := range []int{10, 1000, 10000} {
		b.Run(fmt.Sprintf("hands=%d", n), func(b *testing.B) {
			path := filepath.Join(benchDir(b), "g.jsonl")
			writeGame(b, path, n)
			l, err := Open(path, WithSettler(testSettler)) // the first open replays and writes the cache
			if err != nil {
				b.Fatal(err)
			}
			l.Close()
			i := 0
			for b.Loop() {
				l, err := Open(path, WithSettler(testSettler))
				if err != nil {
					b.Fatal(err)
				}
				if _, err := l.Add(win(players[(i+1)%4], players[i%4], 3)); err != nil {
					b.Fatal(err)
				}
				l.Close()
				i++
			}
		})
	}
}

// benchDir is a temporary directory under $LEDGER_BENCH_DIR when set.
func benchDir(b *testing.B) string {
	dir := os.Getenv("LEDGER_BENCH_DIR")
	if dir == "" {
		return b.TempDir()
	}
	d, err := os.MkdirTemp(dir, "ledger-bench-")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { os.RemoveAll(d) })
	return d
}

// BenchmarkOpenFull is the same open without a cache (the replay of the whole record), for
// comparison: what every add cost before the cache.
func BenchmarkOpenFull(b *testing.B) {
	for _, n := range []int{10, 1000, 10000} {
		b.Run(fmt.Sprintf("hands=%d", n), func(b *testing.B) {
			path := filepath.Join(benchDir(b), "g.jsonl")
			writeGame(b, path, n)
			for b.Loop() {
				os.Remove(cachePath(path))
				l, err := Open(path, WithSettler(testSettler))
				if err != nil {
					b.Fatal(err)
				}
				l.Close()
			}
		})
	}
}

// TestCacheOfDeletedGame: a game deleted and started again under the same name does not inherit the
// old game's cache (which would say the new record lost the old one's lines).
func TestCacheOfDeletedGame(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	for _, h := range []Hand{win("Ben", "Ann", 5), self("Cat", 3)} {
		if _, err := l.Add(h); err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	l2, err := Create(path, hkHeader(gamerules.Length{}), WithSettler(testSettler))
	if err != nil {
		t.Fatalf("Create after the game was deleted: %v", err)
	}
	if _, err := l2.Add(drawn()); err != nil {
		t.Fatal(err)
	}
	l2.Close()
	l3, err := Open(path, WithSettler(testSettler))
	if err != nil {
		t.Fatalf("Open of the new game: %v", err)
	}
	defer l3.Close()
	if got := l3.State().Played; got != 1 {
		t.Errorf("played %d hands, want 1", got)
	}
}

// A last line cut after it was written whole (the state cache saw it) is damage, not a write a crash
// interrupted: Open refuses and leaves the file as it is, with nothing moved to FILE.torn. Without
// the cache (deleted by the user), the same line is kept aside as an interrupted write.
func TestCutLineIsNotTorn(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	for _, h := range []Hand{win("Ben", "Ann", 5), self("Cat", 3)} {
		l.Add(h)
	}
	l.Close()
	data, _ := os.ReadFile(path)
	cut := data[:len(data)-20]
	os.WriteFile(path, cut, 0o644)
	_, err := Open(path, WithSettler(testSettler))
	var re *RecordError
	if !errors.As(err, &re) || !strings.Contains(re.Msg, "was written whole") || !strings.Contains(re.Msg, "nothing was changed") {
		t.Fatalf("Open of a cut record: %v", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, cut) {
		t.Errorf("the file changed: %d bytes, want %d", len(got), len(cut))
	}
	if _, err := os.Stat(path + ".torn"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a .torn file was written: %v", err)
	}
	os.Remove(cachePath(path))
	l2, err := Open(path, WithSettler(testSettler))
	if err != nil {
		t.Fatalf("Open without the cache: %v", err)
	}
	defer l2.Close()
	if l2.Recovered() == nil {
		t.Error("without the cache the cut line was not kept aside as torn")
	}
}
