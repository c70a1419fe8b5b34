package family

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
)

// Settlement is a settled hand. Its JSON (encoding/json) is the contract of schema/settle.json.
type Settlement interface {
	// Positive says whether the hand was settled: false when the hand given is not a win.
	Positive() bool
	// Render writes the settlement for a person to read.
	Render(p Printer) error
}

// SeatChanges is a Settlement that gives each seat's change (a ledger records it: riichi).
type SeatChanges interface {
	Settlement
	// SeatDeltas are each seat's change, East first, in points: zero for a seat not at the table.
	SeatDeltas() SeatInts
	// NotSettled says why the hand was not settled (Positive false).
	NotSettled() string
}

// TableSettler is Rules that settle a hand between all four players from every player's hand or
// points (DeBurger), rather than in payments from the winner's worth by the ruleset's settlement:
// section.
type TableSettler interface {
	// SettleTable settles the hand req gives. A Mahjong hand that is not a win is a Settlement
	// whose Positive is false, not an error.
	SettleTable(req TableRequest) (Settlement, error)
}

// TableRequest is a hand to settle between all four players, read from the request: the four
// hands (Hands, each set) or their points (Points), and with Totals the running totals before the
// hand.
type TableRequest struct {
	// Hands are the four players' hands by seat, nil when the points are given.
	Hands *[4]*notation.Hand
	// Points are each seat's points for the hand, nil when the hands are given.
	Points *[4]int
	// Totals are each seat's running total before the hand, nil when not given.
	Totals *[4]int
	// Mahjong is the seat that went Mahjong (NoSeat: not given); Win how (with the hands), and
	// Discarder who discarded the tile (NoSeat for none).
	Mahjong   notation.Seat
	Win       scoring.WinKind
	Discarder notation.Seat
}

// SeatInts is one whole number per seat; in JSON an object keyed "E", "S", "W", "N".
type SeatInts [4]int

// MarshalJSON writes {"E":..,"S":..,"W":..,"N":..}.
func (s SeatInts) MarshalJSON() ([]byte, error) {
	return TableInts{SeatInts: s, Seats: len(s)}.MarshalJSON()
}

// TableInts is one whole number per seat at the table: in JSON an object keyed "E", "S", "W" and
// "N", or "E", "S" and "W" at a table of three (Seats 3), as a three-player ledger writes its
// deltas: nobody sits North, so North has no amount rather than a zero.
type TableInts struct {
	SeatInts
	// Seats is how many sit at the table: 4, or 3 (E, S and W).
	Seats int
}

// Seated are the numbers of the seats at the table, East first: without North at a table of three.
func (t *TableInts) Seated() []int {
	if t.Seats == 3 {
		return t.SeatInts[:3]
	}
	return t.SeatInts[:]
}

// MarshalJSON writes {"E":..,"S":..,"W":..,"N":..}, without N at a table of three.
func (t TableInts) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, v := range t.Seated() {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, notation.Seat(i).String()...)
		b = append(b, '"', ':')
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return append(b, '}'), nil
}

// SettleError makes a settlement error bad input with a hint where one helps.
func SettleError(rs *rulesets.Ruleset, err error) error {
	var re *scoring.RuleError
	switch {
	case errors.Is(err, scoring.ErrImpossible):
		return err
	case errors.As(err, &re):
		return WithHint(fmt.Errorf("ruleset %s: settlement: %w", rs.Name, err), "see the section with 'mjref rules show "+rs.Name+"'")
	case errors.Is(err, settle.ErrPrecision):
		return WithHint(err, "amounts are exact to four decimal places: check the faan, value and stake")
	}
	return WithHint(err, "")
}

// RoundSettler is Rules that settle a hand themselves, with the table's counters: from the
// winners' hands or worths (riichi: han and fu), the honba and riichi sticks on the table, and the
// hands that end without a winner (an exhaustive draw with the players ready, an abortive draw).
type RoundSettler interface {
	// SettleRound settles the hand req gives. A hand given that is not a win is a Settlement whose
	// Positive is false, not an error.
	SettleRound(req RoundRequest) (Settlement, error)
}

// RoundRequest is one hand to settle with the table's counters, read from the request.
type RoundRequest struct {
	// Hand is the winner's hand, scored first in Situation (nil when the worth is given);
	// Situation's Honba and Sticks are the counters on the table either way.
	Hand      *notation.Hand
	Situation Situation
	// Winners are the winners' seats (several on one discard); Han, Fu and Yakuman their worth,
	// one number each (nil when not given). Discarder discarded the winning tile (NoSeat: a
	// self-draw); Responsible is the seat that pays under responsibility (pao), NoSeat for none.
	Winners          []notation.Seat
	Han, Fu, Yakuman []int
	Discarder        notation.Seat
	Responsible      notation.Seat
	// Drawn ends the hand in an exhaustive draw: Tenpai are the seats ready, Nagashi those paid
	// nagashi mangan. Abortive ends it in the abortive draw of that id.
	Drawn           bool
	Tenpai, Nagashi []notation.Seat
	Abortive        string
}
