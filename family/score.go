package family

import (
	"fmt"
	"io"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// View is the situation as a scored hand echoes it: seats as E S W N, the win as a word.
func (s Situation) View() *SituationView {
	v := s.view() // View inlines, so a caller that copies *View() allocates nothing
	return &v
}

func (s Situation) view() SituationView {
	v := SituationView{Seat: s.Seat.String(), Prevailing: s.Prevailing.String(), Win: s.Win.String(), LastTile: s.LastTile, Loser: s.Loser}
	if s.Discarder != notation.NoSeat {
		v.Discarder = s.Discarder.String()
	}
	return v
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
