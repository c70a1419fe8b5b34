package ledger

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mjref/mjref/internal/words"
)

// replayer recomputes a game from its record, line by line, checking each line's sum, its link to
// the line before, its fields, its place in the game and (with a Settler) its payments.
type replayer struct {
	path    string
	settler Settler
	// all: go on after a problem where the record can still be read (Verify), collecting them;
	// otherwise the first problem stops the replay.
	all      bool
	problems []*RecordError
	stopped  int // the line a fatal problem stopped the replay at, 0 when it read to the end

	s       State
	version int
	sums    []string // each line's recorded sum
	torn    *Torn
	checked int // hands whose payments were recomputed and compared
	kept    int // hands whose payments were given, so not recomputed
}

// replay recomputes a game from its record; the first problem is the error. path names the file
// in errors. With a settler, the payments of every hand mjref settled are recomputed and compared.
func replay(path string, data []byte, settler Settler) (State, error) {
	r := &replayer{path: path, settler: settler}
	r.run(data)
	if len(r.problems) > 0 {
		return State{}, r.problems[0]
	}
	return r.s, nil
}

// problem records a problem at line no; it reports whether the replay may go on.
func (r *replayer) problem(no int, fatal bool, format string, args ...any) bool {
	r.problems = append(r.problems, &RecordError{Path: r.path, Line: no, Msg: fmt.Sprintf(format, args...)})
	if fatal || !r.all {
		if r.stopped == 0 {
			r.stopped = no
		}
		return false
	}
	return true
}

func (r *replayer) run(data []byte) {
	lines := split(data)
	if len(lines) == 0 {
		r.problem(0, true, "empty file: not a ledger")
		return
	}
	for i, ln := range lines {
		if ln.open && !r.whole(i, ln) {
			// The last line has no newline and is not a whole record: a write cut short, if it is
			// the start of a line as mjref writes one; else the file was changed.
			n, msg := r.cut(i, ln.text)
			if n == 0 && msg == "" {
				if i == 0 {
					r.problem(1, true, "the header line is incomplete (the game was never started)")
					return
				}
				r.torn = &Torn{Line: ln.no, Offset: ln.off, Bytes: append([]byte(nil), ln.text...)}
				break
			}
			if msg != "" && !r.problem(ln.no, n == 0, "%s", msg) {
				return
			}
			ln.text = ln.text[:n] // the line's own object, checked and counted as any line
		}
		if !r.line(i, ln) {
			return
		}
	}
	r.s.Torn = r.torn
	if r.version >= 2 && len(r.sums) > 0 {
		r.s.Head = strconv.Itoa(len(r.sums)) + ":" + r.sums[len(r.sums)-1]
	}
}

// whole reports whether an open last line is a complete record: it decodes, its seq is next and,
// in version 2, its sum checks and it follows the line before.
func (r *replayer) whole(i int, ln line) bool {
	ev, err := decode(ln.text)
	if err != nil || ev.Seq != i+1 {
		return false
	}
	if i == 0 {
		if ev.Version == 1 {
			return true
		}
		_, has, ok := lineSum(ln.text)
		return has && ok
	}
	if r.version == 1 {
		return true
	}
	_, has, ok := lineSum(ln.text)
	return has && ok && ev.Prev == r.sums[i-1]
}

// cut tells a write cut short from a changed last line (open, and not a whole record). A crash
// leaves the start of the line it was writing, perhaps followed by zero bytes (space the file
// system gave the file but never wrote): cut returns 0 and no message. A line that holds a whole
// JSON object (whose sum checks or not) followed by any byte where its newline should be, or that
// cannot be the start of any ledger line, or whose sum is all there but does not match its text,
// was changed after it was written: msg says how, and n is the length of the object when there is
// one (it is then checked and counted as the line), else 0. A whole object and nothing after it
// is returned with no message: the checks of any line say what is wrong with it.
func (r *replayer) cut(i int, text []byte) (n int, msg string) {
	t := bytes.TrimRight(text, "\x00")
	if len(t) == 0 {
		return 0, ""
	}
	if t[0] != '{' {
		return 0, "the line does not start as a ledger event does (with {): a write cut short leaves the start of a line, so the file was changed or damaged"
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	var raw json.RawMessage
	err := dec.Decode(&raw)
	switch {
	case err == nil:
		n = int(dec.InputOffset())
		if n == len(text) {
			return n, "" // a whole object that is not a whole record: the checks of any line say why
		}
		what := "the line's JSON object"
		if _, has, ok := lineSum(text[:n]); has && ok {
			what = "the line, whole (its sum checks),"
		}
		return n, fmt.Sprintf("%s is followed by %s where its newline should be: a write cut short ends inside a line, so the file was changed after it was written", what, bytesWord(len(text)-n))
	case errors.Is(err, io.ErrUnexpectedEOF):
		// The start of a JSON object. When its sum is all there, it must match.
		if (i == 0 || r.version >= 2) && bytes.Count(t, []byte(sumKey)) == 1 {
			at := bytes.Index(t, []byte(sumKey)) + len(sumKey)
			if len(t) > at+sumLen && t[at+sumLen] == '"' {
				body := append(bytes.Clone(t[:at-len(sumKey)]), '}')
				if sumOf(body) != string(t[at:at+sumLen]) {
					return 0, "the line is cut short, but its sum is all there and does not match its text: a write cut short keeps the bytes it wrote, so the line was changed after it was written"
				}
			}
		}
		return 0, ""
	default:
		return 0, "the line is not the start of a ledger event (" + jsonMsg(err) + "): a write cut short leaves the start of a line, so the file was changed or damaged"
	}
}

func bytesWord(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return strconv.Itoa(n) + " bytes"
}

// line checks and applies line i; it reports whether the replay may go on.
func (r *replayer) line(i int, ln line) bool {
	sum, has, ok := lineSum(ln.text)
	ev, err := decode(ln.text)
	if err != nil {
		return r.problem(ln.no, true, "%v", err)
	}
	if ev.Seq != i+1 {
		return r.problem(ln.no, true, "seq %d where %d was expected (a line was removed, added or moved)", ev.Seq, i+1)
	}
	if i == 0 {
		if ev.Event != EventNew {
			return r.problem(ln.no, true, "the first line must be a %q event, not %q", EventNew, ev.Event)
		}
		r.version = ev.Version
	}
	// The chain.
	switch {
	case r.version == 1:
		if has || ev.Prev != "" {
			return r.problem(ln.no, true, "a version 1 record has no sums: this line was not written by mjref")
		}
		if ev.Event != EventNew && ev.Event != EventHand && ev.Event != EventUndo {
			return r.problem(ln.no, true, "a version 1 record has no %q events: upgrade the file with 'mjref ledger upgrade'", ev.Event)
		}
	case !has:
		if !r.problem(ln.no, false, `the line has no sum at its end (",\"sum\":\"...\"}"): it was not written by mjref, or was changed`) {
			return false
		}
	case !ok:
		if !r.problem(ln.no, false, "the line was changed after it was written: its sum %s does not match its text", short(sum)) {
			return false
		}
	}
	if r.version >= 2 {
		if i == 0 && ev.Prev != "" {
			if !r.problem(ln.no, false, `the header has a "prev": it must be the first line`) {
				return false
			}
		}
		if i > 0 && ev.Prev != r.sums[i-1] {
			if ev.Prev == "" {
				if !r.problem(ln.no, false, "the line has no link to the line before (\"prev\")") {
					return false
				}
			} else if !r.problem(i, false, "line %d was changed after it was written: line %d, written after it, records its sum as %s, but it is %s",
				i, ln.no, short(ev.Prev), short(r.sums[i-1])) {
				return false
			}
		}
	}
	r.sums = append(r.sums, ev.Sum)
	return r.apply(i, ln, ev)
}

// short abbreviates a sum for messages.
func short(sum string) string {
	if len(sum) > 12 {
		return sum[:12] + "…"
	}
	return sum
}

// apply applies one decoded event to the game.
func (r *replayer) apply(i int, ln line, ev *event) bool {
	s := &r.s
	fatal := func(format string, args ...any) bool { return r.problem(ln.no, true, format, args...) }
	if i == 0 {
		st, err := begin(*ev.Header, ev.Time)
		if err != nil {
			return fatal("%v", err)
		}
		st.Version = ev.Version
		*s = st
		s.Events = 1
		return true
	}
	switch ev.Event {
	case EventNew:
		return fatal("a second %q event: one file holds one game", EventNew)
	case EventHand:
		if ev.Number != s.Hand || ev.Dealer != s.Dealer {
			return fatal("hand %d dealt by %s, but the record before it gives hand %d dealt by %s", ev.Number, ev.Dealer, s.Hand, s.Dealer)
		}
		d := [4]Amount(ev.Deltas)
		if !r.pays(ln.no, *ev.Hand, s.Table(), d) {
			return false
		}
		if err := s.add(*ev.Hand, d, ev.Seq, ln.no, ev.Time); err != nil {
			return fatal("hand %d: %v", ev.Number, err)
		}
	case EventUndo:
		c := s.lastChange()
		if c == nil || c.seq != ev.Undoes {
			last := 0
			if c != nil {
				last = c.seq
			}
			return fatal("undo of seq %d, but the last change standing is seq %d", ev.Undoes, last)
		}
		if _, _, err := s.undo(); err != nil {
			return fatal("%v", err)
		}
	case EventAmend:
		at := -1
		for k, e := range s.History {
			if e.Seq == ev.Amends {
				at = k
			}
		}
		if at < 0 {
			return fatal("amend of seq %d, which is not a hand standing", ev.Amends)
		}
		if s.History[at].Number != ev.Number {
			return fatal("amend of hand %d, but seq %d is hand %d", ev.Number, ev.Amends, s.History[at].Number)
		}
		if want := len(s.History) - at - 1; len(ev.Later) != want {
			return fatal("the amend gives the deltas of %s, but %s %s hand %d", words.Count(len(ev.Later), "later hand"), words.Count(want, "hand"), words.Verb(want, "follows", "follow"), ev.Number)
		}
		ok := true
		err := s.amend(at, *ev.Hand, ev.Seq, ln.no, func(j int, h Hand, t Table) ([4]Amount, error) {
			d := [4]Amount(ev.Deltas)
			if j > at {
				d = [4]Amount(ev.Later[j-at-1])
			}
			if !r.pays(ln.no, h, t, d) {
				ok = false
			}
			return d, nil
		})
		if !ok {
			return false
		}
		if err != nil {
			return fatal("amend: %v", err)
		}
	case EventSeat:
		if err := s.seat(ev.Replace, ev.With, ev.Seq); err != nil {
			return fatal("seat: %v", err)
		}
	case EventRename:
		if err := s.rename(ev.Replace, ev.With, ev.Seq); err != nil {
			return fatal("rename: %v", err)
		}
	}
	s.Events = i + 1
	return true
}

// pays compares the deltas recorded for a hand with what the settler pays for it (hands whose
// deltas were given, and drawn hands where the table keeps no counters, are not settled). It reports whether the replay may go on.
func (r *replayer) pays(no int, h Hand, t Table, recorded [4]Amount) bool {
	if r.settler != nil && h.Deltas != nil {
		r.kept++
	}
	if r.settler == nil || h.Deltas != nil || (h.Drawn && r.s.Flow.RiichiStick <= 0) {
		return true
	}
	if _, err := h.check(&t.Players, false); err != nil {
		return true // not a hand that can be settled: applying it reports why
	}
	d, err := r.settler.Settle(h, t)
	if err != nil {
		return r.problem(no, false, "hand %d: the ruleset cannot settle the recorded result (%v)", t.Number, err)
	}
	r.checked++
	if d != recorded {
		return r.problem(no, false, "hand %d (%s): the record pays %s, but the ruleset pays %s for that result: the line or the ruleset was changed",
			t.Number, h.String(), amounts(recorded), amounts(d))
	}
	return true
}

func amounts(d [4]Amount) string {
	parts := make([]string, 4)
	for i, a := range d {
		parts[i] = a.String()
	}
	return strings.Join(parts, " ")
}
