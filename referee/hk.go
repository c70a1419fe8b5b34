package referee

import (
	"fmt"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/hk"
)

// HK returns the dependencies of a Hong Kong replay: wins scored by hk.Score under h, hands settled by
// settle.Settle under s, and the table rules r (the ruleset's referee: section: dead wall, missed-win
// lock, the rules it explains), whose tile count and several-winners rule default to what h and s say
// (136 tiles when h plays no flowers; head bump or every claimant wins as s's multiple_winners says),
// and s pays a win at the worth h scores it (s's Bounds, when the loader has not set them).
// A nil section leaves that part out: no scorer (wins taken as declared), no settlement, default rules.
func HK(h *hk.Rules, s *settle.Rules, r *gamerules.Referee) Deps {
	var d Deps
	if r != nil {
		d.Rules = *r
	}
	if h != nil {
		d.Score = HKScorer(h)
		d.HumanHand = h.Plays("human-hand")
		if !h.Flowers && d.Rules.Tiles == 0 {
			d.Rules.Tiles = 136
		}
	}
	if s != nil {
		if h != nil && s.Bounds.Unit == "" {
			// A settlement not loaded with the ruleset pays at the worth h scores (its minimum, cap
			// and limit), as the loader would have it.
			c := *s
			c.Bounds = h.Bounds()
			s = &c
		}
		d.Settle = SettleWith(s)
		d.SevenFlowersSelfDrawn = s.SevenFlowersSelfDrawn()
		if d.Rules.MultipleWins == "" {
			d.Rules.MultipleWins = s.MultipleWinners.As
		}
	}
	return d
}

// HKScorer scores a win with the Hong Kong rules r: valid means a winning shape worth at least r's minimum.
func HKScorer(r *hk.Rules) Scorer {
	return func(h *notation.Hand, sit scoring.Situation) (Score, error) {
		res, err := hk.Score(h, sit, r)
		if err != nil {
			return Score{}, err
		}
		return Score{Valid: res.Valid, Total: res.Total, RawTotal: res.RawTotal, Limit: res.Limit, Items: res.Items, Reason: res.Reason}, nil
	}
}

// SettleWith settles with the settlement rules r. Responsibility (包) is decided from the order the
// melds were made in, which the replay knows: the seat that fed the meld that completed a trigger's count
// is liable.
func SettleWith(r *settle.Rules) Settler {
	return func(in SettleInput) (settle.Result, error) {
		si := settle.Input{Offender: in.Offender, Discarder: notation.NoSeat}
		switch in.Outcome {
		case OutcomeDraw:
			si.Outcome = settle.Drawn
		case OutcomeFalseWin:
			si.Outcome = settle.FalseWin
		case OutcomeWin:
			si.Outcome = settle.Won
			if len(in.Wins) == 0 {
				return settle.Result{}, fmt.Errorf("a won hand needs a winner: %w", scoring.ErrImpossible)
			}
			si.Kind = in.Wins[0].Context.Win
			si.Discarder = in.Wins[0].Context.Discarder
			for _, w := range in.Wins {
				// The table is read at the faan before the cap, as settle reads it, so the
				// payment says "12 faan, paid at the cap of 10".
				sw := settle.NewWinner(w.Seat, max(w.Total, w.RawTotal))
				sw.Limit = w.Limit
				l, err := responsible(r, &w)
				if err != nil {
					return settle.Result{}, err
				}
				sw.Responsible, sw.Trigger = l.Seat, l.Trigger
				si.Winners = append(si.Winners, sw)
			}
		default:
			return settle.Result{}, fmt.Errorf("nothing to settle: the hand is %s", in.Outcome)
		}
		return settle.Settle(r, si)
	}
}

// responsible finds the liable seat for a win from the melds in the order they were made: for each
// prefix of the melds, with only its last meld marked, settle.Responsible says whether that meld
// completed a trigger. The first that does names the seat. Without one, the whole hand is asked with
// no marks, which covers a winning discard that completes the count.
func responsible(r *settle.Rules, w *Win) (settle.Liability, error) {
	h := w.hand
	sit := w.Context.Situation()
	sit.Seat = w.Seat // responsibility compares table seats
	melds := make([]notation.Meld, 0, len(h.Melds))
	for i, m := range h.Melds {
		if m.From == notation.NoSeat {
			continue
		}
		melds = melds[:0]
		for _, p := range h.Melds[:i+1] {
			p.From = notation.NoSeat
			melds = append(melds, p)
		}
		melds[i].From = m.From
		p := h
		p.Melds = melds
		l, err := settle.Responsible(r, &p, sit)
		if err != nil {
			return settle.Liability{Seat: notation.NoSeat}, err
		}
		if l.Seat != notation.NoSeat {
			return l, nil
		}
	}
	p := h
	p.Melds = make([]notation.Meld, len(h.Melds))
	for i, m := range h.Melds {
		m.From = notation.NoSeat
		p.Melds[i] = m
	}
	l, err := settle.Responsible(r, &p, sit)
	if err != nil {
		return settle.Liability{Seat: notation.NoSeat}, err
	}
	if l.Seat == notation.NoSeat {
		l.Trigger = ""
	}
	return l, nil
}
