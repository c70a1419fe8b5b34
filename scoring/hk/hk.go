// Package hk scores Hong Kong hands in faan under a ruleset: it checks that a hand is a legal win,
// reads it every way it can be read, and explains the best reading item by item, the way a club
// referee would. The values and the options tables argue about live in Rules, decoded from YAML.
package hk

import (
	"fmt"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// Result is the verdict on one hand. Total is what the hand is paid at; the items explain it.
type Result struct {
	// Valid reports whether the hand is a legal win: a winning shape worth at least MinFaan.
	Valid bool `json:"valid"`
	// Total is the faan after the cap.
	Total int `json:"total"`
	// RawTotal is the sum of the items before the cap.
	RawTotal int `json:"raw_total"`
	// Limit reports a limit hand (例牌), paid at the cap (13 with no cap).
	Limit bool `json:"limit"`
	// Items are the faan items of the best reading.
	Items []scoring.Item `json:"items"`
	// Decomposition is the best reading, or nil when the hand is not a winning shape.
	Decomposition *Reading `json:"decomposition"`
	// Reason says why the hand is not valid; empty when it is.
	Reason string `json:"reason"`
	// MinFaan and Cap are the ruleset's minimum and cap (0: none) the verdict was reached under.
	MinFaan int `json:"min_faan"`
	Cap     int `json:"cap"`
	// SelfDrawn reports whether the win is paid as a self-draw (eight flowers is, whatever the win).
	SelfDrawn bool `json:"self_drawn"`
	// Note explains a choice the scorer made between two ways to pay the hand (all eight flowers or
	// the complete hand they sit beside); empty when there was none.
	Note string `json:"note,omitempty"`
}

// Reading is a decomposition as it is shown: in JSON, its shape, sets and pair as notation strings.
type Reading struct {
	scoring.Decomposition
}

// MarshalJSON writes {"shape": "standard", "sets": ["[123m]", "456p", ...], "pair": "55z", "win_in": "456p"}.
// Seven pairs list their pairs as sets; thirteen orphans list the thirteen tiles and pair the doubled one.
func (r *Reading) MarshalJSON() ([]byte, error) { return r.appendJSON(nil), nil }

// String returns the reading's groups separated by spaces.
func (r *Reading) String() string { return r.Decomposition.String() }

// String returns the verdict in one line: "8 faan = all-pongs 3 + dragon-pong 1 [777z] + self-draw 1",
// with the cap and the reason when there is one.
func (res Result) String() string {
	if res.Decomposition == nil && len(res.Items) == 0 {
		return res.Reason
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d faan", res.Total)
	if res.RawTotal != res.Total {
		fmt.Fprintf(&b, " (%d before the cap of %d)", res.RawTotal, res.Cap)
	}
	if res.Limit {
		b.WriteString(" (limit)")
	}
	b.WriteString(" =")
	for i, it := range res.Items {
		if i > 0 {
			b.WriteString(" +")
		}
		fmt.Fprintf(&b, " %s %d", it.ID, it.Value)
		if len(it.Tiles) > 0 {
			fmt.Fprintf(&b, " [%s]", notation.FormatTiles(it.Tiles))
		}
	}
	if !res.Valid && res.Reason != "" {
		b.WriteString(": ")
		b.WriteString(res.Reason)
	}
	return b.String()
}

// entry is an item of a reading while scoring: no allocation until the best reading is chosen.
type entry struct {
	id    itemID
	value int8
	tile  notation.Tile // the set or bonus tile the item is about, or NoTile
	kind  scoring.SetKind
	bonus uint8 // for flower-set: 1 flowers, 2 seasons
	pat   uint8 // for a house hand with patterns:, the one that matched
}

// tally is the items of one reading.
type tally struct {
	e     [48]entry // room for every built-in item of a reading and MaxHouseHands
	n     int
	total int
	limit bool
	bonus int // faan from bonus tiles
	steps int // house-hand matching steps taken
}

func (t *tally) add(tb *valueTable, id itemID, tile notation.Tile, kind scoring.SetKind) {
	v := tb.val[id]
	if v == Off {
		return
	}
	if v == Limit {
		t.limit = true
	} else {
		t.total += int(v)
		if isBonusItem(id) {
			t.bonus += int(v)
		}
	}
	if t.n < len(t.e) {
		t.e[t.n] = entry{id: id, value: int8(v), tile: tile, kind: kind}
		t.n++
	}
}

// applyReplaces drops every item that another item of the reading is paid instead of (the items'
// replaces: lists) and recounts the totals.
func (t *tally) applyReplaces(tb *valueTable) {
	if !tb.any {
		return
	}
	var present, dropped uint64
	for _, e := range t.e[:t.n] {
		present |= 1 << e.id
	}
	for _, e := range t.e[:t.n] {
		dropped |= tb.replaces[e.id]
	}
	if dropped&present == 0 {
		return
	}
	n := 0
	t.total, t.bonus, t.limit = 0, 0, false
	for _, e := range t.e[:t.n] {
		if dropped&(1<<e.id) != 0 {
			continue
		}
		t.e[n] = e
		n++
		if Faan(e.value) == Limit {
			t.limit = true
			continue
		}
		t.total += int(e.value)
		if isBonusItem(e.id) {
			t.bonus += int(e.value)
		}
	}
	t.n = n
}

// on reports whether an item is played.
func (tb *valueTable) on(id itemID) bool { return tb.val[id] != Off }

// handFacts are the properties of a hand that do not depend on how it is read.
type handFacts struct {
	suits        uint8 // bit 0 characters, 1 dots, 2 bamboo
	honours      bool
	terminals    bool
	simples      bool // any 2..8
	exposed      bool // a meld that is not a concealed kong
	concealedKgs int
	nineGates    bool
}

func factsOf(h *notation.Hand) handFacts {
	var f handFacts
	all := h.All()
	for t := notation.Tile(1); t <= notation.Red; t++ {
		if all[t] == 0 {
			continue
		}
		switch {
		case t.IsHonor():
			f.honours = true
		default:
			f.suits |= 1 << (t.Suit() - notation.Man)
			if n := t.Num(); n == 1 || n == 9 {
				f.terminals = true
			} else {
				f.simples = true
			}
		}
	}
	for _, m := range h.Melds {
		if m.Kind == notation.Kong && m.Concealed {
			f.concealedKgs++
		}
		if !m.Concealed {
			f.exposed = true
		}
	}
	if len(h.Melds) == 0 && !f.honours && (f.suits == 1 || f.suits == 2 || f.suits == 4) {
		base := notation.M1
		for f.suits>>((base-1)/9)&1 == 0 {
			base += 9
		}
		f.nineGates = true
		for i, need := range [9]uint8{3, 1, 1, 1, 1, 1, 1, 1, 3} {
			if h.Concealed[base+notation.Tile(i)] < need {
				f.nineGates = false
			}
		}
	}
	return f
}

func oneSuit(s uint8) bool { return s == 1 || s == 2 || s == 4 }

// Score judges h won in situation sit under r. The error is only for impossible input, and wraps
// scoring.ErrImpossible: a robbed kong whose tile the winner also holds, a heavenly hand for a seat
// that is not East, an earthly hand for East, a replacement win with no kong or flower to replace.
// A hand that is not a winning shape, or is worth less than the minimum, is a Result with Valid false
// and a Reason. Of all the readings of the hand, the one worth most is scored.
func Score(h *notation.Hand, sit scoring.Situation, r *Rules) (Result, error) {
	return score(h, sit, r, nil, nil)
}

// Scratch holds what a Result points to (its items, their tiles, its reading) for ScoreScratch to
// use again from hand to hand. Its zero value is ready; it is not safe for concurrent use.
type Scratch struct {
	items   []scoring.Item
	tiles   []notation.Tile
	reading Reading
}

// ScoreScratch is Score with the result's items, their tiles and its reading held in sc: the
// result is good until sc is used again, and scoring allocates nothing for most hands. A batch
// that writes each result before it scores the next uses one.
func ScoreScratch(h *notation.Hand, sit scoring.Situation, r *Rules, sc *Scratch) (Result, error) {
	return score(h, sit, r, nil, sc)
}

// matchSteps counts the house-hand matching steps of scoring hands: in all, and the most one
// reading took.
type matchSteps struct{ total, reading int }

// score is Score that adds the house-hand matching steps to st (nil: not counted), and keeps the
// result's items and reading in sc (nil: allocated).
func score(h *notation.Hand, sit scoring.Situation, r *Rules, st *matchSteps, sc *Scratch) (Result, error) {
	tb := r.table
	if tb == nil {
		var err error
		if tb, err = r.compile(); err != nil {
			return Result{}, fmt.Errorf("hk ruleset: %w", err)
		}
	}
	res := Result{MinFaan: r.MinFaan, Cap: r.Cap, SelfDrawn: sit.Win.SelfDrawn(), Items: []scoring.Item{}}
	if err := checkSituation(h, sit); err != nil {
		return res, err
	}
	if sit.Win == scoring.SevenFlowers {
		return scoreSevenFlowers(res, h, sit, r, tb)
	}
	if r.Flowers && tb.on(idEightFlowers) && eightFlowers(h) {
		return scoreEightFlowers(res, h, sit, r, tb, st), nil
	}
	res.scoreHand(h, sit, r, tb, st, sc)
	if !r.Flowers && len(h.Bonus) > 0 {
		res.Note = noFlowersNote(h)
	}
	return res, nil
}

// noFlowersNote says that the bonus tiles written beside h are not scored, at a table that plays
// without flowers (flowers: false), so they are not dropped without a word.
func noFlowersNote(h *notation.Hand) string {
	ts := make([]notation.Tile, len(h.Bonus))
	for i, b := range h.Bonus {
		ts[i] = b.Tile
	}
	what := "the flower or season " + notation.FormatTiles(ts) + " is"
	if len(ts) > 1 {
		what = fmt.Sprintf("the %d flowers and seasons %s are", len(ts), notation.FormatTiles(ts))
	}
	return "this ruleset plays without flowers (flowers: false): " + what + " not scored"
}

// scoreSevenFlowers judges a seven-flowers win (花糊): the winner holds exactly seven of the eight
// bonus tiles beside a hand of 13 tiles (a kong counted as three), complete or not, and wins on the
// spot: as another player draws the eighth and claims it (七搶一, the default: the drawer pays, as a
// discard), or, where settlement.seven_flowers is self-draw, as they draw their own seventh (every
// opponent pays). Either way the hand is written as it stands: the seven bonus tiles, not the eighth,
// and no tile drawn after them. Any other count is refused, naming it.
func scoreSevenFlowers(res Result, h *notation.Hand, sit scoring.Situation, r *Rules, tb *valueTable) (Result, error) {
	n := len(h.Bonus) // a numbered bonus tile is written once at most
	eighth := ""
	if sit.Discarder != notation.NoSeat {
		eighth = " (the eighth is the one another player draws)"
	}
	switch {
	case !r.Flowers:
		res.Reason = "seven-flowers needs flowers, and this ruleset plays none"
		return res, nil
	case n == 8:
		return res, fmt.Errorf("%w: seven-flowers: the hand holds all eight flowers and seasons, and a seven-flowers win holds seven%s: all eight is eight-flowers (八仙過海), won as a self-draw", scoring.ErrImpossible, eighth)
	case n != 7:
		return res, fmt.Errorf("%w: seven-flowers: the hand holds %d of the eight flowers and seasons, and a seven-flowers win holds exactly seven%s", scoring.ErrImpossible, n, eighth)
	case h.TileCount() != 13:
		return res, fmt.Errorf("%w: seven-flowers: the hand holds %d tiles (a kong counted as three), and a seven-flowers win is declared holding 13: the flower that wins is not a tile of the hand", scoring.ErrImpossible, h.TileCount())
	case !tb.on(idSevenFlowers):
		res.Reason = "seven-flowers (花糊) is off in this ruleset: seven bonus tiles do not win"
		return res, nil
	}
	var t tally
	t.add(tb, idSevenFlowers, notation.NoTile, 0)
	res.finish(&t, nil, h, tb, r, nil)
	return res, nil
}

// scoreEightFlowers judges a hand holding all eight bonus tiles: a win on the spot paid as a
// self-draw (八仙過海), or, when the tiles are also a complete hand worth more, that hand, unless the
// table pays eight flowers flat (EightFlowersFlat). Note says which was chosen and why.
func scoreEightFlowers(res Result, h *notation.Hand, sit scoring.Situation, r *Rules, tb *valueTable, st *matchSteps) Result {
	eight := res
	var t tally
	t.add(tb, idEightFlowers, notation.NoTile, 0)
	eight.SelfDrawn = true
	eight.finish(&t, nil, h, tb, r, nil)
	if shapeProblem(h) != "" {
		return eight
	}
	if r.EightFlowersFlat {
		eight.Note = "eight flowers is paid flat at this table (eight_flowers_flat): the hand itself is not scored"
		return eight
	}
	hand := res
	hand.scoreHand(h, sit, r, tb, st, nil) // two results at once: not in a scratch
	if !hand.Valid {
		return eight
	}
	if hand.Total > eight.Total {
		hand.Note = fmt.Sprintf("all eight flowers (%d) or the hand (%d): paid as the hand, which is worth more", eight.Total, hand.Total)
		return hand
	}
	eight.Note = fmt.Sprintf("all eight flowers (%d) or the hand (%d): paid as eight flowers, which is worth as much or more", eight.Total, hand.Total)
	return eight
}

// scoreHand reads h every way it can be read and scores the best reading into res.
func (res *Result) scoreHand(h *notation.Hand, sit scoring.Situation, r *Rules, tb *valueTable, st *matchSteps, sc *Scratch) {
	if reason := shapeProblem(h); reason != "" {
		res.Reason = reason
		return
	}
	f := factsOf(h)
	opt := scoring.DecomposeOptions{
		SevenPairs:         tb.on(idSevenPairs),
		SevenPairsRepeated: r.SevenPairsRepeated,
		ThirteenOrphans:    true,
		DiscardWin:         !sit.Win.SelfDrawn(),
	}
	var dc scoring.Decomposer
	var best, t tally
	var bestD *scoring.Decomposition
	ds := dc.Readings(h, opt)
	for i := range ds {
		t = tally{}
		scoreReading(&t, &ds[i], h, &f, sit, r, tb)
		if st != nil {
			st.total += t.steps
			st.reading = max(st.reading, t.steps)
		}
		if bestD == nil || better(&t, &best, r) {
			best, bestD = t, &ds[i]
		}
	}
	if bestD == nil {
		res.Reason = "not a winning shape: no reading as four sets and a pair or thirteen orphans"
		if opt.SevenPairs {
			res.Reason = "not a winning shape: no reading as four sets and a pair, seven pairs or thirteen orphans"
		}
		return
	}
	res.finish(&best, bestD, h, tb, r, sc)
}

// better reports whether reading a is worth more than b: paid value first, then the raw total.
func better(a, b *tally, r *Rules) bool {
	pa, pb := paid(a, r), paid(b, r)
	if pa != pb {
		return pa > pb
	}
	return a.total > b.total
}

func paid(t *tally, r *Rules) int { return r.Bounds().PaidAt(t.total, t.limit) }

// shapeProblem explains why a hand cannot be a win whatever its reading, or returns "".
func shapeProblem(h *notation.Hand) string {
	if h.Concealed[notation.Joker] > 0 {
		return "not a winning shape: jokers are not played in Hong Kong rules"
	}
	for _, m := range h.Melds {
		if m.Jokers > 0 {
			return "not a winning shape: jokers are not played in Hong Kong rules"
		}
		if m.Kind > notation.Kong {
			return fmt.Sprintf("not a winning shape: %s is a %s, which Hong Kong rules do not have", m, m.Kind)
		}
		if m.Kind == notation.Pong && m.Concealed {
			return fmt.Sprintf("not a winning shape: %s: only a kong can be declared concealed", m)
		}
	}
	if len(h.Melds) > 4 {
		return fmt.Sprintf("not a winning shape: %d melds, at most 4", len(h.Melds))
	}
	if n := h.TileCount(); n != 14 {
		return fmt.Sprintf("not a winning shape: %d tiles after melds, expected 14", n)
	}
	return ""
}

func eightFlowers(h *notation.Hand) bool {
	var seen uint8
	for _, b := range h.Bonus {
		if b.Tile >= notation.F1 && b.Tile < notation.Flower {
			seen |= 1 << (b.Tile - notation.F1)
		}
	}
	return seen == 0xff
}

// checkSituation rejects situations that cannot happen with this hand.
func checkSituation(h *notation.Hand, sit scoring.Situation) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", scoring.ErrImpossible, fmt.Sprintf(format, args...))
	}
	if sit.Seat > notation.SeatNorth || sit.Prevailing > notation.SeatNorth {
		return bad("the seat and the prevailing wind must be E, S, W or N")
	}
	if !sit.Win.Known() {
		return bad("unknown win kind %d", sit.Win)
	}
	if sit.LastTile {
		// 海底撈月 is a draw of the wall's last tile (a replacement draw included), 海底炮 a win on the
		// last discard; a robbed kong, a heavenly and an earthly hand cannot be either.
		switch sit.Win {
		case scoring.RobbingKong, scoring.Heavenly, scoring.Earthly, scoring.Human, scoring.SevenFlowers:
			return bad("the last tile goes with a self-draw (a kong or flower replacement included) or a win on the last discard, not with %s", sit.Win)
		}
	}
	kongs := 0
	for _, m := range h.Melds {
		if m.Kind == notation.Kong {
			kongs++
		}
	}
	switch sit.Win {
	case scoring.Heavenly:
		if sit.Seat != notation.SeatEast {
			return bad("a heavenly hand is the dealer's: the seat must be E, not %s", sit.Seat)
		}
		if len(h.Melds) > 0 {
			return bad("a heavenly hand is the dealer's first fourteen tiles: it has no melds")
		}
	case scoring.Earthly:
		if sit.Seat == notation.SeatEast {
			return bad("an earthly hand is won on the dealer's first discard: the winner cannot be East")
		}
		if len(h.Melds) > 0 {
			return bad("an earthly hand is won on the dealer's first discard: it has no melds")
		}
		if sit.Discarder != notation.NoSeat && sit.Discarder != notation.SeatEast {
			return bad("an earthly hand is won on the dealer's first discard: the discarder must be E, not %s", sit.Discarder)
		}
	case scoring.Human:
		if sit.Seat == notation.SeatEast {
			return bad("a human hand is a non-dealer's: the winner cannot be East")
		}
		if len(h.Melds) > 0 {
			return bad("a human hand is won before the winner's first draw: it has no melds")
		}
	case scoring.KongReplacement:
		if kongs == 0 {
			return bad("a win on a kong replacement needs a kong among the melds")
		}
	case scoring.KongOnKong:
		if kongs < 2 {
			return bad("kong-on-kong needs two kongs among the melds")
		}
	case scoring.FlowerReplacement:
		if len(h.Bonus) == 0 {
			return bad("a win on a flower replacement needs a flower or season beside the hand")
		}
	case scoring.RobbingKong:
		w := h.Win
		if !w.IsPlaying() {
			return bad("robbing a kong needs a winning tile")
		}
		if all := h.All(); all[w] > 1 {
			return bad("robbing-kong: the hand holds %d of %s, so no other player could add the fourth %s to a pong", all[w], w, w)
		}
	}
	return nil
}

// scoreReading adds the items of one reading to t.
func scoreReading(t *tally, d *scoring.Decomposition, h *notation.Hand, f *handFacts, sit scoring.Situation, r *Rules, tb *valueTable) {
	seatWind, roundWind := sit.Seat.Wind(), sit.Prevailing.Wind()
	switch d.Shape {
	case scoring.ThirteenOrphans:
		t.add(tb, idThirteenOrphans, notation.NoTile, 0)
	case scoring.SevenPairs:
		t.add(tb, idSevenPairs, notation.NoTile, 0)
		patternByTiles(t, f, tb)
	default:
		var pongs, chows, concealedPongs, kongs, dragons, winds int
		for _, s := range d.Sets {
			if s.Kind == scoring.Chow {
				chows++
				continue
			}
			pongs++
			if s.Kind == scoring.Kong {
				kongs++
			}
			if s.Concealed {
				concealedPongs++
			}
			switch {
			case s.Tile.IsDragon():
				dragons++
			case s.Tile.IsWind():
				winds++
			}
		}
		// Every item whose pattern the reading shows is added; the items' replaces: lists (and the
		// options that name a replacement, see Rules.compile) then drop what another item is paid
		// instead of, so the scorer itself suppresses nothing.
		if kongs == 4 {
			t.add(tb, idFourKongs, notation.NoTile, 0)
		}
		if winds == 4 {
			t.add(tb, idBigWinds, notation.NoTile, 0)
		}
		if f.nineGates {
			t.add(tb, idNineGates, notation.NoTile, 0)
		}
		if pongs == 4 && concealedPongs == 4 && (sit.Win.SelfDrawn() || r.FourConcealedPongsOnPairDiscard) {
			t.add(tb, idFourConcealed, notation.NoTile, 0)
		}
		if pongs == 4 {
			t.add(tb, idAllPongs, notation.NoTile, 0)
		}
		if chows == 4 && (d.Pair.IsSuited() || r.CommonHandHonourPair) {
			t.add(tb, idCommon, notation.NoTile, 0)
		}
		patternByTiles(t, f, tb)
		// A big hand holds the small one (three dragon pongs hold two and a pair), so both are added
		// and big-dragons' replaces: list says the small one is not paid as well.
		if dragons == 3 {
			t.add(tb, idBigDragons, notation.NoTile, 0)
		}
		if dragons == 3 || (dragons == 2 && d.Pair.IsDragon()) {
			t.add(tb, idSmallDragons, notation.NoTile, 0)
		}
		if winds == 4 || (winds == 3 && d.Pair.IsWind()) {
			t.add(tb, idSmallWinds, notation.NoTile, 0)
		}
		for _, s := range d.Sets {
			if s.Kind == scoring.Chow {
				continue
			}
			if s.Tile.IsDragon() {
				t.add(tb, idDragonPong, s.Tile, s.Kind)
			}
			if s.Tile == seatWind {
				t.add(tb, idSeatWind, s.Tile, s.Kind)
			}
			if s.Tile == roundWind {
				t.add(tb, idPrevailingWind, s.Tile, s.Kind)
			}
		}
	}
	winItems(t, d, h, f, sit, r, tb)
	if len(tb.house) > 0 {
		tb.matchHouse(t, d, h, sit)
	}
	t.applyReplaces(tb)
	if t.total == 0 && !t.limit && tb.on(idChicken) {
		t.add(tb, idChicken, notation.NoTile, 0)
	}
}

// patternByTiles adds the items that depend only on which tiles the hand holds: the flushes and the
// orphan hands. mixed-one-suit is any hand of at most one suit, so a pure flush and an all-honours
// hand hold it too: all-one-suit and all-honours replace it in the built-in tables.
func patternByTiles(t *tally, f *handFacts, tb *valueTable) {
	switch {
	case !f.terminals && !f.simples:
		t.add(tb, idAllHonours, notation.NoTile, 0)
	case f.terminals && !f.honours && !f.simples:
		t.add(tb, idAllTerminals, notation.NoTile, 0)
	case f.terminals && f.honours && !f.simples:
		t.add(tb, idMixedOrphans, notation.NoTile, 0)
	}
	if f.suits == 0 || oneSuit(f.suits) {
		t.add(tb, idMixedSuit, notation.NoTile, 0)
	}
	if oneSuit(f.suits) && !f.honours {
		t.add(tb, idAllOneSuit, notation.NoTile, 0)
	}
}

// winItems adds the items for how the hand was won, whether it is concealed, and its bonus tiles.
func winItems(t *tally, d *scoring.Decomposition, h *notation.Hand, f *handFacts, sit scoring.Situation, r *Rules, tb *valueTable) {
	switch sit.Win {
	case scoring.Heavenly:
		t.add(tb, idHeavenly, notation.NoTile, 0)
	case scoring.Earthly:
		t.add(tb, idEarthly, notation.NoTile, 0)
	case scoring.Human:
		t.add(tb, idHuman, notation.NoTile, 0)
	}
	if sit.Win.SelfDrawn() {
		t.add(tb, idSelfDraw, notation.NoTile, 0) // heavenly replaces it in the built-in tables
	}
	switch sit.Win {
	case scoring.KongReplacement:
		t.add(tb, idKongReplacement, notation.NoTile, 0)
	case scoring.KongOnKong:
		// Kong-on-kong is a win on a kong's replacement too; its replaces: list says whether both pay.
		t.add(tb, idKongReplacement, notation.NoTile, 0)
		t.add(tb, idKongOnKong, notation.NoTile, 0)
	case scoring.FlowerReplacement:
		if r.FlowerReplacementAsKong {
			t.add(tb, idKongReplacement, notation.NoTile, 0)
		} else if r.Flowers {
			t.add(tb, idFlowerReplacement, notation.NoTile, 0)
		}
	case scoring.RobbingKong:
		t.add(tb, idRobbingKong, notation.NoTile, 0)
	}
	if sit.LastTile {
		switch {
		case sit.Win.SelfDrawn():
			t.add(tb, idLastDraw, notation.NoTile, 0)
		case sit.Win == scoring.Discard:
			t.add(tb, idLastDiscard, notation.NoTile, 0)
		}
	}
	concealed := !f.exposed && (f.concealedKgs == 0 || r.ConcealedKongKeepsConcealed) &&
		(!r.Flowers || r.ConcealedHandWithFlowers)
	if concealed {
		t.add(tb, idConcealedHand, notation.NoTile, 0)
	}
	if r.Flowers {
		bonusItems(t, h, sit.Seat, r, tb)
	}
}

// bonusItems adds no-flowers, flower-set and seat-flower.
func bonusItems(t *tally, h *notation.Hand, seat notation.Seat, r *Rules, tb *valueTable) {
	if len(h.Bonus) == 0 {
		t.add(tb, idNoFlowers, notation.NoTile, 0)
		return
	}
	var seen uint8
	for _, b := range h.Bonus {
		if b.Tile >= notation.F1 && b.Tile < notation.Flower {
			seen |= 1 << (b.Tile - notation.F1)
		}
	}
	var complete [2]bool
	for set := range 2 {
		if seen>>(4*set)&0xf == 0xf && tb.on(idFlowerSet) {
			complete[set] = true
			t.add(tb, idFlowerSet, notation.F1+notation.Tile(4*set), 0)
			t.e[t.n-1].bonus = uint8(set + 1)
		}
	}
	for _, b := range h.Bonus {
		if b.Tile.BonusSeat() != int(seat) {
			continue
		}
		set := 0
		if b.Tile.IsSeason() {
			set = 1
		}
		if complete[set] && r.FlowerSetReplacesSeatFlower {
			continue
		}
		t.add(tb, idSeatFlower, b.Tile, 0)
	}
}

// finish turns the best tally into the result's items, totals and verdict, kept in sc when sc is
// not nil.
func (res *Result) finish(t *tally, d *scoring.Decomposition, h *notation.Hand, tb *valueTable, r *Rules, sc *Scratch) {
	if d != nil {
		if sc != nil {
			sc.reading = Reading{Decomposition: *d}
			res.Decomposition = &sc.reading
		} else {
			res.Decomposition = &Reading{Decomposition: *d}
		}
	}
	lim := r.LimitValue()
	n := 0
	for _, e := range t.e[:t.n] {
		if !t.limit || tb.val[e.id] == Limit {
			n++
		}
	}
	var tiles []notation.Tile // one backing array for every item's tiles
	switch {
	case sc == nil:
		res.Items = make([]scoring.Item, 0, n)
	case sc.items != nil && cap(sc.items) >= n:
		res.Items = sc.items[:0]
	default:
		sc.items = make([]scoring.Item, 0, n+4)
		res.Items = sc.items
	}
	if sc != nil && cap(sc.tiles) >= 4*t.n {
		tiles = sc.tiles[:0]
	}
	firstLimit := true
	for _, e := range t.e[:t.n] {
		v := tb.val[e.id]
		if t.limit && v != Limit {
			continue
		}
		def := tb.def[e.id]
		it := scoring.Item{ID: tb.itemName(e.id), Name: def.Name, NameZH: def.ZH, Value: int(v), Source: def.Source}
		if e.id >= numItems {
			tb.house[e.id-numItems].cite(&it, e.pat)
		}
		if v == Limit {
			it.Limit = true
			it.Value = lim
			if !firstLimit {
				it.Value = 0
				it.Note = "also a limit hand; a hand is paid one limit"
			}
			firstLimit = false
		}
		if e.bonus != 0 || e.kind != 0 || e.tile != notation.NoTile {
			if tiles == nil {
				tiles = make([]notation.Tile, 0, 4*t.n)
				if sc != nil {
					sc.tiles = tiles
				}
			}
			start := len(tiles)
			switch {
			case e.bonus != 0:
				b := notation.F1 + notation.Tile(4*(e.bonus-1))
				tiles = append(tiles, b, b+1, b+2, b+3)
			case e.kind == scoring.Chow:
				tiles = append(tiles, e.tile, e.tile+1, e.tile+2)
			case e.kind == scoring.Kong:
				tiles = append(tiles, e.tile, e.tile, e.tile, e.tile)
			case e.kind == scoring.Pong:
				tiles = append(tiles, e.tile, e.tile, e.tile)
			default:
				tiles = append(tiles, e.tile)
			}
			it.Tiles = tiles[start:len(tiles):len(tiles)]
		}
		res.Items = append(res.Items, it)
	}
	res.Limit = t.limit
	res.RawTotal = t.total
	if t.limit {
		res.RawTotal = lim
	}
	res.Total = r.Bounds().PaidAt(t.total, t.limit)
	counted := res.Total
	if !t.limit && !r.BonusCountsTowardMin {
		counted = t.total - t.bonus
	}
	switch {
	case t.limit || counted >= r.MinFaan:
		res.Valid = true
	default: // most random hands fall short, and a batch scores one a line
		res.Reason = tb.reason(counted, r.MinFaan, !r.BonusCountsTowardMin && t.bonus > 0)
	}
}
