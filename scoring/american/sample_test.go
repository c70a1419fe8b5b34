package american

import (
	"testing"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// sampleLines is the sample card of issue 7 (family/american/cards/sample-2026.yaml), written out here so the
// package's tests do not depend on the YAML loader; rulesets/card_test.go checks the two agree.
var sampleLines = []LineSpec{
	{Section: "2026", ID: "Y1", Pattern: []string{"NN 2026a SS 666b 666c"}, Value: 25},
	{Section: "2026", ID: "Y2", Pattern: []string{"FFFF 2026a DDDb DDDc"}, Value: 25},
	{Section: "2026", ID: "Y3", Pattern: []string{"FFF 2026a 666b 2026c"}, Value: 30, Concealed: true},
	{Section: "2026", ID: "Y4", Pattern: []string{"FFFF 2026a 222b 222c"}, Value: 30, Concealed: true},
	{Section: "2468", ID: "E1", Pattern: []string{"2222a 44a 666b 88b DDDc"}, Value: 25},
	{Section: "2468", ID: "E2", Pattern: []string{"FFF 22a 44b 666a 8888b"}, Value: 30},
	{Section: "2468", ID: "E3", Pattern: []string{"FF 2222a 44a 66a 8888b"}, Value: 25, Suits: []int{1, 2}, Note: "any 1 or 2 suits"},
	{Section: "Any Like Numbers", ID: "L1", Pattern: []string{"FF XXXXa XXb XXb XXXXc"}, Value: 25},
	{Section: "Any Like Numbers", ID: "L2", Pattern: []string{"NN XXXa XXXb XXXc SSS"}, Value: 30},
	{Section: "Any Like Numbers", ID: "L3", Pattern: []string{"XXXa XXXb YYYYa YYYYb"}, Value: 30, Note: "two different numbers"},
	{Section: "Addition Hands", ID: "A1", Pattern: []string{"NN 4444a 5555b 9999c"}, Value: 25, Note: "4 + 5 = 9"},
	{Section: "Quints", ID: "Q1", Pattern: []string{"11111a 22a 33333a NN"}, Value: 40, Relative: true},
	{Section: "Quints", ID: "Q2", Pattern: []string{"EEEEE XXXXa WWWWW"}, Value: 45},
	{Section: "Quints", ID: "Q3", Pattern: []string{"XXXXXa NNNN XXXXXb"}, Value: 40, X: []int{1, 2, 3, 4, 6, 7, 8, 9}, Note: "any number but 5"},
	{Section: "Consecutive Run", ID: "R1", Pattern: []string{"FF 111a 2222b 333a DDb"}, Value: 25, Relative: true},
	{Section: "Consecutive Run", ID: "R2", Pattern: []string{"11a 22b 33c 4444a 4444b"}, Value: 25, Relative: true},
	{Section: "Consecutive Run", ID: "R3", Pattern: []string{"FF 1234a 1111b 2222c"}, Value: 30, Concealed: true, Relative: true},
	{Section: "13579", ID: "O1", Pattern: []string{"1111a 33a 555b 77b 999c"}, Value: 25},
	{Section: "Winds - Dragons", ID: "W1", Pattern: []string{"FF NN EEEE WW SSSS"}, Value: 25},
	{Section: "Winds - Dragons", ID: "W2", Pattern: []string{"NNN DDDDa SSS DDDDb"}, Value: 30},
	{Section: "Winds - Dragons", ID: "W3", Pattern: []string{"NEWS RdRdRd GdGdGd WdWdWdWd"}, Value: 30},
	{Section: "369", ID: "T1", Pattern: []string{"FF 333a 6666b 999a 66c"}, Value: 25},
	{Section: "369", ID: "T2", Pattern: []string{"FF 3333a 6666b 9999c"}, Value: 25, Suits: []int{1, 3}, Note: "any 1 or 3 suits"},
	{Section: "Singles and Pairs", ID: "P1", Pattern: []string{"EE WW 22a 44a 66b 88b 00"}, Value: 50, Concealed: true},
	{Section: "Singles and Pairs", ID: "P2", Pattern: []string{"FF 13579a 13579b DDc"}, Value: 50, Concealed: true},
}

// sampleCard compiles the sample card, every line but Singles and Pairs with the jokerless bonus.
func sampleCard(tb testing.TB) *Card {
	tb.Helper()
	spec := CardSpec{Name: "mjref sample card", Year: 2026}
	for i, l := range sampleLines {
		l.JokerlessBonus = l.Section != "Singles and Pairs"
		l.Source = scoring.Source{Ruleset: "sample-2026.yaml", Line: 15 + i}
		spec.Lines = append(spec.Lines, l)
	}
	c, err := Compile(spec)
	if err != nil {
		tb.Fatalf("Compile(sample): %v", err)
	}
	return c
}

// compileLines compiles a synthetic card of the given lines (value 25 and the bonus unless set).
func compileLines(tb testing.TB, lines ...LineSpec) *Card {
	tb.Helper()
	spec := CardSpec{Name: "test"}
	for i, l := range lines {
		if l.Value == 0 {
			l.Value = 25
		}
		if l.ID == "" {
			l.ID = string(rune('A'+i)) + "1"
		}
		l.JokerlessBonus = true
		spec.Lines = append(spec.Lines, l)
	}
	c, err := Compile(spec)
	if err != nil {
		tb.Fatalf("Compile: %v", err)
	}
	return c
}

func mustHand(tb testing.TB, s string) *notation.Hand {
	tb.Helper()
	h, err := notation.Parse(s)
	if err != nil {
		tb.Fatalf("Parse(%q): %v", s, err)
	}
	return &h
}
