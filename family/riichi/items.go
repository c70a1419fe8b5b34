package riichi

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mjref/mjref/scoring"
	rscore "github.com/mjref/mjref/scoring/riichi"
)

// ItemDef is one yaku, yakuman, dora or fu item as a ruleset writes it: what it is worth, and
// where (the line a score cites). The scorer's values are fixed (package scoring/riichi): a
// ruleset lists them so that every item a score shows has a ruleset line, and a value it writes
// otherwise is refused rather than ignored.
type ItemDef struct {
	// Han is a yaku's han with a closed hand, Open with an open one (0: closed only).
	Han  int `yaml:"han,omitempty" json:"han,omitempty"`
	Open int `yaml:"open,omitempty" json:"open,omitempty"`
	// Yakuman is a yakuman's units (2: a double yakuman hand, counted once without
	// double_yakuman).
	Yakuman int `yaml:"yakuman,omitempty" json:"yakuman,omitempty"`
	// Fu is a fu item's fu: for set, an open triplet of simples (doubled for terminals and
	// honours, for a concealed set, and four times for a kan); for pair, a single yakuhai pair.
	Fu int `yaml:"fu,omitempty" json:"fu,omitempty"`
	// Source is where the item is written; the ruleset loader fills it in.
	Source scoring.Source `yaml:"-" json:"source"`
}

// fuValues are the scorer's fu items by id and their fu.
var fuValues = map[string]int{
	rscore.FuBase.String(): 20, rscore.FuMenzenRon.String(): 10, rscore.FuTsumo.String(): 2, rscore.FuPinfuTsumo.String(): 20,
	rscore.FuChiitoitsu.String(): 25, rscore.FuOpenPinfu.String(): 10, rscore.FuSet.String(): 2, rscore.FuWait.String(): 2,
	rscore.FuPair.String(): 2,
}

// validateItems checks the section's yaku and fu lists against the scorer: every item listed,
// none unknown, each worth what the scorer scores.
func (s *Section) validateItems() error {
	bad := func(key, id, msg string) error {
		return &scoring.RuleError{Path: []string{key, id}, Msg: key + "." + id + ": " + msg}
	}
	for _, y := range rscore.AllYaku() {
		info := y.Info()
		d, ok := s.Yaku[info.ID]
		if !ok {
			return &scoring.RuleError{Path: []string{"yaku"}, Msg: fmt.Sprintf("yaku: %s (%s, %s) is not listed: every yaku the scorer knows has its line", info.ID, info.Name, info.Japanese)}
		}
		want := ItemDef{Han: info.Closed, Open: info.Open, Yakuman: info.Yakuman, Source: d.Source}
		if d != want {
			return bad("yaku", info.ID, fmt.Sprintf("written %s, and mjref scores it %s: a table that scores it otherwise is not played yet", d.worth(), want.worth()))
		}
	}
	for id := range s.Yaku {
		if rscore.YakuByID(id) == rscore.NoYaku {
			return bad("yaku", id, "no such yaku: expected one of "+strings.Join(yakuIDs(), ", "))
		}
	}
	for id, fu := range fuValues {
		d, ok := s.Fu[id]
		if !ok {
			return &scoring.RuleError{Path: []string{"fu"}, Msg: fmt.Sprintf("fu: %s is not listed: every fu item the scorer knows has its line", id)}
		}
		if d.Fu != fu || d.Han != 0 || d.Open != 0 || d.Yakuman != 0 {
			return bad("fu", id, fmt.Sprintf("written %s, and mjref scores it fu: %d", d.worth(), fu))
		}
	}
	for id := range s.Fu {
		if _, ok := fuValues[id]; !ok {
			ids := make([]string, 0, len(fuValues))
			for k := range fuValues {
				ids = append(ids, k)
			}
			slices.Sort(ids)
			return bad("fu", id, "no such fu item: expected one of "+strings.Join(ids, ", "))
		}
	}
	return nil
}

func (d ItemDef) worth() string {
	var parts []string
	for _, f := range []struct {
		k string
		v int
	}{{"han", d.Han}, {"open", d.Open}, {"yakuman", d.Yakuman}, {"fu", d.Fu}} {
		if f.v != 0 {
			parts = append(parts, fmt.Sprintf("%s: %d", f.k, f.v))
		}
	}
	if len(parts) == 0 {
		return "{}"
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func yakuIDs() []string {
	var ids []string
	for _, y := range rscore.AllYaku() {
		ids = append(ids, y.ID())
	}
	return ids
}
