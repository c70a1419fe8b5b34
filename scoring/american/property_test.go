package american

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/mjref/mjref/notation"
)

// drawHand builds a hand that fills one concrete hand of a random line: jokers stand in random set
// slots, and on an X line random sets are exposed. It returns the line, or nil when the draws cannot
// be fitted to the supply.
func drawHand(t *rapid.T, card *Card, expose bool) (*Line, *notation.Hand, int) {
	l := rapid.SampledFrom(card.Lines).Draw(t, "line")
	c := &l.hands[rapid.IntRange(0, len(l.hands)-1).Draw(t, "hand")]
	h := &notation.Hand{}
	jokersLeft := MaxJokers
	usedNat := [nIdx]int{}
	for i := range nIdx {
		usedNat[i] = c.fixed(i)
	}
	add := func(slot, n int) {
		if slot == flowerIdx {
			for range n {
				h.Bonus = append(h.Bonus, notation.BonusTile{Tile: notation.Flower})
			}
			return
		}
		h.Concealed[tileOf(slot)] += uint8(n)
	}
	for i := range nIdx {
		add(i, c.fixed(i))
	}
	jokers := 0
	for k, g := range c.sets {
		slot, size := int(g.slot), int(g.size)
		exposed := expose && !l.Concealed && rapid.Bool().Draw(t, "exposed")
		natLeft := supply(slot) - usedNat[slot]
		lo := max(0, size-natLeft)
		hi := min(size, jokersLeft)
		if exposed {
			hi = min(hi, size-1)
		}
		if lo > hi {
			return nil, nil, 0
		}
		j := rapid.IntRange(lo, hi).Draw(t, "jokers"+string(rune('0'+k)))
		jokersLeft -= j
		jokers += j
		usedNat[slot] += size - j
		if exposed {
			h.Melds = append(h.Melds, notation.Meld{Kind: notation.MeldKind(size - 1), Tile: tileOf(slot), Jokers: uint8(j), From: notation.NoSeat})
			continue
		}
		add(slot, size-j)
		h.Concealed[notation.Joker] += uint8(j)
	}
	h.Canonicalize()
	return l, h, jokers
}

// Every concrete hand of every line, with jokers in any set slots and any sets exposed, matches a
// line worth at least as much.
func TestPropertyDrawnHandsMatch(t *testing.T) {
	card := sampleCard(t)
	rapid.Check(t, func(t *rapid.T) {
		l, h, jokers := drawHand(t, card, true)
		if l == nil {
			return
		}
		got := Match(card, h, nil)
		if !got.Valid {
			t.Fatalf("%s: hand %s does not match: %s", l.ID, h, got.Reason)
		}
		if got.Value < l.Value {
			t.Fatalf("%s: hand %s matched %s worth %d < %d", l.ID, h, got.Line, got.Value, l.Value)
		}
		if got.Jokerless != (jokers == 0) {
			t.Fatalf("%s: hand %s jokerless %v with %d jokers", l.ID, h, got.Jokerless, jokers)
		}
		if len(got.Reading.Jokers) != jokers {
			t.Fatalf("%s: hand %s reading has %d jokers, the hand %d", l.ID, h, len(got.Reading.Jokers), jokers)
		}
	})
}

// A drawn hand less one concealed tile is exactly one tile from its line, which stays live.
func TestPropertyOneTileShort(t *testing.T) {
	card := sampleCard(t)
	rapid.Check(t, func(t *rapid.T) {
		l, h, _ := drawHand(t, card, true)
		if l == nil {
			return
		}
		var tiles []notation.Tile
		for tile, n := range h.Concealed {
			for range n {
				tiles = append(tiles, notation.Tile(tile))
			}
		}
		for range h.Bonus {
			tiles = append(tiles, notation.Flower)
		}
		if len(tiles) == 0 {
			return
		}
		drop := rapid.SampledFrom(tiles).Draw(t, "drop")
		if drop == notation.Flower {
			h.Bonus = h.Bonus[1:]
		} else {
			h.Concealed[drop]--
		}
		for _, c := range Closest(card, h, notation.Counts{}, 0) {
			if c.Line != l.ID {
				continue
			}
			if c.Need != 1 || c.Dead {
				t.Fatalf("%s less %s: candidate %+v, want need 1 and live", l.ID, drop, c)
			}
			return
		}
		t.Fatalf("line %s not ranked", l.ID)
	})
}

// Match and Closest agree: a 14-tile concealed hand matches iff some line needs no tile.
func TestPropertyMatchAgreesWithClosest(t *testing.T) {
	card := sampleCard(t)
	rapid.Check(t, func(t *rapid.T) {
		_, h, _ := drawHand(t, card, false)
		if h == nil {
			return
		}
		// Swap up to two tiles for random ones, keeping 14 tiles within the supply.
		for k := range rapid.IntRange(0, 2).Draw(t, "swaps") {
			var have []notation.Tile
			for tile, n := range h.Concealed {
				if n > 0 {
					have = append(have, notation.Tile(tile))
				}
			}
			if len(have) == 0 {
				break
			}
			out := rapid.SampledFrom(have).Draw(t, "out"+string(rune('0'+k)))
			in := notation.Tile(rapid.IntRange(1, int(notation.Red)).Draw(t, "in"+string(rune('0'+k))))
			if all := h.All(); all[in] >= 4 {
				continue
			}
			h.Concealed[out]--
			h.Concealed[in]++
		}
		got := Match(card, h, nil)
		zero := false
		for _, c := range Closest(card, h, notation.Counts{}, 0) {
			zero = zero || (c.Need == 0 && !c.Dead)
		}
		if got.Valid != zero {
			t.Fatalf("hand %s: Match valid %v (%s), Closest has a line needing nothing %v", h, got.Valid, got.Reason, zero)
		}
	})
}

// naiveMatch matches a concealed hand group by group, the way a player checks a card: singles, pairs
// and runs take naturals only, then sets take naturals or jokers. It returns the best line's id.
func naiveMatch(card *Card, h *notation.Hand) string {
	var nat [nIdx]int
	jokers := int(h.Concealed[notation.Joker])
	for t, n := range h.Concealed {
		if s := slotOf(notation.Tile(t)); s >= 0 {
			nat[s] += int(n)
		}
	}
	nat[flowerIdx] += len(h.Bonus)
	best, bestValue := "", 0
	for _, l := range card.Lines {
		if l.Value <= bestValue {
			continue
		}
		for k := range l.hands {
			left, j, ok := nat, jokers, true
			isSet := func(g []notation.Tile) bool {
				for _, t := range g {
					if t != g[0] {
						return false
					}
				}
				return len(g) >= 3
			}
			for _, sets := range []bool{false, true} {
				for _, g := range l.hands[k].groups {
					if isSet(g) != sets {
						continue
					}
					for _, t := range g {
						switch s := slotOf(t); {
						case left[s] > 0:
							left[s]--
						case sets && j > 0:
							j--
						default:
							ok = false
						}
					}
				}
			}
			if ok && j == 0 && left == [nIdx]int{} {
				best, bestValue = l.ID, l.Value
				break
			}
		}
	}
	return best
}

// Match agrees with the naive group-by-group matcher on concealed hands near the card's hands.
func TestPropertyMatchAgreesWithNaive(t *testing.T) {
	card := sampleCard(t)
	rapid.Check(t, func(t *rapid.T) {
		_, h, _ := drawHand(t, card, false)
		if h == nil {
			return
		}
		for k := range rapid.IntRange(0, 2).Draw(t, "swaps") {
			var have []notation.Tile
			for tile, n := range h.Concealed {
				if n > 0 {
					have = append(have, notation.Tile(tile))
				}
			}
			if len(have) == 0 {
				break
			}
			out := rapid.SampledFrom(have).Draw(t, "out"+string(rune('0'+k)))
			in := notation.Tile(rapid.IntRange(1, int(notation.Red)+1).Draw(t, "in"+string(rune('0'+k))))
			if in > notation.Red {
				in = notation.Joker
			}
			if all := h.All(); (in == notation.Joker && all[in] >= MaxJokers) || (in != notation.Joker && all[in] >= 4) {
				continue
			}
			h.Concealed[out]--
			h.Concealed[in]++
		}
		got := Match(card, h, nil)
		if want := naiveMatch(card, h); got.Line != want {
			t.Fatalf("hand %s: Match says %q (%s), the naive matcher %q", h, got.Line, got.Reason, want)
		}
	})
}
