package hongkong

import (
	"encoding/json"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/hk"
	"github.com/mjref/mjref/scoring/shanten"
	"github.com/mjref/mjref/scoring/waits"
)

// WaitOptions allows the standard shape, thirteen orphans and (when the ruleset has them) seven
// pairs, and values each win in faan and what the winner collects.
func (r *rules) WaitOptions(h *notation.Hand, sit scoring.Situation) (waits.Options, error) {
	if err := family.RefuseJokers(h, Family{}); err != nil {
		return waits.Options{}, err
	}
	rs := r.rs
	opt := waits.Options{Shapes: shanten.ShapeStandard | shanten.ShapeThirteenOrphans}
	if Rules(rs).SevenPairs != hk.Off {
		opt.Shapes |= shanten.ShapeSevenPairs
	}
	opt.SevenPairsRepeated = Rules(rs).SevenPairsRepeated
	opt.Value = func(h *notation.Hand, win scoring.WinKind) waits.Value {
		st := sit
		st.Win = win
		if !win.SelfDrawn() {
			st.Discarder = st.Seat.Next()
		}
		res, err := hk.Score(h, st, Rules(rs))
		if err != nil {
			return waits.Value{Unit: "faan", Reason: err.Error()}
		}
		v := waits.Value{Valid: res.Valid, Total: res.Total, Unit: "faan", Reason: res.Reason}
		if res.Valid && rs.Settlement != nil {
			// What the winner collects in all: the same whoever discards.
			w := settle.NewWinner(st.Seat, res.Total)
			w.Limit = res.Limit
			in := settle.Input{Kind: win, Winners: []settle.Winner{w}, Discarder: st.Discarder}
			var s settle.Result
			var err error
			if r.settle != nil {
				s, err = r.settle.Settle(in)
			} else {
				s, err = settle.Settle(rs.Settlement, in)
			}
			if err == nil {
				v.Payout = json.Number(s.Deltas[st.Seat].String())
			}
		}
		return v
	}
	return opt, nil
}
