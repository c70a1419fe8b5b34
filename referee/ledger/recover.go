package ledger

import "strconv"

// Recovery is what Recover found and did: the note of the last write the state cache held
// before, and the head of the record it notes now.
type Recovery struct {
	Path string `json:"file"`
	// Noted is the head the state cache noted before ("27:3f2a…", SEQ:SUM), "" when there was no
	// cache that checked.
	Noted string `json:"noted,omitempty"`
	// Head is the record's head as it is, which the cache notes now.
	Head  string `json:"head"`
	Lines int    `json:"lines"` // complete lines
	Hands int    `json:"hands"` // hands standing
	// Diverged says the record was not the one the note was of: Recover accepted it as it is.
	Diverged bool `json:"diverged"`
	// Torn is an incomplete last line, kept aside as Open keeps one.
	Torn *Torn `json:"torn,omitempty"`
}

// Recover accepts a ledger file as it is: it takes the writer's lock, replays and checks the whole
// record (a record that does not check is refused as Open refuses it) and writes the state cache
// anew from it, whatever the cache noted before (lines removed from the end, a copy that went on
// elsewhere copied back) or whatever is at the cache's path (a FIFO, a symlink: replaced). The
// record itself is not changed, except that an incomplete last line is kept aside as Open does.
// It is the way out of an ErrDiverged or ErrCache refusal, once 'ledger verify' has shown what
// the file lost.
func Recover(path string, opts ...Option) (Recovery, error) {
	rec := Recovery{Path: path}
	c, _, _ := readCache(path)
	l := newLedger(path, opts)
	l.recovering, l.prior = true, c
	if _, err := l.open(); err != nil {
		return rec, err
	}
	defer l.Close()
	st := l.state
	rec.Head, rec.Lines, rec.Hands, rec.Torn = st.Head, st.Events, len(st.History), l.torn
	if c != nil {
		// The note read before the lock is the one to compare: Recover is run by hand, with
		// the table's writers stopped.
		rec.Noted = strconv.Itoa(c.Seq) + ":" + c.Last
		rec.Diverged = l.diverged
	}
	return rec, nil
}
