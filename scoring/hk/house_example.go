package hk

import (
	"fmt"
	"slices"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// HouseExample is a house hand with a hand that shows it, generated when the ruleset is validated,
// so a table sees at once whether the pattern says what it meant.
type HouseExample struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	NameZH  string `json:"name_zh"`
	Value   Faan   `json:"value"`
	Pattern string `json:"pattern,omitempty"`
	// Patterns are the house hand's patterns: (any one matches); Hand holds the first.
	Patterns []string       `json:"patterns,omitempty"`
	Only     string         `json:"only,omitempty"`
	Source   scoring.Source `json:"source"`
	// Hand is the example in tile notation; Win says how it was won.
	Hand string          `json:"hand"`
	Win  scoring.WinKind `json:"win"`
	// Valid says the example is also a winning hand under the ruleset (it reaches the minimum).
	Valid bool `json:"valid"`
	// Total is the example's faan under the ruleset.
	Total int `json:"total"`
}

// HouseExamples returns one example hand for each house hand, in the order they are written; nil
// before Validate or when the ruleset has none.
func (r *Rules) HouseExamples() []HouseExample { return r.examples }

// exampleBudget bounds the search for one example: tiles tried for the pattern's groups.
const exampleBudget = 20000

// gunit is a unit of a hand being built.
type gunit struct {
	shape uint8
	tile  notation.Tile
}

// exampler searches for a hand that shows house hand k.
type exampler struct {
	r      *Rules
	tb     *valueTable
	k      int
	hh     *houseHand
	p      *hpattern // the pattern whose hand is built; nil: the hand has none
	steps  *matchSteps
	c      notation.Counts // every tile placed
	us     []gunit
	budget int
	found  *HouseExample
	weak   *HouseExample // a match below the minimum, kept in case nothing better turns up
	leaves int
	built  int // hands built and scored
}

// houseExamples builds an example for every house hand, or says which one no hand can show.
func (r *Rules) houseExamples(tb *valueTable) ([]HouseExample, error) {
	if len(tb.house) == 0 {
		return nil, nil
	}
	out := make([]HouseExample, 0, len(tb.house))
	var st matchSteps
	for k := range tb.house {
		hh := &tb.house[k]
		d := r.HouseHands[hh.id]
		var first *HouseExample
		for j := range max(1, len(hh.pats)) {
			e := &exampler{r: r, tb: tb, k: k, hh: hh, budget: exampleBudget, steps: &st}
			if len(hh.pats) > 0 {
				e.p = &hh.pats[j]
			}
			ex, err := e.example(j)
			if err != nil {
				return nil, err
			}
			if st.total > checkStepLimit {
				return nil, ruleErr(fmt.Sprintf("checking the house hands (an example hand for each) took more than %d matching steps (see mjref help limits): write fewer alternatives (|) or fewer patterns", checkStepLimit), "house_hands", hh.id)
			}
			if first == nil {
				first = ex
			}
		}
		ex := first
		ex.ID, ex.Name, ex.NameZH, ex.Value, ex.Pattern, ex.Only, ex.Source = hh.id, d.Name, d.ZH, *d.Value, d.Pattern, d.Only, d.Source
		ex.Patterns = d.Patterns
		out = append(out, *ex)
	}
	return out, nil
}

// example searches for a hand that shows the house hand through pattern j, or says why none does.
func (e *exampler) example(j int) (*HouseExample, error) {
	e.group(0, binding{})
	if e.found != nil {
		return e.found, nil
	}
	if e.weak != nil {
		return e.weak, nil
	}
	path := []string{"house_hands", e.hh.id, "pattern"}
	switch {
	case len(e.hh.pats) == 0:
		path[2] = "only"
	case e.hh.lines != nil:
		path = append(path[:2], "patterns", fmt.Sprint(j))
	}
	var msg string
	switch {
	case e.built > 0:
		msg = "hands that hold this pattern never score it: another item is paid instead (see replaces and replaced_by), or its conditions cannot hold"
	case e.budget <= 0:
		msg = fmt.Sprintf("no hand of 14 tiles found for it in %d tries: check the suits, numbers and only:", exampleBudget)
	default:
		msg = "no hand of 14 tiles can hold this pattern: more of a tile than the set's four, numbers out of 1-9, suits that cannot all differ, or an only: without its tiles"
	}
	return nil, ruleErr(msg, path...)
}

// unitTiles adds (n = 1) or removes (n = -1) a unit's tiles in c and reports whether c stays within
// four of each tile and the alphabet.
func (e *exampler) place(u gunit, n int) bool {
	ts := [4]notation.Tile{u.tile, u.tile, u.tile, u.tile}
	size := 3
	switch u.shape {
	case shPair:
		size = 2
	case shKong:
		size = 4
	case shChow:
		ts[1], ts[2] = u.tile+1, u.tile+2
	}
	ok := true
	for _, t := range ts[:size] {
		e.c[t] = uint8(int(e.c[t]) + n)
		if e.c[t] > 4 || (e.hh.only != 0 && e.hh.only&(1<<t) == 0) {
			ok = false
		}
	}
	return ok
}

// group chooses a tile for group g and goes on to the next.
func (e *exampler) group(g int, b binding) {
	if e.found != nil || e.budget <= 0 {
		return
	}
	if e.p == nil || g == len(e.p.groups) {
		e.leaf()
		return
	}
	grp := &e.p.groups[g]
	for k := range grp.alts {
		a := &grp.alts[k]
		for t := notation.Tile(1); t <= notation.Red; t++ {
			if a.shape == shChow && (!t.IsSuited() || t.Num() > 7) {
				continue
			}
			// Seven pairs are seven different pairs, unless the table counts four of a kind as two.
			if a.shape == shPair && !e.r.SevenPairsRepeated && slices.ContainsFunc(e.us, func(u gunit) bool { return u.shape == shPair && u.tile == t }) {
				continue
			}
			e.budget--
			if e.budget <= 0 || e.found != nil {
				return
			}
			nb := b
			if !a.unify(t, &nb) {
				continue
			}
			u := gunit{shape: a.shape, tile: t}
			if e.place(u, 1) {
				e.us = append(e.us, u)
				e.group(g+1, nb)
				e.us = e.us[:len(e.us)-1]
			}
			e.place(u, -1)
		}
	}
}

// fillOrders are the orders in which leaf tries tiles for the free part of a hand: low tiles
// first, then high suited tiles first (so a free part can avoid a low pattern), honours last.
var fillOrders = func() [2][]notation.Tile {
	var asc, desc []notation.Tile
	for t := notation.Tile(1); t <= notation.Red; t++ {
		asc = append(asc, t)
	}
	for t := notation.S1 + 8; t >= 1; t-- {
		desc = append(desc, t)
	}
	for t := notation.East; t <= notation.Red; t++ {
		desc = append(desc, t)
	}
	return [2][]notation.Tile{asc, desc}
}()

// leaf fills the rest of the hand around the pattern's units in a few ways and tries each.
func (e *exampler) leaf() {
	e.leaves++
	if e.leaves > 64 {
		e.budget = 0
		return
	}
	var sets, pairs int
	for _, u := range e.us {
		if u.shape == shPair {
			pairs++
		} else {
			sets++
		}
	}
	base := len(e.us)
	type variant struct {
		order      []notation.Tile
		chowsFirst bool
	}
	variants := []variant{{fillOrders[0], true}, {fillOrders[0], false}, {fillOrders[1], false}, {fillOrders[1], true}}
	sevenPairs := e.tb.val[idSevenPairs] != Off
	for vi, v := range variants {
		if pairs > 1 || (pairs == 0 && sets == 0 && sevenPairs && vi == len(variants)-1) {
			// Seven pairs: fill with pairs of tiles not yet used.
			if !e.fill(v.order, shPair, 7-pairs, 0) {
				e.unfill(base)
				continue
			}
		} else {
			kinds := []uint8{shChow, shPong}
			if !v.chowsFirst {
				kinds = []uint8{shPong, shChow}
			}
			need := 4 - sets
			for _, limit := range []uint8{0, 1, 2, 3} {
				for _, kind := range kinds {
					need -= e.fillUpTo(v.order, kind, need, limit)
				}
			}
			ok := need == 0 && pairs <= 1
			if ok && pairs == 0 && !e.fill(v.order, shPair, 1, 0) && !e.fill(v.order, shPair, 1, 1) && !e.fill(v.order, shPair, 1, 2) {
				ok = false
			}
			if !ok {
				e.unfill(base)
				continue
			}
		}
		e.try(base)
		e.unfill(base)
		if e.found != nil {
			return
		}
	}
}

// fill adds n units of shape s whose tiles are each held at most limit times so far.
func (e *exampler) fill(order []notation.Tile, s uint8, n int, limit uint8) bool {
	return e.fillUpTo(order, s, n, limit) == n
}

// fillUpTo adds up to n units of shape s, trying tiles in order, each tile held at most limit
// times so far, and returns how many it added.
func (e *exampler) fillUpTo(order []notation.Tile, s uint8, n int, limit uint8) int {
	added := 0
	for i := 0; i < len(order) && added < n; i++ {
		t := order[i]
		if s == shChow && (!t.IsSuited() || t.Num() > 7) {
			continue
		}
		if e.c[t] > limit || (s == shChow && (e.c[t+1] > limit || e.c[t+2] > limit)) {
			continue
		}
		if s == shPair && slices.ContainsFunc(e.us, func(u gunit) bool { return u.shape == shPair && u.tile == t }) {
			continue
		}
		u := gunit{shape: s, tile: t}
		if e.place(u, 1) {
			e.us = append(e.us, u)
			added++
			if s != shPair {
				i-- // the same tile may take another set
			}
			continue
		}
		e.place(u, -1)
	}
	return added
}

// unfill removes the units added after the first n.
func (e *exampler) unfill(n int) {
	for _, u := range e.us[n:] {
		e.place(u, -1)
	}
	e.us = e.us[:n]
}

// try builds the hand from the units and scores it under a few ways of winning; the first under
// which the house hand scores is the example (a valid win preferred).
func (e *exampler) try(base int) {
	var h notation.Hand
	for _, u := range e.us {
		switch u.shape {
		case shKong:
			h.Melds = append(h.Melds, notation.Meld{Kind: notation.Kong, Tile: u.tile, Concealed: true, From: notation.NoSeat})
		case shPair:
			h.Concealed[u.tile] += 2
		case shChow:
			h.Concealed[u.tile]++
			h.Concealed[u.tile+1]++
			h.Concealed[u.tile+2]++
		default:
			h.Concealed[u.tile] += 3
		}
	}
	if len(h.Melds) > 4 || h.Concealed.Total()+3*len(h.Melds) != 14 {
		return
	}
	h.Canonicalize()
	e.built++
	// Winning tiles: the free part's first, so a discard does not spoil a concealed set the pattern needs.
	var wins []notation.Tile
	for _, u := range slices.Concat(e.us[base:], e.us[:base]) {
		if u.shape != shKong && !slices.Contains(wins, u.tile) {
			wins = append(wins, u.tile)
		}
	}
	kinds := []scoring.WinKind{scoring.Discard, scoring.SelfDraw}
	if e.hh.selfDrawn {
		kinds = kinds[1:]
	}
	id := e.tb.itemName(itemID(int(numItems) + e.k))
	for _, w := range wins {
		for _, kind := range kinds {
			h.Win = w
			res, err := score(&h, scoring.Situation{Win: kind, Discarder: notation.NoSeat}, e.r, e.steps, nil)
			if err != nil || !slices.ContainsFunc(res.Items, func(it scoring.Item) bool { return it.ID == id }) {
				continue
			}
			ex := &HouseExample{Hand: notation.Format(h), Win: kind, Valid: res.Valid, Total: res.Total}
			if res.Valid {
				e.found = ex
				return
			}
			if e.weak == nil {
				e.weak = ex
			}
		}
	}
}
