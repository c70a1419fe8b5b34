package points

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// summary is a result as compact lines: "id value tiles".
func summary(r Result) []string {
	out := make([]string, 0, len(r.Items))
	for _, it := range r.Items {
		out = append(out, fmt.Sprintf("%s %d %s", it.ID, it.Value, notation.FormatTiles(it.Tiles)))
	}
	return out
}

type scoreCase struct {
	name    string
	source  string // where the expected figure comes from
	hand    string
	loser   bool
	win     scoring.WinKind
	rules   func(*Rules)
	total   int
	reading Reading
	items   []string // nil: not checked
}

func (c scoreCase) run(t *testing.T) {
	t.Helper()
	r := Default()
	if c.rules != nil {
		c.rules(r)
	}
	h, err := notation.Parse(c.hand)
	if err != nil {
		t.Fatalf("parse %q: %v", c.hand, err)
	}
	var res Result
	if c.loser {
		res, err = ScoreLoser(&h, r)
	} else {
		res, err = ScoreWinner(&h, c.win, r)
	}
	if err != nil {
		t.Fatalf("score %q: %v", c.hand, err)
	}
	if diff := cmp.Diff(c.total, res.Total); diff != "" {
		t.Errorf("total (-want +got):\n%s\n%s (source: %s)", diff, res, c.source)
	}
	if diff := cmp.Diff(c.reading, res.Reading); diff != "" {
		t.Errorf("reading (-want +got):\n%s", diff)
	}
	if c.items != nil {
		if diff := cmp.Diff(c.items, summary(res)); diff != "" {
			t.Errorf("items (-want +got):\n%s", diff)
		}
	}
	sum := 0
	for _, it := range res.Items {
		sum += it.Value
	}
	if sum != res.Total {
		t.Errorf("items sum to %d, total is %d", sum, res.Total)
	}
}

func TestIssueExamples(t *testing.T) {
	for _, c := range []scoreCase{
		{
			name: "four sets and a pair self-drawn", source: "issue 6: 600+600+600+800+100 = 2,700",
			hand: "123m456m789p111z55s", win: scoring.SelfDraw, total: 2700, reading: Standard,
			items: []string{
				"regular-set-hidden 600 123m", "regular-set-hidden 600 456m", "regular-set-hidden 600 789p",
				"honour-set-hidden 800 111z", "regular-pair 100 55s",
			},
		},
		{
			name: "exposed sets and flowers", source: "issue 6: 600+800+300+300+200 + 50+100 = 2,350",
			hand: "123m777z99m [555p] [789s] 1f 2f*", win: scoring.SelfDraw, total: 2350, reading: Standard,
			items: []string{
				"regular-set-hidden 600 123m", "honour-set-hidden 800 777z",
				"regular-set-exposed 300 555p", "regular-set-exposed 300 789s",
				"honour-pair 200 99m", "flower-bonus 50 1f", "boosted-flower-bonus 100 2f",
			},
		},
		{
			name: "seven sisters self-drawn", source: "issue 6: 5x600 + 2x800 = 4,600",
			hand: "11m55m99p22s33s11z77z", win: scoring.SelfDraw, total: 4600, reading: SevenSistersHand,
			items: []string{
				"seven-sisters-regular-hidden 600 11m", "seven-sisters-regular-hidden 600 55m",
				"seven-sisters-regular-hidden 600 99p", "seven-sisters-regular-hidden 600 22s",
				"seven-sisters-regular-hidden 600 33s", "seven-sisters-honour-hidden 800 11z",
				"seven-sisters-honour-hidden 800 77z",
			},
		},
		{
			name: "non-winner with sets", source: "issue 6: 600+600+800 + best pair 200 - 200 - 200 = 1,800",
			hand: "123m456p777z99p5m8s", loser: true, total: 1800, reading: WithSets,
			items: []string{
				"regular-set-hidden 600 123m", "regular-set-hidden 600 456p", "honour-set-hidden 800 777z",
				"honour-pair 200 99p", "unused-regular -200 5m", "unused-regular -200 8s",
			},
		},
		{
			name: "non-winner with a boosted flower", source: "issue 6: 1,800 with 3f* is 2,050",
			hand: "123m456p777z99p5m8s 3f*", loser: true, total: 2050, reading: WithSets,
			items: []string{
				"regular-set-hidden 600 123m", "regular-set-hidden 600 456p", "honour-set-hidden 800 777z",
				"honour-pair 200 99p", "unused-regular -200 5m", "unused-regular -200 8s",
				"boosted-flower-cancel-regular 250 3f5m",
			},
		},
	} {
		t.Run(c.name, c.run)
	}
}

func TestSheetFigures(t *testing.T) {
	for _, c := range []scoreCase{
		{
			name: "seven sisters least", source: "sheet: Potential 3,900-5,600 (6x600 + final pair exposed 300)",
			hand: "22m55m88m22p55p88p2s+2s", win: scoring.Discard, total: 3900, reading: SevenSistersHand,
		},
		{
			name: "seven sisters most", source: "sheet: Potential 3,900-5,600 (7x800)",
			hand: "11z22z33z44z55z66z77z", win: scoring.SelfDraw, total: 5600, reading: SevenSistersHand,
		},
		{
			name: "seven sisters final pair claimed", source: "sheet: 300/400 exposed final pair only",
			hand: "11m55m99p22s33s11z7z+7z", win: scoring.Discard, total: 4200, reading: SevenSistersHand,
		},
		{
			name: "caught with six pairs least", source: "sheet: Caught with 5-6 pairs = 300-1,000 (6x100 - 300)",
			hand: "22m55m88m22p55p88p1z", loser: true, total: 300, reading: AllPairs,
		},
		{
			name: "caught with six pairs most", source: "sheet: Caught with 5-6 pairs = 300-1,000 (6x200 - 200)",
			hand: "11m99m11p99p11z22z5m", loser: true, total: 1000, reading: AllPairs,
		},
		{
			name: "caught with five pairs", source: "sheet: all pairs at 100/200, remaining tiles unused",
			hand: "11m55m99p22s33s4z6z7z", loser: true, total: 700 - 900, reading: AllPairs,
		},
		{
			name: "accidental set sinks seven sisters", source: "sheet: Accidentally forming a set = score only that set + best pair",
			hand: "11m55m99p22s33s777z", loser: true, total: 800 + 200 - 8*200, reading: WithSets,
			items: []string{
				"honour-set-hidden 800 777z", "honour-pair 200 11m",
				"unused-regular -200 5m", "unused-regular -200 5m", "unused-regular -200 9p", "unused-regular -200 9p",
				"unused-regular -200 2s", "unused-regular -200 2s", "unused-regular -200 3s", "unused-regular -200 3s",
			},
		},
	} {
		t.Run(c.name, c.run)
	}
}

func TestReadings(t *testing.T) {
	for _, c := range []scoreCase{
		{
			name: "claimed discard completes a set", source: "issue 6: a set completed by a claimed discard counts as exposed",
			hand: "123m456m789p55s11z+1z", win: scoring.Discard, total: 600*3 + 400 + 100, reading: Standard,
		},
		{
			name: "claimed discard completes a chow", source: "issue 6: a set completed by a claimed discard counts as exposed",
			hand: "12m44m456p789p111z+3m", win: scoring.Discard, total: 300 + 600 + 600 + 800 + 100, reading: Standard,
			items: []string{
				"regular-set-exposed 300 123m", "regular-set-hidden 600 456p", "regular-set-hidden 600 789p",
				"honour-set-hidden 800 111z", "regular-pair 100 44m",
			},
		},
		{
			name: "claimed discard read into the pair", source: "issue 6: the reading that scores most (a pair has one value)",
			hand: "2344m456p789p111z+4m", win: scoring.Discard, total: 2700, reading: Standard,
		},
		{
			name: "robbing a kong is a claim", source: "issue 6: a claimed discard counts as exposed",
			hand: "123m456m789p55s11z+1z", win: scoring.RobbingKong, total: 2300, reading: Standard,
		},
		{
			name: "self-drawn completes nothing exposed", source: "issue 6: self-drawn sets are hidden",
			hand: "123m456m789p55s11z+1z", win: scoring.SelfDraw, total: 2700, reading: Standard,
		},
		{
			name: "seven sisters beats the standard reading", source: "issue 6: choose the reading of the 14 tiles that scores most",
			hand: "11223344556677m", win: scoring.SelfDraw, total: 7 * 600, reading: SevenSistersHand,
		},
		{
			name: "standard with most honour sets", source: "issue 6: choose the reading that scores most",
			hand: "111222333m11z22z+2z", win: scoring.Discard, total: 600*3 + 400 + 200, reading: Standard,
		},
		{
			name: "pongs read over chows", source: "issue 6: choose the reading that scores most",
			hand: "111222333m456p55s", win: scoring.SelfDraw, total: 2500, reading: Standard,
		},
		{
			name: "non-winner exposed set with pairs only", source: "sheet: with sets, all other tiles unused",
			hand: "11m55m99p22s4z5z [777z]", loser: true, total: 400 + 200 - 6*200 - 2*300, reading: WithSets,
		},
		{
			name: "non-winner best pair is honour", source: "sheet: score your BEST pair only",
			hand: "123m456p789s55m11z", loser: true, total: 1800 + 200 - 400, reading: WithSets,
		},
		{
			name: "non-winner prefers the set", source: "issue 6: choose the reading that scores most under that rule",
			hand: "1112m456p789s5z6z7z", loser: true, total: 600*3 - 200 - 900, reading: WithSets,
		},
		{
			name: "non-winner nothing at all", source: "sheet: remaining tiles unused",
			hand: "147m258p369s1234z", loser: true, total: 9*-200 + 4*-300, reading: AllPairs,
		},
	} {
		t.Run(c.name, c.run)
	}
}

func TestOptions(t *testing.T) {
	for _, c := range []scoreCase{
		{
			name: "nonwinner_sets forced", source: "sheet: accidentally forming a set = only that set + best pair",
			hand: "11m55m99p22s33s777z", loser: true, total: -600, reading: WithSets,
		},
		{
			name: "nonwinner_sets best", source: "option: the better of with sets and all pairs",
			hand: "11m55m99p22s33s777z", loser: true, total: 700 + 200 - 300, reading: AllPairs,
			rules: func(r *Rules) { r.NonwinnerSets = NonwinnerBest },
		},
		{
			name: "nonwinner_sets best keeps sets when better", source: "option: the better of with sets and all pairs",
			hand: "123m456p777z99p5m8s", loser: true, total: 1800, reading: WithSets,
			rules: func(r *Rules) { r.NonwinnerSets = NonwinnerBest },
		},
		{
			name: "nonwinner_sets best with an exposed set", source: "option: an exposed set is always scored with sets",
			hand: "11m55m99p22s4z5z [777z]", loser: true, total: -1200, reading: WithSets,
			rules: func(r *Rules) { r.NonwinnerSets = NonwinnerBest },
		},
		{
			name: "four as two pairs allowed", source: "option four_as_two_pairs: true",
			hand: "1111m55m99p22s33s11z", win: scoring.SelfDraw, total: 6*600 + 800, reading: SevenSistersHand,
			rules: func(r *Rules) { r.SevenSisters.FourAsTwoPairs = true },
		},
		{
			name: "four as two pairs in all pairs", source: "option four_as_two_pairs: true with nonwinner_sets: best",
			hand: "1111m55m99p22s33s4z", loser: true, total: 200 + 200 + 100 + 200 + 100 + 100 - 300, reading: AllPairs,
			rules: func(r *Rules) { r.SevenSisters.FourAsTwoPairs = true; r.NonwinnerSets = NonwinnerBest },
		},
		{
			name: "exposed kong as a set", source: "option kongs: sets",
			hand: "123m777z99m [5555p] [789s]", win: scoring.SelfDraw, total: 600 + 800 + 300 + 300 + 200, reading: Standard,
		},
		{
			name: "concealed kong as a hidden set", source: "option kongs: sets",
			hand: "123m777z99m (5555p) [789s]", win: scoring.SelfDraw, total: 600 + 800 + 600 + 300 + 200, reading: Standard,
		},
		{
			name: "honour kong exposed", source: "option kongs: sets",
			hand: "123m456p99m [7777z] [789s]", loser: false, win: scoring.SelfDraw, total: 600 + 600 + 400 + 300 + 200, reading: Standard,
		},
		{
			name: "flowers cancel honour first", source: "sheet: boosted cancels 1 unused honor tile",
			hand: "123m456p777z99p5m1z 3f*", loser: true, total: 2200 - 500 + 300, reading: WithSets,
		},
		{
			name: "regular and boosted flowers share the unused", source: "sheet: regular cancel 1 unused regular tile",
			hand: "123m456p777z99p5m1z 1f 3f*", loser: true, total: 2200 - 500 + 300 + 200, reading: WithSets,
		},
		{
			name: "regular flower cannot cancel an honour", source: "sheet: regular cancel 1 unused regular tile OR +50",
			hand: "123m456p777z99p1z2z 1f", loser: true, total: 2200 - 600 + 50, reading: WithSets,
		},
		{
			name: "second boosted flower with nothing left", source: "sheet: +100 pts if no unused tiles",
			hand: "123m456p789s111z9p 2f* 3f*", loser: true, total: 2600 - 200 + 250 + 100, reading: WithSets,
		},
		{
			name: "boosted flower that may not cancel an honour", source: "option flowers.boosted.cancel_honour: false",
			hand: "123m456p777z99p1z2z 3f*", loser: true, total: 2200 - 600, reading: WithSets,
			rules: func(r *Rules) { r.Flowers.Boosted.CancelHonour = false },
			items: []string{
				"regular-set-hidden 600 123m", "regular-set-hidden 600 456p", "honour-set-hidden 800 777z",
				"honour-pair 200 99p", "unused-honour -300 1z", "unused-honour -300 2z",
				"boosted-flower-none 0 3f",
			},
		},
		{
			name: "table values", source: "a table's copy changes the numbers",
			hand: "123m456m789p111z55s", win: scoring.SelfDraw, total: 3*500 + 1000 + 50, reading: Standard,
			rules: func(r *Rules) {
				r.Sets.Regular.Hidden, r.Sets.Honour.Hidden, r.Pairs.Regular.Value = 500, 1000, 50
			},
		},
	} {
		t.Run(c.name, c.run)
	}
}

func TestFlowerAssignment(t *testing.T) {
	h := notation.MustParse("123m456p777z99p5m1z 1f 3f*")
	res, err := ScoreLoser(&h, Default())
	if err != nil {
		t.Fatal(err)
	}
	want := []FlowerUse{
		{Flower: notation.F1, Use: CancelRegular, Cancels: notation.M1 + 4, Value: 200},
		{Flower: notation.F1 + 2, Boosted: true, Use: CancelHonour, Cancels: notation.East, Value: 300},
	}
	if diff := cmp.Diff(want, res.Flowers); diff != "" {
		t.Errorf("flowers (-want +got):\n%s", diff)
	}
	var got []string
	for _, f := range res.Flowers {
		got = append(got, f.String())
	}
	if diff := cmp.Diff([]string{"1f cancels 5m (+200)", "3f* cancels 1z (+300)"}, got); diff != "" {
		t.Errorf("flower strings (-want +got):\n%s", diff)
	}
}

func TestBestFlowers(t *testing.T) {
	for _, c := range []struct {
		name           string
		nr, nb, ur, uh int
		want           plan
	}{
		{"nothing", 0, 0, 3, 3, plan{}},
		{"regular bonus on a clear hand", 2, 0, 0, 0, plan{value: 100}},
		{"boosted bonus on a clear hand", 0, 2, 0, 0, plan{value: 200}},
		{"boosted takes the honour", 1, 1, 1, 1, plan{value: 500, rr: 1, bh: 1}},
		{"boosted takes a regular when no honour", 0, 1, 2, 0, plan{value: 250, br: 1}},
		{"boosted bonus needs a clear hand", 0, 2, 1, 0, plan{value: 350, br: 1}},
		{"regular cannot take honours", 2, 0, 0, 2, plan{value: 100}},
		{"more flowers than tiles", 3, 3, 1, 1, plan{value: 300 + 200 + 2*100 + 2*50, rr: 1, bh: 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := bestFlowers(Default(), c.nr, c.nb, c.ur, c.uh)
			if diff := cmp.Diff(c.want, got, cmp.AllowUnexported(plan{})); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestNotWinning(t *testing.T) {
	for _, c := range []struct{ name, hand string }{
		{"loose tiles", "123m456m789p111z5s6s"},
		{"pairs and a pong", "11m55m99p22s33s777z1z"},
		{"four of a kind as two pairs by default", "1111m55m99p22s33s11z"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := notation.MustParse(c.hand)
			res, err := ScoreWinner(&h, scoring.SelfDraw, Default())
			if !errors.Is(err, scoring.ErrNotWinning) {
				t.Errorf("error = %v, want ErrNotWinning", err)
			}
			if res.Valid || res.Reason == "" {
				t.Errorf("result = %+v, want invalid with a reason", res)
			}
			if got := res.String(); got != "not a winning hand: "+res.Reason {
				t.Errorf("String() = %q", got)
			}
		})
	}
}

func TestImpossible(t *testing.T) {
	kongless := Default()
	kongless.Kongs = KongsForbidden
	noWin := notation.MustParse("123m456m789p111z55s")
	noWin.Win = notation.NoTile
	quint := notation.MustParse("123m456m789p55s")
	quint.Melds = []notation.Meld{{Kind: notation.Quint, Tile: notation.East, From: notation.NoSeat}}
	notAFlower := notation.MustParse("123m456m789p111z5s")
	notAFlower.Bonus = []notation.BonusTile{{Tile: notation.M1}}
	bonusInside := notation.MustParse("123m456m789p111z55s")
	bonusInside.Concealed[notation.Flower]++
	for _, c := range []struct {
		name  string
		hand  notation.Hand
		loser bool
		win   scoring.WinKind
		rules *Rules
	}{
		{"winner with 13 tiles", notation.MustParse("123m456m789p111z5s"), false, scoring.SelfDraw, Default()},
		{"loser with 14 tiles", notation.MustParse("123m456m789p111z55s"), true, 0, Default()},
		{"joker", notation.MustParse("123m456m789p111z5sJ"), false, scoring.SelfDraw, Default()},
		{"joker in a meld", notation.MustParse("123m456m789p55s [111zJ]"), false, scoring.SelfDraw, Default()},
		{"quint", quint, false, scoring.SelfDraw, Default()},
		{"kong forbidden", notation.MustParse("123m777z99m [5555p] [789s]"), false, scoring.SelfDraw, kongless},
		{"discard win without a winning tile", noWin, false, scoring.Discard, Default()},
		{"flower among the concealed tiles", bonusInside, false, scoring.SelfDraw, Default()},
		{"no rules", notation.MustParse("123m456m789p111z55s"), false, scoring.SelfDraw, nil},
		{"a tile laid out as a flower", notAFlower, true, 0, Default()},
	} {
		t.Run(c.name, func(t *testing.T) {
			var err error
			if c.loser {
				_, err = ScoreLoser(&c.hand, c.rules)
			} else {
				_, err = ScoreWinner(&c.hand, c.win, c.rules)
			}
			if !errors.Is(err, scoring.ErrImpossible) {
				t.Errorf("error = %v, want ErrImpossible", err)
			}
		})
	}
}

func TestResultString(t *testing.T) {
	h := notation.MustParse("123m456p777z99p5m8s 3f*")
	res, err := ScoreLoser(&h, Default())
	if err != nil {
		t.Fatal(err)
	}
	want := "2050 = regular-set-hidden 600 [123m] + regular-set-hidden 600 [456p] + honour-set-hidden 800 [777z]" +
		" + honour-pair 200 [99p] - unused-regular 200 [5m] - unused-regular 200 [8s] + boosted-flower-cancel-regular 250 [3f5m]"
	if diff := cmp.Diff(want, res.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestSigned(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0"}, {50, "+50"}, {999, "+999"}, {1000, "+1000"}, {-2050, "-2050"}, {10000, "+10000"}, {1234567, "+1234567"}} {
		t.Run(c.want, func(t *testing.T) {
			if diff := cmp.Diff(c.want, Signed(c.n)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestResultJSON(t *testing.T) {
	h := notation.MustParse("123m99p5m8s [456p] [777z] 3f*")
	res, err := ScoreLoser(&h, Default())
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Valid   bool   `json:"valid"`
		Total   int    `json:"total"`
		Reading string `json:"reading"`
		Items   []struct {
			ID    string   `json:"id"`
			Name  string   `json:"name"`
			Value int      `json:"value"`
			Tiles []string `json:"tiles"`
		} `json:"items"`
		Flowers []map[string]any `json:"flowers"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	var items []string
	for _, it := range got.Items {
		items = append(items, fmt.Sprintf("%s %q %d %v", it.ID, it.Name, it.Value, it.Tiles))
	}
	want := []string{
		`regular-set-hidden "regular set, hidden" 600 [1m 2m 3m]`,
		`regular-set-exposed "regular set, exposed" 300 [4p 5p 6p]`,
		`honour-set-exposed "honour set, exposed" 400 [7z 7z 7z]`,
		`honour-pair "honour or terminal pair" 200 [9p 9p]`,
		`unused-regular "unused regular tile" -200 [5m]`,
		`unused-regular "unused regular tile" -200 [8s]`,
		`boosted-flower-cancel-regular "boosted flower cancels an unused tile" 250 [3f 5m]`,
	}
	if diff := cmp.Diff(want, items); diff != "" {
		t.Errorf("items (-want +got):\n%s", diff)
	}
	if !got.Valid || got.Total != 1350 || got.Reading != "with-sets" {
		t.Errorf("valid %v total %d reading %q", got.Valid, got.Total, got.Reading)
	}
	wantFlowers := []map[string]any{{"flower": "3f", "boosted": true, "use": "cancel-regular", "cancels": "5m", "value": 250.0}}
	if diff := cmp.Diff(wantFlowers, got.Flowers); diff != "" {
		t.Errorf("flowers (-want +got):\n%s", diff)
	}

	h = notation.MustParse("123m456m789p111z5s6s")
	res, _ = ScoreWinner(&h, scoring.SelfDraw, Default())
	b, err = json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	wantInvalid := `{"valid":false,"total":0,"items":[],"reason":"the tiles are not four sets and a pair, nor seven pairs"}`
	if diff := cmp.Diff(wantInvalid, string(b)); diff != "" {
		t.Errorf("invalid JSON (-want +got):\n%s", diff)
	}
}
