package american

import (
	"fmt"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/scoring"
)

// LedgerFlow is the American flow: the deal passes after every game, won or a wall game.
func (r *rules) LedgerFlow() gamerules.Flow { return gamerules.AmericanFlow() }

// LedgerUnit is "value": a card line's value.
func (r *rules) LedgerUnit() string { return "value" }

// LedgerExample is the hint for a hand given without its value.
func (r *rules) LedgerExample() string { return "e.g. --value 25, the card line's value" }

// RecordScored records the value of the card line the winner's hand matched.
func (r *rules) RecordScored(h *ledger.Hand, _ ledger.Table, _ *notation.Hand, _ scoring.Situation, sc family.Scored) (bool, string, []string, error) {
	res := sc.(*Scored).Result
	if !res.Valid {
		return false, fmt.Sprintf("%s's hand matches no line: %s", h.Winner, res.Reason), nil, nil
	}
	h.Value, h.Jokerless = res.Value, res.JokerlessBonus
	return true, "", nil, nil
}
