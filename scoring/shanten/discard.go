package shanten

import (
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring/shanten/internal/tables"
)

// Discard is the effect of discarding one tile kind from a hand.
type Discard struct {
	Tile      notation.Tile // the kind discarded
	Shanten   int           // the best shanten number after the discard
	Improving WaitSet       // the kinds that would lower it when drawn (the caller counts unseen copies)
}

// Discards returns, for each kind held in c (a hand of 14-3*melds tiles), in tile order, the best
// shanten number after discarding one copy and the kinds that would then lower it. Counts above
// four are treated as four; a hand of more than 14 tiles gives nil.
func Discards(c *notation.Counts, melds int, shapes Shapes) []Discard {
	if melds < 0 || melds > 4 {
		return nil
	}
	load()
	cc := clamp(c)
	if playing(&cc) > 14 {
		return nil
	}
	out := make([]Discard, 0, 14)
	for t := notation.M1; t <= notation.Red; t++ {
		if cc[t] == 0 {
			continue
		}
		cc[t]--
		s, imp := improving(&cc, melds, shapes)
		cc[t]++
		out = append(out, Discard{Tile: t, Shanten: s, Improving: imp})
	}
	return out
}

// Improving returns the best shanten number of c and the kinds that lower it when added: for a
// ready hand, its waits. A kind already held four times is never among them. Counts above four
// are treated as four.
func Improving(c *notation.Counts, melds int, shapes Shapes) (int, WaitSet) {
	if melds < 0 || melds > 4 {
		return NoShape, 0
	}
	load()
	cc := clamp(c)
	return improving(&cc, melds, shapes)
}

// improving assumes counts of at most four and the tables loaded.
func improving(c *notation.Counts, melds int, shapes Shapes) (int, WaitSet) {
	best := NoShape
	sets := 4 - melds
	std := shapes&ShapeStandard != 0
	var key [4]uint32
	var cls [4]int
	slow := false // some group too big for the tables, or too big to take one more tile
	if std {
		key = [4]uint32{suitKey(c, 1), suitKey(c, 10), suitKey(c, 19), honorKey(c)}
		for g, k := range key {
			if k>>tileShift >= maxGroup {
				slow = true
			} else if g < 3 {
				cls[g] = int(tbl.SuitClass[k&rankMask])
			} else {
				cls[g] = int(tbl.HonorClass[k&rankMask])
			}
		}
		best = standard(c, sets)
	}
	closed := melds == 0 && shapes&(ShapeSevenPairs|ShapeThirteenOrphans) != 0
	var one, two WaitSet
	if closed {
		one, two, _ = scan(c)
		if shapes&ShapeSevenPairs != 0 {
			best = min(best, sevenPairs(one, two))
		}
		if shapes&ShapeThirteenOrphans != 0 {
			best = min(best, thirteenOrphans(one, two))
		}
	}
	if best == NoShape {
		return best, 0
	}
	var w WaitSet
	switch {
	case std && !slow:
		// Adding a tile changes one group's class; the other groups' product is looked up once.
		for g := range 3 {
			o1, o2 := cls[(g+1)%3], cls[(g+2)%3]
			w |= suitImproving(c, g, int(tbl.Pair01[o1*nSuit+o2]), cls[3], sets, best)
		}
		k012 := int(tbl.Pair012[int(tbl.Pair01[cls[0]*nSuit+cls[1]])*nSuit+cls[2]])
		w |= honorImproving(c, k012, sets, best)
	case std:
		// A group too big for the tables: recompute only the group that takes the tile.
		e := groupEntries(c)
		for t := notation.M1; t <= notation.Red; t++ {
			if c[t] >= 4 {
				continue
			}
			g := (t.Index()) / 9
			f := e
			c[t]++
			f[g] = groupEntry(c, g)
			c[t]--
			if tables.Finish(tables.Combine(f[0], f[1]), tables.Combine(f[2], f[3]), sets)-1 < best {
				w |= 1 << t.Index()
			}
		}
	}
	if closed && shapes&ShapeSevenPairs != 0 && sevenPairs(one, two) == best {
		// A new kind helps while fewer than seven are held, a second copy while fewer than
		// seven pairs are; a third copy never does.
		if two.Len() < 7 {
			w |= one &^ two
		}
		if one.Len() < 7 {
			w |= allKinds &^ one
		}
	}
	if closed && shapes&ShapeThirteenOrphans != 0 && thirteenOrphans(one, two) == best {
		// A missing orphan always helps; a second copy of one held only until there is a pair.
		w |= orphanSet &^ one
		if two&orphanSet == 0 {
			w |= orphanSet & one
		}
	}
	return best, w
}

// suitImproving returns the kinds of suit g that bring the standard shanten below best, given
// the two-suit class rest of the other suits and the honour class hc.
func suitImproving(c *notation.Counts, g, rest, hc, sets, best int) WaitSet {
	var w WaitSet
	base := 1 + 9*g
	v := c[base : base+9 : base+9]
	c5 := uint32(v[0]) + 5*(uint32(v[1])+5*(uint32(v[2])+5*(uint32(v[3])+5*uint32(v[4]))))
	c4 := uint32(v[5]) + 5*(uint32(v[6])+5*(uint32(v[7])+5*uint32(v[8])))
	p, s := suitPre[c5], suitSuf[c4]
	for i := range 9 {
		if v[i] >= 4 {
			continue
		}
		var nk uint32
		if i < 5 {
			nk = suitPre[c5+pow5[i]] + s
		} else {
			nk = p + suitSuf[c4+pow5[i-5]]
		}
		k := int(tbl.Pair012[rest*nSuit+int(tbl.SuitClass[nk&rankMask])])
		if int(tbl.Final[(k*nHonor+hc)*5+sets])-1 < best {
			w |= 1 << (9*g + i)
		}
	}
	return w
}

// honorImproving returns the honours that bring the standard shanten below best, given the
// three-suit class k012.
func honorImproving(c *notation.Counts, k012, sets, best int) WaitSet {
	var w WaitSet
	h := c[notation.East : notation.Red+1 : notation.Red+1]
	c5 := uint32(h[0]) + 5*(uint32(h[1])+5*(uint32(h[2])+5*uint32(h[3])))
	c4 := uint32(h[4]) + 5*(uint32(h[5])+5*uint32(h[6]))
	p, s := honorPre[c5], honorSuf[c4]
	for i := range 7 {
		if h[i] >= 4 {
			continue
		}
		var nk uint32
		if i < 4 {
			nk = honorPre[c5+pow5[i]] + s
		} else {
			nk = p + honorSuf[c4+pow5[i-4]]
		}
		if int(tbl.Final[(k012*nHonor+int(tbl.HonorClass[nk&rankMask]))*5+sets])-1 < best {
			w |= 1 << (27 + i)
		}
	}
	return w
}
