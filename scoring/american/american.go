// Package american matches American mahjong hands against a card: an original card language (groups,
// number and suit variables, jokers only in sets), the expansion of each card line into concrete hands
// at load time, the match of a finished hand, and the ranking of the lines a hand is closest to.
// It knows no YAML: the rulesets package decodes card files into a CardSpec and calls Compile.
package american

import (
	"fmt"

	"github.com/mjref/mjref/scoring"
)

// Rules is the american: section of a ruleset.
type Rules struct {
	// Card names the card to play: a built-in card ("sample-2026") or a path to a card file.
	Card string `yaml:"card"`
	// ConcealedBonus is added to a line marked X (exposed) when the hand wins with nothing exposed
	// (one card's "+10"). Zero turns it off.
	ConcealedBonus int `yaml:"concealed_bonus"`
	// Source is filled by the loader with where the section is written.
	Source scoring.Source `yaml:"-"`
}

// Validate checks the section's values; the error's Path names the YAML key below american:.
func (r *Rules) Validate() error {
	if r.Card == "" {
		return &scoring.RuleError{Path: []string{"card"}, Msg: "no card named: give a built-in card such as sample-2026 or a file"}
	}
	if r.ConcealedBonus < 0 {
		return &scoring.RuleError{Path: []string{"concealed_bonus"}, Msg: fmt.Sprintf("%d is negative: 0 turns the bonus off", r.ConcealedBonus)}
	}
	return nil
}
