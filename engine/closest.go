package engine

import (
	"fmt"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/american"
)

// ClosestRequest is one hand in progress to rank the card's lines for: 13 tiles, or 14 after a
// draw. Seen lists the tiles no longer available (discards; others' exposures in brackets), Top
// how many lines to keep (0 all).
type ClosestRequest struct {
	Hand string       `json:"hand"`
	Seen string       `json:"seen,omitempty"`
	Top  family.Whole `json:"top,omitempty"`
}

// ClosestView is one ranking, as the JSON contract writes it (schema/closest.json).
type ClosestView struct {
	InputLine  int                  `json:"input_line,omitempty"`
	Hand       string               `json:"hand"`
	Ruleset    string               `json:"ruleset"`
	Card       string               `json:"card"`
	Tiles      int                  `json:"tiles"`
	Seen       []notation.Tile      `json:"seen"`
	Dead       bool                 `json:"dead"` // every line is dead: a dead hand
	Candidates []american.Candidate `json:"candidates"`
	// Discards ranks the discards of a 14-tile hand by the lines each keeps live.
	Discards []american.DiscardOption `json:"discards,omitempty"`
	// Redeemable lists the exposures in --seen whose jokers can still be redeemed.
	Redeemable []string `json:"redeemable,omitempty"`
	// Warnings are the card's lines left out, and why.
	Warnings []scoring.Warning `json:"warnings,omitempty"`
}

// Closest ranks the lines of the ruleset's card for a hand in progress: what each still needs,
// which are dead, and for 14 tiles which discard keeps most lines live. Only a family that plays a
// card (American) ranks; the others refuse with bad input.
func (e *Engine) Closest(req ClosestRequest) (*ClosestView, error) {
	rank, err := e.Closer(req)
	if err != nil {
		return nil, err
	}
	return rank(req.Hand)
}

// Closer checks req's seen tiles once and returns the ranking of one hand text under them (req.Hand
// is not read): a batch calls it per line. Only rules that play a card (family.CardPlayer) rank.
func (e *Engine) Closer(req ClosestRequest) (func(hand string) (*ClosestView, error), error) {
	rs := e.Ruleset()
	cp, ok := e.rules.(family.CardPlayer)
	if !ok {
		return nil, family.WithHint(fmt.Errorf("closest ranks the lines of an American card: ruleset %s is of the %s family", rs.Name, rs.Family),
			"use --rules american (or an American ruleset file)")
	}
	if req.Top < 0 {
		return nil, family.Usagef("--top %d: give a positive number of lines, or 0 for all", req.Top)
	}
	opt := e.rules.Family().Notation()
	seen, redeemable, err := parseCardSeen(req.Seen, opt)
	if err != nil {
		return nil, err
	}
	c := &closester{rs: rs, notation: opt, card: cp.Card(), seen: seen, redeemable: redeemable, top: int(req.Top)}
	return c.rank, nil
}

// closester ranks hands against one card; it is safe for concurrent use.
type closester struct {
	rs         *rulesets.Ruleset
	notation   notation.Options
	card       *american.Card
	seen       notation.Counts
	redeemable []string
	top        int
}

// parseCardSeen reads --seen: loose tiles (discards; a J is a discarded joker) and, in brackets,
// other players' exposures, whose naturals are gone but whose jokers can still be redeemed.
func parseCardSeen(s string, opt notation.Options) (notation.Counts, []string, error) {
	if !strings.ContainsAny(s, "[]") {
		seen, err := parseSeen(s, opt, "'NNN 3m Wd J [666pJ]'")
		return seen, nil, err
	}
	h, err := notation.ParseWith(s, opt)
	if err != nil {
		return notation.Counts{}, nil, family.WithHint(fmt.Errorf("--seen: %w", err), "list discards as tiles and others' exposures in brackets, e.g. --seen 'NNN 3m J [666pJ]'")
	}
	seen := h.Concealed
	for _, b := range h.Bonus {
		seen[b.Tile]++
	}
	var redeemable []string
	for _, m := range h.Melds {
		seen[m.Tile] += uint8(m.Naturals())
		if m.Jokers > 0 {
			redeemable = append(redeemable, m.String())
		}
	}
	if err := checkCopies(&seen, nil); err != nil {
		return seen, nil, err
	}
	return seen, redeemable, nil
}

// rank parses one hand and ranks the card's lines for it.
func (c *closester) rank(text string) (*ClosestView, error) {
	h, err := notation.ParseWith(text, c.notation)
	if err != nil {
		return nil, err
	}
	if err := checkAmericanHand(&h, &c.seen); err != nil {
		return nil, err
	}
	cands := american.Closest(c.card, &h, c.seen, c.top)
	var discards []american.DiscardOption
	if h.HeldTiles() == american.HandTiles && (len(cands) == 0 || cands[0].Need > 0) {
		discards = american.Discards(c.card, &h, c.seen)
		if c.top > 0 && len(discards) > c.top {
			discards = discards[:c.top]
		}
	}
	h.Win = notation.NoTile // a hand in progress has no winning tile to mark
	return &ClosestView{
		Discards:   discards,
		Redeemable: c.redeemable,
		Warnings:   c.card.Warnings,
		Hand:       notation.FormatWith(h, c.notation),
		Ruleset:    c.rs.Name,
		Card:       c.card.Name,
		Tiles:      h.HeldTiles(),
		Seen:       c.seen.Tiles(),
		Dead:       american.AllDead(cands),
		Candidates: cands,
	}, nil
}

// checkAmericanHand rejects what cannot be an American hand in progress: a wrong number of tiles, an
// exposure that is not a set or holds no natural tile, or more copies of a tile than the set has once
// the seen tiles are counted.
func checkAmericanHand(h *notation.Hand, seen *notation.Counts) error {
	if n := h.HeldTiles(); n != american.HandTiles-1 && n != american.HandTiles {
		return family.WithHint(fmt.Errorf("%s: closest needs 13, or 14 after a draw", words.Count(n, "tile")),
			notation.Options{EveryTileCounts: true}.Counting()+", e.g. 'ff 2222m 44m 666p 88p' is 13 tiles")
	}
	for _, m := range h.Melds {
		switch {
		case m.Kind == notation.Chow:
			return family.WithHint(fmt.Errorf("%s: a run is never exposed in American play", m), "expose only sets: [666p], [2222mJ]")
		case m.Size() < 3:
			return family.WithHint(fmt.Errorf("%s is not a set: an exposure holds 3 or more identical tiles", m), "expose only sets: [666p], [2222mJ]")
		case !m.Concealed && m.Naturals() < 1:
			return family.WithHint(fmt.Errorf("%s: an exposure holds at least one natural tile", m), "write the exposed tile with its jokers, e.g. [6pJJ]")
		}
	}
	all := h.All()
	for _, b := range h.Bonus {
		all[b.Tile]++
	}
	var flowers, jokers int
	for t, n := range all {
		tile := notation.Tile(t)
		k := int(n) + int(seen[t])
		switch {
		case tile == notation.Joker:
			jokers += k
		case tile.IsBonus():
			flowers += k
		case tile.IsPlaying() && k > 4:
			return family.WithHint(fmt.Errorf("%d of %s between the hand and --seen: the set has four", k, tile), "--seen lists only tiles outside your hand")
		}
	}
	if flowers > 8 {
		return family.WithHint(fmt.Errorf("%d flowers between the hand and --seen: the set has eight", flowers), "--seen lists only tiles outside your hand")
	}
	if jokers > american.MaxJokers {
		return family.WithHint(fmt.Errorf("%d jokers between the hand and --seen: the set has eight", jokers), "--seen lists only tiles outside your hand")
	}
	return nil
}
