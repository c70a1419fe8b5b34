package points

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"pgregory.net/rapid"
)

// kinds the generated hands draw from: a narrow wall, so sets and pairs are common.
var genKinds = []notation.Tile{
	notation.M1, notation.M1 + 1, notation.M1 + 2, notation.M1 + 3, notation.M1 + 4, notation.M1 + 5,
	notation.M1 + 6, notation.M1 + 7, notation.M1 + 8, notation.P1, notation.P1 + 1, notation.P1 + 2,
	notation.P1 + 8, notation.East, notation.South, notation.White, notation.Red,
}

// genTiles draws n tiles from the narrow wall (four of each kind).
func genTiles(t *rapid.T, n int, label string) []notation.Tile {
	idx := rapid.SliceOfNDistinct(rapid.IntRange(0, 4*len(genKinds)-1), n, n, rapid.ID[int]).Draw(t, label)
	ts := make([]notation.Tile, n)
	for i, k := range idx {
		ts[i] = genKinds[k/4]
	}
	return ts
}

// genFlowers draws up to five distinct numbered flowers, some boosted.
func genFlowers(t *rapid.T) []notation.BonusTile {
	nums := rapid.SliceOfNDistinct(rapid.IntRange(1, 8), 0, 5, rapid.ID[int]).Draw(t, "flowers")
	fs := make([]notation.BonusTile, len(nums))
	for i, n := range nums {
		fs[i] = notation.BonusTile{Tile: notation.NewTile(notation.Bonus, n), Boosted: rapid.Bool().Draw(t, "boosted")}
	}
	return fs
}

// genWinning draws four sets and a pair within the four-copies limit.
func genWinning(t *rapid.T) []notation.Tile {
	for {
		var ts []notation.Tile
		var c notation.Counts
		for i := range 4 {
			k := rapid.SampledFrom(genKinds).Draw(t, "set")
			if k.IsSuited() && k.Num() <= 7 && rapid.Bool().Draw(t, "chow") {
				ts = append(ts, k, k+1, k+2)
			} else {
				ts = append(ts, k, k, k)
			}
			_ = i
		}
		p := rapid.SampledFrom(genKinds).Draw(t, "pair")
		ts = append(ts, p, p)
		ok := true
		for _, x := range ts {
			c[x]++
			if c[x] > 4 {
				ok = false
			}
		}
		if ok {
			return ts
		}
	}
}

// write spells tiles and flowers one token at a time in the order given, the winning tile after '+'.
func write(ts []notation.Tile, win int, fs []notation.BonusTile) string {
	var parts []string
	for i, x := range ts {
		if i != win {
			parts = append(parts, x.String())
		}
	}
	parts = append(parts, "+"+ts[win].String())
	for _, f := range fs {
		parts = append(parts, f.String())
	}
	return strings.Join(parts, " ")
}

func permuted[T any](t *rapid.T, xs []T, label string) []T {
	perm := rapid.Permutation(xs).Draw(t, label)
	return perm
}

// TestScoreIgnoresOrder checks that a hand's score does not depend on the order its tiles and
// flowers were written in.
func TestScoreIgnoresOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		winner := rapid.Bool().Draw(t, "winner")
		var ts []notation.Tile
		if winner {
			ts = genWinning(t)
		} else {
			ts = genTiles(t, 13, "tiles")
		}
		fs := genFlowers(t)
		win := rapid.IntRange(0, len(ts)-1).Draw(t, "win")
		kind := rapid.SampledFrom([]scoring.WinKind{scoring.SelfDraw, scoring.Discard}).Draw(t, "kind")
		a := write(ts, win, fs)
		// The same tiles in another order, the winning tile the same kind.
		perm := permuted(t, ts, "perm")
		pw := 0
		for i, x := range perm {
			if x == ts[win] {
				pw = i
			}
		}
		b := write(perm, pw, permuted(t, fs, "fperm"))
		score := func(s string) (Result, error) {
			h, err := notation.Parse(s)
			if err != nil {
				t.Fatalf("parse %q: %v", s, err)
			}
			if winner {
				return ScoreWinner(&h, kind, Default())
			}
			return ScoreLoser(&h, Default())
		}
		ra, erra := score(a)
		rb, errb := score(b)
		if (erra == nil) != (errb == nil) {
			t.Fatalf("%q: %v, %q: %v", a, erra, b, errb)
		}
		if diff := cmp.Diff(ra, rb); diff != "" {
			t.Fatalf("%q vs %q (-a +b):\n%s", a, b, diff)
		}
		if winner && !ra.Valid {
			t.Fatalf("%q: four sets and a pair not read as a win: %v", a, erra)
		}
	})
}

// naive scores concealed-only hands the slow way: every choice of sets from the list of all
// possible sets, every pair, every flower assignment. It shares nothing with the search but the rules.
type naive struct {
	r       *Rules
	fl      []bool // boosted?
	loser   bool
	discard bool
	win     notation.Tile
}

func (n naive) setValue(k notation.Tile, pong bool) int {
	if pong && k.IsHonor() {
		return n.r.Sets.Honour.Hidden
	}
	return n.r.Sets.Regular.Hidden
}

func (n naive) setLoss(k notation.Tile, pong bool) int {
	if pong && k.IsHonor() {
		return n.r.Sets.Honour.Hidden - n.r.Sets.Honour.Exposed
	}
	return n.r.Sets.Regular.Hidden - n.r.Sets.Regular.Exposed
}

func (n naive) pairValue(k notation.Tile) int {
	if k.IsTerminalOrHonor() {
		return n.r.Pairs.Honour.Value
	}
	return n.r.Pairs.Regular.Value
}

// flowers tries every use for every flower (3^n assignments).
func (n naive) flowers(ur, uh int) int {
	best := -1 << 40
	idle := make([]bool, len(n.fl))
	var rec func(j, ur, uh, acc int)
	rec = func(j, ur, uh, acc int) {
		if j == len(n.fl) {
			for i, b := range n.fl {
				fv := n.r.Flowers.Regular
				if b {
					fv = n.r.Flowers.Boosted
				}
				if idle[i] && (!fv.BonusOnlyWhenClear || ur+uh == 0) {
					acc += fv.Bonus
				}
			}
			best = max(best, acc)
			return
		}
		fv := n.r.Flowers.Regular
		if n.fl[j] {
			fv = n.r.Flowers.Boosted
		}
		if fv.CancelRegular && ur > 0 {
			rec(j+1, ur-1, uh, acc-n.r.Unused.Regular.Value+fv.CancelRegularBonus)
		}
		if fv.CancelHonour && uh > 0 {
			rec(j+1, ur, uh-1, acc-n.r.Unused.Honour.Value+fv.CancelHonourBonus)
		}
		idle[j] = true
		rec(j+1, ur, uh, acc)
		idle[j] = false
	}
	rec(0, ur, uh, 0)
	return best
}

// cand is a possible set: a pong or a chow starting at tile.
type cand struct {
	tile notation.Tile
	pong bool
}

func (c cand) tiles() []notation.Tile {
	if c.pong {
		return []notation.Tile{c.tile, c.tile, c.tile}
	}
	return []notation.Tile{c.tile, c.tile + 1, c.tile + 2}
}

// best returns the best score of the concealed tiles and whether a reading with a set exists.
func (n naive) best(c notation.Counts) (int, bool) {
	var cands []cand
	for k := notation.M1; k <= notation.Red; k++ {
		cands = append(cands, cand{k, true})
		if k.IsSuited() && k.Num() <= 7 {
			cands = append(cands, cand{k, false})
		}
	}
	best, found := 0, false
	var chosen []cand
	var rec func(from int)
	rec = func(from int) {
		// Score the sets chosen so far with every choice of pair (or none, for a non-winner).
		for p := notation.NoTile; p <= notation.Red; p++ {
			if p != notation.NoTile && c[p] < 2 {
				continue
			}
			if p == notation.NoTile && !n.loser {
				continue
			}
			rest := c
			if p != notation.NoTile {
				rest[p] -= 2
			}
			ur, uh := 0, 0
			for k := notation.M1; k <= notation.Red; k++ {
				if k.IsHonor() {
					uh += int(rest[k])
				} else {
					ur += int(rest[k])
				}
			}
			if !n.loser && ur+uh > 0 {
				continue
			}
			if n.loser && len(chosen) == 0 {
				continue
			}
			v := 0
			for _, s := range chosen {
				v += n.setValue(s.tile, s.pong)
			}
			if p != notation.NoTile {
				v += n.pairValue(p)
			}
			v += ur*n.r.Unused.Regular.Value + uh*n.r.Unused.Honour.Value
			if n.loser {
				v += n.flowers(ur, uh)
			}
			if n.discard {
				loss := -1
				if p == n.win {
					loss = 0
				}
				for _, s := range chosen {
					for _, x := range s.tiles() {
						if x == n.win && (loss < 0 || n.setLoss(s.tile, s.pong) < loss) {
							loss = n.setLoss(s.tile, s.pong)
						}
					}
				}
				v -= loss
			}
			if !found || v > best {
				best, found = v, true
			}
		}
		for i := from; i < len(cands); i++ {
			ok := true
			for _, x := range cands[i].tiles() {
				c[x]--
				if c[x] == 255 {
					ok = false
				}
			}
			if ok {
				chosen = append(chosen, cands[i])
				rec(i)
				chosen = chosen[:len(chosen)-1]
			}
			for _, x := range cands[i].tiles() {
				c[x]++
			}
		}
	}
	rec(0)
	return best, found
}

// allPairs is the non-winner's all-pairs score under the sheet (no four of a kind as two pairs).
func (n naive) allPairs(c notation.Counts) int {
	v, ur, uh := 0, 0, 0
	for k := notation.M1; k <= notation.Red; k++ {
		left := int(c[k])
		if left >= 2 {
			v += n.pairValue(k)
			left -= 2
		}
		if k.IsHonor() {
			uh += left
		} else {
			ur += left
		}
	}
	return v + ur*n.r.Unused.Regular.Value + uh*n.r.Unused.Honour.Value + n.flowers(ur, uh)
}

// sevenSisters is the winner's Seven Sisters score under the sheet, if the tiles are seven pairs.
func (n naive) sevenSisters(c notation.Counts) (int, bool) {
	v, pairs := 0, 0
	for k := notation.M1; k <= notation.Red; k++ {
		switch c[k] {
		case 0:
		case 2:
			pairs++
			sv := n.r.SevenSisters.Regular
			if k.IsHonor() {
				sv = n.r.SevenSisters.Honour
			}
			if n.discard && k == n.win {
				v += sv.Exposed
			} else {
				v += sv.Hidden
			}
		default:
			return 0, false
		}
	}
	return v, pairs == 7
}

// TestSearchMatchesNaive checks the search against the naive scorer on random concealed hands,
// winners and non-winners, with random flowers, under both nonwinner_sets readings.
func TestSearchMatchesNaive(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := Default()
		if rapid.Bool().Draw(t, "best") {
			r.NonwinnerSets = NonwinnerBest
		}
		winner := rapid.Bool().Draw(t, "winner")
		var ts []notation.Tile
		switch {
		case !winner:
			ts = genTiles(t, 13, "tiles")
		case rapid.Bool().Draw(t, "shaped"):
			ts = genWinning(t)
		default:
			ts = genTiles(t, 14, "tiles")
		}
		fs := genFlowers(t)
		win := ts[rapid.IntRange(0, len(ts)-1).Draw(t, "win")]
		discard := winner && rapid.Bool().Draw(t, "discard")
		h := notation.Hand{Concealed: notation.CountsOf(ts...), Bonus: fs, Win: win}
		h.Canonicalize()
		n := naive{r: r, loser: !winner, discard: discard, win: win}
		for _, f := range h.Bonus {
			n.fl = append(n.fl, f.Boosted)
		}
		var want int
		var wantOK bool
		var got Result
		var err error
		if winner {
			kind := scoring.SelfDraw
			if discard {
				kind = scoring.Discard
			}
			got, err = ScoreWinner(&h, kind, r)
			std, stdOK := n.best(h.Concealed)
			ss, ssOK := n.sevenSisters(h.Concealed)
			want, wantOK = std, stdOK
			if ssOK && (!stdOK || ss > std) {
				want, wantOK = ss, true
			}
			if wantOK {
				want += n.flowers(0, 0)
			}
			if diff := cmp.Diff(wantOK, got.Valid); diff != "" {
				t.Fatalf("%s valid (-naive +search):\n%s\n%v", notation.Format(h), diff, err)
			}
		} else {
			got, err = ScoreLoser(&h, r)
			if err != nil {
				t.Fatal(err)
			}
			with, hasSet := n.best(h.Concealed)
			want = with
			if !hasSet || (r.NonwinnerSets == NonwinnerBest && n.allPairs(h.Concealed) > with) {
				want = n.allPairs(h.Concealed)
			}
			wantOK = true
		}
		if wantOK {
			if diff := cmp.Diff(want, got.Total); diff != "" {
				t.Fatalf("%s total (-naive +search):\n%s\n%s", notation.Format(h), diff, got)
			}
		}
	})
}
