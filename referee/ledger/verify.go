package ledger

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mjref/mjref/internal/filewrite"
	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/internal/words"
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
	// Kept is the number of hands recorded with their payments as given (points given, a hand from
	// a referee log, whose payments follow the order its melds were made in, a game imported from
	// its log): their lines are checked, but there is no worth to recompute them from.
	Kept int `json:"payments_kept,omitempty"`
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

// VerifyData verifies a record read elsewhere (standard input) as Verify does; name is what its
// problems call it. No state cache belongs to it, so nothing is checked against one.
func VerifyData(name string, data []byte, opts ...Option) Report {
	l := newLedger(name, opts)
	return verify(name, data, l.settler)
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
		Payments: r.checked, Kept: r.kept, Problems: r.problems, Stopped: r.stopped, Torn: r.torn, sums: r.sums}
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
			Msg: fmt.Sprintf("the record ends at line %d, but line %d was noted (%s): %s %s removed from the end", len(r.sums), seq, from, words.Count(seq-len(r.sums), "line"), words.Verb(seq-len(r.sums), "was", "were"))})
	case !strings.HasPrefix(r.sums[seq-1], sum):
		r.Problems = append(r.Problems, &RecordError{Path: r.Path, Line: seq,
			Msg: fmt.Sprintf("line %d is not the line noted (%s): its sum is %s", seq, from, short(r.sums[seq-1]))})
	}
}

// Upgrade rewrites a version 1 record (the first release's) as version 2, with the same events,
// seqs and times and the sums and chain of version 2, after checking it. The original is kept as
// FILE.v1, a second name for the same file, on disk before the new record replaces it. It takes
// the writer's lock. An incomplete last line (a write cut short, never counted) is left out of the
// new record (torn says which); FILE.v1 keeps it.
//
// Upgrade can be killed at any point and run again: killed before the new record is in place it
// finds FILE.v1 is this same file (or a copy of it, byte for byte), keeps it and goes on; killed
// after, the file is version 2 and there is nothing to do. A FILE.v1 that is anything else (the
// backup of another record, a symlink) is never replaced: a *BackupError. A ledger reached through
// a symlink is upgraded where it is: the file the link points to is rewritten, its backup and
// temporary file next to it, and the link is left as it was; the backup returned is the target's.
func Upgrade(path string, opts ...Option) (backup string, torn *Torn, err error) {
	l := newLedger(path, opts)
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", nil, err
	}
	f, err := safeio.OpenReadWrite(real)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	if err := regular(f, path); err != nil {
		return "", nil, err
	}
	if err := lock(f, path, l.wait); err != nil {
		return "", nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		return "", nil, err
	}
	if li, err := os.Lstat(real); err != nil || !os.SameFile(li, fi) {
		return "", nil, fmt.Errorf("%s: the file was replaced while it was being opened: run the upgrade again", path)
	}
	filewrite.RemoveStale(real, staleAge) // the temporary files of an upgrade killed before its rename
	data, err := readAll(f, path)
	if err != nil {
		return "", nil, err
	}
	st, err := replay(path, data, l.settler)
	if err != nil {
		return "", nil, err
	}
	backup = real + ".v1"
	if st.Version != 1 {
		msg := fmt.Sprintf("%s is already version %d: there is nothing to upgrade", path, st.Version)
		if bi, err := os.Lstat(backup); err == nil && bi.Mode().IsRegular() {
			msg += fmt.Sprintf(" (the version 1 original is kept in %s)", backup)
		}
		return "", nil, errors.New(msg)
	}
	var out bytes.Buffer
	prev := ""
	for _, ln := range split(data) {
		if st.Torn != nil && ln.no >= st.Torn.Line {
			break // a write cut short, never counted: left out (FILE.v1 keeps it)
		}
		ev, err := decode(ln.text)
		if err != nil {
			return "", nil, &RecordError{Path: path, Line: ln.no, Msg: err.Error()}
		}
		if ln.no == 1 {
			ev.Version = Version
		}
		ev.Prev = prev
		b, err := encode(ev)
		if err != nil {
			return "", nil, err
		}
		prev = ev.Sum
		out.Write(b)
	}
	// Check what is about to be written, then keep the original and put the new one in place.
	if n := int64(out.Len()); n > l.limit {
		return "", nil, fmt.Errorf("%s: %w: in the current format it would be %d bytes, past a ledger's limit of %s; nothing was changed",
			path, ErrFull, n, safeio.FormatSize(l.limit))
	}
	if _, err := replay(path, out.Bytes(), l.settler); err != nil {
		return "", nil, fmt.Errorf("upgrading: %w", err)
	}
	made, err := keepOriginal(real, backup, fi, data, path)
	if err != nil {
		return "", nil, err
	}
	if err := filewrite.Write(real, func(w io.Writer) error { _, err := w.Write(out.Bytes()); return err }); err != nil {
		if made {
			os.Remove(backup)
		}
		return "", nil, err
	}
	return backup, st.Torn, nil
}

// BackupError is returned by Upgrade when FILE.v1 is there and is not the original of the file
// being upgraded: Upgrade keeps the original there and replaces nothing it did not make.
type BackupError struct {
	Path   string // the ledger
	Backup string // FILE.v1
	Why    string
}

func (e *BackupError) Error() string {
	return fmt.Sprintf("%s: %s, so the original of %s cannot be kept there", e.Backup, e.Why, e.Path)
}

// keepOriginal gives the version 1 file real (fi, holding data) its second name backup and syncs
// the directory, so that the original is on disk before anything replaces it. A backup already
// there that is the same file (an upgrade killed after this step) or a copy of it byte for byte is
// kept; anything else is a *BackupError. made says whether this call made the backup.
func keepOriginal(real, backup string, fi os.FileInfo, data []byte, path string) (made bool, err error) {
	bi, err := os.Lstat(backup)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if err := os.Link(real, backup); err != nil {
			if errors.Is(err, os.ErrExist) {
				return false, &BackupError{Path: path, Backup: backup, Why: "it appeared while the upgrade was running"}
			}
			return false, err
		}
		made = true
	case err != nil:
		return false, err
	case os.SameFile(bi, fi):
		// An upgrade killed after keeping the original: go on from there.
	case !bi.Mode().IsRegular():
		return false, &BackupError{Path: path, Backup: backup, Why: fmt.Sprintf("it is there and is not a regular file (%s)", bi.Mode().Type())}
	default:
		old, err := readFile(backup)
		if err != nil {
			return false, err
		}
		if !bytes.Equal(old, data) {
			return false, &BackupError{Path: path, Backup: backup, Why: "it is there and holds another record"}
		}
	}
	if err := filewrite.SyncDir(filepath.Dir(real)); err != nil {
		if made {
			os.Remove(backup)
		}
		return false, err
	}
	return made, nil
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
