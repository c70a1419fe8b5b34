package riichilog_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mjref/mjref/referee/riichilog"
)

// TestSanmaLogs replays the shared logs named sanma (issue 31): every win scored by mjref itself
// (kita included) and settled, every draw settled, each agreeing with the log's record, and a
// three-player game reported with three seats, never a fourth, empty one. sanma.xml is, despite
// its name, a four-player east-only game (GO type 2113, four names and hands); sanma2.xml is the
// three-player hanchan (GO type 185, the 0x10 bit).
func TestSanmaLogs(t *testing.T) {
	dir := findShared()
	if dir == "" {
		t.Skip("no outside riichi logs: they are read from ../shared/riichi beside the repository, which is absent")
	}
	for _, tc := range []struct {
		file          string
		players, wins int
		kita          bool // some win counts a north set aside
		uma           bool // the end after uma and oka agrees (sanma.xml's lobby deals 1,000 a seat: no preset's)
	}{
		{"sanma.xml", 4, 1, false, false},
		{"sanma2.xml", 3, 5, true, true},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, "tenhou_logs", tc.file))
			if os.IsNotExist(err) {
				t.Skipf("%s is absent", tc.file)
			}
			if err != nil {
				t.Fatal(err)
			}
			g, err := riichilog.Read(data)
			if err != nil {
				t.Fatal(err)
			}
			if g.Rules.Players != tc.players {
				t.Fatalf("%d players, want %d", g.Rules.Players, tc.players)
			}
			if diffs, unchecked := riichilog.Check(g); len(diffs) > 0 || unchecked > 0 {
				t.Errorf("the payment arithmetic: %d differences (%v), %d unchecked", len(diffs), diffs, unchecked)
			}
			v := riichilog.Review(g, nil)
			if !v.Agrees || v.Differences != 0 || v.Unchecked != 0 || !v.Legal {
				t.Errorf("agrees %v, %d differences, %d unchecked, legal %v", v.Agrees, v.Differences, v.Unchecked, v.Legal)
			}
			n := tc.players
			if len(v.Names) != n {
				t.Errorf("names %q: want %d", v.Names, n)
			}
			wins, kita := 0, false
			for _, h := range v.Hands {
				for _, r := range h.Results {
					if len(r.Deltas) != n || len(r.Recorded.Deltas) != n {
						t.Errorf("%s %s: deltas %v, recorded %v: want %d seats", h.Round, r.Kind, r.Deltas, r.Recorded.Deltas, n)
					}
					if !r.Agrees {
						t.Errorf("%s %s differs: %+v", h.Round, r.Kind, r.Differences)
					}
					if r.Kind != riichilog.Ron && r.Kind != riichilog.Tsumo {
						continue
					}
					wins++
					if r.Note != "" || len(r.Yaku) == 0 {
						t.Errorf("%s %s: not scored by mjref (%q)", h.Round, r.Kind, r.Note)
					}
					for _, y := range r.Yaku {
						kita = kita || y.ID == "kita"
					}
				}
			}
			if wins != tc.wins || kita != tc.kita {
				t.Errorf("%d wins (kita counted: %v), want %d (%v)", wins, kita, tc.wins, tc.kita)
			}
			f := v.Final
			if f == nil || !f.Agrees || len(f.Scores) != n || len(f.Recorded) != n || len(f.RecordedResults) != n {
				t.Errorf("final %+v: want %d seats, agreeing", f, n)
			}
			if f != nil && tc.uma && (f.Uma == nil || f.Uma.Agrees == nil || !*f.Uma.Agrees) {
				t.Errorf("the results after uma and oka do not agree: %+v", f.Uma)
			}
		})
	}
}
