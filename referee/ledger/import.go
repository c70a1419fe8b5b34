package ledger

import (
	"errors"
	"fmt"
	"os"
	"strconv"

	"github.com/mjref/mjref/internal/filewrite"
	"github.com/mjref/mjref/internal/safeio"
)

// Import starts a new game at path with the header h (Create is Import with no hands) and records
// hands in it, each as Add records
// it (its deltas given, or the Settler's), and writes the record whole or not at all: every line
// is written to a temporary file that is linked into place only when every hand was recorded, so a
// hand that cannot be recorded leaves no file behind. check, when not nil, is called after each
// hand (its index in hands) with the state after it, and its error stops the import. The file
// must not exist.
func Import(path string, h Header, hands []Hand, check func(i int, st *State) error, opts ...Option) (*Ledger, error) {
	l := newLedger(path, opts)
	st, err := begin(h, l.stamp())
	if err != nil {
		return nil, fmt.Errorf("new game: %w", err)
	}
	head := &event{Seq: 1, Event: EventNew, Time: st.Created, Version: Version, Header: &st.Header}
	b, err := encode(head)
	if err != nil {
		return nil, err
	}
	last := head.Sum
	st.Events = 1
	for i, hand := range hands {
		hand = hand.clone()
		if st.Over {
			return nil, fmt.Errorf("hand %d: %w (%s)", i+1, ErrGameOver, st.Reason)
		}
		if _, err := hand.check(&st.Players, st.zeroSum()); err != nil {
			return nil, fmt.Errorf("hand %d: %w", i+1, err)
		}
		if err := hand.checkNew(); err != nil {
			return nil, fmt.Errorf("hand %d: %w", i+1, err)
		}
		deltas, err := l.settle(hand, st.Table(), &st.Flow)
		if err != nil {
			return nil, fmt.Errorf("hand %d: %w", i+1, err)
		}
		seq := st.Events + 1
		number, dealer := st.Hand, st.Dealer
		if err := st.add(hand, deltas, seq, seq, st.Created); err != nil {
			return nil, fmt.Errorf("hand %d: %w", i+1, err)
		}
		ev := &event{Seq: seq, Event: EventHand, Time: st.Created, Number: number, Dealer: dealer, Hand: &hand, Deltas: deltas[:], Prev: last}
		line, err := encode(ev)
		if err != nil {
			return nil, err
		}
		b = append(b, line...)
		last = ev.Sum
		st.Events, st.Head = seq, strconv.Itoa(seq)+":"+ev.Sum
		if check != nil {
			if err := check(i, &st); err != nil {
				return nil, fmt.Errorf("hand %d: %w", i+1, err)
			}
		}
	}
	if int64(len(b)) > l.limit {
		return nil, fmt.Errorf("%s: %w: the game's record would be %d bytes, past a ledger's limit of %s; nothing was written",
			path, ErrFull, len(b), safeio.FormatSize(l.limit))
	}
	if _, err := os.Lstat(path); err == nil {
		return nil, fmt.Errorf("%s: %w", path, ErrExists)
	}
	l.removed = filewrite.RemoveStale(path, staleAge)
	// A state cache left by an earlier game of this name, since deleted, describes a file that is
	// gone: kept, it would witness that the new game lost that game's lines.
	if err := os.Remove(cachePath(path)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if err := place(path, b); err != nil {
		return nil, err
	}
	return l.open()
}
