package schema

import (
	"bytes"
	"encoding/json"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
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
		if name == "" {
			continue // the empty fourth place of a three-player game
		}
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

// ByName is an amount for each of some players, in JSON an object keyed by their names in the
// order given: unlike ByPlayer it may name more than the four at the table (a player who left).
type ByName struct {
	Names   []string
	Amounts []ledger.Amount
}

// Add appends one player's amount.
func (p *ByName) Add(name string, a ledger.Amount) {
	p.Names = append(p.Names, name)
	p.Amounts = append(p.Amounts, a)
}

// MarshalJSON writes {"Ann":12,"Ben":-4,...}.
func (p ByName) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, name := range p.Names {
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
func bySeat(e *ledger.Entry, amounts [4]ledger.Amount) SeatAmounts {
	d := SeatAmounts{Seats: len(e.Names())}
	for place, seat := range e.Seats {
		if seat != notation.NoSeat { // the empty fourth place of a three-player game
			d.Deltas[seat] = amounts[place]
		}
	}
	return d
}

// SeatAmounts is an amount for each seat; in JSON an object keyed by seat, E, S, W and N, or E, S
// and W in a three-player game (Seats 3).
type SeatAmounts struct {
	Deltas settle.Deltas
	Seats  int
}

// MarshalJSON writes {"E":..,"S":..,"W":..,"N":..}, without N for three seats.
func (d SeatAmounts) MarshalJSON() ([]byte, error) {
	b, err := d.Deltas.MarshalJSON()
	if err != nil || d.Seats != 3 {
		return b, err
	}
	i := bytes.LastIndex(b, []byte(`,"N":`))
	if i < 0 {
		return b, nil
	}
	return append(b[:i:i], '}'), nil
}

// LedgerEntry is a hand of the ledger: the entry with its deltas by seat, and each player's change
// and running total by name.
type LedgerEntry struct {
	*ledger.Entry
	Result     LedgerResult `json:"result"`
	SeatDeltas SeatAmounts  `json:"deltas"`  // each seat's change
	Changes    ByPlayer     `json:"changes"` // each player's change
	Running    ByPlayer     `json:"totals"`  // each player's total after the hand
}

// LedgerResult is a hand's result; the changes given directly (--points) are by seat.
type LedgerResult struct {
	*ledger.Hand
	SeatDeltas *SeatAmounts `json:"deltas,omitempty"`
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
	BeforeDoc   *LedgerEntry   `json:"before"`
	AfterDoc    *LedgerEntry   `json:"after"`
	ChangedDocs []*LedgerEntry `json:"changed"`
	// TotalsBefore are the totals before the amend of the players in the change: the four at the
	// table, then anyone who has left whose total the amend changed.
	TotalsBefore ByName `json:"totals_before"`
}

// NewLedgerAmendment is the document of am; change is each player's change, as LedgerAmend's.
func NewLedgerAmendment(am *ledger.Amendment, change []LedgerChange) *LedgerAmendment {
	v := &LedgerAmendment{Amendment: am, BeforeDoc: NewLedgerEntry(&am.Before), AfterDoc: NewLedgerEntry(&am.After),
		ChangedDocs: NewLedgerEntries(am.Changed)}
	for _, c := range change {
		v.TotalsBefore.Add(c.Player, c.Before)
	}
	return v
}

// NewLedgerChange is what an amend changed for each player, from the game before it and after it:
// the four at the table (whether or not their totals changed), then everyone who has left and
// whose total changed (a player who played an amended hand and has since given up the seat).
func NewLedgerChange(before, after *ledger.State) []LedgerChange {
	was := func(name string) ledger.Amount {
		for _, p := range before.People {
			if p.Name == name {
				return p.Total
			}
		}
		return 0
	}
	out := make([]LedgerChange, 0, 4)
	for i, name := range after.Players {
		b := was(name)
		out = append(out, LedgerChange{Player: name, Before: b, After: after.Totals[i], Change: after.Totals[i] - b})
	}
	for _, p := range after.People {
		if p.Place < 0 {
			if b := was(p.Name); b != p.Total {
				out = append(out, LedgerChange{Player: p.Name, Before: b, After: p.Total, Change: p.Total - b})
			}
		}
	}
	return out
}

// LedgerGame is a game as ledger show, new and export -o json write it (ledger-show.json): the
// state with its standings, its totals by player and its hands as LedgerEntry.
type LedgerGame struct {
	*ledger.State
	Running   ByPlayer          `json:"totals"`  // each player's running total
	Hands     []*LedgerEntry    `json:"history"` // the hands standing, in order
	Standings []ledger.Standing `json:"standings"`
	Summary   *ledger.Summary   `json:"summary,omitempty"`

	// Warnings are what reading the file met and went on from (a torn last line, payments not
	// checked), each as the command prints it after "mjref: "; not part of the document.
	Warnings []string `json:"-"`
}

// NewLedgerGame is the document of st; an empty game's history is [], never null.
func NewLedgerGame(st *ledger.State) LedgerGame {
	return LedgerGame{State: st, Running: ByPlayer{st.Players, st.Totals}, Hands: NewLedgerEntries(st.History), Standings: st.Standings()}
}

// LedgerPosition is where a game stands: the next hand, or why the game is over.
type LedgerPosition struct {
	Hand       int              `json:"hand"`
	Dealer     string           `json:"dealer"`
	Seats      [4]notation.Seat `json:"seats"`
	Prevailing notation.Seat    `json:"prevailing"`
	Round      int              `json:"round"`
	Repeat     int              `json:"repeat"`
	Over       bool             `json:"over"`
	Reason     string           `json:"reason,omitempty"`
	Winners    []string         `json:"winners,omitempty"`
}

// NewLedgerPosition is where st stands.
func NewLedgerPosition(st *ledger.State) *LedgerPosition {
	return &LedgerPosition{Hand: st.Hand, Dealer: st.Dealer, Seats: st.Seats, Prevailing: st.Prevailing, Round: st.Round,
		Repeat: st.Repeat, Over: st.Over, Reason: st.Reason, Winners: st.Winners}
}

// LedgerPayment is one payment between players.
type LedgerPayment struct {
	From   string        `json:"from"`
	To     string        `json:"to"`
	Amount ledger.Amount `json:"amount"`
	Rule   string        `json:"rule"`
	Detail string        `json:"detail,omitempty"`
}

// NewLedgerPayments are the payments ps of a hand played at t, by player; none is [].
func NewLedgerPayments(ps []settle.Payment, t ledger.Table) []LedgerPayment {
	out := make([]LedgerPayment, 0, len(ps))
	for _, p := range ps {
		out = append(out, LedgerPayment{From: t.Players[t.Player(p.From)], To: t.Players[t.Player(p.To)], Amount: p.Amount, Rule: p.Rule, Detail: p.Detail})
	}
	return out
}

// LedgerAdd is the outcome of ledger add (ledger-add.json): the hand recorded with its payments,
// or the verdict on a hand that was not recorded; then the standings and the next hand.
type LedgerAdd struct {
	Ledger   string `json:"ledger"`
	Recorded bool   `json:"recorded"`
	// Reason says why the hand was not recorded (not a win, an illegal log).
	Reason string `json:"reason,omitempty"`
	// Hand is the winner's hand in notation when it was scored; Score is its scoring.
	Hand  string          `json:"hand,omitempty"`
	Score *Score          `json:"score,omitempty"`
	Log   *referee.Report `json:"log,omitempty"`
	Notes []string        `json:"notes,omitempty"`
	Entry *LedgerEntry    `json:"entry,omitempty"`
	// Payments are the settlement's payments, when mjref settled the hand.
	Payments  []LedgerPayment   `json:"payments,omitempty"`
	Standings []ledger.Standing `json:"standings,omitempty"`
	Next      *LedgerPosition   `json:"next,omitempty"`

	// State is the game after the hand (before it, when it was not recorded), for a front end
	// to render; Warnings are as in LedgerGame. Neither is part of the document.
	State    *ledger.State `json:"-"`
	Warnings []string      `json:"-"`
}

// LedgerUndo is the outcome of ledger undo (ledger-undo.json): the hand taken back, the standings
// and the next hand.
type LedgerUndo struct {
	Ledger    string            `json:"ledger"`
	Undone    *LedgerEntry      `json:"undone"`
	Amend     bool              `json:"amend,omitempty"` // the undo took back an amend of Undone's hand
	Standings []ledger.Standing `json:"standings"`
	Next      *LedgerPosition   `json:"next"`

	// State is the game after the undo; Warnings are as in LedgerGame. Neither is part of the document.
	State    *ledger.State `json:"-"`
	Warnings []string      `json:"-"`
}

// LedgerAmend is the outcome of ledger amend (ledger-amend.json): the hand before and after, what
// changed for each player, and the later hands recomputed.
type LedgerAmend struct {
	Ledger    string           `json:"ledger"`
	Amendment *LedgerAmendment `json:"amendment"`
	Notes     []string         `json:"notes,omitempty"`
	// Change is each player's total after the amend less their total before it: the four at the
	// table, then anyone who has left whose total the amend changed (NewLedgerChange).
	Change    []LedgerChange    `json:"change"`
	Standings []ledger.Standing `json:"standings"`
	Next      *LedgerPosition   `json:"next"`

	// Verdict, when the corrected hand given is not a win, is why (as ledger add gives it), and
	// nothing was changed; the command then prints it instead. State is the game after the
	// amend; Warnings are as in LedgerGame. None is part of the document.
	Verdict  *LedgerAdd    `json:"-"`
	State    *ledger.State `json:"-"`
	Warnings []string      `json:"-"`
}

// LedgerChange is one player's total before and after an amend.
type LedgerChange struct {
	Player string        `json:"player"`
	Before ledger.Amount `json:"before"`
	After  ledger.Amount `json:"after"`
	Change ledger.Amount `json:"change"`
}

// LedgerSeat is the outcome of ledger seat and rename (ledger-seat.json).
type LedgerSeat struct {
	Ledger    string            `json:"ledger"`
	Event     string            `json:"event"`
	Replace   string            `json:"replace"`
	With      string            `json:"with"`
	Standings []ledger.Standing `json:"standings"`
	Next      *LedgerPosition   `json:"next"`

	// State is the game after the change; Warnings are as in LedgerGame. Neither is part of the
	// document.
	State    *ledger.State `json:"-"`
	Warnings []string      `json:"-"`
}

// LedgerUpgrade is the outcome of ledger upgrade (ledger-upgrade.json): the file's new version and
// where the original is kept.
type LedgerUpgrade struct {
	Ledger  string `json:"ledger"`
	Version int    `json:"version"`
	Backup  string `json:"backup"`

	// Warnings are as in LedgerGame; not part of the document.
	Warnings []string `json:"-"`
}
