package scoring

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
	"pgregory.net/rapid"
)

// readings collects every reading of hand as strings, each with the group the winning tile sits in.
func readings(t *testing.T, hand string, opt DecomposeOptions) []string {
	t.Helper()
	h := notation.MustParse(hand)
	var out []string
	Decompose(&h, opt, func(d *Decomposition) bool {
		s := d.Shape.String() + ": " + d.String()
		switch {
		case d.Win == WinInPair:
			s += " win:pair"
		case d.Win >= 0:
			s += " win:" + d.Sets[d.Win].String()
			if !d.Sets[d.Win].Concealed {
				s += "(open)"
			}
		}
		out = append(out, s)
		return true
	})
	slices.Sort(out)
	return out
}

func TestDecompose(t *testing.T) {
	tests := []struct {
		name string
		hand string
		opt  DecomposeOptions
		want []string
	}{
		{
			name: "issue example",
			hand: "123m456p789s111z55z",
			want: []string{"standard: 123m 456p 789s 111z 55z win:pair"},
		},
		{
			name: "three pongs or three chows",
			hand: "111222333m789p55s",
			want: []string{
				"standard: 111m 222m 333m 789p 55s win:pair",
				"standard: 123m 123m 123m 789p 55s win:pair",
			},
		},
		{
			name: "self-draw places the winning tile once",
			hand: "11m234m789p123s55s+1m",
			want: []string{"standard: 111m 234m 789p 123s 55s win:111m"},
		},
		{
			name: "discard tries every place for the winning tile",
			hand: "11m123m789p555s99s+1m",
			opt:  DecomposeOptions{DiscardWin: true},
			want: []string{
				"standard: 111m 123m 789p 555s 99s win:111m(open)",
				"standard: 111m 123m 789p 555s 99s win:123m(open)",
			},
		},
		{
			name: "melds come first",
			hand: "456p789s55z [123m] (1111z)",
			want: []string{"standard: [123m] (1111z) 456p 789s 55z win:pair"},
		},
		{
			name: "seven pairs only when asked",
			hand: "1122m3344p5566s77z",
			want: nil,
		},
		{
			name: "seven pairs",
			hand: "1122m3344p5566s77z",
			opt:  DecomposeOptions{SevenPairs: true},
			want: []string{"seven-pairs: 11m 22m 33p 44p 55s 66s 77z win:pair"},
		},
		{
			name: "four of a kind is not two pairs",
			hand: "1111m3344p5566s77z",
			opt:  DecomposeOptions{SevenPairs: true},
			want: nil,
		},
		{
			name: "four of a kind is two pairs under SevenPairsRepeated",
			hand: "1111m3344p5566s77z",
			opt:  DecomposeOptions{SevenPairs: true, SevenPairsRepeated: true},
			want: []string{"seven-pairs: 11m 11m 33p 44p 55s 66s 77z win:pair"},
		},
		{
			name: "SevenPairsRepeated alone finds no seven pairs",
			hand: "1111m3344p5566s77z",
			opt:  DecomposeOptions{SevenPairsRepeated: true},
			want: nil,
		},
		{
			name: "seven pairs that is also standard",
			hand: "112233m445566p77z",
			opt:  DecomposeOptions{SevenPairs: true},
			want: []string{
				"seven-pairs: 11m 22m 33m 44p 55p 66p 77z win:pair",
				"standard: 123m 123m 456p 456p 77z win:pair",
			},
		},
		{
			name: "thirteen orphans",
			hand: "19m19p19s12345677z",
			opt:  DecomposeOptions{ThirteenOrphans: true},
			want: []string{"thirteen-orphans: 19m19p19s1234567z 7z win:pair"},
		},
		{
			name: "thirteen tiles is no reading",
			hand: "123m456p789s111z5z",
			want: nil,
		},
		{
			name: "a joker is no reading",
			hand: "123m456p789s111z5zJ",
			want: nil,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := readings(t, tc.hand, tc.opt)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("readings of %s (-want +got):\n%s", tc.hand, diff)
			}
		})
	}
}

func TestDecomposePairOrPong(t *testing.T) {
	got := readings(t, "1123m456p789s111z+1m", DecomposeOptions{DiscardWin: true})
	want := []string{
		"standard: 123m 456p 789s 111z 11m win:pair",
		"standard: 123m 456p 789s 111z 11m win:123m(open)",
	}
	slices.Sort(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestNineGatesReadings(t *testing.T) {
	// Every tile completes the nine gates; each completion has at least one reading.
	for n := 1; n <= 9; n++ {
		h := notation.MustParse("1112345678999m")
		h.Concealed[notation.Tile(n)]++
		h.Win = notation.Tile(n)
		count := 0
		Decompose(&h, DecomposeOptions{}, func(*Decomposition) bool { count++; return true })
		if count == 0 {
			t.Errorf("nine gates + %dm: no reading", n)
		}
		if !IsWinning(&h.Concealed, 0) {
			t.Errorf("nine gates + %dm: IsWinning false", n)
		}
	}
}

func TestDecomposeStops(t *testing.T) {
	h := notation.MustParse("111222333m789p55s")
	calls := 0
	Decompose(&h, DecomposeOptions{}, func(*Decomposition) bool { calls++; return false })
	if calls != 1 {
		t.Errorf("yield called %d times after returning false, want 1", calls)
	}
}

func TestIsWinning(t *testing.T) {
	tests := []struct {
		name  string
		hand  string
		melds int
		want  bool
	}{
		{"issue example", "123m456p789s111z55z", 0, true},
		{"one tile off", "123m456p789s111z56z", 0, false},
		{"thirteen tiles", "123m456p789s111z5z", 0, false},
		{"thirteen orphans", "19m19p19s12345677z", 0, true},
		{"thirteen orphans with a meld is not", "19m19p19s1234567z", 1, false},
		{"seven pairs is not standard", "1122m3344p5566s77z", 0, false},
		{"two melds", "456p789s55z", 2, true},
		{"honour single", "123m456p789s11z234z", 0, false},
		{"four honours", "123m456p789s1111z5z", 0, false},
		{"pair in a suit", "123m456p789s111z22s", 0, true},
		{"flower in the hand", "123m456p789s111z5z1f", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := notation.ParseTiles(tc.hand)
			if err != nil {
				t.Fatal(err)
			}
			counts := notation.CountsOf(c...)
			if got := IsWinning(&counts, tc.melds); got != tc.want {
				t.Errorf("IsWinning(%s, %d) = %v, want %v", tc.hand, tc.melds, got, tc.want)
			}
		})
	}
}

// naiveWinning is the obvious recursion: take a pair once, then pongs and chows from the lowest tile.
func naiveWinning(c *notation.Counts, pair bool) bool {
	t := notation.Tile(1)
	for t <= notation.Red && c[t] == 0 {
		t++
	}
	if t > notation.Red {
		return pair
	}
	if !pair && c[t] >= 2 {
		c[t] -= 2
		ok := naiveWinning(c, true)
		c[t] += 2
		if ok {
			return true
		}
	}
	if c[t] >= 3 {
		c[t] -= 3
		ok := naiveWinning(c, pair)
		c[t] += 3
		if ok {
			return true
		}
	}
	if t.IsSuited() && t.Num() <= 7 && c[t+1] > 0 && c[t+2] > 0 {
		c[t]--
		c[t+1]--
		c[t+2]--
		ok := naiveWinning(c, pair)
		c[t]++
		c[t+1]++
		c[t+2]++
		return ok
	}
	return false
}

// TestCensusSingleSuit checks IsWinning and Decompose against the naive recursion on every
// single-suit hand of 14 tiles (at most four of a tile), and that every reading uses exactly the hand.
func TestCensusSingleSuit(t *testing.T) {
	var a [9]uint8
	hands, wins := 0, 0
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == 8 {
			if left > 4 {
				return
			}
			a[8] = uint8(left)
			hands++
			var h notation.Hand
			for j, v := range a {
				h.Concealed[notation.M1+notation.Tile(j)] = v
			}
			for j := 8; j >= 0; j-- {
				if a[j] > 0 {
					h.Win = notation.M1 + notation.Tile(j)
					break
				}
			}
			c := h.Concealed
			want := naiveWinning(&c, false)
			if got := IsWinning(&h.Concealed, 0); got != want {
				t.Fatalf("IsWinning(%s) = %v, naive says %v", h.Concealed, got, want)
			}
			n := 0
			Decompose(&h, DecomposeOptions{}, func(d *Decomposition) bool {
				n++
				if got := d.Counts(); got != h.Concealed {
					t.Fatalf("reading %s of %s uses %s", d, h.Concealed, got)
				}
				return true
			})
			if (n > 0) != want {
				t.Fatalf("Decompose(%s) gave %d readings, naive says winning=%v", h.Concealed, n, want)
			}
			if want {
				wins++
			}
			return
		}
		for v := 0; v <= 4 && v <= left; v++ {
			a[i] = uint8(v)
			rec(i+1, left-v)
		}
	}
	rec(0, 14)
	t.Logf("%d single-suit hands, %d winning", hands, wins)
	if hands == 0 || wins == 0 {
		t.Fatalf("census enumerated %d hands, %d winning", hands, wins)
	}
}

// TestRapidDecompositionsConserveTiles: every reading of a random winning hand uses exactly its tiles,
// and there is at least one.
func TestRapidDecompositionsConserveTiles(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := handgen.Winning(t)
		want := h.All()
		n := 0
		Decompose(&h, DecomposeOptions{SevenPairs: true, ThirteenOrphans: true, DiscardWin: rapid.Bool().Draw(t, "discard")}, func(d *Decomposition) bool {
			n++
			if got := d.Counts(); got != want {
				t.Fatalf("reading %s of %s uses %s", d, h, got)
			}
			if d.Shape == Standard && d.Win != NoWin && d.Win != WinInPair && !d.Sets[d.Win].Has(h.Win) {
				t.Fatalf("reading %s says the winning tile %s is in %s", d, h.Win, d.Sets[d.Win])
			}
			return true
		})
		if n == 0 {
			t.Fatalf("winning hand %s has no reading", h)
		}
		if !IsWinning(&h.Concealed, len(h.Melds)) {
			t.Fatalf("IsWinning(%s) = false", h)
		}
	})
}

// randomWinning returns n random winning hands without melds, for benchmarks.
func randomWinning(n int) []notation.Hand {
	r := rand.New(rand.NewPCG(1, 2))
	out := make([]notation.Hand, n)
	for i := range out {
		out[i] = handgen.Random(r, 0)
	}
	return out
}

func BenchmarkDecompose(b *testing.B) {
	hands := randomWinning(1024)
	i := 0
	n := 0
	for b.Loop() {
		Decompose(&hands[i&1023], DecomposeOptions{ThirteenOrphans: true, DiscardWin: true}, func(*Decomposition) bool { n++; return true })
		i++
	}
	if n == 0 {
		b.Fatal("no readings")
	}
}

func BenchmarkReadings(b *testing.B) {
	hands := randomWinning(1024)
	var dc Decomposer
	i := 0
	n := 0
	for b.Loop() {
		n += len(dc.Readings(&hands[i&1023], DecomposeOptions{ThirteenOrphans: true, DiscardWin: true}))
		i++
	}
	if n == 0 {
		b.Fatal("no readings")
	}
}

func BenchmarkIsWinning(b *testing.B) {
	hands := randomWinning(1024)
	i := 0
	for b.Loop() {
		if !IsWinning(&hands[i&1023].Concealed, 0) {
			b.Fatal("not winning")
		}
		i++
	}
}

// Groups, written without intermediate strings, reads as the plain string-building version does, for
// every shape, melded and concealed sets included.
func TestRapidGroupsMatchNaive(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		h := handgen.Winning(t)
		Decompose(&h, DecomposeOptions{SevenPairs: true, ThirteenOrphans: true}, func(d *Decomposition) bool {
			if got, want := d.Groups(), naiveGroups(d); !slices.Equal(got, want) {
				t.Fatalf("Groups() = %q, want %q", got, want)
			}
			return true
		})
	})
	for _, s := range []string{"1133557799m11p11s", "19m19p19s1234567z+1z"} {
		h := notation.MustParse(s)
		Decompose(&h, DecomposeOptions{SevenPairs: true, ThirteenOrphans: true}, func(d *Decomposition) bool {
			if got, want := d.Groups(), naiveGroups(d); !slices.Equal(got, want) {
				t.Errorf("%s: Groups() = %q, want %q", s, got, want)
			}
			return true
		})
	}
}

// naiveSetString is Set.String built from strings.
func naiveSetString(s Set) string {
	body := notation.FormatTiles(s.Tiles())
	switch {
	case s.Melded && s.Concealed:
		return "(" + body + ")"
	case s.Melded:
		return "[" + body + "]"
	}
	return body
}

func naiveGroups(d *Decomposition) []string {
	switch d.Shape {
	case SevenPairs:
		out := make([]string, 0, 7)
		for _, p := range d.Pairs {
			out = append(out, notation.FormatTiles([]notation.Tile{p, p}))
		}
		return out
	case ThirteenOrphans:
		return []string{notation.FormatTiles(orphans[:]), d.Pair.String()}
	}
	out := make([]string, 0, 5)
	for _, s := range d.Sets {
		out = append(out, naiveSetString(s))
	}
	return append(out, notation.FormatTiles([]notation.Tile{d.Pair, d.Pair}))
}
