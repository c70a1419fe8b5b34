package settle_test

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
)

// TestBuiltinRulesets checks that the settlement: sections of the built-in rulesets, loaded through
// rulesets.Load (extends: and sources included), are the copies kept in testdata.
func TestBuiltinRulesets(t *testing.T) {
	tests := []struct {
		ruleset string
		files   []string // testdata sections, later ones merged over earlier ones
	}{
		{"hk", []string{"hk-settlement.yaml"}},
		{"american", []string{"american-settlement.yaml"}},
		{"hk-oldstyle", []string{"hk-settlement.yaml", "hk-oldstyle-settlement.yaml"}},
	}
	for _, tt := range tests {
		t.Run(tt.ruleset, func(t *testing.T) {
			rs, err := rulesets.Load(tt.ruleset)
			if err != nil {
				t.Fatal(err)
			}
			want := &settle.Rules{}
			for _, f := range tt.files {
				b, err := os.ReadFile("testdata/" + f)
				if err != nil {
					t.Fatal(err)
				}
				var doc struct {
					Settlement *settle.Rules `yaml:"settlement"`
				}
				doc.Settlement = want
				if err := decodeInto(b, &doc); err != nil {
					t.Fatalf("%s: %v", f, err)
				}
			}
			if diff := cmp.Diff(want, rs.Settlement, cmpopts.IgnoreTypes(scoring.Source{})); diff != "" {
				t.Errorf("builtin %s settlement differs from testdata (-want +got):\n%s", tt.ruleset, diff)
			}
			if rs.Settlement.Cases[rs.Settlement.Discard].Source.Line == 0 {
				t.Errorf("the loader left the discard case without a source line")
			}
		})
	}
}

func TestOldStyleSettlement(t *testing.T) {
	rs, err := rulesets.Load("hk-oldstyle")
	if err != nil {
		t.Fatal(err)
	}
	runSettleCases(t, rs.Settlement, []settleCase{
		{
			name: "13 faan at cap 13, half discard", source: "hk-oldstyle.yaml: half-spicy-13, 半銃",
			in: settle.Input{Kind: scoring.Discard, Discarder: S, Winners: []settle.Winner{winner(E, 13)}},
			want: []pay{
				{S, E, "384", "discard/half"}, {W, E, "192", "discard/half"}, {N, E, "192", "discard/half"},
			},
			deltas: [4]string{"768", "-384", "-192", "-192"},
		},
		{
			name: "robbing a kong as a self-draw", source: "hk-oldstyle.yaml: 搶槓當自摸",
			in:     settle.Input{Kind: scoring.RobbingKong, Discarder: N, Winners: []settle.Winner{winner(W, 3)}},
			want:   []pay{{N, W, "12", "robbing-kong"}},
			deltas: [4]string{"0", "0", "12", "-12"},
		},
	})
}
