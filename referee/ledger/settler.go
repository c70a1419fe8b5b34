package ledger

import (
	"fmt"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// Settlement returns a Settler that pays hands by a ruleset's settlement rules: the hand's players
// are mapped to their seats at the table of that hand, settle.Settle decides who pays whom, and the
// deltas are mapped back to the players.
func Settlement(r *settle.Rules) Settler {
	return SettlerFunc(func(h Hand, t Table) ([4]Amount, error) {
		res, err := settle.Settle(r, SettleInput(h, t))
		if err != nil {
			return [4]Amount{}, err
		}
		return ByPlayer(res.Deltas, t), nil
	})
}

// SettleInput describes a hand for settle.Settle, with the players at their seats.
func SettleInput(h Hand, t Table) settle.Input {
	switch {
	case h.Drawn:
		return settle.Input{Outcome: settle.Drawn, Discarder: notation.NoSeat, Offender: notation.NoSeat}
	case h.FalseWin != "":
		return settle.Input{Outcome: settle.FalseWin, Discarder: notation.NoSeat, Offender: t.Seat(h.FalseWin)}
	}
	in := settle.Input{Outcome: settle.Won, Kind: h.Win, Discarder: t.Seat(h.Discarder), Misnamed: h.Misnamed, Offender: notation.NoSeat}
	if h.Discarder == "" && in.Kind == scoring.Discard {
		in.Kind = scoring.SelfDraw
	}
	value := h.Faan
	if h.Value > 0 {
		value = h.Value
	}
	in.Winners = []settle.Winner{{Seat: t.Seat(h.Winner), Faan: value, Limit: h.Limit, Jokerless: h.Jokerless,
		Responsible: t.Seat(h.Responsible)}}
	return in
}

// ByPlayer turns deltas by seat into deltas by player at table t.
func ByPlayer(bySeat settle.Deltas, t Table) [4]Amount {
	var d [4]Amount
	for i := range 4 {
		d[i] = bySeat[t.Seats[i]]
	}
	return d
}

// String returns "hand 5: Ben deals, E round" for messages.
func (t Table) String() string {
	return fmt.Sprintf("hand %d: %s deals, %s round", t.Number, t.Players[t.Dealer], t.Prevailing)
}
