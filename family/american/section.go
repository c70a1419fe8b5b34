package american

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	card "github.com/mjref/mjref/scoring/american"
)

//go:generate go run -tags mjref_nosnapshot ../../internal/snapshot

// ID is the family: key of American rulesets, and the key of their section.
const ID = "american"

//go:embed builtin/*.yaml
var builtin embed.FS

// Section is the american: section (a *card.Rules, scoring/american) and the built-in ruleset
// american, snapshotted (snapshot_gen.go).
func (Family) Section() rulesets.Section {
	sub, err := fs.Sub(builtin, "builtin")
	if err != nil {
		panic(err) // the embedded directory is part of the build
	}
	return rulesets.Section{Family: ID, New: func() any { return new(card.Rules) }, Builtins: sub,
		Prepare: americanCard, Finish: americanBounds, Snapshots: snapshots}
}

// Rules is the american: section of rs; nil when rs has none.
func Rules(rs *rulesets.Ruleset) *card.Rules { return rulesets.SectionOf[*card.Rules](rs, ID) }

// Card is the card the american: section of rs names, loaded with the ruleset; nil when rs has
// none.
func Card(rs *rulesets.Ruleset) *card.Card {
	c, _ := rs.Kept().(*card.Card)
	return c
}

// americanCard loads the card the american: section names: the card is part of the ruleset, so a
// bad card name or card file fails here, at its key. A card file is found next to the ruleset file
// that names it.
func americanCard(p *rulesets.Prep) error {
	name := Rules(p.Ruleset).Card
	key := []string{ID, "card"}
	if p.Uploaded() && !isBuiltinCard(name) {
		return p.Fail(key, fmt.Sprintf("%s: an uploaded ruleset plays a built-in card only (%s)", rulesets.Quote(name), strings.Join(ListCards(), ", ")))
	}
	c, err := LoadCardFrom(p.Files(), p.Beside(key, name, isBuiltinCard))
	if err != nil {
		return p.Fail(key, err.Error())
	}
	p.Keep(c)
	return nil
}

// americanBounds binds the values the card pays to the settlement, so a payment reads the table at
// the value the score says, and refuses a payout table that cannot pay each, naming the line of
// the card and the line of the table.
func americanBounds(p *rulesets.Prep) error {
	rs := p.Ruleset
	c := Card(rs)
	if c == nil {
		return nil
	}
	reach, table, ok := p.BindBounds(scoring.Bounds{Unit: "value", Values: cardValues(c, Rules(rs).ConcealedBonus)})
	if !ok {
		return nil
	}
	for _, v := range rs.Settlement.Bounds.Values {
		if v < reach.From || (!reach.Open && v > reach.To) {
			return p.FailAt([]string{ID, "card"}, fmt.Sprintf("the card pays value %d, but %s pays only %d to %d", v, table, reach.From, reach.To))
		}
	}
	return nil
}

// cardValues lists every value a card pays, in order: each line's value, and with the concealed
// bonus the value of a line marked X won with nothing exposed.
func cardValues(c *card.Card, bonus int) []int {
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
