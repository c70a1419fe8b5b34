package engine

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
)

// Catalog is what a front end needs to know of each family to ask it only what it takes and show
// what it answers, without naming a family itself: the fields of each use case's request the
// family reads (its takes-table, asked field by field), what it plays (waits, closest, a ledger)
// and where its score document keeps its total and items (family.Shape). The page of mjref serve
// and the page offline read it (GET /v1/catalog).
type Catalog struct {
	Rulesets []rulesets.Info `json:"rulesets"`
	Families []FamilyInfo    `json:"families"`
	// ThreePlayer are the rulesets played by three (riichi-sanma): their forms seat E, S and W
	// only, and their ledgers three players.
	ThreePlayer []string `json:"three_player,omitempty"`
}

// FamilyInfo is one family in the catalog.
type FamilyInfo struct {
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	Rulesets []string `json:"rulesets"`
	// WinKinds are what the "win" field takes, the default first.
	WinKinds []string `json:"win_kinds"`
	// Score, Settle and Ledger are the request fields each use case reads; Settle and Ledger are
	// nil where the family does not play them.
	Score  *UseInfo `json:"score"`
	Settle *UseInfo `json:"settle,omitempty"`
	Ledger *UseInfo `json:"ledger,omitempty"`
	// Waits and Closest say whether the family answers those requests.
	Waits   bool `json:"waits"`
	Closest bool `json:"closest"`
	// SettlesTable says a settlement takes every player's hand (or points), not the winner's.
	SettlesTable bool `json:"settles_table"`
	// Result is where the score document keeps what a page shows.
	Result family.Shape `json:"result"`
}

// UseInfo is the request fields a use case reads under a family, in the request's order.
type UseInfo struct {
	Fields []Field `json:"fields"`
}

// Field is one request field: its JSON name, its flag's name (how the library's own messages name
// it) and what it takes.
type Field struct {
	Name string `json:"name"`
	Flag string `json:"flag"`
	// Kind is what the field takes: "hand" (notation), "seat", "player", "players" (one or more
	// names), "win" (a win kind), "bool", "number", "tiles" (notation), "text", "seat_hands" (a
	// hand for each seat), "player_hands", "amounts" (an amount for each seat or player).
	Kind string `json:"kind"`
}

// fieldKinds are what each request field takes, by JSON name and use case ("" for every use case).
// A test checks that every field of the requests has one.
// Built on first use (a catalog, a request check), not at every start: 40-odd maps.
var fieldKinds = sync.OnceValue(func() map[string]map[family.Use]string {
	return map[string]map[family.Use]string{
		"hand":          {family.UseScore: "hand", family.UseSettle: "hand", family.UseLedger: "player_hands"},
		"hands":         {family.UseSettle: "seat_hands"},
		"seat":          {"": "seat"},
		"prevailing":    {"": "seat"},
		"win":           {"": "win"},
		"discarder":     {"": "seat", family.UseLedger: "player"},
		"last_tile":     {"": "bool"},
		"loser":         {"": "bool"},
		"riichi":        {"": "bool"},
		"double_riichi": {"": "bool"},
		"ippatsu":       {"": "bool"},
		"first_turn":    {"": "bool"},
		"dora":          {"": "tiles"},
		"ura":           {"": "tiles"},
		"honba":         {"": "number"},
		"sticks":        {"": "number"},
		"faan":          {"": "number"},
		"value":         {"": "number"},
		"limit":         {"": "bool"},
		"winner":        {"": "seat", family.UseLedger: "players"},
		"responsible":   {"": "seat", family.UseLedger: "player"},
		"drawn":         {"": "bool"},
		"wall":          {"": "bool"},
		"false_win":     {"": "seat", family.UseLedger: "player"},
		"jokerless":     {"": "bool"},
		"misnamed":      {"": "bool"},
		"card":          {"": "text"},
		"points":        {"": "amounts"},
		"totals":        {"": "amounts"},
		"mahjong":       {"": "seat"},
		"note":          {"": "text"},
		"han":           {"": "number"},
		"fu":            {"": "number"},
		"yakuman":       {"": "number"},
		"tenpai":        {"": "text"},
		"nagashi":       {"": "text"},
		"abortive":      {"": "text"},
		"kita":          {"": "number"},
	}
})

// requestFields lists the JSON fields of a request type as Fields, each with its flag's name: the
// JSON name with - for _, or the field's flag:"NAME" tag.
func requestFields(t reflect.Type, use family.Use) []Field {
	var out []Field
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" || !f.IsExported() {
			continue
		}
		flag := strings.ReplaceAll(name, "_", "-")
		if tf := f.Tag.Get("flag"); tf != "" {
			flag = tf
		}
		kinds := fieldKinds()[name]
		kind, ok := kinds[use]
		if !ok {
			kind = kinds[""]
		}
		out = append(out, Field{Name: name, Flag: flag, Kind: kind})
	}
	return out
}

// Describe is the catalog entry of the family the engine plays: what its rules take and answer.
func (e *Engine) Describe() FamilyInfo {
	r := e.rules
	f := r.Family()
	info := FamilyInfo{ID: f.ID(), Title: f.Title()}
	if n, ok := f.(family.WinNamer); ok {
		// The family's own words for a win, the word for a win on a discard first (the default).
		words := n.WinWords()
		info.WinKinds = slices.SortedFunc(maps.Keys(words), func(a, b string) int {
			da, db := words[a].Win == scoring.Discard && !words[a].LastTile, words[b].Win == scoring.Discard && !words[b].LastTile
			switch {
			case da && !db:
				return -1
			case db && !da:
				return 1
			}
			return strings.Compare(a, b)
		})
	} else {
		info.WinKinds = scoring.WinKinds()
	}
	takes := func(use family.Use, t reflect.Type, keep func(Field) (decided, ok bool)) *UseInfo {
		u := &UseInfo{Fields: []Field{}}
		for _, fd := range requestFields(t, use) {
			if keep != nil {
				if decided, ok := keep(fd); decided {
					if ok {
						u.Fields = append(u.Fields, fd)
					}
					continue
				}
			}
			if ok, _ := r.Takes(use, fd.Flag); ok {
				u.Fields = append(u.Fields, fd)
			}
		}
		return u
	}
	info.Score = takes(family.UseScore, reflect.TypeFor[ScoreRequest](), nil)
	// The situation fields the family declares of its own (riichi's riichi, dora, honba).
	if st, ok := f.(family.SituationTaker); ok {
		kinds := map[family.FieldKind]string{family.FieldFlag: "bool", family.FieldCount: "number", family.FieldTiles: "tiles"}
		for _, sf := range st.SituationFields() {
			info.Score.Fields = append(info.Score.Fields, Field{Name: sf.JSONName(), Flag: sf.Name, Kind: kinds[sf.Kind]})
		}
	}
	_, table := r.(family.TableSettler)
	info.SettlesTable = table
	_, round := r.(family.RoundSettler)
	settle := takes(family.UseSettle, reflect.TypeFor[SettleRequest](), func(fd Field) (bool, bool) {
		// The winner's hand is the argument, not a flag (the flag "hand" is the four hands): a
		// table settler takes the four instead.
		if fd.Name == "hand" {
			return true, !table
		}
		// The table's counters (han, fu, honba ...) only a round settler reads.
		if slices.Contains(roundFields, fd.Flag) {
			return true, round
		}
		return false, false
	})
	if len(settle.Fields) > 0 && (len(settle.Fields) > 1 || settle.Fields[0].Name != "hand") {
		info.Settle = settle
	}
	if ledger := takes(family.UseLedger, reflect.TypeFor[LedgerRequest](), nil); len(ledger.Fields) > 0 {
		for i, fd := range ledger.Fields {
			if fd.Name == "hand" && !table {
				ledger.Fields[i].Kind = "hand" // the winner's hand; a table settler's are each player's
			}
		}
		info.Ledger = ledger
	}
	_, info.Waits = r.(family.Waiter)
	_, info.Closest = r.(family.CardPlayer)
	if s, ok := f.(family.Shaped); ok {
		info.Result = s.Shape()
	}
	return info
}

// BuiltinCatalog is the catalog of the built-in rulesets: each family described as its first
// built-in ruleset binds it.
func BuiltinCatalog() (*Catalog, error) {
	c := &Catalog{Rulesets: rulesets.Builtins(), Families: []FamilyInfo{}}
	byID := map[string]int{}
	for _, info := range c.Rulesets {
		if e, err := Open(info.Name, Options{Files: rulesets.NoFiles}); err == nil {
			if k, ok := e.rules.(Scorekeeper); ok && k.LedgerFlow().Players == 3 {
				c.ThreePlayer = append(c.ThreePlayer, info.Name)
			}
		}
		if i, ok := byID[info.Family]; ok {
			c.Families[i].Rulesets = append(c.Families[i].Rulesets, info.Name)
			continue
		}
		e, err := Open(info.Name, Options{Files: rulesets.NoFiles})
		if err != nil {
			return nil, err
		}
		d := e.Describe()
		d.Rulesets = []string{info.Name}
		byID[info.Family] = len(c.Families)
		c.Families = append(c.Families, d)
	}
	return c, nil
}

// HasFieldKind says whether the JSON field tagged tag ("hand,omitempty") has a kind in the catalog.
func HasFieldKind(tag string) bool {
	name, _, _ := strings.Cut(tag, ",")
	_, ok := fieldKinds()[name]
	return ok
}
