package ledger

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// Settlement is the Settler that pays hands by a ruleset's settlement rules: the hand's players
// are mapped to their seats at the table of that hand, settle.Settle decides who pays whom, and the
// deltas are mapped back to the players. A hand paid under its own overrides (Hand.Sets: ledger
// add --set ... --this-hand) is settled by the settlement load returns for those overrides, so that
// such a hand is settled (and checked, and settled again after an amend) like any other; a loaded
// settlement is kept for the next hand with the same overrides. It keeps the last settlement it
// made (Last), for a writer to show the payments of the hand it adds.
type Settlement struct {
	rules  *settle.Rules
	load   func(sets []string) (*settle.Rules, error)
	loaded map[string]*settle.Rules
	last   *settle.Result
}

// NewSettlement is the Settlement of the game's settlement rules r; load gives the settlement of a
// hand's own overrides, and may be nil when no hand has any.
func NewSettlement(r *settle.Rules, load func(sets []string) (*settle.Rules, error)) *Settlement {
	return &Settlement{rules: r, load: load, loaded: map[string]*settle.Rules{}}
}

// Settle implements Settler.
func (s *Settlement) Settle(h Hand, t Table) ([4]Amount, error) {
	rules := s.rules
	if len(h.Sets) > 0 {
		key := strings.Join(h.Sets, "\x00")
		if rules = s.loaded[key]; rules == nil {
			err := errors.New("no settlement is known for them")
			if s.load != nil {
				rules, err = s.load(h.Sets)
			}
			if err != nil {
				return [4]Amount{}, fmt.Errorf("hand %d was paid with --set %s: %w", t.Number, strings.Join(h.Sets, ", "), err)
			}
			s.loaded[key] = rules
		}
	}
	res, err := settle.Settle(rules, SettleInput(h, t))
	if err != nil {
		return [4]Amount{}, err
	}
	s.last = &res
	return ByPlayer(res.Deltas, t), nil
}

// Last returns the last settlement made since Last was called, and forgets it: nil when no hand
// was settled since. A writer calls it once after opening the record (which settles every hand
// to check it) and again after adding a hand, for that hand's payments.
func (s *Settlement) Last() *settle.Result {
	res := s.last
	s.last = nil
	return res
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

// ErrBumpedPaid is a hand whose given deltas pay a claimant that the head bump refused.
var ErrBumpedPaid = errors.New("the deltas pay a claimant the head bump refused")

type bumpedPaidError struct{ msg string }

func (e *bumpedPaidError) Error() string        { return e.msg }
func (e *bumpedPaidError) Is(target error) bool { return target == ErrBumpedPaid }

// ResolveClaims applies a ruleset's multiple_winners rule to a hand that several players won on one
// discard (the winner and Also): under "all" every claimant is paid and the hand is returned as
// it is; under a head bump (截糊) only the claimant next in turn after the discarder wins, and the
// others are moved to Bumped. A hand whose Deltas are given is not settled, but the head bump still
// decides who won, and a bumped claimant the deltas pay is refused: they pay like any loser. The
// message says what the rule did and where it is written.
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
	rule := r.MultipleWinners
	where := ""
	if rule.Source.Line > 0 {
		where = fmt.Sprintf(" (settlement: multiple_winners, %s)", rule.Source)
	}
	claims := h.Claims()
	first := -1 // the claim that wins under the head bump; -1: every claimant is paid
	if h.Deltas != nil {
		if rule.As != settle.AllWin {
			d := t.Seat(h.Discarder)
			for i := range claims {
				if first < 0 || (t.Seat(claims[i].Winner)-d+4)%4 < (t.Seat(claims[first].Winner)-d+4)%4 {
					first = i
				}
			}
		}
	} else {
		res, err := settle.Settle(r, SettleInput(h, t))
		if err != nil {
			return h, "", err
		}
		if len(res.Bumped) > 0 {
			for i := range claims {
				if len(res.Winners) > 0 && t.Seat(claims[i].Winner) == res.Winners[0] {
					first = i
				}
			}
			if first < 0 {
				return h, "", fmt.Errorf("the head bump chose no claimant")
			}
		}
	}
	if first < 0 {
		return h, fmt.Sprintf("every claimant is paid (一炮多響)%s", where), nil
	}
	won := &claims[first]
	var bumped []string
	for i := range claims {
		if i == first {
			continue
		}
		bumped = append(bumped, claims[i].Winner)
		if p := t.Index(claims[i].Winner); h.Deltas != nil && h.Deltas[p] > 0 {
			return h, "", &bumpedPaidError{fmt.Sprintf("head bump (截糊)%s: %s is next in turn after %s and takes the discard, so %s's claim is refused and %s pays like any loser, but the points give %s +%s",
				where, won.Winner, h.Discarder, claims[i].Winner, claims[i].Winner, claims[i].Winner, h.Deltas[p])}
		}
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
	for i := range t.Seated() {
		d[i] = bySeat[t.Seats[i]]
	}
	return d
}

// String returns "hand 5: Ben deals, E round" for messages.
func (t Table) String() string {
	return fmt.Sprintf("hand %d: %s deals, %s round", t.Number, t.Players[t.Dealer], t.Prevailing)
}
