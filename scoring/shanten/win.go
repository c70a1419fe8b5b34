package shanten

import (
	"iter"
	"math/bits"
	"strings"

	"github.com/mjref/mjref/notation"
)

// WaitSet is a set of playing tile kinds: bit i stands for the tile of Index i (1m is bit 0,
// 7z bit 33).
type WaitSet uint64

// allKinds has a bit for each of the 34 playing tile kinds.
const allKinds WaitSet = 1<<notation.NumKinds - 1

// Has reports whether t is in the set.
func (w WaitSet) Has(t notation.Tile) bool {
	i := t.Index()
	return i >= 0 && w>>i&1 != 0
}

// With returns the set with t added; bonus tiles and jokers are ignored.
func (w WaitSet) With(t notation.Tile) WaitSet {
	if i := t.Index(); i >= 0 {
		w |= 1 << i
	}
	return w
}

// Len returns the number of kinds in the set.
func (w WaitSet) Len() int { return bits.OnesCount64(uint64(w & allKinds)) }

// All yields the kinds in the set in tile order.
func (w WaitSet) All() iter.Seq[notation.Tile] {
	return func(yield func(notation.Tile) bool) {
		for x := uint64(w & allKinds); x != 0; x &= x - 1 {
			if !yield(notation.Tile(bits.TrailingZeros64(x) + 1)) {
				return
			}
		}
	}
}

// Tiles lists the kinds in the set in tile order.
func (w WaitSet) Tiles() []notation.Tile {
	ts := make([]notation.Tile, 0, w.Len())
	for t := range w.All() {
		ts = append(ts, t)
	}
	return ts
}

// String lists the kinds one by one, like "3m 6m 7z".
func (w WaitSet) String() string {
	var b strings.Builder
	for t := range w.All() {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.String())
	}
	return b.String()
}

// resCode classifies a group's tile count n for win detection: 0 when n is 0 mod 3, 1 when 2 mod
// 3 (the group holds the pair), 16 when 1 mod 3 (never complete).
var resCode = func() (r [64]uint8) {
	for n := range r {
		r[n] = [3]uint8{0, 16, 1}[n%3]
	}
	return r
}()

// done reports whether the ranked vector r of a group (bits in done) is a complete shape.
func done(bits []uint64, key uint32) bool {
	r := key & rankMask
	return bits[r>>6]>>(r&63)&1 != 0
}

// IsWinning reports whether c forms 4-melds sets and a pair: the standard winning shape with
// melds sets already declared. Counts above four are never winning.
func IsWinning(c *notation.Counts, melds int) bool {
	if melds < 0 || melds > 4 {
		return false
	}
	load()
	if over4(c) {
		return false
	}
	k0, k1, k2, kh := suitKey(c, 1), suitKey(c, 10), suitKey(c, 19), honorKey(c)
	n0, n1, n2, nh := k0>>tileShift, k1>>tileShift, k2>>tileShift, kh>>tileShift
	if int(n0+n1+n2+nh) != 14-3*melds || resCode[n0]+resCode[n1]+resCode[n2]+resCode[nh] != 1 {
		return false
	}
	return done(tbl.SuitDone, k0) && done(tbl.SuitDone, k1) && done(tbl.SuitDone, k2) && done(tbl.HonorDone, kh)
}

// IsSevenPairs reports whether c is exactly seven pairs of different kinds.
func IsSevenPairs(c *notation.Counts) bool {
	return playing(c) == 14 && SevenPairs(c) == -1
}

// IsThirteenOrphans reports whether c is exactly thirteen orphans.
func IsThirteenOrphans(c *notation.Counts) bool {
	return playing(c) == 14 && ThirteenOrphans(c) == -1
}

// Waits returns every kind that completes one of the allowed shapes when added to c, a hand of
// 13-3*melds tiles (seven pairs and thirteen orphans only when melds is zero). A kind of which c
// already holds four copies never completes a shape, as a winning shape holds at most four; but
// a kind of which all four copies are in melds, discards or the hand's own sets still counts (the
// caller shows it with none unseen). It returns the empty set for counts above four.
func Waits(c *notation.Counts, melds int, shapes Shapes) WaitSet {
	if melds < 0 || melds > 4 {
		return 0
	}
	load()
	if over4(c) {
		return 0
	}
	var w WaitSet
	if shapes&ShapeStandard != 0 {
		w = standardWaits(c, melds)
	}
	if melds == 0 && shapes&(ShapeSevenPairs|ShapeThirteenOrphans) != 0 && total4(c) == 13 {
		one, two, _ := scan(c)
		if shapes&ShapeSevenPairs != 0 && sevenPairs(one, two) == 0 {
			// Six pairs and a single of a seventh kind: the single.
			w |= one &^ two
		}
		if shapes&ShapeThirteenOrphans != 0 && thirteenOrphans(one, two) == 0 {
			if two&orphanSet != 0 {
				// Twelve kinds and a pair: the missing kind.
				w |= orphanSet &^ one
			} else {
				// All thirteen kinds once: any of them.
				w |= orphanSet
			}
		}
	}
	return w
}

// orphanSet holds the thirteen terminals and honours.
const orphanSet WaitSet = 1<<0 | 1<<8 | 1<<9 | 1<<17 | 1<<18 | 1<<26 | 0x7f<<27

// standardWaits returns the kinds that complete the standard shape. Adding a tile changes one
// group only, so every other group must be complete already: with the hand's tile count 1 mod 3,
// either one group is 1 mod 3 (and takes the pair) and the rest 0, or two groups are 2 mod 3 and
// either can be completed.
func standardWaits(c *notation.Counts, melds int) WaitSet {
	k0, k1, k2, kh := suitKey(c, 1), suitKey(c, 10), suitKey(c, 19), honorKey(c)
	n0, n1, n2, nh := k0>>tileShift, k1>>tileShift, k2>>tileShift, kh>>tileShift
	if int(n0+n1+n2+nh) != 13-3*melds {
		return 0
	}
	r0, r1, r2, rh := resCode[n0], resCode[n1], resCode[n2], resCode[nh]
	if s := r0 + r1 + r2 + rh; s != 16 && s != 2 {
		return 0
	}
	var d uint8 // bit g: group g is complete
	if done(tbl.SuitDone, k0) {
		d |= 1
	}
	if done(tbl.SuitDone, k1) {
		d |= 2
	}
	if done(tbl.SuitDone, k2) {
		d |= 4
	}
	if done(tbl.HonorDone, kh) {
		d |= 8
	}
	var w WaitSet
	if r0 != 0 && d|1 == 15 {
		w |= WaitSet(tbl.SuitWait[k0&rankMask])
	}
	if r1 != 0 && d|2 == 15 {
		w |= WaitSet(tbl.SuitWait[k1&rankMask]) << 9
	}
	if r2 != 0 && d|4 == 15 {
		w |= WaitSet(tbl.SuitWait[k2&rankMask]) << 18
	}
	if rh != 0 && d|8 == 15 {
		w |= WaitSet(tbl.HonorWait[kh&rankMask]) << 27
	}
	return w
}

// FifthCopies returns the kinds of which c, a hand of 13-3*melds tiles, already holds all four
// and which would complete the standard shape as a fifth copy: the "pure" or "empty" waits of
// 1111m234p567p789s on 1m. They are shapes, never tiles anyone can win on, so Waits leaves them
// out; a referee may list them apart.
func FifthCopies(c *notation.Counts, melds int) WaitSet {
	if melds < 0 || melds > 4 {
		return 0
	}
	load()
	if over4(c) || playing(c) != 13-3*melds {
		return 0
	}
	var w WaitSet
	for t := notation.M1; t <= notation.Red; t++ {
		if c[t] != 4 {
			continue
		}
		// Five copies hold a triplet or a pair (five sequences would take fifteen tiles), so the
		// hand without them must be complete: the rest with its pair, or sets only.
		cc := *c
		cc[t] -= 2 // five copies less a triplet
		if melds < 4 && IsWinning(&cc, melds+1) {
			w = w.With(t)
			continue
		}
		cc[t]++ // five copies less a pair
		if setsOnly(&cc) {
			w = w.With(t)
		}
	}
	return w
}

// setsOnly reports whether c (counts at most four) is a whole number of sets and no pair.
func setsOnly(c *notation.Counts) bool {
	k0, k1, k2, kh := suitKey(c, 1), suitKey(c, 10), suitKey(c, 19), honorKey(c)
	n0, n1, n2, nh := k0>>tileShift, k1>>tileShift, k2>>tileShift, kh>>tileShift
	if n0 > maxGroup || n1 > maxGroup || n2 > maxGroup || nh > maxGroup ||
		resCode[n0]+resCode[n1]+resCode[n2]+resCode[nh] != 0 {
		return false
	}
	return done(tbl.SuitDone, k0) && done(tbl.SuitDone, k1) && done(tbl.SuitDone, k2) && done(tbl.HonorDone, kh)
}
