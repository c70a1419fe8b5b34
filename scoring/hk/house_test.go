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

func faan(v hk.Faan) *hk.Faan { return &v }

// exampleHouseHands are the five hands of examples/house-hands.yaml, written in Go.
func exampleHouseHands() map[string]*hk.HouseHand {
	return map[string]*hk.HouseHand{
		"pure-straight":         {Name: "Pure straight", ZH: "一條龍", Value: faan(3), Pattern: "123a 456a 789a", Source: scoring.Source{Line: 1}},
		"three-concealed-pongs": {Name: "Three concealed pongs", ZH: "三暗刻", Value: faan(3), Pattern: "(???) (???) (???)", ReplacedBy: []string{"four-concealed-pongs"}, Source: scoring.Source{Line: 2}},
		"mixed-triple-chow":     {Name: "Mixed triple chow", ZH: "三色同順", Value: faan(2), Pattern: "X+0X+1X+2a X+0X+1X+2b X+0X+1X+2c", Source: scoring.Source{Line: 3}},
		"all-green":             {Name: "All green", ZH: "綠一色", Value: faan(hk.Limit), Only: "23468s 6z", Source: scoring.Source{Line: 4}},
		"ruby-dragon":           {Name: "Ruby dragon", ZH: "紅龍", Value: faan(hk.Limit), Pattern: "DDDm ??? ??? ??? ??", Whole: true, Only: "123456789m 7z", Source: scoring.Source{Line: 5}},
	}
}

// withHouse returns the hk rules with the given house hands, validated.
func withHouse(t testing.TB, set map[string]string, hands map[string]*hk.HouseHand) *hk.Rules {
	t.Helper()
	r := loadRules(t, "hk", set)
	r.HouseHands = hands
	if err := r.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return r
}

func itemIDs(res hk.Result) []string {
	var ids []string
	for _, it := range res.Items {
		ids = append(ids, it.ID)
	}
	return ids
}

func TestHouseHandsMatch(t *testing.T) {
	r := withHouse(t, nil, exampleHouseHands())
	tests := []struct {
		hand string
		win  scoring.WinKind
		want []string // house hands that must score
		not  []string // house hands that must not
	}{
		{"123456789s123p55z", scoring.Discard, []string{"pure-straight"}, []string{"mixed-triple-chow"}},
		{"123456789p123m55z", scoring.Discard, []string{"pure-straight"}, nil},
		{"12345678p123m55z9s", scoring.Discard, nil, []string{"pure-straight"}}, // 789 across suits
		{"234m234p234s55z678m", scoring.Discard, []string{"mixed-triple-chow"}, nil},
		{"234m234p345s55z678m", scoring.Discard, nil, []string{"mixed-triple-chow"}},     // not the same run
		{"234m234p [234m] 55z678s", scoring.Discard, nil, []string{"mixed-triple-chow"}}, // two of one suit
		{"234m [234p] 234s55z678m", scoring.Discard, []string{"mixed-triple-chow"}, nil}, // exposed chows count
		// Three concealed pongs: a discard that completes a pong spoils it; self-drawn it stands.
		{"111m222p333s456m5z+5z", scoring.Discard, []string{"three-concealed-pongs"}, nil},
		{"111m222p333s456m5z+5z", scoring.SelfDraw, []string{"three-concealed-pongs"}, nil},
		{"11m222p333s456m55z+1m", scoring.Discard, nil, []string{"three-concealed-pongs"}},
		{"11m222p333s456m55z+1m", scoring.SelfDraw, []string{"three-concealed-pongs"}, nil},
		{"222p333s456m55z [111m]", scoring.Discard, nil, []string{"three-concealed-pongs"}},
		{"222p333s456m55z (1111m)", scoring.Discard, []string{"three-concealed-pongs"}, nil}, // a concealed kong is concealed
		// Four concealed pongs is paid instead of three.
		{"111m222p333s444s5z+5z", scoring.SelfDraw, []string{"four-concealed-pongs"}, []string{"three-concealed-pongs"}},
		// All green: only 2 3 4 6 8 bamboo and green dragons; the Done-when hand is a limit.
		{"223344666s88s666z", scoring.Discard, []string{"all-green"}, nil},
		{"223344666s88s777z", scoring.Discard, nil, []string{"all-green"}},
		{"234s234s666s888s55s", scoring.Discard, nil, []string{"all-green"}},
		// Ruby dragon: red dragon pong, the rest pongs of characters, and a pair.
		{"111m555m999m22m777z", scoring.Discard, []string{"ruby-dragon"}, nil},
		{"123m555m999m22m777z", scoring.Discard, nil, []string{"ruby-dragon"}}, // a chow
		{"111m555m999m22m666z", scoring.Discard, nil, []string{"ruby-dragon"}}, // green, not red
	}
	for _, tt := range tests {
		t.Run(tt.hand+"/"+tt.win.String(), func(t *testing.T) {
			h := notation.MustParse(tt.hand)
			res, err := hk.Score(&h, scoring.Situation{Win: tt.win, Discarder: notation.NoSeat}, r)
			if err != nil {
				t.Fatal(err)
			}
			got := itemIDs(res)
			for _, id := range tt.want {
				if !slices.Contains(got, id) {
					t.Errorf("items %v lack %s (%s)", got, id, res)
				}
			}
			for _, id := range tt.not {
				if slices.Contains(got, id) {
					t.Errorf("items %v hold %s (%s)", got, id, res)
				}
			}
		})
	}
}

func TestHouseHandLimitAndSource(t *testing.T) {
	hands := exampleHouseHands()
	hands["all-green"].Source = scoring.Source{Ruleset: "examples/house-hands.yaml", Line: 43}
	r := withHouse(t, nil, hands)
	h := notation.MustParse("223344666s88s666z")
	res, err := hk.Score(&h, scoring.Situation{Discarder: notation.NoSeat}, r)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Valid || !res.Limit || res.Total != r.LimitValue() || len(res.Items) != 1 {
		t.Fatalf("got %s, want a valid limit hand of all-green alone", res)
	}
	it := res.Items[0]
	if it.ID != "all-green" || it.NameZH != "綠一色" || !it.Limit || it.Source.String() != "examples/house-hands.yaml:43" {
		t.Errorf("item %+v", it)
	}
}

// TestHouseHandConditions covers concealed, self_drawn, won_on and whole.
func TestHouseHandConditions(t *testing.T) {
	hands := map[string]*hk.HouseHand{
		"hidden-run":  {Name: "n", ZH: "z", Value: faan(1), Pattern: "123a", Concealed: true},
		"drawn-run":   {Name: "n", ZH: "z", Value: faan(1), Pattern: "123a", SelfDrawn: true},
		"pair-wait":   {Name: "n", ZH: "z", Value: faan(1), WonOn: "pair", Concealed: true},
		"set-wait":    {Name: "n", ZH: "z", Value: faan(1), WonOn: "set", Concealed: true},
		"wind-hand":   {Name: "n", ZH: "z", Value: faan(1), Pattern: "ZZZ ZZZ"},
		"dragon-pair": {Name: "n", ZH: "z", Value: faan(1), Pattern: "DD*"},
		"every-set":   {Name: "n", ZH: "z", Value: faan(1), Pattern: "??? 123a 456b 789c ??", Whole: true},
		"red-pong":    {Name: "n", ZH: "z", Value: faan(1), Pattern: "RdRdRd"},
		"same-twice":  {Name: "n", ZH: "z", Value: faan(1), Pattern: "XXXa XXXb"},
		"y-hand":      {Name: "n", ZH: "z", Value: faan(1), Pattern: "XXXa YYYb"},
	}
	r := withHouse(t, map[string]string{"min_faan": "0"}, hands)
	tests := []struct {
		hand string
		win  scoring.WinKind
		want []string
	}{
		{"123m456p789s111z+5z5z", scoring.Discard, []string{"hidden-run", "pair-wait", "dragon-pair", "every-set"}},
		{"123m456p789s111z5z+5z", scoring.SelfDraw, []string{"hidden-run", "drawn-run", "pair-wait", "dragon-pair", "every-set"}},
		{"123m456p789s11z5z5z+1z", scoring.Discard, []string{"hidden-run", "set-wait", "dragon-pair", "every-set"}},
		{"456p789s111z55z [123m]", scoring.Discard, []string{"dragon-pair", "every-set"}},
		{"123m456p111z222z55s", scoring.Discard, []string{"hidden-run", "pair-wait", "wind-hand"}},
		{"222m222p345s777z99s", scoring.Discard, []string{"pair-wait", "red-pong", "same-twice"}},
		{"222m333p456s789s11z", scoring.Discard, []string{"pair-wait", "y-hand"}},
	}
	for _, tt := range tests {
		t.Run(tt.hand, func(t *testing.T) {
			h := notation.MustParse(tt.hand)
			res, err := hk.Score(&h, scoring.Situation{Win: tt.win, Discarder: notation.NoSeat}, r)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, id := range itemIDs(res) {
				if hands[id] != nil {
					got = append(got, id)
				}
			}
			slices.Sort(got)
			want := slices.Clone(tt.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("house items %v, want %v (%s)", got, want, res)
			}
		})
	}
}

func TestHouseHandErrors(t *testing.T) {
	base := func(p string) *hk.HouseHand {
		return &hk.HouseHand{Name: "Mine", ZH: "我的", Value: faan(2), Pattern: p}
	}
	tests := []struct {
		name  string
		hands map[string]*hk.HouseHand
		set   map[string]string
		path  string
		msg   string
	}{
		{"unknown suit variable", map[string]*hk.HouseHand{"mine": base("123d")}, nil, "house_hands.mine.pattern", "unknown suit variable 'd'"},
		{"unknown number variable", map[string]*hk.HouseHand{"mine": base("QQQa")}, nil, "house_hands.mine.pattern", "unknown variable 'Q'"},
		{"over 14 tiles", map[string]*hk.HouseHand{"mine": base("123a 123a 123a 123a 123a")}, nil, "house_hands.mine.pattern", "needs 15 tiles"},
		{"no hand matches", map[string]*hk.HouseHand{"mine": base("1111a 111a")}, nil, "house_hands.mine.pattern", "no hand of 14 tiles can hold"},
		{"suits cannot differ", map[string]*hk.HouseHand{"mine": base("111a 111b 111c 1111a")}, nil, "house_hands.mine.pattern", "no hand of 14 tiles can hold"},
		{"outside only", map[string]*hk.HouseHand{"mine": {Name: "n", ZH: "z", Value: faan(1), Pattern: "123a", Only: "19m19p19s"}}, nil, "house_hands.mine.pattern", "no hand of 14 tiles"},
		{"pairs without seven pairs", map[string]*hk.HouseHand{"mine": base("11a 22a")}, nil, "house_hands.mine.pattern", "seven_pairs: off"},
		{"pairs beside sets", map[string]*hk.HouseHand{"mine": base("11a 22a 333b")}, nil, "house_hands.mine.pattern", "2 pairs beside sets"},
		{"whole too short", map[string]*hk.HouseHand{"mine": {Name: "n", ZH: "z", Value: faan(1), Pattern: "123a", Whole: true}}, nil, "house_hands.mine.pattern", "must cover the hand"},
		{"single tile", map[string]*hk.HouseHand{"mine": base("1a")}, nil, "house_hands.mine.pattern", "a single tile is not a set"},
		{"flower", map[string]*hk.HouseHand{"mine": base("FFF")}, nil, "house_hands.mine.pattern", "flowers are never part"},
		{"built-in id", map[string]*hk.HouseHand{"all-pongs": base("???")}, nil, "house_hands.all-pongs", "duplicate id"},
		{"missing value", map[string]*hk.HouseHand{"mine": {Name: "n", ZH: "z", Pattern: "123a"}}, nil, "house_hands.mine.value", "missing value"},
		{"off value", map[string]*hk.HouseHand{"mine": {Name: "n", ZH: "z", Value: faan(hk.Off), Pattern: "123a"}}, nil, "house_hands.mine.value", "delete it"},
		{"bad won_on", map[string]*hk.HouseHand{"mine": {Name: "n", ZH: "z", Value: faan(1), Pattern: "123a", WonOn: "edge"}}, nil, "house_hands.mine.won_on", `won_on "edge"`},
		{"bad only", map[string]*hk.HouseHand{"mine": {Name: "n", ZH: "z", Value: faan(1), Only: "23468x"}}, nil, "house_hands.mine.only", "only:"},
		{"unknown replaces", map[string]*hk.HouseHand{"mine": {Name: "n", ZH: "z", Value: faan(1), Pattern: "123a", Replaces: []string{"nope"}}}, nil, "house_hands.mine.replaces.0", `unknown item id "nope"`},
		{"cycle", map[string]*hk.HouseHand{
			"one": {Name: "n", ZH: "z", Value: faan(1), Pattern: "123a", Replaces: []string{"two"}, Source: scoring.Source{Line: 1}},
			"two": {Name: "n", ZH: "z", Value: faan(1), Pattern: "456a", Replaces: []string{"one"}, Source: scoring.Source{Line: 2}},
		}, nil, "house_hands.one.replaces", "goes round in a circle (one → two → one)"},
		{"cycle through a built-in", map[string]*hk.HouseHand{
			"one": {Name: "n", ZH: "z", Value: faan(1), Pattern: "??? ??? ??? ???", Replaces: []string{"four-concealed-pongs"}, ReplacedBy: []string{"all-pongs"}},
		}, nil, "house_hands.one.replaces", "four-concealed-pongs → all-pongs"},
		{"never paid", map[string]*hk.HouseHand{"mine": {Name: "n", ZH: "z", Value: faan(1), Pattern: "111a 999a 111b 999b 11c", ReplacedBy: []string{"all-terminals"}}}, nil, "house_hands.mine.pattern", "never score it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := loadRules(t, "hk", tt.set)
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

func TestHouseExamples(t *testing.T) {
	r := withHouse(t, nil, exampleHouseHands())
	ex := r.HouseExamples()
	var ids []string
	for _, e := range ex {
		ids = append(ids, e.ID)
		h, err := notation.Parse(e.Hand)
		if err != nil {
			t.Fatalf("%s: example %q: %v", e.ID, e.Hand, err)
		}
		res, err := hk.Score(&h, scoring.Situation{Win: e.Win, Discarder: notation.NoSeat}, r)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(itemIDs(res), e.ID) || res.Valid != e.Valid || res.Total != e.Total {
			t.Errorf("%s: example %s (%s) scores %s", e.ID, e.Hand, e.Win, res)
		}
		if !e.Valid {
			t.Errorf("%s: example %s is not a valid win", e.ID, e.Hand)
		}
	}
	want := []string{"pure-straight", "three-concealed-pongs", "mixed-triple-chow", "all-green", "ruby-dragon"}
	if !slices.Equal(ids, want) {
		t.Errorf("examples for %v, want %v in the order written", ids, want)
	}
}

// allPongsLike is a house hand with all-pongs' shape, replaced by whatever replaces all-pongs.
func allPongsLike(r *hk.Rules, value hk.Faan) *hk.HouseHand {
	hh := &hk.HouseHand{Name: "All pongs again", ZH: "對對糊", Value: &value, Pattern: "??? ??? ??? ???"}
	for _, id := range hk.ItemIDs {
		if slices.Contains(r.Items[id].Replaces, "all-pongs") {
			hh.ReplacedBy = append(hh.ReplacedBy, id)
		}
	}
	return hh
}

// TestHouseHandShapedLikeBuiltin: a house hand written with all-pongs' shape changes nothing about
// which hands are winning shapes, and scores exactly where all-pongs does. At 0 faan it changes
// nothing else either.
func TestHouseHandShapedLikeBuiltin(t *testing.T) {
	plain := loadRules(t, "hk", nil)
	zero := withHouse(t, nil, map[string]*hk.HouseHand{"pongs-again": allPongsLike(plain, 0)})
	three := withHouse(t, nil, map[string]*hk.HouseHand{"pongs-again": allPongsLike(plain, 3)})
	rapid.Check(t, func(rt *rapid.T) {
		h := handgen.Winning(rt)
		sit := scoring.Situation{
			Win:        rapid.SampledFrom([]scoring.WinKind{scoring.Discard, scoring.SelfDraw}).Draw(rt, "win"),
			Seat:       notation.Seat(rapid.IntRange(0, 3).Draw(rt, "seat")),
			Prevailing: notation.Seat(rapid.IntRange(0, 3).Draw(rt, "prevailing")),
			Discarder:  notation.NoSeat,
		}
		base, err := hk.Score(&h, sit, plain)
		if err != nil {
			rt.Skip(err)
		}
		for _, r := range []*hk.Rules{zero, three} {
			res, err := hk.Score(&h, sit, r)
			if err != nil {
				rt.Fatal(err)
			}
			if (res.Decomposition == nil) != (base.Decomposition == nil) {
				rt.Fatalf("%s: winning shape %v with the house hand, %v without", h, res.Decomposition != nil, base.Decomposition != nil)
			}
			ids := itemIDs(res)
			if slices.Contains(ids, "pongs-again") != slices.Contains(ids, "all-pongs") {
				rt.Fatalf("%s: items %v: the house hand and all-pongs must score together", h, ids)
			}
		}
		res, _ := hk.Score(&h, sit, zero)
		want := itemIDs(base)
		if slices.Contains(want, "all-pongs") {
			want = append(want, "pongs-again")
		}
		if got := itemIDs(res); !slices.Equal(got, want) || res.Total != base.Total || res.Valid != base.Valid {
			rt.Fatalf("%s: at 0 faan %v (%d), without %v (%d)", h, got, res.Total, itemIDs(base), base.Total)
		}
	})
}

// BenchmarkScoreHouseHands scores random winning hands under hk with the five example house hands;
// BenchmarkScoreNoHouseHands is the same loop without them (house hands cost nothing then).
func BenchmarkScoreHouseHands(b *testing.B) { benchHouse(b, exampleHouseHands()) }

func BenchmarkScoreNoHouseHands(b *testing.B) { benchHouse(b, nil) }

func benchHouse(b *testing.B, hands map[string]*hk.HouseHand) {
	r := withHouse(b, nil, hands)
	hs := randomWinningHands(1024)
	sits := []scoring.Situation{
		{Win: scoring.Discard}, {Win: scoring.SelfDraw, Seat: notation.SeatSouth},
		{Win: scoring.Discard, Seat: notation.SeatWest, Prevailing: notation.SeatSouth}, {Win: scoring.SelfDraw},
	}
	i := 0
	clock := cpuclock.Start()
	for b.Loop() {
		if _, err := hk.Score(&hs[i&1023], sits[i&3], r); err != nil {
			b.Fatal(err)
		}
		i++
	}
	clock.Stop(b)
}

// FuzzHouseHand validates any pattern (or two, under patterns:) as a house hand: no panic, a
// pattern that loads has an example hand that scores it, and the house hand's matching steps stay
// within the bound computed when it loaded, itself within hk.MaxHouseSteps.
func FuzzHouseHand(f *testing.F) {
	for _, hh := range exampleHouseHands() {
		f.Add(hh.Pattern, "", hh.Only, hh.Whole)
	}
	for _, s := range []string{"(???) 123a", "ZZZ DD*", "X+0X+1X+2a XXXb", "11a 22a", "5555a ??", "123a|ZZZ 456b", "((123a))", "()",
		"???m ???p|?+0?+1?+2p ??s", "?+0?+1?+2a ?+0?+1?+2a ???*", "???|???*|???m|???a ???*|???|???m|???a EE"} {
		f.Add(s, "", "", false)
	}
	five := wuMenQi().Patterns
	f.Add(five[0], five[4], "", false)
	f.Add("???m|?+0?+1?+2m ???p", "DDD* ZZ", "", false)
	r := loadRules(f, "hk", map[string]string{"min_faan": "0"})
	f.Fuzz(func(t *testing.T, pattern, second, only string, whole bool) {
		hh := &hk.HouseHand{Name: "F", ZH: "F", Value: faan(1), Pattern: pattern, Only: only, Whole: whole}
		if second != "" {
			hh.Pattern, hh.Patterns = "", []string{pattern, second}
		}
		r.HouseHands = map[string]*hk.HouseHand{"f": hh}
		if err := r.Validate(); err != nil {
			return
		}
		bound := hk.HouseStepBound(r)
		if bound > hk.MaxHouseSteps {
			t.Fatalf("%q %q: loaded with a bound of %d steps, over the limit %d", pattern, second, bound, hk.MaxHouseSteps)
		}
		ex := r.HouseExamples()
		if len(ex) != 1 {
			t.Fatalf("%q: %d examples", pattern, len(ex))
		}
		h, err := notation.Parse(ex[0].Hand)
		if err != nil {
			t.Fatalf("%q: example %q: %v", pattern, ex[0].Hand, err)
		}
		sit := scoring.Situation{Win: ex[0].Win, Discarder: notation.NoSeat}
		res, err := hk.Score(&h, sit, r)
		if err != nil || !slices.Contains(itemIDs(res), "f") {
			t.Fatalf("%q: example %s scores %s (%v)", pattern, ex[0].Hand, res, err)
		}
		if _, reading, _ := hk.HouseSteps(&h, sit, r); reading > bound {
			t.Fatalf("%q %q: example %s took %d steps on a reading, bound %d", pattern, second, ex[0].Hand, reading, bound)
		}
	})
}

// TestLuxurySevenPairs: under seven_pairs_repeated, four of a kind counts as two of seven pairs, and
// a pairs-only house hand with a repeated pair (XXa XXa) pays the luxury.
func TestLuxurySevenPairs(t *testing.T) {
	luxury := map[string]*hk.HouseHand{"luxury-seven-pairs": {Name: "Luxury seven pairs", ZH: "豪華七對", Value: faan(2), Pattern: "XXa XXa"}}
	on := withHouse(t, map[string]string{"seven_pairs": "4", "seven_pairs_repeated": "true"}, luxury)
	distinct := withHouse(t, map[string]string{"seven_pairs": "4"}, nil)
	tests := []struct {
		hand         string
		rules        *hk.Rules
		valid        bool
		wantItems    []string
		wantNotItems []string
	}{
		{"1111223344m5566p", on, true, []string{"seven-pairs", "luxury-seven-pairs"}, nil},
		{"11223344m556677p", on, true, []string{"seven-pairs"}, []string{"luxury-seven-pairs"}},
		{"1111223344m5566p", distinct, false, nil, []string{"seven-pairs"}},
	}
	for _, tt := range tests {
		h := notation.MustParse(tt.hand)
		res, err := hk.Score(&h, scoring.Situation{Win: scoring.SelfDraw, Discarder: notation.NoSeat}, tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		ids := itemIDs(res)
		if res.Valid != tt.valid {
			t.Errorf("%s: valid %v, want %v (%s)", tt.hand, res.Valid, tt.valid, res)
		}
		for _, id := range tt.wantItems {
			if !slices.Contains(ids, id) {
				t.Errorf("%s: items %v lack %s", tt.hand, ids, id)
			}
		}
		for _, id := range tt.wantNotItems {
			if slices.Contains(ids, id) {
				t.Errorf("%s: items %v hold %s", tt.hand, ids, id)
			}
		}
	}
	if ex := on.HouseExamples(); len(ex) != 1 || !ex[0].Valid {
		t.Errorf("examples %+v", ex)
	}
	r := loadRules(t, "hk", nil)
	r.SevenPairsRepeated = true
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "seven_pairs_repeated needs seven pairs") {
		t.Errorf("seven_pairs_repeated without seven pairs: %v", err)
	}
}

// TestManyHouseHands: with the most house hands a ruleset may have, all matching one big hand,
// every item is listed and the total is their sum.
func TestManyHouseHands(t *testing.T) {
	hands := map[string]*hk.HouseHand{}
	for i := range hk.MaxHouseHands {
		hands[fmt.Sprintf("h%02d", i)] = &hk.HouseHand{Name: "n", ZH: "z", Value: faan(1), Pattern: "???"}
	}
	r := withHouse(t, map[string]string{"cap": "0"}, hands)
	h := notation.MustParse("555z666z777z22z [111z] 1f5f")
	res, err := hk.Score(&h, scoring.Situation{Win: scoring.SelfDraw, Discarder: notation.NoSeat}, r)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, it := range res.Items {
		if hands[it.ID] != nil {
			n++
		}
	}
	if n != hk.MaxHouseHands {
		t.Errorf("%d house items listed, want %d: %s", n, hk.MaxHouseHands, res)
	}
	hands["one-too-many"] = &hk.HouseHand{Name: "n", ZH: "z", Value: faan(1), Pattern: "???"}
	r.HouseHands = hands
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("%d house hands: %v", len(hands), err)
	}
}
