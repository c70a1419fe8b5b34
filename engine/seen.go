package engine

import (
	"fmt"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
)

// parseSeen reads --seen, the tiles seen outside the hand, written as in a hand; example shows one in
// the hint.
func parseSeen(s string, opt notation.Options, example string) (notation.Counts, error) {
	var seen notation.Counts
	if s == "" {
		return seen, nil
	}
	ts, err := notation.ParseTilesWith(s, opt)
	if err != nil {
		return seen, family.WithHint(fmt.Errorf("--seen: %w", err), "list tiles as in a hand, e.g. --seen "+example)
	}
	seen = notation.CountsOf(ts...)
	if err := checkCopies(&seen, nil); err != nil {
		return seen, err
	}
	return seen, nil
}

// checkCopies refuses more copies of a tile between --seen and a hand (nil for none) than a set
// holds: four of each suit and honour tile. (Bonus tiles and jokers are counted by the family.)
func checkCopies(seen *notation.Counts, h *notation.Hand) error {
	var inHand notation.Counts
	if h != nil {
		inHand = h.All()
	}
	for t := range seen {
		tile := notation.Tile(t)
		if !tile.IsPlaying() {
			continue
		}
		if k := int(seen[t]) + int(inHand[t]); k > 4 {
			if h == nil {
				return family.WithHint(family.Usagef("--seen: %d of %s: the set has four", k, tile), "--seen lists the tiles seen outside your hand, each at most four times")
			}
			return family.WithHint(family.Usagef("%d of %s between the hand and --seen: the set has four", k, tile), "--seen lists only tiles outside your hand")
		}
	}
	return nil
}
