package engine

import "github.com/mjref/mjref/family"

// Referee replays req.Log (YAML or JSON Lines, at most 1 MiB) under the engine's ruleset, whatever
// the log's ruleset: key says, and rules on every step: ok or illegal, with the rule and the
// reason. A win is scored and the hand settled. A log with an illegal step is a RefereeView whose
// Legal is false; a log that cannot be read, or cannot describe a real hand (a hand of the wrong
// size, a fifth copy of a tile), is bad input naming the line, the event and the seat.
func (e *Engine) Referee(req RefereeRequest) (*RefereeView, error) {
	return Referee(req, func(string) (*Engine, error) { return e, nil })
}

// Referee is Engine.Referee under the engine open returns for the log's ruleset: key ("hk" when
// the log names none). open is called once, before any tile of the log is read.
func Referee(req RefereeRequest, open func(ruleset string) (*Engine, error)) (*RefereeView, error) {
	return replay(req, func(ruleset string) (family.Rules, error) {
		e, err := open(ruleset)
		if err != nil {
			return nil, err
		}
		return e.rules, nil
	})
}
