package engine

import (
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// ScoreRequest is one hand to score with its situation, as flags and JSON batch lines give it:
// seats as letters (E S W N), the win as a word (see scoring.WinKinds). Empty fields take the
// defaults: seat and prevailing E, a win on a discard.
type ScoreRequest struct {
	Hand       string `json:"hand"`
	Seat       string `json:"seat,omitempty"`
	Prevailing string `json:"prevailing,omitempty"`
	Win        string `json:"win,omitempty"`
	Discarder  string `json:"discarder,omitempty"`
	LastTile   *bool  `json:"last_tile,omitempty"`
	Loser      *bool  `json:"loser,omitempty"` // DeBurger: score a non-winner's hand
}

// Over fills the fields req leaves empty from def.
func (req ScoreRequest) Over(def ScoreRequest) ScoreRequest {
	pick := func(v, d string) string {
		if v != "" {
			return v
		}
		return d
	}
	req.Seat = pick(req.Seat, def.Seat)
	req.Prevailing = pick(req.Prevailing, def.Prevailing)
	req.Win = pick(req.Win, def.Win)
	req.Discarder = pick(req.Discarder, def.Discarder)
	if req.LastTile == nil {
		req.LastTile = def.LastTile
	}
	if req.Loser == nil {
		req.Loser = def.Loser
	}
	return req
}

// IsLoser says whether the request scores a non-winner.
func (req ScoreRequest) IsLoser() bool { return req.Loser != nil && *req.Loser }

// Situation parses the request's situation. A bad seat or win is a usage error naming the field.
func (req ScoreRequest) Situation() (family.Situation, error) {
	def := func(v, d string) string {
		if v == "" {
			return d
		}
		return v
	}
	var sit family.Situation
	var err error
	if sit.Seat, err = notation.ParseSeat(def(req.Seat, "E")); err != nil {
		return sit, family.Usagef("--seat: %v", err)
	}
	if sit.Prevailing, err = notation.ParseSeat(def(req.Prevailing, "E")); err != nil {
		return sit, family.Usagef("--prevailing: %v", err)
	}
	if sit.Win, err = scoring.ParseWinKind(def(req.Win, "discard")); err != nil {
		return sit, family.Usagef("--win: %v", err)
	}
	sit.Discarder = notation.NoSeat
	if req.Discarder != "" {
		if sit.Discarder, err = notation.ParseSeat(req.Discarder); err != nil {
			return sit, family.Usagef("--discarder: %v", err)
		}
		if sit.Discarder == sit.Seat {
			return sit, family.Usagef("--discarder %s is the winner's own seat", req.Discarder)
		}
	}
	sit.LastTile = req.LastTile != nil && *req.LastTile
	sit.Loser = req.IsLoser()
	return sit, nil
}

// Score parses req.Hand and scores it in req's situation. A hand that is not a win is a Scored
// whose Valid is false, not an error. Its JSON is the contract of schema/score.json.
func (e *Engine) Score(req ScoreRequest) (family.Scored, error) {
	h, err := e.Parse(req.Hand)
	if err != nil {
		return nil, err
	}
	sit, err := req.Situation()
	if err != nil {
		return nil, err
	}
	return e.score(&h, sit)
}

// score scores h in sit under the engine's rules, refusing a non-winner's hand where the family
// scores only winners.
func (e *Engine) score(h *notation.Hand, sit family.Situation) (family.Scored, error) {
	sc, err := e.rules.Score(h, sit)
	if err != nil {
		return nil, err
	}
	if ok, _ := e.rules.Takes(family.UseScore, "loser"); sit.Loser && !ok {
		rs := e.Ruleset()
		return nil, family.Usagef("--loser scores a non-winner's hand, and ruleset %s (%s) scores only the winner", rs.Name, e.Title())
	}
	return sc, nil
}
