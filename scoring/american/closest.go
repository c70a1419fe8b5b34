package american

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// Candidate is one line of the card ranked for a hand in progress.
type Candidate struct {
	Line      string `json:"line"`
	Section   string `json:"section"`
	Value     int    `json:"value"`
	Concealed bool   `json:"concealed"` // the line is marked C
	// Need is how many tiles the hand still needs for the best concrete hand of the line, jokers
	// counted where they may stand.
	Need int `json:"need"`
	// Missing are the tiles still needed; Extra the hand's tiles that have no place in it.
	Missing []notation.Tile `json:"missing"`
	Extra   []notation.Tile `json:"extra,omitempty"`
	// Hand is the best concrete hand of the line.
	Hand string `json:"hand"`
	// Dead marks a line the hand can no longer make; Why says what rules it out.
	Dead   bool           `json:"dead"`
	Why    string         `json:"why,omitempty"`
	Source scoring.Source `json:"source"`

	idleJokers int
	best       *concrete // the concrete hand Missing and Hand describe
	flat       bool      // best is measured with the exposures read as concealed tiles
}

// AllDead reports whether every ranked line is dead: the hand is dead. Closest ranks live lines
// first, so the first candidate decides.
func AllDead(cands []Candidate) bool { return len(cands) > 0 && cands[0].Dead }

// Closest ranks the card's lines by how many tiles h still needs, live lines first, then fewer tiles
// needed, higher value, card order; top > 0 keeps that many. seen holds the tiles no longer available
// to the player: discards and other players' exposures (not the player's own tiles); seen[Joker] counts
// discarded jokers only, since jokers in exposures can still be redeemed. A hand whose every line is
// dead is dead (AllDead).
func Closest(card *Card, h *notation.Hand, seen notation.Counts, top int) []Candidate {
	var hi handInfo
	hi.read(h)
	var sv seenInfo
	for t, n := range seen {
		tile := notation.Tile(t)
		if tile == notation.Joker {
			sv.jokers += int(n)
		} else if s := slotOf(tile); s >= 0 {
			sv.n[s] += int(n)
		}
	}
	c := sorted(rank(card, &hi, &sv), top)
	describe(c, &hi)
	return c
}

// describe fills in the missing tiles and the concrete hand of each candidate.
func describe(cands []Candidate, hi *handInfo) {
	flat := flatten(hi)
	for k := range cands {
		cd := &cands[k]
		if cd.best == nil {
			continue
		}
		if cd.flat {
			cd.Missing, cd.Extra = missing(&cd.best.need, &cd.best.set, &flat)
		} else {
			var need, set [nIdx]uint8
			placeExposures(cd.best, hi.exp, &need, &set)
			cd.Missing, cd.Extra = missing(&need, &set, hi)
		}
		cd.Hand = cd.best.handText()
		if cd.Missing == nil {
			cd.Missing = []notation.Tile{} // JSON: [] rather than null
		}
	}
}

// flatten returns hi with every exposed tile read as a concealed one.
func flatten(hi *handInfo) handInfo {
	flat := *hi
	flat.exp = nil
	for i := range nIdx {
		flat.nat[i] += hi.expNat[i]
		if flat.nat[i] > 0 {
			flat.natMask |= 1 << i
		}
	}
	flat.jokers += hi.expJokers
	flat.expNat = [nIdx]uint8{}
	flat.expJokers = 0
	return flat
}

// seenInfo is the seen tiles by slot.
type seenInfo struct {
	n      [nIdx]int
	jokers int
}

// distance is how far hi is from one concrete hand.
type distance struct {
	need       int
	idleJokers int
}

// distanceTo measures how many tiles hi lacks for need/set (the concealed part, exposures placed).
func distanceTo(need, set *[nIdx]uint8, mask uint64, hi *handInfo) distance {
	total, have, setLeft := 0, 0, 0
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		nd := int(need[i])
		u := min(int(hi.nat[i]), nd)
		total += nd
		have += u
		setLeft += min(int(set[i]), nd-u)
	}
	used := min(hi.jokers, setLeft)
	return distance{need: total - have - used, idleJokers: hi.jokers - used}
}

// missing lists the tiles hi lacks for need/set and those it holds with no place, jokers filling set
// slots in tile order.
func missing(need, set *[nIdx]uint8, hi *handInfo) (miss, extra []notation.Tile) {
	jokers := hi.jokers
	for i := range nIdx {
		nd, n := int(need[i]), int(hi.nat[i])
		u := min(n, nd)
		short := nd - u
		setShort := min(int(set[i]), short)
		j := min(jokers, setShort)
		jokers -= j
		for range short - j {
			miss = append(miss, tileOf(i))
		}
		for range n - u {
			extra = append(extra, tileOf(i))
		}
	}
	for range jokers {
		extra = append(extra, notation.Joker)
	}
	return miss, extra
}

// alive reports whether the tiles need/set asks for are still to be had (research §3.4): naturals
// outside sets must exist, and jokers cover what the sets lack.
func alive(need, set *[nIdx]uint8, mask uint64, hi *handInfo, sv *seenInfo) (bool, string) {
	jokersShort := 0
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		avail := supply(i) - sv.n[i] - int(hi.expNat[i])
		fixed := int(need[i]) - int(set[i])
		if fixed > avail {
			return false, fmt.Sprintf("needs %d natural %s, only %d left", fixed, tileOf(i), max(avail, 0))
		}
		jokersShort += max(0, int(set[i])-(avail-fixed))
	}
	if left := MaxJokers - sv.jokers; jokersShort > left {
		return false, fmt.Sprintf("needs %s, only %d left", countText(jokersShort, "joker"), max(left, 0))
	}
	return true, ""
}

// rank measures every line, in card order; sv nil skips the dead check on seen tiles.
func rank(card *Card, hi *handInfo, sv *seenInfo) []Candidate {
	if card == nil {
		return nil
	}
	var none seenInfo
	if sv == nil {
		sv = &none
	}
	// Every tile of the hand read as concealed, for lines the exposures rule out.
	flat := flatten(hi)

	out := make([]Candidate, 0, len(card.Lines))
	for _, l := range card.Lines {
		cand := Candidate{Line: l.ID, Section: l.Section, Value: l.Value, Concealed: l.Concealed, Source: l.Source}
		bestLive, bestAny := -1, -1
		var liveD, anyD distance
		var why string
		if !(l.Concealed && len(hi.exp) > 0) {
			var placedNeed, placedSet [nIdx]uint8
			for k := range l.hands {
				c := &l.hands[k]
				need, set := &c.need, &c.set // without exposures, the hand's own counts: no copy
				if len(hi.exp) > 0 {
					if !placeExposures(c, hi.exp, &placedNeed, &placedSet) {
						continue
					}
					need, set = &placedNeed, &placedSet
				}
				d := distanceTo(need, set, c.mask, hi)
				if bestAny < 0 || d.need < anyD.need {
					bestAny, anyD = k, d
				}
				if bestLive >= 0 && d.need >= liveD.need {
					continue
				}
				if ok, _ := alive(need, set, c.mask, hi, sv); ok {
					bestLive, liveD = k, d
				}
			}
		}
		if bestLive < 0 && bestAny >= 0 {
			var need, set [nIdx]uint8
			placeExposures(&l.hands[bestAny], hi.exp, &need, &set)
			_, why = alive(&need, &set, l.hands[bestAny].mask, hi, sv)
		}
		switch {
		case bestLive >= 0:
			cand.best = &l.hands[bestLive]
			cand.Need, cand.idleJokers = liveD.need, liveD.idleJokers
		case bestAny >= 0:
			cand.best = &l.hands[bestAny]
			cand.Need, cand.idleJokers = anyD.need, anyD.idleJokers
			cand.Dead, cand.Why = true, why
		default:
			// The exposures fit no hand of the line: measure it as if everything were concealed.
			k, d := 0, distance{need: 1 << 30}
			for j := range l.hands {
				c := &l.hands[j]
				if dj := distanceTo(&c.need, &c.set, c.mask, &flat); dj.need < d.need {
					k, d = j, dj
				}
			}
			cand.best, cand.flat = &l.hands[k], true
			cand.Need, cand.idleJokers = d.need, d.idleJokers
			cand.Dead = true
			if l.Concealed && len(hi.exp) > 0 {
				cand.Why = "a concealed line allows no exposure"
			} else {
				cand.Why = "the exposures fit no hand of this line"
			}
		}
		out = append(out, cand)
	}
	return out
}

// better orders candidates: live lines first, then fewer tiles needed, then higher value; equal
// candidates keep card order.
func better(a, b *Candidate) int {
	if a.Dead != b.Dead {
		if a.Dead {
			return 1
		}
		return -1
	}
	if c := cmp.Compare(a.Need, b.Need); c != 0 {
		return c
	}
	return cmp.Compare(b.Value, a.Value)
}

// sorted returns the first top candidates (all when top <= 0) in rank order, moving only indices.
func sorted(cands []Candidate, top int) []Candidate {
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return better(&cands[a], &cands[b]) })
	if top > 0 && len(order) > top {
		order = order[:top]
	}
	out := make([]Candidate, len(order))
	for k, i := range order {
		out[k] = cands[i]
	}
	return out
}

// countText reads like "1 joker" or "3 jokers".
func countText(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// DiscardOption is one discard from a hand of 14 tiles and what it leaves: how many lines stay live
// and the closest of them.
type DiscardOption struct {
	Tile notation.Tile `json:"tile"`
	// Live counts the lines still live after the discard; AtBest those of them that need Need tiles.
	Live   int `json:"live"`
	AtBest int `json:"at_best"`
	// Best is the closest live line after the discard and Need the tiles it still needs (-1 and ""
	// when no line is live).
	Best string `json:"best,omitempty"`
	Need int    `json:"need"`
}

// Discards ranks every discard a hand of 14 tiles can make by the lines it keeps alive (most
// first), then by the tiles the closest live line still needs, then by the lines at that need: the
// American counterpart of choosing a discard by its waits. Every distinct tile held is a discard,
// flowers (all alike, offered once) and jokers included, measured alike; the discarded tile counts
// as seen, so a discarded joker is a dead joker. Discards equal on every measure keep tile order,
// which puts a joker last: it may stand in any set, so it is the one to keep.
func Discards(card *Card, h *notation.Hand, seen notation.Counts) []DiscardOption {
	// The tiles held: concealed tiles and the tiles of concealed kongs (American play has none,
	// so they are simply in the hand), and the flowers laid out beside it.
	held := *h
	held.Melds = nil
	held.Win = notation.NoTile
	for _, m := range h.Melds {
		if m.Concealed {
			m.AddTo(&held.Concealed)
			continue
		}
		held.Melds = append(held.Melds, m)
	}
	type discard struct {
		tile  notation.Tile
		apply func(rest *notation.Hand)
	}
	var choices []discard
	for t, n := range held.Concealed {
		if n == 0 {
			continue
		}
		choices = append(choices, discard{notation.Tile(t), func(rest *notation.Hand) { rest.Concealed[t]-- }})
	}
	if len(held.Bonus) > 0 {
		// Every flower is the same tile: the one discarded is the first laid out.
		choices = append(choices, discard{held.Bonus[0].Tile, func(rest *notation.Hand) { rest.Bonus = slices.Clone(held.Bonus[1:]) }})
	}
	slices.SortFunc(choices, func(a, b discard) int { return cmp.Compare(a.tile, b.tile) })
	out := make([]DiscardOption, 0, len(choices))
	for _, d := range choices {
		rest := held
		d.apply(&rest)
		sv := seen
		sv[d.tile]++
		var hi handInfo
		hi.read(&rest)
		var svi seenInfo
		for k, c := range sv {
			switch st := notation.Tile(k); {
			case st == notation.Joker:
				svi.jokers += int(c)
			case slotOf(st) >= 0:
				svi.n[slotOf(st)] += int(c)
			}
		}
		opt := DiscardOption{Tile: d.tile, Need: -1}
		for _, c := range rank(card, &hi, &svi) {
			if c.Dead {
				continue
			}
			opt.Live++
			switch {
			case opt.Need < 0 || c.Need < opt.Need:
				opt.Need, opt.Best, opt.AtBest = c.Need, c.Line, 1
			case c.Need == opt.Need:
				opt.AtBest++
			}
		}
		out = append(out, opt)
	}
	slices.SortStableFunc(out, func(a, b DiscardOption) int {
		if c := cmp.Compare(b.Live, a.Live); c != 0 {
			return c
		}
		an, bn := a.Need, b.Need
		if an < 0 {
			an = 1 << 30
		}
		if bn < 0 {
			bn = 1 << 30
		}
		if c := cmp.Compare(an, bn); c != 0 {
			return c
		}
		return cmp.Compare(b.AtBest, a.AtBest)
	})
	return out
}
