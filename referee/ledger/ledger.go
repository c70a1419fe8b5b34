package ledger

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
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
	state   State
	settler Settler
	now     func() time.Time
	torn    *Torn
}

// Option configures Create and Open.
type Option func(*Ledger)

// WithSettler sets how hands without explicit deltas are settled.
func WithSettler(s Settler) Option { return func(l *Ledger) { l.settler = s } }

// WithClock sets the clock that stamps events (tests use a fixed one).
func WithClock(now func() time.Time) Option { return func(l *Ledger) { l.now = now } }

// ErrChanged is returned by Add and Undo when the file was changed by someone who ignored the lock.
var ErrChanged = errors.New("the ledger file was changed by another program")

// ErrExists is returned by Create when the file already exists.
var ErrExists = errors.New("ledger file already exists")

// Create starts a new game in a new file at path and opens it for writing. The header line is on
// disk (file and directory synced) before Create returns. It fails if the file exists.
func Create(path string, h Header, opts ...Option) (*Ledger, error) {
	l := newLedger(path, opts)
	st, err := begin(h, l.stamp())
	if err != nil {
		return nil, fmt.Errorf("new game: %w", err)
	}
	b, err := encode(&event{Seq: 1, Event: EventNew, Time: st.Created, Version: Version, Header: &st.Header})
	if err != nil {
		return nil, err
	}
	if _, err := os.Lstat(path); err == nil {
		return nil, fmt.Errorf("%s: %w", path, ErrExists)
	}
	// Write the header to a temporary file and link it into place, so nobody ever sees an empty
	// ledger and two Creates cannot both win.
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".new-*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Close(); err != nil {
		return nil, err
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, os.ErrExist) {
			return nil, fmt.Errorf("%s: %w", path, ErrExists)
		}
		return nil, err
	}
	if err := syncDir(dir); err != nil {
		return nil, err
	}
	return l.open()
}

// Open opens an existing game for writing, taking an exclusive lock on the file: a second writer
// gets a *LockedError. The record is replayed and checked; a corrupt record gives a *RecordError
// with the line. An incomplete last line (a write cut short by a crash) is moved to a side file
// (path + ".torn") and reported by Recovered.
func Open(path string, opts ...Option) (*Ledger, error) {
	return newLedger(path, opts).open()
}

func newLedger(path string, opts []Option) *Ledger {
	l := &Ledger{path: path, now: time.Now}
	for _, o := range opts {
		o(l)
	}
	return l
}

func (l *Ledger) open() (_ *Ledger, err error) {
	f, err := os.OpenFile(l.path, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			f.Close()
		}
	}()
	if err := lock(f, l.path); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	st, err := replay(l.path, data)
	if err != nil {
		return nil, err
	}
	l.f, l.state, l.size = f, st, int64(len(data))
	if t := st.Torn; t != nil {
		if err := l.keepAside(t); err != nil {
			return nil, fmt.Errorf("%s: keeping the incomplete line %d aside: %w", l.path, t.Line, err)
		}
		l.torn = t
		l.state.Torn = t
	}
	return l, nil
}

// keepAside appends a torn tail to the side file, syncs it, then cuts it from the record.
func (l *Ledger) keepAside(t *Torn) error {
	side := l.path + ".torn"
	sf, err := os.OpenFile(side, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	rec := fmt.Sprintf("# %s line %d, %d bytes, found %s\n", filepath.Base(l.path), t.Line, len(t.Bytes), l.stamp().UTC().Format(time.RFC3339))
	_, err = sf.Write(append(append([]byte(rec), t.Bytes...), '\n'))
	if err == nil {
		err = sf.Sync()
	}
	if cerr := sf.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := syncDir(filepath.Dir(side)); err != nil {
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
// may hold it. An incomplete last line is reported in State.Torn and not counted.
func Read(path string) (State, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return State{}, err
	}
	return replay(path, data)
}

// Path returns the file the ledger writes.
func (l *Ledger) Path() string { return l.path }

// Recovered returns the incomplete last line that Open found and kept aside, or nil.
func (l *Ledger) Recovered() *Torn { return l.torn }

// State returns the game as the record stands. The caller may keep it; later changes do not show.
func (l *Ledger) State() State { return l.state.clone() }

// Add records one hand. Its deltas are the hand's own Deltas when given, else the Settler's. The
// line is on disk before Add returns; on any error (bad input, a failed write) nothing changes.
func (l *Ledger) Add(h Hand) (Entry, error) {
	if l.f == nil {
		return Entry{}, os.ErrClosed
	}
	// A shallow copy: add only appends to History, beyond what l.state can see, so l.state is
	// untouched until the line is on disk.
	next := l.state
	if next.Over {
		return Entry{}, fmt.Errorf("%w (%s)", ErrGameOver, next.Reason)
	}
	if _, err := h.check(&next.Players, next.Flow.ZeroSum); err != nil {
		return Entry{}, err
	}
	var deltas [4]Amount
	switch {
	case h.Deltas != nil:
		deltas = [4]Amount(h.Deltas)
	case h.Drawn:
	case l.settler == nil:
		return Entry{}, errors.New("this hand needs a settlement: give its deltas or open the ledger with a settler")
	default:
		d, err := l.settler.Settle(h, next.Table())
		if err != nil {
			return Entry{}, fmt.Errorf("settling hand %d: %w", next.Hand, err)
		}
		deltas = d
	}
	seq := next.Events + 1
	t := l.stamp()
	number, dealer := next.Hand, next.Dealer
	if err := next.add(h, deltas, seq, seq, t); err != nil {
		return Entry{}, err
	}
	ev := &event{Seq: seq, Event: EventHand, Time: t, Number: number, Dealer: dealer, Hand: &h, Deltas: deltas[:]}
	if err := l.append(ev); err != nil {
		return Entry{}, err
	}
	next.Events = seq
	l.state = next
	return next.History[len(next.History)-1], nil
}

// Undo takes back the last hand standing and returns it. The undo is an event of its own: the hand
// stays in the file.
func (l *Ledger) Undo() (Entry, error) {
	if l.f == nil {
		return Entry{}, os.ErrClosed
	}
	next := l.state // undo only shortens History
	e, err := next.undo()
	if err != nil {
		return Entry{}, err
	}
	seq := next.Events + 1
	if err := l.append(&event{Seq: seq, Event: EventUndo, Time: l.stamp(), Undoes: e.Seq}); err != nil {
		return Entry{}, err
	}
	next.Events = seq
	l.state = next
	return e, nil
}

// append writes one event line and syncs it. If anything fails the file is cut back to where it was.
func (l *Ledger) append(ev *event) error {
	b, err := encode(ev)
	if err != nil {
		return err
	}
	// The lock is advisory: an editor may have changed the file under us. Never write over that.
	fi, err := l.f.Stat()
	if err != nil {
		return fmt.Errorf("%s: %w", l.path, err)
	}
	if fi.Size() != l.size {
		return fmt.Errorf("%s: %w: it was %d bytes when opened and is %d now; open it again", l.path, ErrChanged, l.size, fi.Size())
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

// syncDir flushes a directory so a new or renamed entry in it survives a crash.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
