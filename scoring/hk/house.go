package hk

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	pat "github.com/mjref/mjref/scoring/pattern"
)

// HouseHand is a hand a table adds to the Hong Kong items (the house_hands: section): its names,
// its value, and the pattern a reading must show. It is scored like a built-in item: matched against
// every reading of a hand, the best reading wins, and its row cites the house hand's YAML line.
//
// The pattern is written in the card language's groups (package scoring/pattern), each group one
// set or the pair of a reading:
//
//	123a  X+0X+1X+2b   a chow (three consecutive numbers of one suit)
//	555a  XXXb  ZZZ    a pong or kong ("A kong counts as a pong for every pattern")
//	5555a              a kong
//	55a   ZZ           a pair
//	(???)              a concealed set: formed in the hand, not completed by a discard
//
// a, b, c take pairwise different suits, X is one number shared by the pattern and Y another, Rd Gd
// Wd are the dragons, D is the dragon of the group's suit (Dm red, Ds green, Dp white; D* any
// dragon), 0 the white dragon, Z any wind, ? any tile, chosen per group: ??? a pong of any tile,
// ???m of any tile of characters (???a of suit a, ???* of any suit), ?+0?+1?+2m a chow of
// characters. By default the pattern must be contained in the reading (the rest of the hand is
// free); Whole asks it to cover the hand: four sets and a pair, or seven pairs. Patterns lists
// alternatives: the hand shows any one of them.
type HouseHand struct {
	Name string `yaml:"name"`
	ZH   string `yaml:"zh"`
	// Value is the hand's faan or limit.
	Value *Faan `yaml:"value"`
	// Pattern is the groups a reading must hold; it may be empty when Only says it all.
	Pattern string `yaml:"pattern,omitempty"`
	// Patterns, instead of Pattern, lists patterns of which a reading must hold any one; the item
	// cites the first that matched.
	Patterns []string `yaml:"patterns,omitempty"`
	// PatternLines are the YAML lines of Patterns; the ruleset loader fills them in.
	PatternLines []int `yaml:"-"`
	// Whole says the pattern covers the whole hand instead of being contained in it.
	Whole bool `yaml:"whole,omitempty"`
	// Only is a tile alphabet in tile notation ("23468s 6z"): every tile of the hand must be one of these.
	Only string `yaml:"only,omitempty"`
	// Concealed asks for a hand with nothing exposed (concealed kongs allowed).
	Concealed bool `yaml:"concealed,omitempty"`
	// SelfDrawn asks for a self-drawn win.
	SelfDrawn bool `yaml:"self_drawn,omitempty"`
	// WonOn asks the winning tile to complete the pair ("pair") or a set ("set").
	WonOn string `yaml:"won_on,omitempty"`
	// Replaces lists the items (built-in or house) this hand is paid instead of.
	Replaces []string `yaml:"replaces,omitempty"`
	// ReplacedBy lists the items paid instead of this hand when both apply (three-concealed-pongs is
	// replaced by four-concealed-pongs), so a house hand need not change a built-in item's list.
	ReplacedBy []string `yaml:"replaced_by,omitempty"`
	// Source is where the house hand is written; the ruleset loader fills it in with the file's name.
	Source scoring.Source `yaml:"-"`
}

// MaxHouseHands is how many house hands a ruleset may add.
const MaxHouseHands = 20

// MaxHousePatterns is how many patterns one house hand may list under patterns:.
const MaxHousePatterns = 8

// MaxHouseSteps bounds the matching steps (a group tried against a set of the reading) the house
// hands of a ruleset together may take on one reading of a hand. Every pattern's worst case is
// computed when the ruleset loads, and a ruleset whose house hands could exceed it is refused, so a
// match is never cut short.
const MaxHouseSteps = 20000

// MaxHouseCheckSteps bounds the matching steps of checking a ruleset's house hands (the example
// hands built and scored for each): counted, not timed, so the verdict does not depend on the load
// of the machine.
const MaxHouseCheckSteps = 20_000_000

// checkStepLimit is MaxHouseCheckSteps; a test lowers it.
var checkStepLimit = MaxHouseCheckSteps

// maxItems bounds the built-in and house items together: replaces: lists are 64-bit masks.
const maxItems = 64

// There must be room for the house hands among the items (a compile error otherwise).
const _ = uint(maxItems - int(numItems) - MaxHouseHands)

// Shapes of a house-hand group and of a reading's units.
const (
	shPair uint8 = iota + 1
	shChow
	shPong // a pong or a kong in a reading; a pong group matches either
	shKong
)

// halt is one alternative of a group: its shape and the symbol of its (lowest) tile.
type halt struct {
	shape uint8
	kind  pat.Kind
	val   int8
	suf   pat.Suffix
}

// hgroup is one group of a house hand with its alternatives.
type hgroup struct {
	text      string
	alts      []halt
	concealed bool
	// same says the group is written as the one before it: the two may take their units in either
	// order, so the search gives this one a later unit only.
	same bool
}

// hpattern is one compiled pattern of a house hand.
type hpattern struct {
	text   string
	groups []hgroup
	// least of each shape the reading needs, for a quick refusal before the search
	pairs, chows, pongs, kongs, hidden uint8
	// steps is the most matching steps the pattern can take on one reading.
	steps int
}

// houseHand is a compiled house hand.
type houseHand struct {
	id        string
	pats      []hpattern // a reading must hold one; none: the conditions say it all
	whole     bool
	only      uint64 // bit t set for every allowed tile; 0: any
	concealed bool
	selfDrawn bool
	wonOn     uint8 // 0 any, shPair or shChow (any set)
	lines     []int // the YAML lines of the patterns under patterns:, where known
}

// cite makes the item of a house hand with patterns: cite the line of the pattern j that matched.
func (hh *houseHand) cite(it *scoring.Item, j uint8) {
	if int(j) < len(hh.lines) && hh.lines[j] > 0 {
		it.Source.Line = hh.lines[j]
	}
}

// Won-on values.
const (
	wonAny uint8 = iota
	wonPair
	wonSet
)

// unit is a set or the pair of a reading, or one of seven pairs.
type unit struct {
	shape     uint8
	tile      notation.Tile
	concealed bool
}

// units is a reading as house hands see it.
type units struct {
	u                                [7]unit
	n                                uint8
	pairs, chows, pongs, kongs, hide uint8
}

func (us *units) read(d *scoring.Decomposition) {
	*us = units{}
	switch d.Shape {
	case scoring.SevenPairs:
		for _, p := range d.Pairs {
			us.u[us.n] = unit{shape: shPair, tile: p, concealed: true}
			us.n++
		}
		us.pairs = 7
	case scoring.Standard:
		for _, s := range d.Sets {
			u := unit{tile: s.Tile, concealed: s.Concealed}
			switch s.Kind {
			case scoring.Chow:
				u.shape = shChow
				us.chows++
			case scoring.Kong:
				u.shape = shKong
				us.kongs++
				us.pongs++
			default:
				u.shape = shPong
				us.pongs++
			}
			if s.Concealed && s.Kind != scoring.Chow {
				us.hide++
			}
			us.u[us.n] = u
			us.n++
		}
		us.u[us.n] = unit{shape: shPair, tile: d.Pair, concealed: true}
		us.n++
		us.pairs = 1
	}
}

// binding is the variables a search has fixed so far.
type binding struct {
	x, y int8             // 0: not yet; they always differ
	suit [3]notation.Suit // a, b, c; NoSuit: not yet
	used uint8            // units taken
}

// bindSuit fixes or checks the group's suit.
func (b *binding) bindSuit(suf pat.Suffix, s notation.Suit) bool {
	switch suf {
	case pat.Man:
		return s == notation.Man
	case pat.Pin:
		return s == notation.Pin
	case pat.Sou:
		return s == notation.Sou
	case pat.SuitA, pat.SuitB, pat.SuitC:
		v := suf - pat.SuitA
		if b.suit[v] != notation.NoSuit {
			return b.suit[v] == s
		}
		for w, o := range b.suit {
			if pat.Suffix(w) != v && o == s {
				return false
			}
		}
		b.suit[v] = s
	}
	return true
}

// unify reports whether t can be the tile of a (for a chow, its lowest tile), fixing variables in b.
func (a *halt) unify(t notation.Tile, b *binding) bool {
	switch a.kind {
	case pat.Num:
		return t.IsSuited() && t.Num() == int(a.val) && b.bindSuit(a.suf, t.Suit())
	case pat.X, pat.Y:
		if !t.IsSuited() {
			return false
		}
		v, other := &b.x, b.y
		if a.kind == pat.Y {
			v, other = &b.y, b.x
		}
		n := int8(t.Num()) - a.val
		if n < 1 || (*v != 0 && *v != n) || n == other || !b.bindSuit(a.suf, t.Suit()) {
			return false
		}
		*v = n
		return true
	case pat.NamedDragon:
		return t == notation.White+notation.Tile(a.val)
	case pat.Dragon:
		return t.IsDragon() && b.bindSuit(a.suf, pat.SuitOfDragon(t))
	case pat.Zero:
		return t == notation.White
	case pat.Wind:
		return t == notation.East+notation.Tile(a.val)
	case pat.AnyWind:
		return t.IsWind()
	case pat.AnyTile:
		if a.suf == pat.NoSuffix {
			return t.IsPlaying() && (a.shape != shChow || t.IsSuited())
		}
		return t.IsSuited() && b.bindSuit(a.suf, t.Suit())
	}
	return false
}

// fits reports whether a unit of shape s can stand for a group of shape g.
func fits(g, s uint8) bool { return g == s || (g == shPong && s == shKong) }

// matches reports whether the reading's units hold the pattern's groups from group g on; last is
// the unit group g-1 took. It counts in steps every group tried against a unit.
func (p *hpattern) matches(us *units, g int, b binding, last uint8, steps *int) bool {
	if g == len(p.groups) {
		return true
	}
	grp := &p.groups[g]
	from := uint8(0)
	if grp.same {
		from = last + 1
	}
	for k := range grp.alts {
		a := &grp.alts[k]
		for i := from; i < us.n; i++ {
			u := &us.u[i]
			if b.used&(1<<i) != 0 || !fits(a.shape, u.shape) || (grp.concealed && !u.concealed) {
				continue
			}
			*steps++
			nb := b
			if !a.unify(u.tile, &nb) {
				continue
			}
			nb.used |= 1 << i
			if p.matches(us, g+1, nb, i, steps) {
				return true
			}
		}
	}
	return false
}

// holds reports whether the reading holds pattern p.
func (p *hpattern) holds(us *units, whole bool, steps *int) bool {
	return us.pairs >= p.pairs && us.chows >= p.chows && us.pongs >= p.pongs && us.kongs >= p.kongs &&
		us.hide >= p.hidden && (!whole || int(us.n) == len(p.groups)) && p.matches(us, 0, binding{}, 0, steps)
}

// stepBound returns the most matching steps the pattern can take on one reading, or limit+1 when
// that is more than limit: the steps of its search on a reading where every set fits every set
// group and every pair every pair group, no tile ever refuses a group and the last group never
// completes. A real reading's units are such units, and its tiles only cut the search short.
func (p *hpattern) stepBound(sevenPairs bool, limit int) int {
	worst := 0
	// A standard reading is four sets (units 0-3) and a pair (unit 4); seven pairs are seven pairs.
	type reading struct{ n, sets uint8 }
	readings := []reading{{5, 4}}
	if sevenPairs && int(p.pairs) == len(p.groups) {
		readings = append(readings, reading{7, 0})
	}
	for _, rd := range readings {
		memo := map[[3]int]int{}
		var count func(g int, used, last uint8) int
		count = func(g int, used, last uint8) int {
			if g == len(p.groups) {
				return 0
			}
			key := [3]int{g, int(used), int(last)}
			if n, ok := memo[key]; ok {
				return n
			}
			grp := &p.groups[g]
			from := uint8(0)
			if grp.same {
				from = last + 1
			}
			n := 0
			for _, a := range grp.alts {
				for i := from; i < rd.n && n <= limit; i++ {
					if used&(1<<i) != 0 || (a.shape == shPair) != (i >= rd.sets) {
						continue
					}
					n += 1 + count(g+1, used|1<<i, i)
				}
			}
			n = min(n, limit+1)
			memo[key] = n
			return n
		}
		worst = max(worst, count(0, 0, 0))
	}
	return worst
}

// houseFacts is what every house hand of one hand checks, computed once per hand.
type houseFacts struct {
	tiles   uint64 // bit t for every tile kind the hand holds
	exposed bool
}

func houseFactsOf(h *notation.Hand) houseFacts {
	var f houseFacts
	all := h.All()
	for t := notation.Tile(1); t <= notation.Red; t++ {
		if all[t] > 0 {
			f.tiles |= 1 << t
		}
	}
	f.exposed = h.Exposed()
	return f
}

// matchHouse adds the house hands that reading d shows.
func (tb *valueTable) matchHouse(t *tally, d *scoring.Decomposition, h *notation.Hand, sit scoring.Situation) {
	hf := houseFactsOf(h)
	var us units
	read := false
	for k := range tb.house {
		hh := &tb.house[k]
		if (hh.only != 0 && hf.tiles&^hh.only != 0) || (hh.concealed && hf.exposed) || (hh.selfDrawn && !sit.Win.SelfDrawn()) {
			continue
		}
		switch hh.wonOn {
		case wonPair:
			if d.Win != scoring.WinInPair {
				continue
			}
		case wonSet:
			if d.Win < 0 {
				continue
			}
		}
		which := -1
		if len(hh.pats) > 0 {
			if !read {
				us.read(d)
				read = true
			}
			for j := range hh.pats {
				if hh.pats[j].holds(&us, hh.whole, &t.steps) {
					which = j
					break
				}
			}
			if which < 0 {
				continue
			}
		}
		t.add(tb, itemID(int(numItems)+k), notation.NoTile, 0)
		if which > 0 && t.n > 0 && t.e[t.n-1].id == itemID(int(numItems)+k) {
			t.e[t.n-1].pat = uint8(which)
		}
	}
}

// itemName returns the id of a built-in or house item.
func (tb *valueTable) itemName(id itemID) string {
	if id < numItems {
		return ItemIDs[id]
	}
	return tb.house[id-numItems].id
}

// compileGroup reads one group of a house hand: "123a", "(XXXb)", "55a|ZZ".
func compileGroup(text string) (hgroup, error) {
	var g hgroup
	body := text
	if strings.HasPrefix(body, "(") || strings.HasSuffix(body, ")") {
		if !strings.HasPrefix(body, "(") || !strings.HasSuffix(body, ")") || len(body) < 3 {
			return g, &pat.Error{Group: text, Msg: "a concealed set is written in parentheses: (555a)"}
		}
		body = body[1 : len(body)-1]
		g.concealed = true
	}
	alts, err := pat.ParseGroup(body, pat.HouseHands)
	if err != nil {
		return g, err
	}
	g.text = text
	for _, a := range alts {
		ha, err := shapeOf(a, text)
		if err != nil {
			return g, err
		}
		if g.concealed && ha.shape == shPair {
			return g, &pat.Error{Group: text, Msg: "parentheses mark a concealed set; a pair is not a set"}
		}
		if !slices.Contains(g.alts, ha) { // 555a|555a is tried once
			g.alts = append(g.alts, ha)
		}
	}
	return g, nil
}

// shapeOf tells a group's shape from its symbols.
func shapeOf(a pat.Alt, whole string) (halt, error) {
	es := a.Elems
	bad := func(msg string) (halt, error) { return halt{}, &pat.Error{Group: whole, Msg: msg} }
	same := true
	for _, e := range es[1:] {
		same = same && e == es[0]
	}
	h := halt{kind: es[0].Kind, val: es[0].Val, suf: a.Suffix}
	switch {
	case same && len(es) == 2:
		h.shape = shPair
	case same && len(es) == 3:
		h.shape = shPong
	case same && len(es) == 4:
		h.shape = shKong
	case len(es) == 3 && es[1].Kind == es[0].Kind && es[2].Kind == es[0].Kind && (es[0].Kind == pat.Num || es[0].Kind == pat.X || es[0].Kind == pat.Y || es[0].Kind == pat.AnyTile):
		v := []int8{es[0].Val, es[1].Val, es[2].Val}
		slices.Sort(v)
		if v[1] != v[0]+1 || v[2] != v[0]+2 {
			return bad("three different tiles must be a chow: three consecutive numbers (123a, X+0X+1X+2a, ?+0?+1?+2a)")
		}
		h.shape, h.val = shChow, v[0]
		if h.kind == pat.AnyTile {
			h.val = 0 // ?+1?+2?+3 is any chow too
		}
		if h.kind == pat.Num && h.val > 7 {
			return bad("a chow starts at 7 at the most")
		}
	case len(es) == 1:
		return bad("a single tile is not a set: a group is a chow (123a), a pong (555a), a kong (5555a) or a pair (55a); use only: for a tile alphabet")
	default:
		return bad("a group is a chow (123a, X+0X+1X+2a), a pong (555a, XXXb, ZZZ), a kong (5555a) or a pair (55a)")
	}
	return h, nil
}

// compileHouse checks the house hands and adds them to the value table after the built-in items.
func (t *valueTable) compileHouse(r *Rules) error {
	if len(r.HouseHands) == 0 {
		return nil
	}
	ids := make([]string, 0, len(r.HouseHands))
	for id := range r.HouseHands {
		ids = append(ids, id)
	}
	// In the order they are written, then by id.
	slices.SortFunc(ids, func(a, b string) int {
		if la, lb := r.HouseHands[a].line(), r.HouseHands[b].line(); la != lb {
			return la - lb
		}
		return strings.Compare(a, b)
	})
	if len(ids) > MaxHouseHands {
		return ruleErr(fmt.Sprintf("%d house hands: at most %d", len(ids), MaxHouseHands), "house_hands")
	}
	for k, id := range ids {
		d := r.HouseHands[id]
		fail := func(msg string, path ...string) error {
			return ruleErr(msg, append([]string{"house_hands", id}, path...)...)
		}
		switch {
		case d == nil:
			return fail("empty: a house hand needs a name, a zh name, a value and a pattern or only:")
		case slices.Contains(ItemIDs[:], id):
			return fail(fmt.Sprintf("duplicate id: %s is a built-in item (change it under items:, or give the house hand an id of its own)", id))
		case !validID(id):
			return fail(fmt.Sprintf("id %q: an id is lower-case letters, digits and dashes, such as pure-straight", id))
		case strings.TrimSpace(d.Name) == "":
			return fail("missing English name", "name")
		case strings.TrimSpace(d.ZH) == "":
			return fail("missing Chinese name", "zh")
		case d.Value == nil:
			return fail("missing value: a number of faan or limit", "value")
		case *d.Value == Off || *d.Value < Limit || *d.Value > 99:
			return fail(fmt.Sprintf("value %s: expected a number of faan or limit (to drop a house hand, delete it)", *d.Value), "value")
		}
		hh := houseHand{id: id, whole: d.Whole, concealed: d.Concealed, selfDrawn: d.SelfDrawn}
		if d.Patterns != nil {
			hh.lines = make([]int, len(d.Patterns))
			copy(hh.lines, d.PatternLines)
		}
		switch d.WonOn {
		case "":
		case "pair":
			hh.wonOn = wonPair
		case "set":
			hh.wonOn = wonSet
		default:
			return fail(fmt.Sprintf("won_on %q: expected pair or set", d.WonOn), "won_on")
		}
		if strings.TrimSpace(d.Only) != "" {
			ts, err := notation.ParseTiles(d.Only)
			if err != nil {
				return fail(fmt.Sprintf("only: %v", err), "only")
			}
			for _, x := range ts {
				if !x.IsPlaying() {
					return fail(fmt.Sprintf("only: %s is not a tile of a hand", x), "only")
				}
				hh.only |= 1 << x
			}
		}
		if d.Patterns != nil && len(d.Patterns) == 0 {
			return fail("patterns: is empty: list the patterns any one of which matches", "patterns")
		}
		if strings.TrimSpace(d.Pattern) == "" && len(d.Patterns) == 0 && hh.only == 0 && !d.Concealed && !d.SelfDrawn && hh.wonOn == 0 {
			return fail("no pattern: give pattern:, patterns:, only: or a condition", "pattern")
		}
		texts, path := d.Patterns, func(j int) []string { return []string{"patterns", fmt.Sprint(j)} }
		switch {
		case d.Patterns != nil && strings.TrimSpace(d.Pattern) != "":
			return fail("pattern: and patterns: both given: write one pattern under pattern:, or the patterns any one of which matches under patterns:", "patterns")
		case len(d.Patterns) > MaxHousePatterns:
			return fail(fmt.Sprintf("%d patterns: at most %d", len(d.Patterns), MaxHousePatterns), "patterns")
		case d.Patterns == nil && strings.TrimSpace(d.Pattern) != "":
			texts, path = []string{d.Pattern}, func(int) []string { return []string{"pattern"} }
		}
		for j, text := range texts {
			p, err := compilePattern(text, d.Whole, r)
			if err != nil {
				return fail(err.Error(), path(j)...)
			}
			p.steps = p.stepBound(r.SevenPairs != Off, MaxHouseSteps)
			if t.houseSteps+p.steps > MaxHouseSteps {
				msg := fmt.Sprintf("matching this pattern can take %d steps on one reading of a hand", p.steps)
				if p.steps > MaxHouseSteps {
					msg = fmt.Sprintf("matching this pattern can take more than %d steps on one reading of a hand", MaxHouseSteps)
				} else if t.houseSteps > 0 {
					msg += fmt.Sprintf(", the house hands before it %d", t.houseSteps)
				}
				return fail(msg+fmt.Sprintf(": the house hands of a ruleset together may take %d (see mjref help limits); write fewer alternatives (|), or split the hand under patterns:", MaxHouseSteps), path(j)...)
			}
			t.houseSteps += p.steps
			hh.pats = append(hh.pats, p)
		}
		i := int(numItems) + k
		t.val[i] = *d.Value
		t.def[i] = &ItemDef{Name: d.Name, ZH: d.ZH, Value: d.Value, Replaces: d.Replaces, Source: d.Source}
		t.house = append(t.house, hh)
	}
	lookup := func(name string) int {
		if j := slices.Index(ItemIDs[:], name); j >= 0 {
			return j
		}
		if j := slices.Index(ids, name); j >= 0 {
			return int(numItems) + j
		}
		return -1
	}
	// edges adds one replaces: edge per item a list names; from(j) gives the edge for item j.
	edges := func(id, key string, i int, list []string, from func(j int) (int, int)) error {
		for n, other := range list {
			j := lookup(other)
			switch {
			case j < 0:
				return ruleErr(fmt.Sprintf("unknown item id %q: name a built-in item or a house hand", other), "house_hands", id, key, fmt.Sprint(n))
			case j == i:
				return ruleErr("a house hand cannot replace itself", "house_hands", id, key, fmt.Sprint(n))
			}
			a, b := from(j)
			t.replaces[a] |= 1 << b
			t.any = true
		}
		return nil
	}
	for k, id := range ids {
		i := int(numItems) + k
		d := r.HouseHands[id]
		if err := edges(id, "replaces", i, d.Replaces, func(j int) (int, int) { return i, j }); err != nil {
			return err
		}
		if err := edges(id, "replaced_by", i, d.ReplacedBy, func(j int) (int, int) { return j, i }); err != nil {
			return err
		}
	}
	// A cycle would drop every item on it whenever they all apply.
	for k, id := range ids {
		if cyc := t.cycleFrom(int(numItems) + k); cyc != nil {
			names := make([]string, len(cyc))
			for n, c := range cyc {
				names[n] = t.itemName(itemID(c))
			}
			return ruleErr(fmt.Sprintf("replaces: goes round in a circle (%s): say which one is paid", strings.Join(names, " → ")), "house_hands", id, "replaces")
		}
	}
	return nil
}

// validID reports whether id is written like the built-in ids: lower-case ASCII letters, digits,
// '-' and '_', starting with a letter or digit.
func validID(id string) bool {
	for i, c := range []byte(id) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case (c == '-' || c == '_') && i > 0:
		default:
			return false
		}
	}
	return id != ""
}

func (d *HouseHand) line() int {
	if d == nil {
		return 0
	}
	return d.Source.Line
}

// cycleFrom returns a path of replaces: edges from item i back to itself, or nil.
func (t *valueTable) cycleFrom(i int) []int {
	var path []int
	var seen uint64
	var walk func(j int) bool
	walk = func(j int) bool {
		path = append(path, j)
		for m := t.replaces[j]; m != 0; m &= m - 1 {
			next := trailing(m)
			if next == i {
				path = append(path, i)
				return true
			}
			if seen&(1<<next) == 0 {
				seen |= 1 << next
				if walk(next) {
					return true
				}
			}
		}
		path = path[:len(path)-1]
		return false
	}
	if walk(i) {
		return path
	}
	return nil
}

func trailing(m uint64) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}

// compilePattern reads the groups and checks that some hand of 14 tiles can hold them.
func compilePattern(text string, whole bool, r *Rules) (hpattern, error) {
	hh := hpattern{text: strings.Join(strings.Fields(text), " ")}
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return hh, errors.New("empty pattern")
	}
	var sets, pairs int
	for _, f := range fields {
		g, err := compileGroup(f)
		if err != nil {
			return hh, err
		}
		shape := g.alts[0].shape
		for _, a := range g.alts[1:] {
			if (a.shape == shPair) != (shape == shPair) {
				return hh, &pat.Error{Group: f, Msg: "alternatives must all be sets or all be pairs"}
			}
			if a.shape != shape {
				shape = 0
			}
		}
		switch shape {
		case shPair:
			hh.pairs++
		case shChow:
			hh.chows++
		case shPong:
			hh.pongs++
		case shKong:
			hh.kongs++
			hh.pongs++
		}
		if g.concealed && shape != shChow && shape != 0 {
			hh.hidden++
		}
		if g.alts[0].shape == shPair {
			pairs++
		} else {
			sets++
		}
		hh.groups = append(hh.groups, g)
	}
	tiles := 3*sets + 2*pairs
	switch {
	case tiles > 14:
		return hh, fmt.Errorf("the pattern needs %d tiles: a hand has 14 (a kong counts as three)", tiles)
	case pairs > 1 && sets > 0:
		return hh, fmt.Errorf("%d pairs beside sets: a hand is four sets and one pair, or seven pairs", pairs)
	case pairs > 1 && r.SevenPairs == Off:
		return hh, fmt.Errorf("%d pairs: only seven pairs has more than one, and this ruleset does not play it (seven_pairs: off)", pairs)
	case whole && !(sets == 4 && pairs == 1) && !(sets == 0 && pairs == 7):
		return hh, fmt.Errorf("whole: the pattern must cover the hand: four sets and a pair, or seven pairs (it has %d sets and %d pairs)", sets, pairs)
	}
	hh.groups = sameTogether(hh.groups)
	return hh, nil
}

// sameTogether orders the groups so that groups written alike follow each other, marked same, in
// the order each was first written. Which group takes which unit does not matter to a match, and
// groups alike then take their units in one order instead of every order.
func sameTogether(gs []hgroup) []hgroup {
	out := make([]hgroup, 0, len(gs))
	for i, g := range gs {
		if slices.ContainsFunc(gs[:i], func(o hgroup) bool { return o.text == g.text }) {
			continue
		}
		for j, o := range gs[i:] {
			if o.text == g.text {
				o.same = j > 0
				out = append(out, o)
			}
		}
	}
	return out
}
