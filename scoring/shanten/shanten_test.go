package shanten

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring/shanten/internal/tables"
	"pgregory.net/rapid"
)

func counts(t testing.TB, s string) notation.Counts {
	t.Helper()
	ts, err := notation.ParseTiles(s)
	if err != nil {
		t.Fatalf("ParseTiles(%q): %v", s, err)
	}
	return notation.CountsOf(ts...)
}

func TestAll(t *testing.T) {
	tests := []struct {
		name  string
		hand  string
		melds int
		want  Numbers
	}{
		{"complete", "123m456p789s11122z", 0, Numbers{-1, 4, 8, -1}},
		{"ready two-sided", "23m456p789s111z22z", 0, Numbers{0, 4, 9, 0}},
		{"nine gates", "1112345678999m", 0, Numbers{0, 4, 10, 0}},
		{"seven pairs ready", "1133m2255p4477s1z", 0, Numbers{3, 0, 10, 0}},
		{"four of a kind is not two pairs", "1111m2255p4477s11z", 0, Numbers{2, 1, 10, 1}},
		{"thirteen orphans ready", "19m19p19s1234567z", 0, Numbers{8, 6, 0, 0}},
		{"thirteen orphans complete", "19m19p19s12345677z", 0, Numbers{7, 5, -1, -1}},
		// The hand's own four 1m make the only shape wait a fifth 1m: not ready.
		{"pure fifth-copy wait", "1111m234p567p789s", 0, Numbers{1, 5, 10, 1}},
		{"worst standard", "147m258p369s1234z", 0, Numbers{8, 6, 7, 6}},
		{"two melds declared", "23m55p789s", 2, Numbers{0, NoShape, NoShape, 0}},
		{"four melds, pair wait", "5z", 4, Numbers{0, NoShape, NoShape, 0}},
		{"four melds, complete", "55z", 4, Numbers{-1, NoShape, NoShape, -1}},
		{"bad meld count", "55z", 5, Numbers{NoShape, NoShape, NoShape, NoShape}},
		{"empty", "", 0, Numbers{13, 13, 13, 13}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := counts(t, tt.hand)
			got := All(&c, tt.melds, AllShapes)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("All(%s, %d) (-want +got):\n%s", tt.hand, tt.melds, diff)
			}
		})
	}
}

func TestShapesFilter(t *testing.T) {
	c := counts(t, "1133m2255p4477s1z")
	tests := []struct {
		name   string
		shapes Shapes
		want   int
	}{
		{"all", AllShapes, 0},
		{"standard only", ShapeStandard, 3},
		{"seven pairs only", ShapeSevenPairs, 0},
		{"orphans only", ShapeThirteenOrphans, 10},
		{"none", 0, NoShape},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Best(&c, 0, tt.shapes)); diff != "" {
				t.Errorf("Best (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWaits(t *testing.T) {
	tests := []struct {
		name   string
		hand   string
		melds  int
		shapes Shapes
		want   string
	}{
		{"two-sided", "23m456p789s111z22z", 0, AllShapes, "1m 4m"},
		{"nine gates", "1112345678999m", 0, AllShapes, "1m 2m 3m 4m 5m 6m 7m 8m 9m"},
		{"seven pairs single", "1133m2255p4477s1z", 0, AllShapes, "1z"},
		{"seven pairs not allowed", "1133m2255p4477s1z", 0, ShapeStandard, ""},
		{"thirteen-sided", "19m19p19s1234567z", 0, AllShapes, "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z"},
		{"orphans missing one", "19m19p19s1234566z", 0, AllShapes, "7z"},
		{"fourth copy counts", "1112345678999m", 0, ShapeStandard, "1m 2m 3m 4m 5m 6m 7m 8m 9m"},
		{"no fifth copy", "1111m234p567p789s", 0, AllShapes, ""},
		{"fifth copy dropped, others kept", "1111234m567p789s", 0, AllShapes, "4m"},
		{"melds declared", "46p55z", 3, AllShapes, "5p"},
		{"pair wait after four melds", "7z", 4, AllShapes, "7z"},
		{"not ready", "147m258p369s1234z", 0, AllShapes, ""},
		{"wrong size", "23m456p789s111z2z", 0, AllShapes, ""},
		{"seven pairs, wrong size", "1133m2255p4477s12z", 0, AllShapes, ""},
		{"over four", "11111m", 3, AllShapes, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := counts(t, tt.hand)
			got := Waits(&c, tt.melds, tt.shapes).String()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Waits(%s) (-want +got):\n%s", tt.hand, diff)
			}
		})
	}
}

func TestFifthCopies(t *testing.T) {
	tests := []struct {
		name  string
		hand  string
		melds int
		want  string
	}{
		{"pure single wait", "1111m234p567p789s", 0, "1m"},
		{"beside a real wait", "1111234m567p789s", 0, "1m"},
		{"honours", "1111z234p567p789s", 0, "1z"},
		{"five as pair and three sequences", "1223333445m", 1, "3m"},
		{"with melds", "1111m", 3, "1m"},
		{"four held but no shape", "1111m2579p1234z", 0, ""},
		{"nothing held four times", "1112345678999m", 0, ""},
		{"wrong size", "1111m", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := counts(t, tt.hand)
			if diff := cmp.Diff(tt.want, FifthCopies(&c, tt.melds).String()); diff != "" {
				t.Errorf("FifthCopies(%s, %d) (-want +got):\n%s", tt.hand, tt.melds, diff)
			}
		})
	}
}

func TestIsWinning(t *testing.T) {
	tests := []struct {
		name  string
		hand  string
		melds int
		want  bool
	}{
		{"standard", "123m456p789s11122z", 0, true},
		{"nine gates", "11123455678999m", 0, true},
		{"four pairs and sets", "11m22p33s44z", 2, false},
		{"seven pairs is not standard", "1133m2255p4477s11z", 0, false},
		{"thirteen tiles", "123m456p789s1112z", 0, false},
		{"one meld", "123m456p11122z", 1, true},
		{"four melds", "55z", 4, true},
		{"pair split across suits", "123m456p789s111z1m1p", 0, false},
		{"over four", "11111m", 3, false},
		{"bad meld count", "55z", 5, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := counts(t, tt.hand)
			if diff := cmp.Diff(tt.want, IsWinning(&c, tt.melds)); diff != "" {
				t.Errorf("IsWinning(%s, %d) (-want +got):\n%s", tt.hand, tt.melds, diff)
			}
		})
	}
	t.Run("seven pairs", func(t *testing.T) {
		c := counts(t, "1133m2255p4477s11z")
		d := counts(t, "1111m2255p4477s11z")
		if diff := cmp.Diff([]bool{true, false}, []bool{IsSevenPairs(&c), IsSevenPairs(&d)}); diff != "" {
			t.Errorf("IsSevenPairs (-want +got):\n%s", diff)
		}
	})
	t.Run("thirteen orphans", func(t *testing.T) {
		c := counts(t, "19m19p19s12345677z")
		d := counts(t, "19m19p19s1234567z")
		if diff := cmp.Diff([]bool{true, false}, []bool{IsThirteenOrphans(&c), IsThirteenOrphans(&d)}); diff != "" {
			t.Errorf("IsThirteenOrphans (-want +got):\n%s", diff)
		}
	})
}

func TestDiscards(t *testing.T) {
	c := counts(t, "123m456p789s11z23z3z")
	got := Discards(&c, 0, AllShapes)
	type row struct {
		Tile    string
		Shanten int
		Imp     string
	}
	var rows []row
	for _, d := range got {
		rows = append(rows, row{d.Tile.String(), d.Shanten, d.Improving.String()})
	}
	want := []row{
		{"1m", 1, "1m 4m 1z 3z"},
		{"2m", 1, "2m 1z 3z"},
		{"3m", 1, "3m 1z 3z"},
		{"4p", 1, "4p 7p 1z 3z"},
		{"5p", 1, "5p 1z 3z"},
		{"6p", 1, "3p 6p 1z 3z"},
		{"7s", 1, "7s 1z 3z"},
		{"8s", 1, "8s 1z 3z"},
		{"9s", 1, "6s 9s 1z 3z"},
		{"1z", 1, "1z 2z 3z"},
		{"2z", 0, "1z 3z"}, // shanpon
		{"3z", 1, "1z 2z 3z"},
	}
	if diff := cmp.Diff(want, rows); diff != "" {
		t.Errorf("Discards (-want +got):\n%s", diff)
	}
}

func TestOversizedHands(t *testing.T) {
	// More than fourteen tiles of one suit go through the slow path; they must not panic and
	// must agree with the reference.
	tests := []struct {
		name  string
		hand  string
		melds int
	}{
		{"fifteen of a suit", "111222333444555m", 0},
		{"eighteen of a suit", "111122223333444455m", 0},
		{"honours", "111122223333444z", 0},
		{"five copies", "11111m234p", 2},
		{"fourteen of a suit", "11122233345678m", 0},
		{"fourteen honours", "11122233344455z", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := counts(t, tt.hand)
			cc := clamp(&c)
			want := refStandard(&cc, tt.melds)
			if diff := cmp.Diff(want, Standard(&c, tt.melds)); diff != "" {
				t.Errorf("Standard (-want +got):\n%s", diff)
			}
			_ = Discards(&c, tt.melds, AllShapes)
			_ = Waits(&c, tt.melds, AllShapes)
			_ = IsWinning(&c, tt.melds)
			gotBest, gotImp := Improving(&cc, tt.melds, ShapeStandard)
			var wantImp WaitSet
			for k := notation.M1; k <= notation.Red; k++ {
				if cc[k] < 4 {
					cc[k]++
					if refStandard(&cc, tt.melds) < want {
						wantImp = wantImp.With(k)
					}
					cc[k]--
				}
			}
			if diff := cmp.Diff([]any{want, wantImp.String()}, []any{gotBest, gotImp.String()}); diff != "" {
				t.Errorf("Improving (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCensus checks every single-suit vector of at most fourteen tiles (and every honour vector)
// against the reference search, for every number of sets and with and without the pair; and
// checks the complete-shape bits against the distances.
func TestCensus(t *testing.T) {
	load()
	for _, g := range []struct {
		name    string
		ix      *tables.Index
		class   []uint8
		entries []uint64
		done    []uint64
	}{
		{"suit", tables.NewIndex(9, 5, true), tbl.SuitClass, tbl.SuitEntry, tbl.SuitDone},
		{"honours", tables.NewIndex(7, 4, false), tbl.HonorClass, tbl.HonorEntry, tbl.HonorDone},
	} {
		t.Run(g.name, func(t *testing.T) {
			var v [9]uint8
			checked, bad := 0, 0
			stack := make([]*refDP, g.ix.Digits+1)
			for i := range stack {
				stack[i] = new(refDP)
			}
			stack[0] = refStart()
			var walk func(i, sum int)
			walk = func(i, sum int) {
				if i == g.ix.Digits {
					want := refFinish(stack[i])
					r, ok := g.ix.RankOf(&v)
					if !ok {
						t.Fatalf("%v not ranked", v)
					}
					e := g.entries[g.class[r]]
					var got [10]int
					for l := range got {
						got[l] = int(e >> (4 * l) & 15)
					}
					complete := want[sum/3+5*(sum%3/2)] == 0 && sum%3 != 1
					if diff := cmp.Diff(want, got); diff != "" || complete != done(g.done, uint32(r)) {
						bad++
						if bad < 5 {
							t.Errorf("%v (-want +got):\n%s complete %v", v[:g.ix.Digits], diff, complete)
						}
					}
					// The whole-hand path through the class tables: the other groups are empty,
					// and an empty group is 3 tiles from each set and 2 from the pair.
					if g.ix.Seqs {
						var c notation.Counts
						copy(c[notation.P1:notation.P1+9], v[:9])
						for melds := 0; 3*melds+sum <= 14 && melds <= 4; melds++ {
							sets, best := 4-melds, inf
							for m := 0; m <= sets; m++ {
								best = min(best, want[m]+3*(sets-m)+2, want[m+5]+3*(sets-m))
							}
							if got := Standard(&c, melds); got != best-1 {
								bad++
								if bad < 5 {
									t.Errorf("Standard(%v, %d) = %d, want %d", c, melds, got, best-1)
								}
							}
						}
					}
					checked++
					return
				}
				for x := 0; x <= 4 && sum+x <= maxGroup; x++ {
					v[i] = uint8(x)
					refStep(stack[i], stack[i+1], x, g.ix.Seqs && i+2 < g.ix.Digits)
					walk(i+1, sum+x)
				}
				v[i] = 0
			}
			walk(0, 0)
			if checked != g.ix.Size {
				t.Errorf("checked %d vectors, want %d", checked, g.ix.Size)
			}
			t.Logf("%d vectors, %d wrong", checked, bad)
		})
	}
}

// TestEmbeddedTables checks that the generated file is what the generator builds now: run go
// generate after changing internal/tables.
func TestEmbeddedTables(t *testing.T) {
	load()
	if diff := cmp.Diff(tables.Build(), &tbl); diff != "" {
		t.Errorf("embedded tables differ from tables.Build() (-want +got):\n%s", diff)
	}
}

// genHand draws a hand of n tiles from a shuffled wall, or (when near) a complete hand minus
// some tiles, so that ready and nearly ready hands are common.
func genHand(t *rapid.T, n int, melds int) notation.Counts {
	r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
	if rapid.Bool().Draw(t, "near") {
		c := randomWin(r, 4-melds)
		ts := c.Tiles()
		for i := 14 - 3*melds; i > n; i-- {
			j := r.IntN(len(ts))
			c[ts[j]]--
			ts = append(ts[:j], ts[j+1:]...)
		}
		return c
	}
	return randomHand(r, n)
}

func TestPropertyMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		melds := rapid.IntRange(0, 4).Draw(t, "melds")
		n := rapid.IntRange(0, 14-3*melds).Draw(t, "n")
		c := genHand(t, n, melds)
		want := Numbers{refStandard(&c, melds), NoShape, NoShape, 0}
		if melds == 0 {
			want.SevenPairs, want.ThirteenOrphans = refSevenPairs(&c), refThirteenOrphans(&c)
		}
		want.Best = min(want.Standard, want.SevenPairs, want.ThirteenOrphans)
		if diff := cmp.Diff(want, All(&c, melds, AllShapes)); diff != "" {
			t.Fatalf("All(%v, %d) (-want +got):\n%s", c, melds, diff)
		}
		if diff := cmp.Diff(want.Standard == -1 && c.Total() == 14-3*melds, IsWinning(&c, melds)); diff != "" {
			t.Fatalf("IsWinning(%v, %d) (-want +got):\n%s", c, melds, diff)
		}
	})
}

// TestPropertyNaiveSuit checks single-suit hands against the plainest search of all: listing
// every target shape.
func TestPropertyNaiveSuit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var v [9]int
		var c notation.Counts
		n := 0
		for i := range v {
			v[i] = rapid.IntRange(0, min(4, 14-n)).Draw(t, "count")
			n += v[i]
			c[notation.S1+notation.Tile(i)] = uint8(v[i])
		}
		d := naiveSuit(v)
		for melds := 0; 3*melds+n <= 14 && melds <= 4; melds++ {
			sets, best := 4-melds, inf
			for m := 0; m <= sets; m++ {
				best = min(best, d[m]+3*(sets-m)+2, d[m+5]+3*(sets-m))
			}
			if got := Standard(&c, melds); got != best-1 {
				t.Fatalf("Standard(%v, %d) = %d, naive %d", c, melds, got, best-1)
			}
		}
	})
}

func TestPropertyWaits(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		melds := rapid.IntRange(0, 4).Draw(t, "melds")
		shapes := Shapes(rapid.IntRange(1, 7).Draw(t, "shapes"))
		c := genHand(t, 13-3*melds, melds)
		w := Waits(&c, melds, shapes)
		s := Best(&c, melds, shapes)
		if (s == 0) != (w != 0) {
			t.Fatalf("%v: shanten %d but waits %q", c, s, w)
		}
		for k := notation.M1; k <= notation.Red; k++ {
			if c[k] == 4 {
				continue
			}
			c[k]++
			after := Best(&c, melds, shapes)
			c[k]--
			if w.Has(k) != (after == -1) {
				t.Fatalf("%v + %v: shanten %d, in waits %v", c, k, after, w.Has(k))
			}
		}
		if shapes == AllShapes {
			n, imp := Improving(&c, melds, shapes)
			if n == 0 && imp != w {
				t.Fatalf("%v: improving %q, waits %q", c, imp, w)
			}
		}
	})
}

func TestPropertyDiscards(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		melds := rapid.IntRange(0, 4).Draw(t, "melds")
		shapes := Shapes(rapid.IntRange(1, 7).Draw(t, "shapes"))
		c := genHand(t, 14-3*melds, melds)
		for _, d := range Discards(&c, melds, shapes) {
			c[d.Tile]--
			s := Best(&c, melds, shapes)
			var want WaitSet
			for k := notation.M1; k <= notation.Red; k++ {
				if c[k] < 4 {
					c[k]++
					if Best(&c, melds, shapes) < s {
						want = want.With(k)
					}
					c[k]--
				}
			}
			c[d.Tile]++
			if diff := cmp.Diff(Discard{d.Tile, s, want}, d); diff != "" {
				t.Fatalf("%v discard %v (-want +got):\n%s", c, d.Tile, diff)
			}
		}
	})
}

// permute relabels the suits by perm, reverses the numbers when flip is set and relabels the
// honours by hperm: none of this changes any shanten number.
func permute(c *notation.Counts, perm [3]int, flip bool, hperm []int) notation.Counts {
	var d notation.Counts
	for s := range 3 {
		for n := range 9 {
			to := n
			if flip {
				to = 8 - n
			}
			d[1+9*perm[s]+to] = c[1+9*s+n]
		}
	}
	for h := range 7 {
		d[int(notation.East)+hperm[h]] = c[int(notation.East)+h]
	}
	return d
}

func TestPropertySymmetry(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		melds := rapid.IntRange(0, 4).Draw(t, "melds")
		c := genHand(t, rapid.IntRange(13-3*melds, 14-3*melds).Draw(t, "n"), melds)
		perms := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
		perm := rapid.SampledFrom(perms).Draw(t, "perm")
		hperm := rapid.Permutation([]int{0, 1, 2, 3, 4, 5, 6}).Draw(t, "hperm")
		d := permute(&c, perm, rapid.Bool().Draw(t, "flip"), hperm)
		if diff := cmp.Diff(All(&c, melds, AllShapes), All(&d, melds, AllShapes)); diff != "" {
			t.Fatalf("%v vs %v (-want +got):\n%s", c, d, diff)
		}
		if diff := cmp.Diff(Waits(&c, melds, AllShapes).Len(), Waits(&d, melds, AllShapes).Len()); diff != "" {
			t.Fatalf("waits of %v vs %v (-want +got):\n%s", c, d, diff)
		}
	})
}

func TestPropertyTotal4(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var c notation.Counts
		for i := range c {
			c[i] = uint8(rapid.IntRange(0, 4).Draw(t, "count"))
		}
		if diff := cmp.Diff(playing(&c), total4(&c)); diff != "" {
			t.Fatalf("total4(%v) (-want +got):\n%s", c, diff)
		}
	})
}

func TestWaitSet(t *testing.T) {
	w := WaitSet(0).With(notation.M1).With(notation.Red).With(notation.Flower)
	got := []any{w.Len(), w.Has(notation.M1), w.Has(notation.P1), w.Has(notation.Joker), w.String(), w.Tiles()}
	want := []any{2, true, false, false, "1m 7z", []notation.Tile{notation.M1, notation.Red}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("WaitSet (-want +got):\n%s", diff)
	}
}

// FuzzStandard feeds arbitrary counts (bonus tiles, oversized groups, fifth copies) to every
// entry point: nothing may panic, and the table shanten must match the reference.
func FuzzStandard(f *testing.F) {
	f.Add([]byte("\x03\x01\x01\x01\x01\x01\x01\x01\x03"), uint8(0))
	f.Add([]byte("\x04\x04\x04\x04\x04\x04\x04\x04\x04\x04\x04"), uint8(1))
	f.Add([]byte("\x00\x09\x01"), uint8(4))
	f.Fuzz(func(t *testing.T, b []byte, m uint8) {
		var c notation.Counts
		copy(c[:], b)
		melds := int(m % 6)
		got := Standard(&c, melds)
		_ = All(&c, melds, AllShapes)
		_ = Waits(&c, melds, AllShapes)
		_ = Discards(&c, melds, AllShapes)
		_ = IsWinning(&c, melds)
		if melds > 4 {
			if got != NoShape {
				t.Fatalf("melds %d: got %d", melds, got)
			}
			return
		}
		cc := clamp(&c)
		if want := refStandard(&cc, melds); got != want {
			t.Fatalf("%v melds %d: got %d, want %d", c, melds, got, want)
		}
	})
}
