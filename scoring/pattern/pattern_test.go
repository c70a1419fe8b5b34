package pattern

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseGroup(t *testing.T) {
	tests := []struct {
		group string
		d     Dialect
		want  []Alt
	}{
		{"123a", HouseHands, []Alt{{Text: "123a", Elems: []Elem{{Num, 1}, {Num, 2}, {Num, 3}}, Suffix: SuitA}}},
		{"X+0X+1X+2b", HouseHands, []Alt{{Text: "X+0X+1X+2b", Elems: []Elem{{X, 0}, {X, 1}, {X, 2}}, Suffix: SuitB}}},
		{"XXXX+1c", Cards, []Alt{{Text: "XXXX+1c", Elems: []Elem{{X, 1}, {X, 1}, {X, 1}, {X, 1}}, Suffix: SuitC}}},
		{"XX", Cards, nil}, // X needs a suffix
		{"DDD*", HouseHands, []Alt{{Text: "DDD*", Elems: []Elem{{Dragon, 0}, {Dragon, 0}, {Dragon, 0}}, Suffix: AnySuit}}},
		{"ZZZ", HouseHands, []Alt{{Text: "ZZZ", Elems: []Elem{{AnyWind, 0}, {AnyWind, 0}, {AnyWind, 0}}}}},
		{"???", HouseHands, []Alt{{Text: "???", Elems: []Elem{{AnyTile, 0}, {AnyTile, 0}, {AnyTile, 0}}}}},
		{"???m", HouseHands, []Alt{{Text: "???m", Elems: []Elem{{AnyTile, 0}, {AnyTile, 0}, {AnyTile, 0}}, Suffix: Man}}},
		{"??a", HouseHands, []Alt{{Text: "??a", Elems: []Elem{{AnyTile, 0}, {AnyTile, 0}}, Suffix: SuitA}}},
		{"?+0?+1?+2p", HouseHands, []Alt{{Text: "?+0?+1?+2p", Elems: []Elem{{AnyTile, 0}, {AnyTile, 1}, {AnyTile, 2}}, Suffix: Pin}}},
		{"???*|?+0?+1?+2*", HouseHands, []Alt{{Text: "???*", Elems: []Elem{{AnyTile, 0}, {AnyTile, 0}, {AnyTile, 0}}, Suffix: AnySuit}, {Text: "?+0?+1?+2*", Elems: []Elem{{AnyTile, 0}, {AnyTile, 1}, {AnyTile, 2}}, Suffix: AnySuit}}},
		{"NEWS", Cards, []Alt{{Text: "NEWS", Elems: []Elem{{Wind, 3}, {Wind, 0}, {Wind, 2}, {Wind, 1}}}}},
		{"FF|00", Cards, []Alt{{Text: "FF", Elems: []Elem{{Flower, 0}, {Flower, 0}}}, {Text: "00", Elems: []Elem{{Zero, 0}, {Zero, 0}}}}},
		{"555m|666p", HouseHands, []Alt{{Text: "555m", Elems: []Elem{{Num, 5}, {Num, 5}, {Num, 5}}, Suffix: Man}, {Text: "666p", Elems: []Elem{{Num, 6}, {Num, 6}, {Num, 6}}, Suffix: Pin}}},
	}
	for _, tt := range tests {
		t.Run(tt.group, func(t *testing.T) {
			got, err := ParseGroup(tt.group, tt.d)
			if len(tt.want) == 0 {
				if err == nil {
					t.Fatalf("ParseGroup(%q) = %v, want an error", tt.group, got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func TestParseGroupErrors(t *testing.T) {
	tests := []struct {
		group string
		d     Dialect
		want  string
	}{
		{"FF", HouseHands, `group "FF": F: flowers are never part of a Hong Kong hand`},
		{"QQQ", HouseHands, `group "QQQ": unknown variable 'Q': the number variables are X and Y`},
		{"123d", HouseHands, `unknown suit variable 'd'`},
		{"666z", HouseHands, "z is not a pattern suffix"},
		{"123d", Cards, `unknown symbol 'd': expected 1-9, 0, X, X+k, Y, Y+k, D, Rd, Gd, Wd, F`},
		{"#", HouseHands, `unknown symbol '#': expected 1-9, 0, X, X+k, Y, Y+k, D, Rd, Gd, Wd, N, E, W, S, Z, ?, ?+k and a suit`},
		{"???", Cards, `group "???": unknown symbol '?': expected 1-9, 0, X, X+k, Y, Y+k, D, Rd, Gd, Wd, F, N, E, W, S, Z and a suit`},
		{"123", Cards, "suit suffix missing"},
		{"EEEa", HouseHands, `suit suffix "a" not allowed`},
		{"??Em", HouseHands, `suit suffix "m" not allowed`},
		{"E+1", HouseHands, "'+' must follow X, Y or ?"},
		{"X+9a", Cards, "an offset is at most +8"},
		{"1+1a", Cards, "'+' must follow X"},
		{"X+a", Cards, "'+' must be followed by one digit"},
		{"111a|22a", HouseHands, "alternatives have different sizes (3 and 2 tiles)"},
		{"a", HouseHands, "a group needs at least one tile"},
		{"111a|", HouseHands, "empty alternative"},
		{strings.Repeat("1", 15) + "a", Cards, "at most 14 tiles"},
	}
	for _, tt := range tests {
		t.Run(tt.group, func(t *testing.T) {
			_, err := ParseGroup(tt.group, tt.d)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("ParseGroup(%q) error %v, want one containing %q", tt.group, err, tt.want)
			}
		})
	}
}

// FuzzParseGroup reads any group in both dialects: no panic, every symbol of a known kind, and a
// suffix exactly when the group holds numbers, X or D (or, in house hands, only ?).
func FuzzParseGroup(f *testing.F) {
	for _, s := range []string{"123a", "X+0X+1X+2b", "DDD*", "ZZZ", "???", "FF|00", "XXXX+1c", "+1", "X+", "|", "NEWS", "???m", "?+0?+1?+2a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, d := range []Dialect{Cards, HouseHands} {
			alts, err := ParseGroup(s, d)
			if err != nil {
				continue
			}
			for _, a := range alts {
				suited, anyTiles := false, 0
				for _, e := range a.Elems {
					if e.Kind < Num || e.Kind > NamedDragon {
						t.Fatalf("%q: unknown kind %d", s, e.Kind)
					}
					if e.Kind == AnyTile {
						anyTiles++
					}
					if (e.Kind == X || e.Kind == Y || e.Kind == AnyTile) && (e.Val < 0 || e.Val > 8) {
						t.Fatalf("%q: offset %d", s, e.Val)
					}
					suited = suited || e.Kind == Num || e.Kind == X || e.Kind == Y || e.Kind == Dragon
				}
				suffixOK := suited == (a.Suffix != NoSuffix) || (d == HouseHands && anyTiles == len(a.Elems))
				if !suffixOK || len(a.Elems) == 0 || len(a.Elems) > MaxGroupTiles {
					t.Fatalf("%q: %+v", s, a)
				}
			}
		}
	})
}
