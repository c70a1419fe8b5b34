package handgen

import (
	"math/rand/v2"
	"testing"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring/shanten"
	"pgregory.net/rapid"
)

// Every hand drawn is a winning shape of fourteen tiles (kongs as three) within the four-copies limit.
func TestWinningHandsWin(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, h notation.Hand) {
		all := h.All()
		if !Fits(&all) || h.TileCount() != 14 || h.Concealed[h.Win] == 0 {
			t.Fatalf("%s: not a hand of 14 tiles within the limit with its winning tile", notation.Format(h))
		}
		if !shanten.IsWinning(&h.Concealed, len(h.Melds)) {
			t.Fatalf("%s: not a winning shape", notation.Format(h))
		}
	}
	rapid.Check(t, func(t *rapid.T) { check(t, Winning(t)) })
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		check(t, Random(r, 2))
	}
}
