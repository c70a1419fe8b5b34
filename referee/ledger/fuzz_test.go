package ledger

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/mjref/mjref/referee/gamerules"
)

// FuzzReplay feeds arbitrary bytes to the record reader: it must never panic, and whatever it
// accepts must be consistent (totals are the sums of the history, zero-sum games add up to zero).
func FuzzReplay(f *testing.F) {
	good := sampleRecord(f)
	f.Add(good)
	f.Add(good[:len(good)-7])
	f.Add([]byte{})
	f.Add([]byte("\n"))
	lines := bytes.SplitAfter(good, []byte("\n"))
	f.Add(bytes.Join(lines[:2], nil))
	f.Add(append(bytes.Join(lines[:1], nil), []byte(`{"seq":2,"event":"undo","undoes":1}`+"\n")...))
	f.Add([]byte(strings.Replace(string(good), `"deltas":[12,-4,-4,-4]`, `"deltas":[12,-4,-4,"-4.0001"]`, 1)))
	f.Add(riichiRecord(f))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := replay("fuzz.jsonl", data, nil)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.jsonl") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		var fromHistory [4]Amount
		for _, e := range s.History {
			for i, d := range e.Deltas {
				fromHistory[i] += d
			}
		}
		if fromHistory != s.Totals {
			t.Fatalf("totals %v, history gives %v", s.Totals, fromHistory)
		}
		if s.Flow.ZeroSum {
			// With the table's counters the riichi sticks on the table are what the totals lack.
			var sum Amount
			for _, x := range s.Totals {
				sum += x
			}
			if want := -Amount(s.Sticks) * max(s.Flow.RiichiStick, 0); sum != want {
				t.Fatalf("zero-sum game adds up to %s with %d riichi sticks on the table", sum, s.Sticks)
			}
		}
		if s.Played != len(s.History) || s.Events < 1 {
			t.Fatalf("played %d history %d events %d", s.Played, len(s.History), s.Events)
		}
		// Export and chart whatever was accepted.
		var b bytes.Buffer
		if err := Export(&b, &s, FormatCSV); err != nil {
			t.Fatal(err)
		}
		if err := Export(&b, &s, FormatJSON); err != nil {
			t.Fatal(err)
		}
		Sparklines(&s, 20)
	})
}

// FuzzParseLength checks that every length ParseLength accepts prints back to itself.
func FuzzParseLength(f *testing.F) {
	for _, s := range []string{"4-rounds", "1-round", "8-hands", "16-hands", "3-games", "bust", "target", "open", "0-hands", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := gamerules.ParseLength(s)
		if err != nil {
			return
		}
		back, err := gamerules.ParseLength(l.String())
		if err != nil || back != l {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, l, l.String(), back, err)
		}
	})
}

// FuzzChain edits a good record at the bytes the fuzzer picks (each pair of input bytes is a
// position and a new value): Verify must report every edit that leaves a different file, unless
// the file is now a whole prefix of the record (lines removed from the end, which only a head
// noted earlier shows; CheckHead must then report it).
func FuzzChain(f *testing.F) {
	good := sampleRecord(f)
	f.Add([]byte{10, 'x'})
	f.Add([]byte{200, '7', 201, '}'})
	f.Add([]byte{255, '\n'})
	f.Fuzz(func(t *testing.T, edits []byte) {
		data := bytes.Clone(good)
		for i := 0; i+1 < len(edits); i += 2 {
			pos := int(edits[i]) * len(data) / 256
			if edits[i+1] == 0 && pos < len(data) {
				data = data[:pos] // a zero value cuts the file there
				continue
			}
			if pos < len(data) {
				data[pos] = edits[i+1]
			}
		}
		if bytes.Equal(data, good) {
			return
		}
		rep := verify("fuzz.jsonl", data, testSettler)
		if rep.OK() && rep.Torn != nil {
			// A write cut short is the start of a line: never the whole line and more.
			lines := bytes.SplitAfter(good, []byte("\n"))
			if n := rep.Torn.Line; n <= len(lines) && bytes.HasPrefix(rep.Torn.Bytes, bytes.TrimSuffix(lines[n-1], []byte("\n"))) {
				t.Fatalf("a whole line %d with bytes after it is taken for a write cut short:\n%s", n, data)
			}
		}
		if !rep.OK() || rep.Torn != nil {
			return
		}
		whole := len(data) > 0 && (data[len(data)-1] == '\n' || good[len(data)] == '\n') // cut at a line's end
		if !bytes.HasPrefix(good, data) || !whole {
			t.Fatalf("an edited record verifies:\n%s", data)
		}
		full := verify("fuzz.jsonl", good, testSettler)
		if err := rep.CheckHead(full.Head); err != nil {
			t.Fatal(err)
		}
		if rep.OK() {
			t.Fatalf("a record cut to %d of %d bytes passes the head check", len(data), len(good))
		}
	})
}

// riichiRecord is a riichi game's record: the table's counters, a stick left on the table.
func riichiRecord(t testing.TB) []byte {
	t.Helper()
	l, path := newGame(t, riichiHeader(gamerules.Length{Kind: gamerules.Rounds, N: 1}))
	for _, h := range []Hand{
		paid(Hand{Drawn: true, Tenpai: []string{"Ann", "Ben"}, Riichi: []string{"Ben"}}, 1500, 500, -1500, -1500),
		paid(Hand{Winner: "Cat", Discarder: "Dan", Han: 3, Fu: 30, Riichi: []string{"Cat"}}, 0, 0, 5200, -4200),
		paid(Hand{Drawn: true, Abortive: "kyuushu_kyuuhai", Riichi: []string{"Dan"}}, 0, 0, 0, -1000),
	} {
		if _, err := l.Add(h); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
