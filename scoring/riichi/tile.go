package riichi

import "fmt"

// Tile is one of the 34 riichi tile kinds, numbered as most riichi software numbers them:
//
//	0..8    1m..9m
//	9..17   1p..9p
//	18..26  1s..9s
//	27..33  1z..7z  East South West North White Green Red
//
// A red five is the plain five kind; a Hand counts its red fives apart.
type Tile uint8

// Tile constants.
const (
	M1    Tile = 0
	P1    Tile = 9
	S1    Tile = 18
	East  Tile = 27
	South Tile = 28
	West  Tile = 29
	North Tile = 30
	White Tile = 31
	Green Tile = 32
	Red   Tile = 33

	// NumKinds is the number of tile kinds.
	NumKinds = 34
)

// Counts holds how many of each tile kind a set of tiles has.
type Counts [NumKinds]uint8

// Suit returns 0, 1, 2 for m, p, s and 3 for honours.
func (t Tile) Suit() int { return int(t) / 9 }

// Rank returns 1..9 for a suited tile and 1..7 for an honour.
func (t Tile) Rank() int { return int(t)%9 + 1 }

// Honor reports whether t is a wind or a dragon.
func (t Tile) Honor() bool { return t >= East }

// Terminal reports whether t is a suited one or nine.
func (t Tile) Terminal() bool { return t < East && (t%9 == 0 || t%9 == 8) }

// Yaochu reports whether t is a terminal or an honour.
func (t Tile) Yaochu() bool { return t >= East || t%9 == 0 || t%9 == 8 }

// Dragon reports whether t is a dragon.
func (t Tile) Dragon() bool { return t >= White && t < NumKinds }

// Wind reports whether t is a wind.
func (t Tile) Wind() bool { return t >= East && t <= North }

// Valid reports whether t is one of the 34 kinds.
func (t Tile) Valid() bool { return t < NumKinds }

// DoraAfter returns the dora that the indicator t shows: the next tile of its suit, winds and dragons each in a
// cycle (9m shows 1m, North shows East, Red shows White).
func (t Tile) DoraAfter() Tile {
	switch {
	case t < East:
		if t%9 == 8 {
			return t - 8
		}
		return t + 1
	case t == North:
		return East
	case t == Red:
		return White
	}
	return t + 1
}

// String returns the tile in MPSZ notation (5m, 7z).
func (t Tile) String() string {
	if !t.Valid() {
		return fmt.Sprintf("tile(%d)", uint8(t))
	}
	return string([]byte{byte('0' + t.Rank()), "mpsz"[t.Suit()]})
}

// Wind is a seat or prevailing wind.
type Wind uint8

// Winds in seating order.
const (
	WindEast Wind = iota
	WindSouth
	WindWest
	WindNorth
)

// Tile returns the wind's tile.
func (w Wind) Tile() Tile { return East + Tile(w) }

// String returns E, S, W or N.
func (w Wind) String() string {
	if w > WindNorth {
		return fmt.Sprintf("wind(%d)", uint8(w))
	}
	return string("ESWN"[w])
}
