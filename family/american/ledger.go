package american

import (
	"fmt"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/ledger"
)

// LedgerFlow is the American flow: the deal passes after every game, won or a wall game.
func (r *rules) LedgerFlow() ledger.Flow { return ledger.American() }

// LedgerUnit is "value": a card line's value.
func (r *rules) LedgerUnit() string { return "value" }

// RecordHand records an American hand: from its card line's value (one per winner of a discard),
// or from the winner's hand matched against the card.
func (r *rules) RecordHand(req family.LedgerRequest, t ledger.Table) (family.Recorded, error) {
	return family.RecordWin(r, r.LedgerUnit(), req, t, "e.g. --value 25, the card line's value", r.readScored)
}

// readScored records the value of the card line the winner's hand matched.
func (r *rules) readScored(w *family.LedgerWin, _ *notation.Hand, sc family.Scored, rec *family.Recorded) error {
	res, h := sc.(*Scored).Result, &rec.Hand
	if !res.Valid {
		rec.Reason = fmt.Sprintf("%s's hand matches no line: %s", h.Winner, res.Reason)
		return nil
	}
	h.Value, h.Jokerless, h.Misnamed = res.Value, res.JokerlessBonus, w.Req.Misnamed
	rec.OK = true
	return nil
}
