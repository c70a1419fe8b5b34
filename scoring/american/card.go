package american

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// nIdx is the number of tile slots a concrete hand counts: the 34 playing kinds and one for every flower.
const nIdx = 35

// flowerIdx is the slot of the flowers.
const flowerIdx = 34

// MaxJokers is the number of jokers in a set of tiles.
const MaxJokers = 8

// slotOf returns the slot of t: t.Index() for a playing tile, flowerIdx for any flower, -1 otherwise.
func slotOf(t notation.Tile) int {
	switch {
	case t.IsPlaying():
		return int(t) - 1
	case t.IsBonus():
		return flowerIdx
	}
	return -1
}

// tileOf is the inverse of slotOf: the bare flower for flowerIdx.
func tileOf(i int) notation.Tile {
	if i == flowerIdx {
		return notation.Flower
	}
	return notation.Tile(i + 1)
}

// supply returns how many natural tiles of slot i the set holds.
func supply(i int) int {
	if i == flowerIdx {
		return 8
	}
	return 4
}

// LineSpec is one card line as written, before expansion: what a card file gives for it.
type LineSpec struct {
	ID      string
	Section string
	// Pattern lists the alternatives of the line: the same hand at the same value.
	Pattern        []string
	Value          int
	Concealed      bool
	Note           string
	X              []int // allowed values of X; empty means 1-9
	JokerlessBonus bool
	// Source is where the line is written; PatternLines, when set, holds the line of each alternative.
	Source       scoring.Source
	PatternLines []int
}

// CardSpec is a card as written.
type CardSpec struct {
	Name   string
	Year   int
	Lines  []LineSpec
	Source scoring.Source
}

// LineError is a problem with one line of a card, with the place it is written.
type LineError struct {
	Source scoring.Source
	ID     string
	Msg    string
}

// Error returns "card.yaml:12: line R1: msg".
func (e *LineError) Error() string {
	var b strings.Builder
	if s := e.Source.String(); s != "" {
		b.WriteString(s)
		b.WriteString(": ")
	}
	if e.ID != "" {
		fmt.Fprintf(&b, "line %s: ", e.ID)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// setGroup is a group of 3 or more identical tiles in a concrete hand.
type setGroup struct {
	slot uint8
	size uint8
}

// concrete is one concrete hand of a line: count arithmetic only.
type concrete struct {
	need      [nIdx]uint8 // tiles of each slot
	set       [nIdx]uint8 // of which in sets (a joker may stand in)
	mask      uint64      // slots with need > 0
	fixedMask uint64      // slots that need at least one natural
	sets      []setGroup  // sorted
	groups    [][]notation.Tile
	x         int
	suits     [3]notation.Suit
	alt       int
}

// fixed returns how many naturals slot i needs outside sets.
func (c *concrete) fixed(i int) int { return int(c.need[i]) - int(c.set[i]) }

// Line is one line of a card after loading, with its concrete hands.
type Line struct {
	ID             string
	Section        string
	Pattern        []string
	Value          int
	Concealed      bool
	Note           string
	X              []int
	JokerlessBonus bool
	Source         scoring.Source

	hands []concrete
}

// Hands returns how many concrete hands the line stands for.
func (l *Line) Hands() int { return len(l.hands) }

// Card is a loaded card: its lines in card order, each expanded to its concrete hands.
type Card struct {
	Name   string
	Year   int
	Lines  []*Line
	Source scoring.Source
}

// Sections lists the card's section names in card order.
func (c *Card) Sections() []string {
	var out []string
	for _, l := range c.Lines {
		if !slices.Contains(out, l.Section) {
			out = append(out, l.Section)
		}
	}
	return out
}

// Line returns the line with the given id, or nil.
func (c *Card) Line(id string) *Line {
	for _, l := range c.Lines {
		if l.ID == id {
			return l
		}
	}
	return nil
}

// LineInfo is what `card check` prints for one line.
type LineInfo struct {
	ID        string         `json:"id"`
	Section   string         `json:"section"`
	Value     int            `json:"value"`
	Concealed bool           `json:"concealed"`
	Hands     int            `json:"hands"`
	Source    scoring.Source `json:"source"`
}

// Info lists every line with its number of concrete hands.
func (c *Card) Info() []LineInfo {
	out := make([]LineInfo, 0, len(c.Lines))
	for _, l := range c.Lines {
		out = append(out, LineInfo{ID: l.ID, Section: l.Section, Value: l.Value, Concealed: l.Concealed, Hands: len(l.hands), Source: l.Source})
	}
	return out
}

// Compile checks a card and expands every line to its concrete hands. Every problem found is
// returned, joined, each as a *LineError naming where the line is written.
func Compile(spec CardSpec) (*Card, error) {
	card := &Card{Name: spec.Name, Year: spec.Year, Source: spec.Source}
	var errs []error
	seen := map[string]scoring.Source{}
	for i := range spec.Lines {
		ls := &spec.Lines[i]
		fail := func(src scoring.Source, format string, args ...any) {
			errs = append(errs, &LineError{Source: src, ID: ls.ID, Msg: fmt.Sprintf(format, args...)})
		}
		switch {
		case ls.ID == "":
			fail(ls.Source, "line %d has no id", i+1)
		case strings.ContainsAny(ls.ID, " \t\n"):
			fail(ls.Source, "id %q has a space", ls.ID)
		default:
			if prev, dup := seen[ls.ID]; dup {
				fail(ls.Source, "duplicate id (first at %s)", prev)
			} else {
				seen[ls.ID] = ls.Source
			}
		}
		if ls.Value <= 0 {
			fail(ls.Source, "value %d is not positive", ls.Value)
		}
		for _, x := range ls.X {
			if x < 1 || x > 9 {
				fail(ls.Source, "x: %d is not a number 1-9", x)
			}
		}
		if len(ls.Pattern) == 0 {
			fail(ls.Source, "no pattern")
			continue
		}
		line := &Line{ID: ls.ID, Section: ls.Section, Pattern: ls.Pattern, Value: ls.Value, Concealed: ls.Concealed,
			Note: ls.Note, X: ls.X, JokerlessBonus: ls.JokerlessBonus, Source: ls.Source}
		usesX, ok := false, true
		keys := map[string]bool{}
		budget := MaxLineHands
		for k, text := range ls.Pattern {
			src := ls.Source
			if k < len(ls.PatternLines) && ls.PatternLines[k] > 0 {
				src.Line = ls.PatternLines[k]
			}
			altName := "pattern"
			if len(ls.Pattern) > 1 {
				altName = fmt.Sprintf("alternative %d", k+1)
			}
			p, err := parsePattern(text)
			if err != nil {
				fail(src, "%s: %v", altName, err)
				ok = false
				continue
			}
			if p.tiles != 14 {
				fail(src, "%s has %d tiles, expected 14", altName, p.tiles)
				ok = false
				continue
			}
			usesX = usesX || p.usesX
			before := len(line.hands)
			var within bool
			line.hands, within = expand(p, k, ls.X, line.hands, keys, &budget)
			if !within {
				fail(src, "%s stands for more than %d hands: too many free choices (*, Z, |)", altName, MaxLineHands)
				ok = false
				break
			}
			if len(line.hands) == before {
				fail(src, "%s has no possible hand (numbers out of 1-9, or more tiles than the set holds)", altName)
				ok = false
			}
		}
		if len(ls.X) > 0 && !usesX && ok {
			fail(ls.Source, "x: given but the pattern has no X")
		}
		if ok {
			card.Lines = append(card.Lines, line)
		}
	}
	if len(spec.Lines) == 0 {
		errs = append(errs, &LineError{Source: spec.Source, Msg: "the card has no lines"})
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return card, nil
}

// expander enumerates the concrete hands of one pattern.
type expander struct {
	p      *pattern
	alt    int
	xs     []int
	choice []int // alternative chosen per group
	out    []concrete
	keys   map[string]bool
	budget int // concrete hands still to build before the line is refused
}

// MaxLineHands bounds the concrete hands one line may stand for (before duplicates are removed), so a
// pattern of many free choices cannot stall loading.
const MaxLineHands = 10000

var suitsMPS = [3]notation.Suit{notation.Man, notation.Pin, notation.Sou}

// expand appends the concrete hands of p to out, skipping any already seen in keys.
// It reports false when the line stands for more than MaxLineHands hands.
func expand(p *pattern, alt int, xs []int, out []concrete, keys map[string]bool, budget *int) ([]concrete, bool) {
	e := &expander{p: p, alt: alt, xs: xs, choice: make([]int, len(p.groups)), out: out, keys: keys, budget: *budget}
	e.chooseAlts(0)
	*budget = e.budget
	return e.out, e.budget >= 0
}

func (e *expander) chooseAlts(g int) {
	if e.budget < 0 {
		return
	}
	if g < len(e.p.groups) {
		for i := range e.p.groups[g].alts {
			e.choice[g] = i
			e.chooseAlts(g + 1)
		}
		return
	}
	e.budget-- // counts the work of a combination that may build nothing
	if e.budget < 0 {
		return
	}
	// Offsets in use decide which X are possible.
	lo, hi, usesX := 9, 0, false
	for gi, grp := range e.p.groups {
		for _, el := range grp.alts[e.choice[gi]].elems {
			if el.kind == elX {
				usesX = true
				lo, hi = min(lo, int(el.val)), max(hi, int(el.val))
			}
		}
	}
	xs := []int{0}
	if usesX {
		xs = xs[:0]
		cands := e.xs
		if len(cands) == 0 {
			cands = []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
		}
		for _, x := range cands {
			if x+lo >= 1 && x+hi <= 9 {
				xs = append(xs, x)
			}
		}
	}
	var vars [3]bool
	for gi, grp := range e.p.groups {
		if s := grp.alts[e.choice[gi]].suf; s >= sufA && s <= sufC {
			vars[s-sufA] = true
		}
	}
	for _, x := range xs {
		// Suit variables: every injective assignment of the used variables to m, p, s.
		var perm [3]notation.Suit
		var assign func(v int, used uint8)
		assign = func(v int, used uint8) {
			for v < len(vars) && !vars[v] {
				v++
			}
			if v == len(vars) {
				e.free(x, perm, 0, make([]notation.Suit, len(e.p.groups)), make([]notation.Tile, len(e.p.groups)))
				return
			}
			for si, s := range suitsMPS {
				if used&(1<<si) == 0 {
					perm[v] = s
					assign(v+1, used|1<<si)
				}
			}
		}
		assign(0, 0)
	}
}

// free chooses the suit of each '*' group and the wind of each Z group, then builds the hand.
func (e *expander) free(x int, vars [3]notation.Suit, g int, suit []notation.Suit, wind []notation.Tile) {
	if e.budget < 0 {
		return
	}
	if g == len(e.p.groups) {
		e.budget--
		if e.budget >= 0 {
			e.build(x, vars, suit, wind)
		}
		return
	}
	a := e.p.groups[g].alts[e.choice[g]]
	suits := []notation.Suit{notation.NoSuit}
	switch a.suf {
	case sufA, sufB, sufC:
		suits = []notation.Suit{vars[a.suf-sufA]}
	case sufM:
		suits = []notation.Suit{notation.Man}
	case sufP:
		suits = []notation.Suit{notation.Pin}
	case sufS:
		suits = []notation.Suit{notation.Sou}
	case sufAny:
		suits = suitsMPS[:]
	}
	winds := []notation.Tile{notation.NoTile}
	if slices.ContainsFunc(a.elems, func(el elem) bool { return el.kind == elAnyWind }) {
		winds = []notation.Tile{notation.East, notation.South, notation.West, notation.North}
	}
	for _, s := range suits {
		for _, w := range winds {
			suit[g], wind[g] = s, w
			e.free(x, vars, g+1, suit, wind)
		}
	}
}

// dragonOf returns the dragon tied to a suit: craks red, bams green, dots white.
func dragonOf(s notation.Suit) notation.Tile {
	switch s {
	case notation.Man:
		return notation.Red
	case notation.Sou:
		return notation.Green
	}
	return notation.White
}

func (e *expander) build(x int, vars [3]notation.Suit, suit []notation.Suit, wind []notation.Tile) {
	var c concrete
	c.x, c.alt = x, e.alt
	for v, used := range e.p.vars {
		if used {
			c.suits[v] = vars[v]
		}
	}
	for gi, grp := range e.p.groups {
		a := grp.alts[e.choice[gi]]
		ts := make([]notation.Tile, len(a.elems))
		for k, el := range a.elems {
			var t notation.Tile
			switch el.kind {
			case elNum:
				t = notation.NewTile(suit[gi], int(el.val))
			case elX:
				t = notation.NewTile(suit[gi], x+int(el.val))
			case elDragon:
				t = dragonOf(suit[gi])
			case elZero:
				t = notation.White
			case elFlower:
				t = notation.Flower
			case elWind:
				t = notation.East + notation.Tile(el.val)
			case elAnyWind:
				t = wind[gi]
			}
			if t == notation.NoTile {
				return
			}
			ts[k] = t
		}
		isSet := len(ts) >= 3
		for _, t := range ts {
			isSet = isSet && t == ts[0]
			c.need[slotOf(t)]++
		}
		if isSet {
			s := slotOf(ts[0])
			c.set[s] += uint8(len(ts))
			c.sets = append(c.sets, setGroup{slot: uint8(s), size: uint8(len(ts))})
		}
		c.groups = append(c.groups, ts)
	}
	// The physical supply: naturals outside sets must exist, and jokers fill the rest.
	short := 0
	for i := range nIdx {
		if c.fixed(i) > supply(i) {
			return
		}
		short += max(0, int(c.need[i])-supply(i))
		if c.need[i] > 0 {
			c.mask |= 1 << i
		}
		if c.fixed(i) > 0 {
			c.fixedMask |= 1 << i
		}
	}
	if short > MaxJokers {
		return
	}
	slices.SortFunc(c.sets, func(p, q setGroup) int {
		if p.slot != q.slot {
			return int(p.slot) - int(q.slot)
		}
		return int(p.size) - int(q.size)
	})
	key := string(c.need[:]) + string(c.set[:])
	for _, s := range c.sets {
		key += string([]byte{s.slot, s.size})
	}
	if e.keys[key] {
		return
	}
	e.keys[key] = true
	e.out = append(e.out, c)
}

// honourNames are the notation aliases a card reader knows: winds by letter, dragons as Wd Gd Rd.
var honourNames = [...]string{"E", "S", "W", "N", "Wd", "Gd", "Rd"}

// handText renders a concrete hand group by group in notation the parser reads back under American
// rules, honours by their aliases and a white dragon among one suit's numbers as 0, as cards write
// years: "ff 333m 4444p 555m RdRd", "NN 2026m SS 666p 666s".
func (c *concrete) handText() string {
	var b strings.Builder
	for i, g := range c.groups {
		if i > 0 {
			b.WriteByte(' ')
		}
		suit := groupSuit(g)
		digit := func(t notation.Tile) bool {
			return t.Suit() == suit || (suit != notation.NoSuit && t == notation.White)
		}
		for k, t := range g {
			switch {
			case digit(t):
				if t == notation.White {
					b.WriteByte('0')
				} else {
					b.WriteByte(byte('0' + t.Num()))
				}
				if k+1 == len(g) || !digit(g[k+1]) {
					b.WriteByte(suit.Letter())
				}
			case t.IsHonor():
				b.WriteString(honourNames[t-notation.East])
			case t.IsSuited():
				b.WriteByte(byte('0' + t.Num()))
				if k+1 == len(g) || g[k+1].Suit() != t.Suit() {
					b.WriteByte(t.Suit().Letter())
				}
			default:
				b.WriteString(t.String())
			}
		}
	}
	return b.String()
}

// groupSuit returns the one suit of a group's number tiles, or NoSuit when it has none or several.
func groupSuit(g []notation.Tile) notation.Suit {
	suit := notation.NoSuit
	for _, t := range g {
		if !t.IsSuited() {
			continue
		}
		if suit != notation.NoSuit && t.Suit() != suit {
			return notation.NoSuit
		}
		suit = t.Suit()
	}
	return suit
}

// suitLetters maps the suit variables used to the suit letters they took.
func (c *concrete) suitLetters() map[string]string {
	var m map[string]string
	for v, s := range c.suits {
		if s != notation.NoSuit {
			if m == nil {
				m = map[string]string{}
			}
			m[string(rune('a'+v))] = string(s.Letter())
		}
	}
	return m
}
