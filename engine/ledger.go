package engine

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/schema"
)

// Ledger is a table ledger: an evening's hands kept in an append-only JSON Lines file (see
// referee/ledger), played under the ruleset (and --set overrides) the game was started with. Each
// method opens the file for that one operation, as one mjref ledger command does: a Ledger holds
// no lock between calls, and two programs may share a file (a writer waits Wait for the other, or
// gets ledger.ErrLocked).
type Ledger struct {
	path   string
	engine *Engine // nil when the game's ruleset could not be loaded (rulesErr)
	// rulesErr is why the ruleset could not be loaded: the record is then read without checking
	// its payments, and no hand can be recorded.
	rulesErr error
	header   ledger.Header
	// data is the record when it was read elsewhere (OpenLedgerData): only Verify reads it.
	data []byte

	// Wait is how long a change waits for another writer of the file to finish before it fails
	// with ledger.ErrLocked; 0 fails at once.
	Wait time.Duration
}

// AddOptions are the ways of recording a hand beyond its result.
type AddOptions struct {
	// Log is a referee log of the hand (YAML or JSON Lines), replayed and settled by the referee
	// instead of reading the request (which may then give only a Note); LogName is how errors
	// call it. See AddLog.
	Log     []byte
	LogName string
	// Sets are ruleset overrides for this hand only (--set with --this-hand): the hand is read,
	// settled and later checked under them, and they are recorded with it.
	Sets []string
}

// NewLedgerOptions start a game.
type NewLedgerOptions struct {
	// Players are the four players in seat order for the first hand, East first; under a
	// three-player ruleset (riichi-sanma) the first three, East, South and West, and the fourth "".
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
	h, err := ledgerHeader(e.rules, ledgerGame{Players: opt.Players, Rules: rules, Sets: opt.Set,
		Length: opt.Length, Stake: opt.Stake, Target: opt.Target})
	if err != nil {
		return nil, err
	}
	l, err := ledger.Create(path, h)
	if err != nil {
		return nil, ledgerError(path, err)
	}
	if err := l.Close(); err != nil {
		return nil, ledgerError(path, err)
	}
	return &Ledger{path: path, engine: e, header: h}, nil
}

// OpenLedger opens the game in the file at path under the ruleset and overrides it was started
// with. A ruleset that cannot be loaded (or is no longer of the game's family) is an error; see
// OpenLedgerRecord to read such a game.
func OpenLedger(path string) (*Ledger, error) { return OpenLedgerWith(path, LedgerOpening{}) }

// OpenLedgerRecord opens the game in the file at path as OpenLedger does, and opens it as well
// when its ruleset cannot be loaded: the record is then read, shown and undone without checking
// its payments (each result's Warnings say so), and Add and Amend return the ruleset's error.
func OpenLedgerRecord(path string) (*Ledger, error) {
	return OpenLedgerWith(path, LedgerOpening{Record: true})
}

// LedgerUse is what a run does with a game, for the settings it may give (LedgerOpening).
type LedgerUse int

const (
	// LedgerReads reads or changes the record without recording a result (show, undo, verify):
	// the game's settings only.
	LedgerReads LedgerUse = iota
	// LedgerAdds records the next hand: a setting for that hand only is given with ThisHand.
	LedgerAdds
	// LedgerAmends corrects a hand, which is settled by the game's settings.
	LedgerAmends
)

// LedgerOpening is how a front end opens a game: what the run gives besides the file, which a
// ledger keeps as the game was started (the ruleset and its overrides: a run that would change how
// the game is paid is refused).
type LedgerOpening struct {
	// Record opens the game as OpenLedgerRecord does, when its ruleset cannot be loaded.
	Record bool
	// Use is what the run does with the game.
	Use LedgerUse
	// Set are the run's overrides (--set). Those the game was not started with are refused,
	// unless ThisHand says they are for the hand added only (given again in AddOptions.Sets).
	Set      []string
	ThisHand bool
	// Rules is a ruleset the run names (--rules), "" for none: it must be the game's.
	Rules string
	// Wait is the Ledger's Wait.
	Wait time.Duration
}

// OpenLedgerWith opens the game in the file at path, reading its header once: it refuses the
// run's settings that would change how the game is paid (see LedgerOpening), then binds the
// game's ruleset with the overrides it was started with.
func OpenLedgerWith(path string, opt LedgerOpening) (*Ledger, error) {
	h, err := readHeader(path)
	if err != nil {
		return nil, ledgerError(path, err)
	}
	if err := KeepsSettings(h, path, opt); err != nil {
		return nil, err
	}
	return openLedgerHeader(path, h, opt)
}

// openLedgerHeader loads the ruleset of the game h, the record at path.
func openLedgerHeader(path string, h ledger.Header, opt LedgerOpening) (*Ledger, error) {
	l := &Ledger{path: path, header: h, Wait: opt.Wait}
	e, err := Open(h.Ruleset, Options{Set: h.Sets})
	switch {
	case err != nil:
		l.rulesErr = err
	case e.Ruleset().Family != h.Family:
		l.rulesErr = family.WithHint(fmt.Errorf("ruleset %s is family %s, but the ledger %s was started as %s", h.Ruleset, e.Ruleset().Family, path, h.Family),
			"the ruleset file changed since the game began")
	default:
		l.engine = e
	}
	if l.rulesErr != nil && !opt.Record {
		return nil, l.rulesErr
	}
	return l, nil
}

// readHeader reads a ledger's header (a variable, so a test can count the reads).
var readHeader = ledger.ReadHeader

// OpenLedgerData opens the game in a record read elsewhere (standard input; name is what its
// errors call it) as OpenLedgerWith does, for Verify only: nothing is written, shown or undone
// from it.
func OpenLedgerData(name string, data []byte, opt LedgerOpening) (*Ledger, error) {
	h, err := ledger.HeaderOf(name, data)
	if err != nil {
		return nil, ledgerError(name, err)
	}
	if err := KeepsSettings(h, name, opt); err != nil {
		return nil, err
	}
	l, err := openLedgerHeader(name, h, opt)
	if err != nil {
		return nil, err
	}
	l.data = data
	return l, nil
}

// Path is the ledger file, as given to NewLedger or OpenLedger.
func (l *Ledger) Path() string { return l.path }

// Unit is what a win is worth in the game's family ("faan", "value", "" when points are recorded),
// "worth" when the ruleset could not be loaded.
func (l *Ledger) Unit() string {
	if l.engine == nil {
		return "worth"
	}
	if k, ok := l.engine.rules.(Scorekeeper); ok {
		return k.LedgerUnit()
	}
	return "worth"
}

// options make the game's ruleset settle (and check) its hands.
func (l *Ledger) options() []ledger.Option {
	if s := l.roundSettler(); s != nil {
		return []ledger.Option{ledger.WithSettler(s)}
	}
	if s := l.settlement(); s != nil {
		return []ledger.Option{ledger.WithSettler(s)}
	}
	return nil
}

// roundSettler settles the hands of a game whose family settles them with the table's counters
// (RoundRecorder: riichi), or is nil.
func (l *Ledger) roundSettler() ledger.Settler {
	if l.engine == nil {
		return nil
	}
	rr, ok := l.engine.rules.(RoundRecorder)
	if !ok || l.header.Flow.RiichiStick <= 0 {
		return nil
	}
	return roundSettler{rs: rr, stick: l.header.Flow.RiichiStick}
}

// settlement settles the hands of the game under its ruleset with the game's overrides, and a hand
// paid under its own overrides under the ruleset with them as well; nil when the ruleset is not
// loaded or has no settlement (each hand then carries its points).
func (l *Ledger) settlement() *ledger.Settlement {
	if l.engine == nil || l.engine.Ruleset().Settlement == nil {
		return nil
	}
	h := l.header
	return ledger.NewSettlement(l.engine.Ruleset().Settlement, func(sets []string) (*settle.Rules, error) {
		rs, err := rulesets.Load(h.Ruleset, append(slices.Clone(h.Sets), sets...)...)
		if err != nil {
			return nil, err
		}
		if rs.Settlement == nil {
			return nil, fmt.Errorf("ruleset %s has no settlement", rs.Name)
		}
		return rs.Settlement, nil
	})
}

// Warnings are what opening the game met and went on from: that its payments are read without
// being checked, when its ruleset could not be loaded (OpenLedgerRecord). Show's and Undo's
// results include them.
func (l *Ledger) Warnings() []string { return l.unchecked() }

// ChecksPayments says whether reading the record recomputes every payment from the recorded
// result (the game's ruleset is loaded and settles hands).
func (l *Ledger) ChecksPayments() bool { return l.options() != nil }

// unchecked is the warning that the payments are read unchecked, when the ruleset is not loaded.
func (l *Ledger) unchecked() []string {
	if l.rulesErr == nil {
		return nil
	}
	return []string{fmt.Sprintf("warning: %s: the payments were not checked: %v", l.path, l.rulesErr)}
}

// open opens the file to change it, under its lock (waiting l.Wait), with what opening it met.
func (l *Ledger) open(opts ...ledger.Option) (*ledger.Ledger, []string, error) {
	var warnings []string
	if l.Wait > 0 {
		opts = append(opts, ledger.WithWait(l.Wait))
	}
	lg, err := ledger.Open(l.path, opts...)
	if err != nil {
		return nil, warnings, err
	}
	if st := lg.State(); !l.sameGame(&st) {
		lg.Close()
		return nil, warnings, l.otherGame(&st)
	}
	if t := lg.Recovered(); t != nil {
		warnings = append(warnings, fmt.Sprintf("warning: %s: %s", l.path, t))
	}
	if lg.CacheRebuilt() {
		warnings = append(warnings, fmt.Sprintf("note: %s: its state cache did not check and was rebuilt from the record", l.path))
	}
	for _, name := range lg.Removed() {
		warnings = append(warnings, fmt.Sprintf("note: removed %s, left by an interrupted 'ledger new'", name))
	}
	return lg, warnings, nil
}

// sameGame says whether the record st read is still the game the Ledger was opened on (a Ledger
// kept open, as mjref serve keeps one, may see its file replaced by another game): its settlement
// would be another's.
func (l *Ledger) sameGame(st *ledger.State) bool {
	return st.Ruleset == l.header.Ruleset && st.Family == l.header.Family && slices.Equal(st.Sets, l.header.Sets)
}

// otherGame is the error of a record that is no longer the game opened.
func (l *Ledger) otherGame(st *ledger.State) error {
	return fmt.Errorf("%s: the file now holds another game (ruleset %s, started as %s): %w", l.path, st.Ruleset, l.header.Ruleset, ledger.ErrChanged)
}

// Add records the next hand from req, settled under the game's ruleset. A field the family does
// not read is refused as bad input; a hand that is not a win is a schema.LedgerAdd whose Recorded is
// false, and nothing is written. The outcome is the document mjref ledger add -o json prints
// (schema/ledger-add.json).
func (l *Ledger) Add(req LedgerRequest) (schema.LedgerAdd, error) {
	return l.AddWith(req, AddOptions{})
}

// AddLog records the next hand from a referee log of it (YAML or JSON Lines; name is how errors
// call it), replayed and settled by the referee; as recordLog reads it: a log names the places at the table by their wind when the game began (the first player listed sits at E), or with seats: wind by this hand's seat winds (E deals), and its dealer: and prevailing: must be this hand's. A win whose log has an
// illegal step is not recorded.
func (l *Ledger) AddLog(log []byte, name string) (schema.LedgerAdd, error) {
	return l.AddWith(LedgerRequest{}, AddOptions{Log: log, LogName: name})
}

// AddWith records the next hand as Add does, from a referee log (opt.Log) or under overrides for
// this hand only (opt.Sets) when they are given.
func (l *Ledger) AddWith(req LedgerRequest, opt AddOptions) (_ schema.LedgerAdd, err error) {
	defer func() { err = l.fail(err) }()
	v := schema.LedgerAdd{Ledger: l.path}
	if l.engine == nil {
		return v, l.rulesErr
	}
	rules := l.engine.rules
	if len(opt.Sets) > 0 {
		e, err := Open(l.header.Ruleset, Options{Set: append(slices.Clone(l.header.Sets), opt.Sets...)})
		if err != nil {
			return v, err
		}
		rules = e.rules
	}
	given := req.Given()
	if opt.Log != nil {
		given = append(given, "log")
		slices.Sort(given)
	}
	if err := refuseLedgerFields(rules, given); err != nil {
		return v, err
	}
	s := l.settlement()
	var opts []ledger.Option
	if rs := l.roundSettler(); rs != nil {
		opts, s = append(opts, ledger.WithSettler(rs)), nil
	} else if s != nil {
		opts = append(opts, ledger.WithSettler(s))
	}
	lg, warnings, err := l.open(opts...)
	v.Warnings = warnings
	if err != nil {
		return v, err
	}
	defer lg.Close()
	if s != nil {
		s.Last() // opening checked the recorded payments through it: only this hand's count
	}
	st := lg.State()
	v.State = &st
	if st.Over {
		return v, fmt.Errorf("%w (%s)", ledger.ErrGameOver, st.Reason)
	}
	h, ok, err := l.readHand(rules, req, opt, &st, &v)
	if err != nil || !ok {
		return v, err
	}
	if req.Note != "" {
		if h.Note != "" {
			h.Note += "; "
		}
		h.Note += req.Note
	}
	if len(opt.Sets) > 0 && h.Deltas == nil && !h.Drawn && rules.Ruleset().Settlement != nil {
		// Paid under this hand's overrides: they are recorded with the hand, which is settled
		// (and checked, and settled again after an amend) under them.
		h.Sets = slices.Clone(opt.Sets)
		note := "paid with --set " + strings.Join(h.Sets, ", ") + " for this hand only"
		if h.Note != "" {
			note = h.Note + "; " + note
		}
		h.Note = note
	}
	e, err := lg.Add(h)
	if err != nil {
		return v, err
	}
	after := lg.State()
	v.Recorded, v.Entry, v.State = true, schema.NewLedgerEntry(&e), &after
	if s != nil {
		if res := s.Last(); res != nil {
			v.Payments = schema.NewLedgerPayments(res.Payments, ledger.TableOf(&e))
		}
	}
	v.Standings, v.Next = after.Standings(), schema.NewLedgerPosition(&after)
	return v, lg.Close()
}

// readHand reads the hand to record as seat positions stand in st: a referee log replayed, or what
// the family reads from req. ok is false when the hand given is not a win (or its log is not
// legal); v then holds the verdict.
func (l *Ledger) readHand(rules family.Rules, req LedgerRequest, opt AddOptions, st *ledger.State, v *schema.LedgerAdd) (ledger.Hand, bool, error) {
	if opt.Log != nil {
		if len(req.Hands) > 0 || req.Drawn || req.FalseWin != "" {
			return ledger.Hand{}, false, family.Usagef("--log, --hand, --drawn and --false-win each give the whole hand: use one")
		}
		for _, name := range req.Given() {
			if name != "note" {
				return ledger.Hand{}, false, family.Usagef("--%s with --log: the log says how the hand ended", name)
			}
		}
		ref, ok := rules.(Refereed)
		if !ok {
			rs := rules.Ruleset()
			return ledger.Hand{}, false, family.Usagef("--log: ruleset %s (family %s) referees no log", rs.Name, rs.Family)
		}
		lh, err := recordLog(rules, ref.LogOptions(), ref.RefereeDeps(), opt.Log, opt.LogName, st.Table(), st.Ruleset)
		if err != nil {
			return lh.Hand, false, err
		}
		v.Log, v.Reason, v.Hand = lh.Log, lh.Reason, lh.Tiles
		if lh.OK && lh.Hand.Deltas != nil {
			v.Payments = schema.NewLedgerPayments(lh.Log.Result.Payments, lh.Places)
		}
		return lh.Hand, lh.OK, nil
	}
	rec, err := recordHand(rules, req, st.Table())
	if err != nil {
		return rec.Hand, false, err
	}
	if rec.Score != nil {
		v.Score = schema.NewScore(rec.Score)
	}
	v.Hand, v.Reason = rec.Tiles, rec.Reason
	v.Notes = append(v.Notes, rec.Notes...)
	return rec.Hand, rec.OK, nil
}

// Amend replaces the result of hand number n with req's; every later hand is recomputed from the
// record (who deals, the winds, each settlement). The original stays in the file. A corrected
// hand that is not a win changes nothing: the schema.LedgerAmend's Verdict says why. The outcome
// is the document mjref ledger amend -o json prints (schema/ledger-amend.json).
func (l *Ledger) Amend(n int, req LedgerRequest) (_ schema.LedgerAmend, err error) {
	defer func() { err = l.fail(err) }()
	v := schema.LedgerAmend{Ledger: l.path}
	if l.engine == nil {
		return v, l.rulesErr
	}
	if err := refuseLedgerFields(l.engine.rules, req.Given()); err != nil {
		return v, err
	}
	lg, warnings, err := l.open(l.options()...)
	v.Warnings = warnings
	if err != nil {
		return v, err
	}
	defer lg.Close()
	cur, err := lg.FullState()
	if err != nil {
		return v, err
	}
	at, err := cur.At(n)
	if err != nil {
		return v, err
	}
	verdict := schema.LedgerAdd{Ledger: l.path, State: &at}
	h, ok, err := l.readHand(l.engine.rules, req, AddOptions{}, &at, &verdict)
	if err != nil {
		return v, err
	}
	if !ok {
		v.Verdict = &verdict
		return v, nil
	}
	if req.Note != "" {
		if h.Note != "" {
			h.Note += "; "
		}
		h.Note += req.Note
	}
	// A hand paid under its own --set (add --this-hand) stays paid under it: the --set is what
	// the table agreed for that hand, not part of the result corrected.
	if i := slices.IndexFunc(cur.History, func(e ledger.Entry) bool { return e.Number == n }); i >= 0 {
		if sets := cur.History[i].Hand.Sets; len(sets) > 0 && len(h.Sets) == 0 && h.Deltas == nil && !h.Drawn && l.engine.rules.Ruleset().Settlement != nil {
			h.Sets = slices.Clone(sets)
			note := "paid with --set " + strings.Join(h.Sets, ", ") + " for this hand only"
			if h.Note != "" {
				note = h.Note + "; " + note
			}
			h.Note = note
		}
	}
	am, err := lg.Amend(n, h)
	if err != nil {
		return v, err
	}
	after := lg.State()
	v.Change = schema.NewLedgerChange(&cur, &after)
	v.Amendment, v.Notes, v.State = schema.NewLedgerAmendment(&am, v.Change), verdict.Notes, &after
	v.Standings, v.Next = after.Standings(), schema.NewLedgerPosition(&after)
	return v, lg.Close()
}

// Undo takes back the last hand or amend (recorded as an undo event): the entry taken back (Amend
// says it was an amend of it), the standings and the next hand: the document mjref ledger undo -o
// json prints (schema/ledger-undo.json).
func (l *Ledger) Undo() (_ schema.LedgerUndo, err error) {
	defer func() { err = l.fail(err) }()
	v := schema.LedgerUndo{Ledger: l.path}
	lg, warnings, err := l.open(l.options()...)
	v.Warnings = append(l.unchecked(), warnings...)
	if err != nil {
		return v, err
	}
	defer lg.Close()
	e, undone, err := lg.Undo()
	if err != nil {
		return v, err
	}
	st := lg.State()
	v.Undone, v.Amend, v.State = schema.NewLedgerEntry(&e), undone != e.Seq, &st
	v.Standings, v.Next = st.Standings(), schema.NewLedgerPosition(&st)
	return v, lg.Close()
}

// Seat records that old leaves the table and with takes the seat: old keeps their total, with
// starts from 0, and the seat's wind and turn to deal go on. The outcome is the document mjref
// ledger seat (and rename) -o json prints (schema/ledger-seat.json).
func (l *Ledger) Seat(old, with string) (schema.LedgerSeat, error) {
	return l.seat("seat", old, with, (*ledger.Ledger).Seat)
}

// Rename corrects a player's name in every hand of the game.
func (l *Ledger) Rename(old, name string) (schema.LedgerSeat, error) {
	return l.seat("rename", old, name, (*ledger.Ledger).Rename)
}

// seat records a seat or rename event: the record is not settled again for it.
func (l *Ledger) seat(event, old, with string, change func(*ledger.Ledger, string, string) error) (_ schema.LedgerSeat, err error) {
	defer func() { err = l.fail(err) }()
	v := schema.LedgerSeat{Ledger: l.path, Event: event, Replace: old, With: with}
	lg, warnings, err := l.open()
	v.Warnings = warnings
	if err != nil {
		return v, err
	}
	defer lg.Close()
	st := lg.State()
	if err := change(lg, old, with); err != nil {
		return v, family.WithHint(fmt.Errorf("%s: %w", l.path, err), "the players are "+strings.Join(st.Names(), ", ")+" (names are case-sensitive)")
	}
	after := lg.State()
	v.State, v.Standings, v.Next = &after, after.Standings(), schema.NewLedgerPosition(&after)
	return v, lg.Close()
}

// Show reads the whole record, checking its chain and recomputing every settlement: the game as
// it stands, with its history: the document mjref ledger show -o json prints
// (schema/ledger-show.json).
func (l *Ledger) Show() (_ schema.LedgerGame, err error) {
	defer func() { err = l.fail(err) }()
	st, err := ledger.Read(l.path, l.options()...)
	if err == nil && !l.sameGame(&st) {
		err = l.otherGame(&st)
	}
	if err != nil {
		return schema.LedgerGame{Warnings: l.unchecked()}, err
	}
	v := schema.NewLedgerGame(&st)
	v.Warnings = l.unchecked()
	if st.Torn != nil {
		v.Warnings = append(v.Warnings, fmt.Sprintf("warning: %s: %s", l.path, st.Torn))
	}
	if d := st.Diverged(); d != nil {
		v.Warnings = append(v.Warnings, fmt.Sprintf("warning: %v: it is shown as it is, but no hand can be added to it; 'mjref ledger verify %s' explains", d, l.path))
	}
	return v, nil
}

// Summary is the evening in figures: each player's wins, self-draws, deal-ins, 包 paid, false
// wins, biggest hand, average worth and hands at the table.
func (l *Ledger) Summary() (ledger.Summary, error) {
	st, err := l.Show()
	if err != nil {
		return ledger.Summary{}, err
	}
	return st.State.Summary(), nil
}

// Verify reads the whole record and reports every line that does not fit (a line changed, removed
// or moved, a payment that is not what the ruleset pays); Report.OK says whether it is intact.
func (l *Ledger) Verify() (_ ledger.Report, err error) {
	defer func() { err = l.fail(err) }()
	if l.data != nil {
		return ledger.VerifyData(l.path, l.data, l.options()...), nil
	}
	return ledger.Verify(l.path, l.options()...)
}

// Export writes the game as JSON ("json": the document mjref ledger export -o json prints,
// schema.LedgerGame), a row a hand ("csv"), or the events as recorded ("jsonl").
func (l *Ledger) Export(w io.Writer, format string) (err error) {
	defer func() { err = l.fail(err) }()
	if format == ledger.FormatJSONL {
		return ledger.WriteEvents(w, l.path, l.options()...)
	}
	st, err := l.Show()
	if err != nil {
		return err
	}
	if format == ledger.FormatJSON {
		b, err := schema.MarshalIndent(st)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	}
	return ledger.Export(w, st.State, format)
}

// Upgrade rewrites a version 1 record (the first release's) in the current format, under the
// file's lock, keeping the original next to it (Backup): the document mjref ledger upgrade -o json
// prints (schema/ledger-upgrade.json).
func (l *Ledger) Upgrade() (_ schema.LedgerUpgrade, err error) {
	defer func() { err = l.fail(err) }()
	v := schema.LedgerUpgrade{Ledger: l.path, Version: ledger.Version, Warnings: l.unchecked()}
	opts := l.options()
	if l.Wait > 0 {
		opts = append(opts, ledger.WithWait(l.Wait))
	}
	backup, torn, err := ledger.Upgrade(l.path, opts...)
	v.Backup = backup
	if err == nil && torn != nil {
		v.Warnings = append(v.Warnings, fmt.Sprintf("warning: %s: line %d was an incomplete write (%d bytes), never counted: it is left out of the upgraded record (%s keeps it)",
			l.path, torn.Line, len(torn.Bytes), backup))
	}
	return v, err
}

// IsGameOver says whether err is an Add refused because the game is over.
func IsGameOver(err error) bool { return errors.Is(err, ledger.ErrGameOver) }

// Recover accepts the ledger file as it is, after a writer refused it as not the file last
// written here (lines removed from the end, or a copy that went on elsewhere copied back) or for
// what is at its state cache's path: it checks the whole record and notes its head anew, without
// changing the record. See ledger.Recover.
func (l *Ledger) Recover() (_ ledger.Recovery, err error) {
	defer func() { err = l.fail(err) }()
	opts := l.options()
	if l.Wait > 0 {
		opts = append(opts, ledger.WithWait(l.Wait))
	}
	return ledger.Recover(l.path, opts...)
}
