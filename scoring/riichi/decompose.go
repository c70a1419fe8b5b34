package riichi

// maxDecomp bounds the standard decompositions of one hand; TestDecompositionBound checks it over every
// single-suit hand, the worst case.
const maxDecomp = 16

// set is a concealed set of a decomposition: a sequence from tile, or a triplet of it.
type set struct {
	tile Tile
	seq  bool
}

// decomp is one way to split the concealed tiles into a pair and sets.
type decomp struct {
	pair Tile
	sets [4]set
	n    int
}

// decomposer collects every decomposition of concealed counts without allocating.
type decomposer struct {
	out  [maxDecomp]decomp
	n    int
	over bool
	cur  decomp
}

// run finds every split of c (3k+2 tiles) into a pair and k sets.
func (d *decomposer) run(c Counts) {
	d.n = 0
	d.over = false
	for p := 0; p < NumKinds; p++ {
		if c[p] < 2 {
			continue
		}
		c[p] -= 2
		d.cur = decomp{pair: Tile(p)}
		d.sets(&c, 0)
		c[p] += 2
	}
}

func (d *decomposer) sets(c *Counts, i int) {
	for i < NumKinds && c[i] == 0 {
		i++
	}
	if i == NumKinds {
		if d.n == maxDecomp {
			d.over = true
			return
		}
		d.out[d.n] = d.cur
		d.n++
		return
	}
	if d.cur.n == 4 {
		return
	}
	if c[i] >= 3 {
		c[i] -= 3
		d.cur.sets[d.cur.n] = set{tile: Tile(i)}
		d.cur.n++
		d.sets(c, i)
		d.cur.n--
		c[i] += 3
	}
	if i < int(East) && i%9 <= 6 && c[i+1] > 0 && c[i+2] > 0 {
		c[i]--
		c[i+1]--
		c[i+2]--
		d.cur.sets[d.cur.n] = set{tile: Tile(i), seq: true}
		d.cur.n++
		d.sets(c, i)
		d.cur.n--
		c[i]++
		c[i+1]++
		c[i+2]++
	}
}

// sevenPairs reports whether c is seven different pairs.
func sevenPairs(c *Counts) bool {
	pairs := 0
	for _, n := range c {
		switch n {
		case 0:
		case 2:
			pairs++
		default:
			return false
		}
	}
	return pairs == 7
}

var yaochuKinds = [13]Tile{0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}

// orphans reports whether c is thirteen orphans (fourteen tiles).
func orphans(c *Counts) bool {
	n := 0
	for _, t := range yaochuKinds {
		if c[t] == 0 {
			return false
		}
		n += int(c[t])
	}
	return n == 14
}

// Complete reports whether concealed counts c, with melds declared sets beside them, form a complete hand in
// any shape.
func Complete(c Counts, melds int) bool {
	var d decomposer
	if melds == 0 && (sevenPairs(&c) || orphans(&c)) {
		return true
	}
	d.run(c)
	return d.n > 0 || d.over
}

// Waits returns the tiles that complete concealed counts c (3k+1 tiles) as a bit set (bit t for Tile t). A tile
// of which the hand holds all four is not counted.
func Waits(c Counts, melds int) uint64 {
	var w uint64
	for t := 0; t < NumKinds; t++ {
		if c[t] >= 4 {
			continue
		}
		c[t]++
		if Complete(c, melds) {
			w |= 1 << t
		}
		c[t]--
	}
	return w
}
