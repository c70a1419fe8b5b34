package riichi

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Shape is the overall form of a reading.
type Shape uint8

// Shapes.
const (
	Standard   Shape = iota + 1 // four sets and a pair
	SevenPairs                  // chiitoitsu
	Orphans                     // kokushi musou
)

// String returns the shape's id.
func (s Shape) String() string {
	switch s {
	case Standard:
		return "standard"
	case SevenPairs:
		return "seven_pairs"
	case Orphans:
		return "thirteen_orphans"
	}
	return ""
}

// GroupKind is the kind of one group of a reading.
type GroupKind uint8

// Group kinds.
const (
	Pair GroupKind = iota + 1
	Sequence
	Triplet
	Quad
)

// Group is one group of a reading. Open is true for a called meld and for a triplet completed by ron.
type Group struct {
	Kind GroupKind
	Tile Tile // the lowest tile
	Open bool
	Meld bool // declared (chi, pon, kan) rather than concealed
}

// String writes the group in notation: 234m, 555z, [7777p]. The strings of the groups a reading
// can have are made once, on first use, and shared.
func (g Group) String() string {
	if g.Kind >= Pair && g.Kind <= Quad && g.Tile.Valid() {
		m := 0
		if g.Meld {
			m = 1
		}
		return groupStrings()[g.Kind-Pair][g.Tile][m]
	}
	return g.format()
}

// groupStrings are format's strings of every group kind, tile and meld or not.
var groupStrings = sync.OnceValue(func() *[Quad][NumKinds][2]string {
	t := new([Quad][NumKinds][2]string)
	for k := range t {
		for tile := range t[k] {
			for m := range t[k][tile] {
				t[k][tile][m] = Group{Kind: GroupKind(k) + Pair, Tile: Tile(tile), Meld: m == 1}.format()
			}
		}
	}
	return t
})

func (g Group) format() string {
	var b []byte
	if g.Meld {
		b = append(b, '[')
	}
	n := 3
	switch g.Kind {
	case Pair:
		n = 2
	case Quad:
		n = 4
	}
	if g.Kind == Sequence {
		b = append(b, byte('0'+g.Tile.Rank()), byte('1'+g.Tile.Rank()), byte('2'+g.Tile.Rank()))
	} else {
		for i := 0; i < n; i++ {
			b = append(b, byte('0'+g.Tile.Rank()))
		}
	}
	b = append(b, "mpsz"[g.Tile.Suit()])
	if g.Meld {
		b = append(b, ']')
	}
	return string(b)
}

// Wait is the shape the winning tile completed.
type Wait uint8

// Waits.
const (
	Ryanmen  Wait = iota + 1 // two-sided sequence wait
	Kanchan                  // closed (middle) wait
	Penchan                  // edge wait (12 for 3, 89 for 7)
	Shanpon                  // two pairs, one became a triplet
	Tanki                    // pair wait
	Thirteen                 // thirteen orphans waiting on all 13
)

var waitNames = [...]string{"", "ryanmen", "kanchan", "penchan", "shanpon", "tanki", "thirteen_sided"}

// String returns the wait's id.
func (w Wait) String() string {
	if int(w) < len(waitNames) {
		return waitNames[w]
	}
	return ""
}

// FuKind is one source of fu.
type FuKind uint8

// Fu kinds.
const (
	FuBase       FuKind = iota + 1 // 20, every standard hand (futei)
	FuMenzenRon                    // 10, a closed hand winning on a discard
	FuTsumo                        // 2, a self-draw (not with pinfu)
	FuPinfuTsumo                   // 20 flat: pinfu by self-draw
	FuChiitoitsu                   // 25 flat: seven pairs
	FuOpenPinfu                    // +10: an open hand of 20 fu is raised to 30
	FuSet                          // a triplet or quad: 2 open simple, x2 terminal or honour, x2 concealed, x4 quad
	FuWait                         // 2, kanchan, penchan or tanki
	FuPair                         // a pair of dragons or a seat or prevailing wind
)

var fuNames = [...]string{"", "base", "menzen_ron", "tsumo", "pinfu_tsumo", "chiitoitsu", "open_pinfu", "set", "wait", "pair"}

// String returns the fu kind's id.
func (k FuKind) String() string {
	if int(k) < len(fuNames) {
		return fuNames[k]
	}
	return ""
}

// FuItem is one line of a fu count.
type FuItem struct {
	Kind  FuKind
	Fu    int
	Group Group // the set or pair it is for (FuSet, FuPair, FuWait)
}

// YakuItem is one yaku (or dora item) of a result and the han it gives; for a yakuman, Han is 0 and Yakuman
// its units.
type YakuItem struct {
	Yaku    Yaku
	Han     int
	Yakuman int
}

// Limit is the named limit a hand reached.
type Limit uint8

// Limits.
const (
	NoLimit Limit = iota
	Mangan
	Haneman
	Baiman
	Sanbaiman
	KazoeYakuman // 13 han or more from yaku and dora
	YakumanLimit // one or more yakuman
)

var limitNames = [...]string{"", "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman"}

// String returns the limit's id.
func (l Limit) String() string {
	if int(l) < len(limitNames) {
		return limitNames[l]
	}
	return ""
}

// Payment is what a win is worth before honba and riichi sticks.
type Payment struct {
	Limit Limit
	Basic int // basic points: fu x 2^(han+2), or the limit's
	// Ron is what the discarder pays.
	Ron int
	// TsumoDealer is what the dealer pays on a non-dealer's self-draw (0 when the winner is the dealer).
	TsumoDealer int
	// TsumoOther is what each non-dealer pays on a self-draw.
	TsumoOther int
	// TsumoTotal is what the winner receives on a self-draw.
	TsumoTotal int
}

const (
	maxGroups   = 7
	maxYakuItem = 20
	maxFuItem   = 12
)

// Result is one scored reading of a hand.
type Result struct {
	Shape     Shape
	Groups    [maxGroups]Group // standard: the pair, then the four sets (melds included)
	NumGroups int
	WinGroup  int // index in Groups of the group the winning tile completed
	Wait      Wait

	Items    [maxYakuItem]YakuItem
	NumItems int

	YakuHan int // han from yaku alone
	Dora    int
	Ura     int
	Aka     int
	Han     int // han in all, dora included (0 for a yakuman)
	Yakuman int // yakuman units (0 if none)

	RawFu  int // fu before rounding
	Fu     int // fu rounded up to 10 (25 for seven pairs); 0 for a yakuman
	FuList [maxFuItem]FuItem
	NumFu  int

	Dealer bool
	Tsumo  bool
	Pay    Payment
}

// GroupList returns the reading's groups.
func (r *Result) GroupList() []Group { return r.Groups[:r.NumGroups] }

// YakuList returns the yaku and dora items.
func (r *Result) YakuList() []YakuItem { return r.Items[:r.NumItems] }

// FuItems returns the fu items.
func (r *Result) FuItems() []FuItem { return r.FuList[:r.NumFu] }

// Points returns what the winner receives: the ron payment or the self-draw total.
func (r *Result) Points() int {
	if r.Tsumo {
		return r.Pay.TsumoTotal
	}
	return r.Pay.Ron
}

// Has reports whether the result scores y.
func (r *Result) Has(y Yaku) bool {
	for i := 0; i < r.NumItems; i++ {
		if r.Items[i].Yaku == y {
			return true
		}
	}
	return false
}

func (r *Result) add(y Yaku, han int) {
	if r.NumItems < maxYakuItem {
		r.Items[r.NumItems] = YakuItem{Yaku: y, Han: han}
		r.NumItems++
	}
}

func (r *Result) addYakuman(y Yaku, units int) {
	if r.NumItems < maxYakuItem {
		r.Items[r.NumItems] = YakuItem{Yaku: y, Yakuman: units}
		r.NumItems++
	}
}

func (r *Result) addFu(k FuKind, fu int, g Group) {
	if r.NumFu < maxFuItem {
		r.FuList[r.NumFu] = FuItem{Kind: k, Fu: fu, Group: g}
		r.NumFu++
	}
	r.RawFu += fu
}

// Summary returns "30 fu 3 han: 3900 ron, 1000/2000 tsumo" (for a dealer "... 2000 all").
func (r *Result) Summary() string {
	return PaymentSummary(r.Han, r.Fu, r.Yakuman, r.Pay, r.Dealer)
}

// PaymentSummary writes han, fu and a payment as one line.
func PaymentSummary(han, fu, yakuman int, p Payment, dealer bool) string {
	var b strings.Builder
	switch {
	case yakuman > 1:
		fmt.Fprintf(&b, "%dx yakuman", yakuman)
	case yakuman == 1:
		b.WriteString("yakuman")
	default:
		if fu > 0 {
			fmt.Fprintf(&b, "%d fu ", fu)
		}
		fmt.Fprintf(&b, "%d han", han)
		if p.Limit != NoLimit {
			b.WriteString(" " + p.Limit.String())
		}
	}
	fmt.Fprintf(&b, ": %s ron, ", strconv.Itoa(p.Ron))
	if dealer {
		fmt.Fprintf(&b, "%d all tsumo", p.TsumoOther)
	} else {
		fmt.Fprintf(&b, "%d/%d tsumo", p.TsumoOther, p.TsumoDealer)
	}
	return b.String()
}

// String itemises the result: "3 han 20 fu = riichi 1 + menzen_tsumo 1 + pinfu 1".
func (r *Result) String() string {
	var b strings.Builder
	if r.Yakuman > 0 {
		fmt.Fprintf(&b, "%d yakuman =", r.Yakuman)
	} else {
		fmt.Fprintf(&b, "%d han %d fu =", r.Han, r.Fu)
	}
	for i, it := range r.YakuList() {
		if i > 0 {
			b.WriteString(" +")
		}
		if it.Yakuman > 0 {
			fmt.Fprintf(&b, " %s x%d", it.Yaku.ID(), it.Yakuman)
		} else {
			fmt.Fprintf(&b, " %s %d", it.Yaku.ID(), it.Han)
		}
	}
	return b.String()
}
