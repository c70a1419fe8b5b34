package ledger

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/mjref/mjref/internal/filewrite"
	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/referee/gamerules"
)

// Settler computes the deltas of one hand: each player's change, in the order of the players.
type Settler interface {
	Settle(h Hand, t Table) ([4]Amount, error)
}

// SettlerFunc adapts a function to a Settler.
type SettlerFunc func(h Hand, t Table) ([4]Amount, error)

// Settle calls f.
func (f SettlerFunc) Settle(h Hand, t Table) ([4]Amount, error) { return f(h, t) }

// Ledger is a game's record opened for writing. It holds an exclusive lock on the file until Close.
// A Ledger is not safe for concurrent use by several goroutines.
type Ledger struct {
	path    string
	f       *os.File
	size    int64 // bytes of complete lines
	limit   int64 // the largest the file may grow to: MaxSize (tests set less)
	state   State
	last    string // the sum of the last line
	settler Settler
	now     func() time.Time
	wait    time.Duration
	torn    *Torn
	removed []string // stale temporary files removed on opening

	noted      *cache // the state cache as Open found it, when it checks: the note of the last write
	damaged    bool   // Open found a state cache that did not check, and rebuilt it
	recovering bool   // Recover: the note is not compared with the record, the cache is rebuilt
	prior      *cache // Recover: the note before, compared for the report only
	diverged   bool   // Recover: the record was not the one prior noted
}

// Option configures Create, Open, Read and Verify.
type Option func(*Ledger)

// WithSettler sets how hands without explicit deltas are settled. Read and Verify use it to
// recompute the payments of the record and compare them.
func WithSettler(s Settler) Option { return func(l *Ledger) { l.settler = s } }

// WithClock sets the clock that stamps events (tests use a fixed one).
func WithClock(now func() time.Time) Option { return func(l *Ledger) { l.now = now } }

// WithWait makes Open wait up to d for another writer to release the file, instead of failing at
// once with a *LockedError.
func WithWait(d time.Duration) Option { return func(l *Ledger) { l.wait = d } }

// ErrChanged is returned by Add and Undo when the file was changed by someone who ignored the lock.
var ErrChanged = errors.New("the ledger file was changed by another program")

// ErrFull is returned by a write that would take the file past MaxSize, the most any ledger is read
// up to: the file is left as it was, whole and readable, and the game goes on in a new file.
var ErrFull = errors.New("the ledger is full")

// ErrExists is returned by Create when the file already exists.
var ErrExists = errors.New("ledger file already exists")

// ErrOldVersion is returned by Open for a version 1 record (the first release's): it can be read,
// shown and exported, but hands are added only after Upgrade.
var ErrOldVersion = errors.New("the ledger is in the version 1 format")

// staleAge is how old a temporary file next to a ledger must be before Open removes it as left
// by a killed 'ledger new'.
const staleAge = time.Minute

// Create starts a new game in a new file at path and opens it for writing. The header line is on
// disk (file and directory synced) before Create returns. It fails if the file exists (or a
// symlink is there). The file's mode is 0666 less the umask (0644 by default).
func Create(path string, h Header, opts ...Option) (*Ledger, error) {
	return Import(path, h, nil, nil, opts...)
}

// place writes a new record b to a temporary file and links it into place at path, so nobody ever
// sees an empty or a partial ledger and two writers cannot both win.
func place(path string, b []byte) error {
	tmp, err := filewrite.Temp(path)
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := linkNew(tmp.Name(), path); err != nil {
		if errors.Is(err, os.ErrExist) {
			return fmt.Errorf("%s: %w", path, ErrExists)
		}
		return err
	}
	return filewrite.SyncDir(filepath.Dir(path))
}

// Open opens an existing game for writing, taking an exclusive lock on the file: a second writer
// gets a *LockedError (after waiting, WithWait). The record is replayed and checked; a corrupt
// record gives a *RecordError with the line. An incomplete last line (a write cut short by a
// crash) is moved to a side file (path + ".torn") and reported by Recovered. Temporary files left
// by a killed 'ledger new' are removed.
func Open(path string, opts ...Option) (*Ledger, error) {
	return newLedger(path, opts).open()
}

func newLedger(path string, opts []Option) *Ledger {
	l := &Ledger{path: path, now: time.Now, limit: MaxSize}
	for _, o := range opts {
		o(l)
	}
	return l
}

func (l *Ledger) open() (_ *Ledger, err error) {
	f, err := safeio.OpenReadWrite(l.path)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			f.Close()
		}
	}()
	if err := regular(f, l.path); err != nil {
		return nil, err
	}
	if err := lock(f, l.path, l.wait); err != nil {
		return nil, err
	}
	l.removed = append(l.removed, filewrite.RemoveStale(l.path, staleAge)...)
	if !l.recovering {
		c, damaged, err := readCache(l.path)
		if err != nil {
			return nil, err
		}
		st, last, size, ok, bad := l.loadCache(f, c)
		if ok {
			l.f, l.state, l.last, l.size, l.noted = f, st, last, size, c
			return l, nil
		}
		if bad {
			c, damaged = nil, true
		}
		l.noted, l.damaged = c, damaged
	}
	// The record replayed in full is compared with the note of the last write (replayAll), so
	// that nobody builds on a game with hands missing or on a copy that lost them.
	if err := l.replayAll(f); err != nil {
		return nil, err
	}
	if err := l.saveCache(lastLineLen(l.f, l.size)); err != nil && l.recovering {
		return nil, fmt.Errorf("%s: writing its state cache: %w", l.path, err)
	}
	return l, nil
}

// lastLineLen returns the length of the file's last line, newline included (0 when unknown).
func lastLineLen(f *os.File, size int64) int {
	n := int64(min(size, 64<<10))
	buf := make([]byte, n)
	if _, err := f.ReadAt(buf, size-n); err != nil {
		return 0
	}
	i := bytes.LastIndexByte(buf[:len(buf)-1], '\n')
	if i < 0 && n < size {
		return 0
	}
	return len(buf) - i - 1
}

// full replays the whole record when the state came from the cache: undo, amend, seat and rename
// need the history.
func (l *Ledger) full() error {
	if !l.state.partial {
		return nil
	}
	return l.replayAll(l.f)
}

// replayAll reads and checks the whole record of f (locked), recovering a torn last line.
func (l *Ledger) replayAll(f *os.File) (err error) {
	data, err := readAllAt(f, l.path)
	if err != nil {
		return err
	}
	r := &replayer{path: l.path, settler: l.settler}
	r.run(data)
	if len(r.problems) > 0 {
		return r.problems[0]
	}
	st := r.s
	if st.Version < Version {
		return fmt.Errorf("%s: %w: it can be shown and exported, but to add to it, upgrade it first with 'mjref ledger upgrade %s'", l.path, ErrOldVersion, l.path)
	}
	l.f, l.state, l.size, l.last = f, st, int64(len(data)), r.sums[len(r.sums)-1]
	// Nothing below changes the file before the record is found to be the one last written here.
	if t := st.Torn; t != nil && l.noted != nil && l.noted.Seq >= t.Line {
		// The state cache saw line t.Line written whole: it was cut afterwards (by hand, a
		// bad copy), not torn by a crash mid-write. Keep the file as it is.
		cp := filepath.Base(cachePath(l.path))
		return &RecordError{Path: l.path, Line: t.Line,
			Msg: fmt.Sprintf("line %d is incomplete, but it was written whole (the last write, noted in %s, was line %d): the file was cut after it was written; nothing was changed: restore the line from a copy, or delete %s to treat it as an interrupted write", t.Line, cp, l.noted.Seq, cp)}
	}
	if l.recovering {
		l.diverged = checkNoted(l.path, l.prior, r.sums) != nil
	}
	if err := checkNoted(l.path, l.noted, r.sums); err != nil {
		err.Msg += "; nothing was changed"
		return err
	}
	if t := st.Torn; t != nil {
		if err := l.keepAside(t); err != nil {
			return fmt.Errorf("%s: keeping the incomplete line %d aside: %w", l.path, t.Line, err)
		}
		l.torn = t
		l.state.Torn = t
	} else if len(data) > 0 && data[len(data)-1] != '\n' {
		// A whole last line that lost its newline (an editor stripped it): give it back.
		if err := l.writeAt([]byte{'\n'}); err != nil {
			return err
		}
	}
	return nil
}

// readAllAt reads a whole ledger file from its start, at most MaxSize bytes.
func readAllAt(f *os.File, path string) ([]byte, error) {
	return readAll(io.NewSectionReader(f, 0, MaxSize+1), path)
}

// regular refuses anything but a regular file (a FIFO would hang, a device never ends).
func regular(f *os.File, path string) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return &RecordError{Path: path, Msg: fmt.Sprintf("not a regular file (%s): a ledger is a file", fi.Mode().Type())}
	}
	if fi.Size() > MaxSize {
		return &RecordError{Path: path, Msg: fmt.Sprintf("%d bytes is more than a ledger's limit of %d MiB", fi.Size(), MaxSize>>20)}
	}
	return nil
}

// MaxSize is the largest ledger file read (safeio.LedgerLimit, 64 MiB): about 200,000 hands, far
// beyond any evening.
const MaxSize = safeio.LedgerLimit

// readAll reads a ledger file, at most MaxSize bytes.
func readAll(f io.Reader, path string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > MaxSize {
		return nil, &RecordError{Path: path, Msg: fmt.Sprintf("more than a ledger's limit of %d MiB", MaxSize>>20)}
	}
	return data, nil
}

// keepAside writes a torn tail to a new side file (path + ".torn", or ".torn-2" and on when that
// exists; created exclusively and never through a symlink), syncs it, then cuts it from the record.
func (l *Ledger) keepAside(t *Torn) error {
	var sf *os.File
	var side string
	for n := 1; ; n++ {
		side = l.path + ".torn"
		if n > 1 {
			side += "-" + strconv.Itoa(n)
		}
		f, err := filewrite.Exclusive(side)
		if err == nil {
			sf = f
			break
		}
		if !errors.Is(err, os.ErrExist) || n >= 100 {
			return err
		}
	}
	rec := fmt.Sprintf("# %s line %d, %d bytes, found %s\n", filepath.Base(l.path), t.Line, len(t.Bytes), l.stamp().UTC().Format(time.RFC3339))
	_, err := sf.Write(append(append([]byte(rec), t.Bytes...), '\n'))
	if err == nil {
		err = sf.Sync()
	}
	if cerr := sf.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := filewrite.SyncDir(filepath.Dir(side)); err != nil {
		return err
	}
	if err := l.f.Truncate(t.Offset); err != nil {
		return err
	}
	if err := l.f.Sync(); err != nil {
		return err
	}
	l.size = t.Offset
	t.SideFile = side
	return nil
}

// Read replays a record without locking it or changing it, for showing and exporting while a writer
// may hold it. An incomplete last line is reported in State.Torn and not counted. With a settler
// (WithSettler) the payments are recomputed and compared.
//
// The record is compared with the writer's note of its last write (the state cache, read first so
// that a write between the two reads cannot look like a loss): State.Diverged says when it is not
// the file last written here. A reader never fails for the note.
func Read(path string, opts ...Option) (State, error) {
	l := newLedger(path, opts)
	c, _, _ := readCache(path)
	data, err := readFile(path)
	if err != nil {
		return State{}, err
	}
	r := &replayer{path: path, settler: l.settler}
	r.run(data)
	if len(r.problems) > 0 {
		return State{}, r.problems[0]
	}
	st := r.s
	if st.Version >= Version {
		if d := checkNoted(path, c, r.sums); d != nil {
			st.diverged = d
		}
	}
	return st, nil
}

// ReadHeader reads only the first line of a record: the game's header (players, ruleset, flow), in
// constant time whatever the length of the game.
func ReadHeader(path string) (Header, error) {
	f, err := safeio.Open(path)
	if err != nil {
		return Header{}, err
	}
	defer f.Close()
	if err := regular(f, path); err != nil {
		return Header{}, err
	}
	const maxHeader = 64 << 10
	buf := make([]byte, maxHeader)
	n, err := io.ReadFull(f, buf)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return Header{}, err
	}
	return headerOf(path, buf[:n], n == maxHeader)
}

// HeaderOf reads the game's header from the first line of data, a record read elsewhere
// (standard input); name is what its errors call it.
func HeaderOf(name string, data []byte) (Header, error) {
	const maxHeader = 64 << 10
	if len(data) > maxHeader {
		data = data[:maxHeader]
		if bytes.IndexByte(data, '\n') < 0 {
			return headerOf(name, data, true)
		}
	}
	return headerOf(name, data, false)
}

// headerOf checks and decodes the header line at the start of buf; more says buf was cut short
// at the limit of a header line.
func headerOf(path string, buf []byte, more bool) (Header, error) {
	n := len(buf)
	if i := bytes.IndexByte(buf, '\n'); i >= 0 {
		buf = buf[:i]
	} else if more {
		return Header{}, &RecordError{Path: path, Line: 1, Msg: "the header line is longer than 64 KiB"}
	}
	if n == 0 {
		return Header{}, &RecordError{Path: path, Msg: "empty file: not a ledger"}
	}
	ev, err := decode(buf)
	if err != nil {
		return Header{}, &RecordError{Path: path, Line: 1, Msg: err.Error()}
	}
	if ev.Event != EventNew || ev.Seq != 1 {
		return Header{}, &RecordError{Path: path, Line: 1, Msg: fmt.Sprintf("the first line must be a %q event, not %q", EventNew, ev.Event)}
	}
	if ev.Version >= 2 {
		if _, has, ok := lineSum(buf); !has || !ok {
			return Header{}, &RecordError{Path: path, Line: 1, Msg: "the line was changed after it was written: its sum does not match its text"}
		}
	}
	return *ev.Header, nil
}

// readFile reads a ledger file for reading through safeio: a regular file only (a FIFO is refused
// at once, never waited on), within MaxSize.
func readFile(path string) ([]byte, error) {
	return safeio.ReadFile(path, MaxSize)
}

// Recovered returns the incomplete last line that Open found and kept aside, or nil.
func (l *Ledger) Recovered() *Torn { return l.torn }

// CacheRebuilt reports whether Open found a state cache that did not check (damaged, or not one
// mjref wrote) and replayed the record instead: its note of the last write was not used.
func (l *Ledger) CacheRebuilt() bool { return l.damaged }

// Removed returns the stale temporary files Open or Create removed.
func (l *Ledger) Removed() []string { return l.removed }

// State returns the game as the record stands. The caller may keep it; later changes do not show.
// When Open took the state from the cache, History holds only the last hand: FullState replays the
// record for the rest.
func (l *Ledger) State() State { return l.state.clone() }

// FullState returns the game with its whole history, replaying the record if Open took the state
// from the cache.
func (l *Ledger) FullState() (State, error) {
	if err := l.full(); err != nil {
		return State{}, err
	}
	return l.state.clone(), nil
}

// settle computes the deltas of hand h at table t: its own, none for a drawn hand, or the Settler's.
func (l *Ledger) settle(h Hand, t Table, f *gamerules.Flow) ([4]Amount, error) {
	switch {
	case h.Deltas != nil:
		return [4]Amount(h.Deltas), nil
	case h.Drawn && f.RiichiStick <= 0: // with the table's counters a draw pays the noten payments
		return [4]Amount{}, nil
	case l.settler == nil:
		return [4]Amount{}, errors.New("this hand needs a settlement: give its deltas or open the ledger with a settler")
	}
	d, err := l.settler.Settle(h, t)
	if err != nil {
		return d, fmt.Errorf("settling hand %d: %w", t.Number, err)
	}
	return d, nil
}

// Add records one hand. Its deltas are the hand's own Deltas when given, else the Settler's. The
// line is on disk before Add returns; on any error (bad input, a failed write) nothing changes.
func (l *Ledger) Add(h Hand) (Entry, error) {
	if l.f == nil {
		return Entry{}, os.ErrClosed
	}
	h = h.clone()
	// A shallow copy: add only appends to History, beyond what l.state can see, so l.state is
	// untouched until the line is on disk.
	next := l.state
	if next.Over {
		return Entry{}, fmt.Errorf("%w (%s)", ErrGameOver, next.Reason)
	}
	if _, err := h.check(&next.Players, next.zeroSum()); err != nil {
		return Entry{}, err
	}
	if err := h.checkNew(); err != nil {
		return Entry{}, err
	}
	deltas, err := l.settle(h, next.Table(), &next.Flow)
	if err != nil {
		return Entry{}, err
	}
	seq := next.Events + 1
	t := l.stamp()
	number, dealer := next.Hand, next.Dealer
	if err := next.add(h, deltas, seq, seq, t); err != nil {
		return Entry{}, err
	}
	ev := &event{Seq: seq, Event: EventHand, Time: t, Number: number, Dealer: dealer, Hand: &h, Deltas: deltas[:]}
	if err := l.commit(&next, ev); err != nil {
		return Entry{}, err
	}
	return next.History[len(next.History)-1], nil
}

// commit writes the event of a change already applied to next, then makes next the state.
func (l *Ledger) commit(next *State, ev *event) error {
	ev.Prev = l.last
	n, err := l.append(ev)
	if err != nil {
		return err
	}
	next.Events = ev.Seq
	next.Head = strconv.Itoa(ev.Seq) + ":" + ev.Sum
	l.last = ev.Sum
	l.state = *next
	_ = l.saveCache(n) // a cache: the next Open replays without it
	return nil
}

// Undo takes back the last hand or amend standing and returns the hand taken back (for an amend,
// the hand as the amend had made it) and the seq of the event undone. The undo is an event of its
// own: the file keeps what it takes back.
func (l *Ledger) Undo() (Entry, int, error) {
	if l.f == nil {
		return Entry{}, 0, os.ErrClosed
	}
	if err := l.full(); err != nil {
		return Entry{}, 0, err
	}
	next := l.state.clone()
	e, undone, err := next.undo()
	if err != nil {
		return Entry{}, 0, err
	}
	if err := l.commit(&next, &event{Seq: next.Events + 1, Event: EventUndo, Time: l.stamp(), Undoes: undone}); err != nil {
		return Entry{}, 0, err
	}
	return e, undone, nil
}

// Amendment is what an amend changed: the hand before and after, and every hand whose deltas,
// dealer or seats changed as a result.
type Amendment struct {
	Number  int       `json:"number"`
	Before  Entry     `json:"before"`
	After   Entry     `json:"after"`
	Changed []Entry   `json:"changed"` // the later hands that changed (dealer, seats or deltas), as they are now
	Totals  [4]Amount `json:"totals_before"`
	Seq     int       `json:"seq"`
}

// Amend replaces the result of hand number n (a hand standing) with h and recomputes every later
// hand from the record: who deals and the seat winds follow the flow again, and every hand mjref
// settled is settled again at its new table (hands with their own deltas keep them). The original
// stays in the file; Undo takes the amend back.
func (l *Ledger) Amend(n int, h Hand) (Amendment, error) {
	if l.f == nil {
		return Amendment{}, os.ErrClosed
	}
	if err := l.full(); err != nil {
		return Amendment{}, err
	}
	h = h.clone()
	next := l.state.clone()
	at := next.findHand(n)
	if at < 0 {
		return Amendment{}, fmt.Errorf("%w: hand %d is not standing (the game has %s)", ErrNoHand, n, words.Count(len(next.History), "hand"))
	}
	if err := h.checkNew(); err != nil {
		return Amendment{}, err
	}
	before := next.History[at]
	am := Amendment{Number: n, Before: before, Totals: next.Totals}
	var later [][]Amount
	var first [4]Amount
	seq := next.Events + 1
	err := next.amend(at, h, seq, seq, func(j int, hand Hand, t Table) ([4]Amount, error) {
		d, err := l.settle(hand, t, &l.state.Flow)
		if j == at {
			first = d
		} else {
			later = append(later, d[:])
		}
		return d, err
	})
	if err != nil {
		return Amendment{}, err
	}
	// A corrected result that ends the game sooner would leave later hands played after its end,
	// which Add refuses (unless the record already had them before this amend).
	if n, why := next.endedBefore(at); n > 0 {
		if m, _ := l.state.endedBefore(at); m == 0 || m > n {
			return Amendment{}, fmt.Errorf("with this result of hand %d, %w before hand %d (%s), and hands up to %d stand after it: nothing was changed; take back the later hands first ('ledger undo') to correct hand %d",
				before.Number, ErrGameOver, n, why, next.History[len(next.History)-1].Number, before.Number)
		}
	}
	if later == nil && at < len(next.History)-1 {
		later = [][]Amount{}
	}
	ev := &event{Seq: seq, Event: EventAmend, Time: l.stamp(), Amends: before.Seq, Number: n, Hand: &h, Deltas: first[:], Later: later}
	old := l.state.History
	if err := l.commit(&next, ev); err != nil {
		return Amendment{}, err
	}
	am.Seq = seq
	am.After = next.History[at]
	for j := at + 1; j < len(next.History); j++ {
		o, e := old[j], next.History[j]
		if o.Dealer != e.Dealer || o.Deltas != e.Deltas || o.Seats != e.Seats || o.Prevailing != e.Prevailing {
			am.Changed = append(am.Changed, e)
		}
	}
	return am, nil
}

// ErrNoHand is returned by Amend for a hand number that is not standing.
var ErrNoHand = errors.New("no such hand")

// Seat records that old leaves the table and with takes the seat: old keeps their total, with
// starts from 0 (or from their own total, if they played earlier and left), and the seat's wind
// and turn to deal continue.
func (l *Ledger) Seat(old, with string) error {
	return l.change(EventSeat, old, with)
}

// Rename corrects a player's name, everywhere in the game.
func (l *Ledger) Rename(old, name string) error {
	return l.change(EventRename, old, name)
}

func (l *Ledger) change(kind, old, with string) error {
	if l.f == nil {
		return os.ErrClosed
	}
	if err := l.full(); err != nil {
		return err
	}
	next := l.state.clone()
	seq := next.Events + 1
	var err error
	if kind == EventSeat {
		err = next.seat(old, with, seq)
	} else {
		err = next.rename(old, with, seq)
	}
	if err != nil {
		return err
	}
	return l.commit(&next, &event{Seq: seq, Event: kind, Time: l.stamp(), Replace: old, With: with})
}

// append writes one event line and syncs it. If anything fails the file is cut back to where it was.
func (l *Ledger) append(ev *event) (int, error) {
	b, err := encode(ev)
	if err != nil {
		return 0, err
	}
	return len(b), l.writeAt(b)
}

// writeAt appends b at the end of the record and syncs it; on failure the file is cut back.
func (l *Ledger) writeAt(b []byte) error {
	// The lock is advisory: an editor may have changed the file under us. Never write over that.
	fi, err := l.f.Stat()
	if err != nil {
		return fmt.Errorf("%s: %w", l.path, err)
	}
	if fi.Size() != l.size {
		return fmt.Errorf("%s: %w: it was %d bytes when opened and is %d now; open it again", l.path, ErrChanged, l.size, fi.Size())
	}
	// A file past the limit could not be opened again, nor shown: refuse the write instead.
	if l.size+int64(len(b)) > l.limit {
		return fmt.Errorf("%s: %w: it holds %d bytes and this change needs %d more, past a ledger's limit of %s; nothing was written",
			l.path, ErrFull, l.size, len(b), safeio.FormatSize(l.limit))
	}
	n, err := l.f.WriteAt(b, l.size)
	if err == nil && n != len(b) {
		err = io.ErrShortWrite
	}
	if err == nil {
		err = l.f.Sync()
	}
	if err != nil {
		if terr := l.f.Truncate(l.size); terr != nil {
			return fmt.Errorf("%s: write failed (%v) and cutting the partial line failed: %w", l.path, err, terr)
		}
		return fmt.Errorf("%s: %w", l.path, err)
	}
	l.size += int64(len(b))
	return nil
}

// Close releases the lock and closes the file.
func (l *Ledger) Close() error {
	if l.f == nil {
		return os.ErrClosed
	}
	err := l.f.Close() // closing the descriptor releases the lock
	l.f = nil
	return err
}

func (l *Ledger) stamp() time.Time {
	return l.now().UTC().Truncate(time.Second)
}
