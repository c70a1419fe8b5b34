// Package pattern reads the groups of mjref's pattern language, shared by American card lines
// (scoring/american) and Hong Kong house hands (scoring/hk): suit variables a, b, c that take
// pairwise different suits, a number variable X with offsets, dragons tied to a suit, any wind,
// any tile and exact tiles. It only reads the symbols of one group; what a group means (a card group
// that jokers may fill, or a set of a Hong Kong reading) is the family's business.
//
// # Groups
//
// A pattern is groups separated by spaces. A group is a run of symbols followed by at most one suit
// suffix:
//
//	1-9      a suited number
//	X, X+k   the pattern's number variable with an offset k (0-8). An offset applies to the whole
//	         run of X just before it: "XXXX+1" is four of X+1, "X+0X+1X+2" is X, X+1, X+2.
//	Y, Y+k   a second number variable, always another number than X ("any other number")
//	D        the dragon of the group's suit: characters (m) red, bamboo (s) green, dots (p) white;
//	         with the suffix * it is any dragon
//	Rd Gd Wd the red, green and white dragon, whatever the suits
//	0        the white dragon used as zero; it belongs to no suit
//	F        a flower (American cards only)
//	N E W S  the winds; Z is any one wind, chosen per group
//	?, ?+k   any one tile, chosen per group (Hong Kong house hands only): ??? is a pong of any
//	         tile; with a suffix the tile is of that suit (???m, ??a, ???* any suited tile); with
//	         offsets a run of any number, ?+0?+1?+2m a chow of characters
//
// A group holding numbers, X, Y or D takes a suffix, a group of ? alone may, and no other group does: a, b, c are suit
// variables (different letters, different suits unless Vars.Suits allows fewer; they may be named in
// any order); m, p, s fix the suit; * is any suit, chosen per group. "A|B" gives alternatives for one
// group, all of one size.
//
// # Whole patterns
//
// Parse reads a whole pattern (groups separated by spaces) and Expand enumerates every concrete hand
// it stands for under the constraints written beside it (Vars): the values X and Y may take, how many
// suits the variables take together ("any 1 or 2 suits"), and Relative, under which the printed digit
// d reads as X+(d-1), so "123a" is any run of three in one suit. A family then gives the concrete
// groups their meaning.
package pattern

import (
	"fmt"
	"strings"

	"github.com/mjref/mjref/notation"
)

// Kind is the kind of one symbol of a group.
type Kind uint8

// Symbol kinds.
const (
	Num         Kind = iota + 1 // Val: 1..9
	X                           // Val: the offset 0..8
	Dragon                      // D
	Zero                        // 0
	Flower                      // F
	Wind                        // Val: 0 East .. 3 North
	AnyWind                     // Z
	AnyTile                     // ?
	Y                           // Val: the offset 0..8
	NamedDragon                 // Rd Gd Wd; Val: 0 white, 1 green, 2 red
)

// Elem is one symbol of a group as written.
type Elem struct {
	Kind Kind
	Val  int8
}

// Suffix is a group's suit suffix.
type Suffix uint8

// Suit suffixes.
const (
	NoSuffix Suffix = iota
	SuitA
	SuitB
	SuitC
	Man
	Pin
	Sou
	AnySuit
)

// String returns the suffix as written: "a", "m", "*" or "".
func (s Suffix) String() string { return [...]string{"", "a", "b", "c", "m", "p", "s", "*"}[s] }

// IsVar reports whether s is one of the suit variables a, b, c.
func (s Suffix) IsVar() bool { return s >= SuitA && s <= SuitC }

// Alt is one alternative of a group: its symbols and its suffix.
type Alt struct {
	Text   string
	Elems  []Elem
	Suffix Suffix
}

// Error is a problem in a pattern string.
type Error struct {
	Group string // the group as written, or "" for the whole pattern
	Msg   string
}

// Error returns `group "XXXX+9a": msg`.
func (e *Error) Error() string {
	if e.Group == "" {
		return e.Msg
	}
	return fmt.Sprintf("group %q: %s", e.Group, e.Msg)
}

// MaxGroupTiles is the most tiles one group may hold.
const MaxGroupTiles = 14

// Dialect says which of the symbols a family reads: Cards (flowers) or HouseHands (any tile).
type Dialect uint8

// Dialects.
const (
	Cards Dialect = iota
	HouseHands
)

// symbols lists the symbols of the dialect for errors.
func (d Dialect) symbols() string {
	if d == HouseHands {
		return "1-9, 0, X, X+k, Y, Y+k, D, Rd, Gd, Wd, N, E, W, S, Z, ?, ?+k"
	}
	return "1-9, 0, X, X+k, Y, Y+k, D, Rd, Gd, Wd, F, N, E, W, S, Z"
}

// ParseGroup reads one group as written between spaces, alternatives separated by '|'. Every
// alternative has the same number of tiles.
func ParseGroup(group string, d Dialect) ([]Alt, error) {
	var alts []Alt
	for i, part := range strings.Split(group, "|") {
		a, err := ParseAlt(part, group, d)
		if err != nil {
			return nil, err
		}
		if i > 0 && len(a.Elems) != len(alts[0].Elems) {
			return nil, &Error{Group: group, Msg: fmt.Sprintf("alternatives have different sizes (%d and %d tiles)", len(alts[0].Elems), len(a.Elems))}
		}
		alts = append(alts, a)
	}
	return alts, nil
}

// ParseAlt reads one alternative of a group ("XXXX+1b", "2026a", "NN") in dialect d; whole is the
// group it belongs to, for errors.
func ParseAlt(s, whole string, d Dialect) (Alt, error) {
	a := Alt{Text: s}
	if s == "" {
		return a, &Error{Group: whole, Msg: "empty alternative around '|'"}
	}
	body := s
	switch last := s[len(s)-1]; last {
	case 'a', 'b', 'c', 'm', 'p', 's', '*':
		a.Suffix = Suffix(strings.IndexByte(" abcmps*", last))
		body = s[:len(s)-1]
	}
	suited := false
	anyTiles := 0 // ? symbols: a group of them alone may take a suit
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c >= '1' && c <= '9':
			a.Elems = append(a.Elems, Elem{Kind: Num, Val: int8(c - '0')})
			suited = true
		case c == '0':
			a.Elems = append(a.Elems, Elem{Kind: Zero})
		case c == 'X' || c == 'Y':
			k := X
			if c == 'Y' {
				k = Y
			}
			a.Elems = append(a.Elems, Elem{Kind: k, Val: -1}) // -1: offset not yet given
			suited = true
		case c == '+':
			j := i + 1
			for j < len(body) && body[j] >= '0' && body[j] <= '9' {
				j++
			}
			if j == i+1 || j-i-1 > 1 {
				return a, &Error{Group: whole, Msg: "'+' must be followed by one digit, as in X+1"}
			}
			off := int8(body[i+1] - '0')
			if off > 8 {
				return a, &Error{Group: whole, Msg: "an offset is at most +8"}
			}
			n := 0
			for k := len(a.Elems) - 1; k >= 0 && offsets(a.Elems[k].Kind) && a.Elems[k].Val < 0; k-- {
				if n > 0 && a.Elems[k].Kind != a.Elems[k+1].Kind {
					break
				}
				a.Elems[k].Val = off
				n++
			}
			if n == 0 {
				if d == HouseHands {
					return a, &Error{Group: whole, Msg: "'+' must follow X, Y or ?, as in XXX+1 or ?+0?+1?+2m"}
				}
				return a, &Error{Group: whole, Msg: "'+' must follow X or Y, as in XXX+1"}
			}
			i = j - 1
		case (c == 'R' || c == 'G' || c == 'W') && i+1 < len(body) && body[i+1] == 'd':
			a.Elems = append(a.Elems, Elem{Kind: NamedDragon, Val: int8(strings.IndexByte("WGR", c))})
			i++
		case c == 'D':
			a.Elems = append(a.Elems, Elem{Kind: Dragon})
			suited = true
		case c == 'F' && d == Cards:
			a.Elems = append(a.Elems, Elem{Kind: Flower})
		case c == 'E' || c == 'S' || c == 'W' || c == 'N':
			a.Elems = append(a.Elems, Elem{Kind: Wind, Val: int8(strings.IndexByte("ESWN", c))})
		case c == 'Z':
			a.Elems = append(a.Elems, Elem{Kind: AnyWind})
		case c == '?' && d == HouseHands:
			a.Elems = append(a.Elems, Elem{Kind: AnyTile, Val: -1}) // -1: offset not yet given
			anyTiles++
		case d == HouseHands && c == 'z':
			return a, &Error{Group: whole, Msg: "z is not a pattern suffix: write winds as E S W N (Z any wind) and dragons as Rd Gd Wd (or D with a suit: Dm red, Ds green, Dp white)"}
		case d == HouseHands && c >= 'a' && c <= 'z':
			return a, &Error{Group: whole, Msg: fmt.Sprintf("unknown suit variable %q: the suit variables are a, b and c (m, p, s fix the suit, * is any)", rune(c))}
		case d == HouseHands && c == 'F':
			return a, &Error{Group: whole, Msg: "F: flowers are never part of a Hong Kong hand"}
		case d == HouseHands && c >= 'A' && c <= 'Z':
			return a, &Error{Group: whole, Msg: fmt.Sprintf("unknown variable %q: the number variables are X and Y (X+1, X+2 ... for offsets)", rune(c))}
		default:
			return a, &Error{Group: whole, Msg: fmt.Sprintf("unknown symbol %q: expected %s and a suit suffix a, b, c, m, p, s or *", rune(s[i]), d.symbols())}
		}
	}
	for k := range a.Elems {
		if offsets(a.Elems[k].Kind) && a.Elems[k].Val < 0 {
			a.Elems[k].Val = 0
		}
	}
	switch {
	case len(a.Elems) == 0:
		return a, &Error{Group: whole, Msg: "a group needs at least one tile"}
	case len(a.Elems) > MaxGroupTiles:
		return a, &Error{Group: whole, Msg: fmt.Sprintf("a group has at most %d tiles", MaxGroupTiles)}
	case suited && a.Suffix == NoSuffix:
		return a, &Error{Group: whole, Msg: "suit suffix missing: a group with numbers, X, Y or D ends in a, b, c, m, p, s or *"}
	case !suited && a.Suffix != NoSuffix && anyTiles == len(a.Elems):
		// ???m: any tile of characters; ???a binds a suit variable; ???* any suited tile.
	case !suited && a.Suffix != NoSuffix:
		return a, &Error{Group: whole, Msg: fmt.Sprintf("suit suffix %q not allowed: only a group with numbers, X, Y or D takes a suit", a.Suffix.String())}
	}
	return a, nil
}

// Has reports whether the alternative holds a symbol of kind k.
func (a *Alt) Has(k Kind) bool {
	for _, e := range a.Elems {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// offsets reports whether a symbol of kind k takes an offset: X+1, Y+2, ?+1 (a house hand's chow of
// any number, ?+0?+1?+2m).
func offsets(k Kind) bool { return k == X || k == Y || k == AnyTile }

// SuitOfDragon returns the suit a dragon is tied to (the inverse of DragonOf), or NoSuit for a tile
// that is not a dragon.
func SuitOfDragon(t notation.Tile) notation.Suit {
	for _, s := range suitsMPS {
		if DragonOf(s) == t {
			return s
		}
	}
	return notation.NoSuit
}
