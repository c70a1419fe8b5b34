package ledger

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"

	"github.com/mjref/mjref/referee/gamerules"
)

// addAll opens the ledger at path, adds the hands and closes it, as one 'ledger add' each.
func addAll(t testing.TB, path string, clock func() time.Time, hands ...Hand) {
	t.Helper()
	for _, h := range hands {
		l, err := Open(path, WithSettler(testSettler), WithClock(clock))
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		if _, err := l.Add(h); err != nil {
			l.Close()
			t.Fatalf("Add: %v", err)
		}
		l.Close()
	}
}

// TestDivergedCopy is issue 24's sequence: a copy taken after hand 3 goes on elsewhere (two drawn
// hands) while the real file records two self-draws; the copy copied back over the real file is
// refused by the next writer with both heads named and nothing changed, and verify reports it,
// until Recover accepts the file as it is.
func TestDivergedCopy(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.jsonl")
	clock := fixedClock()
	l, err := Create(path, hkHeader(gamerules.Length{}), WithSettler(testSettler), WithClock(clock))
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
	addAll(t, path, clock, drawn(), drawn(), drawn())
	copyData, _ := os.ReadFile(path)
	addAll(t, path, clock, self("Ben", 5), self("Cat", 4))
	real, _ := os.ReadFile(path)
	elsewhere := filepath.Join(t.TempDir(), "g.jsonl")
	os.WriteFile(elsewhere, copyData, 0o644)
	addAll(t, elsewhere, clock, drawn(), drawn())
	diverged, _ := os.ReadFile(elsewhere)
	if err := os.WriteFile(path, diverged, 0o644); err != nil { // cp elsewhere/g.jsonl g.jsonl
		t.Fatal(err)
	}

	_, err = Open(path, WithSettler(testSettler))
	if !errors.Is(err, ErrDiverged) || !errors.Is(err, ErrCorrupt) {
		t.Fatalf("Open of the diverged copy: %v, want ErrDiverged", err)
	}
	head := func(data []byte) string {
		st, err := replay(path, data, nil)
		if err != nil {
			t.Fatal(err)
		}
		seq, sum, _ := strings.Cut(st.Head, ":")
		return seq + ":" + short(sum)
	}
	want := fmt.Sprintf("%s:6: line 6 is not the line last written here: the file's head is %s, the last write (noted in .g.jsonl.state) was %s: the file was replaced by a copy that went on elsewhere, or changed; nothing was changed", path, head(diverged), head(real))
	if err.Error() != want {
		t.Errorf("error:\n%s\nwant:\n%s", err, want)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, diverged) {
		t.Fatal("the refused file was changed")
	}
	rep, err := Verify(path, WithSettler(testSettler))
	if err != nil || rep.OK() || !rep.Diverged() {
		t.Fatalf("Verify: %v, problems %v", err, rep.Problems)
	}
	if st, err := Read(path, WithSettler(testSettler)); err != nil || st.Played != 5 || !errors.Is(st.Diverged(), ErrDiverged) {
		t.Fatalf("Read: played %d, diverged %v, %v", st.Played, st.Diverged(), err)
	}
	rec, err := Recover(path, WithSettler(testSettler))
	if err != nil || !rec.Diverged || rec.Lines != 6 || rec.Noted == "" || rec.Head == rec.Noted {
		t.Fatalf("Recover = %+v, %v", rec, err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, diverged) {
		t.Fatal("Recover changed the file")
	}
	if rep, err := Verify(path, WithSettler(testSettler)); err != nil || !rep.OK() {
		t.Fatalf("Verify after Recover: %v %v", err, rep.Problems)
	}
	if st, err := Read(path); err != nil || st.Diverged() != nil {
		t.Fatalf("Read after Recover: %v, %v", st.Diverged(), err)
	}
	addAll(t, path, clock, drawn())
}

// TestPropertyDivergedCopyRefused: a ledger copied after some lines, where both the copy and the
// original go on with changes of their own (at least one line differs), and the copy is copied
// back over the original, is always refused by Open and reported by Verify, leaving the file as
// it was. A copy that only lost lines (a rollback) is refused too.
func TestPropertyDivergedCopyRefused(t *testing.T) {
	dir := t.TempDir()
	n := 0
	rapid.Check(t, func(t *rapid.T) {
		n++
		sub := filepath.Join(dir, strconv.Itoa(n))
		os.MkdirAll(filepath.Join(sub, "elsewhere"), 0o755)
		path := filepath.Join(sub, "g.jsonl")
		// Each place has its own clock: the same result recorded at another time is another line.
		here, there := fixedClock(), func() func() time.Time {
			c := fixedClock()
			return func() time.Time { return c().Add(30 * time.Second) }
		}()
		l, err := Create(path, hkHeader(gamerules.Length{}), WithSettler(testSettler), WithClock(here))
		if err != nil {
			t.Fatal(err)
		}
		l.Close()
		step := func(path string, clock func() time.Time, label string) {
			l, err := Open(path, WithSettler(testSettler), WithClock(clock))
			if err != nil {
				t.Fatalf("%s: Open: %v", label, err)
			}
			defer l.Close()
			switch rapid.IntRange(0, 5).Draw(t, label) {
			case 0:
				if _, _, err := l.Undo(); err == nil {
					return
				}
			case 1:
				if len(l.State().History) > 0 {
					if err := l.full(); err == nil {
						if _, err := l.Amend(l.state.History[0].Number, self("Dan", 3)); err == nil {
							return
						}
					}
				}
			}
			hands := []Hand{drawn(), self("Ben", 5), win("Cat", "Ann", 4), self("Dan", 3)}
			if _, err := l.Add(hands[rapid.IntRange(0, 3).Draw(t, label+" hand")]); err != nil {
				t.Fatalf("%s: Add: %v", label, err)
			}
		}
		for range rapid.IntRange(0, 5).Draw(t, "before the copy") {
			step(path, here, "here")
		}
		copyData, _ := os.ReadFile(path)
		elsewhere := filepath.Join(sub, "elsewhere", "g.jsonl")
		os.WriteFile(elsewhere, copyData, 0o644)
		for range rapid.IntRange(1, 4).Draw(t, "here after the copy") {
			step(path, here, "here")
		}
		for range rapid.IntRange(0, 4).Draw(t, "elsewhere after the copy") {
			step(elsewhere, there, "elsewhere")
		}
		back, _ := os.ReadFile(elsewhere)
		os.WriteFile(path, back, 0o644)
		if _, err := Open(path, WithSettler(testSettler)); !errors.Is(err, ErrDiverged) {
			t.Fatalf("Open of the copy copied back: %v, want ErrDiverged", err)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, back) {
			t.Fatal("the refused file was changed")
		}
		if rep, err := Verify(path, WithSettler(testSettler)); err != nil || !rep.Diverged() {
			t.Fatalf("Verify: %v, problems %v", err, rep.Problems)
		}
	})
}

// TestVerifyBesideWriters: verify run again and again while two writers add hands never reports a
// loss (issue 24: it read the file before the note of the last write, so a write between the two
// reads looked like lines removed). MJREF_STRESS=N runs N hands a writer instead of 60.
func TestVerifyBesideWriters(t *testing.T) {
	hands := 60
	if s := os.Getenv("MJREF_STRESS"); s != "" {
		hands, _ = strconv.Atoi(s)
	}
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	l.Close()
	var wg sync.WaitGroup
	done := make(chan struct{})
	errs := make(chan error, 2)
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range hands {
				l, err := Open(path, WithSettler(testSettler), WithWait(time.Minute))
				if err != nil {
					errs <- fmt.Errorf("writer %d hand %d: %v", w, i, err)
					return
				}
				_, err = l.Add(drawn())
				l.Close()
				if err != nil {
					errs <- fmt.Errorf("writer %d hand %d: %v", w, i, err)
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()
	runs := 0
	var failed error
	for stop := false; !stop && failed == nil; runs++ {
		select {
		case <-done:
			stop = true // one more run after the last write
		default:
		}
		rep, err := Verify(path, WithSettler(testSettler))
		switch {
		case err != nil:
			failed = fmt.Errorf("verify run %d: %v", runs, err)
		case !rep.OK():
			failed = fmt.Errorf("verify run %d beside two writers: %v", runs, rep.Problems[0])
		}
	}
	<-done
	if failed != nil {
		t.Fatal(failed)
	}
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	st, err := Read(path)
	if err != nil || st.Played != 2*hands {
		t.Fatalf("played %d, want %d (%v)", st.Played, 2*hands, err)
	}
	t.Logf("%d verify runs beside two writers of %d hands each: no false loss", runs, hands)
}

// richGame is a small game with a bit of everything in its state: seat change, amend, undo.
func richGame(t testing.TB) string {
	l, path := newGame(t, hkHeader(gamerules.Length{}))
	steps := []func() error{
		func() error { _, err := l.Add(win("Ben", "Ann", 5)); return err },
		func() error { _, err := l.Add(self("Cat", 3)); return err },
		func() error { return l.Seat("Dan", "Eve") },
		func() error { _, err := l.Add(win("Eve", "Cat", 6)); return err },
		func() error { _, err := l.Amend(1, win("Ben", "Cat", 4)); return err },
		func() error { _, err := l.Add(drawn()); return err },
		func() error { _, _, err := l.Undo(); return err },
		func() error { _, err := l.Add(self("Ann", 7)); return err },
	}
	for i, s := range steps {
		if err := s(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	l.Close()
	return path
}

// openAgainst opens path with cache bytes at its cache path and compares what it gives with a
// replay of the record: it returns "" when the open refused the cache as bad input or gave the
// replay's figures, else what differs.
func openAgainst(t testing.TB, path string, want State, cacheData []byte) string {
	if err := os.WriteFile(cachePath(path), cacheData, 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := Open(path, WithSettler(testSettler))
	if err != nil {
		if errors.Is(err, ErrCorrupt) {
			return ""
		}
		return fmt.Sprintf("not refused as bad input: %v", err)
	}
	defer l.Close()
	got := l.State()
	opts := cmp.Options{cmp.AllowUnexported(State{}, Entry{}, change{}), cmpopts.IgnoreFields(State{}, "History", "changes", "partial")}
	if diff := cmp.Diff(want, got, opts); diff != "" {
		return "(-replay +open)\n" + diff
	}
	if diff := cmp.Diff(want.Standings(), got.Standings()); diff != "" {
		return "standings (-replay +open)\n" + diff
	}
	return ""
}

// TestCacheOneByteEdits (issue 24): every one-byte change to a state cache that is still there, in
// 400 seeded random edits and a bit flipped at every seventh byte, either gives the replay's figures (the
// cache was rebuilt from the record) or is refused as bad input: never wrong standings, never a
// panic. The cache rebuilt is used by the next open.
func TestCacheOneByteEdits(t *testing.T) {
	path := richGame(t)
	want, err := Read(path, WithSettler(testSettler))
	if err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(cachePath(path))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(24, 7))
	var edits [][]byte
	for range 400 {
		b := bytes.Clone(good)
		i := rng.IntN(len(b))
		b[i] ^= byte(1 + rng.IntN(255))
		edits = append(edits, b)
	}
	for i := 0; i < len(good); i += 7 {
		b := bytes.Clone(good)
		b[i] ^= 1
		edits = append(edits, b)
	}
	rebuilt := 0
	for k, b := range edits {
		if diff := openAgainst(t, path, want, b); diff != "" {
			t.Fatalf("edit %d: %s", k, diff)
		}
		if c, _, _ := readCache(path); c != nil {
			rebuilt++
		}
	}
	if rebuilt != len(edits) {
		t.Errorf("%d of %d edits left a cache that checks, want all rebuilt", rebuilt, len(edits))
	}
	l, err := Open(path, WithSettler(testSettler))
	if err != nil || !l.state.partial {
		t.Fatalf("open after the rebuild: %v, from the cache %v", err, l != nil && l.state.partial)
	}
	l.Close()
}

// FuzzCache feeds arbitrary bytes to the state cache reader, through Open. As written (resum
// false), whatever it is must give the replay's figures or be refused as bad input. With its sum
// recomputed (resum), so that the fuzzer reaches the decoding and the cross-checks, it must never
// panic and an error must be bad input.
func FuzzCache(f *testing.F) {
	path := richGame(f)
	want, err := Read(path, WithSettler(testSettler))
	if err != nil {
		f.Fatal(err)
	}
	good, _ := os.ReadFile(cachePath(path))
	f.Add(good, false)
	f.Add(good[:len(good)/2], false)
	f.Add([]byte(`{"format":1}`), false)
	f.Add([]byte{}, false)
	if i := bytes.LastIndex(good, []byte(sumKey)); i > 0 {
		body := append(bytes.Clone(good[:i]), '}')
		f.Add(body, true)
		f.Add(bytes.Replace(body, []byte(`"dealer":"`), []byte(`"dealer":"x`), 1), true)
		f.Add(bytes.Replace(body, []byte(`"Dealer":`), []byte(`"Dealer":9`), 1), true)
		f.Add(bytes.Replace(body, []byte(`"total":`), []byte(`"total":1`), 1), true)
	}
	// The record is never changed here (no hand is added), so a cache that keeps the file's
	// identity reaches the cross-checks of the state.
	f.Fuzz(func(t *testing.T, data []byte, resum bool) {
		if !resum {
			if diff := openAgainst(t, path, want, data); diff != "" {
				t.Fatal(diff)
			}
			return
		}
		if len(data) > 0 && data[len(data)-1] == '}' {
			b := append(append(bytes.Clone(data[:len(data)-1]), sumKey...), sumOf(data)...)
			data = append(b, '"', '}')
		}
		os.WriteFile(cachePath(path), data, 0o644)
		l, err := Open(path, WithSettler(testSettler))
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("not bad input: %v", err)
			}
			return
		}
		st := l.State()
		st.Standings()
		st.Table()
		l.Close()
	})
}

// TestCacheCrossChecks: a cache whose own sum checks (recomputed after the change) but which does
// not fit itself or the file's header is not used: the state is the replay's.
func TestCacheCrossChecks(t *testing.T) {
	path := richGame(t)
	want, err := Read(path, WithSettler(testSettler))
	if err != nil {
		t.Fatal(err)
	}
	good, _ := os.ReadFile(cachePath(path))
	c, ok := decodeCache(good)
	if !ok {
		t.Fatal("the cache written does not check")
	}
	for _, m := range []struct {
		name   string
		change func(c *cache)
	}{
		{"a total", func(c *cache) { c.State.Totals[1] += Whole(8); c.State.People[1].Total += Whole(8) }},
		{"totals of seat and person", func(c *cache) { c.State.Totals[1] += Whole(8) }},
		{"the dealer's index", func(c *cache) { c.Pos.Dealer = 9 }},
		{"the dealer", func(c *cache) { c.Pos.Dealer = (c.Pos.Dealer + 1) % 4 }},
		{"who sits", func(c *cache) { c.State.Players[0], c.State.Players[1] = c.State.Players[1], c.State.Players[0] }},
		{"an empty name", func(c *cache) { c.State.Players[2] = ""; c.State.People[2].Name = "" }},
		{"the ruleset", func(c *cache) { c.State.Ruleset = "mcr" }},
		{"the flow", func(c *cache) { c.State.Flow.ZeroSum = false }},
		{"the header line", func(c *cache) { c.First = strings.Repeat("0", sumLen) }},
		{"the seq", func(c *cache) { c.State.Events++ }},
		{"the next hand", func(c *cache) { c.Pos.Hand++ }},
		{"the history", func(c *cache) { c.State.History = nil }},
		{"the game's end", func(c *cache) { c.State.Over = true }},
	} {
		t.Run(m.name, func(t *testing.T) {
			bad, _ := decodeCache(good)
			m.change(bad)
			b, err := encodeCache(bad)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := decodeCache(b); !ok {
				t.Fatal("the changed cache does not check")
			}
			if diff := openAgainst(t, path, want, b); diff != "" {
				t.Fatal(diff)
			}
		})
	}
	_ = c
}
