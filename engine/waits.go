package engine

import (
	"fmt"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring/waits"
)

// WaitsRequest is one hand to analyse; see family.WaitsRequest.
type WaitsRequest = family.WaitsRequest

// WaitsView is one analysis; its JSON is the contract of schema/waits.json.
type WaitsView = family.WaitsView

// Waits analyses a hand: for 13 tiles its shanten, the tiles it waits on with how many are unseen
// and what each win is worth; for 14, the shanten after each discard.
func (e *Engine) Waits(req WaitsRequest) (*WaitsView, error) {
	w, err := e.Waiter(req)
	if err != nil {
		return nil, err
	}
	return w(req.Hand)
}

// Waiter checks the request's seats and seen tiles once and returns the analysis of one hand text
// under them (req.Hand is not read): a batch calls it per line.
func (e *Engine) Waiter(req WaitsRequest) (func(hand string) (*WaitsView, error), error) {
	sit, _, err := family.ScoreRequest{Seat: req.Seat, Prevailing: req.Prevailing}.Situation()
	if err != nil {
		return nil, err
	}
	seen, err := family.ParseSeen(req.Seen, e.rules.Family().Notation(), "3s6s1z")
	if err != nil {
		return nil, err
	}
	return func(text string) (*WaitsView, error) {
		h, err := e.Parse(text)
		if err != nil {
			return nil, err
		}
		opt, err := e.rules.WaitOptions(&h, sit)
		if err != nil {
			return nil, err
		}
		if err := family.CheckCopies(&seen, &h); err != nil {
			return nil, err
		}
		n := h.TileCount()
		if n != 13 && n != 14 {
			hint := "write the hand without the winning tile, e.g. mjref waits 123m456p789s11z45s"
			if h := notation.PlusHint(text, &h); h != "" {
				hint = h
			}
			return nil, family.WithHint(fmt.Errorf("%s (kongs count as 3): waits needs 13, or 14 to weigh each discard", words.Count(n, "tile")), hint)
		}
		opt.Seen = seen
		a := waits.Analyze(&h, opt)
		return &WaitsView{Hand: notation.FormatWith(h, e.rules.Family().Notation()), Ruleset: e.Ruleset().Name, Analysis: a}, nil
	}, nil
}
