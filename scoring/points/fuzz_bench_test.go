package points

import (
	"errors"
	"testing"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// FuzzScore scores any hand the notation accepts, as a winner and as a non-winner: no panic, an
// error is ErrImpossible or ErrNotWinning, and the items of a valid result add up to its total.
func FuzzScore(f *testing.F) {
	for _, s := range []string{
		"123m456m789p111z55s", "123m777z99m [555p] [789s] 1f 2f*", "11m55m99p22s33s11z77z",
		"123m456p777z99p5m8s", "123m456p777z99p5m8s 3f*", "22m55m88m22p55p88p2s+2s",
		"11m99m11p99p11z22z5m", "123m777z99m (5555p) [789s]", "2344m456p789p111z+4m",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, discard bool) {
		h, err := notation.Parse(s)
		if err != nil {
			return
		}
		win := scoring.SelfDraw
		if discard {
			win = scoring.Discard
		}
		r := Default()
		check := func(res Result, err error) {
			if err != nil {
				if !errors.Is(err, scoring.ErrImpossible) && !errors.Is(err, scoring.ErrNotWinning) {
					t.Fatalf("%q: unexpected error %v", s, err)
				}
				return
			}
			sum := 0
			for _, it := range res.Items {
				sum += it.Value
			}
			if !res.Valid || sum != res.Total {
				t.Fatalf("%q: valid %v, items sum %d, total %d", s, res.Valid, sum, res.Total)
			}
			_ = res.String()
		}
		check(ScoreWinner(&h, win, r))
		check(ScoreLoser(&h, r))
	})
}

// FuzzOptionText feeds any text to the option parsers: no panic, and what parses prints back the same.
func FuzzOptionText(f *testing.F) {
	for _, s := range []string{"forced", "best", "sets", "forbidden", "play-on", "shared", "mahjong", "", "Forced"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var n NonwinnerSets
		if err := n.UnmarshalText([]byte(s)); err == nil && n.String() != s {
			t.Fatalf("nonwinner_sets %q prints %q", s, n)
		}
		var k KongRule
		if err := k.UnmarshalText([]byte(s)); err == nil && k.String() != s {
			t.Fatalf("kongs %q prints %q", s, k)
		}
		var ti TieRule
		if err := ti.UnmarshalText([]byte(s)); err == nil && ti.String() != s {
			t.Fatalf("ties %q prints %q", s, ti)
		}
	})
}

func BenchmarkScoreWinner(b *testing.B) {
	for _, c := range []struct{ name, hand string }{
		{"standard", "123m777z99m [555p] [789s] 1f 2f*"},
		{"pure-suit", "1112345678999m+5m"},
		{"seven-sisters", "11223344556677m"},
	} {
		h := notation.MustParse(c.hand)
		r := Default()
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := ScoreWinner(&h, scoring.Discard, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkScoreLoser(b *testing.B) {
	for _, c := range []struct{ name, hand string }{
		{"issue", "123m456p777z99p5m8s 3f*"},
		{"one-suit", "1112345678999m 1f 2f* 3f 4f*"},
		{"all-pairs", "22m55m88m22p55p88p1z"},
	} {
		h := notation.MustParse(c.hand)
		r := Default()
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := ScoreLoser(&h, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
