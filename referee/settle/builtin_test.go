package settle_test

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
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
		bounds  scoring.Bounds
	}{
		{"hk", []string{"hk-settlement.yaml"}, scoring.Bounds{Unit: "faan", Min: 3, Cap: 10, Limit: 10}},
		{"american", []string{"american-settlement.yaml"}, scoring.Bounds{Unit: "value", Values: []int{25, 30, 40, 45, 50}}},
		{"hk-table", []string{"hk-settlement.yaml", "hk-table-settlement.yaml"}, scoring.Bounds{Unit: "faan", Min: 3, Cap: 10, Limit: 10}},
		{"hk-oldstyle", []string{"hk-settlement.yaml", "hk-table-settlement.yaml", "hk-oldstyle-settlement.yaml"}, scoring.Bounds{Unit: "faan", Min: 3, Cap: 13, Limit: 13}},
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
			if diff := cmp.Diff(want, rs.Settlement, cmpopts.IgnoreTypes(scoring.Source{}), cmpopts.IgnoreFields(settle.Rules{}, "Bounds")); diff != "" {
				t.Errorf("builtin %s settlement differs from testdata (-want +got):\n%s", tt.ruleset, diff)
			}
			// The loader gives the settlement the bounds of the family's section.
			if diff := cmp.Diff(tt.bounds, rs.Settlement.Bounds); diff != "" {
				t.Errorf("bounds (-want +got):\n%s", diff)
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
			// The konger pays every share of a self-draw: 3 × 2 shares × 4, more than the 4 shares × 4
			// a plain 半銃 discard of the same hand brings (issue 25).
			name: "robbing a kong as a self-draw", source: "hk-oldstyle.yaml: 搶槓當自摸 under hk-table's shares",
			in:     settle.Input{Kind: scoring.RobbingKong, Discarder: N, Winners: []settle.Winner{winner(W, 3)}},
			want:   []pay{{N, W, "24", "robbing-kong"}},
			deltas: [4]string{"0", "0", "24", "-24"},
		},
		{
			name: "a plain discard of the same hand, 半銃", source: "hk-oldstyle.yaml: 半銃 under hk-table's shares",
			in:     settle.Input{Kind: scoring.Discard, Discarder: N, Winners: []settle.Winner{winner(W, 3)}},
			want:   []pay{{E, W, "4", "discard/half"}, {S, W, "4", "discard/half"}, {N, W, "8", "discard/half"}},
			deltas: [4]string{"-4", "-4", "16", "-8"},
		},
		{
			name: "a self-draw, two shares from each", source: "hk-oldstyle.yaml: hk-table's self-draw",
			in:     settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(W, 3)}},
			want:   []pay{{E, W, "8", "self-draw"}, {S, W, "8", "self-draw"}, {N, W, "8", "self-draw"}},
			deltas: [4]string{"-8", "-8", "24", "-8"},
		},
	})
}

// TestCapTableMatrix settles every built-in payout table under every common cap: a hand below the
// minimum is not a win, a hand at the cap is paid its row, a hand above the cap is paid the cap's
// row (with a note), and a limit hand the cap's row (13 with no cap). The expected points come from
// the tables' closed forms (research B.2), not from the YAML: half-spicy doubles to 4 faan and then
// every two faan, full-spicy doubles every faan, bucket is 4-7-10 with 10+ flat. A table that cannot
// reach the cap is refused when the ruleset loads.
func TestCapTableMatrix(t *testing.T) {
	halfSpicy := func(f int) float64 { // 五一 single share: m(f)/2
		switch {
		case f <= 4:
			return float64(int(1)<<f) / 2
		case f%2 == 0:
			return 16 * float64(int(1)<<((f-4)/2)) / 2
		}
		return 24 * float64(int(1)<<((f-5)/2)) / 2
	}
	fullSpicy := func(f int) float64 { return float64(int(1)<<f) / 2 }
	bucket := func(f int) float64 {
		switch {
		case f <= 3:
			return float64(int(1) << f)
		case f <= 6:
			return 16
		case f <= 9:
			return 32
		}
		return 64
	}
	tables := []struct {
		ruleset, table string
		points         func(int) float64
		top            int // the last row it pays, 0 when it goes on without end
	}{
		{"hk", "half-spicy", halfSpicy, 0},
		{"hk", "full-spicy", fullSpicy, 0},
		{"hk", "bucket", bucket, 0},
		{"hk-table", "half-spicy", halfSpicy, 0},
		{"hk-oldstyle", "half-spicy-13", halfSpicy, 13},
	}
	for _, tb := range tables {
		for _, c := range []int{8, 10, 13, 0} {
			name := fmt.Sprintf("%s/%s/cap %d", tb.ruleset, tb.table, c)
			t.Run(name, func(t *testing.T) {
				rs, err := rulesets.Load(tb.ruleset, fmt.Sprintf("cap=%d", c), "settlement.table="+tb.table)
				if tb.top > 0 && (c == 0 || c > tb.top) {
					var re *rulesets.Error
					if !errors.As(err, &re) || !strings.Contains(re.Msg, "table "+tb.table+" (") || !strings.Contains(re.Msg, fmt.Sprintf("stops at %d faan", tb.top)) {
						t.Fatalf("cap %d on a table that stops at %d: %v, want the loader to refuse it naming the table", c, tb.top, err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				r := rs.Settlement
				paidAt := c
				if c == 0 {
					paidAt = 13
				}
				share := func(w settle.Winner) (string, settle.Result, error) {
					res, err := settle.Settle(r, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{w}})
					if err != nil {
						return "", res, err
					}
					return res.Payments[0].Amount.String(), res, nil
				}
				// Each opponent pays the self-draw case's shares of the row (hk 1, hk-table and
				// hk-oldstyle 2).
				each, err := strconv.ParseFloat(r.Cases[r.SelfDraw].Each.String(), 64)
				if err != nil {
					t.Fatal(err)
				}
				want := func(f int) string {
					return strconv.FormatFloat(each*tb.points(f), 'f', -1, 64)
				}
				// Below the minimum: not a win.
				_, _, err = share(winner(S, r.Bounds.Min-1))
				var bm *scoring.BelowMinError
				if !errors.As(err, &bm) || !errors.Is(err, scoring.ErrNotWinning) {
					t.Errorf("%d faan: %v, want a BelowMinError", r.Bounds.Min-1, err)
				} else if got := err.Error(); got != fmt.Sprintf("%d faan is below this table's minimum of %d: not a win", r.Bounds.Min-1, r.Bounds.Min) {
					t.Errorf("below the minimum: %q", got)
				}
				// At the cap, above it, and a limit hand.
				above := paidAt + 3
				for _, tc := range []struct {
					what   string
					w      settle.Winner
					paidAt int
					note   string
				}{
					{"at the cap", winner(S, paidAt), paidAt, ""},
					{"above the cap", winner(S, above), paidAt, fmt.Sprintf("%d faan, paid at the cap of %d", above, c)},
					{"limit", limitWinner(S), paidAt, fmt.Sprintf("a limit hand, paid at the cap of %d", c)},
				} {
					if c == 0 && tc.what == "above the cap" {
						tc.paidAt, tc.note = above, "" // no cap: a hand is paid at its faan
					}
					if c == 0 && tc.what == "limit" {
						tc.note = "a limit hand, paid at 13 faan (no cap)"
					}
					got, res, err := share(tc.w)
					if err != nil {
						t.Errorf("%s: %v", tc.what, err)
						continue
					}
					if got != want(tc.paidAt) {
						t.Errorf("%s: each pays %s, want %s (%s shares of the %d-faan row)", tc.what, got, want(tc.paidAt), r.Cases[r.SelfDraw].Each, tc.paidAt)
					}
					if p := res.Paid[0]; p.Paid != tc.paidAt || p.Note != tc.note {
						t.Errorf("%s: paid at %d with note %q, want %d, %q", tc.what, p.Paid, p.Note, tc.paidAt, tc.note)
					}
				}
			})
		}
	}
}
