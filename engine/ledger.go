package engine

import (
	"errors"
	"fmt"
	"io"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/schema"
)

// Ledger is a table ledger: an evening's hands kept in an append-only JSON Lines file (see
// referee/ledger), played under the ruleset (and --set overrides) the game was started with. Each
// method opens the file for that one operation, as one mjref ledger command does: a Ledger holds
// no lock between calls, and two programs may share a file (a writer waits for the other, or gets
// ledger.ErrLocked).
type Ledger struct {
	path   string
	engine *Engine
	header ledger.Header
}

// LedgerRequest is one hand's result, the players by name; see family.LedgerRequest.
type LedgerRequest = family.LedgerRequest

// NewLedgerOptions start a game.
type NewLedgerOptions struct {
	// Players are the four players in seat order for the first hand, East first.
	Players [4]string
	// Set overrides ruleset values for the whole game, as --set does; they are kept in the record.
	Set []string
	// Length is how long the game lasts ("4-rounds", "8-hands", "3-games", "bust", "target",
	// "open"); "" is the ruleset's flow.
	Length string
	// Stake is each player's starting stack (a bust game needs one); Target the running total
	// that wins a target game. "" keeps the flow's.
	Stake, Target string
}

// NewLedger starts a game in a new file at path under the built-in ruleset or ruleset file rules
// (a file is recorded by its absolute path). The file must not exist.
func NewLedger(path, rules string, opt NewLedgerOptions) (*Ledger, error) {
	e, err := Open(rules, Options{Set: opt.Set})
	if err != nil {
		return nil, err
	}
	h, err := family.LedgerHeader(e.rules, family.LedgerGame{Players: opt.Players, Rules: rules, Sets: opt.Set,
		Length: opt.Length, Stake: opt.Stake, Target: opt.Target})
	if err != nil {
		return nil, err
	}
	l, err := ledger.Create(path, h)
	if err != nil {
		return nil, err
	}
	if err := l.Close(); err != nil {
		return nil, err
	}
	return &Ledger{path: path, engine: e, header: h}, nil
}

// OpenLedger opens the game in the file at path under the ruleset and overrides it was started
// with.
func OpenLedger(path string) (*Ledger, error) {
	h, err := ledger.ReadHeader(path)
	if err != nil {
		return nil, err
	}
	e, err := Open(h.Ruleset, Options{Set: h.Sets})
	if err != nil {
		return nil, err
	}
	if e.Ruleset().Family != h.Family {
		return nil, family.WithHint(fmt.Errorf("ruleset %s is family %s, but the ledger %s was started as %s", h.Ruleset, e.Ruleset().Family, path, h.Family),
			"the ruleset file changed since the game began")
	}
	return &Ledger{path: path, engine: e, header: h}, nil
}

// Engine is the ruleset the game is played under.
func (l *Ledger) Engine() *Engine { return l.engine }

// options make the game's ruleset settle (and check) its hands.
func (l *Ledger) options() []ledger.Option {
	if s := family.LedgerSettler(l.header, l.engine.Ruleset()); s != nil {
		return []ledger.Option{ledger.WithSettler(s)}
	}
	return nil
}

// Added is the outcome of Add or Amend: the hand recorded or, with Recorded false, why it was not
// (a hand given that is not a win).
type Added struct {
	Recorded bool   `json:"recorded"`
	Reason   string `json:"reason,omitempty"`
	// Notes say what the reading decided (a head bump, who is responsible).
	Notes []string `json:"notes,omitempty"`
	// Entry is the hand as recorded (Add), with its number, dealer, seats and each player's change.
	Entry *ledger.Entry `json:"entry,omitempty"`
	// Amendment is what an Amend changed, hand by hand.
	Amendment *ledger.Amendment `json:"amendment,omitempty"`
	// Standings are the totals after it, highest first.
	Standings []ledger.Standing `json:"standings"`
}

// Add records the next hand from req, settled under the game's ruleset. A field the family does
// not read is refused as bad input; a hand that is not a win is an Added whose Recorded is false,
// and nothing is written.
func (l *Ledger) Add(req LedgerRequest) (Added, error) {
	if err := family.RefuseLedgerFlags(l.engine.rules, req.Given()); err != nil {
		return Added{}, err
	}
	return l.write(func(lg *ledger.Ledger, st ledger.State) (Added, error) {
		if st.Over {
			return Added{}, fmt.Errorf("%w (%s)", ledger.ErrGameOver, st.Reason)
		}
		rec, err := l.engine.rules.RecordHand(req, st.Table())
		if err != nil || !rec.OK {
			return Added{Reason: rec.Reason, Notes: rec.Notes}, err
		}
		e, err := lg.Add(rec.Hand)
		if err != nil {
			return Added{}, err
		}
		return Added{Recorded: true, Notes: rec.Notes, Entry: &e}, nil
	})
}

// AddLog records the next hand from a referee log of it (YAML or JSON Lines; name is how errors
// call it), replayed and settled by the referee; see family.RecordLog. A win whose log has an
// illegal step is not recorded.
func (l *Ledger) AddLog(log []byte, name string) (Added, error) {
	return l.write(func(lg *ledger.Ledger, st ledger.State) (Added, error) {
		if st.Over {
			return Added{}, fmt.Errorf("%w (%s)", ledger.ErrGameOver, st.Reason)
		}
		rec, err := family.RecordLog(l.engine.rules, log, name, st.Table(), st.Ruleset)
		if err != nil || !rec.OK {
			return Added{Reason: rec.Reason}, err
		}
		e, err := lg.Add(rec.Hand)
		if err != nil {
			return Added{}, err
		}
		return Added{Recorded: true, Entry: &e}, nil
	})
}

// Amend replaces the result of hand number n with req's; every later hand is recomputed from the
// record (who deals, the winds, each settlement). The original stays in the file.
func (l *Ledger) Amend(n int, req LedgerRequest) (Added, error) {
	if err := family.RefuseLedgerFlags(l.engine.rules, req.Given()); err != nil {
		return Added{}, err
	}
	return l.write(func(lg *ledger.Ledger, _ ledger.State) (Added, error) {
		cur, err := lg.FullState()
		if err != nil {
			return Added{}, err
		}
		at, err := cur.At(n)
		if err != nil {
			return Added{}, err
		}
		rec, err := l.engine.rules.RecordHand(req, at.Table())
		if err != nil || !rec.OK {
			return Added{Reason: rec.Reason, Notes: rec.Notes}, err
		}
		am, err := lg.Amend(n, rec.Hand)
		if err != nil {
			return Added{}, err
		}
		return Added{Recorded: true, Notes: rec.Notes, Amendment: &am}, nil
	})
}

// Undo takes back the last hand or amend (recorded as an undo event) and returns the entry taken
// back.
func (l *Ledger) Undo() (ledger.Entry, error) {
	var undone ledger.Entry
	_, err := l.write(func(lg *ledger.Ledger, _ ledger.State) (Added, error) {
		e, _, err := lg.Undo()
		undone = e
		return Added{}, err
	})
	return undone, err
}

// Seat records that old leaves the table and with takes the seat: old keeps their total, with
// starts from 0, and the seat's wind and turn to deal go on.
func (l *Ledger) Seat(old, with string) error {
	_, err := l.write(func(lg *ledger.Ledger, _ ledger.State) (Added, error) { return Added{}, lg.Seat(old, with) })
	return err
}

// Rename corrects a player's name in every hand of the game.
func (l *Ledger) Rename(old, name string) error {
	_, err := l.write(func(lg *ledger.Ledger, _ ledger.State) (Added, error) { return Added{}, lg.Rename(old, name) })
	return err
}

// write opens the ledger for one change, under its lock.
func (l *Ledger) write(change func(*ledger.Ledger, ledger.State) (Added, error)) (Added, error) {
	lg, err := ledger.Open(l.path, l.options()...)
	if err != nil {
		return Added{}, err
	}
	a, err := change(lg, lg.State())
	if err != nil {
		lg.Close()
		return a, err
	}
	after := lg.State()
	a.Standings = after.Standings()
	return a, lg.Close()
}

// Show reads the whole record, checking its chain and recomputing every settlement: the game as
// it stands, with its history.
func (l *Ledger) Show() (ledger.State, error) {
	return ledger.Read(l.path, l.options()...)
}

// Summary is the evening in figures: each player's wins, self-draws, deal-ins, 包 paid, false
// wins, biggest hand, average worth and hands at the table.
func (l *Ledger) Summary() (ledger.Summary, error) {
	st, err := l.Show()
	if err != nil {
		return ledger.Summary{}, err
	}
	return st.Summary(), nil
}

// Verify reads the whole record and reports every line that does not fit (a line changed, removed
// or moved, a payment that is not what the ruleset pays); Report.OK says whether it is intact.
func (l *Ledger) Verify() (ledger.Report, error) {
	return ledger.Verify(l.path, l.options()...)
}

// Export writes the game as JSON ("json": the document mjref ledger export -o json prints,
// schema.LedgerGame), a row a hand ("csv"), or the events as recorded ("jsonl").
func (l *Ledger) Export(w io.Writer, format string) error {
	if format == ledger.FormatJSONL {
		return ledger.WriteEvents(w, l.path)
	}
	st, err := l.Show()
	if err != nil {
		return err
	}
	if format == ledger.FormatJSON {
		b, err := schema.MarshalIndent(schema.NewLedgerGame(&st))
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	}
	return ledger.Export(w, &st, format)
}

// IsGameOver says whether err is an Add refused because the game is over.
func IsGameOver(err error) bool { return errors.Is(err, ledger.ErrGameOver) }
