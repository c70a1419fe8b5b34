// Package hongkong is the Hong Kong family: hands scored in faan (scoring/hk), paid by the
// ruleset's payout table (referee/settle), refereed claim by claim.
package hongkong

import (
	"fmt"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring/hk"
)

// Family is the Hong Kong family; its rulesets say family: hk.
type Family struct{}

// ID is "hk".
func (Family) ID() string { return ID }

// Title is "Hong Kong".
func (Family) Title() string { return "Hong Kong" }

// Notation reads hands plainly (0m is a red five).
func (Family) Notation() notation.Options { return notation.Options{} }

// Documents are the family's result types in the JSON contract.
func (Family) Documents() map[string]any { return map[string]any{"score": Scored{}} }

// Bind binds the family to a Hong Kong ruleset.
func (Family) Bind(rs *rulesets.Ruleset, opt family.BindOptions) (family.Rules, error) {
	hkr := Rules(rs)
	if hkr == nil {
		return nil, family.WithHint(fmt.Errorf("ruleset %s has no hk: section", rs.Name), "start the ruleset with 'extends: hk'")
	}
	if err := family.RefuseCard(rs, opt, Family{}); err != nil {
		return nil, err
	}
	r := &rules{rs: rs, hk: hkr}
	if rs.Settlement != nil {
		r.settle, _ = rs.Settlement.Bind() // nil on a problem: settle.Settle then reports it
	}
	return r, nil
}

type rules struct {
	rs *rulesets.Ruleset
	// hk is the ruleset's hk: section, looked up once: a batch scores a hand a line.
	hk *hk.Rules
	// settle is the ruleset's settlement resolved once (see settle.Bound).
	settle *settle.Bound
	// head is the batch lines' head after the hand, for AppendScore.
	head family.HeadRest
}

func (r *rules) Ruleset() *rulesets.Ruleset { return r.rs }
func (r *rules) Family() family.Family      { return Family{} }

// Limits are the caps on house hands, for mjref help limits.
func (Family) Limits() ([]family.Limit, string) {
	return nil, fmt.Sprintf(`  House hands (hk.house_hands:): at most %d in a ruleset, %d patterns under one
  patterns:. Matching them against one reading of a hand may take at most %d
  steps (a group tried against a set) for all of them together: each pattern's
  worst case is computed when the ruleset loads, and a ruleset over the limit
  exits 2 naming the pattern's line, so a match is never cut short. Checking
  them (an example hand for each) may take %d steps.
`, hk.MaxHouseHands, hk.MaxHousePatterns, hk.MaxHouseSteps, hk.MaxHouseCheckSteps)
}
