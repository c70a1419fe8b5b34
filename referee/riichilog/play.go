package riichilog

import "github.com/mjref/mjref/scoring/riichi"

// Play is how a hand reviewed on its own is played (ReviewRound): mjref's own riichi log, turned
// into a Round, is ruled and scored under its ruleset's options and may begin in the middle of
// the hand.
type Play struct {
	// Options are the ruleset's (nil: Tenhou's, as a Tenhou game's are).
	Options *riichi.Options
	// DealerDrawn says the dealer was dealt 14 tiles: the first step is the dealer's discard.
	DealerDrawn bool
	// MidHand says the log begins in the middle of the hand: the first step's seat is on turn,
	// and Live tiles are left in the live wall.
	MidHand bool
	Live    int
	// Discards are the tiles each seat discarded before a MidHand log begins (for furiten).
	Discards [4][]Tile
	// Strict checks the kan dora's timing both ways: an open or added kan's indicator shown before
	// the replacement draw's discard is too early under kan_dora: after_discard.
	Strict bool
}

// ReviewRound rules on every step of r as p says, and scores and settles each result under p's
// options, as Review does for each hand of a game. The game g gives the format and the number of
// players.
func ReviewRound(g *Game, r *Round, p Play) HandView {
	opts := riichi.TenhouOptions()
	if p.Options != nil {
		opts = *p.Options
	}
	hv := HandView{Round: r.Name(), Honba: r.Honba, Sticks: r.Sticks, Dealer: r.Dealer, Results: []ResultView{}}
	hv.Steps, hv.Illegal = rulePlay(g, r, nil, p)
	if hv.Steps == nil {
		hv.Steps = []StepView{}
	}
	for i := range r.Results {
		hv.Results = append(hv.Results, reviewResult(g, *r, i, &opts))
	}
	return hv
}
