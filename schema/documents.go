package schema

import (
	amfamily "github.com/mjref/mjref/family/american"
	"github.com/mjref/mjref/internal/yamljson"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/american"
	"github.com/mjref/mjref/scoring/hk"
	"go.yaml.in/yaml/v3"
)

// The documents of the commands that build them from library values directly (parse, card, rules,
// version, ledger chart, a batch's bad line): one type each, which the command line and the server
// both write, and which schema/internal/gen describes.

// Parse is the JSON shape of a parsed hand.
type Parse struct {
	// InputLine is the line of a batch the hand was read from, as in score, waits and closest.
	InputLine int               `json:"input_line,omitempty"`
	Canonical string            `json:"canonical"`
	Concealed []notation.Tile   `json:"concealed"`
	BySuit    map[string]string `json:"by_suit"`
	Melds     []ParseMeld       `json:"melds"`
	Bonus     []string          `json:"bonus"`
	WinTile   *notation.Tile    `json:"win_tile"`
	Tiles     int               `json:"tiles"`
	// ZeroIsWhite says the canonical form writes the white dragon as 0, as American cards do.
	ZeroIsWhite bool `json:"zero_is_white,omitempty"`
}

type ParseMeld struct {
	Notation  string          `json:"notation"`
	Kind      string          `json:"kind"`
	Tiles     []notation.Tile `json:"tiles"`
	Concealed bool            `json:"concealed"`
	From      string          `json:"from,omitempty"`
}

// NewParse is the view of a hand read with opt: under American rules the canonical form
// writes the white dragon as 0.
func NewParse(h notation.Hand, opt notation.Options) Parse {
	v := Parse{
		Canonical:   notation.FormatWith(h, opt),
		ZeroIsWhite: opt.ZeroIsWhite && h.Concealed[notation.White] > 0,
		Concealed:   h.Concealed.Tiles(),
		BySuit:      map[string]string{},
		Melds:       []ParseMeld{},
		Bonus:       []string{},
		Tiles:       h.Count(opt),
	}
	for _, t := range v.Concealed {
		name := t.Suit().String()
		v.BySuit[name] += t.String()
	}
	for s, ts := range v.BySuit {
		parsed, _ := notation.ParseTiles(ts)
		v.BySuit[s] = notation.FormatTiles(parsed)
	}
	for _, m := range h.Melds {
		mv := ParseMeld{Notation: m.String(), Kind: m.Kind.String(), Tiles: m.Tiles(), Concealed: m.Concealed}
		if m.From != notation.NoSeat {
			mv.From = m.From.String()
		}
		v.Melds = append(v.Melds, mv)
	}
	for _, b := range h.Bonus {
		v.Bonus = append(v.Bonus, b.String())
	}
	if h.Win != notation.NoTile {
		w := h.Win
		v.WinTile = &w
	}
	return v
}

// CardList is the JSON of card list: {"schema_version": 1, "cards": [...]}.
type CardList struct {
	Cards []amfamily.CardInfo `json:"cards"`
}

// CardLine is one line of a card in 'card show'.
type CardLine struct {
	ID             string         `json:"id"`
	Section        string         `json:"section"`
	Pattern        []string       `json:"pattern"`
	Value          int            `json:"value"`
	Concealed      bool           `json:"concealed"`
	JokerlessBonus bool           `json:"jokerless_bonus"`
	X              []int          `json:"x,omitempty"`
	Y              []int          `json:"y,omitempty"`
	Suits          []int          `json:"suits,omitempty"`
	Relative       bool           `json:"relative,omitempty"`
	Note           string         `json:"note,omitempty"`
	Hands          int            `json:"hands"`
	Source         scoring.Source `json:"source"`
}

// CardShow is a whole card in 'card show'.
type CardShow struct {
	Card  string     `json:"card"` // the name or file it was loaded from
	Name  string     `json:"name"`
	Year  int        `json:"year,omitempty"`
	Lines []CardLine `json:"lines"`
	// Warnings are the lines left out of the card (not shown) and its repeated alternatives.
	Warnings []scoring.Warning `json:"warnings,omitempty"`
}

// CardCheck is what 'card check' reports for a card that loads.
type CardCheck struct {
	File  string              `json:"file"`
	Name  string              `json:"name"`
	Year  int                 `json:"year,omitempty"`
	OK    bool                `json:"ok"`
	Lines []american.LineInfo `json:"lines"`
	Hands int                 `json:"hands"` // concrete hands of the whole card
	// Warnings are the card's repeated alternatives, ignored (a line left out fails the check).
	Warnings []scoring.Warning `json:"warnings,omitempty"`
}

// Chart is what ledger chart writes with -o json|jsonl|yaml: the running totals it draws, each
// player's after every hand they sat in, and the file it drew them into (with --out).
type Chart struct {
	Ledger string        `json:"ledger"`
	Out    string        `json:"out,omitempty"`    // the picture written, with --out
	Format string        `json:"format,omitempty"` // svg or png, with --out
	Hands  int           `json:"hands"`
	Series []ChartSeries `json:"series"` // one per player, in the order they first sat down
}

// ChartSeries is one player's line of the chart.
type ChartSeries struct {
	Player string       `json:"player"`
	Points []ChartPoint `json:"points"`
}

// ChartPoint is a player's running total after one hand.
type ChartPoint struct {
	Hand  int           `json:"hand"`
	Total ledger.Amount `json:"total"`
}

func NewChart(file string, st *ledger.State) Chart {
	v := Chart{Ledger: file, Hands: len(st.History), Series: []ChartSeries{}}
	index := map[string]int{}
	for _, e := range st.History {
		for place, p := range e.Names() {
			i, ok := index[p]
			if !ok {
				i = len(v.Series)
				index[p] = i
				v.Series = append(v.Series, ChartSeries{Player: p, Points: []ChartPoint{}})
			}
			v.Series[i].Points = append(v.Series[i].Points, ChartPoint{Hand: e.Number, Total: e.Totals[place]})
		}
	}
	if len(v.Series) == 0 {
		for _, p := range st.Names() {
			v.Series = append(v.Series, ChartSeries{Player: p, Points: []ChartPoint{}})
		}
	}
	return v
}

// RulesCheck is the JSON of rules check.
type RulesCheck struct {
	File       string            `json:"file"`
	Name       string            `json:"name"`
	Family     string            `json:"family"`
	Extends    string            `json:"extends,omitempty"`
	OK         bool              `json:"ok"`
	HouseHands []hk.HouseExample `json:"house_hands,omitempty"`
}

// RulesList is the JSON of rules list: {"schema_version": 1, "rulesets": [...]}.
type RulesList struct {
	Rulesets []rulesets.Info `json:"rulesets"`
}

type VersionInfo struct {
	Module   string `json:"module"`
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	Go       string `json:"go"`
}

// BatchError is the JSON object written for a line that failed.
type BatchError struct {
	Line  int    `json:"input_line"`
	Input string `json:"input"`
	Error string `json:"error"`
	Code  int    `json:"code"`
	Col   int    `json:"col,omitempty"`
	// Hint says what to try next, as the command line's "mjref: hint:" line does.
	Hint string `json:"hint,omitempty"`
}

// NewRulesList is the document of rules list: the built-in rulesets.
func NewRulesList() RulesList { return RulesList{Rulesets: rulesets.Builtins()} }

// NewCardList is the document of card list: the built-in cards.
func NewCardList() (CardList, error) {
	items, err := amfamily.CardInfos()
	return CardList{Cards: items}, err
}

// NewRulesShow is the document of rules show -o json: the ruleset resolved, as its YAML file
// would hold it, so its keys are the ruleset's own (snake_case, in the file's order).
func NewRulesShow(rs *rulesets.Ruleset) (yamljson.Node, error) {
	b, err := rs.YAML()
	if err != nil {
		return yamljson.Node{}, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return yamljson.Node{}, err
	}
	return yamljson.Node{N: &doc}, nil
}
