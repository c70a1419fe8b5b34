package family

import (
	"fmt"
	"io"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// Scorer scores one hand.
type Scorer interface {
	// Score says whether h is a win in the situation req gives (see ScoreRequest.Situation) and
	// what it is worth. A hand that is not a win is a Scored whose Valid is false, not an error.
	Score(h *notation.Hand, req ScoreRequest) (Scored, error)
}

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

	// The riichi situation (read by the riichi family; the command refuses them under another).
	Riichi       bool   `json:"riichi,omitempty"`
	DoubleRiichi bool   `json:"double_riichi,omitempty"`
	Ippatsu      bool   `json:"ippatsu,omitempty"`
	FirstTurn    bool   `json:"first_turn,omitempty"` // tenhou or chiihou
	Dora         string `json:"dora,omitempty"`       // dora indicators, in notation
	Ura          string `json:"ura,omitempty"`        // ura dora indicators
	Honba        int    `json:"honba,omitempty"`
	Sticks       int    `json:"sticks,omitempty"` // riichi sticks on the table
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

// Situation parses the request's situation and the view of it a result echoes (seats as E S W N
// whatever spelling was typed). A bad seat or win is a usage error naming the flag.
func (req ScoreRequest) Situation() (scoring.Situation, *SituationView, error) {
	def := func(v, d string) string {
		if v == "" {
			return d
		}
		return v
	}
	sv := &SituationView{
		Seat:       def(req.Seat, "E"),
		Prevailing: def(req.Prevailing, "E"),
		Win:        def(req.Win, "discard"),
		Discarder:  req.Discarder,
		LastTile:   req.LastTile != nil && *req.LastTile,
		Loser:      req.IsLoser(),
	}
	var sit scoring.Situation
	var err error
	if sit.Seat, err = notation.ParseSeat(sv.Seat); err != nil {
		return sit, nil, Usagef("--seat: %v", err)
	}
	if sit.Prevailing, err = notation.ParseSeat(sv.Prevailing); err != nil {
		return sit, nil, Usagef("--prevailing: %v", err)
	}
	if sit.Win, err = scoring.ParseWinKind(sv.Win); err != nil {
		return sit, nil, Usagef("--win: %v", err)
	}
	sit.Discarder = notation.NoSeat
	if sv.Discarder != "" {
		if sit.Discarder, err = notation.ParseSeat(sv.Discarder); err != nil {
			return sit, nil, Usagef("--discarder: %v", err)
		}
		if sit.Discarder == sit.Seat {
			return sit, nil, Usagef("--discarder %s is the winner's own seat", sv.Discarder)
		}
	}
	sit.LastTile = sv.LastTile
	sv.Seat, sv.Prevailing = sit.Seat.String(), sit.Prevailing.String()
	if sit.Discarder != notation.NoSeat {
		sv.Discarder = sit.Discarder.String()
	}
	return sit, sv, nil
}

// SituationView is the situation a scored hand echoes in its JSON.
type SituationView struct {
	Seat       string `json:"seat"`
	Prevailing string `json:"prevailing"`
	Win        string `json:"win"`
	Discarder  string `json:"discarder,omitempty"`
	LastTile   bool   `json:"last_tile,omitempty"`
	Loser      bool   `json:"loser,omitempty"`
}

// ScoreHead is what every scored hand's JSON starts with, before the family's own fields.
type ScoreHead struct {
	InputLine int            `json:"input_line,omitempty"`
	Hand      string         `json:"hand"`
	Ruleset   string         `json:"ruleset"`
	Situation *SituationView `json:"situation,omitempty"`
	// Warnings are what the rules carried on past: an American card's lines left out.
	Warnings []scoring.Warning `json:"warnings,omitempty"`
}

// Head is the head itself: a family's Scored embeds ScoreHead and so has Head.
func (h *ScoreHead) Head() *ScoreHead { return h }

// Scored is one scored hand. Its JSON (encoding/json) is the head's fields followed by the
// family's result's fields; that is the contract in schema/score.json.
type Scored interface {
	// Head is the hand, ruleset and situation; a batch sets its InputLine.
	Head() *ScoreHead
	// Valid says whether the hand is a win that counts (at or above the minimum).
	Valid() bool
	// Render writes the result for a person to read.
	Render(p Printer) error
}

// Printer is where a result renders itself for a person: plain lines written to it, and tables,
// which the front end lays out to fit its screen.
type Printer interface {
	io.Writer
	// Table writes rows under a header.
	Table(header []string, rows [][]string) error
}

// RefuseJokers refuses a hand holding a joker, alone or in a meld, under a family that plays none.
func RefuseJokers(h *notation.Hand, f Family) error {
	joker := h.Concealed[notation.Joker] > 0
	for _, m := range h.Melds {
		joker = joker || m.Jokers > 0
	}
	if !joker {
		return nil
	}
	return WithHint(fmt.Errorf("a joker (J) is not a %s tile", f.Title()), "jokers are played only with --rules american")
}
