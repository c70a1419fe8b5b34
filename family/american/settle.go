package american

import (
	"fmt"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	card "github.com/mjref/mjref/scoring/american"
)

// settleHints are the flags an American settlement does not take, with what to give instead.
var settleHints = family.Refusals{
	"faan":        "an American hand is worth its card line's value: use --value N",
	"limit":       "an American hand is worth its card line's value: use --value N",
	"responsible": "",
	"prevailing":  "",
	"last-tile":   "",
	"mahjong":     "name the winner with --winner SEAT",
	"hand":        "give the winner's hand as the argument: mjref settle HAND --seat SEAT",
	"points":      "",
	"totals":      "",
	// The riichi flags.
	"han":     "an American hand is worth its card line's value: use --value N",
	"fu":      "an American hand is worth its card line's value: use --value N",
	"honba":   "",
	"sticks":  "",
	"tenpai":  "",
	"nagashi": "",
}

// SettleTakes takes every flag but the Hong Kong and DeBurger ones.
func (r *rules) SettleTakes(flag string) (bool, string) {
	return settleHints.Takes(flag)
}

// Settle pays the hand by its card line's value (the discarder twice, or four times for a misnamed
// discard), from --value or from the winner's hand matched against the card (req.Card, or the
// rules' own).
func (r *rules) Settle(req family.SettleRequest) (family.Settlement, error) {
	if err := family.RefuseOthers(r, &req); err != nil {
		return nil, err
	}
	return family.SettlePayments(r, req, "value", func(sreq family.ScoreRequest, seat, _ notation.Seat, in *settle.Input, v *family.PaymentsView) (settle.Winner, bool, error) {
		return r.settleHand(req.Card, sreq, seat, v)
	})
}

// settleHand matches the winner's hand against the card named (the rules' own when empty) and
// makes the winner it is.
func (r *rules) settleHand(cardName string, sreq family.ScoreRequest, seat notation.Seat, v *family.PaymentsView) (w settle.Winner, ok bool, err error) {
	rr := r
	if cardName != "" {
		c, err := loadCard(r.files, cardName)
		if err != nil {
			return w, false, err
		}
		rr = &rules{rs: r.rs, card: c, files: r.files}
	}
	h, err := notation.ParseWith(sreq.Hand, Family{}.Notation())
	if err != nil {
		return w, false, err
	}
	sc, err := rr.Score(&h, sreq)
	if err != nil {
		return w, false, err
	}
	s := sc.(*Scored)
	res := s.Result
	v.Hand, v.Score, v.Warnings = s.Hand, res, s.Warnings
	if !res.Valid {
		v.Reason = "no line matches: " + res.Reason
		return w, false, nil
	}
	w = settle.NewWinner(seat, res.Value)
	w.Jokerless = res.JokerlessBonus
	v.Worth = append(v.Worth, worthText(seat, res))
	return w, true, nil
}

func worthText(seat notation.Seat, r *card.Result) string {
	s := fmt.Sprintf("%s, line %s (%s), value %d", seat, r.Line, r.Section, r.Value)
	if r.JokerlessBonus {
		s += ", jokerless (pays double)"
	}
	return s
}
