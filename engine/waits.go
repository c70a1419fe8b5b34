package engine

import (
	"fmt"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring/waits"
)

// WaitsRequest is one hand to analyse: 13 tiles (what it waits on) or 14 (what to discard), with
// the seats as letters and the tiles seen outside the hand in notation. Discards, Passed and
// Riichi are what the player did this hand, for a family that judges furiten (riichi): another
// refuses them.
type WaitsRequest struct {
	Hand       string `json:"hand"`
	Seat       string `json:"seat,omitempty"`
	Prevailing string `json:"prevailing,omitempty"`
	Seen       string `json:"seen,omitempty"`
	// Discards are the player's own discards this hand; Passed the tiles others discarded that
	// the player did not win on, since their last discard (or since riichi, with Riichi). Both
	// count as seen.
	Discards string `json:"discards,omitempty"`
	Passed   string `json:"passed,omitempty"`
	Riichi   bool   `json:"riichi,omitempty"`
}

// WaitsView is one analysis, as the JSON contract writes it (schema/waits.json).
type WaitsView struct {
	InputLine int    `json:"input_line,omitempty"`
	Hand      string `json:"hand"`
	Ruleset   string `json:"ruleset"`
	waits.Analysis
}

// Positive says whether the verdict is positive: the hand is ready or complete, or some discard
// of 14 tiles was weighed (a hand matched by value lists only the discards that leave it ready).
func (v *WaitsView) Positive() bool { return v.Ready || v.Complete || len(v.Discards) > 0 }

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
	waiter, ok := e.rules.(family.Waiter)
	if !ok {
		rs := e.Ruleset()
		return nil, family.WithHint(fmt.Errorf("waits is not played under ruleset %s (family %s)", rs.Name, rs.Family), "")
	}
	sit, err := ScoreRequest{Seat: req.Seat, Prevailing: req.Prevailing}.Situation()
	if err != nil {
		return nil, err
	}
	seen, err := parseSeen(req.Seen, e.rules.Family().Notation(), "3s6s1z")
	if err != nil {
		return nil, err
	}
	var play family.WaitPlay
	play.Riichi = req.Riichi
	for _, f := range []struct {
		flag, text string
		into       *notation.Counts
	}{{"discards", req.Discards, &play.Discards}, {"passed", req.Passed, &play.Passed}} {
		if f.text == "" {
			continue
		}
		ts, err := notation.ParseTilesWith(f.text, e.rules.Family().Notation())
		if err != nil {
			return nil, family.WithHint(family.Usagef("--%s: %v", f.flag, err), "list tiles as in a hand, e.g. --"+f.flag+" 9s1z")
		}
		*f.into = notation.CountsOf(ts...)
		for t, n := range *f.into {
			seen[t] += n
		}
	}
	pw, furiten := waiter.(family.PlayWaiter)
	if play.Given() && !furiten {
		rs := e.Ruleset()
		return nil, family.WithHint(family.Usagef("--discards, --passed and --riichi judge furiten, and ruleset %s (%s) has none", rs.Name, family.Title(rs)),
			"leave them out, or list the discards with --seen to count them as seen")
	}
	for t, n := range seen {
		if tile := notation.Tile(t); tile.IsPlaying() && n > 4 {
			return nil, family.WithHint(family.Usagef("--seen, --discards and --passed: %d of %s: the set has four", n, tile), "a discard passed is seen once: list it in one of them")
		}
	}
	return func(text string) (*WaitsView, error) {
		h, err := e.Parse(text)
		if err != nil {
			return nil, err
		}
		var opt waits.Options
		if furiten {
			opt, err = pw.PlayWaitOptions(&h, sit.Situation, play)
		} else {
			opt, err = waiter.WaitOptions(&h, sit.Situation)
		}
		if err != nil {
			return nil, err
		}
		if err := checkCopies(&seen, &h); err != nil {
			return nil, err
		}
		nopt := e.rules.Family().Notation()
		n := h.Count(nopt)
		if n != 13 && n != 14 {
			hint := "write the hand without the winning tile, e.g. mjref waits 123m456p789s11z45s"
			if h := notation.PlusHint(text, &h); h != "" {
				hint = h
			}
			if nopt.EveryTileCounts {
				hint = "e.g. 'ff 2222m 44m 666p 88p' is 13 tiles"
			}
			return nil, family.WithHint(fmt.Errorf("%s (%s): waits needs 13, or 14 to weigh each discard", words.Count(n, "tile"), nopt.Counting()), hint)
		}
		opt.Seen, opt.EveryTileCounts = seen, nopt.EveryTileCounts
		a := waits.Analyze(&h, opt)
		return &WaitsView{Hand: notation.FormatWith(h, e.rules.Family().Notation()), Ruleset: e.Ruleset().Name, Analysis: a}, nil
	}, nil
}
