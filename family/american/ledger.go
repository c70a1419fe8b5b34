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

// ledgerHints are the add flags an American hand does not read, with what to give instead.
var ledgerHints = map[string]string{
	"faan":        "an American hand is worth its card line's value: use --value N",
	"limit":       "an American hand is worth its card line's value: use --value N",
	"responsible": "",
	"log":         "",
	"last-tile":   "",
}

// LedgerTakes takes every flag but the Hong Kong ones.
func (r *rules) LedgerTakes(flag string) (bool, string) {
	hint, refused := ledgerHints[flag]
	return !refused, hint
}

// RecordHand records an American hand: from its card line's value (one per winner of a discard),
// or from the winner's hand matched against the card.
func (r *rules) RecordHand(req family.LedgerRequest, t ledger.Table) (family.Recorded, error) {
	rec, w, done, err := family.ReadLedgerHand(&req, t, "--value 25")
	if err != nil || done {
		return rec, err
	}
	if err := w.HowWon(); err != nil {
		return rec, err
	}
	if len(w.Winners) > 1 {
		return w.Several(r, "value")
	}
	if len(req.Hands) == 0 {
		return w.One(r, "value", "e.g. --value 25, the card line's value")
	}
	if err := w.NoWorthWithHand(); err != nil {
		return rec, err
	}
	h := w.Hand
	sreq := w.ScoreRequest(req.Hands[0])
	hand, err := notation.ParseWith(sreq.Hand, Family{}.Notation())
	if err != nil {
		return rec, err
	}
	sc, err := r.Score(&hand, sreq)
	if err != nil {
		return rec, err
	}
	res := sc.(*Scored).Result
	h.Tiles = sc.Head().Hand
	rec.Tiles, rec.Score = h.Tiles, sc
	if !res.Valid {
		rec.Hand, rec.Reason = h, fmt.Sprintf("%s's hand matches no line: %s", h.Winner, res.Reason)
		return rec, nil
	}
	h.Value, h.Jokerless, h.Misnamed = res.Value, res.JokerlessBonus, req.Misnamed
	rec.Hand, rec.OK = h, true
	return rec, nil
}
