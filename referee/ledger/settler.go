package ledger

import (
	"fmt"
	"slices"
	"strings"

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
	for _, c := range h.Claims() {
		value := c.Faan
		if c.Value > 0 {
			value = c.Value
		}
		in.Winners = append(in.Winners, settle.Winner{Seat: t.Seat(c.Winner), Faan: value, Limit: c.Limit, Jokerless: c.Jokerless,
			Responsible: t.Seat(c.Responsible)})
	}
	return in
}

// ResolveClaims applies a ruleset's multiple_winners rule to a hand that several players won on one
// discard (the winner and Also): under "all" every claimant is paid and the hand is returned as
// it is; under a head bump (截糊) only the claimant next in turn after the discarder wins, and the
// others are moved to Bumped. The message says what the rule did and where it is written.
func ResolveClaims(r *settle.Rules, h Hand, t Table) (Hand, string, error) {
	if len(h.Also) == 0 {
		return h, "", nil
	}
	if _, err := h.check(&t.Players, false); err != nil {
		return h, "", err
	}
	if r == nil {
		return h, "", fmt.Errorf("several winners need the ruleset's settlement rules (multiple_winners)")
	}
	res, err := settle.Settle(r, SettleInput(h, t))
	if err != nil {
		return h, "", err
	}
	rule := r.MultipleWinners
	where := ""
	if rule.Source.Line > 0 {
		where = fmt.Sprintf(" (settlement: multiple_winners, %s)", rule.Source)
	}
	if len(res.Bumped) == 0 {
		return h, fmt.Sprintf("every claimant is paid (一炮多響)%s", where), nil
	}
	claims := h.Claims()
	var won *Claim
	var bumped []string
	for i := range claims {
		seat := t.Seat(claims[i].Winner)
		if len(res.Winners) > 0 && seat == res.Winners[0] {
			won = &claims[i]
		} else {
			bumped = append(bumped, claims[i].Winner)
		}
	}
	if won == nil {
		return h, "", fmt.Errorf("the head bump chose no claimant")
	}
	out := h
	out.Winner, out.Faan, out.Value, out.Limit, out.Jokerless, out.Responsible, out.Tiles = won.Winner, won.Faan, won.Value, won.Limit, won.Jokerless, won.Responsible, won.Tiles
	out.Also = nil
	out.Bumped = append(slices.Clone(h.Bumped), bumped...)
	msg := fmt.Sprintf("head bump (截糊)%s: %s is next in turn after %s and takes the discard; %s's claim is refused and pays like any loser",
		where, won.Winner, h.Discarder, strings.Join(bumped, " and "))
	return out, msg, nil
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
