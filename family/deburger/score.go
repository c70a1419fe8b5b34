package deburger

import (
	"errors"
	"fmt"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/points"
)

// Score scores a winner's hand in points, or with req.Loser a non-winner's.
func (r *rules) Score(h *notation.Hand, sit family.Situation) (family.Scored, error) {
	if err := family.RefuseJokers(h, Family{}); err != nil {
		return nil, err
	}
	if err := (Family{}).CheckWin(sit.Win); err != nil {
		return nil, err
	}
	s := &Scored{ScoreHead: family.ScoreHead{Hand: notation.Format(*h), Ruleset: r.rs.Name}}
	sv := sit.View()
	var res points.Result
	var err error
	if sit.Loser {
		res, err = points.ScoreLoser(h, Rules(r.rs))
		sv = &family.SituationView{Seat: sv.Seat, Prevailing: sv.Prevailing, Win: "none", Loser: true}
		shown := *h
		shown.Win = notation.NoTile // a non-winner has no winning tile to mark
		s.Hand = notation.Format(shown)
	} else {
		res, err = points.ScoreWinner(h, sit.Win, Rules(r.rs))
	}
	if err != nil && !errors.Is(err, scoring.ErrNotWinning) {
		return nil, err
	}
	s.Situation, s.Result = sv, &res
	return s, nil
}

// Scored is a scored DeBurger hand: the head and the points (points.Result).
type Scored struct {
	family.ScoreHead
	*points.Result
}

// AppendJSON appends what encoding/json writes for s, without reflection: a batch line and a server
// answer.
func (s *Scored) AppendJSON(b []byte) []byte {
	return family.AppendScored(b, &s.ScoreHead, s.Result)
}

// Valid says whether the hand is a win (a non-winner's hand is valid when it scores).
func (s *Scored) Valid() bool { return s.Result.Valid }

// Render writes the hand, its reading, the items, the flowers and the total.
func (s *Scored) Render(w family.Printer) error {
	r, v := s.Result, s.ScoreHead
	who := "winner, win " + v.Situation.Win
	if v.Situation.Loser {
		who = "non-winner"
	}
	fmt.Fprintf(w, "hand:     %s\nruleset:  %s   %s\n", v.Hand, v.Ruleset, who)
	if r.Reading != "" {
		fmt.Fprintf(w, "reading:  %s\n", r.Reading)
	}
	if len(r.Items) > 0 {
		if err := w.Table([]string{"id", "name", "points", "tiles", "rule"}, scoring.ItemRows(r.Items, false)); err != nil {
			return err
		}
	}
	for _, fu := range r.Flowers {
		fmt.Fprintf(w, "flower:   %s\n", fu)
	}
	if !r.Valid {
		fmt.Fprintf(w, "verdict:  not a win: %s\n", r.Reason)
		return nil
	}
	fmt.Fprintf(w, "total:    %d points\n", r.Total)
	return nil
}
