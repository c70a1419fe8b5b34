package shanten

import (
	"sort"
	"sync"
)

// A group is one suit (nine kinds, sequences allowed) or the honours (seven kinds, no sequences).
// Its count vector v (each count 0..4) is keyed in two halves: the first k counts as a base-5
// code c5, the rest as a base-5 code c4. Only vectors with at most maxGroup tiles get a rank:
//
//	key := pre[c5] + suf[c4]   // low 24 bits: the rank; high 8 bits: the number of tiles
//
// pre[c5] holds the offset of the block of vectors with that prefix (and the prefix's tile count
// << 24); suf[c4] holds the position of the suffix among all suffixes sorted by tile count (and
// its tile count << 24). Because the suffixes that fit behind a prefix are exactly the first few
// in that order, the rank needs no further lookup and a vector is ranked exactly when the tile
// count of the sum is at most maxGroup.
const (
	maxGroup  = 14
	rankMask  = 1<<24 - 1
	tileShift = 24
	// overflowBias makes bit 31 of key+overflowBias set exactly when the key's tile count exceeds
	// maxGroup (tile counts stay below 256-127).
	overflowBias = (127 - maxGroup) << tileShift
)

// pow5 holds the place values of a base-5 code.
var pow5 = [...]uint32{1, 5, 25, 125, 625, 3125, 15625, 78125, 390625}

// index is the ranking of one kind of group.
type index struct {
	digits, k int  // counts per vector; counts in the prefix half
	seqs      bool // whether sequences exist (suits) or not (honours)
	pre, suf  []uint32
	size      int      // number of ranked vectors
	codes     []uint32 // rank -> c5 | c4<<16 (build time only)
}

func newIndex(digits, k int, seqs bool) *index {
	ix := &index{digits: digits, k: k, seqs: seqs}
	nPre, nSuf := int(pow5[k]), int(pow5[digits-k])
	sufSum := make([]int, nSuf)
	order := make([]int, nSuf)
	for c := range nSuf {
		sufSum[c] = digitSum(uint32(c))
		order[c] = c
	}
	sort.SliceStable(order, func(i, j int) bool { return sufSum[order[i]] < sufSum[order[j]] })
	ix.suf = make([]uint32, nSuf)
	fit := make([]int, maxGroup+1) // fit[s]: suffixes with at most s tiles
	for pos, c := range order {
		ix.suf[c] = uint32(pos) | uint32(sufSum[c])<<tileShift
		for s := sufSum[c]; s <= maxGroup; s++ {
			fit[s]++
		}
	}
	ix.pre = make([]uint32, nPre)
	off := 0
	for c := range nPre {
		s := digitSum(uint32(c))
		if s > maxGroup {
			ix.pre[c] = uint32(s) << tileShift
			continue
		}
		ix.pre[c] = uint32(off) | uint32(s)<<tileShift
		for _, c4 := range order[:fit[maxGroup-s]] {
			ix.codes = append(ix.codes, uint32(c)|uint32(c4)<<16)
		}
		off += fit[maxGroup-s]
	}
	ix.size = off
	return ix
}

func digitSum(c uint32) int {
	s := 0
	for ; c > 0; c /= 5 {
		s += int(c % 5)
	}
	return s
}

// key returns the key of the vector with codes c5 and c4.
func (ix *index) key(c5, c4 uint32) uint32 { return ix.pre[c5] + ix.suf[c4] }

// vector returns the counts of the vector of rank r.
func (ix *index) vector(r int) (v [9]uint8) {
	c5, c4 := ix.codes[r]&0xffff, ix.codes[r]>>16
	for i := range ix.k {
		v[i] = uint8(c5 / pow5[i] % 5)
	}
	for i := ix.k; i < ix.digits; i++ {
		v[i] = uint8(c4 / pow5[i-ix.k] % 5)
	}
	return v
}

// rankOf returns the rank of v and whether v is ranked.
func (ix *index) rankOf(v *[9]uint8) (int, bool) {
	var c5, c4 uint32
	for i := range ix.digits {
		if v[i] > 4 {
			return 0, false
		}
		if i < ix.k {
			c5 += uint32(v[i]) * pow5[i]
		} else {
			c4 += uint32(v[i]) * pow5[i-ix.k]
		}
	}
	key := ix.key(c5, c4)
	if key>>tileShift > maxGroup {
		return 0, false
	}
	return int(key & rankMask), true
}

// lane returns the position of the distance for m sets with (p=1) or without a pair in an entry.
func lane(m, p int) uint { return uint(4 * (m + 5*p)) }

// forEachTarget calls f with every complete group shape of m ≤ 4 sets and p ≤ 1 pairs that holds
// at most four copies of a kind.
func forEachTarget(digits int, seqs bool, f func(v *[9]uint8, m, p int)) {
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

// completeBits marks the ranks of every complete group shape (m sets and, when the tile count is
// 2 mod 3, one pair).
func completeBits(ix *index) []uint64 {
	bits := make([]uint64, (ix.size+63)/64)
	forEachTarget(ix.digits, ix.seqs, func(v *[9]uint8, m, p int) {
		if r, ok := ix.rankOf(v); ok {
			bits[r/64] |= 1 << (r % 64)
		}
	})
	return bits
}

// distances returns, for every ranked vector v, the entry of ten 4-bit lanes holding the
// replacement distance to m sets (and p pairs): the fewest tiles to add to v so that it contains
// such a shape with at most four copies of a kind.
//
// With t the target shape, the distance is |t| - max Σ min(t_i, v_i), and the overlap term is the
// largest sub-multiset u ≤ v that still fits inside some target. Two passes over the vectors
// ordered by tile count give it: fits(v) = isTarget(v) or fits(v+e_i) for some i, downwards; then
// overlap(v) = |v| if fits(v), else max overlap(v-e_i), upwards. Vectors over maxGroup tiles never
// matter: targets have at most 14 tiles, and the second pass only removes tiles.
func distances(ix *index) []uint64 {
	fits := make([]uint16, ix.size)
	forEachTarget(ix.digits, ix.seqs, func(v *[9]uint8, m, p int) {
		if r, ok := ix.rankOf(v); ok {
			fits[r] |= 1 << (m + 5*p)
		}
	})
	bySum := make([][]int32, maxGroup+1)
	for r := range ix.size {
		c5, c4 := ix.codes[r]&0xffff, ix.codes[r]>>16
		n := ix.key(c5, c4) >> tileShift
		bySum[n] = append(bySum[n], int32(r))
	}
	type step struct {
		place uint32
		inPre bool
		digit int
	}
	steps := make([]step, ix.digits)
	for i := range ix.digits {
		if i < ix.k {
			steps[i] = step{pow5[i], true, i}
		} else {
			steps[i] = step{pow5[i-ix.k], false, i}
		}
	}
	for n := maxGroup - 1; n >= 0; n-- {
		for _, r := range bySum[n] {
			c5, c4 := ix.codes[r]&0xffff, ix.codes[r]>>16
			f := fits[r]
			for _, s := range steps {
				if s.inPre {
					if c5/s.place%5 < 4 {
						f |= fits[ix.key(c5+s.place, c4)&rankMask]
					}
				} else if c4/s.place%5 < 4 {
					f |= fits[ix.key(c5, c4+s.place)&rankMask]
				}
			}
			fits[r] = f
		}
	}
	overlap := make([][10]uint8, ix.size)
	for n := range maxGroup + 1 {
		for _, r := range bySum[n] {
			c5, c4 := ix.codes[r]&0xffff, ix.codes[r]>>16
			var o [10]uint8
			for _, s := range steps {
				var q int
				if s.inPre {
					if c5/s.place%5 == 0 {
						continue
					}
					q = int(ix.key(c5-s.place, c4) & rankMask)
				} else {
					if c4/s.place%5 == 0 {
						continue
					}
					q = int(ix.key(c5, c4-s.place) & rankMask)
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
	dist := make([]uint64, ix.size)
	for r, o := range overlap {
		var e uint64
		for m := range 5 {
			for p := range 2 {
				e |= uint64(3*m+2*p-int(o[m+5*p])) << lane(m, p)
			}
		}
		dist[r] = e
	}
	return dist
}

// The tables: the indexes and complete-shape bits are small and built on first use of any
// function; the distance tables on first use of a shanten function.
var (
	suitIx, honorIx     *index
	suitPre, suitSuf    []uint32
	honorPre, honorSuf  []uint32
	suitDone, honorDone []uint64
	indexOnce           sync.Once

	suitDist, honorDist []uint64
	distOnce            sync.Once
)

func loadIndex() {
	indexOnce.Do(func() {
		suitIx, honorIx = newIndex(9, 5, true), newIndex(7, 4, false)
		suitPre, suitSuf = suitIx.pre, suitIx.suf
		honorPre, honorSuf = honorIx.pre, honorIx.suf
		suitDone, honorDone = completeBits(suitIx), completeBits(honorIx)
	})
}

func loadDist() {
	loadIndex()
	distOnce.Do(func() {
		suitDist, honorDist = distances(suitIx), distances(honorIx)
	})
}
