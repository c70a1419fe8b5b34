package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/scoring"
)

// writeSeason writes a season of evenings ledgers of hands hands each into dir (Hong Kong, four
// players out of six, a mix of discard wins, self-draws and drawn hands, each evening its own, so
// that no two read as copies of one game), and returns dir.
func writeSeason(tb testing.TB, dir string, evenings, hands int) string {
	tb.Helper()
	names := []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Flo"}
	start := time.Date(2026, 1, 2, 19, 0, 0, 0, time.UTC)
	for n := range evenings {
		path := filepath.Join(dir, fmt.Sprintf("%04d.jsonl", n+1))
		var players [4]string
		for i := range players {
			players[i] = names[(n+i)%len(names)]
		}
		l, err := NewLedger(path, "hk", NewLedgerOptions{Players: players, Length: "open"})
		if err != nil {
			tb.Fatal(err)
		}
		at := start.Add(time.Duration(n) * 24 * time.Hour)
		opts := append(l.options(), ledger.WithClock(func() time.Time { at = at.Add(time.Minute); return at }))
		lg, err := ledger.Open(path, opts...)
		if err != nil {
			tb.Fatal(err)
		}
		for k := range hands {
			h := ledger.Hand{Winner: players[k%4], Faan: 3 + (k+n)%5}
			if k < 3 { // each evening its own hands: the first three spell n in base 8 (to 512 evenings)
				h.Faan = 3 + n>>(3*k)%8
			}
			switch {
			case k%11 == 10:
				h = ledger.Hand{Drawn: true}
			case k%7 == 6:
				h.Win = scoring.SelfDraw
			default:
				h.Discarder = players[(k+1+k%3)%4]
			}
			if _, err := lg.Add(h); err != nil {
				tb.Fatalf("%s hand %d: %v", path, k+1, err)
			}
		}
		if err := lg.Close(); err != nil {
			tb.Fatal(err)
		}
		os.Remove(filepath.Join(dir, "."+filepath.Base(path)+".state")) // as a club's collected copies come
	}
	return dir
}

// BenchmarkSeason reads a season of 500 evenings of 30 hands each: every ledger verified (its
// chain, and every payment settled again) and the standings added up.
func BenchmarkSeason(b *testing.B) {
	dir := writeSeason(b, b.TempDir(), 500, 30)
	b.ResetTimer()
	for b.Loop() {
		v, err := Season(SeasonOptions{Paths: []string{dir}})
		if err != nil {
			b.Fatal(err)
		}
		if len(v.Evenings) != 500 || len(v.Standings) != 6 {
			b.Fatalf("%d evenings, %d players", len(v.Evenings), len(v.Standings))
		}
	}
}
