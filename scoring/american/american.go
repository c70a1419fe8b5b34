// Package american matches American mahjong hands against a card: an original card language (groups,
// number and suit variables, jokers only in sets), the expansion of each card line into concrete hands
// at load time, the match of a finished hand, and the ranking of the lines a hand is closest to.
// It knows no YAML: the rulesets package decodes card files into a CardSpec and calls Compile.
//
// # The card language
//
// A line's pattern is groups separated by spaces; each group is one group printed on the card. A group
// is a run of symbols followed by at most one suit suffix:
//
//	1-9      a suited number
//	X, X+k   the line's number variable with an offset k (0-8); X is chosen so every number stays in
//	         1-9, and the line field x: [..] may restrict it. An offset applies to the whole run of X
//	         just before it: "XXXX+1" is a kong of X+1, "XX+1X+2" is X+1, X+1, X+2.
//	D        the dragon of the group's suit: craks (m) red, bams (s) green, dots (p) white
//	0        the white dragon used as zero; it belongs to no suit
//	F        a flower: all eight flowers and seasons are alike (1f-8f and f in a hand)
//	N E W S  the winds; Z is any one wind, chosen per group
//
// A group holding numbers, X or D needs a suffix, and no other group takes one: a, b, c are suit
// variables that take pairwise different suits (name them in order: b needs a, c needs a and b);
// m, p, s fix the suit; * is any suit, chosen per group. "A|B" gives alternatives for one group (each
// with its own suffix, all of one size); a line's pattern may also be a list of alternatives, the same
// hand at the same value.
//
// A group of three or more identical tiles is a set (pung, kong, quint, sextet), where jokers may stand
// in for any of its tiles; singles, pairs, "2026", "NEWS" and runs never take a joker. This is derived
// from the tiles, never written. The white dragon's four tiles serve both as 0 and as the dots dragon.
//
// Every line is expanded once, by Compile, into its concrete hands: the naturals each tile kind needs,
// how many of them sit in sets, and the list of sets. Matching is then count arithmetic.
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
