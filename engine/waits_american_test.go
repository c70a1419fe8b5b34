package engine_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/notation"
)

// TestAmericanWaitsCountEveryTile checks that waits counts an American hand as the card does,
// every tile with its flowers and a kong as four, and weighs the discards of a 14-tile hand. Before,
// it counted as Hong Kong does: a 13-tile hand holding flowers was refused as 11 or 12 tiles, and a
// 14-tile one was read as 13 and called not ready (exit 1), or listed no discard at all.
func TestAmericanWaitsCountEveryTile(t *testing.T) {
	e, err := engine.Open("american", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	type discard struct {
		Tile   string
		Waits  string
		Unseen int
	}
	cases := []struct {
		hand     string
		tiles    int
		ready    bool
		complete bool
		waits    string    // 13 tiles: the waits, in notation
		discards []discard // 14 tiles: the discards that leave the hand ready
		positive bool
	}{
		// W1 is FF NN EEEE WW SSSS: one flower short, it waits on the second.
		{hand: "f 44z 1111z 33z 2222z", tiles: 13, ready: true, waits: "f", positive: true},
		{hand: "ff 44z 1111z 33z 222z", tiles: 13, ready: true, waits: "2zJ", positive: true},
		// Two pairs stay pairs: no joker helps, and 4z is what is missing.
		{hand: "ff 4z 1111z 33z 2222z", tiles: 13, ready: true, waits: "4z", positive: true},
		{hand: "ff 2222m 44m 666p 88p", tiles: 13},
		// A joker in a pair has no place: the hand holds 14 tiles, and each discard of 1z, 2z or the
		// joker leaves it waiting on the second flower.
		{hand: "fJ 44z 1111z 33z 2222z", tiles: 14, positive: true, discards: []discard{{"1z", "f", 7}, {"2z", "f", 7}, {"J", "f", 7}}},
		// E1 (2222a 44a 666b 88b DDDc) already won; each discard leaves a wait.
		{hand: "2222m 44m 666p 88p 666z", tiles: 14, complete: true, positive: true, discards: []discard{
			{"6p", "6pJ", 9}, {"6z", "6zJ", 9}, {"2m", "2mJ", 8}, {"4m", "4m", 2}, {"8p", "8p", 2}}},
		{hand: "2222m 44m 666p 88p 667z", tiles: 14, positive: true, discards: []discard{{"7z", "6zJ", 10}}},
		{hand: "123m 456p 789s 1234z 5z", tiles: 14},
	}
	for _, c := range cases {
		v, err := e.Waits(engine.WaitsRequest{Hand: c.hand})
		if err != nil {
			t.Errorf("%s: %v", c.hand, err)
			continue
		}
		var waits []notation.Tile
		for _, w := range v.Waits {
			waits = append(waits, w.Tile)
		}
		var ds []discard
		for _, d := range v.Discards {
			if d.Shanten != 0 {
				t.Errorf("%s: discard %s: shanten %d, want 0 (only ready discards are listed)", c.hand, d.Tile, d.Shanten)
			}
			ds = append(ds, discard{d.Tile.String(), notation.FormatTiles(d.Improving), d.Unseen})
		}
		if v.Tiles != c.tiles || v.Ready != c.ready || v.Complete != c.complete || v.Positive() != c.positive {
			t.Errorf("%s: tiles %d ready %v complete %v positive %v, want %d %v %v %v", c.hand, v.Tiles, v.Ready, v.Complete, v.Positive(), c.tiles, c.ready, c.complete, c.positive)
		}
		if got := notation.FormatTiles(waits); got != c.waits {
			t.Errorf("%s: waits %q, want %q", c.hand, got, c.waits)
		}
		if diff := cmp.Diff(c.discards, ds); diff != "" {
			t.Errorf("%s: discards (-want +got):\n%s", c.hand, diff)
		}
	}
	// 12 or 15 tiles, counted as the card counts them, are refused with the count.
	for hand, want := range map[string]string{
		"ff 44z 111z 33z 222z":    "12 tiles (every tile counts, kongs as 4 and flowers too)",
		"fff 44z 1111z 33z 2222z": "15 tiles (every tile counts, kongs as 4 and flowers too)",
	} {
		_, err := e.Waits(engine.WaitsRequest{Hand: hand})
		if err == nil || !engine.IsInput(err) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want input error holding %q", hand, err, want)
		}
	}
}
