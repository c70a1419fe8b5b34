package family

import (
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/american"
)

// Closer ranks a card's lines for a hand in progress (the American family); a family without a
// card refuses.
type Closer interface {
	// Closer checks req's seen tiles once and returns the ranking of one hand text under them
	// (req.Hand is not read): a batch calls it per line.
	Closer(req ClosestRequest) (func(hand string) (*ClosestView, error), error)
}

// ClosestRequest is one hand in progress to rank the card's lines for: 13 tiles, or 14 after a
// draw. Seen lists the tiles no longer available (discards; others' exposures in brackets), Top
// how many lines to keep (0 all).
type ClosestRequest struct {
	Hand string `json:"hand"`
	Seen string `json:"seen,omitempty"`
	Top  Whole  `json:"top,omitempty"`
}

// ClosestView is one ranking, as the JSON contract writes it (schema/closest.json).
type ClosestView struct {
	InputLine  int                  `json:"input_line,omitempty"`
	Hand       string               `json:"hand"`
	Ruleset    string               `json:"ruleset"`
	Card       string               `json:"card"`
	Tiles      int                  `json:"tiles"`
	Seen       []notation.Tile      `json:"seen"`
	Dead       bool                 `json:"dead"` // every line is dead: a dead hand
	Candidates []american.Candidate `json:"candidates"`
	// Discards ranks the discards of a 14-tile hand by the lines each keeps live.
	Discards []american.DiscardOption `json:"discards,omitempty"`
	// Redeemable lists the exposures in --seen whose jokers can still be redeemed.
	Redeemable []string `json:"redeemable,omitempty"`
	// Warnings are the card's lines left out, and why.
	Warnings []scoring.Warning `json:"warnings,omitempty"`
}
