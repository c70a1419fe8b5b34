package deburger

import (
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/points"
	"github.com/mjref/mjref/scoring/shanten"
	"github.com/mjref/mjref/scoring/waits"
)

// WaitOptions allows the standard shape and seven pairs, and values each win in points.
func (r *rules) WaitOptions(h *notation.Hand, _ scoring.Situation) (waits.Options, error) {
	if err := family.RefuseJokers(h, Family{}); err != nil {
		return waits.Options{}, err
	}
	return waits.Options{
		Shapes: shanten.ShapeStandard | shanten.ShapeSevenPairs,
		Value: func(h *notation.Hand, win scoring.WinKind) waits.Value {
			res, _ := points.ScoreWinner(h, win, Rules(r.rs))
			return waits.Value{Valid: res.Valid, Total: res.Total, Unit: "points", Reason: res.Reason}
		},
	}, nil
}
