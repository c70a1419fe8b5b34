package referee

import (
	"errors"
	"fmt"
	"slices"

	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// count is the seat's hand as play counts it: a kong as three tiles, bonus tiles not at all.
func (s *seatState) count() int {
	n := s.known.Total() + s.unknown
	for t := notation.F1; t <= notation.Flower; t++ {
		n -= int(s.known[t])
	}
	for _, m := range s.melds {
		n += min(m.Size(), 3)
	}
	return n
}

// game is a Hong Kong hand (and the engine under a DeBurger one).
type game struct {
	table
	total int // tiles in the set

	owed       [4]int
	drew       [4]bool // has drawn at least once (for heavenly)
	first      bool    // the discard on the table is the dealer's first, before any claim
	claimed    bool    // any claim or kong so far
	lastDisc   bool    // the discard on the table came after the last tile was drawn
	konger     notation.Seat
	kongTile   notation.Tile
	flowerTile notation.Tile // the last bonus tile laid out by the seat on turn, awaiting its replacement
	concealed  bool          // the kong on the table is concealed
	kongReal   bool          // the kong on the table was really made (its tiles were there)
	kongs      int           // kongs in a row by the seat on turn
	drawKind   scoring.WinKind
	lastTile   bool // the seat on turn drew the last tile of the wall
	skipped    []notation.Seat
	claimer    notation.Seat

	pending []Win // the wins to settle

	// Missed-win lock (Rules.MissedWinLock): who could have won on the discard on the table, and the
	// tile each seat passed a win on and may not win on until its next draw.
	couldWin [4]bool
	locked   [4]notation.Tile
}

// Replay replays a hand's log, rules on every event and derives the result. It goes on after an
// illegal step wherever it can, following the log, and reports every illegal step. A win is scored
// with deps.Score and the hand settled with deps.Settle.
//
// A log that cannot describe a real hand (a hand of the wrong size for its seat at the deal, where
// a mid-hand log begins or laid down, more copies of a tile than the set has, a wall that does not
// fit) is not ruled on: Replay returns a *LogError naming the seat, the event and the count, and
// no report, so that nothing is paid on it.
func Replay(lg *Log, deps Deps) (Report, error) {
	var rep Report
	var err error
	if deps.Flow != nil {
		rep, err = deps.Flow.Replay(lg, deps)
	} else {
		rep, err = run(newGame(lg, deps), lg)
	}
	if err != nil {
		return Report{}, err
	}
	explain(&deps.Rules, rep.Rulings)
	return rep, nil
}

func newGame(lg *Log, deps Deps) *game {
	g := &game{table: newTable(lg, deps, actionText), total: deps.Rules.TileCount(), konger: notation.NoSeat, claimer: notation.NoSeat}
	g.drawKind = scoring.SelfDraw

	laidOut := 0 // bonus tiles written as laid out at the deal: their replacements came from the back
	g.deal(false, func(s notation.Seat, st *seatState, sh *SeatHand, want int) {
		n := sh.Tiles()
		switch {
		case n == want:
			laidOut += len(st.bonus)
		case n+len(st.bonus) == want:
			// Written before flower replacement: the bonus tiles are still in the hand.
			for _, b := range st.bonus {
				st.known[b]++
			}
			st.bonus = nil
		default:
			g.dealtWrong(s, sh, n, hkSizeHint)
		}
		if len(st.melds) > 0 {
			g.meldsAtDeal(s, sh)
		}
	})
	if !g.deps.Rules.Flowers() {
		for _, s := range notation.Seats {
			st := &g.seats[s]
			if len(st.bonus) > 0 || hasBonus(&st.known) {
				g.badHeader(s, "deal", RuleNoFlowers, fmt.Sprintf("%s holds bonus tiles, but this ruleset plays without flowers", s))
			}
		}
	}
	// The wall: whatever is not in a hand, a meld, a river or laid out.
	rest := g.total - g.inPlay()
	g.layWall(rest)
	switch {
	case lg.Wall != nil:
		if lg.Start == nil && len(g.wall) != rest+laidOut && len(g.wall) != rest {
			g.wallWrong(fmt.Sprintf("wall: %d tiles, but after the deal %d are left", len(g.wall), rest))
		}
		if lg.Start != nil && lg.Start.Wall >= 0 && lg.Start.Wall != len(g.wall) {
			g.wallWrong(fmt.Sprintf("start.wall says %d tiles, but the wall lists %d", lg.Start.Wall, len(g.wall)))
		}
		if lg.Start == nil && laidOut > 0 && len(g.wall) == rest+laidOut {
			// The wall as dealt: it still holds the replacements of the flowers laid out at the deal,
			// which came from the back and are in the hands now.
			g.wall = g.wall[:len(g.wall)-laidOut]
			g.back, g.outside = len(g.wall), rest-len(g.wall)
		}
	case lg.Start != nil && lg.Start.Wall >= 0 && lg.Start.Wall > rest:
		g.wallWrong(fmt.Sprintf("start.wall says %d tiles, but only %d are not in hands, melds or discards", lg.Start.Wall, rest))
	}
	if g.outside < 0 && lg.Wall == nil {
		g.tooManyTiles(g.inPlay(), g.total)
	}
	if t, where := g.fifthCopy(); t != notation.NoTile {
		g.impossible(&LogError{Msg: fmt.Sprintf("more copies of %s than the set has (%s in the hands, melds, discards and wall the log writes)", t, where), Hint: copiesHint})
	}
	return g
}

func hasBonus(c *notation.Counts) bool {
	for t := notation.F1; t <= notation.Flower; t++ {
		if c[t] > 0 {
			return true
		}
	}
	return false
}

// fifthCopy returns a tile seen more often than the set holds it.
func (g *game) fifthCopy() (notation.Tile, string) {
	c := g.seen()
	for t, n := range c {
		tt := notation.Tile(t)
		switch {
		case tt.IsPlaying() && n > 4:
			return tt, fmt.Sprintf("%d seen", n)
		case tt.IsBonus() && tt != notation.Flower && n > 1:
			return tt, fmt.Sprintf("%d seen", n)
		}
	}
	return notation.NoTile, ""
}

// live is the number of tiles that may still be drawn.
func (g *game) live() int { return g.back - g.front - g.deps.Rules.DeadWall }

func actionText(e *Event) string {
	s := e.Verb.String()
	if len(e.Tiles) > 0 {
		s += " " + tilesText(e.Tiles)
	}
	return s
}

func tilesText(ts []notation.Tile) string {
	out := ""
	for _, t := range ts {
		if t == Unknown {
			out += "?"
			continue
		}
		out += t.String()
	}
	if !slices.Contains(ts, Unknown) {
		return notation.FormatTiles(ts)
	}
	return out
}

// step applies one event.
func (g *game) step(e *Event) {
	if !g.admit(e, g.startAt) {
		return
	}
	switch e.Verb {
	case VerbDraw:
		g.draw(e)
	case VerbDiscard:
		g.discardTile(e)
	case VerbFlower:
		g.flower(e)
	case VerbAddKong:
		g.addKong(e)
	case VerbConcealedKong:
		g.concealedKong(e)
	case VerbChow, VerbPong, VerbKong:
		g.claims(e, []Event{*e})
	case VerbWin:
		switch g.need {
		case needClaim:
			g.claims(e, []Event{*e})
		case needRob:
			g.rob(e)
		case needReplace:
			if e.Seat != g.turn && !g.dealing && g.flowerTile != notation.NoTile {
				g.sevenFlowers(e)
				break
			}
			g.selfDraw(e)
		default:
			g.selfDraw(e)
		}
	case VerbClaims:
		g.claims(e, e.Claims)
	case VerbPass:
		g.declines(e)
	default:
		g.bad(e, RuleTurnOrder, "unknown action")
	}
}

// startAt sets the turn for a log that starts in the middle of a hand: the first event's seat is on turn.
func (g *game) startAt(e *Event) {
	switch e.Verb {
	case VerbDraw, VerbDiscard, VerbAddKong, VerbConcealedKong, VerbFlower, VerbWin:
		// A seat short of 14, or whose hand the log does not write, drew before the log began.
		g.table.startAt(e, (*seatState).count, func(st *seatState) bool { return st.count() < 14 && st.unknown > 0 || g.log.Hands[e.Seat] == nil }, hkSizeHint)
	default:
		g.dealing = false
		g.checkSizes(e, (*seatState).count, false, false, hkSizeHint)
		g.bad(e, RuleNoDiscard, "a log that starts mid-hand must start at a draw or a discard")
	}
}

// pull takes a tile from the wall, front or back, checking it against a known wall. It returns the tile
// (Unknown when nobody saw it) and a problem, if any.
func (g *game) pull(t notation.Tile, fromBack bool) (notation.Tile, string) {
	if g.back <= g.front {
		if g.outside > 0 && !g.sized {
			g.outside--
			return t, ""
		}
		return t, "no tile left in the wall"
	}
	var w notation.Tile
	if fromBack {
		g.back--
		w = g.wall[g.back]
	} else {
		w = g.wall[g.front]
		g.front++
	}
	switch {
	case t == Unknown:
		return w, ""
	case w != Unknown && w != t:
		where := "front"
		if fromBack {
			where = "back"
		}
		return t, fmt.Sprintf("the wall has %s at the %s, not %s", w, where, t)
	}
	return t, ""
}

func (g *game) draw(e *Event) {
	s := e.Seat
	st := &g.seats[s]
	t := e.Tile()
	fromBack := false
	verdict, rule, reason := VerdictOK, RuleDraw, ""
	switch {
	case g.owed[s] > 0 && (g.dealing || s == g.turn):
		fromBack = true
		g.owed[s]--
		rule, reason = RuleFlower, "a replacement from the back of the wall (補花)"
	case s == g.turn && g.need == needReplace:
		fromBack = true
		if g.kongs > 0 {
			rule, reason = RuleKongReplacement, "a replacement for the kong, from the back of the wall"
		} else {
			rule, reason = RuleFlower, "a replacement for the flower, from the back of the wall"
		}
	case s == g.konger && g.need == needRob:
		fromBack = true
		rule, reason = RuleKongReplacement, "nobody robs the kong: a replacement from the back of the wall"
	case s == g.turn && g.need == needDraw:
		reason = "draws from the front of the wall"
	case g.need == needClaim && s == g.discarder.Next():
		g.turn = s
		g.lockMissed([4]bool{})
		reason = "nobody claims: draws from the front of the wall"
	case g.undeclared(s) != notation.NoTile && (g.dealing || s == g.turn && g.need == needAct):
		// A flower drawn and not written as laid out: lay it out and replace it.
		b := g.undeclared(s)
		st.known[b]--
		st.bonus = append(st.bonus, b)
		fromBack = true
		rule, reason = RuleFlower, fmt.Sprintf("%s is laid out: a replacement from the back of the wall", b)
	default:
		verdict, rule, reason = VerdictIllegal, RuleTurnOrder, g.notYourTurn(s, "draw")
		g.turn = s
	}
	if g.sized && g.live() <= 0 {
		g.over(OutcomeDraw, "the wall ran out (流局)")
		if fromBack {
			g.result.Reason = "a replacement was needed and none was left (流局)"
		}
		// Writing the draw that finds the wall empty is how a table records the end: legal when
		// it is that player's turn to draw.
		if verdict == VerdictOK {
			g.judge(e, VerdictOK, RuleWallExhausted, "no tile left to draw: the wall is exhausted and the hand is drawn (流局)")
		} else {
			g.bad(e, rule, reason+"; and no tile is left to draw: the hand is drawn")
		}
		return
	}
	g.locked[s] = notation.NoTile
	got, problem := g.pull(t, fromBack)
	if problem != "" {
		if verdict == VerdictOK {
			verdict, rule, reason = VerdictIllegal, RuleWallOrder, problem
		} else {
			reason += "; " + problem
		}
		if problem == "no tile left in the wall" {
			g.judge(e, verdict, rule, reason)
			return
		}
	}
	st.add(got)
	if fromBack && g.kongs > 0 {
		g.drawKind = scoring.KongReplacement
		if g.kongs > 1 {
			g.drawKind = scoring.KongOnKong
		}
	} else if fromBack {
		g.drawKind = scoring.FlowerReplacement
	} else {
		g.drawKind = scoring.SelfDraw
		g.kongs = 0
	}
	g.drawn = got
	if !g.dealing {
		g.drew[s] = true
	}
	if !g.dealing || s == g.turn {
		g.need = needAct
		if g.owed[s] > 0 {
			g.need = needReplace
		}
		g.turn = s
	}
	g.lastTile = g.sized && g.live() == 0
	g.skipped = nil
	if g.lastTile {
		reason += "; the last tile of the wall"
	}
	if got != Unknown {
		if ft, _ := g.fifthCopy(); ft == got {
			g.fifth(e, got)
			return
		}
	}
	g.judge(e, verdict, rule, reason)
}

// undeclared returns a bonus tile the seat holds and has not laid out.
func (g *game) undeclared(s notation.Seat) notation.Tile {
	st := &g.seats[s]
	for t := notation.F1; t <= notation.Flower; t++ {
		if st.known[t] > 0 {
			return t
		}
	}
	return notation.NoTile
}

// notYourTurn explains a turn-order violation.
func (g *game) notYourTurn(s notation.Seat, what string) string {
	if slices.Contains(g.skipped, s) {
		return fmt.Sprintf("%s misses the turn: %s claimed %s's %s, so play continues from %s", s, g.claimer, g.discarder, g.discard, g.claimer)
	}
	switch g.need {
	case needClaim:
		return fmt.Sprintf("after %s's discard it is %s's turn to draw (or a claim), not %s's %s", g.discarder, g.discarder.Next(), s, what)
	case needDiscard:
		return fmt.Sprintf("%s must discard at once after the claim", g.turn)
	case needReplace:
		return fmt.Sprintf("%s must draw a replacement from the back first", g.turn)
	case needRob:
		return fmt.Sprintf("%s must draw a replacement for the kong (unless someone robs it)", g.konger)
	}
	return g.whoseTurn()
}

func (g *game) discardTile(e *Event) {
	s := e.Seat
	st := &g.seats[s]
	t := e.Tile()
	verdict, rule, reason := VerdictOK, RuleDiscard, "in turn"
	switch {
	case s == g.turn && g.need == needAct:
	case s == g.turn && g.need == needDiscard:
		reason = "discards at once after the claim"
	default:
		verdict, rule, reason = VerdictIllegal, RuleTurnOrder, g.notYourTurn(s, "discard")
		if g.need == needDiscard && s == g.turn {
			verdict = VerdictOK
		}
	}
	if g.dealing && s == g.turn {
		for _, o := range notation.Seats {
			if g.owed[o] > 0 || g.undeclared(o) != notation.NoTile {
				verdict, rule, reason = VerdictIllegal, RuleFlower, fmt.Sprintf("%s has not replaced a flower: bonus tiles are laid out and replaced before the dealer's first discard", o)
				break
			}
		}
	}
	if b := g.undeclared(s); !g.dealing && b != notation.NoTile && b != t && verdict == VerdictOK {
		verdict, rule, reason = VerdictIllegal, RuleFlower, fmt.Sprintf("%s holds %s: a flower or season is laid out and replaced at once, before the discard", s, b)
	}
	if n := st.count(); st.unknown == 0 && n != 14 && verdict == VerdictOK {
		verdict, rule, reason = VerdictIllegal, RuleTileCount, fmt.Sprintf("%s holds %s: a player discards from 14 (a kong counts as 3)", s, words.Count(n, "tile"))
	}
	if t.IsBonus() {
		verdict, rule, reason = VerdictIllegal, RuleBonusDiscard, fmt.Sprintf("%s is a bonus tile: it is laid out and replaced, never discarded", t)
	}
	g.phantom = false
	if !st.discardTile(t) {
		verdict, rule, reason = VerdictIllegal, RuleInHand, fmt.Sprintf("%s does not hold %s", s, t)
		g.phantom = true
	} else if ft, _ := g.fifthCopy(); ft == t {
		g.fifth(e, t)
		return
	}
	g.first = g.dealing && s == g.dealer && !g.claimed
	g.dealing = false
	g.owed = [4]int{}
	g.turn = s
	g.need = needClaim
	g.discarder, g.discard = s, t
	g.lastDisc = g.sized && g.live() <= 0
	g.kongs = 0
	g.skipped = nil
	if g.lastDisc {
		reason = joinReason(reason, "the last discard")
	}
	g.judge(e, verdict, rule, reason)
	g.couldWin = [4]bool{}
	if g.deps.Rules.MissedWinLock && g.deps.Score != nil && !g.phantom {
		for _, o := range notation.Seats {
			if o != s && g.seats[o].unknown == 0 {
				h, _ := g.winnerHand(o, t, true, nil)
				sc, err := g.deps.Score(&h, g.discardContext(o).Situation())
				g.couldWin[o] = err == nil && sc.Valid
			}
		}
	}
}

// lockMissed closes the claim window: a seat that could have won on the discard and did not
// (winners excepted) may not win on that tile until its next draw.
func (g *game) lockMissed(claimedWin [4]bool) {
	for _, o := range notation.Seats {
		if g.couldWin[o] && !claimedWin[o] {
			g.locked[o] = g.discard
		}
	}
	g.couldWin = [4]bool{}
}

func (g *game) flower(e *Event) {
	s := e.Seat
	st := &g.seats[s]
	verdict, rule, reason := VerdictOK, RuleFlower, "laid out: a replacement comes from the back of the wall"
	if !g.deps.Rules.Flowers() {
		verdict, rule, reason = VerdictIllegal, RuleNoFlowers, "this ruleset plays without flowers and seasons"
	}
	onTurn := g.dealing || s == g.turn && (g.need == needAct || g.need == needReplace)
	if !onTurn && verdict == VerdictOK {
		verdict, rule, reason = VerdictIllegal, RuleTurnOrder, g.notYourTurn(s, "flower")
	}
	n := 0
	for _, b := range e.Tiles {
		if !st.take(b) {
			verdict, rule, reason = VerdictIllegal, RuleInHand, fmt.Sprintf("%s does not hold %s", s, b)
			continue
		}
		st.bonus = append(st.bonus, b)
		n++
	}
	g.owed[s] += n
	if !g.dealing && n > 0 {
		g.turn, g.need = s, needReplace
		g.flowerTile = st.bonus[len(st.bonus)-1]
	}
	if ft, _ := g.fifthCopy(); ft != notation.NoTile {
		g.fifth(e, ft)
		return
	}
	g.judge(e, verdict, rule, reason)
}

func (g *game) addKong(e *Event) {
	g.kong(e, false, RuleAddKong, "the fourth tile on the exposed pong; it may be robbed", func(st *seatState) (string, string) {
		s, t := e.Seat, e.Tile()
		i := slices.IndexFunc(st.melds, func(m notation.Meld) bool { return m.Kind == notation.Pong && m.Tile == t && !m.Concealed })
		switch {
		case i < 0:
			return RuleAddKong, fmt.Sprintf("%s has no exposed pong of %s to add to", s, t)
		case !st.take(t):
			return RuleInHand, fmt.Sprintf("%s does not hold the fourth %s", s, t)
		}
		st.melds[i].Kind = notation.Kong
		return "", ""
	})
}

func (g *game) concealedKong(e *Event) {
	g.kong(e, true, RuleConcealedKong, "four of a kind from the hand; a replacement comes from the back", func(st *seatState) (string, string) {
		s, t := e.Seat, e.Tile()
		var need notation.Counts
		need[t] = 4
		switch {
		case !t.IsPlaying():
			return RuleConcealedKong, fmt.Sprintf("%s cannot form a kong", t)
		case !st.takeAll(need):
			return RuleInHand, fmt.Sprintf("%s does not hold four %s", s, t)
		}
		st.melds = append(st.melds, notation.Meld{Kind: notation.Kong, Tile: t, Concealed: true, From: notation.NoSeat})
		return "", ""
	})
}

// kong rules on a kong declared on the seat's own turn (an added kong, or a concealed one): rule and
// reason are the ruling when it stands; build makes it from the seat's tiles, or returns the rule and
// reason why it cannot. Made or not, the kong is on the table for robbing wins or a replacement draw.
func (g *game) kong(e *Event, concealed bool, rule, reason string, build func(*seatState) (string, string)) {
	s, t := e.Seat, e.Tile()
	verdict := VerdictOK
	if !(s == g.turn && g.need == needAct) {
		verdict, rule, reason = VerdictIllegal, RuleTurnOrder, g.notYourTurn(s, e.Verb.String())
		if g.need == needDiscard && s == g.turn {
			rule, reason = RuleDiscardAtOnce, fmt.Sprintf("after a claim %s discards at once", s)
		}
	}
	if r, why := build(&g.seats[s]); r != "" {
		verdict, rule, reason = VerdictIllegal, r, why
	}
	g.kongReal = verdict == VerdictOK || rule == RuleTurnOrder || rule == RuleDiscardAtOnce
	g.turn, g.need = s, needRob
	g.konger, g.kongTile, g.concealed = s, t, concealed
	g.kongs++
	g.claimed = true
	g.judge(e, verdict, rule, reason)
}

// replayHolder answers claim checks from the replay's state.
type replayHolder struct{ g *game }

func (h replayHolder) holds(s notation.Seat, need notation.Counts) bool {
	return h.g.seats[s].canHold(need)
}

// claims rules on one or more claims made at once on the discard on the table.
func (g *game) claims(e *Event, evs []Event) {
	if g.need != needClaim {
		var robbers []*Event
		for i := range evs {
			if evs[i].Verb == VerbWin && g.need == needRob {
				robbers = append(robbers, &evs[i])
			}
		}
		for i := range evs {
			if evs[i].Verb != VerbWin || g.need != needRob {
				g.noDiscard(&evs[i], "claim")
			}
		}
		if len(robbers) > 0 {
			g.robAll(robbers)
		}
		return
	}
	claims := make([]Claim, len(evs))
	legal := make([]bool, len(evs))
	rules := make([]string, len(evs))
	reasons := make([]string, len(evs))
	melds := make([]notation.Meld, len(evs))
	scores := make([]*Win, len(evs))
	var seen [4]bool
	for i := range evs {
		c := &evs[i]
		claims[i] = Claim{Seat: c.Seat, Verb: c.Verb, Tiles: c.Tiles}
		if c.Seat > notation.SeatNorth {
			rules[i], reasons[i] = RuleTurnOrder, "no seat"
			continue
		}
		if seen[c.Seat] && c.Verb != VerbPass {
			rules[i], reasons[i] = RuleClaimPriority, fmt.Sprintf("%s makes one claim on a discard", c.Seat)
			continue
		}
		seen[c.Seat] = true
		if c.Jokers > 0 {
			rules[i], reasons[i] = RuleClaimTile, "this ruleset plays without jokers"
			continue
		}
		if g.phantom && c.Verb != VerbPass {
			rules[i], reasons[i] = RuleInHand, fmt.Sprintf("%s's discard of %s was not in the hand: there is nothing to claim", g.discarder, g.discard)
			continue
		}
		melds[i], rules[i], reasons[i], legal[i] = checkClaim(claims[i], g.discarder, g.discard, replayHolder{g}, &g.deps.Claims)
		if legal[i] && c.Verb == VerbChow && len(c.Tiles) == 0 {
			reasons[i] = fmt.Sprintf("the run was not written: taken as %s", notation.FormatTiles(melds[i].Tiles()))
		}
		if legal[i] && c.Verb == VerbWin && g.locked[c.Seat] == g.discard {
			legal[i], rules[i] = false, RuleMissedWin
			reasons[i] = fmt.Sprintf("%s passed a win on %s and may not win on it again before drawing (missed-win lock)", c.Seat, g.discard)
			continue
		}
		if legal[i] && c.Verb == VerbWin {
			w, rule, reason, ok := g.scoreWin(c, g.discard, g.discardContext(c.Seat))
			scores[i] = w
			if !ok {
				legal[i], rules[i], reasons[i] = false, rule, reason
			} else {
				rules[i], reasons[i] = RuleWin, reason
			}
		}
	}
	takers, why := decide(g.discarder, claims, legal, g.deps.Rules.AllWin(), &g.deps.Claims)
	var claimedWin [4]bool
	for _, c := range claims {
		if c.Verb == VerbWin && c.Seat <= notation.SeatNorth {
			claimedWin[c.Seat] = true
		}
	}
	g.lockMissed(claimedWin)
	var falseWin *Event
	for i := range evs {
		c := &evs[i]
		switch {
		case !legal[i]:
			g.bad(c, rules[i], reasons[i])
			if rules[i] == RuleFalseWin && falseWin == nil {
				falseWin = c
			}
		case c.Verb == VerbPass:
			g.declines(c)
		case isIn(i, takers):
			r := takerRule(claims[i], rules[i], claims, legal)
			if c.Verb == VerbWin && len(takers) > 1 {
				r = RuleWin // every claimant wins
			}
			why := fmt.Sprintf("%s takes %s's %s", c.Seat, g.discarder, g.discard)
			if sk := between(g.discarder, c.Seat); c.Verb != VerbWin && len(sk) > 0 {
				why += fmt.Sprintf("; %s miss%s the turn", seatList(sk), plural(len(sk)))
			}
			g.ok(c, r, joinReason(reasons[i], why))
		default:
			r := RuleClaimPriority
			if c.Verb == VerbWin {
				r = RuleHeadBump
			}
			g.ok(c, r, why[i])
		}
	}
	if falseWin != nil && len(takers) == 0 {
		g.falseWin(falseWin.Seat, "a false win on "+g.discard.String())
		return
	}
	if len(takers) == 0 {
		return
	}
	top := claims[takers[0]]
	if top.Verb == VerbWin {
		var wins []Win
		for _, i := range takers {
			wins = append(wins, *scores[i])
		}
		// One tile, however many win on it: it goes to the first winner's hand.
		g.seats[claims[takers[0]].Seat].known[g.discard]++
		g.removeFromRiver()
		g.won(wins)
		return
	}
	// A chow, pong or kong: the tile leaves the river for the meld; play continues from the claimer.
	st := &g.seats[top.Seat]
	m := melds[takers[0]]
	need := notation.Counts{}
	m.AddTo(&need)
	need[g.discard]--
	if !st.takeAll(need) {
		g.bad(e, RuleInHand, fmt.Sprintf("%s does not hold the tiles for the %s", top.Seat, top.Verb))
		return
	}
	g.removeFromRiver()
	st.melds = append(st.melds, m)
	g.skipped = between(g.discarder, top.Seat)
	g.claimer = top.Seat
	g.turn = top.Seat
	g.claimed = true
	g.first = false
	if top.Verb == VerbKong {
		g.need = needReplace
		g.kongs = 1
		return
	}
	g.need = needDiscard
}

// discardContext is the situation of a win on the discard on the table by seat s.
func (g *game) discardContext(s notation.Seat) Context {
	c := g.context(s, scoring.Discard)
	c.Discarder = g.discarder
	c.LastTile = g.lastDisc
	switch {
	case g.first && g.discarder == g.dealer && s != g.dealer:
		c.Win = scoring.Earthly
	case g.deps.HumanHand && g.log.Start == nil && s != g.dealer && !g.drew[s] && !g.claimed:
		// A non-dealer's win on a discard before their own first draw, nothing claimed: a human
		// hand (人糊), at a table that pays one.
		c.Win = scoring.Human
	}
	return c
}

func (g *game) context(s notation.Seat, w scoring.WinKind) Context {
	prevailing := g.log.Prevailing
	if prevailing > notation.SeatNorth {
		prevailing = notation.SeatEast
	}
	return Context{
		Seat:       g.seatWind(s),
		Prevailing: prevailing,
		Win:        w,
		Discarder:  notation.NoSeat,
	}
}

// winnerHand builds the hand the seat would win with on tile t (not yet in the hand when extra).
func (g *game) winnerHand(s notation.Seat, t notation.Tile, extra bool, shows *notation.Hand) (notation.Hand, string) {
	st := &g.seats[s]
	h := st.hand(t, extra)
	if shows != nil {
		if problem := shownMismatch(s, h.Concealed, st.unknown, shows.Concealed); problem != "" {
			return h, problem
		}
		h.Concealed = shows.Concealed
		for _, m := range shows.Melds {
			if m.Concealed && !slices.Contains(h.Melds, m) {
				return h, fmt.Sprintf("the concealed kong %s was never declared", m)
			}
		}
		return h, ""
	}
	if st.unknown > 0 {
		return h, "unseen"
	}
	return h, ""
}

// scoreWin scores seat c.Seat's win on tile t, returning the win and whether it stands.
func (g *game) scoreWin(c *Event, t notation.Tile, ctx Context) (*Win, string, string, bool) {
	s := c.Seat
	extra := ctx.Win == scoring.Discard || ctx.Win == scoring.RobbingKong || ctx.Win == scoring.Earthly || ctx.Win == scoring.Human
	if c.Shows != nil {
		h := g.seats[s].hand(t, extra)
		if why := shownCount(s, h.Concealed, g.seats[s].unknown, c.Shows.Concealed, true); why != "" {
			g.impossibleAt(c, laidDownHint, "%s", why)
			return &Win{Seat: s, Context: ctx}, RuleFalseWin, why, false
		}
	}
	h, problem := g.winnerHand(s, t, extra, c.Shows)
	w := &Win{Seat: s, Context: ctx, hand: h}
	w.Hand = notation.Format(h)
	switch {
	case problem == "unseen":
		w.unseen = true
		return w, RuleWin, fmt.Sprintf("%s's hand was not seen: the win is taken as declared", s), true
	case problem != "":
		return w, RuleFalseWin, "false win (詐糊): " + problem, false
	}
	g.seats[s].reveal(h.Concealed, t, extra)
	if g.deps.Score == nil {
		return w, RuleWin, "no scorer: the win is taken as declared", true
	}
	sc, err := g.deps.Score(&h, ctx.Situation())
	switch {
	case err != nil && errors.Is(err, scoring.ErrNotWinning):
		return w, RuleFalseWin, fmt.Sprintf("false win (詐糊): %v", err), false
	case err != nil:
		return w, RuleFalseWin, fmt.Sprintf("false win (詐糊): %v", err), false
	case !sc.Valid:
		return w, RuleFalseWin, "false win (詐糊): " + sc.Reason, false
	}
	w.Items, w.Total, w.RawTotal, w.Limit, w.Checked = sc.Items, sc.Total, sc.raw(), sc.Limit, true
	return w, RuleWin, fmt.Sprintf("a valid hand: %d (%s)", sc.Total, ctx.Win), true
}

// selfDraw rules on a win declared on the seat's own tiles.
func (g *game) selfDraw(e *Event) {
	s := e.Seat
	if len(g.seats[s].bonus) == 8 && (g.dealing || s == g.turn && g.need == needReplace) {
		g.eightFlowers(e)
		return
	}
	if len(g.seats[s].bonus) == 7 && g.deps.SevenFlowersSelfDrawn && s == g.turn && g.need == needReplace {
		g.ownSevenFlowers(e)
		return
	}
	if !(s == g.turn && g.need == needAct) {
		reason := g.notYourTurn(s, "win")
		rule := RuleTurnOrder
		if g.need == needDiscard && s == g.turn {
			rule, reason = RuleDiscardAtOnce, fmt.Sprintf("after a chow or pong %s discards at once: a win on the discard is claimed as a win, not a %s", s, "meld")
		}
		g.bad(e, rule, reason)
		g.falseWin(s, "a win declared out of turn")
		return
	}
	st := &g.seats[s]
	kind := g.drawKind
	if g.dealing && s == g.dealer && !g.drew[s] && g.kongs == 0 {
		kind = scoring.Heavenly
	}
	t := e.Tile()
	if t == Unknown {
		t = g.drawn
	}
	if kind != scoring.Heavenly && g.drawn != Unknown && t != g.drawn {
		g.bad(e, RuleSelfDraw, fmt.Sprintf("%s drew %s, not %s: a self-drawn win is on the tile drawn", s, g.drawn, t))
		g.falseWin(s, "a self-drawn win on a tile not drawn")
		return
	}
	ctx := g.context(s, kind)
	ctx.LastTile = g.lastTile && kind != scoring.Heavenly
	if t != Unknown && g.drawn == Unknown && st.known[t] == 0 && st.unknown > 0 {
		// The winner names the tile drawn unseen.
		st.unknown--
		st.known[t]++
	}
	w, rule, reason, ok := g.scoreWin(e, t, ctx)
	if !ok {
		g.bad(e, rule, reason)
		g.falseWin(s, reason)
		return
	}
	g.ok(e, rule, reason)
	g.won([]Win{*w})
}

// eightFlowers rules on a win declared on laying out the eighth bonus tile (八仙過海): it wins on the
// spot, as a self-draw, with no replacement drawn.
func (g *game) eightFlowers(e *Event) {
	s := e.Seat
	ctx := g.context(s, scoring.SelfDraw)
	w, rule, reason, ok := g.scoreWin(e, notation.NoTile, ctx)
	if ok && w.unseen && g.deps.Score != nil {
		// The concealed tiles do not matter: score the flowers.
		sc, err := g.deps.Score(&w.hand, ctx.Situation())
		if err == nil && sc.Valid {
			w.Items, w.Total, w.RawTotal, w.Limit, w.Checked = sc.Items, sc.Total, sc.raw(), sc.Limit, true
			reason = fmt.Sprintf("a valid hand: %d", sc.Total)
		}
	}
	if !ok {
		g.bad(e, rule, reason)
		g.falseWin(s, reason)
		return
	}
	g.ok(e, rule, joinReason("all eight flowers and seasons win on the spot (八仙過海)", reason))
	g.owed[s] = 0
	g.won([]Win{*w})
}

// sevenFlowers rules on a win claimed on the bonus tile the seat on turn has just laid out: a player
// holding the seven others claims it and wins on the spot (花糊, 七搶一), whatever their hand; the
// player who drew it pays, as a discard.
func (g *game) sevenFlowers(e *Event) {
	s, from, t := e.Seat, g.turn, g.flowerTile
	n := len(g.seats[s].bonus)
	switch {
	case s > notation.SeatNorth:
		g.bad(e, RuleTurnOrder, "no seat")
		return
	case g.deps.SevenFlowersSelfDrawn:
		g.bad(e, RuleSevenFlowers, fmt.Sprintf("this table plays seven flowers self-drawn (settlement: seven_flowers: self-draw): a seventh flower wins as its holder lays it out, not on the %s %s lays out", t, from))
		g.falseWin(s, "a seven-flowers win claimed on another player's flower, where seven flowers are self-drawn")
		return
	case e.Tile() != Unknown && e.Tile() != t:
		g.bad(e, RuleClaimTile, fmt.Sprintf("%s laid out %s, not %s", from, t, e.Tile()))
		g.falseWin(s, "a win claimed on a tile not laid out")
		return
	case n != 7:
		g.bad(e, RuleSevenFlowers, fmt.Sprintf("%s holds %d of the eight flowers and seasons: only a player holding the other seven may claim the %s %s lays out", s, n, t, from))
		g.falseWin(s, "a seven-flowers win without seven flowers")
		return
	}
	ctx := g.context(s, scoring.SevenFlowers)
	ctx.Discarder = from
	// The hand is scored as it stands, seven bonus tiles beside it (the scorer refuses any other
	// count); then the claimed flower moves from the player who laid it out to the seven.
	w, rule, reason, ok := g.scoreWin(e, notation.NoTile, ctx)
	if !ok {
		g.bad(e, rule, reason)
		g.falseWin(s, reason)
		return
	}
	st, fs := &g.seats[s], &g.seats[from]
	if i := slices.Index(fs.bonus, t); i >= 0 {
		fs.bonus = slices.Delete(fs.bonus, i, i+1)
	}
	st.bonus = append(st.bonus, t)
	g.ok(e, RuleSevenFlowers, joinReason(fmt.Sprintf("%s holds the other seven flowers and seasons and claims %s as %s lays it out (花糊); %s pays, as a discard", s, t, from, from), reason))
	g.owed[from] = 0
	g.won([]Win{*w})
}

// ownSevenFlowers rules on a win declared by the seat on turn as they lay out their own seventh bonus
// tile, where the table plays seven flowers self-drawn (Deps.SevenFlowersSelfDrawn): it wins on the
// spot, whatever the hand, with no replacement drawn, and every opponent pays as on a self-draw.
func (g *game) ownSevenFlowers(e *Event) {
	s := e.Seat
	w, rule, reason, ok := g.scoreWin(e, notation.NoTile, g.context(s, scoring.SevenFlowers))
	if !ok {
		g.bad(e, rule, reason)
		g.falseWin(s, reason)
		return
	}
	g.ok(e, RuleSevenFlowers, joinReason(fmt.Sprintf("%s lays out their own seventh flower or season and wins on the spot (花糊), self-drawn: every opponent pays", s), reason))
	g.owed[s] = 0
	g.won([]Win{*w})
}

// rob rules on a win that robs the kong on the table.
func (g *game) rob(e *Event) { g.robAll([]*Event{e}) }

// robAll rules on wins claimed at once on the kong on the table: among several, head bump (or every
// claimant, per the rules) as for a discard.
func (g *game) robAll(evs []*Event) {
	claims := make([]Claim, len(evs))
	legal := make([]bool, len(evs))
	rules := make([]string, len(evs))
	reasons := make([]string, len(evs))
	wins := make([]*Win, len(evs))
	var seen [4]bool
	for i, e := range evs {
		s := e.Seat
		claims[i] = Claim{Seat: s, Verb: VerbWin}
		switch {
		case s > notation.SeatNorth:
			rules[i], reasons[i] = RuleTurnOrder, "no seat"
		case seen[s]:
			rules[i], reasons[i] = RuleClaimPriority, fmt.Sprintf("%s makes one claim on a kong", s)
		case s == g.konger:
			rules[i], reasons[i] = RuleRobKong, fmt.Sprintf("%s cannot rob their own kong", s)
		case !g.kongReal:
			rules[i], reasons[i] = RuleRobKong, fmt.Sprintf("%s's kong of %s was not made: there is nothing to rob", g.konger, g.kongTile)
		case e.Tile() != Unknown && e.Tile() != g.kongTile:
			rules[i], reasons[i] = RuleClaimTile, fmt.Sprintf("the kong is of %s, not %s", g.kongTile, e.Tile())
		default:
			seen[s] = true
			ctx := g.context(s, scoring.RobbingKong)
			ctx.Discarder = g.konger
			w, rule, reason, ok := g.scoreWin(e, g.kongTile, ctx)
			switch {
			case ok && g.concealed && !w.unseen && !thirteenOrphans(&w.hand):
				rules[i], reasons[i] = RuleRobConcealed, "a concealed kong may be robbed only for Thirteen Orphans"
			case !ok:
				rules[i], reasons[i] = rule, reason
			default:
				legal[i], wins[i] = true, w
				rules[i] = RuleRobKong
				if g.concealed {
					rules[i] = RuleRobConcealed
				}
				reasons[i] = joinReason(reason, fmt.Sprintf("robs %s's kong of %s; %s's set stays a pong", g.konger, g.kongTile, g.konger))
			}
		}
	}
	takers, why := decide(g.konger, claims, legal, g.deps.Rules.AllWin(), &g.deps.Claims)
	var offender *Event
	for i, e := range evs {
		switch {
		case !legal[i]:
			g.bad(e, rules[i], reasons[i])
			if offender == nil && (rules[i] == RuleFalseWin || rules[i] == RuleRobConcealed) {
				offender = e
			}
		case isIn(i, takers):
			g.ok(e, rules[i], reasons[i])
		default:
			g.ok(e, RuleHeadBump, why[i])
		}
	}
	if len(takers) == 0 {
		if offender != nil {
			g.falseWin(offender.Seat, reasons[slices.Index(evs, offender)])
		}
		return
	}
	// The robbed tile moves from the konger's kong to the (first) winner.
	k := &g.seats[g.konger]
	for i := len(k.melds) - 1; i >= 0; i-- {
		m := &k.melds[i]
		if m.Tile == g.kongTile && m.Kind == notation.Kong {
			if m.Concealed {
				k.melds = slices.Delete(k.melds, i, i+1)
				k.known[g.kongTile] += 3
			} else {
				m.Kind = notation.Pong
			}
			break
		}
	}
	g.seats[claims[takers[0]].Seat].known[g.kongTile]++
	var ws []Win
	for _, i := range takers {
		ws = append(ws, *wins[i])
	}
	g.won(ws)
}

// thirteenOrphans reports whether the hand is Thirteen Orphans.
func thirteenOrphans(h *notation.Hand) bool {
	if len(h.Melds) > 0 || h.Concealed.Total() != 14 {
		return false
	}
	pair := false
	for t := notation.Tile(1); t <= notation.Red; t++ {
		n := h.Concealed[t]
		switch {
		case !t.IsTerminalOrHonor() && n > 0, t.IsTerminalOrHonor() && n == 0, n > 2:
			return false
		case n == 2:
			pair = true
		}
	}
	return pair
}

func (g *game) falseWin(s notation.Seat, reason string) {
	g.over(OutcomeFalseWin, fmt.Sprintf("%s declared a false win: %s", s, reason))
	g.result.Offender = s
}

// won ends the hand with wins: several only when every claimant wins.
func (g *game) won(wins []Win) {
	g.declareWin(&wins[0])
	if len(wins) > 1 {
		g.result.Wins = wins
	}
	g.pending = wins
}

// finish ends the replay: a drawn hand when the wall ran out, then the settlement.
func (g *game) finish() {
	if g.need != needOver && g.sized && g.live() <= 0 {
		switch g.need {
		case needDraw, needClaim:
			g.over(OutcomeDraw, "the wall ran out (流局)")
		case needReplace, needRob:
			g.over(OutcomeDraw, "a replacement was needed and none was left (流局)")
		}
	}
	if g.deps.Settle == nil || g.result.Outcome == OutcomeUnfinished {
		return
	}
	in := SettleInput{Dealer: g.dealer, Outcome: g.result.Outcome, Wins: g.pending, Offender: g.result.Offender}
	if g.result.Outcome == OutcomeWin {
		for _, w := range g.pending {
			if !w.Checked {
				g.notSettled("the winning hand was not scored")
				return
			}
		}
	}
	st, err := g.deps.Settle(in)
	if err != nil {
		g.notSettled(err.Error())
		return
	}
	g.result.Payments = st.Payments
	g.result.Deltas = st.Deltas
}
