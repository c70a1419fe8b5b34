package notation

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Tile is one tile kind. The zero value is not a tile.
//
// The layout is fixed and hot paths rely on it:
//
//	1..9    1m..9m  characters (craks)
//	10..18  1p..9p  dots (circles)
//	19..27  1s..9s  bamboo (bams)
//	28..34  1z..7z  East South West North White Green Red
//	35..42  1f..8f  flowers 1-4 (plum orchid chrysanthemum bamboo), seasons 5-8 (spring summer autumn winter)
//	43      f       an unnumbered flower (American and DeBurger treat all eight alike)
//	44      J       a joker (American only)
//
// Tile-1 is the usual 0..33 index of the 34 playing tile kinds.
type Tile uint8

// Tile constants for the first tile of each range and the special tiles.
const (
	NoTile Tile = 0
	M1     Tile = 1  // 1m
	P1     Tile = 10 // 1p
	S1     Tile = 19 // 1s
	East   Tile = 28 // 1z
	South  Tile = 29 // 2z
	West   Tile = 30 // 3z
	North  Tile = 31 // 4z
	White  Tile = 32 // 5z
	Green  Tile = 33 // 6z
	Red    Tile = 34 // 7z
	F1     Tile = 35 // 1f, the first numbered bonus tile
	Flower Tile = 43 // f, an unnumbered flower
	Joker  Tile = 44 // J

	// NumKinds is the number of playing tile kinds (suits and honours).
	NumKinds = 34
	// NumTiles is the size of a Counts array: every Tile value, including the unused zero.
	NumTiles = 45
)

// Suit is the suit of a tile.
type Suit uint8

// Suits in notation order.
const (
	NoSuit    Suit = iota
	Man            // m, characters (craks)
	Pin            // p, dots (circles)
	Sou            // s, bamboo (bams)
	Honor          // z, winds and dragons
	Bonus          // f, flowers and seasons
	JokerSuit      // J
)

// Letter returns the suit's notation letter.
func (s Suit) Letter() byte {
	return "?mpszfJ"[s]
}

// String returns the suit's name.
func (s Suit) String() string {
	switch s {
	case Man:
		return "characters"
	case Pin:
		return "dots"
	case Sou:
		return "bamboo"
	case Honor:
		return "honours"
	case Bonus:
		return "bonus"
	case JokerSuit:
		return "joker"
	}
	return "none"
}

// NewTile returns the tile of suit s with number n (1-9 for suits, 1-7 honours, 1-8 numbered bonus tiles).
// It returns NoTile when n is out of range.
func NewTile(s Suit, n int) Tile {
	switch {
	case s >= Man && s <= Sou && n >= 1 && n <= 9:
		return Tile(int(s-Man)*9 + n)
	case s == Honor && n >= 1 && n <= 7:
		return East + Tile(n-1)
	case s == Bonus && n >= 1 && n <= 8:
		return F1 + Tile(n-1)
	case s == Bonus && n == 0:
		return Flower
	case s == JokerSuit:
		return Joker
	}
	return NoTile
}

// Valid reports whether t is a tile.
func (t Tile) Valid() bool { return t >= 1 && t <= Joker }

// Suit returns the tile's suit.
func (t Tile) Suit() Suit {
	switch {
	case t == NoTile || t > Joker:
		return NoSuit
	case t < East:
		return Man + Suit((t-1)/9)
	case t < F1:
		return Honor
	case t <= Flower:
		return Bonus
	}
	return JokerSuit
}

// Num returns the tile's number within its suit: 1-9 for suits, 1-7 for honours,
// 1-8 for numbered bonus tiles, 0 for an unnumbered flower and a joker.
func (t Tile) Num() int {
	switch {
	case t == NoTile || t > Joker:
		return 0
	case t < East:
		return int(t-1)%9 + 1
	case t < F1:
		return int(t-East) + 1
	case t < Flower:
		return int(t-F1) + 1
	}
	return 0
}

// Index returns the tile's 0..33 index among the playing tile kinds, or -1 for a bonus tile or joker.
func (t Tile) Index() int {
	if t >= 1 && t <= Red {
		return int(t) - 1
	}
	return -1
}

// IsSuited reports whether t is a characters, dots or bamboo tile.
func (t Tile) IsSuited() bool { return t >= 1 && t < East }

// IsHonor reports whether t is a wind or a dragon.
func (t Tile) IsHonor() bool { return t >= East && t <= Red }

// IsWind reports whether t is a wind.
func (t Tile) IsWind() bool { return t >= East && t <= North }

// IsDragon reports whether t is a dragon.
func (t Tile) IsDragon() bool { return t >= White && t <= Red }

// IsTerminal reports whether t is a 1 or 9 of a suit.
func (t Tile) IsTerminal() bool {
	if !t.IsSuited() {
		return false
	}
	n := t.Num()
	return n == 1 || n == 9
}

// IsTerminalOrHonor reports whether t is a 1, a 9, a wind or a dragon.
func (t Tile) IsTerminalOrHonor() bool { return t.IsTerminal() || t.IsHonor() }

// IsBonus reports whether t is a flower or season, numbered or not.
func (t Tile) IsBonus() bool { return t >= F1 && t <= Flower }

// IsPlaying reports whether t is one of the 34 kinds that form sets (not a bonus tile or a joker).
func (t Tile) IsPlaying() bool { return t >= 1 && t <= Red }

// Next returns the next tile in a run of the same suit, or NoTile after a 9 or for a non-suited tile.
func (t Tile) Next() Tile {
	if !t.IsSuited() || t.Num() == 9 {
		return NoTile
	}
	return t + 1
}

// BonusSeat returns the seat (0 East .. 3 North) a numbered bonus tile belongs to, or -1.
// Flower n and season n+4 belong to seat n.
func (t Tile) BonusSeat() int {
	if t < F1 || t >= Flower {
		return -1
	}
	return int(t-F1) % 4
}

// IsSeason reports whether t is a numbered season (5f-8f).
func (t Tile) IsSeason() bool { return t >= F1+4 && t < Flower }

var honorNames = [...]string{"East", "South", "West", "North", "White", "Green", "Red"}

// String returns the tile in notation: "5m", "7z", "3f", "f", "J".
func (t Tile) String() string {
	if int(t) < len(tileNotation) {
		return tileNotation[t]
	}
	return "?"
}

// tileNotation holds every tile's String, so writing a tile allocates nothing.
var tileNotation = func() (names [NumTiles]string) {
	for i := range names {
		t := Tile(i)
		switch {
		case !t.Valid():
			names[i] = "?"
		case t == Flower:
			names[i] = "f"
		case t == Joker:
			names[i] = "J"
		default:
			names[i] = string([]byte{byte('0' + t.Num()), t.Suit().Letter()})
		}
	}
	return names
}()

// Name returns a readable English name: "5 characters", "East wind", "Red dragon", "flower 3".
func (t Tile) Name() string {
	switch {
	case t.IsSuited():
		return fmt.Sprintf("%d %s", t.Num(), t.Suit())
	case t.IsWind():
		return honorNames[t-East] + " wind"
	case t.IsDragon():
		return honorNames[t-East] + " dragon"
	case t.IsSeason():
		return fmt.Sprintf("season %d", t.Num()-4)
	case t.IsBonus() && t != Flower:
		return fmt.Sprintf("flower %d", t.Num())
	case t == Flower:
		return "flower"
	case t == Joker:
		return "joker"
	}
	return "no tile"
}

// MarshalText implements encoding.TextMarshaler: the tile's notation.
func (t Tile) MarshalText() ([]byte, error) {
	if !t.Valid() {
		return nil, fmt.Errorf("invalid tile %d", uint8(t))
	}
	return []byte(t.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: one tile in notation or an alias.
func (t *Tile) UnmarshalText(b []byte) error {
	v, err := ParseTile(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// ParseTile parses exactly one tile ("5m", "E", "Rd", "2f", "J").
func ParseTile(s string) (Tile, error) {
	ts, err := ParseTiles(s)
	if err != nil {
		return NoTile, err
	}
	if len(ts) != 1 {
		return NoTile, &Error{Input: s, Msg: fmt.Sprintf("expected one tile, found %d", len(ts))}
	}
	return ts[0], nil
}

// FormatTiles writes tiles in compact notation, grouping runs of the same suit: [1m 2m 5p] -> "12m5p".
// The order of the tiles is kept.
func FormatTiles(ts []Tile) string {
	var buf [32]byte
	return string(AppendTiles(buf[:0], ts))
}

// AppendTiles appends ts as FormatTiles writes them.
func AppendTiles(b []byte, ts []Tile) []byte {
	for i, t := range ts {
		switch {
		case t == Flower || t == Joker:
			b = append(b, t.String()...)
			continue
		case !t.Valid():
			b = append(b, '?')
			continue
		}
		b = append(b, byte('0'+t.Num()))
		if i+1 == len(ts) || ts[i+1].Suit() != t.Suit() || ts[i+1] == Flower {
			b = append(b, t.Suit().Letter())
		}
	}
	return b
}

// Seat is a seat at the table, named by its wind. The zero value is East.
type Seat uint8

// Seats in turn order (counter-clockwise in Hong Kong play).
const (
	SeatEast Seat = iota
	SeatSouth
	SeatWest
	SeatNorth
	// NoSeat marks an unknown or absent seat.
	NoSeat Seat = 255
)

// Seats lists the four seats in turn order.
var Seats = [4]Seat{SeatEast, SeatSouth, SeatWest, SeatNorth}

// String returns "E", "S", "W", "N" (or "-" for NoSeat).
func (s Seat) String() string {
	if s > SeatNorth {
		return "-"
	}
	return "ESWN"[s : s+1]
}

// Wind returns the wind tile of the seat.
func (s Seat) Wind() Tile { return East + Tile(s) }

// Next returns the seat whose turn comes after s.
func (s Seat) Next() Seat { return (s + 1) % 4 }

// Prev returns the seat whose turn comes before s (its 上家).
func (s Seat) Prev() Seat { return (s + 3) % 4 }

// ParseSeat reads a seat: E, S, W, N or East, South, West, North in any case, or 東 (东), 南, 西, 北.
// Whatever was typed, the seat prints as E, S, W or N.
func ParseSeat(s string) (Seat, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "e", "east", "東", "东":
		return SeatEast, nil
	case "s", "south", "南":
		return SeatSouth, nil
	case "w", "west", "西":
		return SeatWest, nil
	case "n", "north", "北":
		return SeatNorth, nil
	}
	return NoSeat, fmt.Errorf("unknown seat %q: expected E, S, W or N", quotedShort(s))
}

// maxQuotedSeat is how many bytes of an unknown seat a message quotes: whatever was typed, the
// message stays short.
const maxQuotedSeat = 24

// quotedShort cuts s to maxQuotedSeat bytes (at a character's start) and marks the cut with "…".
func quotedShort(s string) string {
	if len(s) <= maxQuotedSeat {
		return s
	}
	n := maxQuotedSeat
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// MarshalText implements encoding.TextMarshaler.
func (s Seat) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
// "-", which MarshalText writes for NoSeat (the empty fourth place of a three-player ledger),
// reads back as NoSeat.
func (s *Seat) UnmarshalText(b []byte) error {
	if string(b) == "-" {
		*s = NoSeat
		return nil
	}
	v, err := ParseSeat(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}
