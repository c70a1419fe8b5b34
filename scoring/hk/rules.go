package hk

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mjref/mjref/scoring"
)

// Faan is the value of an item in a ruleset: a number of faan, Limit (the hand is paid at the cap) or
// Off (the item is not played). In YAML it is written 3, limit or off.
type Faan int

// Special item values.
const (
	Limit Faan = -1
	Off   Faan = -2
)

// String returns "3", "limit" or "off".
func (f Faan) String() string {
	switch f {
	case Limit:
		return "limit"
	case Off:
		return "off"
	}
	return strconv.Itoa(int(f))
}

// MarshalText implements encoding.TextMarshaler.
func (f Faan) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler: a whole number of faan from 0 to 99, "limit" or
// "off" (also "false" and "no").
func (f *Faan) UnmarshalText(b []byte) error {
	s := strings.ToLower(strings.TrimSpace(string(b)))
	switch s {
	case "limit":
		*f = Limit
		return nil
	case "off", "false", "no", "none":
		*f = Off
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 99 {
		return fmt.Errorf("faan value %q: expected a whole number from 0 to 99, limit or off", string(b))
	}
	*f = Faan(n)
	return nil
}

// ItemDef is one faan item of a ruleset: its names and its value.
type ItemDef struct {
	Name string `yaml:"name"`
	ZH   string `yaml:"zh"`
	// Value is the item's faan. It is required for every item except seven-pairs, whose value is the
	// seven_pairs option.
	Value *Faan `yaml:"value,omitempty"`
	// Replaces lists the items this one is paid instead of: when both apply to a reading, only this
	// one scores (big-dragons replaces dragon-pong and small-dragons). A table may add its own.
	Replaces []string `yaml:"replaces,omitempty"`
	// Source is where the item is defined; the ruleset loader fills it in.
	Source scoring.Source `yaml:"-"`
}

// Rules is the hk: section of a ruleset. Every item id of the Hong Kong table must be present in
// Items; the options choose between the readings tables disagree on. Call Validate after changing
// Items: it also prepares the value table Score reads.
type Rules struct {
	// MinFaan is the minimum faan to win (三番起糊 is 3).
	MinFaan int `yaml:"min_faan"`
	// Cap is the most a hand is worth (爆棚); 0 means no cap, and a limit hand is then worth 13.
	Cap int `yaml:"cap"`
	// BonusCountsTowardMin says whether seat-flower, flower-set and no-flowers count toward MinFaan.
	BonusCountsTowardMin bool `yaml:"bonus_counts_toward_min"`
	// Flowers says whether flowers and seasons are played (no-flowers, seat-flower, flower-set,
	// eight-flowers and flower-replacement score only then).
	Flowers bool `yaml:"flowers"`
	// SevenPairs is off, or the value of a seven-pairs hand.
	SevenPairs Faan `yaml:"seven_pairs"`
	// SevenPairsRepeated says whether four of a kind may count as two of the seven pairs (a luxury
	// seven pairs, 豪華七對); it needs SevenPairs.
	SevenPairsRepeated bool `yaml:"seven_pairs_repeated"`
	// CommonHandHonourPair says whether common-hand allows a pair of honours.
	CommonHandHonourPair bool `yaml:"common_hand_honour_pair"`
	// MixedOrphansWithAllPongs says whether mixed-orphans is added on top of all-pongs (true) or
	// replaces it (false, when mixed-orphans is priced as the whole hand).
	MixedOrphansWithAllPongs bool `yaml:"mixed_orphans_with_all_pongs"`
	// SmallWindsWithWindPongs says whether small-winds still lets the seat-wind and prevailing-wind
	// pongs score.
	SmallWindsWithWindPongs bool `yaml:"small_winds_with_wind_pongs"`
	// FlowerSetReplacesSeatFlower says whether a complete set of flowers or seasons replaces that
	// set's seat-flower (true: 2) or adds to it (false: 3).
	FlowerSetReplacesSeatFlower bool `yaml:"flower_set_replaces_seat_flower"`
	// ConcealedKongKeepsConcealed says whether a hand whose only melds are concealed kongs still
	// scores concealed-hand.
	ConcealedKongKeepsConcealed bool `yaml:"concealed_kong_keeps_concealed"`
	// ConcealedHandWithFlowers says whether concealed-hand scores at a table that plays flowers.
	ConcealedHandWithFlowers bool `yaml:"concealed_hand_with_flowers"`
	// FlowerReplacementAsKong says whether a win on a flower's replacement tile scores kong-replacement
	// (槓上開花 counts flower replacements) instead of flower-replacement.
	FlowerReplacementAsKong bool `yaml:"flower_replacement_as_kong"`
	// EightFlowersFlat says whether all eight bonus tiles are always paid as eight-flowers, even beside
	// a complete hand worth more (false: the hand is paid as whichever is worth more).
	EightFlowersFlat bool `yaml:"eight_flowers_flat"`
	// FourConcealedPongsOnPairDiscard says whether four-concealed-pongs scores when a discard completes
	// only the pair (true), or only when the hand is self-drawn (false).
	FourConcealedPongsOnPairDiscard bool `yaml:"four_concealed_pongs_on_pair_discard"`
	// Items maps each stable item id to its names and value.
	Items map[string]*ItemDef `yaml:"items"`
	// HouseHands are the table's own hands, by id (see HouseHand).
	HouseHands map[string]*HouseHand `yaml:"house_hands,omitempty"`
	// Source is where the section is defined; the ruleset loader fills it in.
	Source scoring.Source `yaml:"-"`

	table    *valueTable
	examples []HouseExample
}

// item ids, in the order results list them.
type itemID uint8

const (
	idChicken itemID = iota
	idCommon
	idAllPongs
	idMixedSuit
	idAllOneSuit
	idMixedOrphans
	idSevenPairs
	idDragonPong
	idSeatWind
	idPrevailingWind
	idSmallDragons
	idBigDragons
	idSmallWinds
	idBigWinds
	idAllHonours
	idAllTerminals
	idNineGates
	idFourConcealed
	idFourKongs
	idThirteenOrphans
	idSelfDraw
	idConcealedHand
	idKongReplacement
	idKongOnKong
	idFlowerReplacement
	idRobbingKong
	idLastDraw
	idLastDiscard
	idHeavenly
	idEarthly
	idSeatFlower
	idFlowerSet
	idNoFlowers
	idEightFlowers
	idSevenFlowers
	idHuman
	numItems
)

// ItemIDs lists every item id of the Hong Kong table, in the order results list them.
var ItemIDs = [...]string{
	"chicken-hand", "common-hand", "all-pongs", "mixed-one-suit", "all-one-suit", "mixed-orphans",
	"seven-pairs", "dragon-pong", "seat-wind", "prevailing-wind", "small-dragons", "big-dragons",
	"small-winds", "big-winds", "all-honours", "all-terminals", "nine-gates", "four-concealed-pongs",
	"four-kongs", "thirteen-orphans", "self-draw", "concealed-hand", "kong-replacement", "kong-on-kong",
	"flower-replacement", "robbing-kong", "last-tile-draw", "last-tile-discard", "heavenly", "earthly",
	"seat-flower", "flower-set", "no-flowers", "eight-flowers", "seven-flowers", "human-hand",
}

// ItemIDs and the item constants must match one for one (a compile error otherwise).
const (
	_ = uint(len(ItemIDs)) - uint(numItems)
	_ = uint(numItems) - uint(len(ItemIDs))
)

// perUnit are the items paid once per set or tile: a limit value makes no sense for them.
var perUnit = [...]itemID{idDragonPong, idSeatWind, idPrevailingWind, idSeatFlower, idFlowerSet}

// isBonusItem reports whether an item comes from bonus tiles (see BonusCountsTowardMin).
func isBonusItem(id itemID) bool {
	return id == idSeatFlower || id == idFlowerSet || id == idNoFlowers
}

// valueTable is Items resolved by id, so scoring reads an array instead of a map.
type valueTable struct {
	val [maxItems]Faan
	def [maxItems]*ItemDef
	// replaces[i] has bit j when item i is paid instead of item j; any says whether one is set.
	replaces [maxItems]uint64
	any      bool
	// house are the ruleset's house hands, items numItems and on.
	house []houseHand
	// houseSteps is the most matching steps the house hands take together on one reading.
	houseSteps int
	// below[n] is the reason a hand of n faan is short of minFaan, the minimum compiled in;
	// belowBonus[n] the reason when it is short without its bonus tiles.
	minFaan           int
	below, belowBonus []string
}

// belowReason is why a hand that counts n faan towards the minimum min is short of it.
func belowReason(n, min int, withoutBonus bool) string {
	if withoutBonus {
		return strconv.Itoa(n) + " faan without bonus tiles, minimum " + strconv.Itoa(min)
	}
	return strconv.Itoa(n) + " faan, minimum " + strconv.Itoa(min) // without fmt: most random hands fall short
}

// reason is belowReason from the table when it holds it: built once, not for every hand.
func (t *valueTable) reason(n, min int, withoutBonus bool) string {
	if min == t.minFaan && n >= 0 && n < len(t.below) {
		if withoutBonus {
			return t.belowBonus[n]
		}
		return t.below[n]
	}
	return belowReason(n, min, withoutBonus)
}

// Validate checks the section and prepares it for Score. Errors are *scoring.RuleError values whose
// Path is the YAML key path below hk:.
func (r *Rules) Validate() error {
	t, err := r.compile()
	if err != nil {
		return err
	}
	r.table = t
	if r.examples, err = r.houseExamples(t); err != nil {
		r.table = nil
		return err
	}
	return nil
}

func ruleErr(msg string, path ...string) error {
	return &scoring.RuleError{Path: path, Msg: msg}
}

func (r *Rules) compile() (*valueTable, error) {
	if r.MinFaan < 0 || r.MinFaan > 99 {
		return nil, ruleErr(fmt.Sprintf("minimum faan %d: expected 0 to 99", r.MinFaan), "min_faan")
	}
	if r.Cap < 0 || r.Cap > 99 {
		return nil, ruleErr(fmt.Sprintf("cap %d: expected 0 (no cap) to 99", r.Cap), "cap")
	}
	if r.Cap > 0 && r.MinFaan > r.Cap {
		return nil, ruleErr(fmt.Sprintf("minimum faan %d is above the cap %d: no hand could win", r.MinFaan, r.Cap), "min_faan")
	}
	if r.SevenPairsRepeated && r.SevenPairs == Off {
		return nil, ruleErr("seven_pairs_repeated needs seven pairs: seven_pairs is off", "seven_pairs_repeated")
	}
	if r.SevenPairs < Off || r.SevenPairs > 99 {
		return nil, ruleErr(fmt.Sprintf("seven_pairs %d: expected off or a number of faan", r.SevenPairs), "seven_pairs")
	}
	if r.Items == nil {
		return nil, ruleErr("missing: every Hong Kong item needs a name, a zh name and a value", "items")
	}
	keys := make([]string, 0, len(r.Items))
	for k := range r.Items {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(ItemIDs[:], k) {
			return nil, ruleErr(fmt.Sprintf("unknown item id %q: the Hong Kong items are %s", k, strings.Join(ItemIDs[:], ", ")), "items", k)
		}
	}
	t := &valueTable{}
	for i, id := range ItemIDs {
		d := r.Items[id]
		if d == nil {
			return nil, ruleErr(fmt.Sprintf("item %q is missing: every Hong Kong item needs a name, a zh name and a value", id), "items")
		}
		if strings.TrimSpace(d.Name) == "" {
			return nil, ruleErr("missing English name", "items", id, "name")
		}
		if strings.TrimSpace(d.ZH) == "" {
			return nil, ruleErr("missing Chinese name", "items", id, "zh")
		}
		t.def[i] = d
		if itemID(i) == idSevenPairs {
			if d.Value != nil {
				return nil, ruleErr("seven-pairs takes its value from the seven_pairs option (off or a number): set that instead", "items", id, "value")
			}
			t.val[i] = r.SevenPairs
			continue
		}
		if d.Value == nil {
			return nil, ruleErr("missing value: a number of faan, limit or off", "items", id, "value")
		}
		v := *d.Value
		if v < Off || v > 99 {
			return nil, ruleErr(fmt.Sprintf("value %d: expected a number of faan, limit or off", v), "items", id, "value")
		}
		if v == Limit && slices.Contains(perUnit[:], itemID(i)) {
			return nil, ruleErr(id+" is paid per set or tile: it cannot be a limit", "items", id, "value")
		}
		t.val[i] = v
	}
	for i, id := range ItemIDs {
		for k, other := range t.def[i].Replaces {
			j := slices.Index(ItemIDs[:], other)
			switch {
			case j < 0:
				return nil, ruleErr(fmt.Sprintf("unknown item id %q", other), "items", id, "replaces", fmt.Sprint(k))
			case j == i:
				return nil, ruleErr("an item cannot replace itself", "items", id, "replaces", fmt.Sprint(k))
			case slices.Contains(t.def[j].Replaces, id):
				return nil, ruleErr(fmt.Sprintf("%s and %s replace each other: say which one is paid", id, other), "items", id, "replaces", fmt.Sprint(k))
			}
			t.replaces[i] |= 1 << j
			t.any = true
		}
	}
	// The options that say one item is paid instead of another work through the same lists, so the
	// scorer has a single way to suppress an item.
	if !r.MixedOrphansWithAllPongs {
		t.replaces[idMixedOrphans] |= 1 << idAllPongs
		t.any = true
	}
	if !r.SmallWindsWithWindPongs {
		t.replaces[idSmallWinds] |= 1<<idSeatWind | 1<<idPrevailingWind
		t.any = true
	}
	if err := t.compileHouse(r); err != nil {
		return nil, err
	}
	t.minFaan = r.MinFaan
	for n := range r.MinFaan {
		t.below = append(t.below, belowReason(n, r.MinFaan, false))
		t.belowBonus = append(t.belowBonus, belowReason(n, r.MinFaan, true))
	}
	return t, nil
}

// Plays reports whether the item id is played (its value is not off).
func (r *Rules) Plays(id string) bool {
	d := r.Items[id]
	return d != nil && d.Value != nil && *d.Value != Off
}

// LimitValue returns what a limit hand is worth: the cap, or 13 when there is none.
func (r *Rules) LimitValue() int {
	if r.Cap > 0 {
		return r.Cap
	}
	return 13
}

// Bounds returns the range a Hong Kong win is paid in under r: at least MinFaan, at most Cap, a limit
// hand at LimitValue. Score totals a hand with it and the settlement pays with it, so what a hand
// scores and what it is paid at cannot disagree.
func (r *Rules) Bounds() scoring.Bounds {
	return scoring.Bounds{Unit: "faan", Min: r.MinFaan, Cap: r.Cap, Limit: r.LimitValue()}
}
