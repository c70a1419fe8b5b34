package american

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/scoring"
)

func TestLineHands(t *testing.T) {
	card := sampleCard(t)
	want := map[string]int{
		"Y1": 3, "Y2": 3, "Y3": 3, "Y4": 3, "E1": 6, "E2": 6, "E3": 9, "L1": 27, "L2": 9, "L3": 216, "A1": 6,
		"Q1": 21, "Q2": 27, "Q3": 24, "R1": 42, "R2": 36, "R3": 36, "O1": 6, "W1": 1, "W2": 3, "W3": 1, "T1": 6,
		"T2": 9, "P1": 6, "P2": 3,
	}
	got := map[string]int{}
	for _, info := range card.Info() {
		got[info.ID] = info.Hands
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("hands per line mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"2026", "2468", "Any Like Numbers", "Addition Hands", "Quints", "Consecutive Run", "13579", "Winds - Dragons", "369", "Singles and Pairs"}, card.Sections()); diff != "" {
		t.Errorf("Sections mismatch (-want +got):\n%s", diff)
	}
}

func TestPatternTiles(t *testing.T) {
	tests := []struct {
		name    string
		pattern string
		want    string // the first concrete hand
	}{
		{"offset applies to the whole run of X", "FF XXXa XXXX+1b XXX+2a DDb", "ff 111m 2222p 333m WdWd"},
		{"zero is the white dragon", "FFFF 2026a DDDb DDDc", "ffff 2026m WdWdWd GdGdGd"},
		{"fixed suits", "1111m 2222p 3333s 44m", "1111m 2222p 3333s 44m"},
		{"offsets on singles", "FF Xa X+1a X+2a X+3a XXXXb XXXX+1c", "ff 1m 2m 3m 4m 1111p 2222s"},
		{"any wind per group", "ZZZZ ZZZZ ZZZZ FF", "EEEE EEEE EEEE ff"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card := compileLines(t, LineSpec{Pattern: []string{tt.pattern}})
			if diff := cmp.Diff(tt.want, card.Lines[0].hands[0].handText()); diff != "" {
				t.Errorf("first hand of %q mismatch (-want +got):\n%s", tt.pattern, diff)
			}
		})
	}
}

func TestCompileErrors(t *testing.T) {
	src := func(line int) scoring.Source { return scoring.Source{Ruleset: "card.yaml", Line: line} }
	tests := []struct {
		name  string
		lines []LineSpec
		want  []string
	}{
		{"13 tiles", []LineSpec{{ID: "R1", Pattern: []string{"FF XXXa XXXX+1b XXX+2a Db"}, Value: 25, Source: src(12)}},
			[]string{"card.yaml:12: line R1: pattern has 13 tiles, expected 14"}},
		{"an alternative with 13 tiles", []LineSpec{{ID: "R1", Pattern: []string{"FF 1111a 2222a 3333a", "FF 1111a 2222a 333a"}, Value: 25, Source: src(12), PatternLines: []int{13, 14}}},
			[]string{"card.yaml:14: line R1: alternative 2 has 13 tiles, expected 14"}},
		{"unknown symbol", []LineSpec{{ID: "K1", Pattern: []string{"FF 1111a 2222a 3333Q"}, Value: 25, Source: src(3)}},
			[]string{`card.yaml:3: line K1: pattern: group "3333Q": unknown symbol 'Q': expected 1-9, 0, X, X+k, Y, Y+k, D, Rd, Gd, Wd, F, N, E, W, S, Z and a suit suffix a, b, c, m, p, s or *`}},
		{"suffix missing", []LineSpec{{ID: "K1", Pattern: []string{"FF 1111a 2222a 3333"}, Value: 25, Source: src(3)}},
			[]string{`card.yaml:3: line K1: pattern: group "3333": suit suffix missing: a group with numbers, X, Y or D ends in a, b, c, m, p, s or *`}},
		{"suffix not allowed", []LineSpec{{ID: "K1", Pattern: []string{"FFa 1111a 2222a 3333a"}, Value: 25, Source: src(3)}},
			[]string{`card.yaml:3: line K1: pattern: group "FFa": suit suffix "a" not allowed: only a group with numbers, X, Y or D takes a suit`}},
		{"a group alternative given twice", []LineSpec{{ID: "K1", Pattern: []string{"FF 1111a 2222a 3333a|3333a"}, Value: 25, Source: src(3)}},
			[]string{`card.yaml:3: line K1: pattern: group "3333a|3333a": alternative "3333a" is given twice`}},
		{"suits out of range", []LineSpec{{ID: "K1", Pattern: []string{"FF 1111a 2222b 3333a"}, Suits: []int{4}, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line K1: suits: 4 is not a number of suits 1-3", "card.yaml:3: line K1: pattern has no possible hand (numbers out of 1-9, or more tiles than the set holds)"}},
		{"suits without a suit variable", []LineSpec{{ID: "K1", Pattern: []string{"FF 1111m 2222m 3333m"}, Suits: []int{1, 2}, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line K1: suits: given but the pattern has no suit variable a, b or c"}},
		{"y without Y", []LineSpec{{ID: "K1", Pattern: []string{"FF XXXXa 2222a 3333a"}, Y: []int{2}, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line K1: y: given but the pattern has no Y"}},
		{"relative without numbers", []LineSpec{{ID: "K1", Pattern: []string{"FF XXXXa NNNN EEEE"}, Relative: true, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line K1: numbers: relative given but the pattern has no printed number"}},
		{"Y is never X", []LineSpec{{ID: "K1", Pattern: []string{"FF XXXXa YYYYa NNNN"}, X: []int{5}, Y: []int{5}, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line K1: pattern has no possible hand (numbers out of 1-9, or more tiles than the set holds)"}},
		{"duplicate id", []LineSpec{
			{ID: "K1", Pattern: []string{"FF 1111a 2222a 3333a"}, Value: 25, Source: src(3)},
			{ID: "K1", Pattern: []string{"FF 1111a 2222a 4444a"}, Value: 25, Source: src(4)}},
			[]string{"card.yaml:4: line K1: duplicate id (first at card.yaml:3)"}},
		{"value not positive", []LineSpec{{ID: "K1", Pattern: []string{"FF 1111a 2222a 3333a"}, Value: 0, Source: src(3)}},
			[]string{"card.yaml:3: line K1: value 0 is not positive"}},
		{"offset too big", []LineSpec{{ID: "K1", Pattern: []string{"FF XXXXa XXXX+5a XXXX+9a"}, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line K1: pattern: group \"XXXX+9a\": an offset is at most +8"}},
		{"offset of two digits", []LineSpec{{ID: "K1", Pattern: []string{"FF XXXXa XXXX+5a XXXX+10a"}, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line K1: pattern: group \"XXXX+10a\": '+' must be followed by one digit, as in X+1"}},
		{"no possible hand: restricted X", []LineSpec{{ID: "K1", Pattern: []string{"FF XXXXa XXXX+1a XXXX+2a"}, X: []int{8, 9}, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line K1: pattern has no possible hand (numbers out of 1-9, or more tiles than the set holds)"}},
		{"no possible hand: five naturals in pairs", []LineSpec{{ID: "K1", Pattern: []string{"NN NN NN 1111a 2222a"}, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line K1: pattern has no possible hand (numbers out of 1-9, or more tiles than the set holds)"}},
		{"too many tiles", []LineSpec{{ID: "K1", Pattern: []string{"FF 1111a 2222b 3333c 1111* 2*"}, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line K1: pattern has 19 tiles, expected 14"}},
		{"x out of range", []LineSpec{{ID: "K1", Pattern: []string{"FF XXXXa XXXX+1a XXXX+2a"}, X: []int{0}, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line K1: x: 0 is not a number 1-9", "card.yaml:3: line K1: pattern has no possible hand (numbers out of 1-9, or more tiles than the set holds)"}},
		{"x without X", []LineSpec{{ID: "K1", Pattern: []string{"FF 1111a 2222a 3333a"}, X: []int{1}, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line K1: x: given but the pattern has no X"}},
		{"alternatives of different sizes", []LineSpec{{ID: "K1", Pattern: []string{"FF 1111a 2222a 333a|4444a"}, Value: 25, Source: src(3)}},
			[]string{`card.yaml:3: line K1: pattern: group "333a|4444a": alternatives have different sizes (3 and 4 tiles)`}},
		{"too many free choices", []LineSpec{{ID: "K1", Pattern: []string{"Z Z Z Z Z Z Z Z Z Z Z Z Z Z"}, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line K1: pattern stands for more than 10000 hands: too many free choices (*, Z, |, suits:)"}},
		{"no id", []LineSpec{{Pattern: []string{"FF 1111a 2222a 3333a"}, Value: 25, Source: src(3)}},
			[]string{"card.yaml:3: line 1 has no id"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, err := Compile(CardSpec{Name: "t", Lines: tt.lines})
			if err == nil {
				err = card.Err() // some lines play: the others are the card's problems
			}
			if err == nil {
				t.Fatal("Compile succeeded, want an error")
			}
			var got []string
			for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
				var le *LineError
				if !errors.As(e, &le) {
					t.Errorf("error %v is not a *LineError", e)
				}
				got = append(got, e.Error())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("errors mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCompileWarnings: a repeated alternative is ignored with a warning and its line plays; a bad
// line is left out with a warning naming it, and the card plays the others (issue 25, item 6).
func TestCompileWarnings(t *testing.T) {
	src := func(line int) scoring.Source { return scoring.Source{Ruleset: "card.yaml", Line: line} }
	good := LineSpec{ID: "G1", Pattern: []string{"FF 1111a 2222a 3333a"}, Value: 25, Source: src(2)}
	tests := []struct {
		name   string
		lines  []LineSpec
		played []string
		want   []string // the warnings' messages; left out ones marked "L "
	}{
		{"a duplicated alternative", []LineSpec{{ID: "K1", Pattern: []string{"FF 1111a 2222b 3333c", "FF 1111b 2222a 3333c"}, Value: 25, Source: src(3), PatternLines: []int{4, 5}}},
			[]string{"K1 6"},
			[]string{"card.yaml:5: line K1: alternative 2 is a duplicate: alternative 1 already gives every hand of it (ignored)"}},
		{"an alternative two others cover", []LineSpec{{ID: "K1", Pattern: []string{"FF 1111a 2222a 3333a", "FF 1111a 2222b 3333c", "FF 1111a 2222a|2222b 3333a|3333c"}, Suits: []int{1, 3}, Value: 25, Source: src(3)}},
			[]string{"K1 9"},
			[]string{"card.yaml:3: line K1: alternative 3 is a duplicate: alternatives 1 and 2 already give every hand of it (ignored)"}},
		{"a 13-tile line beside a good one", []LineSpec{good, {ID: "R1", Pattern: []string{"FF XXXa XXXX+1b XXX+2a Db"}, Value: 25, Source: src(12)}},
			[]string{"G1 3"},
			[]string{"L card.yaml:12: line R1 left out: pattern has 13 tiles, expected 14"}},
		{"a line with two problems", []LineSpec{good, {ID: "R1", Pattern: []string{"FF 1111a 2222a 333a"}, Value: -1, Source: src(7)}},
			[]string{"G1 3"},
			[]string{"L card.yaml:7: line R1 left out: value -1 is not positive", "L card.yaml:7: line R1 left out: pattern has 13 tiles, expected 14"}},
		{"a line with no id", []LineSpec{good, {Pattern: []string{"FF 1111a 2222a 4444a"}, Value: 25, Source: src(8)}},
			[]string{"G1 3"},
			[]string{"L card.yaml:8: line left out: line 2 has no id"}},
		{"a duplicate alternative in a line left out", []LineSpec{good, {ID: "K1", Pattern: []string{"FF 4444a 2222a 3333a", "FF 4444a 2222a 3333a", "FF 1111a 2222a 333a"}, Value: 25, Source: src(3)}},
			[]string{"G1 3"},
			[]string{"L card.yaml:3: line K1 left out: alternative 3 has 13 tiles, expected 14"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, err := Compile(CardSpec{Name: "t", Lines: tt.lines})
			if err != nil {
				t.Fatalf("Compile: %v", err)
			}
			var played, got []string
			for _, l := range card.Lines {
				played = append(played, fmt.Sprintf("%s %d", l.ID, l.Hands()))
			}
			for _, w := range card.Warnings {
				if w.LeftOut {
					got = append(got, "L "+w.Message)
				} else {
					got = append(got, w.Message)
				}
			}
			if diff := cmp.Diff(tt.played, played); diff != "" {
				t.Errorf("lines played (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			if left := slices.ContainsFunc(card.Warnings, func(w scoring.Warning) bool { return w.LeftOut }); left != (card.Err() != nil) {
				t.Errorf("Err() = %v with a line left out: %v", card.Err(), left)
			}
		})
	}
}

func TestRulesValidate(t *testing.T) {
	tests := []struct {
		name  string
		rules Rules
		want  []string // the error's path, nil when valid
	}{
		{"valid", Rules{Card: "sample-2026"}, nil},
		{"no card", Rules{}, []string{"card"}},
		{"negative bonus", Rules{Card: "x", ConcealedBonus: -10}, []string{"concealed_bonus"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			if err := tt.rules.Validate(); err != nil {
				var re *scoring.RuleError
				if !errors.As(err, &re) {
					t.Fatalf("Validate() = %v, not a *scoring.RuleError", err)
				}
				got = re.Path
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("path mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
