package american

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// HandTiles is the number of tiles in a finished American hand.
const HandTiles = 14

// exposure is one exposed set of the hand.
type exposure struct {
	slot   uint8
	size   uint8
	jokers uint8
	tile   notation.Tile
}

// handInfo is a hand reduced to count arithmetic.
type handInfo struct {
	nat       [nIdx]uint8 // concealed naturals per slot (flowers beside the hand and concealed kongs included)
	natMask   uint64
	jokers    int // concealed jokers
	exp       []exposure
	expNat    [nIdx]uint8 // naturals in exposures
	expJokers int
	total     int
	bad       string // why the hand cannot be a hand at all
}

// read reduces h. It allocates only when the hand has exposures.
func (hi *handInfo) read(h *notation.Hand) {
	var all [nIdx]int
	for t, n := range h.Concealed {
		if n == 0 {
			continue
		}
		tile := notation.Tile(t)
		if tile == notation.Joker {
			hi.jokers += int(n)
			continue
		}
		s := slotOf(tile)
		if s < 0 {
			hi.bad = fmt.Sprintf("%s is not a tile of the set", tile)
			continue
		}
		hi.nat[s] += n
	}
	for _, b := range h.Bonus {
		hi.nat[flowerIdx]++
		if !b.Tile.IsBonus() {
			hi.bad = fmt.Sprintf("%s is not a flower", b.Tile)
		}
	}
	for _, m := range h.Melds {
		s := slotOf(m.Tile)
		switch {
		case m.Kind == notation.Chow:
			hi.bad = fmt.Sprintf("%s: a run is never exposed in American play", m)
			continue
		case s < 0 || m.Size() < 3:
			hi.bad = fmt.Sprintf("%s is not a set", m)
			continue
		case m.Concealed:
			// American play has no concealed kong: the four tiles are simply in the hand.
			hi.nat[s] += uint8(m.Naturals())
			hi.jokers += int(m.Jokers)
			continue
		case m.Naturals() < 1:
			hi.bad = fmt.Sprintf("%s: an exposure holds at least one natural tile", m)
			continue
		}
		hi.exp = append(hi.exp, exposure{slot: uint8(s), size: uint8(m.Size()), jokers: m.Jokers, tile: m.Tile})
		hi.expNat[s] += uint8(m.Naturals())
		hi.expJokers += int(m.Jokers)
	}
	for i := range nIdx {
		all[i] = int(hi.nat[i]) + int(hi.expNat[i])
		hi.total += all[i]
		if hi.nat[i] > 0 {
			hi.natMask |= 1 << i
		}
	}
	hi.total += hi.jokers + hi.expJokers
	if hi.bad != "" {
		return
	}
	for i := range nIdx {
		if all[i] > supply(i) {
			if i == flowerIdx {
				hi.bad = fmt.Sprintf("%d flowers: the set has eight", all[i])
			} else {
				hi.bad = fmt.Sprintf("%d of %s: the set has four of each tile", all[i], tileOf(i))
			}
			return
		}
	}
	if j := hi.jokers + hi.expJokers; j > MaxJokers {
		hi.bad = fmt.Sprintf("%d jokers: the set has eight", j)
	}
}

// placeExposures takes the hand's exposures out of c: each must be a set of the same tile and size.
// It writes the need and set counts left for the concealed part to need and set, and reports false,
// writing nothing, when an exposure fits no set of c. The counts are written in place because
// returning them by value costs more than the rest of ranking a line.
func placeExposures(c *concrete, exp []exposure, need, set *[nIdx]uint8) bool {
	// Match every exposure to a set before copying the counts: most hands of a card take none.
	var used uint16
	for _, e := range exp {
		found := false
		for k, s := range c.sets {
			if used&(1<<k) == 0 && s.slot == e.slot && s.size == e.size {
				used |= 1 << k
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	*need, *set = c.need, c.set
	for _, e := range exp {
		need[e.slot] -= e.size
		set[e.slot] -= e.size
	}
	return true
}

// fits reports whether the hand's concealed part fills c exactly once the exposures are placed.
func fits(c *concrete, hi *handInfo) bool {
	if hi.natMask&^c.mask != 0 {
		return false
	}
	if len(hi.exp) == 0 {
		if c.fixedMask&^hi.natMask != 0 {
			return false
		}
		for m := c.mask; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			if n := hi.nat[i]; n > c.need[i] || int(n) < c.fixed(i) {
				return false
			}
		}
		return true
	}
	var need, set [nIdx]uint8
	if !placeExposures(c, hi.exp, &need, &set) {
		return false
	}
	for m := c.mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if n := hi.nat[i]; n > need[i] || n < need[i]-set[i] {
			return false
		}
	}
	return true
}

// Reading is how a hand fills a line: the concrete hand, the number and suits taken, and the tile
// each joker stands for.
type Reading struct {
	Hand   string            `json:"hand"`
	X      int               `json:"x,omitempty"`
	Suits  map[string]string `json:"suits,omitempty"`
	Jokers []notation.Tile   `json:"jokers,omitempty"`
}

// String reads like "ff 3333m 33p 33p 3333s (X=3, a=m b=p c=s, jokers as 3m 3m 3s)".
func (r Reading) String() string {
	var notes []string
	if r.X != 0 {
		notes = append(notes, fmt.Sprintf("X=%d", r.X))
	}
	var vars []string
	for _, v := range []string{"a", "b", "c"} {
		if s, ok := r.Suits[v]; ok {
			vars = append(vars, v+"="+s)
		}
	}
	if len(vars) > 0 {
		notes = append(notes, strings.Join(vars, " "))
	}
	if len(r.Jokers) > 0 {
		notes = append(notes, "jokers as "+tilesText(r.Jokers))
	}
	if len(notes) == 0 {
		return r.Hand
	}
	return r.Hand + " (" + strings.Join(notes, ", ") + ")"
}

// Result is the verdict on a finished hand.
type Result struct {
	Valid   bool   `json:"valid"`
	Line    string `json:"line,omitempty"`
	Section string `json:"section,omitempty"`
	// Value is the line's value plus the concealed bonus when it applies.
	Value     int  `json:"value"`
	Jokerless bool `json:"jokerless"`
	// JokerlessBonus says the jokerless doubling applies: jokerless, on a line that allows it.
	JokerlessBonus bool `json:"jokerless_bonus"`
	// Concealed says the hand has nothing exposed; ConcealedLine says the line is marked C.
	Concealed     bool           `json:"concealed"`
	ConcealedLine bool           `json:"concealed_line"`
	Reason        string         `json:"reason,omitempty"`
	Reading       *Reading       `json:"reading,omitempty"`
	Items         []scoring.Item `json:"items,omitempty"`
	Source        scoring.Source `json:"source"`
}

// String reads like "R1 Consecutive Run 25 (exposed)" or "no match: ...".
func (r Result) String() string {
	if !r.Valid {
		return "no match: " + r.Reason
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %d", r.Line, r.Section, r.Value)
	if r.Concealed {
		b.WriteString(" concealed")
	} else {
		b.WriteString(" exposed")
	}
	if r.Jokerless {
		b.WriteString(" jokerless")
	}
	if r.Reading != nil {
		fmt.Fprintf(&b, " = %s", r.Reading.Hand)
	}
	return b.String()
}

// Match finds the line of card that h fills: the highest value when several do, card order breaking
// ties. A nil r means the default rules. When no line matches, Reason names the nearest line and what
// it lacks.
func Match(card *Card, h *notation.Hand, r *Rules) Result {
	var hi handInfo
	hi.read(h)
	res := Result{Jokerless: hi.jokers+hi.expJokers == 0, Concealed: len(hi.exp) == 0}
	switch {
	case hi.bad != "":
		res.Reason = hi.bad
		return res
	case hi.total != HandTiles:
		res.Reason = fmt.Sprintf("%s: a finished hand has %d", words.Count(hi.total, "tile"), HandTiles)
		return res
	case card == nil || len(card.Lines) == 0:
		res.Reason = "no card"
		return res
	}
	bonus := 0
	if r != nil {
		bonus = r.ConcealedBonus
	}
	var best *Line
	var bestHand *concrete
	bestValue := 0
	for _, l := range card.Lines {
		if l.Concealed && len(hi.exp) > 0 {
			continue
		}
		v := l.Value
		if !l.Concealed && len(hi.exp) == 0 {
			v += bonus
		}
		if v <= bestValue {
			continue
		}
		for k := range l.hands {
			if fits(&l.hands[k], &hi) {
				best, bestHand, bestValue = l, &l.hands[k], v
				break
			}
		}
	}
	if best == nil {
		res.Reason = nearestReason(card, &hi)
		return res
	}
	res.Valid = true
	res.Line, res.Section, res.Value = best.ID, best.Section, bestValue
	res.ConcealedLine = best.Concealed
	res.JokerlessBonus = res.Jokerless && best.JokerlessBonus
	res.Source = best.Source
	res.Reading = reading(bestHand, &hi)
	res.Items = []scoring.Item{{ID: best.ID, Name: best.Section, Value: best.Value, Note: best.Note, Source: best.Source}}
	if bestValue > best.Value {
		res.Items = append(res.Items, scoring.Item{ID: "concealed", Name: "concealed on an exposed line", Value: bestValue - best.Value, Source: r.Source})
	}
	return res
}

// reading describes how hi fills c (which it fits).
func reading(c *concrete, hi *handInfo) *Reading {
	rd := &Reading{Hand: c.handText(), X: c.x, Suits: c.suitLetters()}
	var need, set [nIdx]uint8
	placeExposures(c, hi.exp, &need, &set)
	for i := range nIdx {
		for range int(need[i]) - int(hi.nat[i]) {
			rd.Jokers = append(rd.Jokers, tileOf(i))
		}
	}
	for _, e := range hi.exp {
		for range e.jokers {
			rd.Jokers = append(rd.Jokers, e.tile)
		}
	}
	slices.Sort(rd.Jokers)
	return rd
}

// nearestReason explains a hand that fills no line by the line the player most likely meant: the
// fewest tiles short with every tile read as written (a concealed line counts, exposures and all),
// live lines before dead ones among equals, then the higher value.
func nearestReason(card *Card, hi *handInfo) string {
	cands := rank(card, hi, nil)
	if len(cands) == 0 {
		return "no line matches"
	}
	best := 0
	for k := range cands {
		if meant(&cands[k], &cands[best]) < 0 {
			best = k
		}
	}
	describe(cands[best:best+1], hi)
	c := cands[best]
	var b strings.Builder
	switch {
	case c.Dead && c.Concealed && len(hi.exp) > 0:
		fmt.Fprintf(&b, "%s (%s, %d) is concealed: it allows no exposure", c.Line, c.Section, c.Value)
		if c.Need == 0 {
			b.WriteString(" (the tiles fill it otherwise)")
			return b.String()
		}
		b.WriteString("; it would still be ")
	case c.Dead:
		fmt.Fprintf(&b, "nearest is %s (%s, %d), but %s", c.Line, c.Section, c.Value, c.Why)
		return b.String()
	default:
		fmt.Fprintf(&b, "nearest is %s (%s, %d): ", c.Line, c.Section, c.Value)
	}
	fmt.Fprintf(&b, "%s short, lacks %s", countText(c.Need, "tile"), tilesText(c.Missing))
	if len(c.Extra) > 0 {
		fmt.Fprintf(&b, "; no place for %s", tilesText(c.Extra))
	}
	if c.idleJokers > 0 {
		b.WriteString(" (jokers stand only in sets of 3 or more identical tiles)")
	}
	return b.String()
}

// meant orders candidates for nearestReason: fewer tiles short first (a line the exposures rule out
// is measured with them read as concealed), then live before dead, then higher value.
func meant(a, b *Candidate) int {
	if c := cmp.Compare(a.Need, b.Need); c != 0 {
		return c
	}
	if a.Dead != b.Dead {
		if a.Dead {
			return 1
		}
		return -1
	}
	return cmp.Compare(b.Value, a.Value)
}

func tilesText(ts []notation.Tile) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.String()
	}
	return strings.Join(parts, " ")
}
