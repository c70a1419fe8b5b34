package notation

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
)

// Counts is a multiset of tiles indexed by Tile: an array, so it copies in one move,
// compares with ==, and can key a memo table.
type Counts [NumTiles]uint8

// CountsOf returns the multiset of ts.
func CountsOf(ts ...Tile) Counts {
	var c Counts
	for _, t := range ts {
		c[t]++
	}
	return c
}

// Total returns how many tiles c holds.
func (c *Counts) Total() int {
	// Eight counts at a time: the bytes are summed in pairs into 16-bit lanes (at most 510 each),
	// and the four lanes by one multiply (at most 2,040, no carry out of the top lane).
	const bytes, lanes = 0x00ff00ff00ff00ff, 0x0001000100010001
	n := 0
	i := 0
	for ; i+8 <= len(c); i += 8 {
		x := binary.LittleEndian.Uint64(c[i:])
		x = x&bytes + x>>8&bytes
		n += int(x * lanes >> 48)
	}
	for ; i < len(c); i++ {
		n += int(c[i])
	}
	return n
}

// Tiles lists the tiles of c in tile order.
func (c *Counts) Tiles() []Tile { return c.appendTiles(make([]Tile, 0, c.Total())) }

// appendTiles appends the tiles of c in tile order.
func (c *Counts) appendTiles(ts []Tile) []Tile {
	for t, v := range c {
		for range v {
			ts = append(ts, Tile(t))
		}
	}
	return ts
}

// String returns the tiles in compact notation.
func (c Counts) String() string { return FormatTiles(c.Tiles()) }

// MeldKind says what a meld is.
type MeldKind uint8

// Meld kinds. A set of identical tiles is named by its size: Pong 3, Kong 4, Quint 5, Sextet 6.
const (
	Chow MeldKind = iota + 1
	Pong
	Kong
	Quint
	Sextet
)

// String returns "chow", "pong", "kong", "quint" or "sextet".
func (k MeldKind) String() string {
	switch k {
	case Chow:
		return "chow"
	case Pong:
		return "pong"
	case Kong:
		return "kong"
	case Quint:
		return "quint"
	case Sextet:
		return "sextet"
	}
	return "meld"
}

// MarshalText implements encoding.TextMarshaler.
func (k MeldKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Meld is a set laid on the table: an exposed chow, pong or kong (written [123s], [555p], [5555p]),
// an American exposure that may hold jokers ([222mJ]), or a concealed kong ((7777s)).
type Meld struct {
	Kind MeldKind
	// Tile is the lowest tile of a chow, or the tile of a set of identical tiles.
	Tile Tile
	// Jokers is how many of the set's tiles are jokers standing in for Tile.
	Jokers uint8
	// Concealed marks a concealed kong.
	Concealed bool
	// From is the seat whose discard was claimed for the meld (the mark @W), or NoSeat.
	From Seat
}

// Size returns the number of tiles in the meld.
func (m Meld) Size() int {
	if m.Kind == Chow {
		return 3
	}
	return int(m.Kind) + 1
}

// IsSet reports whether the meld is a set of identical tiles (pong, kong, quint or sextet).
func (m Meld) IsSet() bool { return m.Kind >= Pong }

// IsKong reports whether the meld is a kong.
func (m Meld) IsKong() bool { return m.Kind == Kong }

// Naturals returns how many of the meld's tiles are not jokers.
func (m Meld) Naturals() int { return m.Size() - int(m.Jokers) }

// Tiles lists the meld's tiles, jokers last.
func (m Meld) Tiles() []Tile {
	ts := make([]Tile, 0, m.Size())
	if m.Kind == Chow {
		return append(ts, m.Tile, m.Tile+1, m.Tile+2)
	}
	for range m.Naturals() {
		ts = append(ts, m.Tile)
	}
	for range m.Jokers {
		ts = append(ts, Joker)
	}
	return ts
}

// AddTo adds the meld's tiles to c.
func (m Meld) AddTo(c *Counts) {
	if m.Kind == Chow {
		c[m.Tile]++
		c[m.Tile+1]++
		c[m.Tile+2]++
		return
	}
	c[m.Tile] += uint8(m.Naturals())
	c[Joker] += m.Jokers
}

// String returns the meld in notation: "[123s]", "[555p@W]", "[222mJ]", "(7777s)".
func (m Meld) String() string {
	var buf [16]byte
	return string(m.AppendText(buf[:0]))
}

// AppendText appends the meld as String writes it.
func (m Meld) AppendText(b []byte) []byte {
	end := byte(']')
	if m.Concealed {
		b, end = append(b, '('), ')'
	} else {
		b = append(b, '[')
	}
	var arr [8]Tile
	ts := arr[:0]
	if m.Kind == Chow {
		ts = append(ts, m.Tile, m.Tile+1, m.Tile+2)
	} else {
		for range m.Naturals() {
			ts = append(ts, m.Tile)
		}
		for range m.Jokers {
			ts = append(ts, Joker)
		}
	}
	b = AppendTiles(b, ts)
	if m.From != NoSeat {
		b = append(append(b, '@'), m.From.String()...)
	}
	return append(b, end)
}

// BonusTile is a flower or season laid out beside the hand; Boosted marks DeBurger's bird (written 2f*).
type BonusTile struct {
	Tile    Tile
	Boosted bool
}

// String returns "2f", "2f*", "f" or "f*".
func (b BonusTile) String() string {
	if b.Boosted {
		return b.Tile.String() + "*"
	}
	return b.Tile.String()
}

// Hand is a player's tiles: the concealed tiles (the winning tile included), the melds on the table
// and the bonus tiles. Parse returns melds and bonus tiles in canonical order.
type Hand struct {
	// Concealed holds the tiles in the hand, jokers included, and the winning tile.
	Concealed Counts
	// Melds are the exposed melds and concealed kongs, in canonical order.
	Melds []Meld
	// Bonus are the flowers and seasons, in canonical order.
	Bonus []BonusTile
	// Win is the winning tile (written after '+', else the last concealed tile written), or NoTile.
	Win Tile
	// Red counts the red fives written 0m, 0p, 0s (indexed m, p, s) anywhere in the hand. The tiles
	// themselves are plain fives; Format writes them as 5, so only riichi, which scores red fives, reads it.
	Red [3]uint8
}

// All returns every tile of the hand that counts toward the four-copies limit: concealed and melds
// (bonus tiles excluded).
func (h *Hand) All() Counts {
	c := h.Concealed
	for _, m := range h.Melds {
		m.AddTo(&c)
	}
	return c
}

// TileCount returns the number of tiles in the hand with each kong counted as three,
// the count a winning hand must bring to 14 (13 before the winning tile).
func (h *Hand) TileCount() int {
	n := h.Concealed.Total()
	for _, m := range h.Melds {
		n += min(m.Size(), 3)
	}
	return n
}

// HeldTiles returns every tile the hand holds, each kong as four and each bonus tile as one: the
// count of an American hand, 14 when finished (13 before the winning tile).
func (h *Hand) HeldTiles() int {
	n := h.Concealed.Total() + len(h.Bonus)
	for _, m := range h.Melds {
		n += m.Size()
	}
	return n
}

// Count returns the hand's tiles as opt counts them: HeldTiles under opt.EveryTileCounts, else
// TileCount.
func (h *Hand) Count(opt Options) int {
	if opt.EveryTileCounts {
		return h.HeldTiles()
	}
	return h.TileCount()
}

// Counting says how opt counts a hand's tiles (Hand.Count), for messages: "kongs count as 3", or
// under EveryTileCounts "every tile counts, kongs as 4 and flowers too".
func (opt Options) Counting() string {
	if opt.EveryTileCounts {
		return "every tile counts, kongs as 4 and flowers too"
	}
	return "kongs count as 3"
}

// Exposed reports whether the hand has any meld that is not a concealed kong.
func (h *Hand) Exposed() bool {
	for _, m := range h.Melds {
		if !m.Concealed {
			return true
		}
	}
	return false
}

// Canonicalize puts melds and bonus tiles in canonical order.
func (h *Hand) Canonicalize() {
	slices.SortStableFunc(h.Melds, compareMelds)
	slices.SortStableFunc(h.Bonus, func(a, b BonusTile) int {
		if c := cmp.Compare(a.Tile, b.Tile); c != 0 {
			return c
		}
		return boolCompare(a.Boosted, b.Boosted)
	})
}

func compareMelds(a, b Meld) int {
	if c := cmp.Compare(a.Tile, b.Tile); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Kind, b.Kind); c != 0 {
		return c
	}
	if c := boolCompare(a.Concealed, b.Concealed); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Jokers, b.Jokers); c != 0 {
		return c
	}
	return cmp.Compare(a.From, b.From)
}

func boolCompare(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// String returns Format(h).
func (h Hand) String() string { return Format(h) }

// PlusHint explains a hand written one tile over a complete hand with its winning tile after '+' and
// written before it too: the tile after '+' is part of the hand, so "99p+9p" is three tiles, not a pair
// and the tile that made it. It returns "the tile after + is part of the hand: did you mean 9p+9p?" (the
// last group less one copy of the winning tile), or "" when the hand is not 15 tiles (kongs counted as
// 3), has no '+', or the group before '+' does not hold the winning tile. input is the notation h was
// parsed from.
func PlusHint(input string, h *Hand) string {
	if h.TileCount() != 15 {
		return ""
	}
	i := strings.LastIndexByte(input, '+')
	if i < 0 {
		return ""
	}
	after := input[i+1:]
	if j := strings.IndexAny(after, " ,[("); j >= 0 {
		after = after[:j]
	}
	before := strings.TrimRight(input[:i], " ,")
	k := len(before)
	if after == "" || k == 0 {
		return ""
	}
	hint := func(group string) string {
		return fmt.Sprintf("the tile after + is part of the hand: did you mean %s+%s?", group, after)
	}
	// An alias written before '+' as well: "E E E+E".
	if j := strings.LastIndexAny(before, " ,"); strings.TrimSpace(before[j+1:]) == after {
		return hint(strings.TrimRight(before[:j+1], " ,"))
	}
	// Digits and a suit letter: "99p+9p".
	if len(after) != 2 || before[k-1] != after[1] || !strings.ContainsRune("mpsz", rune(after[1])) {
		return ""
	}
	d := k - 1
	for d > 0 && before[d-1] >= '0' && before[d-1] <= '9' {
		d--
	}
	digits := before[d : k-1]
	j := strings.LastIndexByte(digits, after[0])
	if j < 0 || len(digits) < 2 {
		return ""
	}
	return hint(digits[:j] + digits[j+1:] + after[1:])
}
