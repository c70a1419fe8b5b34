package engine

import "github.com/mjref/mjref/family"

// SettleRequest is one hand to settle; see family.SettleRequest.
type SettleRequest = family.SettleRequest

// Settlement is a settled hand; its JSON is the contract of schema/settle.json.
type Settlement = family.Settlement

// Settle says who pays whom once a hand is over: from its worth (Faan, Value) and the winners'
// seats, from the winner's hand (Hand, scored first), or, under DeBurger rules, from the four hands
// or their points. A field the ruleset's family does not take is refused as bad input; a hand given
// that is not a win is a Settlement whose Positive is false.
func (e *Engine) Settle(req SettleRequest) (Settlement, error) { return e.rules.Settle(req) }
