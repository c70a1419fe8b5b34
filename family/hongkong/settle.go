package hongkong

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/hk"
)

// settleHints are the flags a Hong Kong settlement does not take, with what to give instead.
var settleHints = family.Refusals{
	"value":     "a Hong Kong hand is worth faan: use --faan N",
	"jokerless": "jokers are played only with --rules american",
	"misnamed":  "",
	"card":      "",
	"mahjong":   "name the winner with --winner SEAT",
	"hand":      "give the winner's hand as the argument: mjref settle HAND --seat SEAT",
	"points":    "",
	"totals":    "",
	// The riichi flags.
	"han":     "a Hong Kong hand is worth faan: use --faan N",
	"fu":      "a Hong Kong hand is worth faan: use --faan N",
	"honba":   "",
	"sticks":  "",
	"tenpai":  "",
	"nagashi": "",
}

// SettleTakes takes every flag but the American and DeBurger ones.
func (r *rules) SettleTakes(flag string) (bool, string) {
	return settleHints.Takes(flag)
}

// Settle pays the hand by the ruleset's payout table, from its faan or from the winner's hand,
// scored first; a meld's @SEAT mark finds the player responsible (包).
func (r *rules) Settle(req family.SettleRequest) (family.Settlement, error) {
	if err := family.RefuseOthers(r, &req); err != nil {
		return nil, err
	}
	return family.SettlePayments(r, req, "faan", r.settleHand)
}

// settleHand scores the winner's hand and makes the winner it is; the settlement reads the table at
// the hand's worth before the cap by the same rule the score used (hk.Rules.Bounds), and says so
// when the cap cut it.
func (r *rules) settleHand(sreq family.ScoreRequest, seat, responsible notation.Seat, in *settle.Input, v *family.PaymentsView) (w settle.Winner, ok bool, err error) {
	h, err := notation.ParseWith(sreq.Hand, Family{}.Notation())
	if err != nil {
		return w, false, err
	}
	sc, err := r.Score(&h, sreq)
	if err != nil {
		return w, false, err
	}
	s := sc.(*Scored)
	res := s.Result
	v.Hand, v.Score = s.Hand, res
	if !res.Valid {
		v.Reason = "not a win: " + res.Reason
		return w, false, nil
	}
	w = settle.NewWinner(seat, res.RawTotal)
	w.Limit = res.Limit
	v.Worth = append(v.Worth, worthText(seat, res))
	if res.Note != "" {
		v.Notes = append(v.Notes, res.Note)
	}
	if res.SelfDrawn && !in.Kind.SelfDrawn() {
		v.Notes = append(v.Notes, "paid as a self-draw: the hand scores as one whatever the last tile ("+strings.Join(itemIDs(res.Items), ", ")+")")
		in.Kind, in.Discarder = scoring.SelfDraw, notation.NoSeat
		v.Win, v.Discarder = in.Kind.String(), ""
	}
	if responsible != notation.NoSeat {
		w.Responsible = responsible
		return w, true, nil
	}
	sit, _, err := family.ScoreRequest{Seat: sreq.Seat, Prevailing: sreq.Prevailing, Win: in.Kind.String(), LastTile: sreq.LastTile}.Situation()
	if err != nil {
		return w, false, err
	}
	sit.Discarder = in.Discarder
	l, err := settle.Responsible(r.rs.Settlement, &h, sit)
	switch {
	case errors.Is(err, settle.ErrAmbiguous):
		return w, false, family.WithHint(err, "name the seat with --responsible SEAT, or mark only the meld that completed it")
	case err != nil:
		return w, false, family.SettleError(r.rs, err)
	}
	if l.Trigger == "" {
		return w, true, nil
	}
	v.Responsible = &l
	if l.Seat == notation.NoSeat {
		v.Notes = append(v.Notes, fmt.Sprintf("responsibility %s applies, but no meld says who fed it: mark the meld ([777z@E]) or give --responsible SEAT", l.Trigger))
		return w, true, nil
	}
	w.Responsible, w.Trigger = l.Seat, l.Trigger
	return w, true, nil
}

func itemIDs(items []scoring.Item) []string {
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	return ids
}

func worthText(seat notation.Seat, r *hk.Result) string {
	s := fmt.Sprintf("%s, %d faan", seat, r.Total)
	if r.Limit {
		s += ", a limit hand"
	}
	return s
}
