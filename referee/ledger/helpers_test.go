package ledger

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/mjref/mjref/referee/gamerules"
)

// halfSpicy is the seed's half-spicy table: faan -> points of one share.
var halfSpicy = [...]int64{0: 1, 1: 1, 2: 2, 3: 4, 4: 8, 5: 12, 6: 16, 7: 24, 8: 32, 9: 48, 10: 64}

// testSettler settles Hong Kong hands the standard way (全銃): on a self-draw each opponent pays one
// share, on a discard the discarder pays three shares alone. It stands in for referee/settle.
var testSettler = SettlerFunc(func(h Hand, t Table) ([4]Amount, error) {
	var d [4]Amount
	if h.Winner == "" {
		return d, nil
	}
	share := Whole(halfSpicy[min(h.Faan, 10)])
	if h.Limit {
		share = Whole(64)
	}
	w := t.Index(h.Winner)
	if h.SelfDrawn() {
		for i := range 4 {
			if i != w {
				d[i] -= share
				d[w] += share
			}
		}
		return d, nil
	}
	for _, c := range h.Claims() {
		share := Whole(halfSpicy[min(c.Faan, 10)])
		if c.Limit {
			share = Whole(64)
		}
		d[t.Index(h.Discarder)] -= 3 * share
		d[t.Index(c.Winner)] += 3 * share
	}
	_ = w
	return d, nil
})

var players = [4]string{"Ann", "Ben", "Cat", "Dan"}

// fixedClock returns a clock that ticks a minute per call from a fixed start.
func fixedClock() func() time.Time {
	t := time.Date(2026, 11, 28, 19, 0, 0, 0, time.UTC)
	return func() time.Time {
		t = t.Add(time.Minute)
		return t
	}
}

func hkHeader(length gamerules.Length) Header {
	f := gamerules.HongKongFlow()
	f.Length = length
	return Header{Players: players, Ruleset: "hk", Family: "hk", Flow: f}
}

// newGame creates a ledger in a temporary directory.
func newGame(t testing.TB, h Header) (*Ledger, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "evening.jsonl")
	l, err := Create(path, h, WithSettler(testSettler), WithClock(fixedClock()))
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	t.Cleanup(func() { l.Close() })
	return l, path
}

func win(winner, discarder string, faan int) Hand {
	return Hand{Winner: winner, Discarder: discarder, Faan: faan}
}

func self(winner string, faan int) Hand { return Hand{Winner: winner, Win: 1, Faan: faan} }

func drawn() Hand { return Hand{Drawn: true} }

func pts(a ...int64) []Amount {
	out := make([]Amount, len(a))
	for i, v := range a {
		out[i] = Whole(v)
	}
	return out
}

func totals(a, b, c, d int64) [4]Amount { return [4]Amount{Whole(a), Whole(b), Whole(c), Whole(d)} }
