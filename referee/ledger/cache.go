package ledger

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"

	"github.com/mjref/mjref/internal/filewrite"
	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/internal/words"
)

// The state cache lets Open skip the replay of a long record: after every write the writer keeps
// the game's state (without its history) in a small file next to the ledger, "." + name +
// ".state", with what identifies the ledger file as it was just written (device and inode, size,
// modification and change times), the sums of its first and last lines, the seq of the last, and
// a sum of the cache itself (the same kind of sum as a ledger line's, last on the line).
//
// The cache is a hint checked against the record, never a source of truth. Open takes the state
// from it only when its own sum checks, its file identity and last line still match the file, its
// header line is the file's, and the state fits itself (who sits where, the totals, the position);
// otherwise it replays and checks the whole record, as without a cache. A cache that does not
// check is rebuilt by that replay. A cache that checks but whose file identity does not is the
// note of the last write made here: the record replayed must still hold that line, with that sum,
// at that seq (it may have more lines: a cache write is not synced and may be lost). A record that
// lost lines from the end, or holds another line there (a copy that went on elsewhere and was
// copied back), is refused with the two heads named and nothing changed: 'ledger verify' explains,
// and Recover rebuilds the cache from the file as it is.
//
// So 'ledger add' costs the same at hand 10 and at hand 10,000. Readers (show, verify, export)
// always replay the whole record; Verify compares it with the note too. Deleting the cache loses
// only the note.

// cacheFormat is the version of the cache file. Format 1 (no sum of its own) is ignored: the
// cache is rebuilt.
const cacheFormat = 2

// cache is the state cache file.
type cache struct {
	Format int      `json:"format"`
	File   fileID   `json:"file"`
	First  string   `json:"first"`  // the header line's sum: the game this cache is of
	Seq    int      `json:"seq"`    // the last line's seq
	Last   string   `json:"last"`   // the last line's sum
	Length int      `json:"length"` // the last line's length, newline included
	State  State    `json:"state"`  // History holds only the last hand
	Pos    position `json:"pos"`
	Before position `json:"before"` // the last hand's position before it
	// Sum is the cache's own sum, of its text without it, as a ledger line's.
	Sum string `json:"sum,omitempty"`
}

// fileID identifies a ledger file's content as last written (identify fills what the platform
// tells: on Linux every field, elsewhere the size and modification time).
type fileID struct {
	Dev   uint64 `json:"dev"`
	Ino   uint64 `json:"ino"`
	Size  int64  `json:"size"`
	MTime int64  `json:"mtime"`
	CTime int64  `json:"ctime"`
}

// cachePath returns the cache file of a ledger.
func cachePath(path string) string {
	dir, base := filepath.Split(path)
	return filepath.Join(dir, "."+base+".state")
}

// maxCache bounds the cache file read.
const maxCache = 1 << 20

// head is the note "SEQ:SUM" a cache keeps of the last line, as State.Head writes it.
func (c *cache) head() string { return strconv.Itoa(c.Seq) + ":" + c.Last }

// encodeCache writes c with its own sum last.
func encodeCache(c *cache) ([]byte, error) {
	c.Sum = ""
	b, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	c.Sum = sumOf(b)
	out := make([]byte, 0, len(b)+len(sumKey)+sumLen+2)
	out = append(out, b[:len(b)-1]...)
	out = append(out, sumKey...)
	out = append(out, c.Sum...)
	return append(out, '"', '}'), nil
}

// decodeCache reads a cache's text; ok is false when it is not a whole cache of this format
// whose sum checks.
func decodeCache(data []byte) (c *cache, ok bool) {
	if _, has, good := lineSum(data); !has || !good {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	c = new(cache)
	if err := dec.Decode(c); err != nil || dec.More() || c.Format != cacheFormat {
		return nil, false
	}
	if c.Seq < 1 || len(c.First) != sumLen || len(c.Last) != sumLen || c.Length < 2 || c.File.Size < int64(c.Length) {
		return nil, false
	}
	return c, true
}

// readCache reads a ledger's state cache. With none it returns nil. A cache that does not check
// (damaged, cut, of an older format) is nil with damaged true (format 1 is not called damaged):
// it is rebuilt. Anything at the cache's path that is not a regular file (a FIFO, a symlink, a
// directory) or cannot be read is an error: it is refused at once, never opened blocking.
func readCache(path string) (c *cache, damaged bool, err error) {
	cp := cachePath(path)
	cf, err := safeio.OpenOwn(cp)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, &RecordError{Path: path, Msg: fmt.Sprintf("its state cache %s cannot be read: %s", filepath.Base(cp), safeio.Reason(err)), kind: ErrCache}
	}
	defer cf.Close()
	data, err := io.ReadAll(io.LimitReader(cf, maxCache+1))
	if err != nil {
		return nil, false, &RecordError{Path: path, Msg: fmt.Sprintf("its state cache %s cannot be read: %v", filepath.Base(cp), err), kind: ErrCache}
	}
	if len(data) > maxCache {
		return nil, true, nil
	}
	if c, ok := decodeCache(data); ok {
		return c, false, nil
	}
	var old struct {
		Format int `json:"format"`
	}
	if json.Unmarshal(data, &old) == nil && old.Format == 1 {
		return nil, false, nil
	}
	return nil, true, nil
}

// ErrCache matches (errors.Is) a ledger refused for what is at its state cache's path: not a
// regular file, or unreadable. Recover replaces it.
var ErrCache = errors.New("bad state cache")

// ErrDiverged matches (errors.Is) a ledger refused because its record is not the one the last
// write here left (the note in the state cache): lines removed from the end, another line at the
// noted seq (a copy that went on elsewhere, copied back), or another game. Recover accepts the
// file as it is.
var ErrDiverged = errors.New("the ledger file is not the one last written here")

// checkNoted compares a record (each line's sum) with the cache's note of the last write. The
// record may have more lines than noted; it must hold the noted line at its seq, and the same
// header. Otherwise the error names the two heads.
func checkNoted(path string, c *cache, sums []string) *RecordError {
	if c == nil || len(sums) == 0 {
		return nil
	}
	cp := filepath.Base(cachePath(path))
	file := strconv.Itoa(len(sums)) + ":" + short(sums[len(sums)-1])
	noted := strconv.Itoa(c.Seq) + ":" + short(c.Last)
	switch {
	case sums[0] != c.First:
		return &RecordError{Path: path, Line: 1, kind: ErrDiverged,
			Msg: fmt.Sprintf("the file is another game than the one last written here: its header line is not that game's; the file's head is %s, the last write (noted in %s) was %s", file, cp, noted)}
	case c.Seq > len(sums):
		return &RecordError{Path: path, Line: len(sums), kind: ErrDiverged,
			Msg: fmt.Sprintf("the record ends at line %d (head %s), but the last write (noted in %s) was line %d (head %s): %s removed from the end", len(sums), file, cp, c.Seq, noted, words.Count(c.Seq-len(sums), "line")+" "+words.Verb(c.Seq-len(sums), "was", "were"))}
	case sums[c.Seq-1] != c.Last:
		// The first line that parts from the note is not known (the note keeps one sum), only
		// that the record no longer holds the line last written.
		return &RecordError{Path: path, Line: c.Seq, kind: ErrDiverged,
			Msg: fmt.Sprintf("line %d is not the line last written here: the file's head is %s, the last write (noted in %s) was %s: the file was replaced by a copy that went on elsewhere, or changed", c.Seq, file, cp, noted)}
	}
	return nil
}

// loadCache returns the state from the cache c if it still describes f exactly and fits itself
// and the file's header, else ok is false. bad says the cache claims to be of f as it is (its
// identity matches) but does not fit it: not a cache mjref wrote, so not even its note is trusted.
func (l *Ledger) loadCache(f *os.File, c *cache) (st State, last string, size int64, ok, bad bool) {
	if c == nil {
		return State{}, "", 0, false, false
	}
	id, err := identify(f)
	if err != nil || id != c.File {
		return State{}, "", 0, false, false
	}
	// The last line must be the one the cache was written after.
	tail := make([]byte, c.Length)
	if _, err := f.ReadAt(tail, c.File.Size-int64(c.Length)); err != nil || tail[len(tail)-1] != '\n' {
		return State{}, "", 0, false, true
	}
	tail = tail[:len(tail)-1]
	if bytes.IndexByte(tail, '\n') >= 0 {
		return State{}, "", 0, false, true
	}
	sum, has, good := lineSum(tail)
	if !has || !good || sum != c.Last {
		return State{}, "", 0, false, true
	}
	// The header line must be the one the cache was written for, and the state of its game.
	h, first, err := headerAt(f)
	if err != nil || first != c.First {
		return State{}, "", 0, false, true
	}
	st = c.State
	st.pos = c.Pos
	if n := len(st.History); n > 0 {
		st.History[n-1].before = c.Before
	}
	if !st.fits(&h, c) {
		return State{}, "", 0, false, true
	}
	st.partial = true
	return st, c.Last, c.File.Size, true, false
}

// headerAt reads the header line of f (at most 64 KiB) and returns its header and sum.
func headerAt(f *os.File) (Header, string, error) {
	buf := make([]byte, 64<<10)
	n, err := f.ReadAt(buf, 0)
	if err != nil && err != io.EOF {
		return Header{}, "", err
	}
	i := bytes.IndexByte(buf[:n], '\n')
	if i < 0 {
		return Header{}, "", errors.New("no header line")
	}
	sum, has, ok := lineSum(buf[:i])
	if !has || !ok {
		return Header{}, "", errors.New("the header line's sum does not check")
	}
	ev, err := decode(buf[:i])
	if err != nil || ev.Event != EventNew || ev.Header == nil {
		return Header{}, "", errors.New("not a header line")
	}
	return *ev.Header, sum, nil
}

// fits reports whether a state read from cache c is one a replay of the game of header h could
// give: the note's head, the header's ruleset and flow, who sits at each place, their totals, and
// what the position gives (dealer, winds, the game's end). The cache's own sum catches damage;
// this catches a cache that checks but is not of this game, or is not one mjref wrote.
func (s *State) fits(h *Header, c *cache) bool {
	if s.Version != Version || s.Events != c.Seq || s.Head != c.head() || s.Torn != nil {
		return false
	}
	g := *h
	g.Players = s.Players
	if !reflect.DeepEqual(g, s.Header) {
		return false
	}
	p := s.pos
	if p.Dealer < 0 || p.Dealer > 3 || p.Hand != s.Played+1 || s.Played < 0 || s.Undone < 0 || s.Amended < 0 {
		return false
	}
	// Everyone at the table is one person of the evening, at their place, with their total.
	present := 0
	var sum Amount
	for k, q := range s.People {
		if checkName(q.Name) != nil || s.person(q.Name) != k || q.Place < -1 || q.Place > 3 || q.Hands < 0 || q.Joined < 1 {
			return false
		}
		if q.Place >= 0 {
			if s.Players[q.Place] != q.Name || s.Totals[q.Place] != q.Total {
				return false
			}
			present++
		}
		sum += q.Total
	}
	// With the table's counters the riichi sticks on the table are what the totals lack.
	if present != seated(s.Players) || (s.Flow.ZeroSum && sum != -Amount(s.pos.Sticks)*max(s.Flow.RiichiStick, 0)) || s.pos.Sticks < 0 || s.pos.Honba < 0 {
		return false
	}
	// The last hand standing, the only one kept.
	switch {
	case s.Played == 0 && len(s.History) != 0, s.Played > 0 && len(s.History) != 1:
		return false
	case s.Played > 0:
		e := &s.History[0]
		if e.Number != s.Played || e.Seq < 2 || e.Seq > s.Events || e.before.Dealer < 0 || e.before.Dealer > 3 {
			return false
		}
		for _, name := range names(e.Players) {
			if s.person(name) < 0 {
				return false
			}
		}
	}
	// What the position gives.
	again := s.clone()
	again.settle()
	return again.Hand == s.Hand && again.Dealer == s.Dealer && again.Seats == s.Seats && again.Prevailing == s.Prevailing &&
		again.Round == s.Round && again.Repeat == s.Repeat && again.Over == s.Over && again.Reason == s.Reason &&
		reflect.DeepEqual(again.Winners, s.Winners)
}

// saveCache writes the cache after a write (or a full replay). It is a cache: Open ignores a
// failure; Recover reports it.
func (l *Ledger) saveCache(lastLen int) error {
	if l.state.Version < Version {
		return nil
	}
	id, err := identify(l.f)
	if err != nil {
		return err
	}
	_, first, err := headerAt(l.f)
	if err != nil {
		return err
	}
	st := l.state
	c := cache{Format: cacheFormat, File: id, First: first, Seq: st.Events, Last: l.last, Length: lastLen, Pos: st.pos}
	st.changes = nil
	if n := len(st.History); n > 0 {
		c.Before = st.History[n-1].before
		st.History = st.History[n-1:]
	}
	st.Torn = nil
	c.State = st
	b, err := encodeCache(&c)
	if err != nil {
		return err
	}
	return filewrite.WriteCache(cachePath(l.path), func(w io.Writer) error { _, err := w.Write(b); return err })
}
