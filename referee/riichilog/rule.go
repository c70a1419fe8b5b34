package riichilog

import (
	"errors"
	"fmt"

	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/riichi"
)

// This file rules on every step of a hand: each draw, discard, call, riichi and win is checked
// with scoring/riichi's play rules (riichi.CheckChi, riichi.Ready, riichi.Furiten and
// friends), the checks mjref's own riichi referee calls too. A step whose hand the log does not
// show (mjai's "?") is checked for what the log does show.

// Verdicts of a step.
const (
	VerdictOK      = "ok"
	VerdictIllegal = "illegal"
)

// StepView is one ruling on a step of a hand.
type StepView struct {
	// Event is the step's number in the hand, 1-based (the hand's draws, discards, calls, riichi
	// and dora in log order, then its results); At is where the log has it.
	Event int    `json:"event"`
	At    string `json:"at"`
	// Seat is the log's seat number, or null (a dora indicator).
	Seat *int `json:"seat"`
	// Action is draw, discard, chi, pon, daiminkan, kakan, ankan, kita, riichi, dora, ron, tsumo
	// or draw-end.
	Action string `json:"action"`
	Tile   string `json:"tile,omitempty"`
	// Verdict is ok or illegal; Rule is the rule's id, Name its name and Source the ruleset line
	// that states it; Reason says why (always for an illegal step).
	Verdict string          `json:"verdict"`
	Rule    string          `json:"rule"`
	Name    string          `json:"name,omitempty"`
	Source  *scoring.Source `json:"source,omitempty"`
	Reason  string          `json:"reason,omitempty"`
}

// Explainer names a rule id and cites the ruleset line that states it (ok false: not explained).
type Explainer func(rule string) (name string, src scoring.Source, ok bool)

// seatPlay is what the ruler knows of one seat.
type seatPlay struct {
	hand    riichi.Counts
	unknown int // tiles of the hand the log does not show
	melds   int
	open    bool
	pons    uint64
	// declaring is a riichi declared whose discard is still to come; riichi is a riichi made
	// (its discard done): from then the seat discards what it draws.
	declaring, riichi bool
	declStep          int // the declaration's step, ruled at its discard
	riichiAt          int // the event index of the riichi discard
	lastDiscard       int // the event index of the seat's last discard, -1
	discarded         uint64
	drawn             Tile
	hasDrawn          bool
	replacement       bool // the seat's next draw is a kan's (or kita's) replacement
	points            int
}

// offer is a tile another seat could have won on: a discard or a tile added to a pon.
type offer struct {
	at   int
	seat int
	kind uint8
}

// ruler rules on one hand.
type ruler struct {
	g        *Game
	r        *Round
	explain  Explainer
	players  int
	seats    [4]seatPlay
	live     int
	turn     int // the seat whose turn it is (to discard, or to draw next), -1 unknown
	mustDraw bool
	last     *Event // the last discard, until the next draw or call
	lastAt   int
	offers   []offer
	// pendingDora counts kans whose indicator is not shown yet; ankanDora marks a concealed kan's.
	pendingDora int
	ankanDora   bool
	// atOnce says every kan shows its indicator at once (riichi's kan_dora: at_once); strict
	// checks an open kan's is not shown before the replacement draw's discard (mjref's own log,
	// whose dora events are written where they were shown).
	atOnce, strict bool
	// openKanDora marks an open or added kan whose replacement draw's discard is still to come.
	openKanDora bool
	// kakan is the last added kan (robbable) until the replacement draw, ankan the last concealed one.
	kakan, ankan *Event
	steps        []StepView
	illegal      int
}

// liveWall is the tiles a hand may draw: 136 (108 with three players) less the deal and the
// dead wall's 14.
func liveWall(players int) int {
	if players == 3 {
		return 108 - 39 - 14
	}
	return 136 - 52 - 14
}

func bit(k uint8) uint64 { return 1 << k }

// ruleHand rules on every step of round r of g.
func ruleHand(g *Game, r *Round, explain Explainer) (steps []StepView, illegal int) {
	return rulePlay(g, r, explain, Play{})
}

// rulePlay rules on every step of round r of g, played as p says.
func rulePlay(g *Game, r *Round, explain Explainer, p Play) (steps []StepView, illegal int) {
	players := g.Rules.Players
	if players != 3 {
		players = 4
	}
	u := &ruler{g: g, r: r, explain: explain, players: players, live: liveWall(players), turn: r.Dealer, mustDraw: true,
		atOnce: p.Options != nil && p.Options.KanDora == riichi.KanDoraAtOnce, strict: p.Strict}
	switch {
	case p.MidHand:
		u.turn = -1
	case p.DealerDrawn:
		u.mustDraw = false
	}
	if p.Live > 0 || p.MidHand {
		u.live = p.Live
	}
	for s := range players {
		sp := &u.seats[s]
		sp.lastDiscard, sp.riichiAt = -1, -1
		for _, t := range p.Discards[s] {
			if t.Valid() {
				sp.discarded |= bit(t.Kind)
			}
		}
		if s < len(r.Scores) {
			sp.points = r.Scores[s]
		}
		if s < len(r.Hands) {
			for _, t := range r.Hands[s] {
				if t.Valid() {
					sp.hand[t.Kind]++
				} else {
					sp.unknown++
				}
			}
		}
	}
	for k := range r.Events {
		u.event(k)
	}
	for i := range r.Results {
		u.result(i)
	}
	return u.steps, u.illegal
}

// step records a ruling: err nil is ok under rule, else illegal under err's rule.
func (u *ruler) step(at Pos, seat int, action string, tile Tile, rule string, err error) {
	sv := StepView{Event: len(u.steps) + 1, At: at.String(), Seat: seatPtr(seat), Action: action, Verdict: VerdictOK, Rule: rule}
	if tile.Valid() {
		sv.Tile = tile.String()
	}
	var pe *riichi.PlayError
	if errors.As(err, &pe) {
		sv.Verdict, sv.Rule, sv.Reason = VerdictIllegal, pe.Rule, pe.Reason
		u.illegal++
	}
	if u.explain != nil {
		if name, src, ok := u.explain(sv.Rule); ok {
			sv.Name = name
			if src.Ruleset != "" {
				s := src
				sv.Source = &s
			}
		}
	}
	u.steps = append(u.steps, sv)
}

func illegal(rule, format string, args ...any) error {
	return &riichi.PlayError{Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// take removes t from seat s's hand: false when the hand, as far as it is shown, has none.
func (u *ruler) take(s int, t Tile) bool {
	sp := &u.seats[s]
	switch {
	case !t.Valid():
		if sp.unknown > 0 {
			sp.unknown--
			return true
		}
		return false
	case sp.hand[t.Kind] > 0:
		sp.hand[t.Kind]--
		return true
	case sp.unknown > 0:
		sp.unknown--
		return true
	}
	return false
}

func (u *ruler) seatOK(s int) bool { return s >= 0 && s < u.players }

func (u *ruler) event(k int) {
	e := &u.r.Events[k]
	if e.Kind != DoraShown && e.Kind != Leave && e.Kind != Return && !u.seatOK(e.Seat) {
		return
	}
	switch e.Kind {
	case Draw:
		u.draw(k, e)
	case Discard:
		u.discard(k, e)
	case Call:
		u.call(k, e)
	case Riichi:
		sp := &u.seats[e.Seat]
		var err error
		if sp.riichi || sp.declaring {
			err = illegal(riichi.PlayRiichi, "riichi is declared once a hand")
		}
		u.step(e.Pos, e.Seat, "riichi", NoTile, riichi.PlayRiichi, err)
		sp.declaring, sp.declStep = err == nil, len(u.steps)-1
	case RiichiOK:
		sp := &u.seats[e.Seat]
		sp.points -= 1000
	case DoraShown:
		var err error
		switch {
		case u.pendingDora == 0:
			err = illegal(riichi.PlayKanDora, "a new dora indicator with no kan to show it")
		case u.strict && !u.atOnce && u.openKanDora && !u.ankanDora:
			err = illegal(riichi.PlayKanDora, "an open or added kan shows its indicator after the replacement draw's discard (kan_dora: after_discard), not before")
			u.pendingDora--
		default:
			u.pendingDora--
			u.ankanDora = false
		}
		u.step(e.Pos, -1, "dora", e.Tile, riichi.PlayKanDora, err)
	}
}

func (u *ruler) draw(k int, e *Event) {
	sp := &u.seats[e.Seat]
	rule := "draw"
	var err error
	u.live--
	switch {
	case u.live < 0:
		err = illegal(riichi.PlayWallEnd, "a draw after the live wall is empty")
	case sp.replacement:
		rule = "kong-replacement"
		switch {
		case u.ankanDora && u.hasDoraEvents():
			err = illegal(riichi.PlayKanDora, "a concealed kan shows its indicator at once, before the replacement draw, and this one had none")
		case u.atOnce && u.pendingDora > 0 && u.hasDoraEvents():
			err = illegal(riichi.PlayKanDora, "every kan shows its indicator at once (kan_dora: at_once), before the replacement draw, and this one had none")
			u.pendingDora = 0
		}
	case u.turn >= 0 && (e.Seat != u.turn || !u.mustDraw):
		err = illegal("turn-order", "seat %d draws, but it is seat %d's turn", e.Seat, u.turn)
	case u.pendingDora > 0 && u.hasDoraEvents():
		err = illegal(riichi.PlayKanDora, "a kan's dora indicator was not shown before the next draw")
		u.pendingDora = 0
	}
	sp.replacement = false
	u.kakan = nil
	if e.Tile.Valid() {
		sp.hand[e.Tile.Kind]++
	} else {
		sp.unknown++
	}
	sp.drawn, sp.hasDrawn = e.Tile, true
	u.turn, u.mustDraw, u.last = e.Seat, false, nil
	u.step(e.Pos, e.Seat, "draw", e.Tile, rule, err)
}

// hasDoraEvents says whether the log records kan dora as events (mjlog, mjai; tenhou.net/6 lists
// the indicators only).
func (u *ruler) hasDoraEvents() bool { return u.g.Format != Tenhou6 }

func sameTile(a, b Tile) bool {
	return a.Kind == b.Kind && a.Red == b.Red && (a.ID < 0 || b.ID < 0 || a.ID == b.ID)
}

func (u *ruler) discard(k int, e *Event) {
	sp := &u.seats[e.Seat]
	rule := "discard"
	var err error
	switch {
	case u.turn >= 0 && (e.Seat != u.turn || u.mustDraw):
		err = illegal("turn-order", "seat %d discards, but it is seat %d's turn to %s", e.Seat, u.turn, map[bool]string{true: "draw", false: "discard"}[u.mustDraw])
	case !u.take(e.Seat, e.Tile):
		err = illegal(riichi.PlayTileInHand, "seat %d discards %s, which its hand does not hold", e.Seat, e.Tile)
	case sp.riichi && sp.hasDrawn && e.Tile.Valid() && sp.drawn.Valid() && !sameTile(e.Tile, sp.drawn):
		rule = riichi.PlayRiichiLocked
		err = illegal(riichi.PlayRiichiLocked, "after riichi seat %d discards %s, not the %s it drew", e.Seat, e.Tile, sp.drawn)
	case sp.riichi:
		rule = riichi.PlayRiichiLocked
	}
	if err != nil && u.turn >= 0 && e.Seat != u.turn {
		// The discard is ruled; the hand follows the log.
		u.take(e.Seat, e.Tile)
	}
	if e.Tile.Valid() {
		sp.discarded |= bit(e.Tile.Kind)
	}
	if sp.declaring {
		u.ruleRiichi(e.Seat)
		sp.declaring, sp.riichi, sp.riichiAt = false, true, k
	}
	sp.lastDiscard, sp.hasDrawn = k, false
	u.last, u.lastAt = e, k
	if e.Tile.Valid() {
		u.offers = append(u.offers, offer{at: k, seat: e.Seat, kind: e.Tile.Kind})
	}
	u.turn, u.mustDraw = (e.Seat+1)%u.players, true
	u.ankan = nil
	u.openKanDora = false
	u.step(e.Pos, e.Seat, "discard", e.Tile, rule, err)
}

// ruleRiichi rules on seat s's riichi declaration at its discard (the hand then holds 3k+1 tiles).
func (u *ruler) ruleRiichi(s int) {
	sp := &u.seats[s]
	err := error(nil)
	closed := !sp.open
	switch {
	case !closed:
		err = illegal(riichi.PlayRiichi, "riichi needs a closed hand, and seat %d has called", s)
	case sp.points < riichi.RiichiPoints:
		err = illegal(riichi.PlayRiichi, "riichi needs %d points for the stick, and seat %d has %d", riichi.RiichiPoints, s, sp.points)
	case u.live < riichi.RiichiWall:
		err = illegal(riichi.PlayRiichi, "riichi needs %d tiles left in the live wall, and %d are", riichi.RiichiWall, u.live)
	case sp.unknown == 0:
		if _, ok := riichi.Ready(sp.hand, sp.melds); !ok {
			err = illegal(riichi.PlayRiichi, "riichi needs a ready hand after the discard, and seat %d's is not", s)
		}
	}
	st := &u.steps[sp.declStep]
	if err != nil {
		pe := err.(*riichi.PlayError)
		st.Verdict, st.Reason = VerdictIllegal, pe.Reason
		u.illegal++
	}
}

func (u *ruler) call(k int, e *Event) {
	m := e.Meld
	if m == nil {
		return
	}
	s := e.Seat
	sp := &u.seats[s]
	c := m.Called
	action := string(m.Kind)
	var err error
	var rule string
	onDiscard := m.Kind == Chi || m.Kind == Pon || m.Kind == Daiminkan
	if onDiscard {
		switch {
		case u.last == nil:
			err = illegal("claim-tile", "a %s needs a discard to call", m.Kind)
		case u.last.Seat != m.From || !sameTile(u.last.Tile, c):
			err = illegal("claim-tile", "the %s calls %s from seat %d, but the discard is seat %d's %s", m.Kind, c, m.From, u.last.Seat, u.last.Tile)
		case u.live == 0:
			err = illegal(riichi.PlayHaitei, "the last tile's discard is taken only by a win, not a %s", m.Kind)
		case sp.riichi:
			err = illegal(riichi.PlayRiichiLocked, "after riichi a player calls only a win")
		}
	} else if u.turn != s || u.mustDraw {
		err = illegal("turn-order", "seat %d declares a %s out of turn", s, m.Kind)
	} else if u.live == 0 && m.Kind != Kita {
		err = illegal(riichi.PlayHaitei, "no kan on the last tile of the live wall")
	}
	own := m.Tiles
	switch m.Kind {
	case Chi, Pon, Daiminkan:
		own = withoutOne(m.Tiles, c)
	case Kakan, Kita:
		own = []Tile{c}
	}
	known := sp.unknown == 0
	switch m.Kind {
	case Chi:
		rule = "chow-shape"
		low := m.Tiles[0].Kind
		for _, t := range m.Tiles {
			low = min(low, t.Kind)
		}
		if err == nil && u.players == 3 {
			err = illegal(riichi.PlayNoChiThree, "three players play no chi")
		}
		if err == nil {
			h := sp.hand
			if !known {
				h = u.withOwn(sp.hand, own)
			}
			err = riichi.CheckChi(h, riichi.Tile(c.Kind), riichi.Tile(low), m.From == (s+u.players-1)%u.players)
		}
	case Pon:
		rule = "pong"
		if err == nil && known {
			err = riichi.CheckPon(sp.hand, riichi.Tile(c.Kind))
		}
	case Daiminkan:
		rule = "kong"
		if err == nil && known {
			err = riichi.CheckOpenKan(sp.hand, riichi.Tile(c.Kind))
		}
	case Kakan:
		rule = "add-kong"
		if err == nil {
			h := sp.hand
			if !known {
				h = u.withOwn(sp.hand, own)
			}
			err = riichi.CheckAddedKan(h, riichi.Tile(c.Kind), sp.pons&bit(c.Kind) != 0)
		}
	case Ankan:
		rule = "concealed-kong"
		kind := m.Tiles[0].Kind
		if err == nil && known {
			err = riichi.CheckClosedKan(sp.hand, riichi.Tile(kind))
		}
		if err == nil && known && sp.riichi {
			err = u.riichiKan(s, kind)
		}
	case Kita:
		rule = "tile-in-hand"
		if err == nil && known && sp.hand[c.Kind] == 0 {
			err = illegal(riichi.PlayTileInHand, "seat %d sets aside a north it does not hold", s)
		}
	}
	for _, t := range own {
		if !u.take(s, t) && err == nil {
			err = illegal(riichi.PlayTileInHand, "seat %d's %s uses %s, which its hand does not hold", s, m.Kind, t)
		}
	}
	switch m.Kind {
	case Pon:
		sp.pons |= bit(c.Kind)
	case Kakan:
		sp.pons &^= bit(c.Kind)
		u.kakan = e
		u.offers = append(u.offers, offer{at: k, seat: s, kind: c.Kind})
	case Ankan:
		u.ankan = e
	}
	if m.Kind != Kita && m.Kind != Kakan {
		sp.melds++
	}
	if m.Kind != Ankan && m.Kind != Kita {
		sp.open = true
	}
	switch m.Kind {
	case Daiminkan, Kakan, Ankan:
		u.pendingDora++
		u.ankanDora = m.Kind == Ankan
		u.openKanDora = m.Kind != Ankan
		sp.replacement = true
		u.turn, u.mustDraw = s, true
	case Kita:
		sp.replacement = true
		u.turn, u.mustDraw = s, true
	default:
		u.turn, u.mustDraw = s, false
	}
	sp.hasDrawn = false
	if onDiscard {
		u.last = nil
	}
	u.step(e.Pos, s, action, c, rule, err)
}

// withOwn is a hand with the tiles own of a call counted in, for a hand the log does not show.
func (u *ruler) withOwn(h riichi.Counts, own []Tile) riichi.Counts {
	for _, t := range own {
		if t.Valid() && h[t.Kind] == 0 {
			h[t.Kind]++
		}
	}
	return h
}

// riichiKan rules on a concealed kan of kind after riichi: only of the tile just drawn, and only
// when it keeps the hand's waits.
func (u *ruler) riichiKan(s int, kind uint8) error {
	sp := &u.seats[s]
	if !sp.drawn.Valid() || sp.drawn.Kind != kind {
		return illegal(riichi.PlayRiichiLocked, "after riichi a concealed kan is made only of the tile just drawn")
	}
	before := sp.hand
	before[kind]--
	after := sp.hand
	after[kind] -= 4
	if riichi.Waits(before, sp.melds) != riichi.Waits(after, sp.melds+1) {
		return illegal(riichi.PlayRiichiLocked, "after riichi a concealed kan may not change the hand's waits")
	}
	return nil
}

func (u *ruler) result(i int) {
	res := u.r.Results[i]
	switch res.Kind {
	case Ron:
		u.ron(res)
	case Tsumo:
		u.tsumo(res)
	case DrawEnd:
		var err error
		if u.live > 0 {
			err = illegal(riichi.PlayWallEnd, "an exhaustive draw with %d tiles left in the live wall", u.live)
		}
		u.step(res.Pos, -1, "draw-end", NoTile, riichi.PlayWallEnd, err)
	}
}

// waitsOf is seat s's waits with its hand as it stands (3k+1 tiles), ok false when the log does
// not show the hand.
func (u *ruler) waitsOf(s int) (uint64, bool) {
	sp := &u.seats[s]
	if sp.unknown > 0 {
		return 0, false
	}
	return riichi.Waits(sp.hand, sp.melds), true
}

func (u *ruler) ron(res Result) {
	w, f := res.Winner, res.From
	if !u.seatOK(w) || !u.seatOK(f) {
		return
	}
	rule := riichi.PlayWin
	var err error
	var tile Tile = NoTile
	var at int
	switch {
	case u.kakan != nil && u.kakan.Seat == f:
		rule, tile = riichi.PlayRobKong, u.kakan.Meld.Called
		at = u.indexOf(u.kakan)
	case u.ankan != nil && u.ankan.Seat == f:
		rule, tile = riichi.PlayRobConcealed, u.ankan.Meld.Tiles[0]
		at = u.indexOf(u.ankan)
	case u.last != nil && u.last.Seat == f:
		tile, at = u.last.Tile, u.lastAt
	default:
		err = illegal("claim-tile", "seat %d wins by ron from seat %d, who has no tile out to win on", w, f)
	}
	if err == nil && tile.Valid() {
		if waits, ok := u.waitsOf(w); ok {
			sp := &u.seats[w]
			c := sp.hand
			c[tile.Kind]++
			switch {
			case waits&bit(tile.Kind) == 0 && !riichi.Complete(c, sp.melds):
				err = illegal(riichi.PlayWin, "seat %d's hand with %s is not complete", w, tile)
			case rule == riichi.PlayRobConcealed && !kokushi(c):
				err = illegal(riichi.PlayRobConcealed, "a concealed kan is robbed only for kokushi musou")
			default:
				err = riichi.Furiten(waits, sp.discarded, u.passed(w, sp.lastDiscard, at), u.passed(w, sp.riichiAt, at))
			}
		}
	}
	u.step(res.Pos, w, "ron", tile, rule, err)
}

// passed are the wait tiles others offered seat s after event since (its last discard, or its
// riichi) and before event before (the tile it wins on): none when since is -1.
func (u *ruler) passed(s, since, before int) uint64 {
	if since < 0 {
		return 0
	}
	var set uint64
	for _, o := range u.offers {
		if o.seat != s && o.at > since && o.at < before {
			set |= bit(o.kind)
		}
	}
	return set
}

func (u *ruler) indexOf(e *Event) int {
	for k := range u.r.Events {
		if &u.r.Events[k] == e {
			return k
		}
	}
	return len(u.r.Events)
}

func kokushi(c riichi.Counts) bool {
	pair := false
	for t := range riichi.NumKinds {
		terminal := t >= 27 || t%9 == 0 || t%9 == 8
		switch {
		case terminal && c[t] == 0:
			return false
		case !terminal && c[t] > 0:
			return false
		case c[t] == 2:
			pair = true
		case c[t] > 2:
			return false
		}
	}
	return pair
}

func (u *ruler) tsumo(res Result) {
	w := res.Winner
	if !u.seatOK(w) {
		return
	}
	sp := &u.seats[w]
	var err error
	switch {
	case !sp.hasDrawn:
		err = illegal(riichi.PlayWin, "seat %d wins by tsumo without a tile drawn", w)
	case sp.unknown == 0 && !riichi.Complete(sp.hand, sp.melds):
		err = illegal(riichi.PlayWin, "seat %d's hand is not complete", w)
	}
	u.step(res.Pos, w, "tsumo", sp.drawn, riichi.PlayWin, err)
}
