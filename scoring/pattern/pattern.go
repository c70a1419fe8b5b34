// Package pattern reads the card language: a hand written as groups of tiles with suit variables,
// number variables with offsets, dragons tied to suits and exact tiles, and expands a pattern into
// every concrete hand it stands for. It knows no scoring: the American card (scoring/american) and
// Hong Kong house hands give the concrete groups their meaning (where jokers may stand, what a run
// is worth).
//
// # Grammar
//
// A pattern is groups separated by spaces. A group is a run of symbols, then at most one suit
// suffix; "A|B" gives alternatives for one group, each with its own suffix and all of one size.
//
//	1-9            a suited number; under Vars.Relative the digit d reads as X+(d-1), so the
//	               printed "123" is any three consecutive numbers
//	X, X+k         the number variable X with an offset k (0-8). An offset applies to the whole run
//	               of X just before it: "XXXX+1" is a kong of X+1, "XX+1X+2" is X+1, X+1, X+2
//	Y, Y+k         a second number variable, always a different number from X ("any other number")
//	D              the dragon of the group's suit: craks (m) red, bams (s) green, dots (p) white;
//	               D with suffix * is any dragon
//	Rd Gd Wd       the red, green and white dragon, whatever the suits
//	0              the white dragon used as zero ("2026"); it belongs to no suit
//	F              a flower: all eight flowers and seasons are alike
//	N E W S        the winds; Z is any one wind, chosen per group
//
// Suffixes: a, b, c are suit variables, m, p, s fixed suits, * any suit chosen per group. A group
// holding numbers, X, Y or D needs a suffix and no other group takes one. The variables may be named
// in any order; by default they take pairwise different suits, and Vars.Suits allows fewer ("any 1
// or 2 suits"). Vars.X and Vars.Y restrict the number variables; X and Y are chosen so that every
// number stays in 1-9.
package pattern

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mjref/mjref/notation"
)

// Kind is the kind of one symbol of a group.
type Kind uint8

// The kinds of symbol.
const (
	Num     Kind = iota + 1 // Val: 1..9
	VarX                    // Val: the offset 0..8
	VarY                    // Val: the offset 0..8
	Dragon                  // D: the dragon of the group's suit
	Honour                  // Val: the honour tile (winds, Rd Gd Wd, 0)
	Flower                  // F
	AnyWind                 // Z
)

// Elem is one tile of a group as written.
type Elem struct {
	Kind Kind
	Val  int8
	// Zero marks a white dragon written 0 (Kind Honour).
	Zero bool
}

// Suffix is a group's suit suffix.
type Suffix uint8

// The suit suffixes.
const (
	NoSuffix Suffix = iota
	SuitA
	SuitB
	SuitC
	SuitM
	SuitP
	SuitS
	AnySuit
)

func (s Suffix) String() string { return [...]string{"", "a", "b", "c", "m", "p", "s", "*"}[s] }

// Alt is one alternative of a group: its symbols and suit suffix.
type Alt struct {
	Text   string
	Elems  []Elem
	Suffix Suffix
}

// Group is one group of a pattern with its alternatives (usually one).
type Group struct {
	Text string
	Alts []Alt
}

// Size is the number of tiles in the group.
func (g *Group) Size() int { return len(g.Alts[0].Elems) }

// Pattern is one parsed pattern.
type Pattern struct {
	Text   string
	Groups []Group
	// Tiles is the number of tiles in the pattern.
	Tiles int
	// UsesX and UsesY say the number variables appear; Digits that some group has a printed number.
	UsesX, UsesY, Digits bool
	// Vars marks the suit variables a, b, c used.
	Vars [3]bool
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

// MaxGroups bounds the groups of a pattern (a hand of singles).
const MaxGroups = 14

// Parse reads one pattern.
func Parse(s string) (*Pattern, error) {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return nil, &Error{Msg: "empty pattern"}
	}
	if len(fields) > MaxGroups {
		return nil, &Error{Msg: fmt.Sprintf("%d groups: a hand has at most %d", len(fields), MaxGroups)}
	}
	p := &Pattern{Text: s}
	for _, f := range fields {
		g := Group{Text: f}
		parts := strings.Split(f, "|")
		for i, part := range parts {
			a, err := parseAlt(part, f)
			if err != nil {
				return nil, err
			}
			if i > 0 && len(a.Elems) != len(g.Alts[0].Elems) {
				return nil, &Error{Group: f, Msg: fmt.Sprintf("alternatives have different sizes (%d and %d tiles)", len(g.Alts[0].Elems), len(a.Elems))}
			}
			if slices.ContainsFunc(g.Alts, func(b Alt) bool { return b.Text == a.Text }) {
				return nil, &Error{Group: f, Msg: fmt.Sprintf("alternative %q is given twice", a.Text)}
			}
			for _, e := range a.Elems {
				switch e.Kind {
				case VarX:
					p.UsesX = true
				case VarY:
					p.UsesY = true
				case Num:
					p.Digits = true
				}
			}
			if a.Suffix >= SuitA && a.Suffix <= SuitC {
				p.Vars[a.Suffix-SuitA] = true
			}
			g.Alts = append(g.Alts, a)
		}
		p.Tiles += len(g.Alts[0].Elems)
		p.Groups = append(p.Groups, g)
	}
	return p, nil
}

// Symbols lists what a group may hold, for error messages.
const Symbols = "1-9, 0, X, X+k, Y, Y+k, D, Rd, Gd, Wd, F, N, E, W, S, Z and a suit suffix a, b, c, m, p, s or *"

// parseAlt reads one alternative of a group ("XXXX+1b", "2026a", "NN", "RdRdRd").
func parseAlt(s, whole string) (Alt, error) {
	a := Alt{Text: s}
	if s == "" {
		return a, &Error{Group: whole, Msg: "empty alternative around '|'"}
	}
	body := s
	switch last := s[len(s)-1]; last {
	case 'a', 'b', 'c', 'm', 'p', 's', '*':
		a.Suffix = Suffix(strings.IndexByte("-abcmps*", last))
		body = s[:len(s)-1]
	}
	suited := false
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c >= '1' && c <= '9':
			a.Elems = append(a.Elems, Elem{Kind: Num, Val: int8(c - '0')})
			suited = true
		case c == '0':
			a.Elems = append(a.Elems, Elem{Kind: Honour, Val: int8(notation.White), Zero: true})
		case c == 'X' || c == 'Y':
			k := VarX
			if c == 'Y' {
				k = VarY
			}
			a.Elems = append(a.Elems, Elem{Kind: k, Val: -1}) // -1: offset not yet given
			suited = true
		case c == '+':
			j := i + 1
			for j < len(body) && body[j] >= '0' && body[j] <= '9' {
				j++
			}
			if j != i+2 {
				return a, &Error{Group: whole, Msg: "'+' must be followed by one digit, as in X+1"}
			}
			off := int8(body[i+1] - '0')
			if off > 8 {
				return a, &Error{Group: whole, Msg: "an offset is at most +8"}
			}
			n := 0
			for k := len(a.Elems) - 1; k >= 0 && (a.Elems[k].Kind == VarX || a.Elems[k].Kind == VarY) && a.Elems[k].Val < 0; k-- {
				if n > 0 && a.Elems[k].Kind != a.Elems[k+1].Kind {
					break
				}
				a.Elems[k].Val = off
				n++
			}
			if n == 0 {
				return a, &Error{Group: whole, Msg: "'+' must follow X or Y, as in XXX+1"}
			}
			i = j - 1
		case (c == 'R' || c == 'G' || c == 'W') && i+1 < len(body) && body[i+1] == 'd':
			t := map[byte]notation.Tile{'R': notation.Red, 'G': notation.Green, 'W': notation.White}[c]
			a.Elems = append(a.Elems, Elem{Kind: Honour, Val: int8(t)})
			i++
		case c == 'D':
			a.Elems = append(a.Elems, Elem{Kind: Dragon})
			suited = true
		case c == 'F':
			a.Elems = append(a.Elems, Elem{Kind: Flower})
		case c == 'E' || c == 'S' || c == 'W' || c == 'N':
			a.Elems = append(a.Elems, Elem{Kind: Honour, Val: int8(notation.East) + int8(strings.IndexByte("ESWN", c))})
		case c == 'Z':
			a.Elems = append(a.Elems, Elem{Kind: AnyWind})
		default:
			return a, &Error{Group: whole, Msg: fmt.Sprintf("unknown symbol %q: expected %s", rune(s[i]), Symbols)}
		}
	}
	for k := range a.Elems {
		if (a.Elems[k].Kind == VarX || a.Elems[k].Kind == VarY) && a.Elems[k].Val < 0 {
			a.Elems[k].Val = 0
		}
	}
	switch {
	case len(a.Elems) == 0:
		return a, &Error{Group: whole, Msg: "a group needs at least one tile"}
	case len(a.Elems) > MaxGroups:
		return a, &Error{Group: whole, Msg: fmt.Sprintf("a group has at most %d tiles", MaxGroups)}
	case suited && a.Suffix == NoSuffix:
		return a, &Error{Group: whole, Msg: "suit suffix missing: a group with numbers, X, Y or D ends in a, b, c, m, p, s or *"}
	case !suited && a.Suffix != NoSuffix:
		return a, &Error{Group: whole, Msg: fmt.Sprintf("suit suffix %q not allowed: only a group with numbers, X, Y or D takes a suit", a.Suffix.String())}
	}
	return a, nil
}

// Vars are the constraints on a pattern's variables, written beside it on the card line.
type Vars struct {
	// X and Y list the values the number variables may take; empty means 1-9.
	X, Y []int
	// Suits lists how many different suits the suit variables may take together (1, 2 or 3); empty
	// means each variable its own suit. "Any 1 or 2 suits" on a line with a and b is [1 2].
	Suits []int
	// Relative reads printed numbers as offsets from X: digit d is X+(d-1), so the pattern as printed
	// is its hand at X=1 and the line stands for every shift that keeps its numbers in 1-9.
	Relative bool
}

// Validate checks the values of v; the error names the field.
func (v *Vars) Validate() error {
	var errs []error
	for _, f := range []struct {
		name string
		vals []int
	}{{"x", v.X}, {"y", v.Y}} {
		for _, n := range f.vals {
			if n < 1 || n > 9 {
				errs = append(errs, fmt.Errorf("%s: %d is not a number 1-9", f.name, n))
			}
		}
	}
	for _, n := range v.Suits {
		if n < 1 || n > 3 {
			errs = append(errs, fmt.Errorf("suits: %d is not a number of suits 1-3", n))
		}
	}
	return errors.Join(errs...)
}

// Hand is one concrete hand of a pattern.
type Hand struct {
	// Groups holds the tiles of each group in pattern order. Expand reuses it between calls: copy
	// what you keep.
	Groups [][]notation.Tile
	// Choice is the alternative taken for each group.
	Choice []int
	// X and Y are the number variables' values, 0 when unused.
	X, Y int
	// Suits are the suits the variables a, b, c took, NoSuit when unused.
	Suits [3]notation.Suit
}

var suitsMPS = [3]notation.Suit{notation.Man, notation.Pin, notation.Sou}

// DragonOf returns the dragon tied to a suit: craks red, bams green, dots white.
func DragonOf(s notation.Suit) notation.Tile {
	switch s {
	case notation.Man:
		return notation.Red
	case notation.Sou:
		return notation.Green
	}
	return notation.White
}

// expander enumerates the concrete hands of one pattern.
type expander struct {
	p      *Pattern
	v      Vars
	h      Hand
	suit   []notation.Suit
	wind   []notation.Tile
	fn     func(*Hand) bool
	budget int
	stop   bool
}

// Expand calls fn with every concrete hand p stands for under v, in a fixed order, until fn returns
// false. A hand whose numbers leave 1-9 is skipped. Expand gives up after limit steps (choices of
// alternatives and hands built), so a pattern of many free choices cannot stall a caller. It returns
// the steps taken and whether every hand was offered within the limit.
func (p *Pattern) Expand(v Vars, limit int, fn func(h *Hand) bool) (steps int, complete bool) {
	n := len(p.Groups)
	e := &expander{p: p, v: v, fn: fn, budget: limit,
		suit: make([]notation.Suit, n), wind: make([]notation.Tile, n)}
	e.h.Groups = make([][]notation.Tile, n)
	for i := range p.Groups {
		e.h.Groups[i] = make([]notation.Tile, p.Groups[i].Size())
	}
	e.h.Choice = make([]int, n)
	e.chooseAlts(0)
	return limit - max(e.budget, 0), e.budget >= 0
}

func (e *expander) done() bool { return e.stop || e.budget < 0 }

func (e *expander) chooseAlts(g int) {
	if e.done() {
		return
	}
	if g < len(e.p.Groups) {
		for i := range e.p.Groups[g].Alts {
			e.h.Choice[g] = i
			e.chooseAlts(g + 1)
		}
		return
	}
	e.budget-- // counts the work of a combination that may build nothing
	if e.done() {
		return
	}
	// The offsets in use decide which X and Y are possible.
	xlo, xhi, ylo, yhi := 9, -1, 9, -1
	var vars [3]bool
	for gi, grp := range e.p.Groups {
		a := &grp.Alts[e.h.Choice[gi]]
		for _, el := range a.Elems {
			switch {
			case el.Kind == VarX:
				xlo, xhi = min(xlo, int(el.Val)), max(xhi, int(el.Val))
			case el.Kind == Num && e.v.Relative:
				xlo, xhi = min(xlo, int(el.Val)-1), max(xhi, int(el.Val)-1)
			case el.Kind == VarY:
				ylo, yhi = min(ylo, int(el.Val)), max(yhi, int(el.Val))
			}
		}
		if s := a.Suffix; s >= SuitA && s <= SuitC {
			vars[s-SuitA] = true
		}
	}
	xs := values(e.v.X, xlo, xhi)
	ys := values(e.v.Y, ylo, yhi)
	for _, x := range xs {
		for _, y := range ys {
			if x != 0 && x == y {
				continue // Y is another number than X
			}
			e.h.X, e.h.Y = x, y
			e.assign(vars, 0, 0)
			if e.done() {
				return
			}
		}
	}
}

// values returns the values a number variable with offsets lo..hi may take ([0] when unused).
func values(allowed []int, lo, hi int) []int {
	if hi < 0 {
		return []int{0}
	}
	var out []int
	for x := 1; x <= 9; x++ {
		if x+lo >= 1 && x+hi <= 9 && (len(allowed) == 0 || slices.Contains(allowed, x)) {
			out = append(out, x)
		}
	}
	return out
}

// assign gives each used suit variable from v on a suit, keeping the number of different suits
// allowed by Vars.Suits (pairwise different by default).
func (e *expander) assign(vars [3]bool, v int, used uint8) {
	for v < len(vars) && !vars[v] {
		e.h.Suits[v] = notation.NoSuit
		v++
	}
	if v == len(vars) {
		distinct := 0
		for m := used; m != 0; m &= m - 1 {
			distinct++
		}
		nvars := 0
		for _, u := range vars {
			if u {
				nvars++
			}
		}
		if len(e.v.Suits) == 0 && distinct != nvars || len(e.v.Suits) > 0 && nvars > 0 && !slices.Contains(e.v.Suits, distinct) {
			return
		}
		e.free(0)
		return
	}
	for si, s := range suitsMPS {
		if len(e.v.Suits) == 0 && used&(1<<si) != 0 {
			continue
		}
		e.h.Suits[v] = s
		e.assign(vars, v+1, used|1<<si)
		if e.done() {
			return
		}
	}
}

// free chooses the suit of each '*' group and the wind of each Z group, then builds the hand.
func (e *expander) free(g int) {
	if e.done() {
		return
	}
	if g == len(e.p.Groups) {
		e.budget--
		if !e.done() && e.build() {
			e.stop = !e.fn(&e.h)
		}
		return
	}
	a := &e.p.Groups[g].Alts[e.h.Choice[g]]
	suits := []notation.Suit{notation.NoSuit}
	switch a.Suffix {
	case SuitA, SuitB, SuitC:
		suits = []notation.Suit{e.h.Suits[a.Suffix-SuitA]}
	case SuitM:
		suits = []notation.Suit{notation.Man}
	case SuitP:
		suits = []notation.Suit{notation.Pin}
	case SuitS:
		suits = []notation.Suit{notation.Sou}
	case AnySuit:
		suits = suitsMPS[:]
	}
	winds := []notation.Tile{notation.NoTile}
	if slices.ContainsFunc(a.Elems, func(el Elem) bool { return el.Kind == AnyWind }) {
		winds = []notation.Tile{notation.East, notation.South, notation.West, notation.North}
	}
	for _, s := range suits {
		for _, w := range winds {
			e.suit[g], e.wind[g] = s, w
			e.free(g + 1)
			if e.done() {
				return
			}
		}
	}
}

// build fills e.h.Groups; false when a number leaves 1-9.
func (e *expander) build() bool {
	for gi, grp := range e.p.Groups {
		a := &grp.Alts[e.h.Choice[gi]]
		ts := e.h.Groups[gi]
		for k, el := range a.Elems {
			var t notation.Tile
			switch el.Kind {
			case Num:
				n := int(el.Val)
				if e.v.Relative {
					n = e.h.X + n - 1
				}
				t = notation.NewTile(e.suit[gi], n)
			case VarX:
				t = notation.NewTile(e.suit[gi], e.h.X+int(el.Val))
			case VarY:
				t = notation.NewTile(e.suit[gi], e.h.Y+int(el.Val))
			case Dragon:
				t = DragonOf(e.suit[gi])
			case Honour:
				t = notation.Tile(el.Val)
			case Flower:
				t = notation.Flower
			case AnyWind:
				t = e.wind[gi]
			}
			if t == notation.NoTile {
				return false
			}
			ts[k] = t
		}
	}
	return true
}
