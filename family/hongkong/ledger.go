package hongkong

import (
	"errors"
	"fmt"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// LedgerFlow is the Hong Kong flow: the dealer deals again after a dealer win or a drawn hand
// (連莊), four rounds of prevailing wind.
func (r *rules) LedgerFlow() gamerules.Flow { return gamerules.HongKongFlow() }

// LedgerUnit is "faan".
func (r *rules) LedgerUnit() string { return "faan" }

// LedgerExample is the hint for a hand given without its faan.
func (r *rules) LedgerExample() string { return "e.g. --faan 5, or --limit for a limit hand" }

// RecordScored records the faan of the winner's hand as scored, and who is responsible (包) when a
// meld's @SEAT mark says so.
func (r *rules) RecordScored(h *ledger.Hand, t ledger.Table, hand *notation.Hand, sit scoring.Situation, sc family.Scored) (bool, string, []string, error) {
	var notes []string
	seat := t.Seat(h.Winner)
	res := sc.(*Scored).Result
	if !res.Valid {
		return false, fmt.Sprintf("%s's hand is not a win at seat %s, prevailing %s: %s", h.Winner, seat, t.Prevailing, res.Reason), nil, nil
	}
	h.Faan, h.Limit = res.Total, res.Limit
	if res.SelfDrawn && !h.Win.SelfDrawn() {
		notes = append(notes, "paid as a self-draw: the hand scores as one whatever the last tile")
		h.Win, h.Discarder = scoring.SelfDraw, ""
	}
	if h.Responsible == "" && r.rs.Settlement != nil {
		d := notation.NoSeat
		if h.Discarder != "" {
			d = t.Seat(h.Discarder)
		}
		sit := scoring.Situation{Seat: seat, Prevailing: t.Prevailing, Win: h.Win, Discarder: d, LastTile: sit.LastTile}
		l, err := settle.Responsible(r.rs.Settlement, hand, sit)
		switch {
		case errors.Is(err, settle.ErrAmbiguous):
			return false, "", notes, family.WithHint(err, "name the player with --responsible NAME, or mark only the meld that completed it")
		case err != nil:
			return false, "", notes, family.SettleError(r.rs, err)
		}
		if l.Seat != notation.NoSeat {
			h.Responsible = t.Players[t.Player(l.Seat)]
			notes = append(notes, fmt.Sprintf("%s (seat %s) is responsible: %s", h.Responsible, l.Seat, l.Trigger))
		} else if l.Trigger != "" {
			notes = append(notes, fmt.Sprintf("responsibility %s applies, but no meld says who fed it: give --responsible NAME", l.Trigger))
		}
	}
	return true, "", notes, nil
}
