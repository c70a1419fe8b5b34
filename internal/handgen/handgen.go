// Package handgen draws random mahjong hands for tests and benchmarks: winning hands of four sets and a
// pair within the four-copies limit, from rapid (properties) or math/rand (benchmarks).
package handgen

import (
	"math/rand/v2"

	"github.com/mjref/mjref/notation"
	"pgregory.net/rapid"
)

// Draw draws four sets and a pair: chows, pongs and, among the declared melds, kongs (some
// concealed); the sets past the drawn meld count are concealed. all counts every tile of the hand.
// Draw does not check the four-copies limit: see Fits.
func Draw(t *rapid.T) (h notation.Hand, all notation.Counts) {
	melds := rapid.IntRange(0, 4).Draw(t, "melds")
	for i := range 4 {
		var m notation.Meld
		if rapid.Bool().Draw(t, "chow") {
			suit := notation.Suit(rapid.IntRange(1, 3).Draw(t, "suit"))
			m = notation.Meld{Kind: notation.Chow, Tile: notation.NewTile(suit, rapid.IntRange(1, 7).Draw(t, "n")), From: notation.NoSeat}
		} else {
			kind := notation.Pong
			if i < melds && rapid.IntRange(0, 3).Draw(t, "kong") == 0 {
				kind = notation.Kong
			}
			m = notation.Meld{Kind: kind, Tile: notation.Tile(rapid.IntRange(1, 34).Draw(t, "tile")), From: notation.NoSeat}
			m.Concealed = kind == notation.Kong && rapid.Bool().Draw(t, "concealed")
		}
		m.AddTo(&all)
		if i < melds {
			h.Melds = append(h.Melds, m)
		} else {
			m.AddTo(&h.Concealed)
		}
	}
	p := notation.Tile(rapid.IntRange(1, 34).Draw(t, "pair"))
	all[p] += 2
	h.Concealed[p] += 2
	return h, all
}

// Fits reports whether c holds at most four of each tile.
func Fits(c *notation.Counts) bool {
	for _, v := range c {
		if v > 4 {
			return false
		}
	}
	return true
}

// Winning draws a winning hand within the four-copies limit, its winning tile one of its concealed
// tiles, in canonical order.
func Winning(t *rapid.T) notation.Hand {
	for {
		h, all := Draw(t)
		if !Fits(&all) {
			continue
		}
		ts := h.Concealed.Tiles()
		h.Win = ts[rapid.IntRange(0, len(ts)-1).Draw(t, "win")]
		h.Canonicalize()
		return h
	}
}

// Random returns a random winning hand of chows and pongs and a pair, within the four-copies limit,
// with up to maxMelds of its sets declared as exposed melds (none for 0), its winning tile one of its
// concealed tiles, in canonical order.
func Random(r *rand.Rand, maxMelds int) notation.Hand {
	for {
		var h notation.Hand
		var all notation.Counts
		melds := r.IntN(maxMelds + 1)
		for i := range 4 {
			m := notation.Meld{Kind: notation.Pong, Tile: notation.Tile(1 + r.IntN(34)), From: notation.NoSeat}
			if r.IntN(2) == 0 {
				m = notation.Meld{Kind: notation.Chow, Tile: notation.Tile(1 + 9*r.IntN(3) + r.IntN(7)), From: notation.NoSeat}
			}
			m.AddTo(&all)
			if i < melds {
				h.Melds = append(h.Melds, m)
			} else {
				m.AddTo(&h.Concealed)
			}
		}
		p := notation.Tile(1 + r.IntN(34))
		all[p] += 2
		h.Concealed[p] += 2
		if !Fits(&all) {
			continue
		}
		ts := h.Concealed.Tiles()
		h.Win = ts[r.IntN(len(ts))]
		h.Canonicalize()
		return h
	}
}
