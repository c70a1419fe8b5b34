package cmd

import (
	"encoding/json"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring/american"
)

// scoreView is a scored hand (family.Scored), as score, settle and the ledger print it.
type scoreView struct {
	family.Scored
}

func newScoreView(sc family.Scored) *scoreView { return &scoreView{Scored: sc} }

// Hand is the hand as scored, in canonical notation.
func (v *scoreView) Hand() string { return v.Head().Hand }

// MarshalJSON writes the scored hand's JSON.
func (v *scoreView) MarshalJSON() ([]byte, error) { return json.Marshal(v.Scored) }

// rulesetCard is the card an American ruleset plays: flag's when given, else the ruleset's own.
// TRANSITIONAL: the referee code that calls it moves into the families (see family.CardPlayer).
func rulesetCard(rs *rulesets.Ruleset, flag string) (*american.Card, error) {
	if flag == "" && rs.Card != nil {
		return rs.Card, nil
	}
	if flag == "" {
		flag = rs.American.Card
	}
	return loadCard(flag)
}
