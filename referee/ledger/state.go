package ledger

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring/points"
)

// State is a game as its record gives it, recomputed from the first line every time.
type State struct {
	Header
	Created time.Time `json:"created,omitzero"`

	// Hand is the number of the next hand (Played+1).
	Hand       int              `json:"hand"`
	Played     int              `json:"played"`            // hands standing (undone ones are not counted)
	Undone     int              `json:"undone"`            // hands taken back
	Dealer     string           `json:"dealer"`            // who deals the next hand
	Seats      [4]notation.Seat `json:"seats"`             // each player's seat wind for the next hand
	Prevailing notation.Seat    `json:"prevailing"`        // the prevailing wind of the next hand
	Round      int              `json:"round"`             // the round of the next hand, from 1
	Repeat     int              `json:"repeat"`            // how many times in a row the dealer has dealt again
	Totals     [4]Amount        `json:"totals"`            // each player's running total
	Over       bool             `json:"over"`              // the game has ended by its length
	Reason     string           `json:"reason,omitempty"`  // why it ended (or why a target game plays on)
	Winners    []string         `json:"winners,omitempty"` // who won a target game
	History    []Entry          `json:"history"`           // the hands standing, in order
	Torn       *Torn            `json:"torn,omitempty"`    // an incomplete last line, not counted
	Events     int              `json:"events"`            // complete lines in the record

	pos position
}

// Entry is one hand in the history.
type Entry struct {
	Number     int              `json:"number"`
	Line       int              `json:"line"` // its line in the record
	Seq        int              `json:"seq"`
	Time       time.Time        `json:"time,omitzero"`
	Dealer     string           `json:"dealer"`
	Seats      [4]notation.Seat `json:"seats"` // each player's seat wind in this hand
	Prevailing notation.Seat    `json:"prevailing"`
	Round      int              `json:"round"`
	Repeat     int              `json:"repeat"`
	Hand       Hand             `json:"result"`
	Deltas     [4]Amount        `json:"deltas"`
	Totals     [4]Amount        `json:"totals"` // after this hand

	before position
}

// Standing is one player's place.
type Standing struct {
	Rank   int           `json:"rank"` // 1 for the leader; equal totals share a rank
	Player string        `json:"player"`
	Seat   notation.Seat `json:"seat"`
	Total  Amount        `json:"total"`
	Stack  Amount        `json:"stack"` // the starting stake plus the total
}

// Standings returns the players ordered by total, highest first (ties keep seat order).
func (s *State) Standings() []Standing {
	out := make([]Standing, 4)
	for i := range 4 {
		out[i] = Standing{Player: s.Players[i], Seat: s.Seats[i], Total: s.Totals[i], Stack: s.Flow.Stake + s.Totals[i]}
	}
	slices.SortStableFunc(out, func(a, b Standing) int { return cmp.Compare(b.Total, a.Total) })
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Total == out[i-1].Total {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// Table returns where the next hand is played, for a Settler.
func (s *State) Table() Table {
	return Table{Players: s.Players, Dealer: s.pos.Dealer, Seats: s.Seats, Prevailing: s.Prevailing, Repeat: s.Repeat, Number: s.Hand}
}

// Index returns the index of the named player, or -1.
func (s *State) Index(name string) int {
	for i, p := range s.Players {
		if p == name {
			return i
		}
	}
	return -1
}

// Table is where one hand is played: who sits at which seat.
type Table struct {
	Players    [4]string
	Dealer     int              // the dealer's index
	Seats      [4]notation.Seat // each player's seat wind
	Prevailing notation.Seat
	Repeat     int // 連莊 count
	Number     int // the hand's number
}

// Player returns the index of the player at seat s.
func (t Table) Player(s notation.Seat) int { return (int(s) + t.Dealer) % 4 }

// Index returns the index of the named player, or -1 (also for "").
func (t Table) Index(name string) int {
	for i, p := range t.Players {
		if p == name && name != "" {
			return i
		}
	}
	return -1
}

// Seat returns the seat of the named player, or notation.NoSeat (also for "").
func (t Table) Seat(name string) notation.Seat {
	if i := t.Index(name); i >= 0 {
		return t.Seats[i]
	}
	return notation.NoSeat
}

// ErrGameOver is returned by Add when the game has already ended by its length.
var ErrGameOver = errors.New("the game is over")

// ErrNothingToUndo is returned by Undo when no hand is standing.
var ErrNothingToUndo = errors.New("no hand to undo")

// begin returns the state of a game that has just started.
func begin(h Header, created time.Time) (State, error) {
	if err := h.check(); err != nil {
		return State{}, err
	}
	s := State{Header: h, Created: created}
	s.pos = s.Flow.start()
	s.settle()
	return s, nil
}

// check validates a header.
func (h *Header) check() error {
	for i, p := range h.Players {
		if p == "" {
			return fmt.Errorf("player %d has no name", i+1)
		}
		if len(p) > 64 {
			return fmt.Errorf("player name %.20q... is longer than 64 bytes", p)
		}
		if strings.TrimSpace(p) != p || strings.IndexFunc(p, unicode.IsControl) >= 0 || !utf8.ValidString(p) {
			return fmt.Errorf("player name %q has leading or trailing spaces or control characters", p)
		}
		for _, q := range h.Players[:i] {
			if p == q {
				return fmt.Errorf("two players are called %q", p)
			}
		}
	}
	if h.Ruleset == "" {
		return errors.New("the ruleset is not named")
	}
	if err := h.Flow.check(h.Flow.Length); err != nil {
		return fmt.Errorf("flow: %w", err)
	}
	return nil
}

// settle copies the position into the exported fields and checks the game's end.
func (s *State) settle() {
	p := s.pos
	s.Hand, s.Dealer, s.Prevailing, s.Round, s.Repeat = p.Hand, s.Players[p.Dealer], p.Prevailing, p.Round, p.Repeat
	for i := range 4 {
		s.Seats[i] = p.seat(i)
	}
	s.Over, s.Reason, s.Winners = false, "", nil
	f := &s.Flow
	switch l := f.Length; l.Kind {
	case Rounds:
		if p.Passes >= 4*l.N {
			s.Over, s.Reason = true, fmt.Sprintf("%d rounds played", l.N)
		}
	case Hands:
		if s.Played >= l.N {
			s.Over, s.Reason = true, fmt.Sprintf("%d hands played", l.N)
		}
	case Games:
		if s.Played >= l.N {
			s.Over, s.Reason = true, fmt.Sprintf("%d games played", l.N)
		}
	case Bust:
		for i, t := range s.Totals {
			if f.Stake+t <= 0 {
				s.Over, s.Reason = true, fmt.Sprintf("%s is bust (stack %s)", s.Players[i], f.Stake+t)
				break
			}
		}
	case Target:
		top := s.Totals[0]
		for _, t := range s.Totals {
			top = max(top, t)
		}
		if top < f.Target {
			break
		}
		var tied []string
		won := false // the tied players include the winner of the last hand
		for i, t := range s.Totals {
			if t == top {
				tied = append(tied, s.Players[i])
				if n := len(s.History); n > 0 && s.History[n-1].Hand.Winner == s.Players[i] {
					won = true
				}
			}
		}
		switch {
		case len(tied) == 1:
			s.Winners = tied
		case f.Ties == points.TiesShared:
			s.Winners = tied
		case f.Ties == points.TiesMahjong && won:
			s.Winners = []string{s.History[len(s.History)-1].Hand.Winner}
		default:
			s.Reason = fmt.Sprintf("%s tied at %s over the target %s: play on", strings.Join(tied, " and "), top, f.Target)
			return
		}
		s.Over, s.Reason = true, fmt.Sprintf("%s reached %s with %s", strings.Join(s.Winners, " and "), f.Target, top)
	}
}

// add applies one hand with its deltas (by player). It changes nothing on error.
func (s *State) add(h Hand, deltas [4]Amount, seq, line int, t time.Time) error {
	if s.Over {
		return fmt.Errorf("%w (%s)", ErrGameOver, s.Reason)
	}
	winner, err := h.check(&s.Players, s.Flow.ZeroSum)
	if err != nil {
		return err
	}
	if err := checkDeltas(deltas, s.Flow.ZeroSum); err != nil {
		return err
	}
	if h.Deltas != nil && [4]Amount(h.Deltas) != deltas {
		return errors.New("the deltas differ from the ones given with the hand")
	}
	if h.Drawn && s.Flow.ZeroSum && deltas != ([4]Amount{}) {
		return errors.New("a drawn hand moves no points")
	}
	e := Entry{Number: s.Hand, Line: line, Seq: seq, Time: t, Dealer: s.Dealer, Seats: s.Seats, Prevailing: s.Prevailing,
		Round: s.Round, Repeat: s.Repeat, Hand: h, Deltas: deltas, before: s.pos}
	for i := range 4 {
		e.Totals[i] = s.Totals[i] + deltas[i]
	}
	s.Totals = e.Totals
	s.History = append(s.History, e)
	s.Played++
	// A false win is replayed like a drawn hand.
	s.pos = s.Flow.next(s.pos, winner >= 0 && winner == s.pos.Dealer, winner < 0)
	s.settle()
	return nil
}

// undo takes back the last hand standing.
func (s *State) undo() (Entry, error) {
	if len(s.History) == 0 {
		return Entry{}, ErrNothingToUndo
	}
	e := s.History[len(s.History)-1]
	s.History = s.History[:len(s.History)-1]
	s.Played--
	s.Undone++
	s.pos = e.before
	for i := range 4 {
		s.Totals[i] -= e.Deltas[i]
	}
	s.settle()
	return e, nil
}

// clone returns a copy that shares nothing mutable with s.
func (s *State) clone() State {
	c := *s
	c.History = slices.Clone(s.History)
	return c
}

// replay recomputes a game from its record. path names the file in errors.
func replay(path string, data []byte) (State, error) {
	lines, torn := split(data)
	if len(lines) == 0 {
		if torn != nil {
			return State{}, &RecordError{Path: path, Line: 1, Msg: "the header line is incomplete (the game was never started)"}
		}
		return State{}, &RecordError{Path: path, Msg: "empty file: not a ledger"}
	}
	var s State
	for i, ln := range lines {
		bad := func(format string, args ...any) error {
			return &RecordError{Path: path, Line: ln.no, Msg: fmt.Sprintf(format, args...)}
		}
		ev, err := decode(ln.text)
		if err != nil {
			return State{}, bad("%v", err)
		}
		if ev.Seq != i+1 {
			return State{}, bad("seq %d where %d was expected (a line was removed, added or moved)", ev.Seq, i+1)
		}
		if i == 0 {
			if ev.Event != EventNew {
				return State{}, bad("the first line must be a %q event, not %q", EventNew, ev.Event)
			}
			if s, err = begin(*ev.Header, ev.Time); err != nil {
				return State{}, bad("%v", err)
			}
			s.Events = 1
			continue
		}
		switch ev.Event {
		case EventNew:
			return State{}, bad("a second %q event: one file holds one game", EventNew)
		case EventHand:
			if ev.Number != s.Hand || ev.Dealer != s.Dealer {
				return State{}, bad("hand %d dealt by %s, but the record before it gives hand %d dealt by %s", ev.Number, ev.Dealer, s.Hand, s.Dealer)
			}
			if err := s.add(*ev.Hand, [4]Amount(ev.Deltas), ev.Seq, ln.no, ev.Time); err != nil {
				return State{}, bad("hand %d: %v", ev.Number, err)
			}
		case EventUndo:
			if len(s.History) == 0 || s.History[len(s.History)-1].Seq != ev.Undoes {
				last := 0
				if len(s.History) > 0 {
					last = s.History[len(s.History)-1].Seq
				}
				return State{}, bad("undo of seq %d, but the last hand standing is seq %d", ev.Undoes, last)
			}
			if _, err := s.undo(); err != nil {
				return State{}, bad("%v", err)
			}
		}
		s.Events = i + 1
	}
	s.Torn = torn
	return s, nil
}
