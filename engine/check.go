package engine

import (
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/hk"
)

// HouseHanded is Rules whose ruleset may have house hands of its own (Hong Kong's
// hk.house_hands): rules check lists them, each with a hand that matches it.
type HouseHanded interface {
	HouseExamples() []hk.HouseExample
}

// CheckRuleset is what rules check tells of a ruleset that loaded besides its name: its house
// hands, each with an example hand (HouseHanded), and the warnings of what it plays
// (family.Warner: an American card's lines left out of play). It opens no file: what the ruleset
// plays loaded with it.
func CheckRuleset(rs *rulesets.Ruleset) (houseHands []hk.HouseExample, warnings []scoring.Warning) {
	r, err := family.Bind(rs, family.BindOptions{Files: rulesets.NoFiles})
	if err != nil {
		return nil, nil
	}
	if h, ok := r.(HouseHanded); ok {
		houseHands = h.HouseExamples()
	}
	return houseHands, family.Warnings(r)
}
