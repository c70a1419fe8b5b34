package pattern

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mjref/mjref/notation"
)

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

// MaxGroups bounds the groups of a pattern (a hand of singles).
const MaxGroups = 14

// Parse reads one whole pattern in dialect d: groups separated by spaces.
func Parse(s string, d Dialect) (*Pattern, error) {
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
		alts, err := ParseGroup(f, d)
		if err != nil {
			return nil, err
		}
		for i, a := range alts {
			if slices.ContainsFunc(alts[:i], func(b Alt) bool { return b.Text == a.Text }) {
				return nil, &Error{Group: f, Msg: fmt.Sprintf("alternative %q is given twice", a.Text)}
			}
			for _, e := range a.Elems {
				switch e.Kind {
				case X:
					p.UsesX = true
				case Y:
					p.UsesY = true
				case Num:
					p.Digits = true
				}
			}
			if a.Suffix.IsVar() {
				p.Vars[a.Suffix-SuitA] = true
			}
		}
		g.Alts = alts
		p.Tiles += len(g.Alts[0].Elems)
		p.Groups = append(p.Groups, g)
	}
	return p, nil
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
			case el.Kind == X:
				xlo, xhi = min(xlo, int(el.Val)), max(xhi, int(el.Val))
			case el.Kind == Num && e.v.Relative:
				xlo, xhi = min(xlo, int(el.Val)-1), max(xhi, int(el.Val)-1)
			case el.Kind == Y:
				ylo, yhi = min(ylo, int(el.Val)), max(yhi, int(el.Val))
			}
		}
		if s := a.Suffix; s.IsVar() {
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

// anyTiles are the tiles a '?' may be: every playing tile.
var anyTiles = func() []notation.Tile {
	var ts []notation.Tile
	for t := notation.Tile(1); t <= notation.Red; t++ {
		ts = append(ts, t)
	}
	return ts
}()

// free chooses the suit of each '*' group, the wind of each Z group and the tile of each '?' group,
// then builds the hand.
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
	case Man:
		suits = []notation.Suit{notation.Man}
	case Pin:
		suits = []notation.Suit{notation.Pin}
	case Sou:
		suits = []notation.Suit{notation.Sou}
	case AnySuit:
		suits = suitsMPS[:]
	}
	winds := []notation.Tile{notation.NoTile}
	switch {
	case a.Has(AnyTile):
		winds = anyTiles
	case a.Has(AnyWind):
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
			case X:
				t = notation.NewTile(e.suit[gi], e.h.X+int(el.Val))
			case Y:
				t = notation.NewTile(e.suit[gi], e.h.Y+int(el.Val))
			case Dragon:
				t = DragonOf(e.suit[gi])
			case NamedDragon:
				t = notation.White + notation.Tile(el.Val)
			case Zero:
				t = notation.White
			case Wind:
				t = notation.East + notation.Tile(el.Val)
			case Flower:
				t = notation.Flower
			case AnyWind, AnyTile:
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
