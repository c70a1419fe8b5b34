package shanten

import (
	"math/rand/v2"

	"github.com/mjref/mjref/notation"
)

// This file holds the reference searches the tables are checked against, and hand generators.
// The references share no code with the tables: they walk the kinds of a group left to right and
// try every way to start sequences, a triplet and the pair at each kind.

const inf = 1 << 20

// refDP holds the best cost of each search state after some kinds of a group, indexed
// [a][b][m][p]: a sequences started one kind back (they still need this kind and the next), b
// sequences started two kinds back (they need this kind), m sets begun, p pairs placed.
type refDP [5][5][5][2]int32

func refStart() *refDP {
	var dp refDP
	for a := range dp {
		for b := range dp[a] {
			for m := range dp[a][b] {
				dp[a][b][m] = [2]int32{inf, inf}
			}
		}
	}
	dp[0][0][0][0] = 0
	return &dp
}

// refStep extends dp over one more kind holding v tiles into next. canSeq says whether a
// sequence may start at this kind (not at the last two kinds of a suit, never in honours).
func refStep(dp, next *refDP, v int, canSeq bool) {
	*next = *refStart()
	next[0][0][0][0] = inf
	maxS := 0
	if canSeq {
		maxS = 4
	}
	for a := range 5 {
		for b := 0; a+b <= 4; b++ {
			for m := range 5 {
				for p := range 2 {
					cost := dp[a][b][m][p]
					if cost >= inf {
						continue
					}
					for s := 0; s <= maxS && a+b+s <= 4 && m+s <= 4; s++ {
						for t := 0; t <= 1; t++ {
							for q := 0; q <= 1-p; q++ {
								need := a + b + s + 3*t + 2*q
								if need > 4 || m+s+t > 4 {
									continue
								}
								c := cost + int32(max(0, need-v))
								x := &next[s][a][m+s+t][p+q]
								*x = min(*x, c)
							}
						}
					}
				}
			}
		}
	}
}

// refFinish reads the distances for each (m, p) from the final costs.
func refFinish(dp *refDP) (d [10]int) {
	for m := range 5 {
		for p := range 2 {
			d[m+5*p] = int(dp[0][0][m][p])
		}
	}
	return d
}

// refGroup returns the distance of group counts v to m sets and p pairs, for every m and p.
func refGroup(v []uint8, seqs bool) [10]int {
	dp, next := refStart(), new(refDP)
	for i, x := range v {
		refStep(dp, next, int(x), seqs && i+2 < len(v))
		dp, next = next, dp
	}
	return refFinish(dp)
}

// refStandard is the standard shanten number by the reference search, splitting the sets among
// the groups in every way.
func refStandard(c *notation.Counts, melds int) int {
	var d [4][10]int
	for g := range 4 {
		if g < 3 {
			d[g] = refGroup(c[1+9*g:10+9*g], true)
		} else {
			d[g] = refGroup(c[notation.East:notation.Red+1], false)
		}
	}
	sets := 4 - melds
	best := inf
	for m0 := 0; m0 <= sets; m0++ {
		for m1 := 0; m0+m1 <= sets; m1++ {
			for m2 := 0; m0+m1+m2 <= sets; m2++ {
				m := [4]int{m0, m1, m2, sets - m0 - m1 - m2}
				for pg := range 4 {
					sum := 0
					for g := range 4 {
						p := 0
						if g == pg {
							p = 1
						}
						sum += d[g][m[g]+5*p]
					}
					best = min(best, sum)
				}
			}
		}
	}
	return best - 1
}

// refSevenPairs and refThirteenOrphans count directly.
func refSevenPairs(c *notation.Counts) int {
	pairs, kinds := 0, 0
	for t := notation.M1; t <= notation.Red; t++ {
		if c[t] >= 1 {
			kinds++
		}
		if c[t] >= 2 {
			pairs++
		}
	}
	// Take kinds with two or more first, then singles, then empty kinds.
	need := 0
	for k := 0; k < 7; k++ {
		switch {
		case k < pairs:
		case k < kinds:
			need++
		default:
			need += 2
		}
	}
	return need - 1
}

func refThirteenOrphans(c *notation.Counts) int {
	kinds, pair := 0, false
	for t := notation.M1; t <= notation.Red; t++ {
		if t.IsTerminalOrHonor() && c[t] > 0 {
			kinds++
			pair = pair || c[t] >= 2
		}
	}
	need := 13 - kinds + 1
	if pair {
		need--
	}
	return need - 1
}

// wall returns the 136 tiles shuffled by r.
func wall(r *rand.Rand) []notation.Tile {
	w := make([]notation.Tile, 0, 136)
	for t := notation.M1; t <= notation.Red; t++ {
		for range 4 {
			w = append(w, t)
		}
	}
	r.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	return w
}

// randomHand draws n tiles from a shuffled wall.
func randomHand(r *rand.Rand, n int) notation.Counts {
	return notation.CountsOf(wall(r)[:n]...)
}

// randomWin builds a complete hand of sets sets and a pair, at most four copies of a kind.
func randomWin(r *rand.Rand, sets int) notation.Counts {
	for {
		var c notation.Counts
		ok := true
		pair := notation.Tile(1 + r.IntN(34))
		c[pair] += 2
		for range sets {
			t := notation.Tile(1 + r.IntN(34))
			if t.IsSuited() && t.Num() <= 7 && r.IntN(2) == 0 {
				c[t]++
				c[t+1]++
				c[t+2]++
			} else {
				c[t] += 3
			}
		}
		for t := notation.M1; t <= notation.Red; t++ {
			ok = ok && c[t] <= 4
		}
		if ok {
			return c
		}
	}
}

// randomReady removes one random tile from a random complete hand.
func randomReady(r *rand.Rand, sets int) notation.Counts {
	c := randomWin(r, sets)
	ts := c.Tiles()
	c[ts[r.IntN(len(ts))]]--
	return c
}

// naiveSuit returns, for each m and p, the least number of tiles missing from v over every shape of
// m sets and p pairs in one suit with at most four copies of a kind, by listing the shapes.
func naiveSuit(v [9]int) (d [10]int) {
	for i := range d {
		d[i] = inf
	}
	var t [9]int
	score := func(m, p int) {
		miss := 0
		for i := range t {
			if t[i] > 4 {
				return
			}
			miss += max(0, t[i]-v[i])
		}
		d[m+5*p] = min(d[m+5*p], miss)
	}
	var sets func(from, m int)
	sets = func(from, m int) {
		score(m, 0)
		for k := range 9 {
			t[k] += 2
			score(m, 1)
			t[k] -= 2
		}
		if m == 4 {
			return
		}
		for s := from; s < 16; s++ { // 0..8 triplets, 9..15 sequences
			if s < 9 {
				t[s] += 3
				sets(s, m+1)
				t[s] -= 3
			} else {
				k := s - 9
				t[k]++
				t[k+1]++
				t[k+2]++
				sets(s, m+1)
				t[k]--
				t[k+1]--
				t[k+2]--
			}
		}
	}
	sets(0, 0)
	return d
}
