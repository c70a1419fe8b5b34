package deburger_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family/deburger"
	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
)

// TestAppendJSONMatchesEncodingJSON checks the DeBurger writer byte for byte against encoding/json:
// winners and non-winners, with and without flowers (numbered, unnumbered, boosted), hands that do
// not win, and an item with an awkward note.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	e, err := engine.Open("deburger-2026", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	type tc struct {
		hand  notation.Hand
		loser bool
	}
	r := rand.New(rand.NewPCG(3, 9))
	var cases []tc
	for i := range 1500 {
		h := handgen.Random(r, 2)
		loser := i%4 == 3
		if loser { // a non-winner holds 13: one tile less, and no winning tile
			h.Concealed[h.Win]--
			h.Win = notation.NoTile
		}
		for range r.IntN(4) { // flowers and seasons, some boosted, some unnumbered
			bt := notation.BonusTile{Tile: notation.F1 + notation.Tile(r.IntN(8)), Boosted: r.IntN(3) == 0}
			if r.IntN(5) == 0 {
				bt.Tile = notation.Flower
			}
			h.Bonus = append(h.Bonus, bt)
		}
		cases = append(cases, tc{h, loser})
	}
	for _, s := range []string{"123m456p789s1z", "1122m3344p5566s77z", "19m19p19s1234567z+1z", "111z222z333z444z5z", "123m 1f* 2f f"} {
		cases = append(cases, tc{hand: notation.MustParse(s)})
	}
	var compared, losers, flowers, cancels, reasons int
	for i, c := range cases {
		loser := c.loser
		req := engine.ScoreRequest{Hand: notation.Format(c.hand), Seat: "S", Loser: &loser}
		switch {
		case loser:
		case i%2 == 1:
			req.Win = "self-draw"
		default:
			req.Win, req.Discarder = "discard", "W"
		}
		sc, err := e.Score(req)
		if err != nil {
			continue // a second copy of a numbered flower: refused, no JSON to compare
		}
		v := sc.(*deburger.Scored)
		v.InputLine = i
		if i%7 == 0 && len(v.Items) > 0 {
			v.Items[0].Note = "a \"quoted\" note\twith \\ and \u2028 and \x01 and <html>"
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		if got := append(v.AppendJSON(nil), '\n'); !bytes.Equal(want.Bytes(), got) {
			t.Fatalf("%s:\nencoding/json: %s\nAppendJSON:    %s", req.Hand, want.Bytes(), got)
		}
		compared++
		if loser {
			losers++
		}
		if v.Reason != "" {
			reasons++
		}
		flowers += len(v.Flowers)
		for _, f := range v.Flowers {
			if f.Cancels != notation.NoTile {
				cancels++
			}
		}
	}
	// The cases must reach every optional field, or the comparison proves little.
	if compared < len(cases)*3/4 || losers == 0 || flowers == 0 || cancels == 0 || reasons == 0 {
		t.Fatalf("compared %d of %d: %d non-winners, %d flowers (%d cancelling), %d not wins", compared, len(cases), losers, flowers, cancels, reasons)
	}
}
