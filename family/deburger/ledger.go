package deburger

import (
	"errors"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/points"
)

// LedgerFlow is the DeBurger flow: first to the target (10,000 points).
func (r *rules) LedgerFlow() gamerules.Flow { return gamerules.DeBurgerFlow() }

// LedgerUnit is "": every player's points are recorded.
func (r *rules) LedgerUnit() string { return "" }

// ScoreLedgerTable scores the four hands of a hand that mahjong won by win, by the DeBurger
// sheet: each seat's points, or why the Mahjong hand is not a win.
func (r *rules) ScoreLedgerTable(hands [4]*notation.Hand, mahjong notation.Seat, win scoring.WinKind) ([4]int, string, error) {
	res, pts, err := points.ScoreTable(hands, mahjong, win, Rules(r.rs))
	if errors.Is(err, scoring.ErrNotWinning) {
		return pts, res[mahjong].Reason, nil
	}
	return pts, "", err
}
