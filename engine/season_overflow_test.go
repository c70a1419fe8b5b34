package engine

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// A season whose sums would leave the exact range is refused (bad input), never counted wrong:
// before, --normalise american=900000000000000 gave every player a negative net, the winner of
// both evenings too, and the nets did not sum to zero.
func TestSeasonOverflowRefused(t *testing.T) {
	dir := t.TempDir()
	night := func(name, rules string, req LedgerRequest) string {
		path := filepath.Join(dir, name)
		if _, err := NewLedger(path, rules, NewLedgerOptions{Players: [4]string{"Ann", "Ben", "Cat", "Dan"}}); err != nil {
			t.Fatal(err)
		}
		l, err := OpenLedger(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := l.Add(req); err != nil {
			t.Fatal(err)
		}
		return path
	}
	hk := night("hk.jsonl", "hk", LedgerRequest{Winner: "Ben", Faan: "3", Discarder: "Ann"})
	am1 := night("am1.jsonl", "american", LedgerRequest{Winner: "Ben", Value: "25", Discarder: "Ann"}) // Ben +100
	am2 := night("am2.jsonl", "american", LedgerRequest{Winner: "Ben", Value: "25", Discarder: "Cat"})
	for _, c := range []struct {
		paths []string
		rate  string
		want  bool // refused
	}{
		{[]string{hk, am1, am2}, "american=1000000", false},
		// One evening's change times the rate leaves the range.
		{[]string{hk, am1}, "american=900000000000000", true},
		// Each evening's fits (Ben +100 × 5e12 = 5e14 of at most 9.2e14), the season's sum not.
		{[]string{hk, am1}, "american=5000000000000", false},
		{[]string{hk, am1, am2}, "american=5000000000000", true},
	} {
		v, err := Season(SeasonOptions{Paths: c.paths, Normalise: []string{c.rate}})
		name := fmt.Sprintf("%d evenings, %s", len(c.paths), c.rate)
		if !c.want {
			if err != nil {
				t.Errorf("%s: %v, want counted", name, err)
				continue
			}
			var sum int64
			for _, s := range v.Standings {
				sum += int64(s.Net)
			}
			if sum != 0 || v.Standings[0].Player != "Ben" {
				t.Errorf("%s: standings %+v: nets sum to %d, want 0 with Ben first", name, v.Standings, sum)
			}
			continue
		}
		if err == nil || !IsInput(err) || !strings.Contains(err.Error(), "past what mjref counts exactly") {
			t.Errorf("%s: %v, want bad input", name, err)
		}
	}
}
