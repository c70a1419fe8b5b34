package hk_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mjref/mjref/internal/cpuclock"
	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/hk"
	"pgregory.net/rapid"
)

// anySet is any set of one suit: a pong (or kong) of one of its tiles, or a chow.
func anySet(suit string) string { return "???" + suit + "|?+0?+1?+2" + suit }

// wuMenQi is 五門齊 as examples/house-hands.yaml writes it: characters, dots, bamboo, winds and
// dragons, each one of the four sets and the pair.
func wuMenQi() *hk.HouseHand {
	m, p, s := anySet("m"), anySet("p"), anySet("s")
	return &hk.HouseHand{Name: "Five gates", ZH: "五門齊", Value: faan(3), Patterns: []string{
		m + " " + p + " " + s + " ZZZ DD*",
		m + " " + p + " " + s + " DDD* ZZ",
		m + " " + p + " ZZZ DDD* ??s",
		m + " " + s + " ZZZ DDD* ??p",
		p + " " + s + " ZZZ DDD* ??m",
	}, PatternLines: []int{11, 12, 13, 14, 15}, Source: scoring.Source{Line: 10}}
}

// TestHouseHandSuitedAny: a ? group with a suit is that group of any one tile of the suit (???m a
// pong or kong, ??m a pair), ?+0?+1?+2m a chow of characters; a suit variable binds as in 123a.
func TestHouseHandSuitedAny(t *testing.T) {
	tests := []struct {
		pattern string
		hand    string
		want    bool
	}{
		{"???m", "111m456p789s123p55z", true},
		{"???m", "123m456p789s111p55z", false}, // a chow is not a pong
		{"???m", "123m456p789s111z55z", false}, // winds are no suit
		{"???m ???m ???m ???m ??m", "111222333m999m55m", true},
		{"???m ???m ???m ???m ??m", "111222333m999p55m", false},
		{"?+0?+1?+2m", "789m456p111s222z55z", true},
		{"?+0?+1?+2m", "789p456p111s222z55z", false},
		{"?+0?+1?+2", "111z222z333z789s55z", true},
		{"?+0?+1?+2", "111z222z333z777s55z", false},
		{"???*", "111z222z333z123m55p", false}, // ???* is of a suit, ??? of any tile
		{"???", "111z222z333z123m55p", true},
		{"???a ???a ???b", "111m999m555p123s55z", true},
		{"???a ???a ???b", "111m999p555s123s55z", false},
		{"??a ???a", "123m456p789s111z55s", false}, // the pair and the pong in one suit
		{"??a ???a", "123m456p789s111s55s", true},
		{anySet("m"), "234m111p222s333z55z", true},
		{anySet("m"), "777m111p222s333z55z", true},
		{anySet("m"), "234p111p222s333z55m", false}, // the pair is no set
		{"(???m)", "111m456p789s123p55z", true},
		{"(???m)", "[111m]456p789s123p55z", false},
	}
	for _, tt := range tests {
		t.Run(tt.pattern+" "+tt.hand, func(t *testing.T) {
			r := withHouse(t, map[string]string{"min_faan": "0"}, map[string]*hk.HouseHand{"mine": {Name: "n", ZH: "z", Value: faan(1), Pattern: tt.pattern}})
			h := notation.MustParse(tt.hand)
			res, err := hk.Score(&h, scoring.Situation{Win: scoring.SelfDraw, Discarder: notation.NoSeat}, r)
			if err != nil {
				t.Fatal(err)
			}
			if got := slices.Contains(itemIDs(res), "mine"); got != tt.want {
				t.Errorf("matched %v, want %v: %s", got, tt.want, res)
			}
		})
	}
}

// TestHouseHandPatterns: under patterns: a hand shows any one, and its item cites the line of the
// first that matched.
func TestHouseHandPatterns(t *testing.T) {
	r := withHouse(t, nil, map[string]*hk.HouseHand{"five-gates": wuMenQi()})
	tests := []struct {
		hand string
		want int // the pattern that matches, 1-5; 0: none
	}{
		{"123m456p789s111z55z", 1},    // a wind pong, a dragon pair
		{"111m456p789s555z11z", 2},    // a dragon pong, a wind pair
		{"123m456p111z777z55s", 3},    // the bamboo is the pair
		{"123m[4444s]222z666z88p", 4}, // a kong counts as a pong
		{"123p456s333z666z99m", 5},
		{"123m456p789s111z22z", 0}, // no dragon
		{"123m456m789s111z55z", 0}, // no dots
		{"123m456p789s555z66z", 0}, // no wind
		{"123m456p111z222z55s", 0}, // two wind sets, no dragon
	}
	for _, tt := range tests {
		t.Run(tt.hand, func(t *testing.T) {
			h := notation.MustParse(tt.hand)
			res, err := hk.Score(&h, scoring.Situation{Win: scoring.SelfDraw, Discarder: notation.NoSeat}, r)
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(res.Items, func(it scoring.Item) bool { return it.ID == "five-gates" })
			if tt.want == 0 {
				if i >= 0 {
					t.Errorf("five-gates scored: %s", res)
				}
				return
			}
			if i < 0 {
				t.Fatalf("five-gates not scored: %s", res)
			}
			it := res.Items[i]
			if it.Source.Line != 10+tt.want {
				t.Errorf("cites line %d, want %d (pattern %d)", it.Source.Line, 10+tt.want, tt.want)
			}
		})
	}
}

func TestHouseHandPatternsErrors(t *testing.T) {
	hand := func(pattern string, patterns ...string) map[string]*hk.HouseHand {
		return map[string]*hk.HouseHand{"mine": {Name: "n", ZH: "z", Value: faan(1), Pattern: pattern, Patterns: patterns}}
	}
	many := make([]string, hk.MaxHousePatterns+1)
	for i := range many {
		many[i] = "???"
	}
	tests := []struct {
		name  string
		hands map[string]*hk.HouseHand
		path  string
		msg   string
	}{
		{"both", hand("???", "???"), "house_hands.mine.patterns", "pattern: and patterns: both given"},
		{"empty list", hand("", []string{}...), "house_hands.mine.patterns", "patterns: is empty"},
		{"too many", hand("", many...), "house_hands.mine.patterns", fmt.Sprintf("%d patterns: at most %d", len(many), hk.MaxHousePatterns)},
		{"bad second", hand("", "???", "123d"), "house_hands.mine.patterns.1", "unknown suit variable 'd'"},
		{"empty second", hand("", "???", " "), "house_hands.mine.patterns.1", "empty pattern"},
		{"no hand for the second", hand("", "???", "1111a 111a"), "house_hands.mine.patterns.1", "no hand of 14 tiles can hold"},
		{"suited ? with honours", hand("??Em"), "house_hands.mine.pattern", `suit suffix "m" not allowed`},
		{"? chow too long", hand("?+7?+8?+9m"), "house_hands.mine.pattern", "offset is at most +8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := loadRules(t, "hk", nil)
			r.HouseHands = tt.hands
			err := r.Validate()
			var re *scoring.RuleError
			if !errors.As(err, &re) {
				t.Fatalf("Validate() = %v, want a *scoring.RuleError", err)
			}
			if got := strings.Join(re.Path, "."); got != tt.path || !strings.Contains(re.Msg, tt.msg) {
				t.Errorf("error at %s: %s\nwant at %s containing %q", got, re.Msg, tt.path, tt.msg)
			}
		})
	}
}

// setAlts are distinct set alternatives that all fit a pong of 1m, and pairAlts pair alternatives
// that all fit a pair of 1m: adversarial groups every unit of such a hand satisfies.
var (
	setAlts  = []string{"???", "???*", "???m", "???a", "???b", "???c", "111m", "111a", "111*", "XXXm", "XXXa", "YYYm"}
	pairAlts = []string{"??", "??*", "??m", "??a", "??b", "??c", "11m", "11a", "11*", "XXm", "XXa", "YYm"}
)

// TestHouseStepBudget: a pattern whose search could take more than hk.MaxHouseSteps steps on one
// reading is refused when the ruleset loads, naming the limit; one just under it loads, and the
// house hands of a ruleset share the limit.
func TestHouseStepBudget(t *testing.T) {
	alts := func(pool []string, n int) string { return strings.Join(pool[:n], "|") }
	tests := []struct {
		name  string
		hands map[string]*hk.HouseHand
		set   map[string]string
		err   string // "": loads
	}{
		{"example hands", exampleHouseHands(), nil, ""},
		{"five gates", map[string]*hk.HouseHand{"g": wuMenQi()}, nil, ""},
		{"seven pairs of ?", map[string]*hk.HouseHand{"p": {Name: "n", ZH: "z", Value: faan(1), Pattern: "?? ?? ?? ?? ?? ?? ??"}}, map[string]string{"seven_pairs": "4"}, ""},
		{"four sets of 3 alternatives", map[string]*hk.HouseHand{"a": {Name: "n", ZH: "z", Value: faan(1),
			Pattern: strings.Join([]string{alts(setAlts, 3), alts(setAlts[3:], 3), alts(setAlts[6:], 3), alts(setAlts[9:], 3), "??"}, " ")}}, nil, ""},
		{"four sets of 12 alternatives", map[string]*hk.HouseHand{"a": {Name: "n", ZH: "z", Value: faan(1),
			Pattern: strings.Repeat(alts(setAlts, 12)+" ", 3) + "???|???* " + alts(pairAlts, 12)}}, nil, "matching this pattern can take more than 20000 steps"},
		{"seven pairs of 4 alternatives", map[string]*hk.HouseHand{"p": {Name: "n", ZH: "z", Value: faan(1),
			Pattern: strings.Join([]string{alts(pairAlts, 4), alts(pairAlts[1:], 4), alts(pairAlts[2:], 4), alts(pairAlts[3:], 4), alts(pairAlts[4:], 4), alts(pairAlts[5:], 4), alts(pairAlts[6:], 4)}, " ")}},
			map[string]string{"seven_pairs": "4"}, "matching this pattern can take more than 20000 steps"},
		{"the limit is shared", func() map[string]*hk.HouseHand {
			hs := map[string]*hk.HouseHand{}
			for i := range 9 {
				hs[fmt.Sprintf("h%d", i)] = &hk.HouseHand{Name: "n", ZH: "z", Value: faan(1), Source: scoring.Source{Line: i + 1},
					Pattern: strings.Join([]string{alts(setAlts, 3), alts(setAlts[3:], 3), alts(setAlts[6:], 3), alts(setAlts[9:], 3), "??"}, " ")}
			}
			return hs
		}(), nil, "the house hands before it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := loadRules(t, "hk", tt.set)
			r.HouseHands = tt.hands
			err := r.Validate()
			switch {
			case tt.err == "" && err != nil:
				t.Fatalf("Validate: %v", err)
			case tt.err == "":
				if b := hk.HouseStepBound(r); b > hk.MaxHouseSteps {
					t.Errorf("bound %d over the limit %d", b, hk.MaxHouseSteps)
				}
			case err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), "mjref help limits"):
				t.Fatalf("Validate() = %v, want an error containing %q and the help topic", err, tt.err)
			}
		})
	}
}

// TestHouseCheckStepLimit: checking the house hands (scoring an example hand for each) counts its
// matching steps, and past the limit the ruleset is refused naming the house hand and the limit.
func TestHouseCheckStepLimit(t *testing.T) {
	r := loadRules(t, "hk", nil)
	r.HouseHands = map[string]*hk.HouseHand{"g": wuMenQi()}
	if err := r.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	defer hk.SetCheckStepLimit(10)()
	err := r.Validate()
	var re *scoring.RuleError
	if !errors.As(err, &re) || strings.Join(re.Path, ".") != "house_hands.g" || !strings.Contains(re.Msg, "took more than 10 matching steps (see mjref help limits)") {
		t.Fatalf("Validate() = %v, want a refusal at house_hands.g naming the limit", err)
	}
}

// TestHouseMatchBound: for random patterns of adversarial groups and random winning hands, the
// matcher agrees with a plain search over every order of the groups and never takes more steps
// than the bound the ruleset loaded with.
func TestHouseMatchBound(t *testing.T) {
	base := loadRules(t, "hk", map[string]string{"seven_pairs": "4", "min_faan": "0"})
	rapid.Check(t, func(rt *rapid.T) {
		group := func(pool []string, label string) string {
			n := rapid.IntRange(1, 4).Draw(rt, label+"-alts")
			var as []string
			for k := range n {
				a := rapid.SampledFrom(pool).Draw(rt, fmt.Sprint(label, "-", k))
				if rapid.IntRange(0, 3).Draw(rt, fmt.Sprint(label, "-", k, "-hide")) == 0 && pool[0] == "???" {
					a = "(" + a + ")"
				}
				as = append(as, a)
			}
			return strings.Join(as, "|")
		}
		sets := []string{"???", "???*", "???m", "???a", "???b", "?+0?+1?+2", "?+0?+1?+2a", "X+0X+1X+2a", "123a", "XXXa", "ZZZ", "DDD*", "5555a", "????"}
		pairs := []string{"??", "??a", "XXa", "??m", "DD*", "ZZ", "55b"}
		var gs []string
		if rapid.Bool().Draw(rt, "seven-pairs") {
			for k := range rapid.IntRange(1, 7).Draw(rt, "pairs") {
				gs = append(gs, group(pairs, fmt.Sprint("p", k)))
			}
		} else {
			for k := range rapid.IntRange(0, 4).Draw(rt, "sets") {
				g := group(sets, fmt.Sprint("s", k))
				if strings.Contains(g, "(") {
					g = strings.ReplaceAll(strings.ReplaceAll(g, "(", ""), ")", "")
					if !strings.Contains(g, "|") {
						g = "(" + g + ")"
					}
				}
				gs = append(gs, g)
			}
			if rapid.Bool().Draw(rt, "pair") || len(gs) == 0 {
				gs = append(gs, group(pairs, "pair"))
			}
		}
		r := *base
		r.HouseHands = map[string]*hk.HouseHand{"h": {Name: "n", ZH: "z", Value: faan(1), Pattern: strings.Join(gs, " ")}}
		if err := r.Validate(); err != nil {
			rt.Skip(err)
		}
		for range 20 {
			h := handgen.Winning(rt)
			if err := hk.CheckHouseMatch(&r, &h, rapid.Bool().Draw(rt, "discard")); err != nil {
				rt.Fatalf("%s: %v", h, err)
			}
		}
	})
}

// BenchmarkHouseMatchWorst scores a hand of four pongs of characters under a pattern of four
// groups written differently that each fit every one of them, four ways, and a pair it lacks: close
// to the costliest search the step limit lets load. It reports the steps and the time of one hand.
func BenchmarkHouseMatchWorst(b *testing.B) {
	pattern := "???|???*|???m|???a ???*|???|???m|???a ???m|???|???*|???a ???a|???|???*|???m EE"
	r := loadRules(b, "hk", map[string]string{"min_faan": "0"})
	r.HouseHands = map[string]*hk.HouseHand{"w": {Name: "n", ZH: "z", Value: faan(1), Pattern: pattern}}
	if err := r.Validate(); err != nil {
		b.Fatal(err)
	}
	h := notation.MustParse("111222333444m55p")
	sit := scoring.Situation{Win: scoring.SelfDraw, Discarder: notation.NoSeat}
	total, reading, err := hk.HouseSteps(&h, sit, r)
	if err != nil {
		b.Fatal(err)
	}
	clock := cpuclock.Start()
	for b.Loop() {
		if _, err := hk.Score(&h, sit, r); err != nil {
			b.Fatal(err)
		}
	}
	clock.Stop(b)
	b.ReportMetric(float64(total), "steps/op")
	b.Logf("pattern %q: %d steps (busiest reading %d), bound %d", pattern, total, reading, hk.HouseStepBound(r))
}
