package ledger

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/mjref/mjref/internal/filewrite"
)

// Report is what Verify found in a whole record.
type Report struct {
	Path    string `json:"file"`
	Version int    `json:"version"`
	Lines   int    `json:"lines"` // complete lines read
	Hands   int    `json:"hands"` // hands standing
	// Head is the last line's seq and sum: noted down, it shows later whether lines were removed
	// from the end (see CheckHead).
	Head string `json:"head,omitempty"`
	// Payments is the number of hands whose payments were recomputed from the recorded result and
	// matched (or not: then a problem says so); 0 without a settler.
	Payments int `json:"payments_checked"`
	// Problems are every line that does not fit, in order. Empty: the record is intact.
	Problems []*RecordError `json:"problems"`
	// Stopped is the line at which the record could no longer be read (a line that is not an
	// event, or one that does not fit the game), 0 when it was read to the end.
	Stopped int   `json:"stopped_at,omitempty"`
	Torn    *Torn `json:"torn,omitempty"`

	sums []string
}

// OK reports whether the record is intact.
func (r *Report) OK() bool { return len(r.Problems) == 0 }

// Verify reads a whole record and reports every line that does not fit: a line changed after it
// was written (its sum), a line removed, added or moved (the chain and the seqs), a line that is
// not an event or does not fit the game, and (with WithSettler) a hand whose recorded payments are
// not what the ruleset pays for its recorded result. It reads without locking.
func Verify(path string, opts ...Option) (Report, error) {
	l := newLedger(path, opts)
	// The note of the last write first, then the file: a writer appends its line before it
	// writes the note, so a record read after the note holds at least the noted line, however
	// the reads and another writer's writes interleave.
	c, _, err := readCache(path)
	if err != nil {
		return Report{}, err
	}
	data, err := readFile(path)
	if err != nil {
		return Report{}, err
	}
	rep := verify(path, data, l.settler)
	if rep.Version >= Version {
		if p := checkNoted(path, c, rep.sums); p != nil {
			rep.Problems = append(rep.Problems, p)
		}
	}
	return rep, nil
}

// Diverged reports whether a problem is that the record is not the one last written here (see
// ErrDiverged).
func (r *Report) Diverged() bool {
	for _, p := range r.Problems {
		if errors.Is(p, ErrDiverged) {
			return true
		}
	}
	return false
}

func verify(path string, data []byte, settler Settler) Report {
	r := &replayer{path: path, settler: settler, all: true}
	r.run(data)
	rep := Report{Path: path, Version: r.version, Lines: len(r.sums), Hands: len(r.s.History), Head: r.s.Head,
		Payments: r.checked, Problems: r.problems, Stopped: r.stopped, Torn: r.torn, sums: r.sums}
	if rep.Problems == nil {
		rep.Problems = []*RecordError{}
	}
	return rep
}

// CheckHead compares the record with a head noted earlier ("27:3f2a9c…", from State.Head or a
// Report): lines removed from the end, or a line at that seq that is not the one noted, are
// added to the problems.
func (r *Report) CheckHead(head string) error {
	n, sum, ok := strings.Cut(head, ":")
	seq, err := strconv.Atoi(n)
	if !ok || err != nil || seq < 1 || len(sum) < 6 {
		return fmt.Errorf("head %q: expected SEQ:SUM as 'ledger show' prints it, e.g. 27:3f2a9c1e", head)
	}
	r.checkHead(seq, sum, "head "+head)
	return nil
}

// checkHead adds a problem when line seq is missing from the record or is not the line whose sum
// (or a prefix of it) was noted; from says where the note came from.
func (r *Report) checkHead(seq int, sum, from string) {
	switch {
	case seq > len(r.sums):
		r.Problems = append(r.Problems, &RecordError{Path: r.Path, Line: len(r.sums),
			Msg: fmt.Sprintf("the record ends at line %d, but line %d was noted (%s): %d lines were removed from the end", len(r.sums), seq, from, seq-len(r.sums))})
	case !strings.HasPrefix(r.sums[seq-1], sum):
		r.Problems = append(r.Problems, &RecordError{Path: r.Path, Line: seq,
			Msg: fmt.Sprintf("line %d is not the line noted (%s): its sum is %s", seq, from, short(r.sums[seq-1]))})
	}
}

// Upgrade rewrites a version 1 record (the first release's) as version 2, with the same events,
// seqs and times and the sums and chain of version 2, after checking it. The original is kept as
// path + ".v1". It takes the writer's lock.
func Upgrade(path string, opts ...Option) (backup string, err error) {
	l := newLedger(path, opts)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if err := regular(f, path); err != nil {
		return "", err
	}
	if err := lock(f, path, l.wait); err != nil {
		return "", err
	}
	data, err := readAll(f, path)
	if err != nil {
		return "", err
	}
	if _, err := replay(path, data, l.settler); err != nil {
		return "", err
	}
	var out bytes.Buffer
	prev := ""
	for _, ln := range split(data) {
		ev, err := decode(ln.text)
		if err != nil {
			return "", &RecordError{Path: path, Line: ln.no, Msg: err.Error()}
		}
		if ln.no == 1 {
			if ev.Version != 1 {
				return "", fmt.Errorf("%s is already version %d", path, ev.Version)
			}
			ev.Version = Version
		}
		ev.Prev = prev
		b, err := encode(ev)
		if err != nil {
			return "", err
		}
		prev = ev.Sum
		out.Write(b)
	}
	// Check what is about to be written, then keep the original and put the new one in place.
	if _, err := replay(path, out.Bytes(), l.settler); err != nil {
		return "", fmt.Errorf("upgrading: %w", err)
	}
	backup = path + ".v1"
	if _, err := os.Lstat(backup); err == nil {
		return "", fmt.Errorf("%s: %w (a backup of an earlier upgrade?): move it away first", backup, ErrExists)
	}
	if err := os.Link(path, backup); err != nil {
		return "", err
	}
	if err := filewrite.Write(path, func(w io.Writer) error { _, err := w.Write(out.Bytes()); return err }); err != nil {
		os.Remove(backup)
		return "", err
	}
	return backup, nil
}

// WriteEvents writes the record's events as they were recorded, one JSON object a line (JSON
// Lines), after checking the record as Read does (with WithSettler, its payments too); a torn last
// line is left out.
func WriteEvents(w io.Writer, path string, opts ...Option) error {
	l := newLedger(path, opts)
	data, err := readFile(path)
	if err != nil {
		return err
	}
	r := &replayer{path: path, settler: l.settler}
	r.run(data)
	if len(r.problems) > 0 {
		return r.problems[0]
	}
	for _, ln := range split(data)[:len(r.sums)] {
		if _, err := w.Write(append(bytes.Clone(ln.text), '\n')); err != nil {
			return err
		}
	}
	return nil
}
