package ledger

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Version is the record format version written in the header.
const Version = 1

// Event kinds in the record.
const (
	EventNew  = "new"  // the header: players, ruleset, flow
	EventHand = "hand" // one hand: its inputs and the resulting deltas
	EventUndo = "undo" // takes back the last hand still standing
)

// Header describes a game when it starts. Players are listed in seat order for the first hand:
// East (the first dealer), South, West, North.
type Header struct {
	Players [4]string `json:"players"`
	Ruleset string    `json:"ruleset"`
	// Sets are the ruleset overrides (--set key=value) the game was started with: every later hand
	// is settled under them too.
	Sets   []string `json:"sets,omitempty"`
	Family string   `json:"family"`
	Flow   Flow     `json:"flow"`
}

// event is one line of the record.
type event struct {
	Seq   int       `json:"seq"`
	Event string    `json:"event"`
	Time  time.Time `json:"time,omitzero"`

	// new
	Version int `json:"version,omitempty"`
	*Header

	// hand
	Number int      `json:"number,omitempty"` // the hand's number in the game, from 1
	Dealer string   `json:"dealer,omitempty"` // who dealt it
	Hand   *Hand    `json:"hand,omitempty"`
	Deltas []Amount `json:"deltas,omitempty"` // each player's change, in the order of the players

	// undo
	Undoes int `json:"undoes,omitempty"` // the seq of the hand taken back
}

// RecordError is a problem in a ledger file: the file, the line (from 1) and what is wrong.
type RecordError struct {
	Path string
	Line int
	Msg  string
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
func (e *RecordError) Is(target error) bool { return target == ErrCorrupt }

// Torn is an incomplete last line found in a record, left by a write that never finished (a crash
// or a power cut). It was never acknowledged, so the game goes on without it; the bytes are kept
// aside in SideFile when a writer opens the ledger.
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

// line is one complete line of the record and where it is.
type line struct {
	no   int
	text []byte
}

// split cuts a record into complete lines and a torn tail (bytes after the last newline).
func split(data []byte) (lines []line, torn *Torn) {
	no := 0
	var off int64
	for len(data) > 0 {
		no++
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			return lines, &Torn{Line: no, Offset: off, Bytes: bytes.Clone(data)}
		}
		lines = append(lines, line{no: no, text: data[:i]})
		data = data[i+1:]
		off += int64(i + 1)
	}
	return lines, nil
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
	var extra []string
	if ev.Event != EventNew && (ev.Header != nil || ev.Version != 0) {
		extra = append(extra, "version/players/ruleset/family/flow")
	}
	if ev.Event != EventHand && (ev.Hand != nil || ev.Deltas != nil || ev.Number != 0 || ev.Dealer != "") {
		extra = append(extra, "number/dealer/hand/deltas")
	}
	if ev.Event != EventUndo && ev.Undoes != 0 {
		extra = append(extra, "undoes")
	}
	switch ev.Event {
	case EventNew:
		if ev.Header == nil {
			return nil, errors.New(`a "new" event needs players, ruleset, family and flow`)
		}
		if ev.Version != Version {
			return nil, fmt.Errorf("record version %d is not supported (this mjref reads version %d)", ev.Version, Version)
		}
	case EventHand:
		if ev.Hand == nil || len(ev.Deltas) != 4 || ev.Number < 1 || ev.Dealer == "" {
			return nil, errors.New(`a "hand" event needs number, dealer, hand and 4 deltas`)
		}
	case EventUndo:
		if ev.Undoes < 1 {
			return nil, errors.New(`an "undo" event needs "undoes", the seq of the hand it takes back`)
		}
	default:
		return nil, fmt.Errorf("unknown event %q: expected new, hand or undo", ev.Event)
	}
	if extra != nil {
		return nil, fmt.Errorf("%q events do not take %s", ev.Event, strings.Join(extra, ", "))
	}
	return &ev, nil
}

// jsonMsg shortens encoding/json's messages.
func jsonMsg(err error) string {
	return strings.TrimPrefix(err.Error(), "json: ")
}

// encode writes one event as a line.
func encode(ev *event) ([]byte, error) {
	b, err := json.Marshal(ev)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
