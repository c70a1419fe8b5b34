// Package tables builds the lookup tables of package shanten: a ranking of the count vectors of a
// suit or of the honours, the replacement Distances of every vector to m sets with or without a
// pair, the classes of vectors with equal Distances, and the min-plus products of classes. The
// generator in ../gen writes them to the compressed file package shanten embeds; the tests of
// package shanten rebuild them and compare.
package tables

import (
	"sort"
)

// A group is one suit (nine kinds, sequences allowed) or the honours (seven kinds, no sequences).
// Its count vector v (each count 0..4) is keyed in two halves: the first k counts as a base-5
// code c5, the rest as a base-5 code c4. Only vectors with at most MaxGroup tiles get a rank:
//
//	key := pre[c5] + suf[c4]   // low 24 bits: the rank; high 8 bits: the number of tiles
//
// pre[c5] holds the offset of the block of vectors with that prefix (and the prefix's tile count
// << 24); suf[c4] holds the position of the suffix among all suffixes sorted by tile count (and
// its tile count << 24). Because the suffixes that fit behind a prefix are exactly the first few
// in that order, the rank needs no further lookup and a vector is ranked exactly when the tile
// count of the sum is at most MaxGroup.
const (
	MaxGroup  = 14
	RankMask  = 1<<24 - 1
	TileShift = 24
	// OverflowBias makes bit 31 of key+OverflowBias set exactly when the key's tile count exceeds
	// MaxGroup (tile counts stay below 256-127).
	OverflowBias = (127 - MaxGroup) << TileShift
)

// Pow5 holds the place values of a base-5 code.
var Pow5 = [...]uint32{1, 5, 25, 125, 625, 3125, 15625, 78125, 390625}

// Index is the ranking of one kind of group.
type Index struct {
	Digits, K int      // counts per vector; counts in the prefix half
	Seqs      bool     // whether sequences exist (suits) or not (honours)
	Pre, Suf  []uint32 // the key halves, indexed by c5 and c4
	Size      int      // number of ranked vectors
	Codes     []uint32 // rank -> c5 | c4<<16
}

// Keys returns the key halves of a group of digits counts keyed by the first k and the rest:
// the whole ranking, without the list of ranked vectors.
func Keys(digits, k int) (pre, suf []uint32) {
	nPre, nSuf := int(Pow5[k]), int(Pow5[digits-k])
	sufSum := make([]int, nSuf)
	order := make([]int, nSuf)
	for c := range nSuf {
		sufSum[c] = digitSum(uint32(c))
		order[c] = c
	}
	sort.SliceStable(order, func(i, j int) bool { return sufSum[order[i]] < sufSum[order[j]] })
	suf = make([]uint32, nSuf)
	fit := make([]int, MaxGroup+1) // fit[s]: suffixes with at most s tiles
	for pos, c := range order {
		suf[c] = uint32(pos) | uint32(sufSum[c])<<TileShift
		for s := sufSum[c]; s <= MaxGroup; s++ {
			fit[s]++
		}
	}
	pre = make([]uint32, nPre)
	off := 0
	for c := range nPre {
		s := digitSum(uint32(c))
		if s > MaxGroup {
			pre[c] = uint32(s) << TileShift
			continue
		}
		pre[c] = uint32(off) | uint32(s)<<TileShift
		off += fit[MaxGroup-s]
	}
	return pre, suf
}

// NewIndex ranks the vectors of digits counts, keyed by the first k and the rest, that hold at
// most MaxGroup tiles, and lists them by rank.
func NewIndex(digits, k int, seqs bool) *Index {
	ix := &Index{Digits: digits, K: k, Seqs: seqs}
	ix.Pre, ix.Suf = Keys(digits, k)
	order := make([]uint32, len(ix.Suf))
	for c, x := range ix.Suf {
		order[x&RankMask] = uint32(c)
	}
	for c5, x := range ix.Pre {
		s := int(x >> TileShift)
		if s > MaxGroup {
			continue
		}
		for _, c4 := range order {
			if int(ix.Suf[c4]>>TileShift)+s > MaxGroup {
				break
			}
			ix.Codes = append(ix.Codes, uint32(c5)|c4<<16)
		}
	}
	ix.Size = len(ix.Codes)
	return ix
}

func digitSum(c uint32) int {
	s := 0
	for ; c > 0; c /= 5 {
		s += int(c % 5)
	}
	return s
}

// Key returns the key of the vector with codes c5 and c4.
func (ix *Index) Key(c5, c4 uint32) uint32 { return ix.Pre[c5] + ix.Suf[c4] }

// Vector returns the counts of the vector of rank r.
func (ix *Index) Vector(r int) (v [9]uint8) {
	c5, c4 := ix.Codes[r]&0xffff, ix.Codes[r]>>16
	for i := range ix.K {
		v[i] = uint8(c5 / Pow5[i] % 5)
	}
	for i := ix.K; i < ix.Digits; i++ {
		v[i] = uint8(c4 / Pow5[i-ix.K] % 5)
	}
	return v
}

// RankOf returns the rank of v and whether v is ranked.
func (ix *Index) RankOf(v *[9]uint8) (int, bool) {
	var c5, c4 uint32
	for i := range ix.Digits {
		if v[i] > 4 {
			return 0, false
		}
		if i < ix.K {
			c5 += uint32(v[i]) * Pow5[i]
		} else {
			c4 += uint32(v[i]) * Pow5[i-ix.K]
		}
	}
	key := ix.Key(c5, c4)
	if key>>TileShift > MaxGroup {
		return 0, false
	}
	return int(key & RankMask), true
}

// Lane returns the position of the distance for m sets with (p=1) or without a pair in an entry.
func Lane(m, p int) uint { return uint(4 * (m + 5*p)) }

// ForEachTarget calls f with every complete group shape of m ≤ 4 sets and p ≤ 1 pairs that holds
// at most four copies of a kind.
func ForEachTarget(digits int, seqs bool, f func(v *[9]uint8, m, p int)) {
	var v [9]uint8
	// Set kinds 0..digits-1 are triplets, digits..digits+6 sequences starting at kind kind-digits.
	nSet := digits
	if seqs {
		nSet += digits - 2
	}
	var rec func(from, m int)
	rec = func(from, m int) {
		f(&v, m, 0)
		for t := range digits {
			if v[t] <= 2 {
				v[t] += 2
				f(&v, m, 1)
				v[t] -= 2
			}
		}
		if m == 4 {
			return
		}
		for s := from; s < nSet; s++ {
			if s < digits {
				if v[s] <= 1 {
					v[s] += 3
					rec(s, m+1)
					v[s] -= 3
				}
				continue
			}
			b := s - digits
			if v[b] < 4 && v[b+1] < 4 && v[b+2] < 4 {
				v[b]++
				v[b+1]++
				v[b+2]++
				rec(s, m+1)
				v[b]--
				v[b+1]--
				v[b+2]--
			}
		}
	}
	rec(0, 0)
}

// CompleteBits marks the ranks of every complete group shape (m sets and, when the tile count is
// 2 mod 3, one pair).
func CompleteBits(ix *Index) []uint64 {
	bits := make([]uint64, (ix.Size+63)/64)
	ForEachTarget(ix.Digits, ix.Seqs, func(v *[9]uint8, m, p int) {
		if r, ok := ix.RankOf(v); ok {
			bits[r/64] |= 1 << (r % 64)
		}
	})
	return bits
}

// Distances returns, for every ranked vector v, the entry of ten 4-bit lanes holding the
// replacement distance to m sets (and p pairs): the fewest tiles to add to v so that it contains
// such a shape with at most four copies of a kind.
//
// With t the target shape, the distance is |t| - max Σ min(t_i, v_i), and the overlap term is the
// largest sub-multiset u ≤ v that still fits inside some target. Two passes over the vectors
// ordered by tile count give it: fits(v) = isTarget(v) or fits(v+e_i) for some i, downwards; then
// overlap(v) = |v| if fits(v), else max overlap(v-e_i), upwards. Vectors over MaxGroup tiles never
// matter: targets have at most 14 tiles, and the second pass only removes tiles.
func Distances(ix *Index) []uint64 {
	fits := make([]uint16, ix.Size)
	ForEachTarget(ix.Digits, ix.Seqs, func(v *[9]uint8, m, p int) {
		if r, ok := ix.RankOf(v); ok {
			fits[r] |= 1 << (m + 5*p)
		}
	})
	bySum := make([][]int32, MaxGroup+1)
	for r := range ix.Size {
		c5, c4 := ix.Codes[r]&0xffff, ix.Codes[r]>>16
		n := ix.Key(c5, c4) >> TileShift
		bySum[n] = append(bySum[n], int32(r))
	}
	type step struct {
		place uint32
		inPre bool
		digit int
	}
	steps := make([]step, ix.Digits)
	for i := range ix.Digits {
		if i < ix.K {
			steps[i] = step{Pow5[i], true, i}
		} else {
			steps[i] = step{Pow5[i-ix.K], false, i}
		}
	}
	for n := MaxGroup - 1; n >= 0; n-- {
		for _, r := range bySum[n] {
			c5, c4 := ix.Codes[r]&0xffff, ix.Codes[r]>>16
			f := fits[r]
			for _, s := range steps {
				if s.inPre {
					if c5/s.place%5 < 4 {
						f |= fits[ix.Key(c5+s.place, c4)&RankMask]
					}
				} else if c4/s.place%5 < 4 {
					f |= fits[ix.Key(c5, c4+s.place)&RankMask]
				}
			}
			fits[r] = f
		}
	}
	overlap := make([][10]uint8, ix.Size)
	for n := range MaxGroup + 1 {
		for _, r := range bySum[n] {
			c5, c4 := ix.Codes[r]&0xffff, ix.Codes[r]>>16
			var o [10]uint8
			for _, s := range steps {
				var q int
				if s.inPre {
					if c5/s.place%5 == 0 {
						continue
					}
					q = int(ix.Key(c5-s.place, c4) & RankMask)
				} else {
					if c4/s.place%5 == 0 {
						continue
					}
					q = int(ix.Key(c5, c4-s.place) & RankMask)
				}
				for l, x := range overlap[q] {
					o[l] = max(o[l], x)
				}
			}
			for l := range o {
				if fits[r]>>l&1 != 0 {
					o[l] = uint8(n)
				}
			}
			overlap[r] = o
		}
	}
	dist := make([]uint64, ix.Size)
	for r, o := range overlap {
		var e uint64
		for m := range 5 {
			for p := range 2 {
				e |= uint64(3*m+2*p-int(o[m+5*p])) << Lane(m, p)
			}
		}
		dist[r] = e
	}
	return dist
}
