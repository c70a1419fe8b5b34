package ledger

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mjref/mjref/referee/gamerules"
)

// Version is the record format version written in the header. Version 1 (the first release: no
// sums, no chain, no amend, seat or rename events) is still read; it is written no more: 'ledger
// upgrade' rewrites a version 1 file as version 2.
const Version = 2

// Event kinds in the record.
const (
	EventNew    = "new"    // the header: players, ruleset, flow
	EventHand   = "hand"   // one hand: its inputs and the resulting deltas
	EventUndo   = "undo"   // takes back the last hand or amend still standing
	EventAmend  = "amend"  // replaces the result of an earlier hand; every later hand is recomputed
	EventSeat   = "seat"   // a player leaves and another takes the seat
	EventRename = "rename" // a player's name is corrected
)

// Header describes a game when it starts. Players are listed in seat order for the first hand:
// East (the first dealer), South, West, North.
type Header struct {
	Players Places `json:"players"`
	Ruleset string `json:"ruleset"`
	// Sets are the ruleset overrides (--set key=value) the game was started with: every later hand
	// is settled under them too.
	Sets   []string       `json:"sets,omitempty"`
	Family string         `json:"family"`
	Flow   gamerules.Flow `json:"flow"`
}

// event is one line of the record.
type event struct {
	Seq   int       `json:"seq"`
	Event string    `json:"event"`
	Time  time.Time `json:"time,omitzero"`

	// new
	Version int `json:"version,omitempty"`
	*Header

	// hand, amend
	Number int      `json:"number,omitempty"` // the hand's number in the game, from 1
	Dealer string   `json:"dealer,omitempty"` // who dealt it
	Hand   *Hand    `json:"hand,omitempty"`
	Deltas []Amount `json:"deltas,omitempty"` // each player's change, in the order of the places

	// undo
	Undoes int `json:"undoes,omitempty"` // the seq of the hand or amend taken back

	// amend
	Amends int        `json:"amends,omitempty"` // the seq of the hand whose result is replaced
	Later  [][]Amount `json:"later,omitempty"`  // the recomputed deltas of every later hand standing, in order

	// seat, rename
	Replace string `json:"replace,omitempty"` // who leaves (seat) or the old name (rename)
	With    string `json:"with,omitempty"`    // who sits down (seat) or the new name (rename)

	// The chain (version 2): prev is the sum of the line before; sum is the line's own, always last.
	Prev string `json:"prev,omitempty"`
	Sum  string `json:"sum,omitempty"`
}

// RecordError is a problem in a ledger file: the file, the line (from 1) and what is wrong.
type RecordError struct {
	Path string `json:"file"`
	Line int    `json:"line,omitempty"`
	Msg  string `json:"problem"`

	kind error // a sentinel errors.Is matches besides ErrCorrupt (ErrDiverged, ErrCache), or nil
}

func (e *RecordError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return e.Path + ": " + e.Msg
}

// ErrCorrupt matches every *RecordError with errors.Is.
var ErrCorrupt = errors.New("corrupt ledger")

// Is lets errors.Is(err, ErrCorrupt) match.
func (e *RecordError) Is(target error) bool {
	return target == ErrCorrupt || (e.kind != nil && target == e.kind)
}

// Torn is an incomplete last line found in a record, left by a write that never finished (a crash
// or a power cut). It was never acknowledged, so the game goes on without it; the bytes are kept
// aside in SideFile when a writer opens the ledger. A last line without its newline that is a
// whole record (its sum checks and it fits the chain) is not torn: it is counted.
type Torn struct {
	Line     int    `json:"line"`                // its line number
	Offset   int64  `json:"offset"`              // where it starts in the file
	Bytes    []byte `json:"bytes"`               // what was there
	SideFile string `json:"side_file,omitempty"` // where it was kept, once a writer has moved it
}

func (t *Torn) String() string {
	s := fmt.Sprintf("line %d is an incomplete write (%d bytes) and was not counted", t.Line, len(t.Bytes))
	if t.SideFile != "" {
		s += "; it is kept in " + t.SideFile
	}
	return s
}

// line is one line of the record and where it is.
type line struct {
	no   int
	text []byte
	off  int64
	// open: the last line, with no newline after it
	open bool
}

// split cuts a record into lines; the last may lack its newline (open).
func split(data []byte) []line {
	var lines []line
	no := 0
	var off int64
	for len(data) > 0 {
		no++
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			return append(lines, line{no: no, text: data, off: off, open: true})
		}
		lines = append(lines, line{no: no, text: data[:i], off: off})
		data = data[i+1:]
		off += int64(i + 1)
	}
	return lines
}

// sumLen is the length of a line's sum: the first 128 bits of SHA-256, in hex.
const sumLen = 32

// sumKey introduces the sum at the end of a version 2 line.
const sumKey = `,"sum":"`

// sumOf returns the sum of a line's text without its sum: the JSON object as it would be with the
// "sum" member left out.
func sumOf(body []byte) string {
	h := sha256.Sum256(body)
	return hex.EncodeToString(h[:sumLen/2])
}

// lineSum finds the sum a line ends with and checks it. has is false when the line carries no
// sum at all; ok says whether it matches the line.
func lineSum(text []byte) (sum string, has, ok bool) {
	tail := len(sumKey) + sumLen + 2
	n := len(text)
	if n < tail+1 || !bytes.HasSuffix(text, []byte(`"}`)) || string(text[n-tail:n-tail+len(sumKey)]) != sumKey {
		return "", false, false
	}
	sum = string(text[n-2-sumLen : n-2])
	body := append(bytes.Clone(text[:n-tail]), '}')
	return sum, true, sumOf(body) == sum
}

// decode reads one line into an event, strictly: unknown keys and fields that do not belong to the
// event's kind are errors.
func decode(text []byte) (*event, error) {
	if len(bytes.TrimSpace(text)) == 0 {
		return nil, errors.New("empty line")
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	var ev event
	if err := dec.Decode(&ev); err != nil {
		return nil, fmt.Errorf("not a ledger event: %s", jsonMsg(err))
	}
	if dec.More() {
		return nil, errors.New("more than one JSON value on the line")
	}
	if ev.Seq < 1 {
		return nil, errors.New(`"seq" is missing or below 1`)
	}
	// Which fields each kind takes.
	has := map[string]bool{
		"version/players/ruleset/family/flow": ev.Header != nil || ev.Version != 0,
		"number":                              ev.Number != 0,
		"dealer":                              ev.Dealer != "",
		"hand":                                ev.Hand != nil,
		"deltas":                              ev.Deltas != nil,
		"undoes":                              ev.Undoes != 0,
		"amends":                              ev.Amends != 0,
		"later":                               ev.Later != nil,
		"replace/with":                        ev.Replace != "" || ev.With != "",
	}
	takes := map[string][]string{
		EventNew:    {"version/players/ruleset/family/flow"},
		EventHand:   {"number", "dealer", "hand", "deltas"},
		EventUndo:   {"undoes"},
		EventAmend:  {"number", "hand", "deltas", "amends", "later"},
		EventSeat:   {"replace/with"},
		EventRename: {"replace/with"},
	}
	allowed, known := takes[ev.Event]
	if !known {
		return nil, fmt.Errorf("unknown event %q: expected new, hand, undo, amend, seat or rename", ev.Event)
	}
	var extra []string
	for _, k := range []string{"version/players/ruleset/family/flow", "number", "dealer", "hand", "deltas", "undoes", "amends", "later", "replace/with"} {
		if has[k] && !contains(allowed, k) {
			extra = append(extra, k)
		}
	}
	if extra != nil {
		return nil, fmt.Errorf("%q events do not take %s", ev.Event, strings.Join(extra, ", "))
	}
	switch ev.Event {
	case EventNew:
		if ev.Header == nil {
			return nil, errors.New(`a "new" event needs players, ruleset, family and flow`)
		}
		if ev.Version != 1 && ev.Version != Version {
			return nil, fmt.Errorf("record version %d is not supported (this mjref reads versions 1 and %d)", ev.Version, Version)
		}
	case EventHand:
		if ev.Hand == nil || len(ev.Deltas) != 4 || ev.Number < 1 || ev.Dealer == "" {
			return nil, errors.New(`a "hand" event needs number, dealer, hand and 4 deltas`)
		}
	case EventUndo:
		if ev.Undoes < 1 {
			return nil, errors.New(`an "undo" event needs "undoes", the seq of the hand it takes back`)
		}
	case EventAmend:
		if ev.Hand == nil || len(ev.Deltas) != 4 || ev.Number < 1 || ev.Amends < 1 {
			return nil, errors.New(`an "amend" event needs amends, number, hand and 4 deltas`)
		}
		for i, d := range ev.Later {
			if len(d) != 4 {
				return nil, fmt.Errorf(`"later" entry %d has %d deltas, not 4`, i+1, len(d))
			}
		}
	case EventSeat, EventRename:
		if ev.Replace == "" || ev.With == "" {
			return nil, fmt.Errorf(`a %q event needs "replace" and "with"`, ev.Event)
		}
	}
	return &ev, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// jsonMsg shortens encoding/json's messages.
func jsonMsg(err error) string {
	return strings.TrimPrefix(err.Error(), "json: ")
}

// encode writes one event as a version 2 line, its sum last; it sets ev.Sum.
func encode(ev *event) ([]byte, error) {
	ev.Sum = ""
	b, err := json.Marshal(ev)
	if err != nil {
		return nil, err
	}
	ev.Sum = sumOf(b)
	out := make([]byte, 0, len(b)+len(sumKey)+sumLen+3)
	out = append(out, b[:len(b)-1]...)
	out = append(out, sumKey...)
	out = append(out, ev.Sum...)
	return append(out, '"', '}', '\n'), nil
}
