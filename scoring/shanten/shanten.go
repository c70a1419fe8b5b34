// Package shanten measures how far a hand is from winning: the exact shanten number of the
// standard shape (sets and a pair), seven pairs and thirteen orphans, win detection, the waits of
// a ready hand, and the effect of each discard. It works on tile counts alone and ignores bonus
// tiles and jokers.
//
// Shanten is the replacement number minus one: the fewest tiles to exchange for a winning shape
// whose every kind appears at most four times. Thus a complete hand is -1, a ready hand 0. The
// standard shape uses lookup tables (generated, embedded, inflated on first use); see table.go
// and internal/tables.
package shanten

import (
	"encoding/binary"
	"sync"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring/shanten/internal/tables"
)

// Shapes is a set of winning shapes.
type Shapes uint8

// The winning shapes.
const (
	ShapeStandard        Shapes = 1 << iota // four sets and a pair (counting declared melds as sets)
	ShapeSevenPairs                         // seven pairs of different kinds, fully concealed
	ShapeThirteenOrphans                    // one of each terminal and honour plus one more of them
	AllShapes            = ShapeStandard | ShapeSevenPairs | ShapeThirteenOrphans
)

// NoShape is the shanten number reported for a shape the hand cannot take: seven pairs or
// thirteen orphans with declared melds, a meld count outside 0..4, or no allowed shape at all.
const NoShape = 99

// Numbers holds the shanten number of each shape and the best of the allowed ones.
type Numbers struct {
	Standard        int `json:"standard"`
	SevenPairs      int `json:"seven_pairs"`
	ThirteenOrphans int `json:"thirteen_orphans"`
	Best            int `json:"best"`
}

// Standard returns the shanten number of c for the standard shape when melds sets are already
// declared: c must form 4-melds sets and a pair. A count above four is treated as four.
func Standard(c *notation.Counts, melds int) int {
	if melds < 0 || melds > 4 {
		return NoShape
	}
	load()
	if over4(c) {
		cc := clamp(c)
		c = &cc
	}
	return standard(c, 4-melds)
}

// standard assumes counts of at most four and the tables loaded.
func standard(c *notation.Counts, sets int) int {
	k0, k1, k2, kh := suitKey(c, 1), suitKey(c, 10), suitKey(c, 19), honorKey(c)
	if ((k0+overflowBias)|(k1+overflowBias)|(k2+overflowBias)|(kh+overflowBias))&(1<<31) != 0 {
		return slowStandard(c, sets)
	}
	sc := tbl.SuitClass
	k01 := tbl.Pair01[int(sc[k0&rankMask])*nSuit+int(sc[k1&rankMask])]
	k012 := tbl.Pair012[int(k01)*nSuit+int(sc[k2&rankMask])]
	return int(tbl.Final[(int(k012)*nHonor+int(tbl.HonorClass[kh&rankMask]))*5+sets]) - 1
}

// SevenPairs returns the shanten number of c for seven pairs of different kinds (four of a kind
// is not two pairs). It applies to a fully concealed hand only; the caller checks for melds.
func SevenPairs(c *notation.Counts) int {
	one, two, _ := scan(c)
	return sevenPairs(one, two)
}

// sevenPairs counts from the kinds held at least once (one) and at least twice (two): the pairs
// held cost nothing, then each single one tile, then each missing kind two.
func sevenPairs(one, two WaitSet) int {
	return 6 - min(two.Len(), 7) + max(0, 7-one.Len())
}

// ThirteenOrphans returns the shanten number of c for thirteen orphans. It applies to a fully
// concealed hand only; the caller checks for melds.
func ThirteenOrphans(c *notation.Counts) int {
	one, two, _ := scan(c)
	return thirteenOrphans(one, two)
}

func thirteenOrphans(one, two WaitSet) int {
	pair := 0
	if two&orphanSet != 0 {
		pair = 1
	}
	return 13 - (one & orphanSet).Len() - pair
}

// Best returns the smallest shanten number of c among the allowed shapes, or NoShape when none
// applies. Seven pairs and thirteen orphans apply only when melds is zero.
func Best(c *notation.Counts, melds int, shapes Shapes) int {
	return All(c, melds, shapes).Best
}

// All returns the shanten number of every shape and the best among the allowed ones. A shape
// that does not apply (or is not allowed) reports NoShape.
func All(c *notation.Counts, melds int, shapes Shapes) Numbers {
	n := Numbers{Standard: NoShape, SevenPairs: NoShape, ThirteenOrphans: NoShape, Best: NoShape}
	if melds < 0 || melds > 4 {
		return n
	}
	load()
	one, two, over := scan(c)
	if shapes&ShapeStandard != 0 {
		if over {
			cc := clamp(c)
			n.Standard = standard(&cc, 4-melds)
		} else {
			n.Standard = standard(c, 4-melds)
		}
		n.Best = n.Standard
	}
	if melds == 0 && shapes&ShapeSevenPairs != 0 {
		n.SevenPairs = sevenPairs(one, two)
		n.Best = min(n.Best, n.SevenPairs)
	}
	if melds == 0 && shapes&ShapeThirteenOrphans != 0 {
		n.ThirteenOrphans = thirteenOrphans(one, two)
		n.Best = min(n.Best, n.ThirteenOrphans)
	}
	return n
}

// suitKey returns the key of the suit starting at tile base (1, 10 or 19).
func suitKey(c *notation.Counts, base int) uint32 {
	s := c[base : base+9 : base+9]
	c5 := uint32(s[0]) + 5*(uint32(s[1])+5*(uint32(s[2])+5*(uint32(s[3])+5*uint32(s[4]))))
	c4 := uint32(s[5]) + 5*(uint32(s[6])+5*(uint32(s[7])+5*uint32(s[8])))
	return suitPre[c5] + suitSuf[c4]
}

// honorKey returns the key of the honours.
func honorKey(c *notation.Counts) uint32 {
	c5 := uint32(c[28]) + 5*(uint32(c[29])+5*(uint32(c[30])+5*uint32(c[31])))
	c4 := uint32(c[32]) + 5*(uint32(c[33])+5*uint32(c[34]))
	return honorPre[c5] + honorSuf[c4]
}

const (
	lo7 = 0x7f7f7f7f7f7f7f7f
	hi  = 0x8080808080808080
	// gatherMul moves the high bit of byte i of a word to bit 56+i of the product.
	gatherMul = 0x0102040810204080
)

// scan reads the 34 playing-tile counts eight at a time and returns the kinds held at least once
// and at least twice, and whether some kind is held more than four times.
func scan(c *notation.Counts) (one, two WaitSet, over bool) {
	o0, t0, b0 := scanWord(binary.LittleEndian.Uint64(c[0:8]))
	o1, t1, b1 := scanWord(binary.LittleEndian.Uint64(c[8:16]))
	o2, t2, b2 := scanWord(binary.LittleEndian.Uint64(c[16:24]))
	o3, t3, b3 := scanWord(binary.LittleEndian.Uint64(c[24:32]))
	o4, t4, b4 := scanWord(binary.LittleEndian.Uint64(c[32:40]) & 0xffffff) // not bonus tiles
	o := o0 | o1<<8 | o2<<16 | o3<<24 | o4<<32
	t := t0 | t1<<8 | t2<<16 | t3<<24 | t4<<32
	// Bit 0 was tile 0, not a tile.
	return WaitSet(o>>1) & allKinds, WaitSet(t>>1) & allKinds, b0&^0xff|b1|b2|b3|b4 != 0
}

// scanWord returns, for the eight counts in x, a byte with a bit for each count of at least one,
// a byte for at least two, and the high bit of each byte over four.
func scanWord(x uint64) (one, two, big uint64) {
	y := x & lo7
	big = (y + 0x7b7b7b7b7b7b7b7b | x) & hi
	one = ((y + lo7 | x) & hi >> 7) * gatherMul >> 56
	two = ((y + 0x7e7e7e7e7e7e7e7e | x) & hi >> 7) * gatherMul >> 56
	return one, two, big
}

// over4 reports whether some playing tile has a count above four.
func over4(c *notation.Counts) bool {
	over := func(x uint64) uint64 { return (x&lo7 + 0x7b7b7b7b7b7b7b7b | x) & hi }
	return over(binary.LittleEndian.Uint64(c[0:8])&^0xff)|
		over(binary.LittleEndian.Uint64(c[8:16]))|
		over(binary.LittleEndian.Uint64(c[16:24]))|
		over(binary.LittleEndian.Uint64(c[24:32]))|
		over(binary.LittleEndian.Uint64(c[32:40])&0xffffff) != 0
}

// playing returns the number of playing tiles in c (bonus tiles and jokers aside).
func playing(c *notation.Counts) int {
	n := 0
	for _, x := range c[notation.M1 : notation.Red+1] {
		n += int(x)
	}
	return n
}

// total4 returns the number of playing tiles in c, whose counts are at most four: the five words
// add bytewise without carries, and the bytes of the sum add into its top byte when multiplied by
// 0x0101010101010101.
func total4(c *notation.Counts) int {
	const ones = 0x0101010101010101
	w0 := binary.LittleEndian.Uint64(c[0:8]) &^ 0xff
	w1 := binary.LittleEndian.Uint64(c[8:16])
	w2 := binary.LittleEndian.Uint64(c[16:24])
	w3 := binary.LittleEndian.Uint64(c[24:32])
	w4 := binary.LittleEndian.Uint64(c[32:40]) & 0xffffff
	return int((w0 + w1 + w2 + w3 + w4) * ones >> 56) // bytes of at most 20, 160 in all
}

// clamp returns c with counts above four lowered to four. Extra copies never help a shape whose
// kinds appear at most four times, so the distances do not change.
func clamp(c *notation.Counts) notation.Counts {
	cc := *c
	for t := notation.M1; t <= notation.Red; t++ {
		cc[t] = min(cc[t], 4)
	}
	return cc
}

// slowStandard handles a group of more than maxGroup tiles: groups that fit the tables are
// looked up, the others computed by scanning every target shape.
func slowStandard(c *notation.Counts, sets int) int {
	e := groupEntries(c)
	return tables.Finish(tables.Combine(e[0], e[1]), tables.Combine(e[2], e[3]), sets) - 1
}

// groupEntries returns the distance entry of each group of c.
func groupEntries(c *notation.Counts) (e [4]uint64) {
	for g := range 4 {
		e[g] = groupEntry(c, g)
	}
	return e
}

// groupEntry returns the distance entry of group g of c (counts at most four).
func groupEntry(c *notation.Counts, g int) uint64 {
	if g == 3 {
		if k := honorKey(c); k>>tileShift <= maxGroup {
			return tbl.HonorEntry[tbl.HonorClass[k&rankMask]]
		}
		var v [9]uint8
		copy(v[:7], c[notation.East:notation.Red+1])
		return slowEntry(&v, honorTargets())
	}
	if k := suitKey(c, 1+9*g); k>>tileShift <= maxGroup {
		return tbl.SuitEntry[tbl.SuitClass[k&rankMask]]
	}
	var v [9]uint8
	copy(v[:], c[1+9*g:10+9*g])
	return slowEntry(&v, suitTargets())
}

// A target is a complete group shape and its lane (m + 5p).
type target struct {
	v    [9]uint8
	lane uint8
}

// targetList returns the distinct complete group shapes.
func targetList(digits int, seqs bool) []target {
	seen := map[target]bool{}
	var ts []target
	tables.ForEachTarget(digits, seqs, func(v *[9]uint8, m, p int) {
		t := target{*v, uint8(m + 5*p)}
		if !seen[t] {
			seen[t] = true
			ts = append(ts, t)
		}
	})
	return ts
}

var (
	suitTargets  = sync.OnceValue(func() []target { return targetList(9, true) })
	honorTargets = sync.OnceValue(func() []target { return targetList(7, false) })
)

// slowEntry computes a distance entry by scanning every target shape.
func slowEntry(v *[9]uint8, ts []target) uint64 {
	var best [10]int
	for i := range best {
		best[i] = 99
	}
	for _, t := range ts {
		d := 0
		for i, x := range t.v {
			d += max(0, int(x)-int(v[i]))
		}
		best[t.lane] = min(best[t.lane], d)
	}
	var e uint64
	for l, d := range best {
		e |= uint64(d) << (4 * l)
	}
	return e
}
