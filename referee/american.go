package referee

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/american"
)

// Rule ids of the American flow (the Hong Kong ids serve where the rule is the same: turn-order,
// tile-in-hand, own-discard, no-discard, draw, discard, wall-exhausted).
const (
	RuleCharleston      = "charleston"       // three passes right, across, left; a second Charleston all agree to
	RuleCharlestonJoker = "charleston-joker" // jokers are never passed
	RuleCourtesy        = "courtesy-pass"    // up to three tiles with the player across, as many each way
	RuleExposure        = "exposure"         // a pung, kong, quint or sextet that fits some exposed (X) line
	RuleCallPair        = "call-pair"        // never a call for a pair or single, except for Mah Jongg
	RuleDeadJoker       = "dead-joker"       // a discarded joker is dead
	RuleJokerExchange   = "joker-exchange"   // a natural from the hand for an exposed joker, on your own turn
	RuleDeadHand        = "dead-hand"        // a dead hand stops playing and still pays
	RuleMahJonggError   = "mahjong-in-error" // shown: the hand is dead; not shown: no penalty
	RuleMisnamed        = "misnamed"         // a misnamed discard that gives Mah Jongg: the misnamer pays 4x
	RuleNextInTurn      = "next-in-turn"     // among equal claims the next player in turn takes the discard
	RuleNoKong          = "no-kong-from-hand"
	RuleFlowerKept      = "flowers-kept" // American flowers are ordinary tiles of the hand
)

// DeadHand is a seat whose hand was declared dead: it stops playing and still pays the winner.
type DeadHand struct {
	Seat notation.Seat `json:"seat"`
	// Event is the event that killed the hand.
	Event  int    `json:"event"`
	Rule   string `json:"rule"`
	Reason string `json:"reason"`
}

// American returns the dependencies of an American replay: wins matched against card under ar, hands
// settled under s (nil: no settlement), the table options from r (nil: the defaults: play E → S → W → N,
// the second Charleston reversed). The set has 152 tiles.
func American(card *american.Card, ar *american.Rules, s *settle.Rules, r *gamerules.Referee) Deps {
	d := familyDeps(r, 152)
	d.Flow = &americanFlow{card: card, rules: ar, settle: s}
	return d
}

type americanFlow struct {
	card   *american.Card
	rules  *american.Rules
	settle *settle.Rules
}

// Replay replays an American hand: the Charleston, calls that fit the card, dead hands.
func (f *americanFlow) Replay(lg *Log, d Deps) (Report, error) {
	return run(newAmGame(lg, d, f), lg)
}

// amGame is an American hand: the table with the Charleston, jokers, dead hands and the card.
type amGame struct {
	table
	flow *americanFlow

	named         notation.Tile // the name the discard was given (differs when misnamed)
	dead          [4]bool       // the seats whose hands are dead
	passes        [4]int        // Charleston passes made
	courtesyGiven [4]int        // tiles offered in the courtesy pass, -1 before it
	offers        [4][]notation.Tile
	received      [4]received // the tiles each seat received in its latest Charleston pass
	deaths        []DeadHand
	win           *Win
	misname       bool
	jokerls       bool // the win carries the jokerless bonus
}

func newAmGame(lg *Log, d Deps, f *americanFlow) *amGame {
	g := &amGame{table: newTable(lg, d, amAction), flow: f, courtesyGiven: [4]int{-1, -1, -1, -1}}
	for s := range g.received {
		g.received[s].pass = -1
	}
	g.deal(true, func(s notation.Seat, st *seatState, sh *SeatHand, want int) {
		if n := st.held(); n != want {
			g.dealtWrong(s, sh, n, amSizeHint)
		}
		if len(st.melds) > 0 {
			g.meldsAtDeal(s, sh)
		}
	})
	rest := 152 - g.inPlay()
	g.layWall(rest)
	if lg.Wall != nil && lg.Start == nil && len(g.wall) != rest {
		g.wallWrong(fmt.Sprintf("wall: %d tiles, but after the deal %d of the 152 are left", len(g.wall), rest))
	}
	if rest < 0 {
		g.tooManyTiles(g.inPlay(), 152)
	}
	if t := g.overSupply(); t != notation.NoTile {
		g.impossible(&LogError{Msg: fmt.Sprintf("more copies of %s than the set has (four of each tile, eight flowers, eight jokers)", t), Hint: copiesHint})
	}
	return g
}

// received is what a seat was passed in one Charleston pass: the tiles (Unknown where not seen).
type received struct {
	pass  int // the pass, 0-based; -1 before any
	tiles []notation.Tile
}

// overSupply returns a tile seen more often than the set holds it: four of each, eight flowers and
// eight jokers.
func (g *amGame) overSupply() notation.Tile {
	c := g.seen()
	flowers := 0
	for t := notation.F1; t <= notation.Flower; t++ {
		flowers += int(c[t])
		if t != notation.Flower && c[t] > 1 {
			return t
		}
	}
	if flowers > 8 {
		return notation.Flower
	}
	if c[notation.Joker] > 8 {
		return notation.Joker
	}
	for t := notation.Tile(1); t <= notation.Red; t++ {
		if c[t] > 4 {
			return t
		}
	}
	return notation.NoTile
}

// amAction writes the action as the log did, jokers of a call included.
func amAction(e *Event) string {
	s := actionText(e)
	if e.Jokers > 0 {
		s += strings.Repeat("J", e.Jokers)
	}
	if e.Verb == VerbMisnamed && len(e.Tiles) == 2 {
		s = fmt.Sprintf("misnamed %s as %s", e.Tiles[0], e.Tiles[1])
	}
	if e.Verb == VerbExchange && e.From <= notation.SeatNorth {
		s += " " + e.From.String()
	}
	if e.Blind > 0 {
		s += fmt.Sprintf(" blind %d", e.Blind)
	}
	return s
}

// kill declares seat s's hand dead.
func (g *amGame) kill(e *Event, s notation.Seat, rule, reason string) {
	if g.dead[s] {
		return
	}
	g.dead[s] = true
	g.deaths = append(g.deaths, DeadHand{Seat: s, Event: e.N, Rule: rule, Reason: reason})
	if g.deadCount() >= 3 {
		g.over(OutcomeDraw, "three hands are dead: the hand is replayed and nobody pays")
	}
}

func (g *amGame) deadCount() int {
	n := 0
	for _, d := range g.dead {
		if d {
			n++
		}
	}
	return n
}

// next is the seat after s in play order.
func (g *amGame) next(s notation.Seat) notation.Seat {
	if g.deps.Rules.Direction == gamerules.DirCounterclockwise {
		return s.Prev()
	}
	return s.Next()
}

// nextLive is the next seat after s in play order whose hand is not dead.
func (g *amGame) nextLive(s notation.Seat) notation.Seat {
	n := g.next(s)
	for range 3 {
		if !g.dead[n] {
			return n
		}
		n = g.next(n)
	}
	return n
}

// step applies one event.
func (g *amGame) step(e *Event) {
	if !g.admit(e, g.startAt) {
		return
	}
	if e.Verb != VerbClaims && e.Verb != VerbPass && e.Verb != VerbExchange && g.dead[e.Seat] {
		g.bad(e, RuleDeadHand, fmt.Sprintf("%s's hand is dead: it stops playing (and still pays the winner)", e.Seat))
		return
	}
	switch e.Verb {
	case VerbCharleston:
		g.charleston(e)
	case VerbCourtesy:
		g.courtesy(e)
	case VerbDraw:
		g.draw(e)
	case VerbDiscard:
		g.discardTile(e, e.Tile())
	case VerbMisnamed:
		g.discardTile(e, e.Tiles[1])
	case VerbExchange:
		g.exchange(e)
	case VerbWin:
		if g.need == needClaim && e.Seat != g.discarder {
			g.claims([]Event{*e})
		} else {
			g.selfDraw(e)
		}
	case VerbChow, VerbPong, VerbKong, VerbQuint, VerbSextet, VerbPair:
		g.claims([]Event{*e})
	case VerbClaims:
		g.claims(e.Claims)
	case VerbPass:
		g.declines(e)
	case VerbFlower:
		g.bad(e, RuleFlowerKept, "American flowers are ordinary tiles of the hand: they are never laid out or replaced")
	case VerbAddKong, VerbConcealedKong:
		g.bad(e, RuleNoKong, "American play has no kong from the hand and no upgrade of a pung: sets are exposed only by calling a discard")
	default:
		g.bad(e, RuleTurnOrder, "not an American action")
	}
}

// startAt sets the turn for a log that starts in the middle of a hand.
func (g *amGame) startAt(e *Event) {
	g.table.startAt(e, (*seatState).held, func(st *seatState) bool { return st.held() < 14 }, amSizeHint)
}

// passDir is the direction of Charleston pass k (0-based): right, across, left, then the second
// Charleston reversed or the same.
func (g *amGame) passDir(k int) string {
	first := [3]string{"right", "across", "left"}
	if k < 3 || g.deps.Rules.SecondCharleston == gamerules.CharlestonSame {
		return first[k%3]
	}
	return first[2-k%3]
}

// toward is the seat a pass in direction dir from s reaches: right is the next player in turn, left
// the one before, across the one opposite.
func (g *amGame) toward(s notation.Seat, dir string) notation.Seat {
	switch dir {
	case "right":
		return g.next(s)
	case "left":
		n := g.next(s)
		return g.next(g.next(n))
	}
	return g.next(g.next(s))
}

// pass moves tiles (Unknown for a tile not seen) from one seat to another; it returns a problem.
// Tiles passed unseen may be any of the passer's tiles, those it was seen to receive included: the
// referee keeps only what the log proves the passer still holds (giveUnseen).
func (g *amGame) pass(from, to notation.Seat, tiles []notation.Tile) string {
	if slices.Contains(tiles, notation.Joker) {
		return "joker"
	}
	st := &g.seats[from]
	var need notation.Counts
	unseen := 0
	for _, t := range tiles {
		if t == Unknown {
			unseen++
		} else {
			need[t]++
		}
	}
	if !st.canHold(need) {
		return fmt.Sprintf("%s does not hold %s", from, notation.FormatTiles(need.Tiles()))
	}
	if held := st.known.Total() - int(st.known[notation.Joker]) + st.unknown - need.Total(); unseen > held {
		return fmt.Sprintf("%s has %d tiles besides jokers to pass, not %d", from, held, unseen)
	}
	st.takeAll(need)
	giveUnseen(st, unseen)
	rt := &g.seats[to]
	for t, n := range need {
		rt.known[t] += n
	}
	rt.unknown += unseen
	return ""
}

// giveUnseen takes k tiles the log does not name from st: any of its tiles but a joker (jokers are
// never passed). Each tile seen in the hand is still held at least known-k times; the rest of the
// hand becomes unseen.
func giveUnseen(st *seatState, k int) {
	if k == 0 {
		return
	}
	total := st.known.Total() + st.unknown - k
	kept := 0
	for t, n := range st.known {
		if notation.Tile(t) == notation.Joker {
			kept += int(n)
			continue
		}
		st.known[t] = uint8(max(0, int(n)-k))
		kept += int(st.known[t])
	}
	st.unknown = total - kept
}

// passSome moves n of the tiles offered (Unknown where not seen) from one seat to another without the
// log saying which: an uneven courtesy pass, or a blind pass of some of the tiles just received. A
// tile is known to move (or to stay) only when more of it were offered than can stay (or move).
func (g *amGame) passSome(from, to notation.Seat, offered []notation.Tile, n int) string {
	if n >= len(offered) {
		return g.pass(from, to, offered)
	}
	if n <= 0 {
		return ""
	}
	if slices.Contains(offered, notation.Joker) {
		return "joker"
	}
	st, rt := &g.seats[from], &g.seats[to]
	var named notation.Counts
	unseen := 0
	for _, t := range offered {
		if t == Unknown {
			unseen++
		} else {
			named[t]++
		}
	}
	if !st.canHold(named) {
		return fmt.Sprintf("%s does not hold %s", from, notation.FormatTiles(named.Tiles()))
	}
	st.takeAll(named)
	giveUnseen(st, unseen)
	stay := len(offered) - n
	back, moved := 0, 0
	for t, c := range named {
		if c == 0 {
			continue
		}
		b := max(0, int(c)-n)    // certainly among the tiles that stay
		m := max(0, int(c)-stay) // certainly among the tiles that move
		st.known[t] += uint8(b)
		rt.known[t] += uint8(m)
		back, moved = back+b, moved+m
	}
	st.unknown += stay - back
	rt.unknown += n - moved
	return ""
}

// passTiles rules on a pass of tiles from e's seat to seat to: false, with the ruling made, when the
// tiles cannot be passed. jokers says why jokers never are.
func (g *amGame) passTiles(e *Event, to notation.Seat, tiles []notation.Tile, jokers string) bool {
	return g.ruleOnPass(e, g.pass(e.Seat, to, tiles), jokers)
}

// ruleOnPass rules on the problem a pass returned: false, with the ruling made, when there is one.
func (g *amGame) ruleOnPass(e *Event, problem, jokers string) bool {
	switch problem {
	case "":
		return true
	case "joker":
		g.bad(e, RuleCharlestonJoker, jokers)
	default:
		g.bad(e, RuleInHand, problem)
	}
	return false
}

func (g *amGame) charleston(e *Event) {
	s := e.Seat
	low := slices.Min(g.passes[:])
	k := g.passes[s]
	switch {
	case !g.dealing:
		g.bad(e, RuleCharleston, "the Charleston is over once East has discarded")
		return
	case k >= 6:
		g.bad(e, RuleCharleston, fmt.Sprintf("%s has made all six passes of two Charlestons", s))
		return
	case k > low:
		g.bad(e, RuleCharleston, fmt.Sprintf("%s passes again before every player has made pass %d", s, k))
		return
	case g.courtesyBegun():
		g.bad(e, RuleCharleston, "the courtesy pass has begun: the Charleston is over")
		return
	}
	dir := g.passDir(k)
	to := g.toward(s, dir)
	own := slices.Clone(e.Tiles)
	for len(own)+e.Blind < 3 {
		own = append(own, Unknown)
	}
	const noJokers = "jokers may never be passed in the Charleston"
	blind := ""
	if e.Blind > 0 {
		// A blind pass (a "steal") passes on tiles being received in this same pass, unlooked at:
		// only on the last pass of a Charleston (the first left, the last right).
		from := g.fromToward(s, dir)
		in := g.received[s]
		switch {
		case k%3 != 2:
			g.bad(e, RuleCharleston, fmt.Sprintf("a blind pass is made only on the last pass of a Charleston (pass 3 or 6), not pass %d", k+1))
			return
		case in.pass != k:
			g.bad(e, RuleCharleston, fmt.Sprintf("a blind pass passes on tiles received in the same pass: %s's pass %d to %s comes first in the log", from, k+1, s))
			return
		}
		if !g.ruleOnPass(e, g.passSome(s, to, in.tiles, e.Blind), noJokers) {
			return
		}
		blind = fmt.Sprintf(" (%d of them passed on blind, unseen, from the tiles %s passed)", e.Blind, from)
	}
	if !g.passTiles(e, to, own, noJokers) {
		return
	}
	passed := own
	if e.Blind > 0 {
		passed = append(slices.Clone(own), slices.Repeat([]notation.Tile{Unknown}, e.Blind)...)
		if e.Blind == 3 {
			passed = slices.Clone(g.received[s].tiles)
		}
	}
	g.received[to] = received{pass: k, tiles: passed}
	g.passes[s]++
	which := "first Charleston (mandatory)"
	if k >= 3 {
		which = "second Charleston (all agreed)"
	}
	g.ok(e, RuleCharleston, fmt.Sprintf("pass %d of the %s: three tiles %s to %s%s", k%3+1, which, dir, to, blind))
}

// fromToward is the seat whose pass in direction dir reaches s.
func (g *amGame) fromToward(s notation.Seat, dir string) notation.Seat {
	for _, o := range notation.Seats {
		if o != s && g.toward(o, dir) == s {
			return o
		}
	}
	return s
}

func (g *amGame) courtesyBegun() bool { return slices.Max(g.courtesyGiven[:]) >= 0 }

func (g *amGame) courtesy(e *Event) {
	s := e.Seat
	p := g.passes[0]
	even := slices.Min(g.passes[:]) == slices.Max(g.passes[:])
	switch {
	case !g.dealing:
		g.bad(e, RuleCourtesy, "the courtesy pass comes before East's first discard")
		return
	case !even || p != 3 && p != 6:
		g.bad(e, RuleCourtesy, "the courtesy pass follows a whole Charleston")
		return
	case g.courtesyGiven[s] >= 0:
		g.bad(e, RuleCourtesy, fmt.Sprintf("%s has made the courtesy pass", s))
		return
	}
	to := g.toward(s, "across")
	const noJokers = "jokers may never be passed, in the courtesy pass either"
	if slices.Contains(e.Tiles, notation.Joker) {
		g.bad(e, RuleCharlestonJoker, noJokers)
		return
	}
	var named notation.Counts
	for _, t := range e.Tiles {
		if t != Unknown {
			named[t]++
		}
	}
	if !g.seats[s].canHold(named) {
		g.bad(e, RuleInHand, fmt.Sprintf("%s does not hold %s", s, notation.FormatTiles(named.Tiles())))
		return
	}
	g.courtesyGiven[s] = len(e.Tiles)
	g.offers[s] = slices.Clone(e.Tiles)
	a, b := len(e.Tiles), g.courtesyGiven[to]
	if b < 0 {
		g.ok(e, RuleCourtesy, fmt.Sprintf("%s offers %d tile%s to %s across; the two exchange the smaller number once %s offers", s, a, plural1(a), to, to))
		return
	}
	n := min(a, b)
	// Both offers are on the table: each side passes the smaller number of its tiles.
	if p := g.passSome(to, s, g.offers[to], n); p != "" {
		g.ruleOnPass(e, p, noJokers)
		return
	}
	if p := g.passSome(s, to, g.offers[s], n); p != "" {
		g.ruleOnPass(e, p, noJokers)
		return
	}
	why := fmt.Sprintf("%d tile%s each way with %s across", n, plural1(n), to)
	if a != b {
		why = fmt.Sprintf("%s offers %d, %s offered %d: they exchange the smaller number, %d tile%s each way", s, a, to, b, n, plural1(n))
	}
	g.ok(e, RuleCourtesy, why)
}

func plural1(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// endCharleston checks the passes when East discards first.
func (g *amGame) endCharleston(e *Event) {
	g.dealing = false
	if g.log.Start != nil {
		return
	}
	lo, hi := slices.Min(g.passes[:]), slices.Max(g.passes[:])
	switch {
	case hi == 0:
		// The log does not record the Charleston: the hands are taken as after it.
	case lo < 3:
		g.bad(e, RuleCharleston, "the first Charleston's three passes (right, across, left) are mandatory")
	case hi > 3 && lo < 6:
		g.bad(e, RuleCharleston, "a second Charleston, once all agree to it, is three passes for everyone")
	}
	for _, s := range []notation.Seat{g.dealer, g.next(g.dealer)} {
		o := g.toward(s, "across")
		a, b := g.courtesyGiven[s], g.courtesyGiven[o]
		switch {
		case a > 0 && b < 0:
			g.ok(e, RuleCourtesy, fmt.Sprintf("%s made no courtesy offer: the smaller number is 0, so %s keeps the %d tile%s offered", o, s, a, plural1(a)))
		case b > 0 && a < 0:
			g.ok(e, RuleCourtesy, fmt.Sprintf("%s made no courtesy offer: the smaller number is 0, so %s keeps the %d tile%s offered", s, o, b, plural1(b)))
		}
	}
}

func (g *amGame) draw(e *Event) {
	s := e.Seat
	st := &g.seats[s]
	verdict, rule, reason := VerdictOK, RuleDraw, "draws from the wall"
	switch {
	case g.dealing:
		verdict, rule, reason = VerdictIllegal, RuleTurnOrder, fmt.Sprintf("East (%s) holds 14 and discards first", g.dealer)
	case s == g.turn && g.need == needDraw:
	case g.need == needClaim && s == g.nextLive(g.discarder):
		reason = "nobody calls: draws from the wall"
	default:
		verdict, rule, reason = VerdictIllegal, RuleTurnOrder, g.notYourTurn(s)
	}
	if g.front >= g.back && (g.sized || g.outside <= 0) {
		g.over(OutcomeDraw, "wall game: the wall ran out and nobody pays")
		g.judge(e, VerdictOK, RuleWallExhausted, "no tile left to draw: the wall is exhausted, a wall game")
		return
	}
	t := e.Tile()
	if g.front < g.back {
		w := g.wall[g.front]
		g.front++
		switch {
		case t == Unknown:
			t = w
		case w != Unknown && w != t && verdict == VerdictOK:
			verdict, rule, reason = VerdictIllegal, RuleWallOrder, fmt.Sprintf("the wall has %s next, not %s", w, t)
		}
	} else {
		g.outside--
	}
	st.add(t)
	g.drawn = t
	g.turn, g.need = s, needAct
	if g.sized && g.front >= g.back {
		reason += "; the last tile of the wall"
	}
	if ft := g.overSupply(); ft != notation.NoTile && ft == t {
		g.impossibleAt(e, copiesHint, "one %s more than the set has (four of each tile, eight flowers, eight jokers)", t)
		return
	}
	g.judge(e, verdict, rule, reason)
}

func (g *amGame) notYourTurn(s notation.Seat) string {
	switch g.need {
	case needClaim:
		return fmt.Sprintf("after %s's discard it is %s's turn to draw (or a call), not %s's", g.discarder, g.nextLive(g.discarder), s)
	case needDiscard:
		return fmt.Sprintf("%s must discard after the exposure", g.turn)
	}
	return g.whoseTurn()
}

func (g *amGame) discardTile(e *Event, named notation.Tile) {
	s, t := e.Seat, e.Tile()
	st := &g.seats[s]
	verdict, rule, reason := VerdictOK, RuleDiscard, "in turn"
	if g.dealing && s == g.dealer {
		g.endCharleston(e)
	}
	switch {
	case s == g.turn && (g.need == needAct || g.need == needDiscard):
	case st.held() != 14:
		g.bad(e, RuleTileCount, fmt.Sprintf("%s holds %s and discards: a wrong number of tiles makes the hand dead", s, words.Count(st.held(), "tile")))
		g.kill(e, s, RuleTileCount, "discarded holding "+words.Count(st.held(), "tile"))
		return
	default:
		verdict, rule, reason = VerdictIllegal, RuleTurnOrder, g.notYourTurn(s)
	}
	if n := st.held(); n != 14 && verdict == VerdictOK {
		g.bad(e, RuleTileCount, fmt.Sprintf("%s holds %s: a wrong number of tiles makes the hand dead", s, words.Count(n, "tile")))
		g.kill(e, s, RuleTileCount, "held "+words.Count(n, "tile")+" at a discard")
		g.turn, g.need = g.nextLive(s), needDraw
		return
	}
	g.phantom = !st.discardTile(t)
	if g.phantom {
		verdict, rule, reason = VerdictIllegal, RuleInHand, fmt.Sprintf("%s does not hold %s", s, t)
	}
	if t == notation.Joker && verdict == VerdictOK {
		reason = "a discarded joker is dead: nobody may call it"
	}
	if named != t {
		reason = joinReason(reason, fmt.Sprintf("misnamed as %s: the tile stays %s", named, t))
		if verdict == VerdictOK {
			rule = RuleMisnamed
		}
	}
	g.dealing = false
	g.turn, g.need = s, needClaim
	g.discarder, g.discard, g.named = s, t, named
	g.judge(e, verdict, rule, reason)
}

// exchange rules on a joker exchange: a natural from the hand for a joker in an exposure of that tile.
func (g *amGame) exchange(e *Event) {
	s, t := e.Seat, e.Tile()
	st := &g.seats[s]
	switch {
	case g.dead[s]:
		g.bad(e, RuleDeadHand, fmt.Sprintf("%s's hand is dead: it stops playing; others may still take jokers from its exposures", s))
		return
	case g.need == needClaim && s != g.discarder:
		g.bad(e, RuleJokerExchange, fmt.Sprintf("never a discard for a joker, nor an exchange before drawing: %s exchanges only on their own turn, after drawing or exposing", s))
		g.kill(e, s, RuleJokerExchange, "a joker exchange out of turn")
		return
	case s != g.turn || g.need != needAct && g.need != needDiscard || g.dealing:
		g.bad(e, RuleJokerExchange, fmt.Sprintf("a joker exchange is made on your own turn, after drawing or exposing: %s", g.notYourTurn(s)))
		g.kill(e, s, RuleJokerExchange, "a joker exchange out of turn")
		return
	}
	owners := []notation.Seat{s, g.next(s), g.next(g.next(s)), g.next(g.next(g.next(s)))}
	if e.From <= notation.SeatNorth {
		owners = []notation.Seat{e.From}
	}
	for _, o := range owners {
		ms := g.seats[o].melds
		i := slices.IndexFunc(ms, func(m notation.Meld) bool { return m.IsSet() && m.Tile == t && m.Jokers > 0 })
		if i < 0 {
			continue
		}
		if !st.take(t) {
			g.bad(e, RuleInHand, fmt.Sprintf("%s does not hold a natural %s", s, t))
			return
		}
		ms[i].Jokers--
		st.known[notation.Joker]++
		g.ok(e, RuleJokerExchange, fmt.Sprintf("%s gives %s for the joker in %s's exposure %s", s, t, o, ms[i]))
		return
	}
	where := "any exposure"
	if e.From <= notation.SeatNorth {
		where = e.From.String() + "'s exposures"
	}
	g.bad(e, RuleJokerExchange, fmt.Sprintf("no joker stands for %s in %s", t, where))
}

// seenFor is what Closest takes as gone for seat s: every discard and the naturals of the other
// seats' exposures; seen[Joker] counts discarded jokers.
func (g *amGame) seenFor(s notation.Seat) notation.Counts {
	var c notation.Counts
	for o := range g.seats {
		for _, t := range g.seats[o].discards {
			c[t]++
		}
		if notation.Seat(o) == s {
			continue
		}
		for _, m := range g.seats[o].melds {
			c[m.Tile] += uint8(m.Naturals())
		}
	}
	return c
}

// liveLines reports whether the hand (a seat's exposures, with or without its concealed tiles) can
// still make some line of the card.
func (g *amGame) liveLines(s notation.Seat, h *notation.Hand) bool {
	if g.flow.card == nil {
		return true
	}
	return !american.AllDead(american.Closest(g.flow.card, h, g.seenFor(s), 1))
}

// claimSize is the number of tiles a call exposes.
func claimSize(v Verb) int {
	switch v {
	case VerbPong:
		return 3
	case VerbKong:
		return 4
	case VerbQuint:
		return 5
	case VerbSextet:
		return 6
	}
	return 0
}

func meldKind(size int) notation.MeldKind {
	return map[int]notation.MeldKind{3: notation.Pong, 4: notation.Kong, 5: notation.Quint, 6: notation.Sextet}[size]
}

// claims rules on calls made at once on the discard on the table.
func (g *amGame) claims(evs []Event) {
	if g.need != needClaim {
		for i := range evs {
			g.noDiscard(&evs[i], "call")
		}
		return
	}
	type verdict struct {
		legal  bool
		win    bool
		kill   bool // an illegal call that kills the caller's hand
		rule   string
		reason string
		meld   notation.Meld
		w      *Win
		tile   notation.Tile // the tile a Mah Jongg takes
	}
	vs := make([]verdict, len(evs))
	var seen [4]bool
	for i := range evs {
		c, v := &evs[i], &vs[i]
		s := c.Seat
		switch {
		case c.Verb == VerbPass:
			continue
		case s > notation.SeatNorth:
			v.rule, v.reason = RuleTurnOrder, "no seat"
		case seen[s]:
			v.rule, v.reason = RuleClaimPriority, fmt.Sprintf("%s makes one call on a discard", s)
		case s == g.discarder:
			v.rule, v.reason = RuleOwnDiscard, fmt.Sprintf("%s cannot call their own discard", s)
		case g.dead[s]:
			v.rule, v.reason = RuleDeadHand, fmt.Sprintf("%s's hand is dead: it makes no calls", s)
		case g.phantom:
			v.rule, v.reason = RuleInHand, fmt.Sprintf("%s's discard of %s was not in the hand: there is nothing to call", g.discarder, g.discard)
		case g.discard == notation.Joker:
			v.rule, v.reason = RuleDeadJoker, "a discarded joker is dead: it cannot be called, for an exposure or Mah Jongg"
		case c.Verb == VerbChow:
			v.rule, v.reason = RuleExposure, "American exposures are pungs, kongs, quints and sextets of one tile: never a run"
		case c.Tile() != Unknown && c.Tile() != g.discard && c.Tile() != g.named:
			v.rule, v.reason = RuleClaimTile, fmt.Sprintf("the discard is %s, not %s", g.discard, c.Tile())
		case c.Verb == VerbWin || c.Verb == VerbPair:
			seen[s] = true
			ctx := Context{Seat: g.seatWind(s), Prevailing: notation.SeatEast, Win: scoring.Discard, Discarder: g.discarder}
			// A Mah Jongg on a misnamed discard stands with the tile named, or with the tile itself
			// when the caller names that: the misnaming prevented the call (seed 002).
			v.tile = g.named
			if c.Tile() == g.discard {
				v.tile = g.discard
			}
			v.w, v.legal, v.rule, v.reason = g.scoreWin(c, v.tile, true, ctx)
			v.win = v.legal
			v.kill = !v.legal && v.rule == RuleMahJonggError && (c.Shows != nil || len(g.seats[s].melds) > 0)
			if v.legal && g.named != g.discard {
				how := fmt.Sprintf("on the %s it was named", g.named)
				if v.tile == g.discard {
					how = fmt.Sprintf("on the %s itself: the misnaming as %s kept it from being called", g.discard, g.named)
				}
				v.reason = joinReason(v.reason, fmt.Sprintf("Mah Jongg %s, so %s, who misnamed it, pays four times alone", how, g.discarder))
			}
			if !v.legal && c.Verb == VerbPair && v.rule == RuleMahJonggError {
				v.rule, v.reason = RuleCallPair, "a discard is never called for a pair, except for Mah Jongg: "+v.reason
			}
		default:
			seen[s] = true
			v.meld, v.rule, v.reason, v.legal, v.kill = g.judgeExposure(c)
		}
	}
	// Mah Jongg beats an exposure; among equal calls the next player in turn takes the tile.
	taker := -1
	for _, wantWin := range []bool{true, false} {
		for o, n := g.next(g.discarder), 0; n < 3 && taker < 0; o, n = g.next(o), n+1 {
			for i := range evs {
				if vs[i].legal && vs[i].win == wantWin && evs[i].Seat == o {
					taker = i
				}
			}
		}
	}
	for i := range evs {
		c, v := &evs[i], &vs[i]
		switch {
		case c.Verb == VerbPass:
			g.declines(c)
		case !v.legal:
			g.bad(c, v.rule, v.reason)
			if v.kill {
				g.kill(c, c.Seat, v.rule, v.reason)
			}
		case i == taker:
			why := fmt.Sprintf("%s takes %s's %s", c.Seat, g.discarder, g.discard)
			if v.win {
				why = fmt.Sprintf("%s takes %s's %s for Mah Jongg", c.Seat, g.discarder, g.named)
			}
			g.ok(c, v.rule, joinReason(v.reason, why))
		default:
			t := &evs[taker]
			rule := RuleNextInTurn
			why := fmt.Sprintf("%s is next in turn after %s and takes the %s", t.Seat, g.discarder, g.discard)
			if vs[taker].win && !v.win {
				rule, why = RuleClaimPriority, fmt.Sprintf("Mah Jongg beats an exposure: %s takes the %s", t.Seat, g.discard)
			}
			g.ok(c, rule, why)
		}
	}
	if g.need == needOver || taker < 0 {
		return
	}
	c, v := &evs[taker], &vs[taker]
	st := &g.seats[c.Seat]
	g.removeFromRiver()
	if v.win {
		st.known[v.tile]++
		g.misname = g.named != g.discard
		g.won(v.w)
		return
	}
	var need notation.Counts
	v.meld.AddTo(&need)
	need[g.discard]--
	st.takeAll(need)
	st.melds = append(st.melds, v.meld)
	g.turn, g.need = c.Seat, needDiscard
	// An exposure after which the seat's known hand can make no line kills it.
	if st.unknown == 0 {
		h := notation.Hand{Concealed: st.known, Melds: st.melds}
		if !g.liveLines(c.Seat, &h) {
			g.bad(c, RuleDeadHand, fmt.Sprintf("after exposing %s %s's hand can match no line: it is dead", v.meld, c.Seat))
			g.kill(c, c.Seat, RuleExposure, fmt.Sprintf("after exposing %s the hand can match no line of the card", v.meld))
			if g.need != needOver {
				g.turn, g.need = g.nextLive(c.Seat), needDraw
			}
		}
	}
}

// judgeExposure rules on a call for a pung, kong, quint or sextet: the meld, the rule and reason,
// whether it stands, and whether the failed call kills the hand.
func (g *amGame) judgeExposure(c *Event) (notation.Meld, string, string, bool, bool) {
	s, t := c.Seat, g.discard
	size := claimSize(c.Verb)
	m := notation.Meld{Kind: meldKind(size), Tile: t, Jokers: uint8(c.Jokers), From: g.discarder}
	misnamed := ""
	if g.named != t {
		// A caller of a misnamed tile is committed to the tile itself.
		misnamed = fmt.Sprintf("; the discard was misnamed %s, and the caller is committed to the %s itself: the hand is dead", g.named, t)
	}
	if c.Jokers > size-1 {
		return m, RuleExposure, fmt.Sprintf("an exposure holds at least one natural: the %s called", t), false, false
	}
	st := &g.seats[s]
	var need notation.Counts
	m.AddTo(&need)
	need[t]--
	if !st.canHold(need) {
		return m, RuleInHand, fmt.Sprintf("%s does not hold %s for the %s%s", s, notation.FormatTiles(need.Tiles()), c.Verb, misnamed), false, misnamed != ""
	}
	h := notation.Hand{Melds: append(slices.Clone(st.melds), m)}
	if !g.liveLines(s, &h) {
		if !american.AllDead(american.Closest(g.flow.card, &h, notation.Counts{}, 1)) {
			return m, RuleExposure, fmt.Sprintf("with %s exposed no line of the card can still be made (the tiles it needs are gone): the hand is dead", m), false, true
		}
		return m, RuleExposure, fmt.Sprintf("the exposure %s fits no exposed (X) line of the card: the hand is dead", m), false, true
	}
	return m, RuleExposure, fmt.Sprintf("%s fits an exposed line of the card", m), true, false
}

// scoreWin matches seat c.Seat's hand (plus t when extra) against the card.
func (g *amGame) scoreWin(c *Event, t notation.Tile, extra bool, ctx Context) (*Win, bool, string, string) {
	s := c.Seat
	st := &g.seats[s]
	h := st.hand(t, extra)
	w := &Win{Seat: s, Context: ctx}
	if c.Shows != nil {
		if why := shownCount(s, h.Concealed, st.unknown, c.Shows.Concealed, true); why != "" {
			g.impossibleAt(c, laidDownHint, "%s", why)
			return w, false, RuleMahJonggError, why
		}
		if problem := shownMismatch(s, h.Concealed, st.unknown, c.Shows.Concealed); problem != "" {
			return w, false, RuleMahJonggError, "Mah Jongg in error: " + problem
		}
		h.Concealed = c.Shows.Concealed
	} else if st.unknown > 0 {
		w.hand, w.Hand, w.unseen = h, notation.FormatWith(h, AmericanRead.Notation), true
		return w, true, RuleWin, fmt.Sprintf("%s's hand was not seen: Mah Jongg is taken as declared", s)
	}
	w.hand, w.Hand = h, notation.FormatWith(h, AmericanRead.Notation)
	if g.flow.card == nil {
		return w, true, RuleWin, "no card: Mah Jongg is taken as declared"
	}
	res := american.Match(g.flow.card, &h, g.flow.rules)
	if !res.Valid {
		why := "Mah Jongg in error: " + res.Reason
		switch {
		case c.Shows != nil:
			return w, false, RuleMahJonggError, why + "; the tiles were shown, so the hand is dead"
		case len(st.melds) > 0:
			return w, false, RuleMahJonggError, why + fmt.Sprintf("; %s has exposures on the table, so the hand is dead even though it was not laid down", s)
		}
		return w, false, RuleMahJonggError, why + "; withdrawn before any tile was shown: no penalty"
	}
	w.Items, w.Total, w.Checked = res.Items, res.Value, true
	if res.JokerlessBonus {
		w.Items = append(slices.Clone(w.Items), scoring.Item{ID: "jokerless", Name: "jokerless (payments doubled)", Value: 0})
	}
	g.jokerls = res.JokerlessBonus
	st.reveal(h.Concealed, t, extra)
	return w, true, RuleWin, fmt.Sprintf("Mah Jongg: %s", res)
}

// selfDraw rules on Mah Jongg declared on the seat's own tiles.
func (g *amGame) selfDraw(e *Event) {
	s := e.Seat
	onTurn := s == g.turn && g.need == needAct
	if !onTurn {
		g.bad(e, RuleTurnOrder, "Mah Jongg out of turn: "+g.notYourTurn(s))
		switch {
		case e.Shows != nil:
			g.kill(e, s, RuleMahJonggError, "Mah Jongg declared out of turn with the tiles shown")
		case len(g.seats[s].melds) > 0:
			g.kill(e, s, RuleMahJonggError, "Mah Jongg declared out of turn with exposures on the table")
		}
		return
	}
	kind := scoring.SelfDraw
	if g.dealing && s == g.dealer {
		kind = scoring.Heavenly
	}
	t := e.Tile()
	if t == Unknown {
		t = g.drawn
	}
	ctx := Context{Seat: g.seatWind(s), Prevailing: notation.SeatEast, Win: kind, Discarder: notation.NoSeat}
	w, ok, rule, reason := g.scoreWin(e, t, false, ctx)
	if !ok {
		g.bad(e, rule, reason)
		if e.Shows != nil || rule == RuleMahJonggError && len(g.seats[s].melds) > 0 {
			g.kill(e, s, rule, reason)
			if g.need != needOver {
				g.turn, g.need = g.nextLive(s), needDraw
			}
		}
		return
	}
	g.ok(e, rule, reason)
	g.won(w)
}

func (g *amGame) won(w *Win) {
	g.declareWin(w)
	g.win = w
}

func (g *amGame) finish() {
	if g.sized && g.front >= g.back && (g.need == needClaim || g.need == needDraw) {
		g.over(OutcomeDraw, "wall game: the wall ran out and nobody pays")
	}
	if g.flow.settle == nil || g.result.Outcome != OutcomeWin {
		return
	}
	if !g.win.Checked {
		g.notSettled("the winning hand was not scored")
		return
	}
	in := settle.Input{Outcome: settle.Won, Kind: g.win.Context.Win, Discarder: g.win.Context.Discarder, Misnamed: g.misname}
	if in.Kind == scoring.Heavenly {
		in.Kind = scoring.SelfDraw
	}
	wn := settle.NewWinner(g.win.Seat, g.win.Total)
	wn.Jokerless = g.jokerls
	in.Winners = []settle.Winner{wn}
	res, err := settle.Settle(g.flow.settle, in)
	if err != nil {
		g.notSettled(err.Error())
		return
	}
	g.result.Payments, g.result.Deltas = res.Payments, res.Deltas
	if g.misname {
		g.result.Reason = joinReason(g.result.Reason, fmt.Sprintf("%s misnamed the winning discard: %s pays alone", g.win.Context.Discarder, g.win.Context.Discarder))
	}
	if len(g.deaths) > 0 {
		g.result.Reason = joinReason(g.result.Reason, "dead hands pay like any other loser")
	}
}

func (g *amGame) report() Report {
	r := g.table.report()
	r.Dead = g.deaths
	return r
}
