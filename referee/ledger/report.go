package ledger

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/referee/settle"
)

// FromReport turns the result of a refereed hand (a replayed log, whose seats are those of the
// table t) into a Hand for the ledger. A settled result carries its deltas, mapped from seats to
// players; an unsettled win carries the winner's faan for the ledger's Settler.
func FromReport(r *referee.Result, t Table) (Hand, error) {
	name := func(s notation.Seat) string {
		if s > notation.SeatNorth {
			return ""
		}
		return t.Players[t.Player(s)]
	}
	var h Hand
	switch r.Outcome {
	case referee.OutcomeDraw:
		h.Drawn = true
	case referee.OutcomeFalseWin:
		if h.FalseWin = name(r.Offender); h.FalseWin == "" {
			return Hand{}, errors.New("the referee's false win names no offender")
		}
	case referee.OutcomeWin:
		if h.Winner = name(r.Winner); h.Winner == "" {
			return Hand{}, errors.New("the referee's win names no winner")
		}
		h.Faan, h.Limit, h.Tiles = r.Total, r.Limit, r.Hand
		if c := r.Context; c != nil {
			h.Win = c.Win
			if !c.Win.SelfDrawn() {
				h.Discarder = name(c.Discarder)
			}
		}
		if len(r.Wins) > 1 && len(r.Payments) == 0 {
			return Hand{}, fmt.Errorf("%d players won one discard and the log was not settled: settle it first", len(r.Wins))
		}
		for _, w := range r.Wins {
			if n := name(w.Seat); n != "" && n != h.Winner {
				h.Also = append(h.Also, Claim{Winner: n, Faan: w.Total, Limit: w.Limit, Tiles: w.Hand})
			}
		}
	default:
		return Hand{}, fmt.Errorf("the refereed hand is %s: only a finished hand can be recorded", r.Outcome)
	}
	if len(r.Payments) > 0 {
		d := ByPlayer(r.Deltas, t)
		h.Deltas = d[:]
		// The player who paid a winner under 包 is named, as a hand recorded from its tiles names
		// them: the history says "Ben responsible" and the summaries count it.
		if h.Winner != "" {
			h.Responsible = responsibleFor(r.Payments, r.Winner, name)
		}
		for i := range h.Also {
			for _, w := range r.Wins {
				if name(w.Seat) == h.Also[i].Winner {
					h.Also[i].Responsible = responsibleFor(r.Payments, w.Seat, name)
				}
			}
		}
	}
	return h, nil
}

// responsibleFor is the player who paid winner under a responsibility rule (包:
// "responsibility/big-three-dragons"), or "".
func responsibleFor(pays []settle.Payment, winner notation.Seat, name func(notation.Seat) string) string {
	for _, p := range pays {
		if p.To == winner && (p.Rule == "responsibility" || strings.HasPrefix(p.Rule, "responsibility/")) {
			return name(p.From)
		}
	}
	return ""
}
