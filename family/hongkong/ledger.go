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

// ledgerHints are the add flags a Hong Kong hand does not read, with what to give instead.
var ledgerHints = map[string]string{
	"value":     "a Hong Kong hand is worth faan: use --faan N",
	"jokerless": "",
	"misnamed":  "",
}

// LedgerTakes takes every flag but the American ones.
func (r *rules) LedgerTakes(flag string) (bool, string) {
	hint, refused := ledgerHints[flag]
	return !refused, hint
}

// RecordHand records a Hong Kong hand: from its faan (one per winner of a discard), or from the
// winner's hand scored at their seat, where a meld's @NAME or @SEAT mark finds who is responsible
// (包).
func (r *rules) RecordHand(req family.LedgerRequest, t ledger.Table) (family.Recorded, error) {
	rec, w, done, err := family.ReadLedgerHand(&req, t, "--faan 5")
	if err != nil || done {
		return rec, err
	}
	if err := w.HowWon(); err != nil {
		return rec, err
	}
	if err := w.Responsible(); err != nil {
		return rec, err
	}
	if len(w.Winners) > 1 {
		return w.Several(r, "faan")
	}
	if len(req.Hands) == 0 {
		return w.One(r, "faan", "e.g. --faan 5, or --limit for a limit hand")
	}
	if err := w.NoWorthWithHand(); err != nil {
		return rec, err
	}
	return r.recordScored(&w)
}

// recordScored scores the winner's hand and records its faan.
func (r *rules) recordScored(w *family.LedgerWin) (family.Recorded, error) {
	var rec family.Recorded
	t, h := w.Table, w.Hand
	seat := t.Seat(h.Winner)
	sreq := w.ScoreRequest(w.Req.Hands[0])
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
		rec.Hand, rec.Reason = h, fmt.Sprintf("%s's hand is not a win at seat %s, prevailing %s: %s", h.Winner, seat, t.Prevailing, res.Reason)
		return rec, nil
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
		l, err := settle.Responsible(r.rs.Settlement, &hand, sit)
		switch {
		case errors.Is(err, settle.ErrAmbiguous):
			return rec, family.WithHint(err, "name the player with --responsible NAME, or mark only the meld that completed it")
		case err != nil:
			return rec, family.SettleError(r.rs, err)
		}
		if l.Seat != notation.NoSeat {
			h.Responsible = t.Players[t.Player(l.Seat)]
			rec.Notes = append(rec.Notes, fmt.Sprintf("%s (seat %s) is responsible: %s", h.Responsible, l.Seat, l.Trigger))
		} else if l.Trigger != "" {
			rec.Notes = append(rec.Notes, fmt.Sprintf("responsibility %s applies, but no meld says who fed it: give --responsible NAME", l.Trigger))
		}
	}
	rec.Hand, rec.OK = h, true
	return rec, nil
}
