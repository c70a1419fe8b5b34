package pattern

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/notation"
)

// hands expands p under v and renders every hand as its groups' tiles.
func hands(t *testing.T, p string, v Vars) []string {
	t.Helper()
	pt, err := Parse(p, Cards)
	if err != nil {
		t.Fatalf("Parse(%q): %v", p, err)
	}
	var out []string
	if _, ok := pt.Expand(v, 100000, func(h *Hand) bool {
		var gs []string
		for _, g := range h.Groups {
			gs = append(gs, notation.FormatTiles(g))
		}
		out = append(out, strings.Join(gs, " "))
		return true
	}); !ok {
		t.Fatalf("Expand(%q) ran out of budget", p)
	}
	return out
}

func TestExpand(t *testing.T) {
	tests := []struct {
		name    string
		pattern string
		vars    Vars
		want    []string
	}{
		{"exact tiles", "NEWS 0 RdGdWd", Vars{}, []string{"4132z 5z 765z"}},
		{"matching dragon", "DDm DDp DDs", Vars{}, []string{"77z 55z 66z"}},
		{"any dragon", "D*", Vars{}, []string{"7z", "5z", "6z"}},
		{"suit variables differ", "1a 1b", Vars{}, []string{"1m 1p", "1m 1s", "1p 1m", "1p 1s", "1s 1m", "1s 1p"}},
		{"suit variables may share", "1a 2b", Vars{Suits: []int{1}}, []string{"1m 2m", "1p 2p", "1s 2s"}},
		{"b before a", "1b 2a", Vars{Suits: []int{1}}, []string{"1m 2m", "1p 2p", "1s 2s"}},
		{"X with offsets", "XX+1X+2m", Vars{X: []int{6, 7}}, []string{"778m", "889m"}},
		{"X+0 starts a run", "X+0X+1X+2m", Vars{X: []int{6, 7}}, []string{"678m", "789m"}},
		{"relative digits", "123m", Vars{Relative: true, X: []int{1, 7, 8}}, []string{"123m", "789m"}},
		{"Y is another number", "Xm Ym", Vars{X: []int{2}, Y: []int{1, 2, 3}}, []string{"2m 1m", "2m 3m"}},
		{"any wind per group", "Z Z", Vars{}, []string{"1z 1z", "1z 2z", "1z 3z", "1z 4z", "2z 1z", "2z 2z", "2z 3z", "2z 4z",
			"3z 1z", "3z 2z", "3z 3z", "3z 4z", "4z 1z", "4z 2z", "4z 3z", "4z 4z"}},
		{"group alternatives", "1m|2p F", Vars{}, []string{"1m f", "2p f"}},
		{"number out of range", "XX+8m", Vars{}, []string{"99m"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, hands(t, tt.pattern, tt.vars)); diff != "" {
				t.Errorf("Expand(%q) mismatch (-want +got):\n%s", tt.pattern, diff)
			}
		})
	}
}

func TestExpandAnyTile(t *testing.T) {
	p, err := Parse("? 1m", HouseHands)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	p.Expand(Vars{}, 1000, func(h *Hand) bool {
		if !h.Groups[0][0].IsPlaying() || h.Groups[1][0] != notation.MustParse("1m").Win {
			t.Errorf("hand %v", h.Groups)
		}
		n++
		return true
	})
	if n != 34 {
		t.Errorf("'?' stands for %d tiles, want 34", n)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ pattern, want string }{
		{"", "empty pattern"},
		{"1111", `group "1111": suit suffix missing: a group with numbers, X, Y or D ends in a, b, c, m, p, s or *`},
		{"NNa", `group "NNa": suit suffix "a" not allowed: only a group with numbers, X, Y or D takes a suit`},
		{"X+", `group "X+": '+' must be followed by one digit, as in X+1`},
		{"N+1", `group "N+1": '+' must follow X or Y, as in XXX+1`},
		{"XX+9a", `group "XX+9a": an offset is at most +8`},
		{"1a|22a", `group "1a|22a": alternatives have different sizes (1 and 2 tiles)`},
		{"1a|1a", `group "1a|1a": alternative "1a" is given twice`},
		{"Qd", `group "Qd": unknown symbol 'Q': expected ` + Cards.symbols() + " and a suit suffix a, b, c, m, p, s or *"},
		{"1a|", `group "1a|": empty alternative around '|'`},
	}
	for _, tt := range tests {
		t.Run(tt.pattern, func(t *testing.T) {
			_, err := Parse(tt.pattern, Cards)
			if err == nil {
				t.Fatalf("Parse(%q) succeeded", tt.pattern)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("Parse(%q) error mismatch (-want +got):\n%s", tt.pattern, diff)
			}
		})
	}
}

func TestExpandStops(t *testing.T) {
	p, err := Parse("Z Z Z Z Z Z Z Z Z Z", Cards)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	if _, ok := p.Expand(Vars{}, 1<<30, func(*Hand) bool { n++; return n < 5 }); !ok || n != 5 {
		t.Errorf("Expand stopped after %d hands (complete %v), want 5", n, ok)
	}
	if steps, ok := p.Expand(Vars{}, 100, func(*Hand) bool { return true }); ok || steps != 100 {
		t.Errorf("Expand with limit 100 = %d, %v; want 100, false", steps, ok)
	}
}

// FuzzParse: any pattern either fails with an *Error or expands to hands of real tiles, each group
// its written size.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"NN 2026a SS 666b 666c", "FF 123a 123b 111c 222c", "XXXa YYYYb RdGdWd", "X+0X+1X+2m|D*", "Z 0 F", "1a|", "X+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s, Cards)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("Parse(%q) error %T is not *Error", s, err)
			}
			return
		}
		for _, v := range []Vars{{}, {Relative: true}, {Suits: []int{1, 2, 3}}} {
			p.Expand(v, 2000, func(h *Hand) bool {
				for i, g := range h.Groups {
					if len(g) != p.Groups[i].Size() {
						t.Fatalf("%q: group %d has %d tiles, written %d", s, i, len(g), p.Groups[i].Size())
					}
					for _, tl := range g {
						if !tl.IsPlaying() && !tl.IsBonus() {
							t.Fatalf("%q: %v is not a tile", s, tl)
						}
					}
				}
				return true
			})
		}
	})
}
