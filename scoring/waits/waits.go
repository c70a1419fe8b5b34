// Package waits answers "what was I waiting on, and what would it have paid?": the shanten number of
// each winning shape, the winning tiles of a ready hand with how many copies are unseen and what each
// win would be worth, and, for a hand of fourteen, what each discard leaves.
package waits

import (
	"cmp"
	"encoding/json"
	"slices"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/shanten"
)

// Value is what one win is worth under a ruleset, in the family's unit.
type Value struct {
	Valid  bool   `json:"valid"`
	Total  int    `json:"total"`
	Unit   string `json:"unit"`           // "faan", "points" or "value"
	Line   string `json:"line,omitempty"` // American: the card line
	Reason string `json:"reason,omitempty"`
	// Payout is what the winner collects in all, where the caller knows a payout table: an exact
	// decimal written as a JSON number.
	Payout json.Number `json:"payout,omitempty"`
	// Rule is the id of the rule that bars the win though the hand is worth Total (riichi:
	// furiten on a discard), with Reason saying why; empty when none does.
	Rule string `json:"rule,omitempty"`
}

// Furiten is a ready hand barred from winning on another player's discard (riichi's 振聴): it
// may still win by self-draw.
type Furiten struct {
	// Kind is "discarded" (a wait is among the player's own discards), "temporary" (a wait passed
	// since the player's last discard: until their next discard) or "riichi" (a wait passed since
	// riichi: for the rest of the hand).
	Kind string `json:"kind"`
	// Tiles are the waits that make it so.
	Tiles []notation.Tile `json:"tiles"`
	// Rule is the rule's stable id, Name its name and Source the ruleset line that states it.
	Rule   string          `json:"rule"`
	Name   string          `json:"name,omitempty"`
	Source *scoring.Source `json:"source,omitempty"`
	Reason string          `json:"reason"`
}

// Valuer values h (the hand with the winning tile added) won in the given way.
type Valuer func(h *notation.Hand, win scoring.WinKind) Value

// Shanten holds the shanten number of each shape; nil when the shape is not possible for the hand
// (seven pairs and thirteen orphans with melds) or not allowed by the ruleset.
type Shanten struct {
	Standard        *int `json:"standard"`
	SevenPairs      *int `json:"seven_pairs"`
	ThirteenOrphans *int `json:"thirteen_orphans"`
	Best            int  `json:"best"`
}

// Wait is one winning tile of a ready hand.
type Wait struct {
	Tile   notation.Tile `json:"tile"`
	Unseen int           `json:"unseen"`
	// Value is what the win would be worth, when the caller values wins.
	Value *WinValue `json:"value,omitempty"`
}

// WinValue is what one winning tile is worth on a discard and by self-draw.
type WinValue struct {
	Discard  Value `json:"discard"`
	SelfDraw Value `json:"self_draw"`
}

// Discard is what discarding one tile of a fourteen-tile hand leaves.
type Discard struct {
	Tile      notation.Tile   `json:"tile"`
	Shanten   int             `json:"shanten"`
	Improving []notation.Tile `json:"improving"`
	Unseen    int             `json:"unseen"` // unseen copies of the improving tiles
}

// Analysis is the answer for one hand.
type Analysis struct {
	// Tiles is how many tiles the hand holds as its family counts them: a kong as three and bonus
	// tiles none, or in American play every tile, a kong as four and each flower as one.
	Tiles    int     `json:"tiles"`
	Shanten  Shanten `json:"shanten"`
	Ready    bool    `json:"ready"`
	Complete bool    `json:"complete"`
	Waits    []Wait  `json:"waits"`
	// Furiten is set when the ruleset judges furiten and the player may not win on a discard.
	Furiten  *Furiten  `json:"furiten,omitempty"`
	Discards []Discard `json:"discards,omitempty"`
}

// Options say which shapes the ruleset allows and how to value a win.
type Options struct {
	Shapes shanten.Shapes
	Seen   notation.Counts // tiles seen elsewhere: discards, others' melds
	Value  Valuer          // nil: no values
	// ByValue finds waits by trying every tile with Value instead of by shape (American cards,
	// where a hand wins by matching a card line); the shapes' shanten numbers are then not given
	// and Best is 0 when some tile wins, else 1 (at least one tile away); -1 for a finished hand
	// that wins as it is. A finished hand's Discards are then only those that leave it ready.
	ByValue bool
	// EveryTileCounts counts the hand tile by tile, a kong as four and each bonus tile as one
	// (notation.Options.EveryTileCounts: American); else a kong counts three and bonus tiles none.
	EveryTileCounts bool
	// SevenPairsRepeated says four of a kind counts as two of seven pairs (a ruleset option): a
	// hand waiting on the fourth copy for a luxury seven pairs is then ready too.
	SevenPairsRepeated bool
	// Absent are the kinds the set does not hold (three-player riichi: 2m to 8m): never a wait
	// nor an improving tile.
	Absent shanten.WaitSet
	// Furiten judges a ready hand's waits (riichi): nil, or what bars a win on a discard. Each
	// wait's value on a discard is then not valid, its Rule and Reason saying why.
	Furiten func(waits shanten.WaitSet) *Furiten
}

// supply is how many copies of t a set holds: 4, or 8 for flowers and jokers.
func supply(t notation.Tile) int {
	if t == notation.Flower || t == notation.Joker {
		return 8
	}
	return 4
}

// analyzeByValue finds the tiles that make h a valid win under opt.Value.
func analyzeByValue(h *notation.Hand, opt Options) Analysis {
	a := Analysis{Tiles: h.Count(notation.Options{EveryTileCounts: opt.EveryTileCounts}), Waits: []Wait{}, Shanten: Shanten{Best: 1}}
	if a.Tiles%3 == 2 {
		byValueDiscards(h, opt, &a)
		return a
	}
	a.Waits = byValueWaits(h, opt, a.Waits)
	a.Ready = len(a.Waits) > 0
	if a.Ready {
		a.Shanten.Best = 0
	}
	return a
}

// byValueWaits appends to ws every tile that wins h (a hand before its winning tile) on a discard
// or by self-draw, valued with opt.Value.
func byValueWaits(h *notation.Hand, opt Options, ws []Wait) []Wait {
	visible := h.All()
	visible[notation.Flower] += uint8(len(h.Bonus))
	for _, t := range byValueCandidates {
		won := *h
		if t == notation.Flower {
			won.Bonus = append(append([]notation.BonusTile(nil), h.Bonus...), notation.BonusTile{Tile: t})
		} else {
			won.Concealed[t]++
			won.Win = t
		}
		d := opt.Value(&won, scoring.Discard)
		s := opt.Value(&won, scoring.SelfDraw)
		if !d.Valid && !s.Valid {
			continue
		}
		ws = append(ws, Wait{Tile: t, Unseen: max(0, supply(t)-int(visible[t])-int(opt.Seen[t])), Value: &WinValue{Discard: d, SelfDraw: s}})
	}
	return ws
}

// byValueCandidates are the tiles a hand matched by value can wait on: every kind, a flower and a
// joker.
var byValueCandidates = func() []notation.Tile {
	ts := make([]notation.Tile, 0, notation.NumKinds+2)
	for t := notation.M1; t <= notation.Red; t++ {
		ts = append(ts, t)
	}
	return append(ts, notation.Flower, notation.Joker)
}()

// byValueDiscards weighs each discard of a finished hand matched by value: a.Complete says the hand
// already wins, and a.Discards lists each discard that leaves it ready (shanten 0), its improving
// tiles the waits it leaves, most unseen copies first. A discard that leaves the hand not ready is
// left out: by value there is no shanten to tell how far it is.
func byValueDiscards(h *notation.Hand, opt Options, a *Analysis) {
	a.Complete = opt.Value(h, scoring.SelfDraw).Valid || opt.Value(h, scoring.Discard).Valid
	if a.Complete {
		a.Shanten.Best = -1
	}
	var kinds []notation.Tile
	for t := notation.M1; t <= notation.Joker; t++ {
		if h.Concealed[t] > 0 {
			kinds = append(kinds, t)
		}
	}
	if len(h.Bonus) > 0 {
		kinds = append(kinds, notation.Flower)
	}
	var ws []Wait
	for _, t := range kinds {
		rest := *h
		rest.Win = notation.NoTile
		if t == notation.Flower {
			rest.Bonus = h.Bonus[: len(h.Bonus)-1 : len(h.Bonus)-1]
		} else {
			rest.Concealed[t]--
		}
		o := opt
		o.Seen[t]++ // the discard is seen once it is on the table
		ws = byValueWaits(&rest, o, ws[:0])
		if len(ws) == 0 {
			continue
		}
		d := Discard{Tile: t, Improving: make([]notation.Tile, len(ws))}
		for i, w := range ws {
			d.Improving[i] = w.Tile
			d.Unseen += w.Unseen
		}
		a.Discards = append(a.Discards, d)
	}
	slices.SortStableFunc(a.Discards, func(x, y Discard) int { return cmp.Compare(y.Unseen, x.Unseen) })
}

// Analyze studies h: 13 tiles (kongs count three) for its waits, 14 for its discards.
func Analyze(h *notation.Hand, opt Options) Analysis {
	if opt.ByValue && opt.Value != nil {
		return analyzeByValue(h, opt)
	}
	melds := len(h.Melds)
	c := h.Concealed
	c[notation.Joker] = 0
	a := Analysis{Tiles: h.TileCount(), Waits: []Wait{}}
	nums := shanten.All(&c, melds, opt.Shapes)
	a.Shanten = shantenOf(nums, opt.Shapes)
	visible := h.All()
	unseen := func(t notation.Tile) int {
		return max(0, 4-int(visible[t])-int(opt.Seen[t]))
	}
	switch {
	case a.Tiles%3 == 1:
		// Tables count at most four of a kind, so a hand waiting only on a fifth copy of a kind it
		// holds four of measures 1; it is shown ready, with that wait unseen 0.
		var fifth shanten.WaitSet
		if a.Shanten.Best == 1 && a.Shanten.Standard != nil && *a.Shanten.Standard == 1 {
			if fifth = shanten.FifthCopies(&c, melds); fifth != 0 {
				zero := 0
				a.Shanten.Standard, a.Shanten.Best = &zero, 0
			}
		}
		luxury := notation.NoTile
		if opt.SevenPairsRepeated && opt.Shapes&shanten.ShapeSevenPairs != 0 && melds == 0 {
			luxury = repeatedPairWait(&c)
		}
		if luxury != notation.NoTile {
			zero := 0
			a.Shanten.SevenPairs, a.Shanten.Best = &zero, 0
		}
		a.Ready = a.Shanten.Best == 0
		if !a.Ready {
			return a
		}
		ws := shanten.Waits(&c, melds, opt.Shapes) | fifth
		if luxury != notation.NoTile {
			ws = ws.With(luxury)
		}
		ws &^= opt.Absent
		if opt.Furiten != nil {
			a.Furiten = opt.Furiten(ws)
		}
		for t := notation.M1; t <= notation.Red; t++ {
			if !ws.Has(t) {
				continue
			}
			w := Wait{Tile: t, Unseen: unseen(t)}
			if opt.Value != nil {
				won := *h
				won.Concealed[t]++
				won.Win = t
				w.Value = &WinValue{Discard: opt.Value(&won, scoring.Discard), SelfDraw: opt.Value(&won, scoring.SelfDraw)}
				if f := a.Furiten; f != nil && w.Value.Discard.Valid {
					w.Value.Discard.Valid, w.Value.Discard.Rule, w.Value.Discard.Reason = false, f.Rule, f.Reason
				}
			}
			a.Waits = append(a.Waits, w)
		}
	case a.Tiles%3 == 2:
		a.Complete = a.Shanten.Best == -1
		for _, d := range shanten.Discards(&c, melds, opt.Shapes) {
			out := Discard{Tile: d.Tile, Shanten: d.Shanten, Improving: (d.Improving &^ opt.Absent).Tiles()}
			for _, t := range out.Improving {
				out.Unseen += unseen(t)
			}
			a.Discards = append(a.Discards, out)
		}
	}
	return a
}

// repeatedPairWait returns the tile that completes c (13 concealed tiles) as seven pairs with a
// repeated pair: six pairs, four of a kind counted as two, and three of the tile; NoTile otherwise.
func repeatedPairWait(c *notation.Counts) notation.Tile {
	wait, pairs, repeated := notation.NoTile, 0, false
	for t := notation.M1; t <= notation.Red; t++ {
		switch c[t] {
		case 0:
		case 2:
			pairs++
		case 4:
			pairs += 2
			repeated = true
		case 3:
			if wait != notation.NoTile {
				return notation.NoTile
			}
			wait, repeated = t, true
			pairs++
		default:
			return notation.NoTile
		}
	}
	if pairs != 6 || !repeated {
		return notation.NoTile
	}
	return wait
}

func shantenOf(n shanten.Numbers, shapes shanten.Shapes) Shanten {
	pick := func(v int, s shanten.Shapes) *int {
		if shapes&s == 0 || v == shanten.NoShape {
			return nil
		}
		return &v
	}
	return Shanten{
		Standard:        pick(n.Standard, shanten.ShapeStandard),
		SevenPairs:      pick(n.SevenPairs, shanten.ShapeSevenPairs),
		ThirteenOrphans: pick(n.ThirteenOrphans, shanten.ShapeThirteenOrphans),
		Best:            n.Best,
	}
}
