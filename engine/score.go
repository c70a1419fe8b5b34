package engine

import (
	"fmt"
	"strings"

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

	// The riichi situation (refused under another family).
	Riichi       bool   `json:"riichi,omitempty"`
	DoubleRiichi bool   `json:"double_riichi,omitempty"`
	Ippatsu      bool   `json:"ippatsu,omitempty"`
	FirstTurn    bool   `json:"first_turn,omitempty"` // tenhou or chiihou
	Dora         string `json:"dora,omitempty"`       // dora indicators, in notation
	Ura          string `json:"ura,omitempty"`        // ura dora indicators
	Honba        int    `json:"honba,omitempty"`
	Sticks       int    `json:"sticks,omitempty"`   // riichi sticks on the table
	Readings     bool   `json:"readings,omitempty"` // every reading weighed, not only the best
	Kita         int    `json:"kita,omitempty"`     // norths set aside (three-player riichi)
}

// riichiWins are the riichi words for how a tile came, as the win kinds they are (haitei and
// houtei are the last tile self-drawn or discarded).
var riichiWins = map[string]struct {
	win  scoring.WinKind
	last bool
}{
	"ron": {scoring.Discard, false}, "tsumo": {scoring.SelfDraw, false}, "rinshan": {scoring.KongReplacement, false},
	"chankan": {scoring.RobbingKong, false}, "haitei": {scoring.SelfDraw, true}, "houtei": {scoring.Discard, true},
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
	req.Riichi = req.Riichi || def.Riichi
	req.DoubleRiichi = req.DoubleRiichi || def.DoubleRiichi
	req.Ippatsu = req.Ippatsu || def.Ippatsu
	req.FirstTurn = req.FirstTurn || def.FirstTurn
	req.Readings = req.Readings || def.Readings
	if req.Kita == 0 {
		req.Kita = def.Kita
	}
	req.Dora = pick(req.Dora, def.Dora)
	req.Ura = pick(req.Ura, def.Ura)
	if req.Honba == 0 {
		req.Honba = def.Honba
	}
	if req.Sticks == 0 {
		req.Sticks = def.Sticks
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
	riichiLast := false
	if rw, ok := riichiWins[strings.ToLower(req.Win)]; ok {
		sit.Win, riichiLast = rw.win, rw.last
	} else if sit.Win, err = scoring.ParseWinKind(def(req.Win, "discard")); err != nil {
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
	sit.LastTile = riichiLast || (req.LastTile != nil && *req.LastTile)
	sit.Loser = req.IsLoser()
	sit.Riichi, sit.DoubleRiichi, sit.Ippatsu, sit.FirstTurn = req.Riichi, req.DoubleRiichi, req.Ippatsu, req.FirstTurn
	sit.Honba, sit.Sticks = req.Honba, req.Sticks
	sit.Readings = req.Readings
	sit.Kita = req.Kita
	if sit.Kita < 0 {
		return sit, family.Usagef("--kita is a count: 0 or more")
	}
	if sit.Honba < 0 || sit.Sticks < 0 {
		return sit, family.Usagef("--honba and --sticks are counts: 0 or more")
	}
	for _, ind := range []struct {
		flag, text string
		out        *family.Indicators
	}{{"dora", req.Dora, &sit.Dora}, {"ura", req.Ura, &sit.Ura}} {
		if strings.TrimSpace(ind.text) == "" {
			continue
		}
		ts, err := notation.ParseTiles(ind.text)
		if err != nil {
			return sit, fmt.Errorf("--%s: %w", ind.flag, err)
		}
		if len(ts) > len(ind.out) {
			return sit, family.Usagef("--%s: at most %d indicators (one and four for kans), got %d", ind.flag, len(ind.out), len(ts))
		}
		copy(ind.out[:], ts)
	}
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
	if f := sit.RiichiGiven(); f != "" {
		if _, ok := e.rules.(family.RiichiScorer); !ok {
			rs := e.Ruleset()
			return nil, family.WithHint(family.Usagef("%s is a riichi flag: ruleset %s is %s", f, rs.Name, e.Title()), "use --rules riichi (or a riichi ruleset), or leave "+f+" out")
		}
	}
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
