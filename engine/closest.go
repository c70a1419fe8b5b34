package engine

import "github.com/mjref/mjref/family"

// ClosestRequest is one hand in progress to rank a card's lines for; see family.ClosestRequest.
type ClosestRequest = family.ClosestRequest

// ClosestView is one ranking; its JSON is the contract of schema/closest.json.
type ClosestView = family.ClosestView

// Closest ranks the lines of the ruleset's card for a hand in progress: what each still needs,
// which are dead, and for 14 tiles which discard keeps most lines live. Only a family that plays a
// card (American) ranks; the others refuse with bad input.
func (e *Engine) Closest(req ClosestRequest) (*ClosestView, error) {
	rank, err := e.Closer(req)
	if err != nil {
		return nil, err
	}
	return rank(req.Hand)
}

// Closer checks req's seen tiles once and returns the ranking of one hand text under them (req.Hand
// is not read): a batch calls it per line.
func (e *Engine) Closer(req ClosestRequest) (func(hand string) (*ClosestView, error), error) {
	return e.rules.Closer(req)
}
