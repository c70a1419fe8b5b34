package american

import (
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	card "github.com/mjref/mjref/scoring/american"
	"github.com/mjref/mjref/scoring/waits"
)

// WaitOptions finds waits by the card: a tile is a wait when some line matches the hand with it.
func (r *rules) WaitOptions(_ *notation.Hand, _ scoring.Situation) (waits.Options, error) {
	return waits.Options{
		ByValue: true,
		Value: func(h *notation.Hand, _ scoring.WinKind) waits.Value {
			res := card.Match(r.card, h, Rules(r.rs))
			return waits.Value{Valid: res.Valid, Total: res.Value, Unit: "value", Line: res.Line, Reason: res.Reason}
		},
	}, nil
}
