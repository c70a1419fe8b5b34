package hk_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/hk"
	"pgregory.net/rapid"
)

// genHand draws a random hand that is usually a win: four sets (some of them melds) and a pair,
// within the four-copies limit, sometimes with bonus tiles, sometimes with one tile swapped.
func genHand(t *rapid.T) notation.Hand {
	for {
		h, all := handgen.Draw(t)
		if rapid.IntRange(0, 4).Draw(t, "swap") == 0 {
			ts := h.Concealed.Tiles()
			out := ts[rapid.IntRange(0, len(ts)-1).Draw(t, "out")]
			in := notation.Tile(rapid.IntRange(1, 34).Draw(t, "in"))
			h.Concealed[out]--
			h.Concealed[in]++
			all[out]--
			all[in]++
		}
		if !handgen.Fits(&all) {
			continue
		}
		for b := notation.F1; b < notation.Flower; b++ {
			if rapid.IntRange(0, 5).Draw(t, "bonus") == 0 {
				h.Bonus = append(h.Bonus, notation.BonusTile{Tile: b})
			}
		}
		ts := h.Concealed.Tiles()
		h.Win = ts[rapid.IntRange(0, len(ts)-1).Draw(t, "win")]
		h.Canonicalize()
		return h
	}
}

// shuffled writes h with every tile on its own, in a random order, the winning tile after '+'.
func shuffled(t *rapid.T, h notation.Hand) string {
	c := h.Concealed
	c[h.Win]--
	var parts []string
	for _, tile := range c.Tiles() {
		parts = append(parts, tile.String())
	}
	for _, m := range h.Melds {
		parts = append(parts, m.String())
	}
	for _, b := range h.Bonus {
		parts = append(parts, b.String())
	}
	perm := rapid.Permutation(parts).Draw(t, "order")
	return strings.Join(perm, " ") + " +" + h.Win.String()
}

func genSituation(t *rapid.T) scoring.Situation {
	return scoring.Situation{
		Seat:       notation.Seat(rapid.IntRange(0, 3).Draw(t, "seat")),
		Prevailing: notation.Seat(rapid.IntRange(0, 3).Draw(t, "prevailing")),
		Win:        scoring.WinKind(rapid.IntRange(0, int(scoring.Earthly)).Draw(t, "win")),
		LastTile:   rapid.Bool().Draw(t, "last"),
		Discarder:  notation.NoSeat,
	}
}

// TestRapidScoreIgnoresTileOrder: writing the same hand in another order gives the same verdict.
func TestRapidScoreIgnoresTileOrder(t *testing.T) {
	rules := []*hk.Rules{loadRules(t, "hk", nil), loadRules(t, "hk-oldstyle", nil)}
	rapid.Check(t, func(t *rapid.T) {
		h := genHand(t)
		r := rules[rapid.IntRange(0, 1).Draw(t, "ruleset")]
		sit := genSituation(t)
		want, werr := hk.Score(&h, sit, r)
		s := shuffled(t, h)
		h2, err := notation.Parse(s)
		if err != nil {
			t.Fatalf("parse %q: %v", s, err)
		}
		got, gerr := hk.Score(&h2, sit, r)
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("errors differ: %v vs %v", werr, gerr)
		}
		if werr != nil && !errors.Is(werr, scoring.ErrImpossible) {
			t.Fatalf("error %v does not wrap ErrImpossible", werr)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%s vs %s (-want +got):\n%s", notation.Format(h), s, diff)
		}
	})
}

// TestRapidScoreInvariants: totals add up, the cap holds, valid verdicts reach the minimum, and the
// reading uses exactly the hand's tiles.
func TestRapidScoreInvariants(t *testing.T) {
	rules := []*hk.Rules{loadRules(t, "hk", nil), loadRules(t, "hk-oldstyle", nil), loadRules(t, "hk", map[string]string{"cap": "0", "min_faan": "0"})}
	rapid.Check(t, func(t *rapid.T) {
		h := genHand(t)
		r := rules[rapid.IntRange(0, len(rules)-1).Draw(t, "ruleset")]
		res, err := hk.Score(&h, genSituation(t), r)
		if err != nil {
			return
		}
		sum := 0
		for _, it := range res.Items {
			sum += it.Value
		}
		if res.Limit {
			if res.Total != r.LimitValue() {
				t.Fatalf("limit hand paid %d, want %d", res.Total, r.LimitValue())
			}
		} else if sum != res.RawTotal {
			t.Fatalf("items sum to %d, raw total %d: %s", sum, res.RawTotal, res)
		}
		if r.Cap > 0 && res.Total > r.Cap {
			t.Fatalf("total %d above the cap %d", res.Total, r.Cap)
		}
		if res.Valid != (res.Reason == "") {
			t.Fatalf("valid %v with reason %q", res.Valid, res.Reason)
		}
		if res.Valid && !res.Limit && res.Total < r.MinFaan {
			t.Fatalf("valid with %d faan, minimum %d", res.Total, r.MinFaan)
		}
		if res.Decomposition != nil && res.Decomposition.Counts() != h.All() {
			t.Fatalf("reading %s does not use the hand %s", res.Decomposition, notation.Format(h))
		}
		if res.Decomposition == nil && !res.Valid && res.Reason == "" {
			t.Fatal("invalid with no reason")
		}
	})
}

func TestResultString(t *testing.T) {
	r := loadRules(t, "hk", nil)
	tests := []struct {
		name string
		hand string
		sit  scoring.Situation
		want string
	}{
		{
			name: "issue example",
			hand: "123m456p789s111z55z",
			sit:  scoring.Situation{Win: scoring.SelfDraw},
			want: "5 faan = seat-wind 1 [111z] + prevailing-wind 1 [111z] + self-draw 1 + concealed-hand 1 + no-flowers 1",
		},
		{
			name: "style guide example",
			hand: "111m333p777z99m [222s]",
			sit:  scoring.Situation{Seat: notation.SeatSouth, Win: scoring.SelfDraw},
			want: "6 faan = all-pongs 3 + dragon-pong 1 [777z] + self-draw 1 + no-flowers 1",
		},
		{
			name: "capped",
			hand: "222m88m [555z] [666z] [777z]",
			sit:  scoring.Situation{Seat: notation.SeatSouth},
			want: "10 faan (15 before the cap of 10) = all-pongs 3 + mixed-one-suit 3 + big-dragons 8 + no-flowers 1",
		},
		{
			name: "limit",
			hand: "19m19p19s12345677z",
			want: "10 faan (limit) = thirteen-orphans 10",
		},
		{
			name: "below the minimum",
			hand: "123m456m789p222s55p",
			sit:  scoring.Situation{Seat: notation.SeatSouth},
			want: "2 faan = concealed-hand 1 + no-flowers 1: 2 faan, minimum 3",
		},
		{
			name: "not a win",
			hand: "123m456p789s111z5z",
			want: "not a winning shape: 13 tiles after melds, expected 14",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := notation.MustParse(tc.hand)
			res, err := hk.Score(&h, tc.sit, r)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, res.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestResultJSON(t *testing.T) {
	r := loadRules(t, "hk", nil)
	h := notation.MustParse("123m456p789s111z55z")
	res, err := hk.Score(&h, scoring.Situation{Win: scoring.SelfDraw}, r)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"valid": true, "total": 5.0, "raw_total": 5.0, "limit": false, "reason": "", "min_faan": 3.0, "cap": 10.0,
		"self_drawn": true,
		"decomposition": map[string]any{
			"shape": "standard", "sets": []any{"123m", "456p", "789s", "111z"}, "pair": "55z", "win_in": "55z",
		},
	}
	items := got["items"].([]any)
	delete(got, "items")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("JSON (-want +got):\n%s", diff)
	}
	first := items[0].(map[string]any)
	if first["id"] != "seat-wind" || first["name"] != "Seat wind" || first["name_zh"] != "門風" || first["value"] != 1.0 {
		t.Errorf("first item %v", first)
	}
	if diff := cmp.Diff([]any{"1z", "1z", "1z"}, first["tiles"]); diff != "" {
		t.Errorf("tiles (-want +got):\n%s", diff)
	}
}

func TestReadingJSONShapes(t *testing.T) {
	r := loadRules(t, "hk-oldstyle", nil)
	tests := []struct {
		name, hand, want string
	}{
		{"seven pairs", "1122m3344p5566s77z", `{"shape":"seven-pairs","sets":["11m","22m","33p","44p","55s","66s","77z"]}`},
		{"thirteen orphans", "19m19p19s12345677z", `{"shape":"thirteen-orphans","sets":["19m19p19s1234567z"],"pair":"77z"}`},
		{"melds", "456p789s55z [123m] (1111z)", `{"shape":"standard","sets":["[123m]","(1111z)","456p","789s"],"pair":"55z","win_in":"55z"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := notation.MustParse(tc.hand)
			res, err := hk.Score(&h, scoring.Situation{Seat: notation.SeatSouth}, r)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(res.Decomposition)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(b)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestScoreWithoutValidate(t *testing.T) {
	// Score works on Rules that were never validated (it resolves the items itself), and reports
	// a broken ruleset as an error rather than a verdict.
	r := loadRules(t, "hk", nil)
	fresh := *r
	fresh.Items = map[string]*hk.ItemDef{}
	for k, v := range r.Items {
		fresh.Items[k] = v
	}
	h := notation.MustParse("123m456p789s111z55z")
	res, err := hk.Score(&h, scoring.Situation{Win: scoring.SelfDraw}, &hk.Rules{MinFaan: fresh.MinFaan, Cap: fresh.Cap, Flowers: true, ConcealedHandWithFlowers: true, BonusCountsTowardMin: true, Items: fresh.Items})
	if err != nil || res.Total != 5 {
		t.Errorf("unvalidated rules: total %d, error %v; want 5, nil", res.Total, err)
	}
	delete(fresh.Items, "no-flowers")
	if _, err := hk.Score(&h, scoring.Situation{}, &hk.Rules{Items: fresh.Items}); err == nil {
		t.Error("a ruleset missing no-flowers scored without error")
	}
}

// randomWinningHands returns n random winning hands, some with melds and bonus tiles.
func randomWinningHands(n int) []notation.Hand {
	rng := rand.New(rand.NewPCG(3, 4))
	out := make([]notation.Hand, n)
	for i := range out {
		out[i] = handgen.Random(rng, 2)
		if rng.IntN(2) == 0 {
			out[i].Bonus = []notation.BonusTile{{Tile: notation.F1 + notation.Tile(rng.IntN(8))}}
		}
	}
	return out
}

func BenchmarkScore(b *testing.B) {
	r := loadRules(b, "hk", nil)
	hands := randomWinningHands(1024)
	sits := []scoring.Situation{
		{Win: scoring.Discard}, {Win: scoring.SelfDraw, Seat: notation.SeatSouth},
		{Win: scoring.Discard, Seat: notation.SeatWest, Prevailing: notation.SeatSouth}, {Win: scoring.SelfDraw},
	}
	i := 0
	for b.Loop() {
		if _, err := hk.Score(&hands[i&1023], sits[i&3], r); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkScoreIssueExample(b *testing.B) {
	r := loadRules(b, "hk", nil)
	h := notation.MustParse("123m456p789s111z55z")
	sit := scoring.Situation{Win: scoring.SelfDraw}
	for b.Loop() {
		if _, err := hk.Score(&h, sit, r); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzScore: any hand the notation accepts is scored without a panic, under any situation, and a
// valid verdict always has a reading.
func FuzzScore(f *testing.F) {
	for _, c := range loadCases(f) {
		f.Add(c.Hand, uint8(0), uint8(0), uint8(1), false)
	}
	f.Add("123m456p789s111z55z", uint8(1), uint8(2), uint8(5), true)
	r := loadRules(f, "hk-oldstyle", nil)
	var mu sync.Mutex
	var sc hk.Scratch // one scratch across every input: what the last hand left must not show
	f.Fuzz(func(t *testing.T, hand string, seat, prevailing, win uint8, last bool) {
		h, err := notation.Parse(hand)
		if err != nil {
			return
		}
		sit := scoring.Situation{Seat: notation.Seat(seat % 5), Prevailing: notation.Seat(prevailing % 4),
			Win: scoring.WinKind(win % 9), LastTile: last, Discarder: notation.NoSeat}
		res, err := hk.Score(&h, sit, r)
		mu.Lock()
		fromScratch, serr := hk.ScoreScratch(&h, sit, r, &sc)
		if (err == nil) != (serr == nil) || err != nil && err.Error() != serr.Error() {
			t.Fatalf("ScoreScratch error %v, Score's %v", serr, err)
		}
		if diff := cmp.Diff(res, fromScratch); diff != "" {
			t.Fatalf("%s: (-Score +ScoreScratch):\n%s", hand, diff)
		}
		mu.Unlock()
		if err != nil {
			if !errors.Is(err, scoring.ErrImpossible) {
				t.Fatalf("error %v does not wrap ErrImpossible", err)
			}
			return
		}
		if res.Valid && res.Decomposition == nil && !res.SelfDrawn {
			t.Fatalf("valid without a reading: %s", res)
		}
		_ = res.String()
		if _, err := json.Marshal(res); err != nil {
			t.Fatal(err)
		}
	})
}

// TestScoreConcurrently: one validated Rules is shared by every goroutine of a batch (run with -race).
func TestScoreConcurrently(t *testing.T) {
	r := loadRules(t, "hk", nil)
	hands := randomWinningHands(64)
	want := make([]string, len(hands))
	for i := range hands {
		res, _ := hk.Score(&hands[i], scoring.Situation{}, r)
		want[i] = res.String()
	}
	done := make(chan string, 4)
	for range 4 {
		go func() {
			for i := range hands {
				res, _ := hk.Score(&hands[i], scoring.Situation{}, r)
				if res.String() != want[i] {
					done <- res.String() + " != " + want[i]
					return
				}
			}
			done <- ""
		}()
	}
	for range 4 {
		if msg := <-done; msg != "" {
			t.Error(msg)
		}
	}
}

// TestRapidScoreScratchIsScore: ScoreScratch, with one Scratch used from hand to hand, returns what
// Score returns (an empty item list as empty, not nil), whatever the hand held before it: hands
// with and without flowers, all eight of them (two results at once) and the situations' every win.
// rapid's hands differ from run to run; a fixed set of hands after them, through the same scratch,
// is what must reach items with tiles, readings and eight flowers, so the test cannot pass for a
// run that never met them nor fail for one that met them less often.
func TestRapidScoreScratchIsScore(t *testing.T) {
	rules := []*hk.Rules{loadRules(t, "hk", nil), loadRules(t, "hk-oldstyle", nil)}
	var sc hk.Scratch
	same := func(t interface {
		Helper()
		Fatalf(string, ...any)
	}, h *notation.Hand, sit scoring.Situation, r *hk.Rules) hk.Result {
		t.Helper()
		want, werr := hk.Score(h, sit, r)
		got, gerr := hk.ScoreScratch(h, sit, r, &sc)
		if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
			t.Fatalf("errors differ: %v vs %v", werr, gerr)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%s, %+v (-Score +ScoreScratch):\n%s", notation.Format(*h), sit, diff)
		}
		if (want.Items == nil) != (got.Items == nil) {
			t.Fatalf("items nil %v, Score's nil %v", got.Items == nil, want.Items == nil)
		}
		return got
	}
	eightFlowers := func(h *notation.Hand) {
		h.Bonus = nil
		for f := notation.F1; f < notation.F1+8; f++ {
			h.Bonus = append(h.Bonus, notation.BonusTile{Tile: f})
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		h := genHand(t)
		if rapid.IntRange(0, 5).Draw(t, "eight") == 0 {
			eightFlowers(&h)
		}
		same(t, &h, genSituation(t), rules[rapid.IntRange(0, 1).Draw(t, "ruleset")])
	})

	var withTiles, read, eight int // what the fixed hands reached
	rng := rand.New(rand.NewPCG(30, 15))
	for i, h := range randomWinningHands(400) {
		if i%5 == 0 {
			eightFlowers(&h)
		}
		if i%3 == 0 { // a hand that is no win: a tile swapped for any other
			ts := h.Concealed.Tiles()
			out, in := ts[rng.IntN(len(ts))], notation.Tile(1+rng.IntN(34))
			h.Concealed[out]--
			h.Concealed[in]++
			if h.Concealed[in] > 4 || h.Concealed[h.Win] == 0 {
				continue
			}
		}
		sit := scoring.Situation{Seat: notation.Seat(rng.IntN(4)), Prevailing: notation.Seat(rng.IntN(4)),
			Win: scoring.WinKind(rng.IntN(int(scoring.Earthly) + 1)), LastTile: rng.IntN(2) == 0, Discarder: notation.NoSeat}
		got := same(t, &h, sit, rules[i%2])
		if slices.ContainsFunc(got.Items, func(it scoring.Item) bool { return len(it.Tiles) > 0 }) {
			withTiles++
		}
		if got.Decomposition != nil {
			read++
		}
		if len(h.Bonus) == 8 {
			eight++
		}
	}
	if withTiles < 20 || read < 20 || eight < 20 {
		t.Errorf("fixed hands with items' tiles %d, with a reading %d, with eight flowers %d: want 20 of each", withTiles, read, eight)
	}
	t.Logf("fixed hands with items' tiles %d, with a reading %d, with eight flowers %d", withTiles, read, eight)
}
