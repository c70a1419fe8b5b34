package american

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/pattern"
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
	Pattern   []string
	Value     int
	Concealed bool
	Note      string
	X         []int // allowed values of X; empty means 1-9
	Y         []int // allowed values of Y; empty means 1-9 (never X's)
	// Suits lists how many different suits the suit variables may take together; empty means
	// each variable its own suit.
	Suits []int
	// Relative reads printed numbers as offsets from X (the card's "any consecutive numbers").
	Relative       bool
	JokerlessBonus bool
	// Source is where the line is written; PatternLines, when set, holds the line of each alternative.
	Source       scoring.Source
	PatternLines []int
	// Problems are what was wrong in the line as written (an unknown key, a value that is not a
	// number), found before Compile: the line is left out.
	Problems []error
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
	x, y      int
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
	Y              []int
	Suits          []int
	Relative       bool
	JokerlessBonus bool
	Source         scoring.Source

	hands []concrete
}

// Hands returns how many concrete hands the line stands for.
func (l *Line) Hands() int { return len(l.hands) }

// HandTexts lists the line's concrete hands in notation, sorted: two lines with the same list stand
// for the same hands.
func (l *Line) HandTexts() []string {
	out := make([]string, len(l.hands))
	for i := range l.hands {
		out[i] = l.hands[i].canonicalText()
	}
	slices.Sort(out)
	return out
}

// Card is a loaded card: its lines in card order, each expanded to its concrete hands.
type Card struct {
	Name   string
	Year   int
	Lines  []*Line
	Source scoring.Source
	// Warnings are what the card loaded despite, in card order: each line left out with what was
	// wrong (LeftOut), and each repeated alternative, ignored while its line plays.
	Warnings []scoring.Warning
	// problems are the errors of the lines left out.
	problems []error
}

// Err is nil when every line of the card plays, else the problems of the lines left out, joined,
// each a *LineError naming where the line is written: what `mjref card check` refuses the card for.
func (c *Card) Err() error { return errors.Join(c.problems...) }

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

// Compile checks a card and expands every line to its concrete hands. A line with a problem is left
// out, and the card plays its other lines: each problem is a warning (Card.Warnings) and Card.Err
// returns them all. A repeated alternative (one that gives no hand the line's earlier alternatives
// do not) is ignored with a warning, and its line plays. A card with no line left to play is an
// error joining every problem, each a *LineError naming where the line is written; so is a card
// too large to load.
func Compile(spec CardSpec) (*Card, error) {
	card := &Card{Name: spec.Name, Year: spec.Year, Source: spec.Source}
	if len(spec.Lines) > MaxCardLines {
		return nil, &LineError{Source: spec.Source, Msg: fmt.Sprintf("%d lines: a card holds at most %d", len(spec.Lines), MaxCardLines)}
	}
	var errs []error
	seen := map[string]scoring.Source{}
	hands := 0
	for i := range spec.Lines {
		ls := &spec.Lines[i]
		var lineErrs []error
		fail := func(src scoring.Source, format string, args ...any) {
			lineErrs = append(lineErrs, &LineError{Source: src, ID: ls.ID, Msg: fmt.Sprintf(format, args...)})
		}
		var notes []scoring.Warning
		warn := func(src scoring.Source, format string, args ...any) {
			e := &LineError{Source: src, ID: ls.ID, Msg: fmt.Sprintf(format, args...)}
			notes = append(notes, scoring.Warning{Message: e.Error(), File: src.Ruleset, Line: src.Line, CardLine: ls.ID})
		}
		line, ok := compileLine(ls, i, seen, fail, warn)
		for _, p := range ls.Problems {
			var le *LineError
			if errors.As(p, &le) && le.ID == "" {
				c := *le
				c.ID = ls.ID
				p = &c
			}
			lineErrs = append(lineErrs, p)
		}
		// Every line expanded counts toward the card's bound, left out or not: the bound is on
		// the work of loading.
		if line != nil {
			if hands += line.Hands(); hands > MaxCardHands {
				return nil, &LineError{Source: ls.Source, ID: ls.ID, Msg: fmt.Sprintf("the card expands to more than %d concrete hands by this line, the most a card may hold", MaxCardHands)}
			}
		}
		if len(lineErrs) > 0 || !ok {
			errs = append(errs, lineErrs...)
			card.problems = append(card.problems, lineErrs...)
			for _, e := range lineErrs {
				card.Warnings = append(card.Warnings, leftOut(e, ls))
			}
			continue
		}
		card.Warnings = append(card.Warnings, notes...)
		card.Lines = append(card.Lines, line)
	}
	if len(spec.Lines) == 0 {
		errs = append(errs, &LineError{Source: spec.Source, Msg: "the card has no lines"})
	}
	if len(card.Lines) == 0 {
		return nil, errors.Join(errs...)
	}
	return card, nil
}

// leftOut is the warning that a line is left out for err: "card.yaml:12: line R1 left out: ...".
func leftOut(err error, ls *LineSpec) scoring.Warning {
	w := scoring.Warning{Message: err.Error(), File: ls.Source.Ruleset, Line: ls.Source.Line, CardLine: ls.ID, LeftOut: true}
	var le *LineError
	if errors.As(err, &le) {
		w.File, w.Line = le.Source.Ruleset, le.Source.Line
		out := *le
		out.ID = ""
		if id := ls.ID; id != "" {
			out.Msg = fmt.Sprintf("line %s left out: %s", id, le.Msg)
		} else {
			out.Msg = "line left out: " + le.Msg
		}
		w.Message = out.Error()
	}
	return w
}

// compileLine checks one line and expands it; false (with the problems given to fail) when the line
// cannot play. seen holds the ids of the lines before it.
func compileLine(ls *LineSpec, i int, seen map[string]scoring.Source, fail, warn func(src scoring.Source, format string, args ...any)) (*Line, bool) {
	ok := true
	switch {
	case ls.ID == "":
		if len(ls.Problems) == 0 {
			fail(ls.Source, "line %d has no id", i+1)
		}
		ok = false
	case strings.ContainsAny(ls.ID, " \t\n"):
		fail(ls.Source, "id %q has a space", ls.ID)
		ok = false
	default:
		if prev, dup := seen[ls.ID]; dup {
			fail(ls.Source, "duplicate id (first at %s)", prev)
			ok = false
		} else {
			seen[ls.ID] = ls.Source
		}
	}
	if len(ls.Problems) > 0 {
		return nil, false // what the line says is not known well enough to check further
	}
	if ls.Value <= 0 {
		fail(ls.Source, "value %d is not positive", ls.Value)
		ok = false
	}
	vars := pattern.Vars{X: ls.X, Y: ls.Y, Suits: ls.Suits, Relative: ls.Relative}
	if err := vars.Validate(); err != nil {
		for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
			fail(ls.Source, "%v", e)
		}
		ok = false
	}
	if len(ls.Pattern) == 0 {
		fail(ls.Source, "no pattern")
		return nil, false
	}
	line := &Line{ID: ls.ID, Section: ls.Section, Pattern: ls.Pattern, Value: ls.Value, Concealed: ls.Concealed,
		Note: ls.Note, X: ls.X, Y: ls.Y, Suits: ls.Suits, Relative: ls.Relative, JokerlessBonus: ls.JokerlessBonus, Source: ls.Source}
	var usesX, usesY, relative, anyVars bool
	owner := map[string]int{} // concrete hand key -> the alternative that first gave it
	budget := MaxLineHands
	patternOK := true
	for k, text := range ls.Pattern {
		src := ls.Source
		if k < len(ls.PatternLines) && ls.PatternLines[k] > 0 {
			src.Line = ls.PatternLines[k]
		}
		altName := "pattern"
		if len(ls.Pattern) > 1 {
			altName = fmt.Sprintf("alternative %d", k+1)
		}
		p, err := pattern.Parse(text, pattern.Cards)
		if err != nil {
			fail(src, "%s: %v", altName, err)
			patternOK = false
			continue
		}
		if p.Tiles != HandTiles {
			fail(src, "%s has %d tiles, expected %d", altName, p.Tiles, HandTiles)
			patternOK = false
			continue
		}
		usesX = usesX || p.UsesX || ls.Relative && p.Digits
		usesY = usesY || p.UsesY
		relative = relative || p.Digits
		anyVars = anyVars || p.Vars != [3]bool{}
		built, fresh := 0, 0
		from := map[int]bool{}
		steps, within := p.Expand(vars, budget, func(h *pattern.Hand) bool {
			c, possible := build(h, k)
			if !possible {
				return true
			}
			built++
			key := c.key()
			if j, dup := owner[key]; dup {
				from[j] = true
				return true
			}
			owner[key] = k
			fresh++
			line.hands = append(line.hands, c)
			return true
		})
		budget -= steps
		switch {
		case !within:
			fail(src, "%s stands for more than %d hands: too many free choices (*, Z, |, suits:)", altName, MaxLineHands)
			patternOK = false
		case built == 0:
			fail(src, "%s has no possible hand (numbers out of 1-9, or more tiles than the set holds)", altName)
			patternOK = false
		case fresh == 0:
			// A repeated alternative (a transcription slip, or the card printing one hand twice)
			// takes nothing away: the line plays its other alternatives.
			var alts []string
			for j := range k {
				if from[j] {
					alts = append(alts, fmt.Sprint(j+1))
				}
			}
			what := "alternative " + alts[0]
			if len(alts) > 1 {
				what = "alternatives " + strings.Join(alts, " and ")
			}
			warn(src, "%s is a duplicate: %s already give%s every hand of it (ignored)", altName, what, map[bool]string{true: "", false: "s"}[len(alts) > 1])
		}
		if !within {
			break
		}
	}
	if !patternOK {
		return nil, false
	}
	switch {
	case len(ls.X) > 0 && !usesX:
		fail(ls.Source, "x: given but the pattern has no X")
		ok = false
	case len(ls.Y) > 0 && !usesY:
		fail(ls.Source, "y: given but the pattern has no Y")
		ok = false
	case ls.Relative && !relative:
		fail(ls.Source, "numbers: relative given but the pattern has no printed number")
		ok = false
	case len(ls.Suits) > 0 && !anyVars:
		fail(ls.Source, "suits: given but the pattern has no suit variable a, b or c")
		ok = false
	}
	return line, ok
}

// MaxCardLines and MaxCardHands bound a whole card, so a hostile card file (thousands of lines
// of many hands each) is refused in well under a second instead of loading for a minute: a
// year's card has some 60-70 lines and a few thousand concrete hands.
const (
	MaxCardLines = 500
	MaxCardHands = 20000
)

// MaxLineHands bounds the work of expanding one line (choices tried and concrete hands built, before
// duplicates are removed), so a pattern of many free choices cannot stall loading.
const MaxLineHands = 10000

// build turns one concrete hand of a pattern into count arithmetic; false when the set cannot supply
// it (more naturals outside sets than exist, or more jokers than the set holds).
func build(h *pattern.Hand, alt int) (concrete, bool) {
	var c concrete
	c.x, c.y, c.alt, c.suits = h.X, h.Y, alt, h.Suits
	for _, g := range h.Groups {
		ts := slices.Clone(g)
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
			return c, false
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
		return c, false
	}
	slices.SortFunc(c.sets, func(p, q setGroup) int {
		if p.slot != q.slot {
			return int(p.slot) - int(q.slot)
		}
		return int(p.size) - int(q.size)
	})
	return c, true
}

// key identifies a concrete hand by what matching sees: the tiles, which sit in sets, and the sets.
func (c *concrete) key() string {
	b := make([]byte, 0, 2*nIdx+2*len(c.sets))
	b = append(b, c.need[:]...)
	b = append(b, c.set[:]...)
	for _, s := range c.sets {
		b = append(b, s.slot, s.size)
	}
	return string(b)
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

// canonicalText renders the hand's tiles in a form that ignores how the pattern grouped and ordered
// them: the sets, largest tile first, then the other tiles sorted.
func (c *concrete) canonicalText() string {
	var b strings.Builder
	rest := c.need
	for _, s := range c.sets {
		b.WriteString(strings.Repeat(tileOf(int(s.slot)).String(), int(s.size)))
		b.WriteByte(' ')
		rest[s.slot] -= s.size
	}
	b.WriteByte('|')
	for i := range nIdx {
		for range rest[i] {
			b.WriteByte(' ')
			b.WriteString(tileOf(i).String())
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
