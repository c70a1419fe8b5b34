package points

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// Reading names how a hand was read.
type Reading string

// The four readings of the sheet.
const (
	// Standard is a winner's four sets and a pair.
	Standard Reading = "standard"
	// SevenSistersHand is a winner's seven pairs, each scored as a set.
	SevenSistersHand Reading = "seven-sisters"
	// WithSets is a non-winner holding a set: every set, the single best pair, the rest unused.
	WithSets Reading = "with-sets"
	// AllPairs is a non-winner without a set: every pair at pair value, the rest unused.
	AllPairs Reading = "all-pairs"
)

// Result is the score of one player's hand: the items it is made of and their total, the reading
// chosen and how each flower was used. Valid is false (with Reason) when a winner's tiles do not make
// a winning hand.
type Result struct {
	Valid   bool           `json:"valid"`
	Total   int            `json:"total"`
	Reading Reading        `json:"reading,omitempty"`
	Items   []scoring.Item `json:"items"`
	Flowers []FlowerUse    `json:"flowers,omitempty"`
	Reason  string         `json:"reason,omitempty"`
}

// Use is what a flower did.
type Use string

// Flower uses.
const (
	CancelRegular Use = "cancel-regular" // cancelled an unused regular tile
	CancelHonour  Use = "cancel-honour"  // cancelled an unused honour tile
	FlowerBonus   Use = "bonus"          // gave its bonus
	NoUse         Use = "none"           // could do nothing (a bonus that needs a clear hand)
)

// FlowerUse is how one flower was used and what it added.
type FlowerUse struct {
	Flower  notation.Tile `json:"flower"`
	Boosted bool          `json:"boosted"`
	Use     Use           `json:"use"`
	// Cancels is the unused tile cancelled, or NoTile.
	Cancels notation.Tile `json:"cancels,omitempty"`
	// Value is what the flower added: the penalty wiped out plus any bonus.
	Value int `json:"value"`
}

// String returns "3f* cancels 8s (+250)" or "1f bonus (+50)".
func (f FlowerUse) String() string {
	b := notation.BonusTile{Tile: f.Flower, Boosted: f.Boosted}.String()
	switch f.Use {
	case CancelRegular, CancelHonour:
		return fmt.Sprintf("%s cancels %s (%+d)", b, f.Cancels, f.Value)
	case FlowerBonus:
		return fmt.Sprintf("%s bonus (%+d)", b, f.Value)
	}
	return b + " unused (+0)"
}

// String shows the arithmetic: "2050 = regular-set-hidden 600 [123m] + ... - unused-regular 200 [5m] + ...".
func (r Result) String() string {
	if !r.Valid {
		return "not a winning hand: " + r.Reason
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(r.Total))
	b.WriteString(" =")
	for i, it := range r.Items {
		switch {
		case it.Value < 0:
			b.WriteString(" - ")
		case i > 0:
			b.WriteString(" + ")
		default:
			b.WriteString(" ")
		}
		b.WriteString(it.ID)
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(abs(it.Value)))
		if len(it.Tiles) > 0 {
			b.WriteString(" [")
			b.WriteString(notation.FormatTiles(it.Tiles))
			b.WriteByte(']')
		}
	}
	if len(r.Items) == 0 {
		b.WriteString(" 0")
	}
	return b.String()
}

// Signed formats a change of points the way every mjref table does: plain digits (no thousands
// separators, so a number can be typed back into a flag's comma list) and a sign: "+2700", "-400",
// "0".
func Signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// ScoreWinner scores the hand of the player who went Mahjong: 14 tiles (a kong counts three) as four
// sets and a pair, or as Seven Sisters, whichever scores more, plus flowers. When the win is on a
// claimed discard (scoring.Discard, RobbingKong, Earthly), the set or pair the winning tile h.Win
// completes counts as exposed, and of the groups it could complete the one that costs least is chosen.
//
// Tiles that are not a win give a Result with Valid false and Reason, and an error wrapping
// scoring.ErrNotWinning. Input the rules cannot hold (a wrong tile count, jokers, a forbidden kong)
// gives an error wrapping scoring.ErrImpossible.
func ScoreWinner(h *notation.Hand, win scoring.WinKind, r *Rules) (Result, error) {
	var s search
	if err := s.init(h, r, 14); err != nil {
		return Result{}, err
	}
	s.discard = !win.SelfDrawn()
	s.win = h.Win
	if s.discard && (!h.Win.IsPlaying() || h.Concealed[h.Win] == 0) {
		return Result{}, fmt.Errorf("%w: a win on a discard needs the winning tile among the concealed tiles (mark it with +)", scoring.ErrImpossible)
	}
	s.dfs(1)
	std, stdOK := s.best, s.found
	stdStack, stdN, stdExp := s.bestStack, s.bestN, s.bestExposed

	ss, ssOK := s.sevenSisters()
	switch {
	case stdOK && (!ssOK || std >= ss.best):
		s.bestStack, s.bestN, s.bestExposed = stdStack, stdN, stdExp
		return s.result(h, Standard), nil
	case ssOK:
		s.bestStack, s.bestN, s.bestExposed = ss.stack, ss.n, ss.exposed
		return s.result(h, SevenSistersHand), nil
	}
	reason := "the tiles are not four sets and a pair, nor seven pairs"
	return Result{Valid: false, Items: []scoring.Item{}, Reason: reason}, fmt.Errorf("%w: %s", scoring.ErrNotWinning, reason)
}

// ScoreLoser scores a non-winner's hand: 13 tiles (a kong counts three), exposed sets included. A hand
// holding any set is scored with sets (every set it reads and its single best pair, every other tile
// unused); a hand with no possible set is scored all pairs. Rules.NonwinnerSets best scores whichever
// is worth more. Of the readings allowed, the one that scores most is chosen, flowers included.
// Input the rules cannot hold gives an error wrapping scoring.ErrImpossible.
func ScoreLoser(h *notation.Hand, r *Rules) (Result, error) {
	var s search
	if err := s.init(h, r, 13); err != nil {
		return Result{}, err
	}
	s.loser = true
	for _, b := range h.Bonus {
		if b.Boosted {
			s.nb++
		} else {
			s.nr++
		}
	}
	s.dfs(1)
	withSets, withOK := s.best, s.found
	allowPairs := !withOK || (r.NonwinnerSets == NonwinnerBest && len(h.Melds) == 0)
	if allowPairs {
		ap := s.allPairs()
		if !withOK || ap.best > withSets {
			s.bestStack, s.bestN, s.bestExposed = ap.stack, ap.n, -1
			return s.result(h, AllPairs), nil
		}
	}
	return s.result(h, WithSets), nil
}

type kind uint8

const (
	gPong kind = iota + 1
	gChow
	gPair
	gSingle
)

type group struct {
	kind kind
	tile notation.Tile
}

func (g group) has(t notation.Tile) bool {
	if g.kind == gChow {
		return t >= g.tile && t <= g.tile+2
	}
	return t == g.tile
}

func (g group) isSet() bool { return g.kind == gPong || g.kind == gChow }

func (g group) honour() bool { return g.kind == gPong && g.tile.IsHonor() }

func (g group) tiles() []notation.Tile {
	switch g.kind {
	case gPong:
		return []notation.Tile{g.tile, g.tile, g.tile}
	case gChow:
		return []notation.Tile{g.tile, g.tile + 1, g.tile + 2}
	case gPair:
		return []notation.Tile{g.tile, g.tile}
	}
	return []notation.Tile{g.tile}
}

// reading is a finished reading of the concealed tiles.
type reading struct {
	best    int
	stack   [14]group
	n       int
	exposed int
}

// search finds the best reading of the concealed tiles. Tiles are counts indexed by Tile; the groups
// of the reading under way sit in a fixed stack, so the search does not allocate.
type search struct {
	r         *Rules
	c         [notation.Red + 1]uint8
	stack     [14]group
	n         int
	sets      int
	pairs     int
	val       int // the value of the groups on the stack
	ur, uh    int // unused regular and honour tiles on the stack
	meldSets  int
	meldValue int

	loser   bool
	discard bool
	win     notation.Tile
	nr, nb  int
	memo    [15][15]int32
	memoOK  [15][15]bool

	found       bool
	best        int
	bestStack   [14]group
	bestN       int
	bestExposed int
}

// init loads the hand into s and checks it is a DeBurger hand of want tiles.
func (s *search) init(h *notation.Hand, r *Rules, want int) error {
	if r == nil {
		return fmt.Errorf("%w: no deburger rules", scoring.ErrImpossible)
	}
	s.r, s.bestExposed = r, -1
	for t, n := range h.Concealed {
		if n == 0 {
			continue
		}
		tile := notation.Tile(t)
		switch {
		case tile == notation.Joker:
			return fmt.Errorf("%w: DeBurger is played without jokers", scoring.ErrImpossible)
		case !tile.IsPlaying():
			return fmt.Errorf("%w: %s among the concealed tiles: flowers are laid out beside the hand", scoring.ErrImpossible, tile)
		}
		s.c[t] = n
	}
	for _, m := range h.Melds {
		switch {
		case m.Jokers > 0:
			return fmt.Errorf("%w: DeBurger is played without jokers", scoring.ErrImpossible)
		case m.Kind > notation.Kong:
			return fmt.Errorf("%w: a %s cannot be formed with four of each tile and no jokers", scoring.ErrImpossible, m.Kind)
		case m.Kind == notation.Kong && r.Kongs == KongsForbidden:
			return fmt.Errorf("%w: %s is a kong, and this ruleset plays without kongs (kongs: forbidden)", scoring.ErrImpossible, m)
		case !m.Tile.IsPlaying():
			return fmt.Errorf("%w: %s is not a set of playing tiles", scoring.ErrImpossible, m)
		}
		s.meldSets++
		s.meldValue += meldValue(m, r)
	}
	for _, b := range h.Bonus {
		if !b.Tile.IsBonus() {
			return fmt.Errorf("%w: %s laid out as a flower", scoring.ErrImpossible, b.Tile)
		}
	}
	if n := h.TileCount(); n != want {
		who := "a winner"
		if want == 13 {
			who = "a non-winner"
		}
		return fmt.Errorf("%w: %s holds %d tiles (a kong counts three), found %d", scoring.ErrImpossible, who, want, n)
	}
	return nil
}

func meldValue(m notation.Meld, r *Rules) int {
	v := r.Sets.Regular
	if m.Kind != notation.Chow && m.Tile.IsHonor() {
		v = r.Sets.Honour
	}
	if m.Concealed {
		return v.Hidden
	}
	return v.Exposed
}

// value is what a concealed group is worth in a standard or with-sets reading.
func (s *search) value(g group) int {
	switch g.kind {
	case gPong, gChow:
		if g.honour() {
			return s.r.Sets.Honour.Hidden
		}
		return s.r.Sets.Regular.Hidden
	case gPair:
		if g.tile.IsTerminalOrHonor() {
			return s.r.Pairs.Honour.Value
		}
		return s.r.Pairs.Regular.Value
	}
	if g.tile.IsHonor() {
		return s.r.Unused.Honour.Value
	}
	return s.r.Unused.Regular.Value
}

// loss is what a group loses when the claimed winning tile completes it.
func (s *search) loss(g group) int {
	switch g.kind {
	case gPong, gChow:
		if g.honour() {
			return s.r.Sets.Honour.Hidden - s.r.Sets.Honour.Exposed
		}
		return s.r.Sets.Regular.Hidden - s.r.Sets.Regular.Exposed
	}
	return 0
}

func (s *search) push(k kind, t notation.Tile) {
	s.stack[s.n] = group{k, t}
	s.n++
}

// dfs reads the tiles from t on. All copies of the first tile left are settled at once, in one
// canonical order - a pong or not, how many chows start there, the pair or not, and (for a
// non-winner) the rest unused - so each reading is visited once.
func (s *search) dfs(t notation.Tile) {
	for t <= notation.Red && s.c[t] == 0 {
		t++
	}
	if t > notation.Red {
		s.leaf()
		return
	}
	n := int(s.c[t])
	maxChows := 0
	if t.IsSuited() && t.Num() <= 7 {
		maxChows = int(min(s.c[t+1], s.c[t+2]))
	}
	top := s.n
	// Pongs and the pair are tried first, so among readings of equal value the first found, which
	// is kept, has its pair on the lowest tile.
	for pongs := min(n/3, 1); pongs >= 0; pongs-- {
		for chows := range min(n-3*pongs, maxChows) + 1 {
			left := n - 3*pongs - chows
			for pair := 1; pair >= 0; pair-- {
				if pair == 1 && (s.pairs > 0 || left < 2) {
					continue
				}
				singles := left - 2*pair
				if singles > 0 && !s.loser {
					continue
				}
				s.n = top
				for range pongs {
					s.push(gPong, t)
				}
				for range chows {
					s.push(gChow, t)
				}
				if pair == 1 {
					s.push(gPair, t)
				}
				for range singles {
					s.push(gSingle, t)
				}
				delta := pongs*s.value(group{gPong, t}) + chows*s.value(group{gChow, t}) +
					pair*s.value(group{gPair, t}) + singles*s.value(group{gSingle, t})
				s.val += delta
				if t.IsHonor() {
					s.uh += singles
				} else {
					s.ur += singles
				}
				s.sets += pongs + chows
				s.pairs += pair
				s.c[t] = 0
				if chows > 0 {
					s.c[t+1] -= uint8(chows)
					s.c[t+2] -= uint8(chows)
				}
				s.dfs(t + 1)
				if chows > 0 {
					s.c[t+1] += uint8(chows)
					s.c[t+2] += uint8(chows)
				}
				s.c[t] = uint8(n)
				s.pairs -= pair
				s.sets -= pongs + chows
				if t.IsHonor() {
					s.uh -= singles
				} else {
					s.ur -= singles
				}
				s.val -= delta
			}
		}
	}
	s.n = top
}

func (s *search) leaf() {
	v := s.meldValue + s.val
	exposed := -1
	if s.loser {
		if s.sets+s.meldSets == 0 {
			return
		}
		v += s.flowerValue(s.ur, s.uh)
	} else if s.discard {
		loss := -1
		for i := range s.n {
			g := s.stack[i]
			if g.has(s.win) && (loss < 0 || s.loss(g) < loss) {
				loss, exposed = s.loss(g), i
			}
		}
		v -= loss
	}
	if !s.found || v > s.best {
		s.found, s.best = true, v
		s.bestStack, s.bestN, s.bestExposed = s.stack, s.n, exposed
	}
}

// sevenPairsShape reports whether the concealed tiles alone are seven pairs.
func (s *search) sevenPairsShape() bool {
	pairs := 0
	for t := notation.M1; t <= notation.Red; t++ {
		switch n := s.c[t]; {
		case n == 2:
			pairs++
		case n == 4 && s.r.SevenSisters.FourAsTwoPairs:
			pairs += 2
		case n != 0:
			return false
		}
	}
	return pairs == 7
}

// sevenSisters reads a winner's hand as seven pairs, each a set; the pair the claimed winning tile
// completes is the exposed final pair.
func (s *search) sevenSisters() (reading, bool) {
	var rd reading
	rd.exposed = -1
	if s.meldSets > 0 || !s.sevenPairsShape() {
		return rd, false
	}
	for t := notation.M1; t <= notation.Red; t++ {
		for range s.c[t] / 2 {
			rd.stack[rd.n] = group{gPair, t}
			v := s.r.SevenSisters.Regular
			if t.IsHonor() {
				v = s.r.SevenSisters.Honour
			}
			if s.discard && t == s.win && rd.exposed < 0 {
				rd.exposed = rd.n
				rd.best += v.Exposed
			} else {
				rd.best += v.Hidden
			}
			rd.n++
		}
	}
	return rd, true
}

// allPairs reads a non-winner's hand as pairs and unused tiles.
func (s *search) allPairs() reading {
	var rd reading
	rd.exposed = -1
	var unusedR, unusedH int
	for t := notation.M1; t <= notation.Red; t++ {
		n := int(s.c[t])
		pairs := n / 2
		if pairs > 1 && !s.r.SevenSisters.FourAsTwoPairs {
			pairs = 1
		}
		for range pairs {
			rd.stack[rd.n] = group{gPair, t}
			rd.best += s.value(rd.stack[rd.n])
			rd.n++
		}
		for range n - 2*pairs {
			rd.stack[rd.n] = group{gSingle, t}
			rd.best += s.value(rd.stack[rd.n])
			rd.n++
			if t.IsHonor() {
				unusedH++
			} else {
				unusedR++
			}
		}
	}
	rd.best += s.flowerValue(unusedR, unusedH)
	return rd
}

// flowerValue is the most the player's flowers add with unusedR regular and unusedH honour tiles
// left unused.
func (s *search) flowerValue(unusedR, unusedH int) int {
	if s.nr+s.nb == 0 {
		return 0
	}
	if unusedR < len(s.memo) && unusedH < len(s.memo) {
		if !s.memoOK[unusedR][unusedH] {
			s.memo[unusedR][unusedH] = int32(bestFlowers(s.r, s.nr, s.nb, unusedR, unusedH).value)
			s.memoOK[unusedR][unusedH] = true
		}
		return int(s.memo[unusedR][unusedH])
	}
	return bestFlowers(s.r, s.nr, s.nb, unusedR, unusedH).value
}

// plan is how many flowers of each kind cancel which tiles; the rest give their bonus if they may.
type plan struct {
	value          int
	rh, rr, bh, br int // regular flowers cancelling honour/regular tiles, boosted likewise
}

// bestFlowers finds the most nr regular and nb boosted flowers can add against unusedR regular and
// unusedH honour tiles. The counts are small; every split is tried.
func bestFlowers(r *Rules, nr, nb, unusedR, unusedH int) plan {
	reg, boo := &r.Flowers.Regular, &r.Flowers.Boosted
	penR, penH := -r.Unused.Regular.Value, -r.Unused.Honour.Value
	best := plan{value: -1 << 62}
	for bh := 0; bh <= min(nb, unusedH) && (bh == 0 || boo.CancelHonour); bh++ {
		for rh := 0; rh <= min(nr, unusedH-bh) && (rh == 0 || reg.CancelHonour); rh++ {
			for br := 0; br <= min(nb-bh, unusedR) && (br == 0 || boo.CancelRegular); br++ {
				for rr := 0; rr <= min(nr-rh, unusedR-br) && (rr == 0 || reg.CancelRegular); rr++ {
					left := unusedR - br - rr + unusedH - bh - rh
					v := bh*(penH+boo.CancelHonourBonus) + br*(penR+boo.CancelRegularBonus) +
						rh*(penH+reg.CancelHonourBonus) + rr*(penR+reg.CancelRegularBonus)
					if !boo.BonusOnlyWhenClear || left == 0 {
						v += (nb - bh - br) * boo.Bonus
					}
					if !reg.BonusOnlyWhenClear || left == 0 {
						v += (nr - rh - rr) * reg.Bonus
					}
					if v > best.value {
						best = plan{value: v, rh: rh, rr: rr, bh: bh, br: br}
					}
				}
			}
		}
	}
	return best
}

// result turns the best reading into items.
func (s *search) result(h *notation.Hand, rd Reading) Result {
	// One item a group, a meld and a flower, as a rule: made once, not grown.
	res := Result{Valid: true, Reading: rd, Items: make([]scoring.Item, 0, s.bestN+len(h.Melds)+len(h.Bonus)+2)}
	r := s.r
	var pairs, unused []group
	for i := range s.bestN {
		g := s.bestStack[i]
		exposed := i == s.bestExposed
		switch {
		case rd == SevenSistersHand:
			v, names := r.SevenSisters.Regular, &sevenRegularNames
			if g.tile.IsHonor() {
				v, names = r.SevenSisters.Honour, &sevenHonourNames
			}
			res.Items = append(res.Items, setItem(names, v, exposed, g.tiles(), concealedNote(exposed, s.win)))
		case g.isSet():
			res.Items = append(res.Items, s.groupItem(g, exposed))
		case g.kind == gPair:
			pairs = append(pairs, g)
		default:
			unused = append(unused, g)
		}
	}
	for _, m := range h.Melds {
		res.Items = append(res.Items, meldItem(m, r))
	}
	for i, g := range pairs {
		note := "the pair"
		switch {
		case rd == WithSets:
			note = "best pair; with sets only one pair scores"
		case rd == AllPairs:
			note = "no set: every pair scores"
		case s.discard && g.has(s.win) && i == 0:
			note = "the pair, completed by the claimed discard (a pair has one value)"
		}
		res.Items = append(res.Items, pairItem(g, r, note))
	}
	var unusedR, unusedH []notation.Tile
	for _, g := range unused {
		if g.tile.IsHonor() {
			unusedH = append(unusedH, g.tile)
		} else {
			unusedR = append(unusedR, g.tile)
		}
	}
	for _, t := range append(append([]notation.Tile(nil), unusedR...), unusedH...) {
		id, name, v := "unused-regular", "unused regular tile", r.Unused.Regular
		if t.IsHonor() {
			id, name, v = "unused-honour", "unused honour tile", r.Unused.Honour
		}
		res.Items = append(res.Items, scoring.Item{ID: id, Name: name, Value: v.Value, Tiles: []notation.Tile{t},
			Note: "in no set and not the pair scored", Source: v.Source})
	}
	s.flowers(h, &res, unusedR, unusedH)
	for _, it := range res.Items {
		res.Total += it.Value
	}
	return res
}

func concealedNote(exposed bool, win notation.Tile) string {
	if exposed {
		return "completed by the claimed discard " + win.String() + ", so exposed"
	}
	return "concealed"
}

// setNames are a set item's id and name, hidden ([0]) and exposed ([1]). They are constants, not
// put together for each item: no allocation, and scoring writes an item's JSON head from text it
// keeps by where the id's bytes are, which a string made afresh each time never matches.
type setNames struct{ id, name [2]string }

var (
	regularSetNames   = setNames{[2]string{"regular-set-hidden", "regular-set-exposed"}, [2]string{"regular set, hidden", "regular set, exposed"}}
	honourSetNames    = setNames{[2]string{"honour-set-hidden", "honour-set-exposed"}, [2]string{"honour set, hidden", "honour set, exposed"}}
	sevenRegularNames = setNames{[2]string{"seven-sisters-regular-hidden", "seven-sisters-regular-exposed"},
		[2]string{"Seven Sisters pair scored as a regular set, hidden", "Seven Sisters pair scored as a regular set, exposed"}}
	sevenHonourNames = setNames{[2]string{"seven-sisters-honour-hidden", "seven-sisters-honour-exposed"},
		[2]string{"Seven Sisters pair scored as an honour set, hidden", "Seven Sisters pair scored as an honour set, exposed"}}
)

func setItem(n *setNames, v SetValue, exposed bool, tiles []notation.Tile, note string) scoring.Item {
	if exposed {
		return scoring.Item{ID: n.id[1], Name: n.name[1], Value: v.Exposed, Tiles: tiles, Note: note, Source: v.Source}
	}
	return scoring.Item{ID: n.id[0], Name: n.name[0], Value: v.Hidden, Tiles: tiles, Note: note, Source: v.Source}
}

func (s *search) groupItem(g group, exposed bool) scoring.Item {
	if g.honour() {
		return setItem(&honourSetNames, s.r.Sets.Honour, exposed, g.tiles(), concealedNote(exposed, s.win))
	}
	return setItem(&regularSetNames, s.r.Sets.Regular, exposed, g.tiles(), concealedNote(exposed, s.win))
}

func meldItem(m notation.Meld, r *Rules) scoring.Item {
	names, v := &regularSetNames, r.Sets.Regular
	if m.Kind != notation.Chow && m.Tile.IsHonor() {
		names, v = &honourSetNames, r.Sets.Honour
	}
	var note string
	switch m.Kind {
	case notation.Chow:
		note = "exposed chow"
	case notation.Pong:
		note = "exposed pong"
	default:
		note = "exposed " + m.Kind.String()
	}
	if m.IsKong() {
		note = "kong scored as a set (kongs: sets)"
		if m.Concealed {
			note = "concealed kong scored as a hidden set (kongs: sets)"
		}
	}
	return setItem(names, v, !m.Concealed, m.Tiles(), note)
}

func pairItem(g group, r *Rules, note string) scoring.Item {
	if g.tile.IsTerminalOrHonor() {
		return scoring.Item{ID: "honour-pair", Name: "honour or terminal pair", Value: r.Pairs.Honour.Value,
			Tiles: g.tiles(), Note: note, Source: r.Pairs.Honour.Source}
	}
	return scoring.Item{ID: "regular-pair", Name: "regular pair", Value: r.Pairs.Regular.Value,
		Tiles: g.tiles(), Note: note, Source: r.Pairs.Regular.Source}
}

// flowers assigns the flowers by the best plan for the unused tiles left and adds their items.
func (s *search) flowers(h *notation.Hand, res *Result, unusedR, unusedH []notation.Tile) {
	if len(h.Bonus) == 0 {
		return
	}
	var nr, nb int
	for _, b := range h.Bonus {
		if b.Boosted {
			nb++
		} else {
			nr++
		}
	}
	r := s.r
	p := bestFlowers(r, nr, nb, len(unusedR), len(unusedH))
	left := len(unusedR) + len(unusedH) - p.rh - p.rr - p.bh - p.br
	penR, penH := -r.Unused.Regular.Value, -r.Unused.Honour.Value
	// Boosted flowers take their cancellations first, then regular ones, in flower order.
	cancelH, cancelR := unusedH, unusedR
	assign := func(b notation.BonusTile, fv *FlowerValue, nh, nreg *int) FlowerUse {
		u := FlowerUse{Flower: b.Tile, Boosted: b.Boosted}
		switch {
		case *nh > 0:
			*nh--
			u.Use, u.Cancels, u.Value = CancelHonour, cancelH[0], penH+fv.CancelHonourBonus
			cancelH = cancelH[1:]
		case *nreg > 0:
			*nreg--
			u.Use, u.Cancels, u.Value = CancelRegular, cancelR[0], penR+fv.CancelRegularBonus
			cancelR = cancelR[1:]
		case !fv.BonusOnlyWhenClear || left == 0:
			u.Use, u.Value = FlowerBonus, fv.Bonus
		default:
			u.Use = NoUse
		}
		return u
	}
	uses := make([]FlowerUse, len(h.Bonus))
	for i, b := range h.Bonus {
		if b.Boosted {
			uses[i] = assign(b, &r.Flowers.Boosted, &p.bh, &p.br)
		}
	}
	for i, b := range h.Bonus {
		if !b.Boosted {
			uses[i] = assign(b, &r.Flowers.Regular, &p.rh, &p.rr)
		}
	}
	res.Flowers = uses
	for _, u := range uses {
		fv, id, name := r.Flowers.Regular, "flower-", "flower "
		if u.Boosted {
			fv, id, name = r.Flowers.Boosted, "boosted-flower-", "boosted flower "
		}
		it := scoring.Item{ID: id + string(u.Use), Value: u.Value, Tiles: []notation.Tile{u.Flower}, Source: fv.Source}
		switch u.Use {
		case CancelRegular, CancelHonour:
			it.Name = name + "cancels an unused tile"
			it.Tiles = append(it.Tiles, u.Cancels)
			it.Note = fmt.Sprintf("cancels the penalty of %s", u.Cancels)
			if bonus := u.Value - penR; u.Use == CancelRegular && bonus != 0 {
				it.Note += fmt.Sprintf(" and adds %d", bonus)
			}
			if bonus := u.Value - penH; u.Use == CancelHonour && bonus != 0 {
				it.Note += fmt.Sprintf(" and adds %d", bonus)
			}
		case FlowerBonus:
			it.Name = name + "bonus"
			it.Note = "nothing left to cancel, or the bonus is worth more"
			if fv.BonusOnlyWhenClear {
				it.Note = "no unused tile is left"
			}
		default:
			it.Name = name + "unused"
			it.Note = "its bonus needs a hand with no unused tile, and it can cancel none of those left"
		}
		res.Items = append(res.Items, it)
	}
}
