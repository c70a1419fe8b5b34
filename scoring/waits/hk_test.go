package waits_test

import (
	"testing"

	_ "github.com/mjref/mjref/engine" // registers the hk section and built-in rulesets
	"github.com/mjref/mjref/family/hongkong"
	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/hk"
	"github.com/mjref/mjref/scoring/shanten"
	"github.com/mjref/mjref/scoring/waits"
	"pgregory.net/rapid"
)

// Adding any wait makes the Hong Kong scorer accept the hand's shape: it finds a reading, whatever the
// faan (issue 5: "adding a wait makes score accept the hand's shape").
func TestPropertyWaitsScoreAccepts(t *testing.T) {
	rs, err := rulesets.Load("hk", "min_faan=0")
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(t *rapid.T) {
		// A ready hand: a winning hand less one random concealed tile.
		w := handgen.Winning(t)
		c := w.Concealed
		ts := c.Tiles()
		c[ts[rapid.IntRange(0, len(ts)-1).Draw(t, "drop")]]--
		h := notation.Hand{Concealed: c, Melds: w.Melds}
		a := waits.Analyze(&h, waits.Options{Shapes: shanten.ShapeStandard | shanten.ShapeThirteenOrphans})
		if !a.Ready {
			t.Fatalf("%v: a complete hand less one tile is not ready", c)
		}
		for _, w := range a.Waits {
			won := h
			won.Concealed[w.Tile]++
			won.Win = w.Tile
			res, err := hk.Score(&won, scoring.Situation{Win: scoring.SelfDraw, Discarder: notation.NoSeat}, hongkong.Rules(rs))
			if err != nil {
				t.Fatalf("%v + %v: %v", c, w.Tile, err)
			}
			if res.Decomposition == nil {
				t.Fatalf("%v + %v: the scorer finds no winning shape: %s", c, w.Tile, res.Reason)
			}
		}
	})
}
