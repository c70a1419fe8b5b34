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

	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/scoring/points"
)

// State is a game as its record gives it. Players are the players sitting at the four places now
// (a seat change replaces one); Totals are theirs. People lists everyone who has played, with the
// total each takes home: a player who left keeps theirs.
type State struct {
	Header
	// Version is the record format of the file (1: the first release, read only).
	Version int       `json:"version"`
	Created time.Time `json:"created,omitzero"`

	// Hand is the number of the next hand (Played+1).
	Hand       int           `json:"hand"`
	Played     int           `json:"played"`            // hands standing (undone ones are not counted)
	Undone     int           `json:"undone"`            // hands and amends taken back
	Amended    int           `json:"amended"`           // amends standing
	Dealer     string        `json:"dealer"`            // who deals the next hand
	Seats      PlaceSeats    `json:"seats"`             // each player's seat wind for the next hand
	Prevailing notation.Seat `json:"prevailing"`        // the prevailing wind of the next hand
	Round      int           `json:"round"`             // the round of the next hand, from 1
	Repeat     int           `json:"repeat"`            // how many times in a row the dealer has dealt again
	Honba      int           `json:"honba,omitempty"`   // the honba of the next hand (a table that keeps counters)
	Sticks     int           `json:"sticks,omitempty"`  // the riichi sticks on the table before the next hand
	Totals     [4]Amount     `json:"totals"`            // each player's running total
	People     []Person      `json:"people"`            // everyone who has sat at the table, in order of arrival
	Over       bool          `json:"over"`              // the game has ended by its length
	Reason     string        `json:"reason,omitempty"`  // why it ended (or why a target game plays on)
	Winners    []string      `json:"winners,omitempty"` // who won a target game
	History    []Entry       `json:"history"`           // the hands standing, in order
	Torn       *Torn         `json:"torn,omitempty"`    // an incomplete last line, not counted
	Events     int           `json:"events"`            // complete lines in the record
	// Head is the last line's seq and sum ("27:3f2a…"): a note of it shows later whether lines
	// were removed from the end. Empty for a version 1 record.
	Head string `json:"head,omitempty"`

	pos     position
	changes []change // what undo can take back, the last on top
	partial bool     // loaded from the state cache: History holds only the last hand
	// Read: the record is not the one the writer's note of its last write is of (ErrDiverged)
	diverged error
}

// Diverged returns, for a State from Read, why the record is not the file last written here (an
// error matching ErrDiverged: lines removed from the end, a copy that went on elsewhere copied
// back, another game), or nil. A writer refuses such a file; a reader shows it as it is.
func (s *State) Diverged() error { return s.diverged }

// Person is one player of the evening and their running total.
type Person struct {
	Name   string `json:"name"`
	Place  int    `json:"place"` // the place (0..3, the index into Players) they sit at, or -1 after leaving
	Total  Amount `json:"total"`
	Hands  int    `json:"hands"`  // hands played at the table
	Joined int    `json:"joined"` // the number of the first hand they played or were seated for
}

// change is one step undo can take back: a hand, an amend, or (refused) a seat change or rename.
type change struct {
	kind string // EventHand, EventAmend, EventSeat, EventRename
	seq  int
	// amend: the history and position before it
	history []Entry
	pos     position
	what    string // seat, rename: what changed, for the message
}

// Entry is one hand in the history.
type Entry struct {
	Number     int           `json:"number"`
	Line       int           `json:"line"` // its line in the record
	Seq        int           `json:"seq"`
	Time       time.Time     `json:"time,omitzero"`
	Dealer     string        `json:"dealer"`
	Seats      PlaceSeats    `json:"seats"` // each player's seat wind in this hand
	Prevailing notation.Seat `json:"prevailing"`
	Round      int           `json:"round"`
	Repeat     int           `json:"repeat"`
	Honba      int           `json:"honba,omitempty"`  // the honba it was played with
	Sticks     int           `json:"sticks,omitempty"` // the riichi sticks on the table when it began
	Players    Places        `json:"players"`          // who sat at each place
	Hand       Hand          `json:"result"`
	Deltas     [4]Amount     `json:"deltas"`
	Totals     [4]Amount     `json:"totals"` // after this hand, of the players at each place
	// Amended is the seq of the amend that set this result, 0 when it is as first recorded.
	Amended int `json:"amended,omitempty"`

	before position
}

// Standing is one player's place.
type Standing struct {
	Rank   int           `json:"rank"` // 1 for the leader; equal totals share a rank
	Player string        `json:"player"`
	Seat   notation.Seat `json:"seat"`
	Total  Amount        `json:"total"`
	Stack  Amount        `json:"stack"` // the starting stake plus the total
	// Result is the game's end for the player after uma and oka (a flow with uma; see
	// gamerules.UmaResults), as if the game ended now; nil otherwise and for a player who left.
	Result *Amount `json:"result,omitempty"`
	Left   bool    `json:"left,omitempty"` // the player has left the table (Seat is then meaningless)
}

// Standings returns the players ordered by total, highest first (ties keep seat order), and after
// the four at the table anyone who left, with the total they took.
func (s *State) Standings() []Standing {
	n := seated(s.Players)
	out := make([]Standing, n, n+len(s.People))
	for i := range n {
		out[i] = Standing{Player: s.Players[i], Seat: s.Seats[i], Total: s.Totals[i], Stack: s.Flow.Stake + s.Totals[i]}
	}
	for _, p := range s.People {
		if p.Place < 0 {
			out = append(out, Standing{Player: p.Name, Seat: notation.NoSeat, Total: p.Total, Stack: s.Flow.Stake + p.Total, Left: true})
		}
	}
	stacks := make([]Amount, n)
	for i := range n {
		stacks[i] = out[i].Stack
	}
	if s.Over && s.Sticks > 0 {
		// The riichi sticks left on the table at the game's end go to the first (Tenhou).
		first := gamerules.Places(stacks, 0)[0]
		out[first].Stack += Amount(s.Sticks) * s.Flow.RiichiStick
		stacks[first] = out[first].Stack
	}
	if len(s.Flow.Uma) == n {
		_, res := gamerules.UmaResults(stacks, 0, s.Flow.Return, s.Flow.Uma)
		for i := range res {
			out[i].Result = &res[i]
		}
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

// Names are the players at the table now, in the order of the places: four, or three in a
// three-player game (whose fourth place is empty).
func (h *Header) Names() []string { return names(h.Players) }

// Names are the players who played hand e, in the order of the places (three in a three-player
// game).
func (e *Entry) Names() []string { return names(e.Players) }

// Table returns where the next hand is played, for a Settler.
func (s *State) Table() Table {
	return tableAt(s.pos, s.Players)
}

// Index returns the index of the named player, or -1 (also for "").
func (s *State) Index(name string) int {
	for i, p := range s.Players {
		if p == name && name != "" {
			return i
		}
	}
	return -1
}

// Table is where one hand is played: who sits at which seat.
type Table struct {
	Players    Places
	Dealer     int              // the dealer's index
	Seats      [4]notation.Seat // each player's seat wind
	Prevailing notation.Seat
	Repeat     int // 連莊 count
	Number     int // the hand's number
	// Honba and Sticks are the table's counters when the hand begins (a flow with a riichi stick).
	Honba, Sticks int
}

// Player returns the index of the player at seat s.
func (t Table) Player(s notation.Seat) int { return (int(s) + t.Dealer) % seated(t.Players) }

// Seated is the number of players at the table: 4, or 3 (a three-player game, whose fourth place
// is empty).
func (t Table) Seated() int { return seated(t.Players) }

// Names are the players at the table, in the order of the places.
func (t Table) Names() []string { return names(t.Players) }

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
	s := State{Header: h, Created: created, Version: Version}
	for i, p := range names(h.Players) {
		s.People = append(s.People, Person{Name: p, Place: i, Joined: 1})
	}
	s.pos = startPosition()
	s.settle()
	return s, nil
}

// check validates a header.
func (h *Header) check() error {
	n := h.Flow.Seated()
	if n == 3 && h.Players[3] != "" {
		return fmt.Errorf("a three-player game seats three players, and %q is a fourth", h.Players[3])
	}
	for i, p := range h.Players[:n] {
		if p == "" {
			return fmt.Errorf("player %d has no name", i+1)
		}
		if err := checkName(p); err != nil {
			return err
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
	if err := h.Flow.CheckLength(h.Flow.Length); err != nil {
		return fmt.Errorf("flow: %w", err)
	}
	return nil
}

// checkName checks one player's name.
func checkName(p string) error {
	if len(p) > 64 {
		return fmt.Errorf("player name %.20q... is longer than 64 bytes", p)
	}
	if strings.TrimSpace(p) != p || strings.IndexFunc(p, unicode.IsControl) >= 0 || !utf8.ValidString(p) {
		return fmt.Errorf("player name %q has leading or trailing spaces or control characters", p)
	}
	if strings.Contains(p, ",") {
		return fmt.Errorf("player name %q has a comma (the flags use commas to separate names)", p)
	}
	return nil
}

// settle copies the position into the exported fields and checks the game's end.
func (s *State) settle() {
	p := s.pos
	s.Hand, s.Dealer, s.Prevailing, s.Round, s.Repeat = p.Hand, s.Players[p.Dealer], p.Prevailing, p.Round, p.Repeat
	s.Honba, s.Sticks = p.Honba, p.Sticks
	n := seated(s.Players)
	for i := range 4 {
		s.Seats[i] = p.seat(i, n)
	}
	s.Over, s.Reason, s.Winners = false, "", nil
	f := &s.Flow
	switch l := f.Length; l.Kind {
	case gamerules.Rounds:
		switch top := s.topStack(); {
		case f.Extension && p.Passes >= n*(l.N+1):
			s.Over, s.Reason = true, words.Count(l.N+1, "round")+" played (the extension too)"
		case f.Extension && s.Played > 0 && s.History[len(s.History)-1].before.Passes >= n*l.N && top >= f.Return:
			s.Over, s.Reason = true, fmt.Sprintf("a stack reached %s in the extension", f.Return)
		case p.Passes >= n*l.N && (!f.Extension || top >= f.Return):
			s.Over, s.Reason = true, words.Count(l.N, "round")+" played"
		case f.DealerStops && s.lastDealerStops(p, l.N):
			s.Over, s.Reason = true, fmt.Sprintf("%s, the last dealer, won the last hand and is first", s.Players[p.Dealer])
		}
	case gamerules.Hands:
		if s.Played >= l.N {
			s.Over, s.Reason = true, words.Count(l.N, "hand")+" played"
		}
	case gamerules.Games:
		if s.Played >= l.N {
			s.Over, s.Reason = true, words.Count(l.N, "game")+" played"
		}
	case gamerules.Bust:
		for i, t := range s.Totals {
			if f.Stake+t <= 0 {
				s.Over, s.Reason = true, fmt.Sprintf("%s is bust (stack %s)", s.Players[i], f.Stake+t)
				break
			}
		}
	case gamerules.Target:
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
				if n := len(s.History); n > 0 && slices.Contains(s.History[n-1].Hand.Winners(), s.Players[i]) {
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
			last := s.History[len(s.History)-1].Hand.Winners()
			s.Winners = slices.DeleteFunc(slices.Clone(tied), func(p string) bool { return !slices.Contains(last, p) })
		default:
			s.Reason = fmt.Sprintf("%s tied at %s over the target %s: play on", strings.Join(tied, " and "), top, f.Target)
			return
		}
		s.Over, s.Reason = true, fmt.Sprintf("%s reached %s with %s", strings.Join(s.Winners, " and "), f.Target, top)
	}
	if f.Tobi && !s.Over {
		for i, t := range s.Totals {
			if f.Stake+t < 0 {
				s.Over, s.Reason = true, fmt.Sprintf("%s's stack is below zero (%s)", s.Players[i], f.Stake+t)
				break
			}
		}
	}
}

// lastDealerStops says whether the game ends by the last dealer's stop (Flow.DealerStops): the
// last hand of a game of n rounds was won by its dealer, who deals again and is now first (equal
// stacks in seat order from the first dealer), with at least the return.
func (s *State) lastDealerStops(p position, n int) bool {
	seats := seated(s.Players)
	if s.Played == 0 || p.Passes != seats*n-1 {
		return false
	}
	last := &s.History[len(s.History)-1]
	if last.before.Passes != p.Passes || !slices.Contains(last.Hand.Winners(), s.Players[p.Dealer]) {
		return false
	}
	stacks := make([]Amount, seats)
	for i, t := range s.Totals[:seats] {
		stacks[i] = s.Flow.Stake + t
	}
	return gamerules.Places(stacks, 0)[0] == p.Dealer && stacks[p.Dealer] >= s.Flow.Return
}

// topStack is the largest stack at the table.
func (s *State) topStack() Amount {
	top := s.Totals[0]
	for _, t := range s.Totals[1:seated(s.Players)] {
		top = max(top, t)
	}
	return s.Flow.Stake + top
}

// dealerWon reports whether the dealer of position p is among the hand's winners.
// zeroSum says whether a hand's deltas must cancel out by themselves: a zero-sum flow that keeps
// no counters (with them, see tableSum).
func (s *State) zeroSum() bool { return s.Flow.ZeroSum && s.Flow.RiichiStick <= 0 }

// entry builds the history entry of hand h played at position p by players, with its deltas; it
// checks the hand and the deltas. totals are the totals of those players before the hand.
func (s *State) entry(h Hand, deltas [4]Amount, p position, players Places) (Entry, error) {
	if _, err := h.check(&players, s.zeroSum()); err != nil {
		return Entry{}, err
	}
	if err := checkDeltas(deltas, s.zeroSum()); err != nil {
		return Entry{}, err
	}
	if s.Flow.ZeroSum && s.Flow.RiichiStick > 0 {
		want := tableSum(&s.Flow, p, outcomeOf(&h, &players, p))
		if sum := deltas[0] + deltas[1] + deltas[2] + deltas[3]; sum != want {
			return Entry{}, fmt.Errorf("deltas %s %s %s %s add up to %s, but with %d riichi sticks on the table and %d put there in this hand they must add up to %s",
				deltas[0], deltas[1], deltas[2], deltas[3], sum, p.Sticks, len(h.Riichi), want)
		}
	}
	if h.Deltas != nil && [4]Amount(h.Deltas) != deltas {
		return Entry{}, errors.New("the deltas differ from the ones given with the hand")
	}
	if h.Drawn && s.zeroSum() && deltas != ([4]Amount{}) {
		return Entry{}, errors.New("a drawn hand moves no points")
	}
	n := seated(players)
	if n == 3 && deltas[3] != 0 {
		return Entry{}, fmt.Errorf("a three-player game: the empty fourth place cannot change by %s", deltas[3])
	}
	e := Entry{Number: p.Hand, Dealer: players[p.Dealer], Prevailing: p.Prevailing, Round: p.Round, Repeat: p.Repeat,
		Honba: p.Honba, Sticks: p.Sticks, Players: players, Hand: h, Deltas: deltas, before: p}
	for i := range 4 {
		e.Seats[i] = p.seat(i, n)
	}
	return e, nil
}

// person returns the index in People of the named player, or -1.
func (s *State) person(name string) int {
	for i, p := range s.People {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// credit adds a hand's deltas to the totals of the players who played it (sign -1 takes them back).
func (s *State) credit(e *Entry, sign Amount) {
	for i, name := range e.Players {
		if k := s.person(name); k >= 0 {
			s.People[k].Total += sign * e.Deltas[i]
			s.People[k].Hands += int(sign)
		}
	}
}

// ownPeople makes People a copy of its own, so a State copied by value can change it without
// touching the original's (Ledger.Add works on such a copy until the line is on disk).
func (s *State) ownPeople() { s.People = slices.Clone(s.People) }

// seatTotals copies the totals of the players at the table into Totals.
func (s *State) seatTotals() {
	for i, name := range s.Players {
		s.Totals[i] = 0
		if k := s.person(name); k >= 0 {
			s.Totals[i] = s.People[k].Total
		}
	}
}

// add applies one hand with its deltas (by place). It changes nothing on error.
func (s *State) add(h Hand, deltas [4]Amount, seq, line int, t time.Time) error {
	if s.Over {
		return fmt.Errorf("%w (%s)", ErrGameOver, s.Reason)
	}
	e, err := s.entry(h, deltas, s.pos, s.Players)
	if err != nil {
		return err
	}
	e.Seq, e.Line, e.Time = seq, line, t
	s.ownPeople()
	s.credit(&e, 1)
	s.seatTotals()
	e.Totals = s.Totals
	s.History = append(s.History, e)
	s.changes = append(s.changes, change{kind: EventHand, seq: seq})
	s.Played++
	// A false win is replayed like a drawn hand.
	s.pos = nextPosition(&s.Flow, s.pos, outcomeOf(&h, &s.Players, s.pos))
	s.settle()
	return nil
}

// lastChange returns the change undo would take back, or nil.
func (s *State) lastChange() *change {
	if len(s.changes) == 0 {
		return nil
	}
	return &s.changes[len(s.changes)-1]
}

// ErrUndoSeat is returned by Undo when the last change is a seat change or a rename: those are
// put back with another seat change or rename, not undone.
var ErrUndoSeat = errors.New("the last change is not a hand")

// undo takes back the last hand or amend standing. It returns the hand taken back (for an amend:
// the hand as the amend had made it) and, for an amend, its seq.
func (s *State) undo() (Entry, int, error) {
	c := s.lastChange()
	if c == nil {
		return Entry{}, 0, ErrNothingToUndo
	}
	switch c.kind {
	case EventSeat, EventRename:
		return Entry{}, 0, fmt.Errorf("%w: %s", ErrUndoSeat, c.what)
	case EventAmend:
		s.ownPeople()
		var amended Entry
		for _, e := range s.History {
			if e.Amended == c.seq {
				amended = e
			}
		}
		for _, e := range s.History {
			s.credit(&e, -1)
		}
		s.History, s.pos = c.history, c.pos
		for _, e := range s.History {
			s.credit(&e, 1)
		}
		s.changes = s.changes[:len(s.changes)-1]
		s.Amended--
		s.Undone++
		s.seatTotals()
		s.settle()
		return amended, c.seq, nil
	}
	e := s.History[len(s.History)-1]
	s.History = s.History[:len(s.History)-1]
	s.changes = s.changes[:len(s.changes)-1]
	s.Played--
	s.Undone++
	s.pos = e.before
	s.ownPeople()
	s.credit(&e, -1)
	s.seatTotals()
	s.settle()
	return e, e.Seq, nil
}

// DeltasFunc gives the deltas of a hand of the history being recomputed: the index of the hand in
// the history, its result and the table it is now played at.
type DeltasFunc func(i int, h Hand, t Table) ([4]Amount, error)

// findHand returns the index in History of hand number n, or -1.
func (s *State) findHand(n int) int {
	for i, e := range s.History {
		if e.Number == n {
			return i
		}
	}
	return -1
}

// amend replaces the result of the hand at index i of the history with h and recomputes every
// hand from it on: who deals, the seat winds, and (through deltas) what each hand pays. It changes
// nothing on error.
func (s *State) amend(i int, h Hand, seq, line int, deltas DeltasFunc) error {
	if i < 0 || i >= len(s.History) {
		return fmt.Errorf("no hand %d standing", i+1)
	}
	old := slices.Clone(s.History)
	hist := slices.Clone(s.History[:i])
	p := old[i].before
	for j := i; j < len(old); j++ {
		prev := old[j]
		hand := prev.Hand
		if j == i {
			hand = h
		}
		t := tableAt(p, prev.Players)
		if _, err := hand.check(&prev.Players, s.zeroSum()); err != nil {
			return fmt.Errorf("hand %d: %w", prev.Number, err)
		}
		d, err := deltas(j, hand, t)
		if err != nil {
			return fmt.Errorf("hand %d: %w", prev.Number, err)
		}
		e, err := s.entry(hand, d, p, prev.Players)
		if err != nil {
			return fmt.Errorf("hand %d: %w", prev.Number, err)
		}
		e.Seq, e.Line, e.Time, e.Amended = prev.Seq, prev.Line, prev.Time, prev.Amended
		if j == i {
			e.Amended, e.Line = seq, line
		}
		hist = append(hist, e)
		p = nextPosition(&s.Flow, p, outcomeOf(&hand, &prev.Players, p))
	}
	// The totals: take back every hand as it stood, add every hand as it stands now.
	s.ownPeople()
	for k := range old {
		s.credit(&old[k], -1)
	}
	for k := range hist {
		s.credit(&hist[k], 1)
	}
	// Each entry's running totals, replayed from the start of the game.
	run := map[string]Amount{}
	for k := range hist {
		for m, name := range hist[k].Players {
			run[name] += hist[k].Deltas[m]
			hist[k].Totals[m] = run[name]
		}
	}
	s.changes = append(s.changes, change{kind: EventAmend, seq: seq, history: old, pos: s.pos})
	s.History, s.pos = hist, p
	s.Amended++
	s.seatTotals()
	s.settle()
	return nil
}

// endedBefore returns the number of the first hand after index from of the history before which
// the game had already ended by its length (and why), or 0: an amend whose corrected result ends
// the game sooner leaves later hands played after the end.
func (s *State) endedBefore(from int) (int, string) {
	run := map[string]Amount{}
	for j := range s.History {
		e := &s.History[j]
		if j > from {
			probe := *s
			probe.History, probe.Played, probe.pos, probe.Players = s.History[:j], j, e.before, e.Players
			for k, name := range e.Players {
				probe.Totals[k] = run[name]
			}
			probe.settle()
			if probe.Over {
				return e.Number, probe.Reason
			}
		}
		for m, name := range e.Players {
			run[name] += e.Deltas[m]
		}
	}
	return 0, ""
}

// tableAt is the table of a hand played at position p by players.
func tableAt(p position, players Places) Table {
	t := Table{Players: players, Dealer: p.Dealer, Prevailing: p.Prevailing, Repeat: p.Repeat, Number: p.Hand, Honba: p.Honba, Sticks: p.Sticks}
	n := seated(players)
	for i := range 4 {
		t.Seats[i] = p.seat(i, n)
	}
	return t
}

// TableOf returns the table entry e was played at.
func TableOf(e *Entry) Table { return tableAt(e.before, e.Players) }

// seat replaces the player old, who leaves the table, with with, who takes the seat: a new player
// (starting from 0) or one who left earlier (with their total).
func (s *State) seat(old, with string, seq int) error {
	place := s.Index(old)
	if place < 0 {
		return fmt.Errorf("%q is not at the table: the players are %s", old, strings.Join(names(s.Players), ", "))
	}
	if slices.Contains(s.Players[:], with) {
		return fmt.Errorf("%s is already at the table", with)
	}
	if err := checkName(with); err != nil {
		return err
	}
	if s.Over {
		return fmt.Errorf("%w (%s)", ErrGameOver, s.Reason)
	}
	s.ownPeople()
	s.People[s.person(old)].Place = -1
	if k := s.person(with); k >= 0 {
		s.People[k].Place = place
	} else {
		s.People = append(s.People, Person{Name: with, Place: place, Joined: s.Hand})
	}
	s.Players[place] = with
	s.changes = append(s.changes, change{kind: EventSeat, seq: seq,
		what: fmt.Sprintf("%s took %s's seat; to put %s back, run 'ledger seat --replace %s --with %s'", with, old, old, with, old)})
	s.seatTotals()
	s.settle()
	return nil
}

// rename corrects a player's name everywhere in the game.
func (s *State) rename(old, name string, seq int) error {
	k := s.person(old)
	if k < 0 {
		return fmt.Errorf("%q is not a player of this game", old)
	}
	if s.person(name) >= 0 {
		return fmt.Errorf("%s is already a player of this game", name)
	}
	if err := checkName(name); err != nil {
		return err
	}
	s.ownPeople()
	s.People[k].Name = name
	for i, p := range s.Players {
		if p == old {
			s.Players[i] = name
		}
	}
	ren := func(h []Entry) {
		for j := range h {
			e := &h[j]
			for i, p := range e.Players {
				if p == old {
					e.Players[i] = name
				}
			}
			if e.Dealer == old {
				e.Dealer = name
			}
			e.Hand = e.Hand.clone() // the lists it renames in place are the original's too
			e.Hand.rename(old, name)
		}
	}
	s.History = slices.Clone(s.History)
	ren(s.History)
	for i := range s.changes {
		if s.changes[i].history != nil {
			s.changes[i].history = slices.Clone(s.changes[i].history)
			ren(s.changes[i].history)
		}
	}
	s.changes = append(s.changes, change{kind: EventRename, seq: seq,
		what: fmt.Sprintf("%s was renamed %s; to change it back, run 'ledger rename --replace %s --with %s'", old, name, name, old)})
	s.settle()
	return nil
}

// clone returns a copy that shares nothing mutable with s.
func (s *State) clone() State {
	c := *s
	c.History = slices.Clone(s.History)
	c.People = slices.Clone(s.People)
	c.changes = slices.Clone(s.changes)
	c.Winners = slices.Clone(s.Winners)
	return c
}

// At returns the game as it stood before hand number n (a hand standing): who sits where, who
// deals, the winds, the totals, the history before it. An amend builds the corrected hand on it.
func (s *State) At(n int) (State, error) {
	i := s.findHand(n)
	if i < 0 {
		return State{}, fmt.Errorf("%w: hand %d is not standing (the game has %s)", ErrNoHand, n, words.Count(len(s.History), "hand"))
	}
	e := s.History[i]
	c := s.clone()
	c.History = c.History[:i]
	c.Players, c.pos = e.Players, e.before
	if i > 0 {
		c.Totals = s.History[i-1].Totals
	} else {
		c.Totals = [4]Amount{}
	}
	c.Played = i
	c.settle()
	return c, nil
}
