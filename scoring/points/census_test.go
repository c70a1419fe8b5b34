package points

import (
	"testing"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// eachSuitHand calls f with every multiset of n tiles from 1m-9m, four of each at most.
func eachSuitHand(n int, f func(c notation.Counts)) {
	var c notation.Counts
	var rec func(k notation.Tile, left int)
	rec = func(k notation.Tile, left int) {
		if k > notation.M1+8 {
			if left == 0 {
				f(c)
			}
			return
		}
		for x := 0; x <= min(4, left); x++ {
			c[k] = uint8(x)
			rec(k+1, left-x)
		}
		c[k] = 0
	}
	rec(notation.M1, n)
}

// TestCensus checks every one-suit hand, as joker's census does: every 14-tile hand as a winner
// (self-drawn, and on a discard of its highest tile) and every 13-tile hand as a non-winner with a
// regular and a boosted flower, against the naive scorer.
func TestCensus(t *testing.T) {
	if testing.Short() {
		t.Skip("census skipped in -short")
	}
	r := Default()
	wins, hands := 0, 0
	eachSuitHand(14, func(c notation.Counts) {
		hands++
		win := notation.M1 + 8
		for c[win] == 0 {
			win--
		}
		for _, kind := range []scoring.WinKind{scoring.SelfDraw, scoring.Discard} {
			h := notation.Hand{Concealed: c, Win: win}
			got, _ := ScoreWinner(&h, kind, r)
			n := naive{r: r, discard: kind == scoring.Discard, win: win}
			std, ok := n.best(c)
			if ss, ssOK := n.sevenSisters(c); ssOK && (!ok || ss > std) {
				std, ok = ss, true
			}
			if got.Valid != ok || (ok && got.Total != std) {
				t.Fatalf("%s %s: search %v %d, naive %v %d", c, kind, got.Valid, got.Total, ok, std)
			}
			if ok && kind == scoring.SelfDraw {
				wins++
			}
		}
	})
	losers := 0
	eachSuitHand(13, func(c notation.Counts) {
		losers++
		h := notation.Hand{Concealed: c, Bonus: []notation.BonusTile{{Tile: notation.F1}, {Tile: notation.F1 + 1, Boosted: true}}}
		got, err := ScoreLoser(&h, r)
		if err != nil {
			t.Fatal(err)
		}
		n := naive{r: r, loser: true, fl: []bool{false, true}}
		want, hasSet := n.best(c)
		if !hasSet {
			want = n.allPairs(c)
		}
		if got.Total != want {
			t.Fatalf("%s: search %d, naive %d\n%s", c, got.Total, want, got)
		}
	})
	t.Logf("%d one-suit 14-tile hands (%d winning), %d 13-tile non-winner hands", hands, wins, losers)
}
