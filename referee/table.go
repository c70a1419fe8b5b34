package referee

import (
	"fmt"
	"slices"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// seatState is what the referee knows about one seat's tiles, in every family.
type seatState struct {
	known    notation.Counts // concealed tiles seen (bonus tiles not yet laid out included)
	unknown  int             // concealed tiles not seen
	melds    []notation.Meld // in the order they were made
	bonus    []notation.Tile // laid out (never in American play, where flowers stay in the hand)
	discards []notation.Tile // the river; claimed tiles leave it
}

// held counts every tile the seat holds, seen or not, its melds in full; laid-out bonus tiles and the
// river are not held.
func (s *seatState) held() int {
	n := s.known.Total() + s.unknown
	for _, m := range s.melds {
		n += m.Size()
	}
	return n
}

// shortfall counts the tiles of need the seat does not hold among its seen tiles: unseen tiles must
// stand in for them.
func (s *seatState) shortfall(need notation.Counts) int {
	short := 0
	for t, n := range need {
		if s.known[t] < n {
			short += int(n - s.known[t])
		}
	}
	return short
}

// canHold reports whether the seat may hold need, unseen tiles standing in for any shortfall.
func (s *seatState) canHold(need notation.Counts) bool { return s.shortfall(need) <= s.unknown }

// take removes one t from the concealed tiles, a seen one first, else an unseen one.
func (s *seatState) take(t notation.Tile) bool {
	switch {
	case s.known[t] > 0:
		s.known[t]--
	case s.unknown > 0:
		s.unknown--
	default:
		return false
	}
	return true
}

// takeAll removes need, or nothing when the seat cannot hold it.
func (s *seatState) takeAll(need notation.Counts) bool {
	if !s.canHold(need) {
		return false
	}
	for t, n := range need {
		for range n {
			s.take(notation.Tile(t))
		}
	}
	return true
}

// add puts t in the concealed tiles: an unseen one when t is Unknown.
func (s *seatState) add(t notation.Tile) {
	if t == Unknown {
		s.unknown++
		return
	}
	s.known[t]++
}

// discardTile moves t from the concealed tiles to the river; false when the seat cannot hold it.
func (s *seatState) discardTile(t notation.Tile) bool {
	if !s.take(t) {
		return false
	}
	s.discards = append(s.discards, t)
	return true
}

// hand is the seat's hand as the referee knows it, won on t (one more t in the concealed tiles when
// extra: a tile from another seat). Unseen tiles are left out.
func (s *seatState) hand(t notation.Tile, extra bool) notation.Hand {
	h := notation.Hand{Concealed: s.known, Melds: slices.Clone(s.melds), Win: t}
	for _, b := range s.bonus {
		h.Bonus = append(h.Bonus, notation.BonusTile{Tile: b})
	}
	if extra {
		h.Concealed[t]++
	}
	return h
}

// reveal makes the seat's concealed tiles all seen: c (a winning hand's concealed tiles), less t when
// extra (the winning tile came from another seat).
func (s *seatState) reveal(c notation.Counts, t notation.Tile, extra bool) {
	s.known = c
	if extra {
		s.known[t]--
	}
	s.unknown = 0
}

// view is the seat as a report shows it.
func (s *seatState) view(seat notation.Seat) SeatView {
	v := SeatView{Seat: seat, Concealed: s.known.String(), Unknown: s.unknown, Melds: slices.Clone(s.melds),
		Bonus: slices.Clone(s.bonus), Discards: slices.Clone(s.discards), MeldText: []string{}}
	for _, m := range s.melds {
		v.MeldText = append(v.MeldText, m.String())
	}
	if v.Bonus == nil {
		v.Bonus = []notation.Tile{}
	}
	if v.Discards == nil {
		v.Discards = []notation.Tile{}
	}
	return v
}

// need is what the seat on turn must do next.
type need uint8

const (
	needAct     need = iota // holds 14: discard, kong, flower or win
	needDraw                // draws from the front
	needReplace             // draws a replacement from the back
	needDiscard             // discards at once (after a chow or pong)
	needClaim               // a discard is on the table: claims, or the next seat draws
	needRob                 // a kong was declared: robbing wins, or the konger's replacement
	needOver                // the hand is over
)

// familyDeps starts a family's Deps: the table options r (nil: the defaults) with a set of tiles.
func familyDeps(r *gamerules.Referee, tiles int) Deps {
	var d Deps
	if r != nil {
		d.Rules = *r
	}
	d.Rules.Tiles = tiles
	return d
}

// replayer is a family's game under way.
type replayer interface {
	step(e *Event)
	finish()
	report() Report
	// impossibility is why the log cannot describe a real hand, once the replay has found it.
	impossibility() *LogError
}

// run replays lg's events on g and ends the hand. A log that cannot describe a real hand (see
// table.impossible) stops the replay: it is returned as the error, and nothing is ruled or paid.
func run(g replayer, lg *Log) (Report, error) {
	if err := g.impossibility(); err != nil {
		return Report{}, err
	}
	for i := range lg.Events {
		g.step(&lg.Events[i])
		if err := g.impossibility(); err != nil {
			return Report{}, err
		}
	}
	g.finish()
	return g.report(), nil
}

// table is what every family's flow keeps track of: the seats' tiles, the wall, whose turn it is,
// the discard on the table, the rulings so far and the result. The Hong Kong (and DeBurger) game and
// the American game embed it and add their own rules.
type table struct {
	log    *Log
	deps   Deps
	dealer notation.Seat // the log's dealer (East when not a seat)
	// action writes an event as its rulings cite it.
	action func(*Event) string

	seats [4]seatState
	wall  []notation.Tile // the live wall is wall[front:back]; Unknown for tiles not seen
	front int
	back  int
	// sized is false when the live wall's size is not known (a mid-hand log without start.wall):
	// then it never runs out by count.
	sized bool
	// outside counts tiles outside the log's view: earlier discards of a mid-hand log, or a
	// shortfall of the given wall.
	outside int

	turn      notation.Seat
	need      need
	dealing   bool // before the dealer's first discard
	discarder notation.Seat
	discard   notation.Tile
	phantom   bool          // the discard on the table was not really in the hand
	drawn     notation.Tile // the tile the seat on turn drew last

	rulings []Ruling
	result  Result
	// broken is the first sign that the log cannot describe a real hand (a hand of the wrong
	// size, a fifth copy of a tile): bad input, not a ruling.
	broken *LogError
}

// newTable starts a replay of lg: the dealer on turn with 14 tiles, the hand unfinished.
func newTable(lg *Log, deps Deps, action func(*Event) string) table {
	t := table{log: lg, deps: deps, action: action, sized: true, discarder: notation.NoSeat}
	t.result = Result{Outcome: OutcomeUnfinished, Winner: notation.NoSeat, Offender: notation.NoSeat,
		Reason: "the log ends before the hand is over"}
	t.dealer = lg.Dealer
	if t.dealer > notation.SeatNorth {
		t.dealer = notation.SeatEast
	}
	t.turn, t.need, t.dealing = t.dealer, needAct, lg.Start == nil
	return t
}

// deal reads the seats' hands from the log: a seat the log does not write holds 14 unseen tiles
// (the dealer) or 13. With flowersKept the bonus tiles written as laid out are tiles of the hand.
// check rules on each written hand of a log that starts at the deal, in seat order. A mid-hand log's
// earlier discards go to the rivers.
func (t *table) deal(flowersKept bool, check func(s notation.Seat, st *seatState, sh *SeatHand, want int)) {
	for _, s := range notation.Seats {
		st := &t.seats[s]
		sh := t.log.Hands[s]
		want := 13
		if s == t.dealer {
			want = 14
		}
		if sh == nil {
			st.unknown = want
			continue
		}
		st.known = sh.Hand.Concealed
		st.unknown = sh.Unknown
		st.melds = slices.Clone(sh.Hand.Melds)
		for _, b := range sh.Hand.Bonus {
			if flowersKept {
				st.known[b.Tile]++
			} else {
				st.bonus = append(st.bonus, b.Tile)
			}
		}
		if t.log.Start == nil {
			check(s, st, sh, want)
		}
	}
	if t.log.Start != nil {
		for _, s := range notation.Seats {
			t.seats[s].discards = slices.Clone(t.log.Start.Discards[s])
		}
	}
}

// inPlay counts the tiles in hands, melds, rivers and laid out.
func (t *table) inPlay() int {
	n := 0
	for i := range t.seats {
		st := &t.seats[i]
		n += st.held() + len(st.bonus) + len(st.discards)
	}
	return n
}

// seen counts every tile the referee has seen.
func (t *table) seen() notation.Counts {
	var c notation.Counts
	for i := range t.seats {
		st := &t.seats[i]
		for tt, n := range st.known {
			c[tt] += n
		}
		for _, m := range st.melds {
			m.AddTo(&c)
		}
		for _, b := range st.bonus {
			c[b]++
		}
		for _, d := range st.discards {
			c[d]++
		}
	}
	for _, w := range t.wall[t.front:t.back] {
		c[w]++
	}
	c[Unknown] = 0
	return c
}

// startAt sets the turn for a log that starts in the middle of a hand: the first event's seat is on
// turn, to draw or else to act, and when drewBefore says so it has drawn a tile the log did not
// write, which came from the part of the wall before the log began. The hands the log writes are
// checked first (checkSizes), counted as the family counts them.
func (t *table) startAt(e *Event, count func(*seatState) int, drewBefore func(*seatState) bool, hint string) {
	t.dealing = false
	acts, drew := false, false
	if e.Seat <= notation.SeatNorth {
		t.turn, t.need = e.Seat, needDraw
		if e.Verb != VerbDraw {
			t.need, acts = needAct, true
			drew = drewBefore(&t.seats[e.Seat])
		}
	}
	t.checkSizes(e, count, acts, drew, hint)
	if drew {
		t.drewUnseen(&t.seats[e.Seat])
	}
}

// checkSizes checks the hands a mid-hand log writes, at its first event e: each seat holds 13
// tiles, and the seat on turn 14 when it acts before drawing (acts), or 13 as written when it drew
// a tile the log did not see (drew). count is the family's way to count a hand (a Hong Kong kong
// counts as 3). A hand of another size cannot be: the log is bad input, never a ruling (a false win
// found later would be paid as a limit hand, for a tile the scorekeeper lost).
func (t *table) checkSizes(e *Event, count func(*seatState) int, acts, drew bool, hint string) {
	for _, s := range notation.Seats {
		sh := t.log.Hands[s]
		if sh == nil {
			continue
		}
		n := count(&t.seats[s])
		onTurn := s == e.Seat
		switch {
		case onTurn && acts && (n == 14 || drew && n == 13):
		case !(onTurn && acts) && n == 13:
		default:
			where := "hands." + s.String()
			if sh.Line > 0 {
				where += fmt.Sprintf(", line %d", sh.Line)
			}
			t.impossibleAt(e, hint, "%s holds %d tiles when the log begins (%s): %s", s, n, where, sizeRule(onTurn && acts, onTurn))
			return
		}
	}
}

// sizeRule says how many tiles a seat holds at the point a mid-hand log begins.
func sizeRule(acts, onTurn bool) string {
	switch {
	case acts:
		return "the seat on turn holds 14 before it discards"
	case onTurn:
		return "the seat on turn holds 13 before it draws"
	}
	return "a seat holds 13 between its turns"
}

// impossible records that the log cannot describe a real hand (a hand of the wrong size, a fifth
// copy of a tile): the replay stops, and the log is bad input, not ruled on or paid. The first
// one found is kept.
func (t *table) impossible(le *LogError) {
	if t.broken == nil {
		t.broken = le
	}
}

// impossibleAt is impossible at event e.
func (t *table) impossibleAt(e *Event, hint, format string, args ...any) {
	t.impossible(&LogError{Event: e.N, Line: e.Line, Text: e.Text, Hint: hint, Msg: fmt.Sprintf(format, args...)})
}

// impossibility is why the log cannot describe a real hand, or nil.
func (t *table) impossibility() *LogError { return t.broken }

// dealtWrong: seat s's hand, as the log writes it at the deal (sh), holds n tiles.
func (t *table) dealtWrong(s notation.Seat, sh *SeatHand, n int, hint string) {
	t.impossible(&LogError{Line: sh.Line, Hint: hint,
		Msg: fmt.Sprintf("hands.%s: %s holds %d tiles after the deal: the dealer, %s, holds 14, the others 13", s, s, n, t.dealer)})
}

// meldsAtDeal: seat s's hand at the deal shows melds.
func (t *table) meldsAtDeal(s notation.Seat, sh *SeatHand) {
	t.impossible(&LogError{Line: sh.Line, Hint: "a log that begins later in the hand says so with start:, and may then write melds",
		Msg: fmt.Sprintf("hands.%s: %s shows melds at the deal: nothing is melded before the dealer's first discard", s, s)})
}

// wallWrong: the wall the log writes does not fit its other tiles.
func (t *table) wallWrong(msg string) {
	t.impossible(&LogError{Line: t.log.WallLine, Msg: msg, Hint: wallHint})
}

// tooManyTiles: the log shows n tiles, more than the set's total.
func (t *table) tooManyTiles(n, total int) {
	t.impossible(&LogError{Msg: fmt.Sprintf("the log shows %d tiles in hands, melds and discards: a set has %d", n, total), Hint: copiesHint})
}

// fifth: event e shows one tile more than the set holds of tile c.
func (t *table) fifth(e *Event, c notation.Tile) {
	if c.IsBonus() && c != notation.Flower {
		t.impossibleAt(e, copiesHint, "a second %s: a set has one of each flower and season", c)
		return
	}
	t.impossibleAt(e, copiesHint, "a fifth %s: a set has four of each tile, and the log has already shown four", c)
}

// shownCount checks the number of concealed tiles seat s lays down (shown) against what it holds
// (held seen and unknown not seen; with the winning tile when win): it returns what is wrong, or "".
func shownCount(s notation.Seat, held notation.Counts, unknown int, shown notation.Counts, win bool) string {
	n := held.Total() + unknown
	if shown.Total() == n {
		return ""
	}
	with := ""
	if win {
		with = ", the winning tile included"
	}
	return fmt.Sprintf("%s lays down %d concealed tiles, but holds %d besides its melds%s", s, shown.Total(), n, with)
}

// Hints for a log that cannot describe a real hand.
const (
	hkSizeHint   = "count the hand again: 13 tiles between turns, 14 on turn before the discard (a kong counts as 3, flowers not at all); write tiles not seen as ?N"
	amSizeHint   = "count the hand again: 13 tiles between turns, 14 on turn before the discard (exposures in full, flowers and jokers as tiles); write tiles not seen as ?N"
	copiesHint   = "a set has four of each tile and one of each flower and season: correct the tile the log names"
	wallHint     = "leave the wall out, or list every tile left in it after the deal (? for a tile not seen)"
	laidDownHint = "write after '=' the concealed tiles laid down, the winning tile included, melds already on the table left out"
)

// layWall lays out the live wall, rest being the tiles not in hands, melds, rivers or laid out: the
// log's wall when it lists one, else rest unseen tiles (start.wall's count when given, at most rest;
// a mid-hand log without it leaves the wall's size unknown). outside takes up the difference.
func (t *table) layWall(rest int) {
	lg := t.log
	switch {
	case lg.Wall != nil:
		t.wall = slices.Clone(lg.Wall)
	case lg.Start != nil && lg.Start.Wall >= 0:
		t.wall = make([]notation.Tile, min(lg.Start.Wall, max(rest, 0)))
	default:
		t.sized = lg.Start == nil
		t.wall = make([]notation.Tile, max(rest, 0))
	}
	t.front, t.back = 0, len(t.wall)
	t.outside = rest - len(t.wall)
}

// drewUnseen gives st a tile it drew before a mid-hand log begins: from the tiles outside the log's
// view, else from the front of the wall.
func (t *table) drewUnseen(st *seatState) {
	switch {
	case t.outside > 0:
		t.outside--
		st.unknown++
	case t.back > t.front:
		t.front++
		st.unknown++
	}
}

// seatWind is seat s's wind in this hand, counted from the dealer.
func (t *table) seatWind(s notation.Seat) notation.Seat {
	return notation.Seat((int(s) - int(t.dealer) + 4) % 4)
}

func (t *table) rule(ev int, s notation.Seat, action string, v Verdict, rule, reason string) {
	t.rulings = append(t.rulings, Ruling{Event: ev, Seat: s, Action: action, Verdict: v, Rule: rule, Reason: reason})
}

// badHeader rules the log's header (event 0) illegal: the hand of seat s, or the wall or tiles as a
// whole (NoSeat).
func (t *table) badHeader(s notation.Seat, what, rule, reason string) {
	t.rule(0, s, what, VerdictIllegal, rule, reason)
}

// judge rules on event e.
func (t *table) judge(e *Event, v Verdict, rule, reason string) {
	t.rule(e.N, e.Seat, t.action(e), v, rule, reason)
}

func (t *table) ok(e *Event, rule, reason string) { t.judge(e, VerdictOK, rule, reason) }

func (t *table) bad(e *Event, rule, reason string) { t.judge(e, VerdictIllegal, rule, reason) }

// declines rules on a pass.
func (t *table) declines(e *Event) { t.ok(e, RulePass, fmt.Sprintf("%s declines", e.Seat)) }

// admit is every family's preamble to an event: an event needs a seat (a claims: event excepted) and
// a hand still in play, and the first event of a mid-hand log sets the turn with startAt. It reports
// whether the family goes on to rule on the event.
func (t *table) admit(e *Event, startAt func(*Event)) bool {
	if e.Seat > notation.SeatNorth && e.Verb != VerbClaims {
		t.bad(e, RuleTurnOrder, "no seat")
		return false
	}
	if t.need == needOver {
		if e.Verb == VerbPass {
			t.ok(e, RulePass, "the hand is over")
			return false
		}
		t.bad(e, RuleHandOver, "the hand is already over: "+t.result.Reason)
		return false
	}
	if t.log.Start != nil && e.N == 1 {
		startAt(e)
	}
	return true
}

// whoseTurn says whose turn it is, when the seat on turn is to draw or else holds 14 tiles.
func (t *table) whoseTurn() string {
	if t.need == needDraw {
		return fmt.Sprintf("it is %s's turn to draw", t.turn)
	}
	return fmt.Sprintf("it is %s's turn: %s holds 14 tiles and must discard", t.turn, t.turn)
}

// noDiscard rules on a claim made with no discard on the table to claim (or one already taken): a pass
// is fine. word is what the family calls a claim ("claim", "call").
func (t *table) noDiscard(c *Event, word string) {
	if c.Verb == VerbPass {
		t.declines(c)
		return
	}
	reason := "there is no discard to " + word
	if t.need == needDiscard {
		reason = fmt.Sprintf("%s's discard was already %sed by %s", t.discarder, word, t.turn)
	}
	t.bad(c, RuleNoDiscard, reason)
}

// removeFromRiver moves the claimed discard out of the discarder's river.
func (t *table) removeFromRiver() {
	d := &t.seats[t.discarder].discards
	if n := len(*d); n > 0 && (*d)[n-1] == t.discard {
		*d = (*d)[:n-1]
	}
}

// shownMismatch checks the concealed hand a winner lays down (shown, winning tile included) against
// what seat s is known to hold (held, the winning tile included, and unknown tiles not seen): it must
// cover the seen tiles and fill the unseen ones. It returns what is wrong, or "".
func shownMismatch(s notation.Seat, held notation.Counts, unknown int, shown notation.Counts) string {
	for t, n := range held {
		if shown[t] < n {
			return fmt.Sprintf("the hand laid down lacks %s that %s holds", notation.Tile(t), s)
		}
	}
	if shown.Total() != held.Total()+unknown {
		return fmt.Sprintf("the hand laid down has %d concealed tiles, %s holds %d", shown.Total(), s, held.Total()+unknown)
	}
	return ""
}

func (t *table) over(o Outcome, reason string) {
	t.need = needOver
	t.result.Outcome = o
	t.result.Reason = reason
}

// declareWin ends the hand with w's win (the first, when several win).
func (t *table) declareWin(w *Win) {
	t.over(OutcomeWin, fmt.Sprintf("%s wins (%s)", w.Seat, w.Context.Win))
	t.result.Winner = w.Seat
	t.result.Hand = w.Hand
	ctx := w.Context
	t.result.Context = &ctx
	t.result.Items = w.Items
	t.result.Total = w.Total
	t.result.RawTotal = w.RawTotal
	t.result.Limit = w.Limit
}

// notSettled adds why the hand was not settled to the result's reason.
func (t *table) notSettled(why string) {
	t.result.Reason = joinReason(t.result.Reason, "not settled: "+why)
}

func (t *table) report() Report {
	r := Report{Rulings: t.rulings, Result: t.result, Wall: -1}
	if r.Rulings == nil {
		r.Rulings = []Ruling{}
	}
	if r.Result.Payments == nil {
		r.Result.Payments = []settle.Payment{}
	}
	if r.Result.Items == nil {
		r.Result.Items = []scoring.Item{}
	}
	if t.sized {
		r.Wall = t.back - t.front
	}
	for _, s := range notation.Seats {
		r.Seats[s] = t.seats[s].view(s)
	}
	return r
}
