// Package hongkong is the Hong Kong family: hands scored in faan (scoring/hk), paid by the
// ruleset's payout table (referee/settle), refereed claim by claim.
package hongkong

import (
	"fmt"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
)

// Family is the Hong Kong family; its rulesets say family: hk.
type Family struct{}

// ID is "hk".
func (Family) ID() string { return rulesets.FamilyHK }

// Title is "Hong Kong".
func (Family) Title() string { return "Hong Kong" }

// Notation reads hands plainly (0m is a red five).
func (Family) Notation() notation.Options { return notation.Options{} }

// Documents are the family's result types in the JSON contract.
func (Family) Documents() map[string]any { return map[string]any{"score": Scored{}} }

// Bind binds the family to a Hong Kong ruleset.
func (Family) Bind(rs *rulesets.Ruleset, opt family.BindOptions) (family.Rules, error) {
	if rs.HK == nil {
		return nil, family.WithHint(fmt.Errorf("ruleset %s has no hk: section", rs.Name), "start the ruleset with 'extends: hk'")
	}
	if err := family.RefuseCard(rs, opt, Family{}); err != nil {
		return nil, err
	}
	r := &rules{rs: rs}
	if rs.Settlement != nil {
		r.settle, _ = rs.Settlement.Bind() // nil on a problem: settle.Settle then reports it
	}
	return r, nil
}

type rules struct {
	rs *rulesets.Ruleset
	// settle is the ruleset's settlement resolved once (see settle.Bound).
	settle *settle.Bound
}

func (r *rules) Ruleset() *rulesets.Ruleset { return r.rs }
func (r *rules) Family() family.Family      { return Family{} }
