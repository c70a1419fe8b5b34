package referee

import (
	"errors"
	"fmt"
	"slices"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/points"
)

// Rule ids of the DeBurger flow (the Hong Kong ids serve for the rest: flowers replaced from the back,
// a chow only from the player before, a pong from anyone, win beats pong beats chow).
const (
	RuleBird     = "bird"      // a discarded 1-bamboo lands on the first unboosted flower, or goes to the centre
	RuleBirdLand = "bird-land" // a bird that landed on a flower cannot be called
	RuleReveal   = "reveal"    // after the win every hand is laid down and scored
)

// SeatScore is one player's points at the end of a DeBurger hand, where every player scores.
type SeatScore struct {
	Seat   notation.Seat  `json:"seat"`
	Winner bool           `json:"winner,omitempty"`
	Points int            `json:"points"`
	Items  []scoring.Item `json:"items"`
	// Checked is false when the hand could not be scored (tiles not seen); Reason says why.
	Checked bool   `json:"checked"`
	Reason  string `json:"reason,omitempty"`
}

// DeBurger returns the dependencies of a DeBurger replay under p: flowers laid out and replaced from the
// back, pong from anyone, chow from the player before, a pair called only to win, the bird (a discarded
// 1-bamboo) landing on the first unboosted flower from the next player on, and at the end every
// player's hand scored with points.ScoreTable (Report.Points and Report.Scores). There are no
// payments. r gives the table options (nil: the defaults); the set has 144 tiles.
func DeBurger(p *points.Rules, r *gamerules.Referee) Deps {
	d := familyDeps(r, 144)
	f := &deburgerFlow{rules: p}
	d.Score = f.score
	d.Flow = f
	return d
}

type deburgerFlow struct {
	rules *points.Rules
}

// score scores a winner's hand (flowers as the hand marks them boosted).
func (f *deburgerFlow) score(h *notation.Hand, sit scoring.Situation) (Score, error) {
	if f.rules == nil {
		return Score{Valid: true}, nil
	}
	res, err := points.ScoreWinner(h, sit.Win, f.rules)
	switch {
	case err != nil && errors.Is(err, scoring.ErrNotWinning):
		return Score{Reason: res.Reason}, nil
	case err != nil:
		return Score{}, err
	}
	return Score{Valid: res.Valid, Total: res.Total, Items: res.Items, Reason: res.Reason}, nil
}

// withBoosts marks the flowers a bird has landed on.
func (g *dbGame) withBoosts(bs []notation.BonusTile) []notation.BonusTile {
	out := slices.Clone(bs)
	for i := range out {
		out[i].Boosted = out[i].Boosted || g.boosted[out[i].Tile]
	}
	return out
}

// score is the flow's scorer with the boosts of this replay.
func (g *dbGame) score(h *notation.Hand, sit scoring.Situation) (Score, error) {
	hh := *h
	hh.Bonus = g.withBoosts(h.Bonus)
	return g.flow.score(&hh, sit)
}

// Replay replays a DeBurger hand: the bird, then every player scored.
func (f *deburgerFlow) Replay(lg *Log, d Deps) (Report, error) {
	db := &dbGame{flow: f, landed: notation.NoSeat}
	d.Score = db.score
	db.game = newGame(lg, d)
	return run(db, lg)
}

// dbGame is a DeBurger hand: the Hong Kong engine with the bird and the pair call on top.
type dbGame struct {
	*game
	flow *deburgerFlow
	// landed is the seat whose flower the bird on the table landed on, or NoSeat.
	landed notation.Seat
	// boosted marks the flowers a bird has landed on; every flower is a different tile, so the tile
	// names the flower.
	boosted [notation.Joker + 1]bool
	scores  []SeatScore
	points  []int
}

func (g *dbGame) step(e *Event) {
	if e.Verb == VerbReveal {
		g.reveal(e)
		return
	}
	if g.landed != notation.NoSeat && g.need != needOver && g.isCall(e) {
		calls := []Event{*e}
		if e.Verb == VerbClaims {
			calls = e.Claims
		}
		for i := range calls {
			c := &calls[i]
			if c.Verb == VerbPass {
				g.declines(c)
				continue
			}
			g.bad(c, RuleBirdLand, fmt.Sprintf("the bird landed on %s's flower: it cannot be called", g.landed))
		}
		return
	}
	if e.Verb != VerbPass {
		g.landed = notation.NoSeat
	}
	if g.need == needClaim && e.Seat <= notation.SeatNorth && e.Verb == VerbPair {
		g.pair(e)
		return
	}
	if e.Verb == VerbClaims {
		cs := make([]Event, 0, len(e.Claims))
		for _, c := range e.Claims {
			if c.Verb == VerbPair && g.need == needClaim {
				if ok, why := g.pairWins(&c); !ok {
					g.bad(&c, RuleCallPair, why)
					continue
				}
				c.Verb = VerbWin
			}
			cs = append(cs, c)
		}
		if len(cs) > 0 {
			g.game.claims(e, cs)
		}
		return
	}
	if e.Verb == VerbPair {
		g.bad(e, RuleCallPair, "a pair is called only to go Mahjong, on a discard")
		return
	}
	g.game.step(e)
	if e.Verb == VerbDiscard && e.Tile() == notation.S1 && g.need == needClaim && !g.phantom && g.discarder == e.Seat {
		g.bird(e)
	}
}

// reveal lays a losing hand down after the win ("S reveal = HAND"), so that every player is scored
// without logging the hand from the deal: the tiles must fit what the log saw of that seat.
func (g *dbGame) reveal(e *Event) {
	if e.Seat > notation.SeatNorth {
		g.bad(e, RuleTurnOrder, "no seat")
		return
	}
	if g.result.Outcome != OutcomeWin || len(g.pending) == 0 {
		g.bad(e, RuleReveal, "a hand is laid down only after the win, to score every player")
		return
	}
	if s := g.pending[0].Seat; e.Seat == s {
		g.bad(e, RuleReveal, fmt.Sprintf("%s won: the winner lays the hand down with the win (%s win TILE = HAND)", s, s))
		return
	}
	st := &g.seats[e.Seat]
	if len(e.Shows.Melds) > 0 {
		g.bad(e, RuleReveal, "write only the concealed tiles after '=': the melds are on the table already")
		return
	}
	if why := shownCount(e.Seat, st.known, st.unknown, e.Shows.Concealed, false); why != "" {
		g.impossibleAt(e, "write after '=' every concealed tile the player lays down, melds already on the table left out", "%s", why)
		return
	}
	if problem := shownMismatch(e.Seat, st.known, st.unknown, e.Shows.Concealed); problem != "" {
		g.bad(e, RuleReveal, problem)
		return
	}
	st.known, st.unknown = e.Shows.Concealed, 0
	g.ok(e, RuleReveal, fmt.Sprintf("%s lays down %s: scored with the others at the end", e.Seat, notation.FormatTiles(e.Shows.Concealed.Tiles())))
}

// isCall reports whether e claims the discard on the table.
func (g *dbGame) isCall(e *Event) bool {
	switch e.Verb {
	case VerbChow, VerbPong, VerbKong, VerbPair, VerbClaims:
		return true
	case VerbWin:
		return e.Seat != g.turn
	}
	return false
}

// bird sends a discarded 1-bamboo to the first unboosted flower, searching from the next player.
func (g *dbGame) bird(e *Event) {
	if g.flow.rules == nil {
		return
	}
	var fl [4][]notation.BonusTile
	for s := range g.seats {
		for _, b := range g.seats[s].bonus {
			fl[s] = append(fl[s], notation.BonusTile{Tile: b, Boosted: g.boosted[b]})
		}
	}
	l, err := points.BirdLanding(fl, g.discarder, g.flow.rules)
	if err != nil {
		return
	}
	if l.Centre {
		g.ok(e, RuleBird, "the bird (1s): no unboosted flower, so it goes to the centre and may be called")
		return
	}
	g.boosted[l.Flower] = true
	g.landed = l.Seat
	g.ok(e, RuleBird, fmt.Sprintf("the bird (1s) %s: it cannot be called; %s draws next", l, g.discarder.Next()))
	// Nobody may call it: the next player draws. The tile stays counted in the discarder's river.
	g.turn, g.need = g.discarder.Next(), needDraw
	g.skipped = nil
}

// pairWins reports whether claiming the discard for a pair goes Mahjong.
func (g *dbGame) pairWins(c *Event) (bool, string) {
	s := c.Seat
	if s == g.discarder || g.phantom {
		return true, "" // the engine rules on these as a win claim
	}
	if g.seats[s].unknown > 0 || g.deps.Score == nil {
		return true, ""
	}
	h, _ := g.winnerHand(s, g.discard, true, nil)
	sc, err := g.deps.Score(&h, g.discardContext(s).Situation())
	if err == nil && sc.Valid {
		return true, ""
	}
	return false, fmt.Sprintf("a pair is called only to go Mahjong: %s's hand with %s is not a win", s, g.discard)
}

// pair rules on one pair call.
func (g *dbGame) pair(e *Event) {
	if ok, why := g.pairWins(e); !ok {
		g.bad(e, RuleCallPair, why)
		return
	}
	w := *e
	w.Verb = VerbWin
	g.game.claims(&w, []Event{w})
	for i := range g.rulings {
		if g.rulings[i].Event == e.N && g.rulings[i].Action == actionText(&w) {
			g.rulings[i].Action = actionText(e)
		}
	}
}

// finish ends the hand and scores every player: the winner with points.ScoreWinner, the others with
// points.ScoreLoser, the flowers with their boosts.
func (g *dbGame) finish() {
	g.game.finish()
	if g.result.Outcome != OutcomeWin || len(g.pending) == 0 || g.flow.rules == nil {
		return
	}
	w := g.pending[0]
	var hands [4]*notation.Hand
	all := true
	for _, s := range notation.Seats {
		st := &g.seats[s]
		var h notation.Hand
		if s == w.Seat {
			h = w.hand
		} else {
			h = st.hand(notation.NoTile, false)
		}
		h.Bonus = g.withBoosts(h.Bonus)
		if s == w.Seat && w.unseen || s != w.Seat && st.unknown > 0 {
			all = false
			continue
		}
		hands[s] = &h
	}
	g.scores = make([]SeatScore, 4)
	g.points = make([]int, 4)
	if all {
		res, pts, err := points.ScoreTable(hands, w.Seat, w.Context.Win, g.flow.rules)
		if err == nil {
			for _, s := range notation.Seats {
				g.scores[s] = SeatScore{Seat: s, Winner: s == w.Seat, Points: pts[s], Items: res[s].Items, Checked: true}
				g.points[s] = pts[s]
			}
			return
		}
		g.result.Reason = joinReason(g.result.Reason, "not scored: "+err.Error())
	}
	for _, s := range notation.Seats {
		sc := SeatScore{Seat: s, Winner: s == w.Seat, Items: []scoring.Item{}}
		var res points.Result
		var err error
		switch {
		case hands[s] == nil:
			sc.Reason = fmt.Sprintf("%s's hand was not seen: not scored", s)
		case s == w.Seat:
			res, err = points.ScoreWinner(hands[s], w.Context.Win, g.flow.rules)
		default:
			res, err = points.ScoreLoser(hands[s], g.flow.rules)
		}
		switch {
		case err != nil:
			sc.Reason = err.Error()
		case hands[s] != nil:
			sc.Points, sc.Items, sc.Checked = res.Total, res.Items, true
		}
		g.scores[s], g.points[s] = sc, sc.Points
	}
}

func (g *dbGame) report() Report {
	r := g.game.report()
	r.Points, r.Scores = g.points, g.scores
	// The winner's items: the boosts are known only now.
	for _, sc := range g.scores {
		if sc.Winner && sc.Checked {
			r.Result.Items, r.Result.Total = sc.Items, sc.Points
		}
	}
	return r
}
