package deburger

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/points"
)

// LedgerFlow is the DeBurger flow: first to the target (10,000 points).
func (r *rules) LedgerFlow() ledger.Flow { return ledger.DeBurger() }

// LedgerUnit is "": every player's points are recorded.
func (r *rules) LedgerUnit() string { return "" }

// RecordHand records a DeBurger hand: every player's points, given (--points) or scored from the
// four hands (--hand NAME=HAND each), and who went Mahjong.
func (r *rules) RecordHand(req family.LedgerRequest, t ledger.Table) (family.Recorded, error) {
	rec, w, done, err := family.ReadLedgerHand(&req, t, `--points "..."`)
	if err != nil || done {
		return rec, err
	}
	if len(w.Winners) > 1 {
		return rec, family.Usagef("--winner %s: one player goes Mahjong in a DeBurger hand", req.Winner)
	}
	h := w.Hand
	switch {
	case len(req.Hands) > 0 && w.Deltas != nil:
		return rec, family.Usagef("--hand and --points: give the four hands or their points, not both")
	case len(req.Hands) == 0 && w.Deltas == nil:
		return rec, family.WithHint(family.Usagef("no points: every player scores each hand"),
			`give --points "`+strings.Join(t.Players[:], "=..,")+`=.." or the four hands with --hand NAME=HAND`)
	}
	if w.Deltas != nil {
		// How the hand was won is kept for the record when given; the points are already counted.
		if req.Win != "" || req.Discarder != "" {
			if err := w.HowWon(r.Ruleset().Settlement); err != nil {
				return rec, err
			}
			h.Win, h.Discarder = w.Hand.Win, w.Hand.Discarder
		} else {
			h.HowUnknown = true // recorded as given: not as a self-draw nobody declared
		}
		h.Deltas = w.Deltas
		rec.Hand, rec.OK = h, true
		return rec, nil
	}
	if err := w.HowWon(r.Ruleset().Settlement); err != nil {
		return rec, err
	}
	h = w.Hand
	texts, err := family.PlayerValues("hand", req.Hands, t)
	if err != nil {
		return rec, err
	}
	var hands [4]*notation.Hand
	for i, text := range texts {
		hd, err := notation.ParseWith(text, Family{}.Notation())
		if err != nil {
			return rec, fmt.Errorf("--hand %s: %w", t.Players[i], err)
		}
		if err := family.RefuseJokers(&hd, Family{}); err != nil {
			return rec, fmt.Errorf("--hand %s: %w", t.Players[i], err)
		}
		hands[t.Seats[i]] = &hd
	}
	mahjong := t.Seat(h.Winner)
	res, pts, err := points.ScoreTable(hands, mahjong, h.Win, r.rs.DeBurger)
	if errors.Is(err, scoring.ErrNotWinning) {
		rec.Tiles = notation.Format(*hands[mahjong])
		rec.Hand, rec.Reason = h, fmt.Sprintf("%s went Mahjong, but the hand is not a win: %s", h.Winner, res[mahjong].Reason)
		return rec, nil
	}
	if err != nil {
		return rec, err
	}
	h.Tiles = notation.Format(*hands[mahjong])
	d := ledger.ByPlayer(settle.Deltas{ledger.Whole(int64(pts[0])), ledger.Whole(int64(pts[1])), ledger.Whole(int64(pts[2])), ledger.Whole(int64(pts[3]))}, t)
	h.Deltas = d[:]
	rec.Hand, rec.OK = h, true
	return rec, nil
}
