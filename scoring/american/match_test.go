package american

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/notation"
)

// verdict is the part of a Result a table checks.
type verdict struct {
	Valid     bool
	Line      string
	Value     int
	Jokerless bool
	Concealed bool
}

func verdictOf(r Result) verdict {
	return verdict{Valid: r.Valid, Line: r.Line, Value: r.Value, Jokerless: r.Jokerless, Concealed: r.Concealed}
}

func TestMatchSampleCard(t *testing.T) {
	card := sampleCard(t)
	tests := []struct {
		name string
		hand string
		want verdict
	}{
		{"Y1", "NN 226m Wd SS 666p 666s", verdict{true, "Y1", 25, true, true}},
		{"Y1 exposed with a joker", "NN 226m Wd SS [666p] [66sJ]", verdict{true, "Y1", 25, false, false}},
		{"Y1 near miss", "NN 226m Wd SS 666p 667s", verdict{Concealed: true, Jokerless: true}},
		{"Y2 white as zero and as the dots dragon", "ffff 226m WdWdWdWd GdGdGd", verdict{true, "Y2", 25, true, true}},
		{"Y2 near miss", "ffff 226m WdWdWdWd GdGd Rd", verdict{Concealed: true, Jokerless: true}},
		{"Y3", "fff 226m Wd 666p 226s Wd", verdict{true, "Y3", 30, true, true}},
		{"Y3 near miss: a C line exposed", "fff 226m Wd [666p] 226s Wd", verdict{Jokerless: true}},
		{"Y4", "ffff 226m Wd 222p 222s", verdict{true, "Y4", 30, true, true}},
		{"Y4 near miss: a C line exposed", "ffff 226m Wd [222p] 222s", verdict{Jokerless: true}},
		{"E1", "222244m 66688p GdGdGd", verdict{true, "E1", 25, true, true}},
		{"E1 near miss: opposite dragon of a's suit", "222244m 66688p RdRdRd", verdict{Concealed: true, Jokerless: true}},
		{"E2", "fff 22m 666m 44p 8888p", verdict{true, "E2", 30, true, true}},
		{"E2 near miss", "fff 22m 666m 44m 8888p", verdict{Concealed: true, Jokerless: true}},
		{"E3 in one suit", "ff 2222m 44m 66m 8888m", verdict{true, "E3", 25, true, true}},
		{"E3 in two suits", "ff 2222m 44m 66m 8888p", verdict{true, "E3", 25, true, true}},
		{"E3 near miss: three suits", "ff 2222m 44p 66m 8888s", verdict{Concealed: true, Jokerless: true}},
		{"L1", "ff 3333m 3333p 3333s", verdict{true, "L1", 25, true, true}},
		{"L1 with jokers in kongs", "ff 33m JJ 3333p 333s J", verdict{true, "L1", 25, false, true}},
		{"L1 near miss: a joker in a pair", "ff 333m J 333p J 333s J", verdict{Concealed: true}},
		{"L2", "NN 777m 777p 777s SSS", verdict{true, "L2", 30, true, true}},
		{"L2 a concealed pung of jokers", "NN 777m 777p JJJ SSS", verdict{true, "L2", 30, false, true}},
		{"L2 near miss", "NN 777m 777p 778s SSS", verdict{Concealed: true, Jokerless: true}},
		{"L3", "333m 333p 7777m 7777p", verdict{true, "L3", 30, true, true}},
		{"L3 near miss: a third suit", "333m 333p 7777m 7777s", verdict{Concealed: true, Jokerless: true}},
		{"A1", "NN 4444m 5555p 9999s", verdict{true, "A1", 25, true, true}},
		{"A1 near miss", "NN 4444m 5555p 9999m", verdict{Concealed: true, Jokerless: true}},
		{"Q1", "2222mJ 33m 4444mJ NN", verdict{true, "Q1", 40, false, true}},
		{"Q1 near miss: a joker in the pair", "2222mJ 3m J 4444mJ NN", verdict{Concealed: true}},
		{"Q2", "EEEE J 5555s WWWW J", verdict{true, "Q2", 45, false, true}},
		{"Q2 exposed quints", "[EEEEJ] 5555s [WWWJJ]", verdict{true, "Q2", 45, false, false}},
		{"Q2 near miss", "EEEE J 5555s WWWW N", verdict{Concealed: true}},
		{"Q3", "2222mJ NNNN 2222pJ", verdict{true, "Q3", 40, false, true}},
		{"Q3 near miss", "2222mJ NNN E 2222pJ", verdict{Concealed: true}},
		{"Q3 is any number but 5", "5555mJ NNNN 5555pJ", verdict{Concealed: true}},
		{"R1", "ff 333555m 4444p WdWd", verdict{true, "R1", 25, true, true}},
		{"R1 near miss", "ff 333555m 4444p GdGd", verdict{Concealed: true, Jokerless: true}},
		{"R2", "11m 22p 33s 4444m 4444p", verdict{true, "R2", 25, true, true}},
		{"R2 near miss", "11m 22p 33s 4444m 444p 5p", verdict{Concealed: true, Jokerless: true}},
		{"R3", "ff 5678m 5555p 6666s", verdict{true, "R3", 30, true, true}},
		{"R3 near miss: a C line exposed", "ff 5678m [5555p] 6666s", verdict{Jokerless: true}},
		{"O1", "1111m 33m 555p 77p 999s", verdict{true, "O1", 25, true, true}},
		{"O1 near miss", "1111m 33m 555p 77p 999m", verdict{Concealed: true, Jokerless: true}},
		{"W1", "ff NN EEEE WW SSSS", verdict{true, "W1", 25, true, true}},
		{"W1 with a joker in a kong", "ff NN EEEE WW SSS J", verdict{true, "W1", 25, false, true}},
		{"W1 near miss: a joker in a pair", "ff N J EEEE WW SSSS", verdict{Concealed: true}},
		{"W2", "NNN RdRdRdRd SSS GdGdGdGd", verdict{true, "W2", 30, true, true}},
		{"W2 near miss", "NNN RdRdRdRd SS E GdGdGdGd", verdict{Concealed: true, Jokerless: true}},
		{"W3", "NEWS RdRdRd GdGdGd WdWdWdWd", verdict{true, "W3", 30, true, true}},
		{"W3 near miss", "NEWS RdRdRd GdGdGd WdWdWd N", verdict{Concealed: true, Jokerless: true}},
		{"T1", "ff 333999m 6666p 66s", verdict{true, "T1", 25, true, true}},
		{"T1 near miss", "ff 333999m 6666p 66m", verdict{Concealed: true, Jokerless: true}},
		{"T2 in one suit", "ff 3333m 6666m 9999m", verdict{true, "T2", 25, true, true}},
		{"T2 in three suits", "ff 3333m 6666p 9999s", verdict{true, "T2", 25, true, true}},
		{"T2 near miss: two suits", "ff 3333m 6666m 9999p", verdict{Concealed: true, Jokerless: true}},
		{"P1", "EE WW 2244m 6688p WdWd", verdict{true, "P1", 50, true, true}},
		{"P1 near miss: a joker in a pair", "EE WW 2244m 6688p Wd J", verdict{Concealed: true}},
		{"P2", "ff 13579m 13579p GdGd", verdict{true, "P2", 50, true, true}},
		{"P2 near miss", "ff 13579m 13579p RdRd", verdict{Concealed: true, Jokerless: true}},
	}
	seen, missed := map[string]bool{}, map[string]bool{}
	for _, tt := range tests {
		if id, ok := strings.CutSuffix(strings.SplitN(tt.name, ":", 2)[0], " near miss"); ok {
			missed[id] = true
		}
		t.Run(tt.name, func(t *testing.T) {
			got := Match(card, mustHand(t, tt.hand), nil)
			if diff := cmp.Diff(tt.want, verdictOf(got)); diff != "" {
				t.Errorf("Match(%q) mismatch (-want +got):\n%s\nreason: %s", tt.hand, diff, got.Reason)
			}
			// A near miss is explained by the line it nearly is: the one the player meant.
			if id, ok := strings.CutSuffix(strings.SplitN(tt.name, ":", 2)[0], " near miss"); ok &&
				!strings.HasPrefix(got.Reason, "nearest is "+id+" ") && !strings.HasPrefix(got.Reason, id+" ") {
				t.Errorf("Match(%q).Reason = %q, want it to name line %s", tt.hand, got.Reason, id)
			}
		})
		if tt.want.Valid {
			seen[tt.want.Line] = true
		}
	}
	for _, l := range card.Lines {
		if !seen[l.ID] {
			t.Errorf("line %s has no matching hand in the table", l.ID)
		}
		if !missed[l.ID] {
			t.Errorf("line %s has no near miss in the table", l.ID)
		}
	}
}

func TestMatchReading(t *testing.T) {
	card := sampleCard(t)
	tests := []struct {
		name string
		hand string
		want Reading
	}{
		{"suits and jokers", "NN 226m Wd SS [666p] [66sJ]",
			Reading{Hand: "NN 2026m SS 666p 666s", Suits: map[string]string{"a": "m", "b": "p", "c": "s"}, Jokers: []notation.Tile{notation.S1 + 5}}},
		{"number variable", "ff 33m JJ 3333p 333s J",
			Reading{Hand: "ff 3333m 33p 33p 3333s", X: 3, Suits: map[string]string{"a": "m", "b": "p", "c": "s"}, Jokers: []notation.Tile{notation.M1 + 2, notation.M1 + 2, notation.S1 + 2}}},
		{"winds only", "ff NN EEEE WW SSSS", Reading{Hand: "ff NN EEEE WW SSSS"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Match(card, mustHand(t, tt.hand), nil)
			if got.Reading == nil {
				t.Fatalf("Match(%q) = no match: %s", tt.hand, got.Reason)
			}
			if diff := cmp.Diff(tt.want, *got.Reading); diff != "" {
				t.Errorf("Match(%q).Reading mismatch (-want +got):\n%s", tt.hand, diff)
			}
		})
	}
}

func TestReadingString(t *testing.T) {
	card := sampleCard(t)
	tests := []struct {
		name, hand, want string
	}{
		{"variables and jokers", "ff 33m JJ 3333p 333s J", "ff 3333m 33p 33p 3333s (X=3, a=m b=p c=s, jokers as 3m 3m 3s)"},
		{"nothing to say", "ff NN EEEE WW SSSS", "ff NN EEEE WW SSSS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Match(card, mustHand(t, tt.hand), nil)
			if got.Reading == nil {
				t.Fatalf("no match: %s", got.Reason)
			}
			if diff := cmp.Diff(tt.want, got.Reading.String()); diff != "" {
				t.Errorf("String mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestResultString(t *testing.T) {
	card := sampleCard(t)
	tests := []struct {
		name, hand, want string
	}{
		{"a match", "NN 226m Wd SS [666p] [66sJ]", "Y1 2026 25 exposed = NN 2026m SS 666p 666s"},
		{"jokerless", "1111m 33m 555p 77p 999s", "O1 13579 25 concealed jokerless = 1111m 33m 555p 77p 999s"},
		{"no match", "1111m 33m 555p 77p 99s 9m", "no match: nearest is O1 (13579, 25): 1 tile short, lacks 9s; no place for 9m"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Match(card, mustHand(t, tt.hand), nil).String()); diff != "" {
				t.Errorf("String mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestJokerRules(t *testing.T) {
	card := compileLines(t,
		LineSpec{ID: "J1", Pattern: []string{"NEWS 123a 444b 555b 6c"}},
		LineSpec{ID: "J2", Pattern: []string{"NN 2026a 2222b 3333c"}},
		LineSpec{ID: "J3", Pattern: []string{"FF 1111a 22a 3333b 44b"}},
	)
	tests := []struct {
		name  string
		hand  string
		valid bool
	}{
		{"joker in a pung", "NEWS 123m 44p J 555p 6s", true},
		{"joker in NEWS", "NEW J 123m 444p 555p 6s", false},
		{"joker in a run", "NEWS 12m J 444p 555p 6s", false},
		{"joker in a single", "NEWS 123m 444p 555p J", false},
		{"joker in 2026", "NN 22m J 6m 2222p 3333s", false},
		{"joker in a kong beside 2026", "NN 226m Wd 222p J 3333s", true},
		{"joker in a pair", "ff 1111m 2m J 3333p 44p", false},
		{"two pairs are not a kong", "ff 1111m 22m 3333p [444p J]", false},
		{"an exposed pung is not a kong", "f f [111m] 1m 22m 3333p 44p", false},
		{"an exposed kong with jokers", "ff [11mJJ] 22m 3333p 44p", true},
		{"a pung exposed where the line has a kong of it elsewhere", "ff 1111m 22m [333p] 3p 44p", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Match(card, mustHand(t, tt.hand), nil)
			if got.Valid != tt.valid {
				t.Errorf("Match(%q).Valid = %v, want %v (line %s, reason %q)", tt.hand, got.Valid, tt.valid, got.Line, got.Reason)
			}
		})
	}
}

func TestMatchBadHands(t *testing.T) {
	card := sampleCard(t)
	fromCounts := func(ts map[notation.Tile]uint8, melds ...notation.Meld) *notation.Hand {
		h := &notation.Hand{Melds: melds}
		for t, n := range ts {
			h.Concealed[t] = n
		}
		return h
	}
	m := func(n int) notation.Tile { return notation.M1 + notation.Tile(n-1) }
	tests := []struct {
		name string
		hand *notation.Hand
		want string
	}{
		{"thirteen tiles", mustHand(t, "NN 226m Wd SS 666p 66s"), "13 tiles: a finished hand has 14"},
		{"a fifth tile", fromCounts(map[notation.Tile]uint8{m(1): 5, m(2): 4, m(3): 4, m(4): 1}), "5 of 1m: the set has four of each tile"},
		{"nine jokers", fromCounts(map[notation.Tile]uint8{notation.Joker: 9, m(2): 4, m(3): 1}), "9 jokers: the set has eight"},
		{"nine flowers", fromCounts(map[notation.Tile]uint8{notation.Flower: 9, m(2): 4, m(3): 1}), "9 flowers: the set has eight"},
		{"an exposure of jokers only", fromCounts(map[notation.Tile]uint8{m(1): 4, m(2): 4, m(3): 3},
			notation.Meld{Kind: notation.Pong, Tile: m(5), Jokers: 3, From: notation.NoSeat}), "[JJJ]: an exposure holds at least one natural tile"},
		{"an exposed run", mustHand(t, "[123m] 1111p 2222s 333s"), "[123m]: a run is never exposed in American play"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Match(card, tt.hand, nil)
			if diff := cmp.Diff(tt.want, got.Reason); diff != "" || got.Valid {
				t.Errorf("Match reason mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMatchTwoLines(t *testing.T) {
	tests := []struct {
		name  string
		lines []LineSpec
		hand  string
		want  string
		value int
	}{
		{"higher value wins", []LineSpec{
			{ID: "K1", Pattern: []string{"FF 1111a 2222a 3333a"}, Value: 25},
			{ID: "K2", Pattern: []string{"FF XXXXa XXXX+1a XXXX+2a"}, Value: 30},
		}, "ff 111122223333p", "K2", 30},
		{"card order breaks a tie", []LineSpec{
			{ID: "K1", Pattern: []string{"FF XXXXa XXXX+1a XXXX+2a"}, Value: 25},
			{ID: "K2", Pattern: []string{"FF 1111a 2222a 3333a"}, Value: 25},
		}, "ff 111122223333p", "K1", 25},
		{"alternatives of one line", []LineSpec{
			{ID: "K1", Pattern: []string{"FF 1111a 2222a 3333a", "FF 1111a 2222b 3333c"}, Value: 25},
		}, "ff 1111m 2222p 3333s", "K1", 25},
		{"group alternatives", []LineSpec{
			{ID: "K1", Pattern: []string{"FF 1111a 2222a 3333a|6666a"}, Value: 25},
		}, "ff 1111m 2222m 6666m", "K1", 25},
		{"a suit variable only one alternative uses", []LineSpec{
			{ID: "K1", Pattern: []string{"FF 1111a 2222b|3333c 4444a"}, Value: 25},
		}, "ff 1111m 3333s 4444m", "K1", 25},
		{"any wind and any suit", []LineSpec{
			{ID: "K1", Pattern: []string{"ZZ 1111* 2222* ZZZZ"}, Value: 25},
		}, "WW 1111m 2222s NNNN", "K1", 25},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card := compileLines(t, tt.lines...)
			got := Match(card, mustHand(t, tt.hand), nil)
			if diff := cmp.Diff(verdict{Valid: true, Line: tt.want, Value: tt.value, Jokerless: true, Concealed: true}, verdictOf(got)); diff != "" {
				t.Errorf("Match(%q) mismatch (-want +got):\n%s\nreason: %s", tt.hand, diff, got.Reason)
			}
		})
	}
}

func TestConcealedBonus(t *testing.T) {
	card := sampleCard(t)
	r := &Rules{Card: "sample-2026", ConcealedBonus: 10}
	tests := []struct {
		name  string
		hand  string
		value int
		items int
	}{
		{"X line won concealed", "222244m 66688p GdGdGd", 35, 2},
		{"X line won exposed", "2222m 44m 66688p [GdGdGd]", 25, 1},
		{"C line", "fff 226m Wd 666p 226s Wd", 30, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Match(card, mustHand(t, tt.hand), r)
			if diff := cmp.Diff([2]int{tt.value, tt.items}, [2]int{got.Value, len(got.Items)}); diff != "" {
				t.Errorf("value, items mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestJokerlessBonus(t *testing.T) {
	card := sampleCard(t)
	tests := []struct {
		name string
		hand string
		want bool
	}{
		{"jokerless X line", "1111m 33m 555p 77p 999s", true},
		{"with a joker", "1111m 33m 555p 77p 99sJ", false},
		{"singles and pairs never", "EE WW 2244m 6688p WdWd", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Match(card, mustHand(t, tt.hand), nil)
			if diff := cmp.Diff(tt.want, got.JokerlessBonus); diff != "" {
				t.Errorf("JokerlessBonus mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNearestReason(t *testing.T) {
	card := sampleCard(t)
	tests := []struct {
		name string
		hand string
		want string
	}{
		{"one tile off", "1111m 33m 555p 77p 99s 9m", "nearest is O1 (13579, 25): 1 tile short, lacks 9s; no place for 9m"},
		{"a joker in a pair", "ff N J EEEE WW SSSS", "nearest is W1 (Winds - Dragons, 25): 1 tile short, lacks 4z; no place for J (jokers stand only in sets of 3 or more identical tiles)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Match(card, mustHand(t, tt.hand), nil)
			if diff := cmp.Diff(tt.want, got.Reason); diff != "" {
				t.Errorf("Reason mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
