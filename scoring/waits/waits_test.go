package waits

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/shanten"
	"pgregory.net/rapid"
)

func ptr(n int) *int { return &n }

func TestAnalyzeWaits(t *testing.T) {
	tests := []struct {
		name     string
		hand     string
		seen     string
		shapes   shanten.Shapes
		repeated bool // seven_pairs_repeated
		shanten  Shanten
		waits    []Wait
	}{
		{name: "two-sided wait", hand: "123m456p789s11z45s", shapes: shanten.ShapeStandard | shanten.ShapeThirteenOrphans,
			shanten: Shanten{Standard: ptr(0), ThirteenOrphans: ptr(9), Best: 0},
			waits:   []Wait{{Tile: notation.S1 + 2, Unseen: 4}, {Tile: notation.S1 + 5, Unseen: 4}}},
		{name: "seen copies", hand: "123m456p789s11z45s", seen: "3s3s6s", shapes: shanten.ShapeStandard,
			shanten: Shanten{Standard: ptr(0), Best: 0},
			waits:   []Wait{{Tile: notation.S1 + 2, Unseen: 2}, {Tile: notation.S1 + 5, Unseen: 3}}},
		{name: "nine gates waits on all nine", hand: "1112345678999m", shapes: shanten.ShapeStandard,
			shanten: Shanten{Standard: ptr(0), Best: 0},
			waits: []Wait{{Tile: notation.M1, Unseen: 1}, {Tile: notation.M1 + 1, Unseen: 3}, {Tile: notation.M1 + 2, Unseen: 3},
				{Tile: notation.M1 + 3, Unseen: 3}, {Tile: notation.M1 + 4, Unseen: 3}, {Tile: notation.M1 + 5, Unseen: 3},
				{Tile: notation.M1 + 6, Unseen: 3}, {Tile: notation.M1 + 7, Unseen: 3}, {Tile: notation.M1 + 8, Unseen: 1}}},
		{name: "a fifth copy still counts as a wait", hand: "1111m 234p 567p 789s", shapes: shanten.ShapeStandard,
			shanten: Shanten{Standard: ptr(0), Best: 0},
			waits:   []Wait{{Tile: notation.M1, Unseen: 0}}},
		{name: "thirteen orphans, thirteen-sided", hand: "19m19p19s1234567z", shapes: shanten.AllShapes,
			shanten: Shanten{Standard: ptr(8), SevenPairs: ptr(6), ThirteenOrphans: ptr(0), Best: 0}},
		{name: "seven pairs single", hand: "1122m3344p5566s7z", shapes: shanten.ShapeStandard | shanten.ShapeSevenPairs,
			shanten: Shanten{Standard: ptr(3), SevenPairs: ptr(0), Best: 0},
			waits:   []Wait{{Tile: notation.Red, Unseen: 3}}},
		{name: "luxury seven pairs waits on the fourth copy", hand: "111m22m3344p5566s", shapes: shanten.ShapeStandard | shanten.ShapeSevenPairs,
			repeated: true, shanten: Shanten{Standard: ptr(2), SevenPairs: ptr(0), Best: 0},
			waits: []Wait{{Tile: notation.M1, Unseen: 1}}},
		{name: "without the option it is not ready", hand: "111m22m3344p5566s", shapes: shanten.ShapeStandard | shanten.ShapeSevenPairs,
			shanten: Shanten{Standard: ptr(2), SevenPairs: ptr(1), Best: 1}},
		{name: "not ready", hand: "13579m2468p1357s", shapes: shanten.ShapeStandard,
			shanten: Shanten{Standard: ptr(4), Best: 4}},
		{name: "with melds", hand: "5m [123s] [456s] [789s] [111z]", shapes: shanten.AllShapes,
			shanten: Shanten{Standard: ptr(0), Best: 0},
			waits:   []Wait{{Tile: notation.M1 + 4, Unseen: 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := notation.MustParse(tt.hand)
			opt := Options{Shapes: tt.shapes, SevenPairsRepeated: tt.repeated}
			if tt.seen != "" {
				ts, _ := notation.ParseTiles(tt.seen)
				opt.Seen = notation.CountsOf(ts...)
			}
			a := Analyze(&h, opt)
			if diff := cmp.Diff(tt.shanten, a.Shanten); diff != "" {
				t.Errorf("shanten (-want +got):\n%s", diff)
			}
			if tt.name == "thirteen orphans, thirteen-sided" {
				if len(a.Waits) != 13 {
					t.Errorf("waits = %d tiles, want 13", len(a.Waits))
				}
				return
			}
			want := tt.waits
			if want == nil {
				want = []Wait{}
			}
			if diff := cmp.Diff(want, a.Waits); diff != "" {
				t.Errorf("waits (-want +got):\n%s", diff)
			}
			if a.Ready != (len(a.Waits) > 0) {
				t.Errorf("ready = %v with %d waits", a.Ready, len(a.Waits))
			}
		})
	}
}

func TestAnalyzeValues(t *testing.T) {
	h := notation.MustParse("123m456p789s11z45s")
	calls := 0
	a := Analyze(&h, Options{Shapes: shanten.ShapeStandard, Value: func(won *notation.Hand, win scoring.WinKind) Value {
		calls++
		if won.Concealed.Total() != 14 || won.Concealed[won.Win] == 0 {
			t.Errorf("valuer got %v with win %v", notation.Format(*won), won.Win)
		}
		return Value{Valid: true, Total: int(win), Unit: "faan"}
	}})
	if calls != 4 {
		t.Fatalf("valuer called %d times, want 2 waits x 2 ways", calls)
	}
	if v := a.Waits[0].Value; v == nil || v.Discard.Total != int(scoring.Discard) || v.SelfDraw.Total != int(scoring.SelfDraw) {
		t.Errorf("values not attached to the right win kinds: %+v", a.Waits[0])
	}
}

func TestAnalyzeDiscards(t *testing.T) {
	h := notation.MustParse("123m456p789s11z459s")
	a := Analyze(&h, Options{Shapes: shanten.ShapeStandard})
	if a.Complete || len(a.Discards) != 12 {
		t.Fatalf("complete %v, %d discards", a.Complete, len(a.Discards))
	}
	best := 99
	for _, d := range a.Discards {
		if d.Tile == notation.S1+8 {
			if d.Shanten != 0 || d.Unseen != 8 {
				t.Errorf("discard 9s: %+v, want ready on 3s 6s with 8 unseen", d)
			}
		}
		best = min(best, d.Shanten)
	}
	if best != 0 {
		t.Errorf("best discard leaves shanten %d, want 0", best)
	}
}

// A hand is ready exactly when it has waits, and adding any wait makes the standard shape complete.
func TestPropertyReadyIffWaits(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var c notation.Counts
		for c.Total() < 13 {
			tl := notation.Tile(rapid.IntRange(1, 34).Draw(t, "tile"))
			if c[tl] < 4 {
				c[tl]++
			}
		}
		h := notation.Hand{Concealed: c}
		a := Analyze(&h, Options{Shapes: shanten.ShapeStandard})
		if a.Ready != (len(a.Waits) > 0) {
			t.Fatalf("%v: ready %v but %d waits", c, a.Ready, len(a.Waits))
		}
		for _, w := range a.Waits {
			cc := c
			cc[w.Tile]++
			complete := shanten.IsWinning(&cc, 0) || (cc[w.Tile] == 5 && shanten.FifthCopies(&c, 0).Has(w.Tile))
			if !complete {
				t.Fatalf("%v + %v is not a winning shape", c, w.Tile)
			}
		}
	})
}

func BenchmarkAnalyzeReady(b *testing.B) {
	h := notation.MustParse("1112345678999m")
	for b.Loop() {
		Analyze(&h, Options{Shapes: shanten.AllShapes})
	}
}
