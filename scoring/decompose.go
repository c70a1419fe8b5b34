package scoring

import (
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring/shanten"
)

// SetKind says what a set in a decomposition is.
type SetKind uint8

// Set kinds. A kong is a declared meld (exposed or concealed); four identical tiles in the hand
// are never read as one set.
const (
	Chow SetKind = iota + 1
	Pong
	Kong
)

// String returns "chow", "pong" or "kong".
func (k SetKind) String() string {
	switch k {
	case Chow:
		return "chow"
	case Pong:
		return "pong"
	case Kong:
		return "kong"
	}
	return "set"
}

// Set is one set of a decomposition.
type Set struct {
	Kind SetKind
	// Tile is the lowest tile of a chow, or the tile of a pong or kong.
	Tile notation.Tile
	// Concealed reports whether the set was formed in the hand: a set read from the concealed tiles
	// or a concealed kong. A set completed by a winning discard is not concealed.
	Concealed bool
	// Melded reports whether the set was laid on the table (an exposed meld or a concealed kong).
	Melded bool
	// From is the seat whose discard was claimed for the set, or NoSeat.
	From notation.Seat
}

// IsPongOrKong reports whether the set is a pong or a kong.
func (s Set) IsPongOrKong() bool { return s.Kind == Pong || s.Kind == Kong }

// Size returns the number of tiles in the set.
func (s Set) Size() int {
	if s.Kind == Kong {
		return 4
	}
	return 3
}

// Has reports whether the set contains tile t.
func (s Set) Has(t notation.Tile) bool {
	if s.Kind == Chow {
		return t >= s.Tile && t <= s.Tile+2
	}
	return t == s.Tile
}

// AddTo adds the set's tiles to c.
func (s Set) AddTo(c *notation.Counts) {
	if s.Kind == Chow {
		c[s.Tile]++
		c[s.Tile+1]++
		c[s.Tile+2]++
		return
	}
	c[s.Tile] += uint8(s.Size())
}

// Tiles lists the set's tiles.
func (s Set) Tiles() []notation.Tile {
	if s.Kind == Chow {
		return []notation.Tile{s.Tile, s.Tile + 1, s.Tile + 2}
	}
	ts := make([]notation.Tile, s.Size())
	for i := range ts {
		ts[i] = s.Tile
	}
	return ts
}

// String returns the set in notation: "123m" for a set in the hand, "[555p]" for an exposed meld,
// "(7777s)" for a concealed kong.
func (s Set) String() string {
	var buf [16]byte
	return string(s.AppendText(buf[:0]))
}

// AppendText appends the set as String writes it.
func (s Set) AppendText(b []byte) []byte {
	switch {
	case s.Melded && s.Concealed:
		return append(s.appendTiles(append(b, '(')), ')')
	case s.Melded:
		return append(s.appendTiles(append(b, '[')), ']')
	}
	return s.appendTiles(b)
}

// appendTiles appends the set's tiles as notation.AppendTiles writes them, for a set of one suit
// without listing them first: a batch writes four sets a line.
func (s Set) appendTiles(b []byte) []byte {
	suit, n := s.Tile.Suit(), s.Tile.Num()
	if suit < notation.Man || suit > notation.Honor || s.Kind == Chow && (suit == notation.Honor || n > 7) {
		// Not a set a decomposition makes (a chow running out of its suit): tile by tile.
		return notation.AppendTiles(b, s.Tiles())
	}
	d := byte('0' + n)
	switch s.Kind {
	case Chow:
		b = append(b, d, d+1, d+2)
	case Kong:
		b = append(b, d, d, d, d)
	default:
		b = append(b, d, d, d)
	}
	return append(b, suit.Letter())
}

// Shape is the overall form of a winning hand.
type Shape uint8

// Winning shapes.
const (
	Standard        Shape = iota // four sets and a pair
	SevenPairs                   // seven different pairs
	ThirteenOrphans              // one of each terminal and honour plus a pair of one of them
)

// String returns "standard", "seven-pairs" or "thirteen-orphans".
func (s Shape) String() string {
	switch s {
	case SevenPairs:
		return "seven-pairs"
	case ThirteenOrphans:
		return "thirteen-orphans"
	}
	return "standard"
}

// WinInPair is the Decomposition.Win value when the winning tile completes the pair (or, for seven
// pairs and thirteen orphans, when it is simply part of the hand); NoWin when the winning tile is unknown.
const (
	WinInPair = -1
	NoWin     = -2
)

// Decomposition is one reading of a hand: a plain value of fixed size, with no slices, so readings
// are copied and compared without allocating.
type Decomposition struct {
	Shape Shape
	// Sets are the four sets of a standard hand: the hand's melds first, in the hand's order, then the
	// sets read from the concealed tiles in tile order. Unused for the other shapes.
	Sets [4]Set
	// Pair is the pair of a standard hand, or the doubled tile of thirteen orphans.
	Pair notation.Tile
	// Pairs are the seven pairs, in tile order, of a seven-pairs hand.
	Pairs [7]notation.Tile
	// Win is the index in Sets of the set the winning tile completes, WinInPair or NoWin.
	Win int8
}

// Counts returns every tile the decomposition uses, kongs as four tiles.
func (d *Decomposition) Counts() notation.Counts {
	var c notation.Counts
	switch d.Shape {
	case SevenPairs:
		for _, p := range d.Pairs {
			c[p] += 2
		}
	case ThirteenOrphans:
		for _, t := range orphans {
			c[t]++
		}
		c[d.Pair]++
	default:
		for _, s := range d.Sets {
			s.AddTo(&c)
		}
		c[d.Pair] += 2
	}
	return c
}

// Groups returns the reading as notation strings: the sets and then the pair ("55z"); the seven pairs;
// or the thirteen tiles of thirteen orphans followed by the doubled tile.
func (d *Decomposition) Groups() []string {
	out := make([]string, d.NumGroups())
	for i := range out {
		var buf [48]byte
		out[i] = string(d.AppendGroup(buf[:0], i))
	}
	return out
}

// NumGroups is how many groups Groups lists.
func (d *Decomposition) NumGroups() int {
	switch d.Shape {
	case SevenPairs:
		return len(d.Pairs)
	case ThirteenOrphans:
		return 2
	}
	return len(d.Sets) + 1
}

// AppendGroup appends group i of Groups, without making the list.
func (d *Decomposition) AppendGroup(b []byte, i int) []byte {
	switch d.Shape {
	case SevenPairs:
		return appendPair(b, d.Pairs[i])
	case ThirteenOrphans:
		if i == 0 {
			return notation.AppendTiles(b, orphans[:])
		}
		return append(b, d.Pair.String()...)
	}
	if i < len(d.Sets) {
		return d.Sets[i].AppendText(b)
	}
	return appendPair(b, d.Pair)
}

// appendPair appends a pair of t as notation.AppendTiles writes it.
func appendPair(b []byte, t notation.Tile) []byte {
	if suit := t.Suit(); suit >= notation.Man && suit <= notation.Honor {
		d := byte('0' + t.Num())
		return append(b, d, d, suit.Letter())
	}
	return notation.AppendTiles(b, []notation.Tile{t, t})
}

// String returns the groups separated by spaces.
func (d *Decomposition) String() string { return strings.Join(d.Groups(), " ") }

// orphans are the thirteen terminals and honours.
var orphans = [13]notation.Tile{1, 9, 10, 18, 19, 27, 28, 29, 30, 31, 32, 33, 34}

// DecomposeOptions says which shapes besides the standard one to look for and how the hand was won.
type DecomposeOptions struct {
	SevenPairs bool
	// SevenPairsRepeated lets four of a kind count as two of the seven pairs (a luxury seven pairs);
	// the pair is then listed twice in Pairs. It needs SevenPairs.
	SevenPairsRepeated bool
	ThirteenOrphans    bool
	// DiscardWin means the winning tile came from another player (a discard or a robbed kong): the set
	// it completes is not concealed, and each distinct place the winning tile can sit in is a reading
	// of its own, so a scorer can take the most favourable one. Without it, each reading places the
	// winning tile once (in the pair if it can be, else in the first set holding it).
	DiscardWin bool
}

// Decomposer finds the readings of hands. Its zero value is ready to use; keep one on the stack (or
// one per goroutine) and Readings allocates nothing for ordinary hands.
type Decomposer struct {
	c      notation.Counts
	d      Decomposition
	opt    DecomposeOptions
	win    notation.Tile
	melded int
	buf    [32]Decomposition
	n      int
	more   []Decomposition // readings beyond buf, which no 14-tile hand seen so far needs
}

// Decompose calls yield with every reading of h: each way its concealed tiles form sets and a pair
// together with its melds, plus seven pairs and thirteen orphans when opt asks for them. A hand whose
// tile count is wrong, or which holds jokers, bonus tiles among its concealed tiles, or melds other
// than chows, pongs and kongs, has no readings. The Decomposition passed to yield is reused: copy it
// to keep it. Decompose stops when yield returns false. Hot paths should use a Decomposer.
func Decompose(h *notation.Hand, opt DecomposeOptions, yield func(*Decomposition) bool) {
	dc := new(Decomposer)
	ds := dc.Readings(h, opt)
	for i := range ds {
		if !yield(&ds[i]) {
			return
		}
	}
}

// Readings returns every reading of h (see Decompose). The slice belongs to dc and is overwritten by
// the next call.
func (dc *Decomposer) Readings(h *notation.Hand, opt DecomposeOptions) []Decomposition {
	dc.n, dc.more = 0, nil
	if len(h.Melds) > 4 {
		return nil
	}
	for t := notation.F1; t < notation.NumTiles; t++ {
		if h.Concealed[t] != 0 {
			return nil
		}
	}
	if h.Concealed[notation.NoTile] != 0 || h.Concealed.Total() != 14-3*len(h.Melds) {
		return nil
	}
	dc.c, dc.opt, dc.win, dc.melded = h.Concealed, opt, h.Win, len(h.Melds)
	dc.d = Decomposition{}
	for i, m := range h.Melds {
		s, ok := setOfMeld(m)
		if !ok {
			return nil
		}
		dc.d.Sets[i] = s
	}
	if len(h.Melds) == 0 {
		if opt.ThirteenOrphans && isThirteenOrphans(&dc.c) {
			d := Decomposition{Shape: ThirteenOrphans, Win: WinInPair}
			for _, t := range orphans {
				if dc.c[t] == 2 {
					d.Pair = t
				}
			}
			dc.push(&d)
		}
		if opt.SevenPairs && (isSevenPairs(&dc.c) || (opt.SevenPairsRepeated && isSevenPairsRepeated(&dc.c))) {
			d := Decomposition{Shape: SevenPairs, Win: WinInPair}
			n := 0
			for t := notation.Tile(1); t <= notation.Red; t++ {
				for range dc.c[t] / 2 {
					d.Pairs[n] = t
					n++
				}
			}
			dc.push(&d)
		}
	}
	for p := notation.Tile(1); p <= notation.Red; p++ {
		if dc.c[p] < 2 {
			continue
		}
		dc.c[p] -= 2
		dc.d.Pair = p
		dc.sets(1, dc.melded)
		dc.c[p] += 2
	}
	if dc.more != nil {
		return dc.more
	}
	return dc.buf[:dc.n]
}

// push records a reading.
func (dc *Decomposer) push(d *Decomposition) {
	switch {
	case dc.more != nil:
		dc.more = append(dc.more, *d)
	case dc.n == len(dc.buf):
		dc.more = make([]Decomposition, len(dc.buf), 2*len(dc.buf))
		copy(dc.more, dc.buf[:])
		dc.more = append(dc.more, *d)
	default:
		dc.buf[dc.n] = *d
		dc.n++
	}
}

// setOfMeld turns a meld into a set, or reports that it cannot be one (jokers, quints, bad chows).
func setOfMeld(m notation.Meld) (Set, bool) {
	if m.Jokers != 0 || !m.Tile.IsPlaying() {
		return Set{}, false
	}
	s := Set{Tile: m.Tile, Concealed: m.Concealed, Melded: true, From: m.From}
	switch m.Kind {
	case notation.Chow:
		if !m.Tile.IsSuited() || m.Tile.Num() > 7 || m.Concealed {
			return Set{}, false
		}
		s.Kind = Chow
	case notation.Pong:
		if m.Concealed {
			return Set{}, false
		}
		s.Kind = Pong
	case notation.Kong:
		s.Kind = Kong
	default:
		return Set{}, false
	}
	return s, true
}

// sets reads the remaining concealed tiles, from tile `from` on, into sets n.. of the decomposition.
// The lowest remaining tile i with count k is either all in chows starting at i (k chows) or one pong
// and k-3 chows: this visits every multiset of sets exactly once.
func (dc *Decomposer) sets(from notation.Tile, n int) {
	i := from
	for i <= notation.Red && dc.c[i] == 0 {
		i++
	}
	if i > notation.Red {
		if n == 4 {
			dc.emit()
		}
		return
	}
	k := int(dc.c[i])
	if k >= 3 {
		dc.take(i, n, 1, k-3)
	}
	dc.take(i, n, 0, k)
}

// take reads pongs pong(s) of i and chows chows starting at i into sets n.., then continues.
func (dc *Decomposer) take(i notation.Tile, n, pongs, chows int) {
	if n+pongs+chows > 4 {
		return
	}
	if chows > 0 {
		if !i.IsSuited() || i.Num() > 7 || int(dc.c[i+1]) < chows || int(dc.c[i+2]) < chows {
			return
		}
	}
	k := uint8(3*pongs + chows)
	dc.c[i] -= k
	dc.c[i+1] -= uint8(chows)
	dc.c[i+2] -= uint8(chows)
	m := n
	for range pongs {
		dc.d.Sets[m] = Set{Kind: Pong, Tile: i, Concealed: true, From: notation.NoSeat}
		m++
	}
	for range chows {
		dc.d.Sets[m] = Set{Kind: Chow, Tile: i, Concealed: true, From: notation.NoSeat}
		m++
	}
	dc.sets(i+1, m)
	dc.c[i] += k
	dc.c[i+1] += uint8(chows)
	dc.c[i+2] += uint8(chows)
}

// emit places the winning tile and records the reading: once for a self-drawn win, once per distinct
// place for a win on another player's tile.
func (dc *Decomposer) emit() {
	d := &dc.d
	d.Shape = Standard
	d.Win = NoWin
	if d.Pair == dc.win {
		d.Win = WinInPair
		dc.push(d)
		if !dc.opt.DiscardWin {
			return
		}
	}
	for i := dc.melded; i < 4; i++ {
		s := d.Sets[i]
		if !s.Has(dc.win) || dc.seen(i) {
			continue
		}
		d.Win = int8(i)
		if !dc.opt.DiscardWin {
			dc.push(d)
			return
		}
		d.Sets[i].Concealed = false
		dc.push(d)
		d.Sets[i].Concealed = true
	}
	if d.Win == NoWin {
		dc.push(d)
	}
}

// seen reports whether a concealed set before index i is the same as set i.
func (dc *Decomposer) seen(i int) bool {
	for j := dc.melded; j < i; j++ {
		if dc.d.Sets[j].Kind == dc.d.Sets[i].Kind && dc.d.Sets[j].Tile == dc.d.Sets[i].Tile {
			return true
		}
	}
	return false
}

func isThirteenOrphans(c *notation.Counts) bool {
	pair := false
	n := 0
	for _, t := range orphans {
		switch c[t] {
		case 1:
		case 2:
			if pair {
				return false
			}
			pair = true
		default:
			return false
		}
		n += int(c[t])
	}
	return pair && n == 14
}

// isSevenPairs reports whether c is seven different pairs (four of a kind is not two pairs).
func isSevenPairs(c *notation.Counts) bool {
	pairs := 0
	for t := notation.Tile(1); t <= notation.Red; t++ {
		switch c[t] {
		case 0:
		case 2:
			pairs++
		default:
			return false
		}
	}
	return pairs == 7
}

// isSevenPairsRepeated reports whether c is seven pairs when four of a kind count as two pairs.
func isSevenPairsRepeated(c *notation.Counts) bool {
	pairs := 0
	for t := notation.Tile(1); t <= notation.Red; t++ {
		switch c[t] {
		case 0:
		case 2, 4:
			pairs += int(c[t]) / 2
		default:
			return false
		}
	}
	return pairs == 7
}

// IsWinning reports whether the concealed tiles c, beside melds declared sets, complete a hand of
// four sets and a pair; with no melds, thirteen orphans also wins. Seven pairs is a ruleset option.
// Bonus tiles and jokers never win. It is the table lookup of package shanten (about 20 ns).
func IsWinning(c *notation.Counts, melds int) bool {
	if c[notation.NoTile] != 0 {
		return false
	}
	for t := notation.F1; t < notation.NumTiles; t++ {
		if c[t] != 0 {
			return false
		}
	}
	return shanten.IsWinning(c, melds) || (melds == 0 && shanten.IsThirteenOrphans(c))
}
