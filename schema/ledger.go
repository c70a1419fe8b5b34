package schema

import (
	"bytes"
	"encoding/json"

	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
)

// The ledger's documents key amounts the way every other document does: a hand's amounts by seat,
// an object keyed "E", "S", "W", "N" as settle and referee write them; and, since players change
// seats from hand to hand, by player too, an object keyed by name in the order of the places. The
// ledger file keeps its own format (arrays in the order of the places, ledger-record.json): these
// types are what the front ends print.

// ByPlayer is one amount for each player at the four places; in JSON an object keyed by the
// players' names, in the order of the places.
type ByPlayer struct {
	Players [4]string
	Amounts [4]ledger.Amount
}

// MarshalJSON writes {"Ann":12,"Ben":-4,...}.
func (p ByPlayer) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, name := range p.Players {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(name)
		if err != nil {
			return nil, err
		}
		v, err := p.Amounts[i].MarshalText()
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

// bySeat is each place's amount keyed by the seat it sat at in e.
func bySeat(e *ledger.Entry, amounts [4]ledger.Amount) settle.Deltas {
	var d settle.Deltas
	for place, seat := range e.Seats {
		d[seat] = amounts[place]
	}
	return d
}

// LedgerEntry is a hand of the ledger: the entry with its deltas by seat, and each player's change
// and running total by name.
type LedgerEntry struct {
	*ledger.Entry
	Result     LedgerResult  `json:"result"`
	SeatDeltas settle.Deltas `json:"deltas"`  // each seat's change
	Changes    ByPlayer      `json:"changes"` // each player's change
	Running    ByPlayer      `json:"totals"`  // each player's total after the hand
}

// LedgerResult is a hand's result; the changes given directly (--points) are by seat.
type LedgerResult struct {
	*ledger.Hand
	SeatDeltas *settle.Deltas `json:"deltas,omitempty"`
}

// NewLedgerEntry is the document of e.
func NewLedgerEntry(e *ledger.Entry) *LedgerEntry {
	v := &LedgerEntry{Entry: e, Result: LedgerResult{Hand: &e.Hand}, SeatDeltas: bySeat(e, e.Deltas),
		Changes: ByPlayer{e.Players, e.Deltas}, Running: ByPlayer{e.Players, e.Totals}}
	if len(e.Hand.Deltas) == 4 {
		d := bySeat(e, [4]ledger.Amount(e.Hand.Deltas))
		v.Result.SeatDeltas = &d
	}
	return v
}

// NewLedgerEntries is the documents of es; none is [], not null.
func NewLedgerEntries(es []ledger.Entry) []*LedgerEntry {
	out := make([]*LedgerEntry, len(es))
	for i := range es {
		out[i] = NewLedgerEntry(&es[i])
	}
	return out
}

// LedgerAmendment is an amend: its hands as LedgerEntry, the totals before it by player.
type LedgerAmendment struct {
	*ledger.Amendment
	BeforeDoc    *LedgerEntry   `json:"before"`
	AfterDoc     *LedgerEntry   `json:"after"`
	ChangedDocs  []*LedgerEntry `json:"changed"`
	TotalsBefore ByPlayer       `json:"totals_before"`
}

// NewLedgerAmendment is the document of am; players are the players at the four places.
func NewLedgerAmendment(am *ledger.Amendment, players [4]string) *LedgerAmendment {
	return &LedgerAmendment{Amendment: am, BeforeDoc: NewLedgerEntry(&am.Before), AfterDoc: NewLedgerEntry(&am.After),
		ChangedDocs: NewLedgerEntries(am.Changed), TotalsBefore: ByPlayer{players, am.Totals}}
}

// LedgerGame is a game as ledger show, new and export -o json write it (ledger-show.json): the
// state with its standings, its totals by player and its hands as LedgerEntry.
type LedgerGame struct {
	*ledger.State
	Running   ByPlayer          `json:"totals"`  // each player's running total
	Hands     []*LedgerEntry    `json:"history"` // the hands standing, in order
	Standings []ledger.Standing `json:"standings"`
	Summary   *ledger.Summary   `json:"summary,omitempty"`
}

// NewLedgerGame is the document of st; an empty game's history is [], never null.
func NewLedgerGame(st *ledger.State) LedgerGame {
	return LedgerGame{State: st, Running: ByPlayer{st.Players, st.Totals}, Hands: NewLedgerEntries(st.History), Standings: st.Standings()}
}
