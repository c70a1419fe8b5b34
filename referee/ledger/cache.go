package ledger

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"

	"github.com/mjref/mjref/internal/filewrite"
)

// The state cache lets Open skip the replay of a long record: after every write the writer keeps
// the game's state (without its history) in a small file next to the ledger, "." + name +
// ".state", with what identifies the ledger file as it was just written (device and inode, size,
// modification and change times) and the seq and sum of its last line. Open uses it only when all
// of these still match the file and its last line, that is when nothing has touched the file since
// the writer checked the whole chain; otherwise it replays and checks the whole record as before
// and writes a new cache. So 'ledger add' costs the same at hand 10 and at hand 10,000. Readers
// (show, verify, export) always replay the whole record. Deleting the cache is harmless.

// cacheFormat is the version of the cache file; another version is ignored.
const cacheFormat = 1

// cache is the state cache file.
type cache struct {
	Format int      `json:"format"`
	File   fileID   `json:"file"`
	Seq    int      `json:"seq"`
	Sum    string   `json:"sum"`    // the last line's sum
	Length int      `json:"length"` // the last line's length, newline included
	State  State    `json:"state"`  // History holds only the last hand
	Pos    position `json:"pos"`
	Before position `json:"before"` // the last hand's position before it
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

// loadCache returns the state from the cache if it still describes f exactly, else ok is false.
func (l *Ledger) loadCache(f *os.File) (st State, last string, size int64, ok bool) {
	c, ok := readCache(l.path)
	if !ok || c.Length < 2 || c.Length > int(c.File.Size) {
		return State{}, "", 0, false
	}
	id, err := identify(f)
	if err != nil || id != c.File {
		return State{}, "", 0, false
	}
	// The last line must be the one the cache was written after.
	tail := make([]byte, c.Length)
	if _, err := f.ReadAt(tail, c.File.Size-int64(c.Length)); err != nil || tail[len(tail)-1] != '\n' {
		return State{}, "", 0, false
	}
	tail = tail[:len(tail)-1]
	if bytes.IndexByte(tail, '\n') >= 0 {
		return State{}, "", 0, false
	}
	sum, has, good := lineSum(tail)
	if !has || !good || sum != c.Sum {
		return State{}, "", 0, false
	}
	st = c.State
	st.pos = c.Pos
	if n := len(st.History); n > 0 {
		st.History[n-1].before = c.Before
	}
	st.partial = true
	return st, c.Sum, c.File.Size, true
}

// saveCache writes the cache after a write (or a full replay). It is a cache: a failure is ignored.
func (l *Ledger) saveCache(lastLen int) {
	id, err := identify(l.f)
	if err != nil || l.state.Version < Version {
		return
	}
	st := l.state
	c := cache{Format: cacheFormat, File: id, Seq: st.Events, Sum: l.last, Length: lastLen, Pos: st.pos}
	st.changes = nil
	if n := len(st.History); n > 0 {
		c.Before = st.History[n-1].before
		st.History = st.History[n-1:]
	}
	st.Torn = nil
	c.State = st
	b, err := json.Marshal(&c)
	if err != nil {
		return
	}
	_ = filewrite.WriteCache(cachePath(l.path), func(w io.Writer) error { _, err := w.Write(b); return err })
}

// readCache reads a ledger's state cache; ok is false when there is none, or it is not a regular
// file of this format.
func readCache(path string) (c cache, ok bool) {
	cf, err := os.Open(cachePath(path))
	if err != nil {
		return cache{}, false
	}
	defer cf.Close()
	if fi, err := cf.Stat(); err != nil || !fi.Mode().IsRegular() {
		return cache{}, false
	}
	data, err := io.ReadAll(io.LimitReader(cf, maxCache))
	if err != nil || json.Unmarshal(data, &c) != nil || c.Format != cacheFormat {
		return cache{}, false
	}
	return c, true
}

// cachedHead returns the seq and sum of the last line the writer wrote, as its state cache notes
// them, whatever has happened to the ledger file since: a witness that lines were removed from the
// end (a prefix of a record is otherwise a valid record). ok is false when there is no readable cache.
func cachedHead(path string) (seq int, sum string, ok bool) {
	c, ok := readCache(path)
	if !ok || c.Seq < 1 || len(c.Sum) < 6 {
		return 0, "", false
	}
	return c.Seq, c.Sum, true
}
