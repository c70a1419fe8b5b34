package cmd

import (
	"encoding/json"

	"github.com/mjref/mjref/family"
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
