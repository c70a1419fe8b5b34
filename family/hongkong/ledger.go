package hongkong

import (
	"errors"
	"fmt"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// LedgerFlow is the Hong Kong flow: the dealer deals again after a dealer win or a drawn hand
// (連莊), four rounds of prevailing wind.
func (r *rules) LedgerFlow() ledger.Flow { return ledger.HongKong() }

// LedgerUnit is "faan".
func (r *rules) LedgerUnit() string { return "faan" }

// RecordHand records a Hong Kong hand: from its faan (one per winner of a discard), or from the
// winner's hand scored at their seat, where a meld's @SEAT mark finds who is responsible (包).
func (r *rules) RecordHand(req family.LedgerRequest, t ledger.Table) (family.Recorded, error) {
	return family.RecordWin(r, r.LedgerUnit(), req, t, "e.g. --faan 5, or --limit for a limit hand", r.readScored)
}

// readScored records the faan of the winner's hand as scored, and who is responsible when a
// meld's mark says so.
func (r *rules) readScored(w *family.LedgerWin, hand *notation.Hand, sc family.Scored, rec *family.Recorded) error {
	t, h := w.Table, &rec.Hand
	seat := t.Seat(h.Winner)
	res := sc.(*Scored).Result
	if !res.Valid {
		rec.Reason = fmt.Sprintf("%s's hand is not a win at seat %s, prevailing %s: %s", h.Winner, seat, t.Prevailing, res.Reason)
		return nil
	}
	h.Faan, h.Limit = res.Total, res.Limit
	if res.SelfDrawn && !h.Win.SelfDrawn() {
		rec.Notes = append(rec.Notes, "paid as a self-draw: the hand scores as one whatever the last tile")
		h.Win, h.Discarder = scoring.SelfDraw, ""
	}
	if h.Responsible == "" && r.rs.Settlement != nil {
		d := notation.NoSeat
		if h.Discarder != "" {
			d = t.Seat(h.Discarder)
		}
		sit := scoring.Situation{Seat: seat, Prevailing: t.Prevailing, Win: h.Win, Discarder: d, LastTile: w.Req.LastTile}
		l, err := settle.Responsible(r.rs.Settlement, hand, sit)
		switch {
		case errors.Is(err, settle.ErrAmbiguous):
			return family.WithHint(err, "name the player with --responsible NAME, or mark only the meld that completed it")
		case err != nil:
			return family.SettleError(r.rs, err)
		}
		if l.Seat != notation.NoSeat {
			h.Responsible = t.Players[t.Player(l.Seat)]
			rec.Notes = append(rec.Notes, fmt.Sprintf("%s (seat %s) is responsible: %s", h.Responsible, l.Seat, l.Trigger))
		} else if l.Trigger != "" {
			rec.Notes = append(rec.Notes, fmt.Sprintf("responsibility %s applies, but no meld says who fed it: give --responsible NAME", l.Trigger))
		}
	}
	rec.OK = true
	return nil
}
