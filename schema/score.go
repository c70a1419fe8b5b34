package schema

import (
	"encoding/json"

	"github.com/mjref/mjref/family"
)

// Score is a scored hand (family.Scored) as score, settle and the ledger print it: the family's
// own document (score.json).
type Score struct {
	family.Scored
}

// NewScore is the document of sc.
func NewScore(sc family.Scored) *Score { return &Score{Scored: sc} }

// Hand is the hand as scored, in canonical notation.
func (v *Score) Hand() string { return v.Head().Hand }

// MarshalJSON writes the scored hand's JSON.
func (v *Score) MarshalJSON() ([]byte, error) { return json.Marshal(v.Scored) }
