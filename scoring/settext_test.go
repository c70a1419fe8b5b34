package scoring

import (
	"testing"

	"github.com/mjref/mjref/notation"
)

// TestSetAppendTextIsAppendTiles: a set, and a decomposition's pair, are written as
// notation.AppendTiles writes their tiles (in brackets for a meld, parentheses for a concealed
// kong), for every kind, every tile value (out of range ones too) and every flag.
func TestSetAppendTextIsAppendTiles(t *testing.T) {
	for _, kind := range []SetKind{Chow, Pong, Kong, SetKind(9)} {
		for tile := notation.Tile(0); tile <= notation.Joker+2; tile++ {
			for _, melded := range []bool{false, true} {
				for _, concealed := range []bool{false, true} {
					s := Set{Kind: kind, Tile: tile, Melded: melded, Concealed: concealed}
					var ts []notation.Tile
					for i := range s.Size() {
						if kind == Chow {
							ts = append(ts, tile+notation.Tile(i))
						} else {
							ts = append(ts, tile)
						}
					}
					want := string(notation.AppendTiles(nil, ts))
					switch {
					case melded && concealed:
						want = "(" + want + ")"
					case melded:
						want = "[" + want + "]"
					}
					if got := s.String(); got != want {
						t.Errorf("%+v: %q, want %q", s, got, want)
					}
				}
			}
			d := Decomposition{Shape: Standard, Pair: tile}
			if got, want := string(d.AppendGroup(nil, len(d.Sets))), string(notation.AppendTiles(nil, []notation.Tile{tile, tile})); got != want {
				t.Errorf("pair of %d: %q, want %q", tile, got, want)
			}
			d = Decomposition{Shape: SevenPairs, Pairs: [7]notation.Tile{tile}}
			if got, want := string(d.AppendGroup(nil, 0)), string(notation.AppendTiles(nil, []notation.Tile{tile, tile})); got != want {
				t.Errorf("seven pairs' pair of %d: %q, want %q", tile, got, want)
			}
		}
	}
}
