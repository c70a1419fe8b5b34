package settle_test

import (
	"errors"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// TestTablePoints checks every row of the built-in tables through a self-draw, where each of the three
// losers pays exactly one share.
func TestTablePoints(t *testing.T) {
	hk := loadRules(t, "hk-settlement.yaml")
	tests := []struct {
		table string
		stake string
		want  []string // points for 0, 1, 2 ... faan
	}{
		{"half-spicy", "五一", []string{"0.5", "1", "2", "4", "8", "12", "16", "24", "32", "48", "64", "64", "64"}},
		{"full-spicy", "五一", []string{"0.5", "1", "2", "4", "8", "16", "32", "64", "128", "256", "512", "512"}},
		{"bucket", "五一", []string{"1", "2", "4", "8", "16", "16", "16", "32", "32", "32", "64", "64", "64", "64"}},
		// CHIP's 半辣上 single-share tables at the other stakes.
		{"half-spicy", "二五雞", []string{"0.25", "0.5", "1", "2", "4", "6", "8", "12", "16", "24", "32"}},
		{"half-spicy", "一二蚊", []string{"1", "2", "4", "8", "16", "24", "32", "48", "64", "96", "128"}},
		{"full-spicy", "二五雞", []string{"0.25", "0.5", "1", "2", "4", "8", "16", "32", "64", "128", "256"}},
		{"half-spicy", "0.1", []string{"0.05", "0.1", "0.2", "0.4", "0.8", "1.2", "1.6", "2.4", "3.2", "4.8", "6.4"}},
	}
	for _, tt := range tests {
		r := with(hk, func(r *settle.Rules) { r.Table, r.Stake = tt.table, tt.stake })
		for f, want := range tt.want {
			t.Run(tt.table+"/"+tt.stake+"/"+strconv.Itoa(f), func(t *testing.T) {
				res, err := settle.Settle(r, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(S, f)}})
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Payments) != 3 {
					t.Fatalf("want 3 payments, got %v", res.Payments)
				}
				if diff := cmp.Diff(want, res.Payments[0].Amount.String()); diff != "" {
					t.Errorf("points (-want +got):\n%s", diff)
				}
			})
		}
	}
}

func TestSeedTablePoints(t *testing.T) {
	// The seed: "in the standard half-spicy table, 3 faan is 4 points, 6 faan is 16 and 10 faan is 64".
	r := loadRules(t, "hk-settlement.yaml")
	for _, tt := range []struct{ faan, points int64 }{{3, 4}, {6, 16}, {10, 64}} {
		t.Run(strconv.FormatInt(tt.faan, 10), func(t *testing.T) {
			res, err := settle.Settle(r, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(E, int(tt.faan))}})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(settle.Points(tt.points), res.Payments[0].Amount); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestLinearTable(t *testing.T) {
	r := loadRules(t, "american-settlement.yaml")
	res, err := settle.Settle(r, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(N, 35)}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([4]string{"-70", "-70", "-70", "210"}, deltas(res)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestBuiltinSectionsValidate(t *testing.T) {
	for _, f := range []string{"hk-settlement.yaml", "american-settlement.yaml", "club-settlement.yaml"} {
		t.Run(f, func(t *testing.T) {
			r := loadRules(t, f)
			if r.Table == "" || len(r.Cases) == 0 {
				t.Errorf("%s decoded empty: %+v", f, r)
			}
		})
	}
}

func TestValidateErrors(t *testing.T) {
	tests := []struct {
		name string
		yaml string
		path []string
		msg  string
	}{
		{"no table named", `{tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"table"}, "missing: name a payout table from tables:"},
		{"unknown table", `{table: x, tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"table"}, `unknown table "x": expected one of t`},
		{"table without rows", `{table: t, tables: {t: {name: T}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t"}, "a table needs points: (faan to points) or per: (points per faan)"},
		{"table with both", `{table: t, tables: {t: {per: 1, points: {0: 1}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t"}, "a table has points: or per:, not both"},
		{"bad row key", `{table: t, tables: {t: {points: {0: 1, x: 2}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t", "points", "x"}, `row "x": expected a faan from 0 to 1000, a range like 4-6 or an open row like 10+`},
		{"backwards range", `{table: t, tables: {t: {points: {0: 1, 3-1: 2}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t", "points", "3-1"}, `row "3-1": the range ends before it starts`},
		{"gap", `{table: t, tables: {t: {points: {0: 1, 2: 2}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t", "points", "2"}, "leaves a gap after 0: no row for 1 faan"},
		{"overlap", `{table: t, tables: {t: {points: {0-4: 1, 3: 2}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t", "points", "3"}, "overlaps the row 0-4"},
		{"row after open row", `{table: t, tables: {t: {points: {0+: 1, 3: 2}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t", "points", "3"}, "overlaps the row 0+"},
		{"decreasing", `{table: t, tables: {t: {points: {0: 2, 1: 1}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t", "points", "1"}, "pays less than the row 0"},
		{"negative points", `{table: t, tables: {t: {points: {0: -1}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t", "points", "0"}, "points must not be negative"},
		{"unknown stake", `{table: t, stake: 五二, tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"stake"}, `unknown stake "五二": expected a positive number or one of (none defined)`},
		{"stake past four decimals", `{table: t, stake: "0.33333", tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"stake"}, `stake "0.33333": more than four decimal places: a stake is a positive decimal with at most four decimal places, like 0.5`},
		{"stake with an exponent", `{table: t, stake: "1e3", tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"stake"}, `stake "1e3": unexpected 'e': expected a decimal number like 0.25`},
		{"zero stake", `{table: t, stake: "0", tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"stake"}, `stake "0": must be positive`},
		{"negative stake", `{table: t, stake: "-0.5", tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"stake"}, `stake "-0.5": must be positive`},
		{"zero stake multiplier", `{table: t, stakes: {z: {multiplier: 0}}, tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"stakes", "z", "multiplier"}, "must be a positive number"},
		{"unknown discard case", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: half, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"discard"}, `unknown case "half": expected one of d, s`},
		{"missing self-draw case", `{table: t, tables: {t: {per: 1}}, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"self_draw"}, "missing: name a case from cases:"},
		{"self-draw by discarder only", `{table: t, tables: {t: {per: 1}}, self_draw: d, discard: d, cases: {d: {discarder: 1}}}`,
			[]string{"cases", "d"}, "a self-draw has no discarder: give each: or others:"},
		{"each with discarder", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1, discarder: 2}, d: {discarder: 1}}}`,
			[]string{"cases", "s", "each"}, "each: sets every loser's shares: do not combine it with discarder: or others:"},
		{"nobody pays", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {name: D}}}`,
			[]string{"cases", "d"}, "nobody pays: give each:, discarder: or others:"},
		{"negative shares", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: -1}}}`,
			[]string{"cases", "d"}, "shares must not be negative"},
		{"unknown misnamed case", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: d, misnamed: m, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"misnamed"}, `unknown case "m": expected one of d, s`},
		{"robbing kong", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: d, robbing_kong: {as: free}, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"robbing_kong", "as"}, `unknown "free": expected discard or self-draw`},
		{"multiple winners", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: d, multiple_winners: {as: first}, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"multiple_winners", "as"}, `unknown "first": expected head-bump or all`},
		{"false win", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: d, false_win: {as: double}, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"false_win", "as"}, `unknown "double": expected limit-self-draw, fixed or none`},
		{"fixed false win without amount", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: d, false_win: {as: fixed}, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"false_win", "amount"}, "as: fixed needs a positive amount: write false_win: {as: fixed, amount: POINTS}"},
		{"false win amount unused", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: d, false_win: {amount: 3}, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"false_win", "amount"}, "only used with as: fixed"},
		{"negative jokerless", `{table: t, jokerless: -2, tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"jokerless"}, "must be a positive multiplier"},
		{"limit", `{table: t, limit: 8, tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"limit"}, "settlement.limit is gone: a limit hand is paid at the cap (hk: cap, 13 with no cap), so the two cannot disagree; remove this line"},
		{"beyond on a per table", `{table: t, tables: {t: {per: 1, beyond: {add: 1}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t", "beyond"}, "a per: table goes on by itself: leave beyond: out"},
		{"beyond after an open row", `{table: t, tables: {t: {points: {0: 1, 1+: 2}, beyond: {add: 1}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t", "beyond"}, "the open row 1+ already pays every faan above it: leave beyond: out"},
		{"beyond both", `{table: t, tables: {t: {points: {0: 1, 1: 2}, beyond: {add: 1, double_every: 1}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t", "beyond"}, "double_every: or add:, not both"},
		{"beyond empty", `{table: t, tables: {t: {points: {0: 1, 1: 2}, beyond: {}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t", "beyond"}, "say how the rows go on: double_every: N, add: POINTS, or none"},
		{"beyond pays less for more", `{table: t, tables: {t: {points: {0: 1, 1: 2, 2: 3, 3: 10}, beyond: {double_every: 3}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t", "beyond", "double_every"}, "3: the row for 4 faan would pay 4, less than 10 for 3: the printed rows grow faster than doubling every 3 faan"},
		{"beyond doubles rows not printed", `{table: t, tables: {t: {points: {3: 1, 4: 2}, beyond: {double_every: 3}}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}}`,
			[]string{"tables", "t", "beyond", "double_every"}, "3: the table prints only the rows 3 to 4"},
		{"trigger class", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}, responsibility: {x: {melds: chow, count: 4}}}`,
			[]string{"responsibility", "x", "melds"}, `unknown "chow": expected dragon, wind, kong or exposed`},
		{"trigger count", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}, responsibility: {x: {melds: dragon, count: 4}}}`,
			[]string{"responsibility", "x", "count"}, "must be from 1 to 3 for dragon melds"},
		{"trigger winning discard", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}, responsibility: {x: {melds: kong, count: 4, winning_discard: true}}}`,
			[]string{"responsibility", "x", "winning_discard"}, "only dragon and wind sets can be completed by the winning discard"},
		{"trigger on", `{table: t, tables: {t: {per: 1}}, self_draw: s, discard: d, cases: {s: {each: 1}, d: {discarder: 1}}, responsibility: {x: {melds: kong, count: 4, on: [discard, robbing]}}}`,
			[]string{"responsibility", "x", "on", "1"}, `unknown "robbing": expected discard or self-draw`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := decodeRules([]byte("settlement: " + tt.yaml))
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			err = r.Validate()
			var re *scoring.RuleError
			if !errors.As(err, &re) {
				t.Fatalf("Validate() = %v, want *scoring.RuleError", err)
			}
			if diff := cmp.Diff(tt.path, re.Path); diff != "" {
				t.Errorf("path (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.msg, re.Msg); diff != "" {
				t.Errorf("message (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDecodeRejectsFloatText(t *testing.T) {
	// Amounts come from the YAML text, so 0.00001 is refused rather than rounded.
	_, err := decodeRules([]byte("settlement: {stakes: {tiny: {multiplier: 0.00001}}}"))
	if err == nil {
		t.Fatal("decoding a five-decimal multiplier succeeded")
	}
}

func TestNilRules(t *testing.T) {
	var r *settle.Rules
	if err := r.Validate(); err == nil {
		t.Error("nil Rules validated")
	}
	if _, err := settle.Settle(nil, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(E, 3)}}); err == nil {
		t.Error("Settle with nil Rules succeeded")
	}
}

// TestPlainRuleValues: robbing_kong, seven_flowers, false_win and multiple_winners take a plain value
// as their as: choice (issue 25: the README writes them so), and still take the mapping form.
func TestPlainRuleValues(t *testing.T) {
	r, err := decodeRules([]byte(`settlement:
  robbing_kong: self-draw
  seven_flowers: self-draw
  false_win: none
  multiple_winners: all
`))
	if err != nil {
		t.Fatal(err)
	}
	got := []string{r.RobbingKong.As, r.SevenFlowers.As, r.FalseWin.As, r.MultipleWinners.As}
	want := []string{settle.RobAsSelfDraw, settle.SevenFlowersAsSelfDraw, settle.FalseWinNone, settle.AllWin}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("plain values (-want +got):\n%s", diff)
	}
	r, err = decodeRules([]byte("settlement: {multiple_winners: {name: Every claimant, name_zh: 一炮多響, as: all}}"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(settle.MultipleWinnersRule{Name: "Every claimant", NameZH: "一炮多響", As: settle.AllWin}, r.MultipleWinners); diff != "" {
		t.Errorf("mapping form (-want +got):\n%s", diff)
	}
}
