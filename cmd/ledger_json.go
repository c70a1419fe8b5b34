package cmd

import (
	"bytes"
	"encoding/json"

	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
)

// The ledger's JSON keys amounts the way every other output does (see the README's JSON output):
// a hand's amounts by seat, an object keyed "E", "S", "W", "N" as settle and referee write them;
// and, since players change seats from hand to hand, by player too, an object keyed by name in
// the order of the places. The record file keeps its own format (arrays in the order of the
// places): these types are only what the commands print.

// byPlayer is one amount for each player at the four places; in JSON an object keyed by the
// players' names, in the order of the places.
type byPlayer struct {
	players [4]string
	amounts [4]ledger.Amount
}

// MarshalJSON writes {"Ann":12,"Ben":-4,...}.
func (p byPlayer) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, name := range p.players {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(name)
		if err != nil {
			return nil, err
		}
		v, err := p.amounts[i].MarshalText()
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// bySeat is what each place's amount is by the seat it sat at.
func bySeat(e *ledger.Entry, amounts [4]ledger.Amount) settle.Deltas {
	var d settle.Deltas
	for place, seat := range e.Seats {
		d[seat] = amounts[place]
	}
	return d
}

// entryJSON is a hand of the ledger in JSON: the entry with its deltas by seat, and each player's
// change and running total by name.
type entryJSON struct {
	*ledger.Entry
	Result     resultJSON    `json:"result"`
	SeatDeltas settle.Deltas `json:"deltas"`  // each seat's change
	Changes    byPlayer      `json:"changes"` // each player's change
	Running    byPlayer      `json:"totals"`  // each player's total after the hand
}

// resultJSON is a hand's result; the changes given directly (--points) are by seat.
type resultJSON struct {
	*ledger.Hand
	SeatDeltas *settle.Deltas `json:"deltas,omitempty"`
}

func newEntryJSON(e *ledger.Entry) *entryJSON {
	v := &entryJSON{Entry: e, Result: resultJSON{Hand: &e.Hand}, SeatDeltas: bySeat(e, e.Deltas),
		Changes: byPlayer{e.Players, e.Deltas}, Running: byPlayer{e.Players, e.Totals}}
	if len(e.Hand.Deltas) == 4 {
		d := bySeat(e, [4]ledger.Amount(e.Hand.Deltas))
		v.Result.SeatDeltas = &d
	}
	return v
}

func entriesJSON(es []ledger.Entry) []*entryJSON {
	out := make([]*entryJSON, len(es))
	for i := range es {
		out[i] = newEntryJSON(&es[i])
	}
	return out
}

// amendmentJSON is an amend in JSON: its hands as entryJSON, the totals before it by player.
type amendmentJSON struct {
	*ledger.Amendment
	BeforeJSON   *entryJSON   `json:"before"`
	AfterJSON    *entryJSON   `json:"after"`
	ChangedJSON  []*entryJSON `json:"changed"`
	TotalsBefore byPlayer     `json:"totals_before"`
}

// newAmendmentJSON is am in JSON; players are the players at the four places.
func newAmendmentJSON(am *ledger.Amendment, players [4]string) *amendmentJSON {
	return &amendmentJSON{Amendment: am, BeforeJSON: newEntryJSON(&am.Before), AfterJSON: newEntryJSON(&am.After),
		ChangedJSON: entriesJSON(am.Changed), TotalsBefore: byPlayer{players, am.Totals}}
}
