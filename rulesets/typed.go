package rulesets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/american"
)

// The three families this package still types itself (Ruleset.HK, American and DeBurger, their
// built-in rulesets embedded here and snapshotted): their sections, with the hooks that do what
// only they do. The loader runs them as it runs any registered section's; nothing else in the
// package names a family.
func typedSections() []section {
	return []section{
		{Section: Section{Family: FamilyHK, Decoded: houseSources, Finish: hkBounds},
			typed: func(rs *Ruleset) any { return nilIfNil(rs.HK) }},
		{Section: Section{Family: FamilyAmerican, Prepare: americanCard, Finish: americanBounds},
			typed: func(rs *Ruleset) any { return nilIfNil(rs.American) }},
		{Section: Section{Family: FamilyDeBurger, Finish: deburgerRace},
			typed: func(rs *Ruleset) any { return nilIfNil(rs.DeBurger) }},
	}
}

// houseSources makes each house hand cite the file it is written in, as card lines do, so a table's
// own hand is found in its own file.
func houseSources(p *Prep) {
	rs := p.Ruleset
	for id, hh := range rs.HK.HouseHands {
		if f, _, ok := p.Written(FamilyHK, "house_hands", id); ok && hh != nil && f != "" {
			hh.Source.Ruleset = f
		}
		if hh != nil && hh.Patterns != nil {
			hh.PatternLines = make([]int, len(hh.Patterns))
			for i := range hh.Patterns {
				if _, line, ok := p.Written(FamilyHK, "house_hands", id, "patterns", fmt.Sprint(i)); ok {
					hh.PatternLines[i] = line
				}
			}
		}
	}
}

// americanCard loads the card the american: section names: the card is part of the ruleset, so a
// bad card name or card file fails here, at its key. A card file is found next to the ruleset file
// that names it.
func americanCard(p *Prep) error {
	rs := p.Ruleset
	key := []string{FamilyAmerican, "card"}
	from, _, _ := p.Written(key...) // the file that names the card; "" for a built-in snapshot (no nodes)
	if p.Uploaded() && !isBuiltinCard(rs.American.Card) {
		return p.Fail(key, fmt.Sprintf("%s: an uploaded ruleset plays a built-in card only (%s)", quote(rs.American.Card), strings.Join(ListCards(), ", ")))
	}
	card, err := LoadCardFrom(p.Files(), relativeTo(from, rs.American.Card, isBuiltinCard))
	if err != nil {
		return p.Fail(key, err.Error())
	}
	rs.Card = card
	return nil
}

// deburgerRace has the ledger's flow follow the race, which says where a DeBurger game ends,
// unless it says otherwise; the two may not disagree.
func deburgerRace(p *Prep) error {
	rs := p.Ruleset
	if rs.Flow == nil {
		return nil
	}
	race := rs.DeBurger.Race
	if rs.Flow.Target == 0 {
		rs.Flow.Target = settle.Points(int64(race.Target))
	} else if rs.Flow.Target != settle.Points(int64(race.Target)) {
		return p.Fail([]string{"flow", "target"}, fmt.Sprintf("flow.target %s differs from deburger.race.target %d: leave it out to follow the race", rs.Flow.Target, race.Target))
	}
	if rs.Flow.Ties == 0 {
		rs.Flow.Ties = race.Ties
	} else if rs.Flow.Ties != race.Ties {
		return p.Fail([]string{"flow", "ties"}, fmt.Sprintf("flow.ties %s differs from deburger.race.ties %s: leave it out to follow the race", rs.Flow.Ties, race.Ties))
	}
	return nil
}

// A family's bounds give the settlement the range it pays a win in (hk: min_faan, cap and the
// limit; American: the values the card pays), so a payment reads the table at the worth the score
// says; and refuse a ruleset whose payout table cannot pay every worth that range allows, naming
// the line of the bound and the line of the table.

// hkBounds binds hk's faan bounds: the table must pay min_faan and every faan to the cap.
func hkBounds(p *Prep) error {
	reach, table, ok := bindBounds(p, p.Ruleset.HK.Bounds())
	if !ok {
		return nil
	}
	b := p.Ruleset.Settlement.Bounds
	if b.Min < reach.From {
		return p.FailAt([]string{FamilyHK, "min_faan"}, fmt.Sprintf("min_faan %d needs a row for %d faan, but %s starts at %d faan", b.Min, b.Min, table, reach.From))
	}
	if reach.Open {
		return nil
	}
	const hint = "give it rows up to the cap, or beyond: {double_every: 2} (half-spicy), {double_every: 1} (full-spicy) or {add: POINTS}"
	if b.Cap == 0 {
		return p.FailAt([]string{FamilyHK, "cap"}, fmt.Sprintf("cap 0 (no cap) needs a row for every faan, but %s stops at %d faan: %s", table, reach.To, hint))
	}
	if b.Cap > reach.To {
		return p.FailAt([]string{FamilyHK, "cap"}, fmt.Sprintf("cap %d needs a row for %d faan (a limit hand is paid at the cap), but %s stops at %d faan: %s", b.Cap, b.Cap, table, reach.To, hint))
	}
	return nil
}

// americanBounds binds the values the card pays: the table must pay each.
func americanBounds(p *Prep) error {
	rs := p.Ruleset
	if rs.Card == nil {
		return nil
	}
	reach, table, ok := bindBounds(p, scoring.Bounds{Unit: "value", Values: cardValues(rs.Card, rs.American.ConcealedBonus)})
	if !ok {
		return nil
	}
	for _, v := range rs.Settlement.Bounds.Values {
		if v < reach.From || (!reach.Open && v > reach.To) {
			return p.FailAt([]string{FamilyAmerican, "card"}, fmt.Sprintf("the card pays value %d, but %s pays only %d to %d", v, table, reach.From, reach.To))
		}
	}
	return nil
}

// bindBounds gives the settlement bounds b, and says what its table reaches and how a message names
// the table (with its line); ok is false with no settlement, or a table Validate has reported.
func bindBounds(p *Prep, b scoring.Bounds) (reach settle.Reach, table string, ok bool) {
	s := p.Ruleset.Settlement
	if s == nil {
		return reach, "", false
	}
	s.Bounds = b
	reach, err := s.Reach()
	if err != nil {
		return reach, "", false // Validate has reported the table already
	}
	tf, tl := p.At("settlement", "tables", reach.Table)
	return reach, fmt.Sprintf("table %s (%s:%d)", reach.Table, tf, tl), true
}

// cardValues lists every value a card pays, in order: each line's value, and with the concealed
// bonus the value of a line marked X won with nothing exposed.
func cardValues(c *american.Card, bonus int) []int {
	var vs []int
	for _, line := range c.Lines {
		vs = append(vs, line.Value)
		if bonus > 0 && !line.Concealed {
			vs = append(vs, line.Value+bonus)
		}
	}
	slices.Sort(vs)
	return slices.Compact(vs)
}
