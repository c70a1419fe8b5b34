// Package american matches American mahjong hands against a card: the expansion of each card line
// into concrete hands at load time, the match of a finished hand, and the ranking of the lines a hand
// is closest to. It knows no YAML: the rulesets package decodes card files into a CardSpec and calls
// Compile.
//
// # The card language
//
// A line's pattern is written in the card language of package scoring/pattern, which holds the
// grammar: groups separated by spaces, each a run of symbols and a suit suffix.
//
//	1-9            a suited number (with numbers: relative, digit d is X+(d-1): 123 is any run)
//	X, X+k, Y      number variables with offsets; Y is always another number than X
//	D              the dragon of the group's suit: craks (m) red, bams (s) green, dots (p) white
//	Rd Gd Wd       each dragon; D* is any dragon
//	0              the white dragon used as zero; it belongs to no suit
//	F              a flower: all eight flowers and seasons are alike (1f-8f and f in a hand)
//	N E W S        the winds; Z is any one wind, chosen per group
//	a b c          suit variables (pairwise different unless suits: allows fewer), in any order
//	m p s          fixed suits; * any suit, chosen per group
//
// "A|B" gives alternatives for one group; a line's pattern may also be a list of alternatives, the
// same hand at the same value. Beside the pattern a line may set x: and y: (the values X and Y may
// take), suits: (how many different suits the variables take together: "any 1 or 2 suits") and
// numbers: relative (the printed numbers shift together).
//
// What the American card adds is the joker: a group of three or more identical tiles is a set (pung,
// kong, quint, sextet), where jokers may stand in for any of its tiles; singles, pairs, "2026",
// "NEWS" and runs never take a joker. This is derived from the tiles, never written. The white
// dragon's four tiles serve both as 0 and as the dots dragon.
//
// Every line is expanded once, by Compile, into its concrete hands: the naturals each tile kind needs,
// how many of them sit in sets, and the list of sets. Matching is then count arithmetic. Two
// alternatives of a line that stand for the same hands are refused as duplicates.
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
