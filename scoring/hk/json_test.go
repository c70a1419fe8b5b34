package hk

import (
	"testing"

	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"pgregory.net/rapid"
)

// A reading's JSON, written straight from the decomposition, is what building it from the group
// strings writes, for every shape (seven pairs and thirteen orphans included) and winning group.
func TestRapidReadingJSONMatchesNaive(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, h notation.Hand) {
		for _, discard := range []bool{false, true} {
			scoring.Decompose(&h, scoring.DecomposeOptions{SevenPairs: true, ThirteenOrphans: true, DiscardWin: discard}, func(d *scoring.Decomposition) bool {
				r := &Reading{Decomposition: *d}
				if got, want := string(r.appendJSON(nil)), string(naiveReadingJSON(r, nil)); got != want {
					t.Fatalf("%s:\ngot  %s\nwant %s", notation.Format(h), got, want)
				}
				return true
			})
		}
	}
	rapid.Check(t, func(rt *rapid.T) { check(rt, handgen.Winning(rt)) })
	for _, s := range []string{"1133557799m11p11s", "19m19p19s1234567z+1z", "123m456p789s11z [555p]", "123m456p789s11z (2222s)"} {
		check(t, notation.MustParse(s))
	}
}

// naiveReadingJSON is Reading.appendJSON built from the group strings, as it was first written.
func naiveReadingJSON(r *Reading, b []byte) []byte {
	g := r.Groups()
	var sets []string
	var pair, win string
	switch r.Shape {
	case scoring.Standard:
		sets, pair = g[:4], g[4]
		switch {
		case r.Win == scoring.WinInPair:
			win = pair
		case r.Win >= 0:
			win = sets[r.Win]
		}
	case scoring.ThirteenOrphans:
		sets, pair = g[:1], notation.FormatTiles([]notation.Tile{r.Pair, r.Pair})
	default:
		sets = g
	}
	b = append(b, `{"shape":`...)
	b = scoring.AppendJSONString(b, r.Shape.String())
	b = append(b, `,"sets":`...)
	if sets == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, s := range sets {
			if i > 0 {
				b = append(b, ',')
			}
			b = scoring.AppendJSONString(b, s)
		}
		b = append(b, ']')
	}
	if pair != "" {
		b = append(b, `,"pair":`...)
		b = scoring.AppendJSONString(b, pair)
	}
	if win != "" {
		b = append(b, `,"win_in":`...)
		b = scoring.AppendJSONString(b, win)
	}
	return append(b, '}')
}
