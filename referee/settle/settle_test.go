package settle_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

type settleCase struct {
	name   string
	source string
	rules  func(*settle.Rules) // changes to the base rules, or nil
	in     settle.Input
	want   []pay
	deltas [4]string // E S W N
}

func runSettleCases(t *testing.T, base *settle.Rules, tests []settleCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := base
			if tt.rules != nil {
				r = with(base, tt.rules)
			}
			res, err := settle.Settle(r, tt.in)
			if err != nil {
				t.Fatalf("Settle: %v (source: %s)", err, tt.source)
			}
			if diff := cmp.Diff(tt.want, pays(res)); diff != "" {
				t.Errorf("payments (-want +got):\n%s\nsource: %s", diff, tt.source)
			}
			if diff := cmp.Diff(tt.deltas, deltas(res)); diff != "" {
				t.Errorf("deltas (-want +got):\n%s\nsource: %s", diff, tt.source)
			}
		})
	}
}

func half(r *settle.Rules) { r.Discard = "half" }

// TestIssueExamples are the examples issue 4 says must hold under hk.
func TestIssueExamples(t *testing.T) {
	bigThree := limitWinner(N)
	bigThree.Responsible, bigThree.Trigger = E, "big-three-dragons"
	runSettleCases(t, loadRules(t, "hk-settlement.yaml"), []settleCase{
		{
			name: "3 faan south self-draws", source: "issue 4: E, W, N each pay 4; S +12",
			in: settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(S, 3)}},
			want: []pay{
				{E, S, "4", "self-draw"}, {W, S, "4", "self-draw"}, {N, S, "4", "self-draw"},
			},
			deltas: [4]string{"-4", "12", "-4", "-4"},
		},
		{
			name: "6 faan south on west's discard", source: "issue 4: W pays 48 (three shares of 16); E and N pay nothing",
			in:     settle.Input{Kind: scoring.Discard, Discarder: W, Winners: []settle.Winner{winner(S, 6)}},
			want:   []pay{{W, S, "48", "discard/full"}},
			deltas: [4]string{"0", "48", "-48", "0"},
		},
		{
			name: "6 faan south on west's discard under half", source: "issue 4: W pays 32, E and N 16 each", rules: half,
			in: settle.Input{Kind: scoring.Discard, Discarder: W, Winners: []settle.Winner{winner(S, 6)}},
			want: []pay{
				{E, S, "16", "discard/half"}, {W, S, "32", "discard/half"}, {N, S, "16", "discard/half"},
			},
			deltas: [4]string{"-16", "64", "-32", "-16"},
		},
		{
			name: "big three dragons north self-draws east fed", source: "issue 4: East pays 192; S and W pay nothing",
			in:     settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{bigThree}},
			want:   []pay{{E, N, "192", "responsibility/big-three-dragons"}},
			deltas: [4]string{"-192", "0", "0", "192"},
		},
	})
}

// TestPaymentCases covers every way a hand can be paid under 全銃 and 半銃.
func TestPaymentCases(t *testing.T) {
	seed := "seed 003: payment rules"
	runSettleCases(t, loadRules(t, "hk-settlement.yaml"), []settleCase{
		{
			name: "full/self-draw", source: seed,
			in:     settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(E, 5)}},
			want:   []pay{{S, E, "12", "self-draw"}, {W, E, "12", "self-draw"}, {N, E, "12", "self-draw"}},
			deltas: [4]string{"36", "-12", "-12", "-12"},
		},
		{
			name: "half/self-draw is the same", source: seed, rules: half,
			in:     settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(E, 5)}},
			want:   []pay{{S, E, "12", "self-draw"}, {W, E, "12", "self-draw"}, {N, E, "12", "self-draw"}},
			deltas: [4]string{"36", "-12", "-12", "-12"},
		},
		{
			name: "full/kong replacement is a self-draw", source: seed,
			in:     settle.Input{Kind: scoring.KongReplacement, Winners: []settle.Winner{winner(W, 4)}},
			want:   []pay{{E, W, "8", "self-draw"}, {S, W, "8", "self-draw"}, {N, W, "8", "self-draw"}},
			deltas: [4]string{"-8", "-8", "24", "-8"},
		},
		{
			name: "full/heavenly hand is a limit self-draw", source: seed,
			in:     settle.Input{Kind: scoring.Heavenly, Winners: []settle.Winner{limitWinner(E)}},
			want:   []pay{{S, E, "64", "self-draw"}, {W, E, "64", "self-draw"}, {N, E, "64", "self-draw"}},
			deltas: [4]string{"192", "-64", "-64", "-64"},
		},
		{
			name: "full/discard", source: seed,
			in:     settle.Input{Kind: scoring.Discard, Discarder: N, Winners: []settle.Winner{winner(E, 3)}},
			want:   []pay{{N, E, "12", "discard/full"}},
			deltas: [4]string{"12", "0", "0", "-12"},
		},
		{
			name: "half/discard", source: seed, rules: half,
			in:     settle.Input{Kind: scoring.Discard, Discarder: N, Winners: []settle.Winner{winner(E, 3)}},
			want:   []pay{{S, E, "4", "discard/half"}, {W, E, "4", "discard/half"}, {N, E, "8", "discard/half"}},
			deltas: [4]string{"16", "-4", "-4", "-8"},
		},
		{
			name: "full/earthly hand on the dealer's discard is a limit discard win", source: seed,
			in:     settle.Input{Kind: scoring.Earthly, Discarder: E, Winners: []settle.Winner{limitWinner(S)}},
			want:   []pay{{E, S, "192", "discard/full"}},
			deltas: [4]string{"-192", "192", "0", "0"},
		},
		{
			name: "full/robbing a kong is a discard by the konger", source: "seed 003: settled as a discard win, with the kong player as the discarder",
			in:     settle.Input{Kind: scoring.RobbingKong, Discarder: E, Winners: []settle.Winner{winner(W, 4)}},
			want:   []pay{{E, W, "24", "robbing-kong"}},
			deltas: [4]string{"-24", "0", "24", "0"},
		},
		{
			name: "half/robbing a kong is a half discard by the konger", source: "seed 003", rules: half,
			in:     settle.Input{Kind: scoring.RobbingKong, Discarder: E, Winners: []settle.Winner{winner(W, 4)}},
			want:   []pay{{E, W, "16", "robbing-kong"}, {S, W, "8", "robbing-kong"}, {N, W, "8", "robbing-kong"}},
			deltas: [4]string{"-16", "-8", "32", "-8"},
		},
		{
			name: "robbing a kong as a self-draw (搶槓當自摸)", source: "research D.1 (C, YA)",
			rules:  func(r *settle.Rules) { r.RobbingKong.As = settle.RobAsSelfDraw },
			in:     settle.Input{Kind: scoring.RobbingKong, Discarder: E, Winners: []settle.Winner{winner(W, 4)}},
			want:   []pay{{E, W, "24", "robbing-kong"}},
			deltas: [4]string{"-24", "0", "24", "0"},
		},
		{
			name: "half/robbing a kong as a self-draw", source: "research D.1",
			rules:  func(r *settle.Rules) { r.Discard, r.RobbingKong.As = "half", settle.RobAsSelfDraw },
			in:     settle.Input{Kind: scoring.RobbingKong, Discarder: S, Winners: []settle.Winner{winner(N, 10)}},
			want:   []pay{{S, N, "192", "robbing-kong"}},
			deltas: [4]string{"0", "-192", "0", "192"},
		},
		{
			name: "full/faan above the table is paid at the cap", source: "research B.4",
			in:     settle.Input{Kind: scoring.Discard, Discarder: S, Winners: []settle.Winner{winner(E, 13)}},
			want:   []pay{{S, E, "192", "discard/full"}},
			deltas: [4]string{"192", "-192", "0", "0"},
		},
		{
			name: "full/limit at a lower cap", source: "research B.4: limit hands are paid at the cap",
			rules:  capped(8),
			in:     settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{limitWinner(S)}},
			want:   []pay{{E, S, "32", "self-draw"}, {W, S, "32", "self-draw"}, {N, S, "32", "self-draw"}},
			deltas: [4]string{"-32", "96", "-32", "-32"},
		},
		{
			name: "二五雞 chicken hand on a half discard pays quarters", source: "research B.2 (CHIP 二五雞 single share 0.25)",
			rules:  func(r *settle.Rules) { r.Discard, r.Stake = "half", "二五雞" },
			in:     settle.Input{Kind: scoring.Discard, Discarder: S, Winners: []settle.Winner{winner(E, 0)}},
			want:   []pay{{S, E, "0.5", "discard/half"}, {W, E, "0.25", "discard/half"}, {N, E, "0.25", "discard/half"}},
			deltas: [4]string{"1", "-0.5", "-0.25", "-0.25"},
		},
		{
			name: "drawn hand pays nothing", source: "seed 003: nobody pays",
			in:     settle.Input{Outcome: settle.Drawn},
			want:   []pay{},
			deltas: [4]string{"0", "0", "0", "0"},
		},
		{
			name: "false win pays every other player a limit self-draw", source: "seed 003; research B.1 (YAW, A)",
			in: settle.Input{Outcome: settle.FalseWin, Offender: W},
			want: []pay{
				{W, E, "192", "false-win"}, {W, S, "192", "false-win"}, {W, N, "192", "false-win"},
			},
			deltas: [4]string{"192", "192", "-576", "192"},
		},
		{
			name: "false win with no penalty", source: "false_win: {as: none}",
			rules:  func(r *settle.Rules) { r.FalseWin.As = settle.FalseWinNone },
			in:     settle.Input{Outcome: settle.FalseWin, Offender: W},
			want:   []pay{},
			deltas: [4]string{"0", "0", "0", "0"},
		},
	})
}

func TestMultipleWinners(t *testing.T) {
	hk := loadRules(t, "hk-settlement.yaml")
	all := func(r *settle.Rules) { r.MultipleWinners.As = settle.AllWin }
	tests := []struct {
		settleCase
		winners []string
		bumped  []string
	}{
		{
			settleCase: settleCase{
				name: "head bump with two claimants", source: "seed 003: the win goes to the one next in turn after the discarder",
				in:     settle.Input{Kind: scoring.Discard, Discarder: S, Winners: []settle.Winner{winner(E, 10), winner(W, 3)}},
				want:   []pay{{S, W, "12", "discard/full"}},
				deltas: [4]string{"0", "-12", "12", "0"},
			},
			winners: []string{"W"}, bumped: []string{"E"},
		},
		{
			settleCase: settleCase{
				name: "head bump with three claimants", source: "seed 003",
				in:     settle.Input{Kind: scoring.Discard, Discarder: N, Winners: []settle.Winner{winner(W, 8), winner(S, 5), winner(E, 3)}},
				want:   []pay{{N, E, "12", "discard/full"}},
				deltas: [4]string{"12", "0", "0", "-12"},
			},
			winners: []string{"E"}, bumped: []string{"W", "S"},
		},
		{
			settleCase: settleCase{
				name: "head bump under half", source: "seed 003", rules: half,
				in: settle.Input{Kind: scoring.Discard, Discarder: W, Winners: []settle.Winner{winner(S, 3), winner(N, 3)}},
				want: []pay{
					{E, N, "4", "discard/half"}, {S, N, "4", "discard/half"}, {W, N, "8", "discard/half"},
				},
				deltas: [4]string{"-4", "-4", "-8", "16"},
			},
			winners: []string{"N"}, bumped: []string{"S"},
		},
		{
			settleCase: settleCase{
				name: "一炮多響 two winners", source: "research D.2", rules: all,
				in:     settle.Input{Kind: scoring.Discard, Discarder: S, Winners: []settle.Winner{winner(E, 10), winner(W, 3)}},
				want:   []pay{{S, E, "192", "discard/full"}, {S, W, "12", "discard/full"}},
				deltas: [4]string{"192", "-204", "12", "0"},
			},
			winners: []string{"E", "W"},
		},
		{
			settleCase: settleCase{
				name: "一炮多響 three winners", source: "research D.2 (CULHK 一炮三響)", rules: all,
				in:     settle.Input{Kind: scoring.Discard, Discarder: N, Winners: []settle.Winner{winner(W, 8), winner(S, 5), winner(E, 3)}},
				want:   []pay{{N, W, "96", "discard/full"}, {N, S, "36", "discard/full"}, {N, E, "12", "discard/full"}},
				deltas: [4]string{"12", "36", "96", "-144"},
			},
			winners: []string{"W", "S", "E"},
		},
		{
			settleCase: settleCase{
				name: "一炮多響 under half: co-winners do not pay each other", source: "research D.2",
				rules: func(r *settle.Rules) { r.MultipleWinners.As, r.Discard = settle.AllWin, "half" },
				in:    settle.Input{Kind: scoring.Discard, Discarder: S, Winners: []settle.Winner{winner(E, 3), winner(W, 3)}},
				want: []pay{
					{S, E, "8", "discard/half"}, {N, E, "4", "discard/half"},
					{S, W, "8", "discard/half"}, {N, W, "4", "discard/half"},
				},
				deltas: [4]string{"12", "-16", "12", "-8"},
			},
			winners: []string{"E", "W"},
		},
	}
	for _, tt := range tests {
		runSettleCases(t, hk, []settleCase{tt.settleCase})
		t.Run(tt.name+"/winners", func(t *testing.T) {
			r := hk
			if tt.rules != nil {
				r = with(hk, tt.rules)
			}
			res, err := settle.Settle(r, tt.in)
			if err != nil {
				t.Fatal(err)
			}
			var gotW, gotB []string
			for _, s := range res.Winners {
				gotW = append(gotW, s.String())
			}
			for _, s := range res.Bumped {
				gotB = append(gotB, s.String())
			}
			if diff := cmp.Diff(tt.winners, gotW); diff != "" {
				t.Errorf("winners (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.bumped, gotB); diff != "" {
				t.Errorf("bumped (-want +got):\n%s", diff)
			}
		})
	}
}

// TestAmerican covers issue 7 item 3.
func TestAmerican(t *testing.T) {
	src := "issue 7 item 3"
	jokerless := func(s settle.Winner) settle.Winner { s.Jokerless = true; return s }
	runSettleCases(t, loadRules(t, "american-settlement.yaml"), []settleCase{
		{
			name: "discard: discarder twice, others once", source: src,
			in:     settle.Input{Kind: scoring.Discard, Discarder: E, Winners: []settle.Winner{winner(W, 25)}},
			want:   []pay{{E, W, "50", "discard"}, {S, W, "25", "discard"}, {N, W, "25", "discard"}},
			deltas: [4]string{"-50", "-25", "100", "-25"},
		},
		{
			name: "self-draw: everyone twice", source: src,
			in:     settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(S, 30)}},
			want:   []pay{{E, S, "60", "self-draw"}, {W, S, "60", "self-draw"}, {N, S, "60", "self-draw"}},
			deltas: [4]string{"-60", "180", "-60", "-60"},
		},
		{
			name: "jokerless discard doubles every payment", source: src,
			in:     settle.Input{Kind: scoring.Discard, Discarder: N, Winners: []settle.Winner{jokerless(winner(E, 25))}},
			want:   []pay{{S, E, "50", "discard"}, {W, E, "50", "discard"}, {N, E, "100", "discard"}},
			deltas: [4]string{"200", "-50", "-50", "-100"},
		},
		{
			name: "jokerless self-draw", source: src,
			in:     settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{jokerless(winner(E, 30))}},
			want:   []pay{{S, E, "120", "self-draw"}, {W, E, "120", "self-draw"}, {N, E, "120", "self-draw"}},
			deltas: [4]string{"360", "-120", "-120", "-120"},
		},
		{
			name: "singles and pairs carry no jokerless bonus", source: src + ": the caller leaves Jokerless false for lines without the bonus",
			in:     settle.Input{Kind: scoring.Discard, Discarder: S, Winners: []settle.Winner{winner(E, 50)}},
			want:   []pay{{S, E, "100", "discard"}, {W, E, "50", "discard"}, {N, E, "50", "discard"}},
			deltas: [4]string{"200", "-100", "-50", "-50"},
		},
		{
			name: "misnamed discard: misnamer pays four times alone", source: src,
			in:     settle.Input{Kind: scoring.Discard, Discarder: S, Misnamed: true, Winners: []settle.Winner{winner(N, 25)}},
			want:   []pay{{S, N, "100", "misnamed"}},
			deltas: [4]string{"0", "-100", "0", "100"},
		},
		{
			name: "misnamed jokerless discard: the bonus does not stack on the 4x", source: "issue 17: a Mah Jongg on a miscalled tile does not stack the jokerless bonus unless the ruleset says so",
			in:     settle.Input{Kind: scoring.Discard, Discarder: S, Misnamed: true, Winners: []settle.Winner{jokerless(winner(N, 25))}},
			want:   []pay{{S, N, "100", "misnamed"}},
			deltas: [4]string{"0", "-100", "0", "100"},
		},
		{
			name: "wall game pays nothing", source: src,
			in:     settle.Input{Outcome: settle.Drawn},
			want:   []pay{},
			deltas: [4]string{"0", "0", "0", "0"},
		},
		{
			name: "false mah jongg costs nothing by default", source: "american-settlement.yaml false_win: none",
			in:     settle.Input{Outcome: settle.FalseWin, Offender: E},
			want:   []pay{},
			deltas: [4]string{"0", "0", "0", "0"},
		},
	})
}

// TestMisnamedJokerlessStacked: with settlement: misnamed_jokerless: true the doubling stacks.
func TestMisnamedJokerlessStacked(t *testing.T) {
	r := loadRules(t, "american-settlement.yaml")
	r.MisnamedJokerless = true
	runSettleCases(t, r, []settleCase{{
		name: "misnamed jokerless discard, stacked", source: "issue 17: stacking is a ruleset option (misnamed_jokerless)",
		in:     settle.Input{Kind: scoring.Discard, Discarder: S, Misnamed: true, Winners: []settle.Winner{func() settle.Winner { w := winner(N, 25); w.Jokerless = true; return w }()}},
		want:   []pay{{S, N, "200", "misnamed"}},
		deltas: [4]string{"0", "-200", "0", "200"},
	}})
}

// TestClubRules exercises a user section: bucket at 二五雞, a double self-draw, fixed false-win fine.
func TestClubRules(t *testing.T) {
	runSettleCases(t, loadRules(t, "club-settlement.yaml"), []settleCase{
		{
			name: "double self-draw share at 二五雞", source: "club-settlement.yaml",
			in:     settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(E, 5)}},
			want:   []pay{{S, E, "16", "self-draw/double"}, {W, E, "16", "self-draw/double"}, {N, E, "16", "self-draw/double"}},
			deltas: [4]string{"48", "-16", "-16", "-16"},
		},
		{
			name: "fixed false-win fine times the stake", source: "club-settlement.yaml",
			in:     settle.Input{Outcome: settle.FalseWin, Offender: N},
			want:   []pay{{N, E, "5", "false-win"}, {N, S, "5", "false-win"}, {N, W, "5", "false-win"}},
			deltas: [4]string{"5", "5", "5", "-15"},
		},
		{
			name: "robbing a kong as a double self-draw", source: "club-settlement.yaml",
			in:     settle.Input{Kind: scoring.RobbingKong, Discarder: W, Winners: []settle.Winner{winner(E, 3)}},
			want:   []pay{{W, E, "24", "robbing-kong"}},
			deltas: [4]string{"24", "0", "-24", "0"},
		},
	})
}

func TestSettleInputErrors(t *testing.T) {
	hk := loadRules(t, "hk-settlement.yaml")
	am := loadRules(t, "american-settlement.yaml")
	badResp := winner(S, 3)
	badResp.Responsible = S
	unknownTrigger := winner(S, 3)
	unknownTrigger.Responsible, unknownTrigger.Trigger = E, "nine-gates"
	coWinnerLiable := winner(S, 3)
	coWinnerLiable.Responsible = E
	outOfRange := winner(S, 3)
	outOfRange.Responsible = 9
	tests := []struct {
		name string
		r    *settle.Rules
		in   settle.Input
		want error
	}{
		{"no winner", hk, settle.Input{Kind: scoring.SelfDraw}, scoring.ErrImpossible},
		{"two self-drawers", hk, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(E, 3), winner(S, 3)}}, scoring.ErrImpossible},
		{"winner twice", hk, settle.Input{Kind: scoring.Discard, Discarder: N, Winners: []settle.Winner{winner(E, 3), winner(E, 3)}}, scoring.ErrImpossible},
		{"winner not a seat", hk, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(7, 3)}}, scoring.ErrImpossible},
		{"discard without discarder", hk, settle.Input{Kind: scoring.Discard, Discarder: X, Winners: []settle.Winner{winner(E, 3)}}, scoring.ErrImpossible},
		{"seven flowers without the drawer of the eighth (七搶一)", hk, settle.Input{Kind: scoring.SevenFlowers, Discarder: X, Winners: []settle.Winner{winner(E, 3)}}, scoring.ErrImpossible},
		{"own discard", hk, settle.Input{Kind: scoring.Discard, Discarder: E, Winners: []settle.Winner{winner(E, 3)}}, scoring.ErrImpossible},
		{"responsible for own win", hk, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{badResp}}, scoring.ErrImpossible},
		{"responsible not a seat", hk, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{outOfRange}}, scoring.ErrImpossible},
		{"co-winner responsible", with(hk, func(r *settle.Rules) { r.MultipleWinners.As = settle.AllWin }),
			settle.Input{Kind: scoring.Discard, Discarder: N, Winners: []settle.Winner{winner(E, 3), coWinnerLiable}}, scoring.ErrImpossible},
		{"unknown trigger", hk, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{unknownTrigger}}, scoring.ErrImpossible},
		{"unknown win kind", hk, settle.Input{Kind: 99, Winners: []settle.Winner{winner(E, 3)}}, scoring.ErrImpossible},
		{"unknown outcome", hk, settle.Input{Outcome: 9}, scoring.ErrImpossible},
		{"drawn with a winner", hk, settle.Input{Outcome: settle.Drawn, Winners: []settle.Winner{winner(E, 3)}}, scoring.ErrImpossible},
		{"false win without offender", hk, settle.Input{Outcome: settle.FalseWin, Offender: X}, scoring.ErrImpossible},
		{"false win with a winner", hk, settle.Input{Outcome: settle.FalseWin, Offender: E, Winners: []settle.Winner{winner(S, 3)}}, scoring.ErrImpossible},
		{"negative faan", hk, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(E, -1)}}, scoring.ErrImpossible},
		{"misnamed without the rule", hk, settle.Input{Kind: scoring.Discard, Discarder: S, Misnamed: true, Winners: []settle.Winner{winner(E, 3)}}, scoring.ErrImpossible},
		{"misnamed self-draw", am, settle.Input{Kind: scoring.SelfDraw, Misnamed: true, Winners: []settle.Winner{winner(E, 25)}}, scoring.ErrImpossible},
		{"deltas overflow", am, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(E, 300_000_000_000_000)}}, settle.ErrPrecision},
		{"value overflow", am, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(E, 1<<62)}}, settle.ErrPrecision},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := settle.Settle(tt.r, tt.in)
			if !errors.Is(err, tt.want) {
				t.Errorf("Settle = %v, %v; want an error wrapping %v", res, err, tt.want)
			}
		})
	}
}

func TestBelowTable(t *testing.T) {
	r := loadRules(t, "hk-settlement.yaml")
	gtsc := &settle.Table{Name: "GTSC", Points: map[string]settle.Amount{"3": settle.Points(4), "4": settle.Points(8), "5+": settle.Points(16)}}
	r = with(r, func(r *settle.Rules) {
		r.Tables = map[string]*settle.Table{"gtsc": gtsc}
		r.Table = "gtsc"
	})
	_, err := settle.Settle(r, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{winner(E, 2)}})
	if !errors.Is(err, scoring.ErrNotWinning) {
		t.Errorf("2 faan on a table from 3: got %v, want ErrNotWinning", err)
	}
}

func TestLimitWithoutLimit(t *testing.T) {
	r := loadRules(t, "american-settlement.yaml")
	_, err := settle.Settle(r, settle.Input{Kind: scoring.SelfDraw, Winners: []settle.Winner{limitWinner(E)}})
	if err == nil {
		t.Error("a limit hand on a linear table with no limit: settled")
	}
}

func TestResultJSON(t *testing.T) {
	r := loadRules(t, "hk-settlement.yaml")
	r = with(r, func(r *settle.Rules) { r.Discard, r.Stake = "half", "二五雞" })
	res, err := settle.Settle(r, settle.Input{Kind: scoring.Discard, Discarder: W, Winners: []settle.Winner{winner(S, 0)}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Outcome  string   `json:"outcome"`
		Winners  []string `json:"winners"`
		Payments []struct {
			From   string          `json:"from"`
			To     string          `json:"to"`
			Amount json.RawMessage `json:"amount"`
			Rule   string          `json:"rule"`
		} `json:"payments"`
		Deltas map[string]json.RawMessage `json:"deltas"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	amounts := map[string]string{}
	for _, p := range got.Payments {
		amounts[p.From+">"+p.To+" "+p.Rule] = string(p.Amount)
	}
	if diff := cmp.Diff(map[string]string{"E>S discard/half": "0.25", "W>S discard/half": "0.5", "N>S discard/half": "0.25"}, amounts); diff != "" {
		t.Errorf("payments (-want +got):\n%s\n%s", diff, b)
	}
	ds := map[string]string{}
	for k, v := range got.Deltas {
		ds[k] = string(v)
	}
	if diff := cmp.Diff(map[string]string{"E": "-0.25", "S": "1", "W": "-0.5", "N": "-0.25"}, ds); diff != "" {
		t.Errorf("deltas (-want +got):\n%s\n%s", diff, b)
	}
	if got.Outcome != "won" || len(got.Winners) != 1 || got.Winners[0] != "S" {
		t.Errorf("outcome %q winners %v", got.Outcome, got.Winners)
	}
	var back settle.Deltas
	raw, _ := json.Marshal(res.Deltas)
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(res.Deltas, back); diff != "" {
		t.Errorf("deltas round trip (-want +got):\n%s", diff)
	}
}

func TestResultString(t *testing.T) {
	r := loadRules(t, "hk-settlement.yaml")
	res, err := settle.Settle(r, settle.Input{Kind: scoring.Discard, Discarder: W, Winners: []settle.Winner{winner(S, 6)}})
	if err != nil {
		t.Fatal(err)
	}
	want := "W pays S 48 (discard/full: 3 shares × 16 (6 faan, half-spicy))\nE 0, S +48, W -48, N 0"
	if diff := cmp.Diff(want, res.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	drawn, _ := settle.Settle(r, settle.Input{Outcome: settle.Drawn})
	if diff := cmp.Diff("drawn: no payments\nE 0, S 0, W 0, N 0", drawn.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestOutcomeText(t *testing.T) {
	for _, o := range []settle.Outcome{settle.Won, settle.Drawn, settle.FalseWin} {
		t.Run(o.String(), func(t *testing.T) {
			b, err := o.MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			var back settle.Outcome
			if err := back.UnmarshalText(b); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(o, back); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	if _, err := settle.ParseOutcome("tie"); err == nil {
		t.Error(`ParseOutcome("tie") succeeded`)
	}
	if got := settle.Outcome(9).String(); got != "unknown" {
		t.Errorf("Outcome(9) = %q", got)
	}
}

// TestSevenFlowers pays a seven-flowers win (花糊, 七搶一): by the player who drew the eighth flower, as
// a discard, or by everyone as on a self-draw.
func TestSevenFlowers(t *testing.T) {
	runSettleCases(t, loadRules(t, "hk-settlement.yaml"), []settleCase{
		{
			name: "the drawer pays, as a discard (全銃)", source: "issue 13 item 5 (paid by the player who drew it, as a discard)",
			in:     settle.Input{Kind: scoring.SevenFlowers, Discarder: N, Winners: []settle.Winner{winner(S, 3)}},
			want:   []pay{{N, S, "12", "seven-flowers"}},
			deltas: [4]string{"0", "12", "0", "-12"},
		},
		{
			name: "the drawer pays, as a discard (半銃)", source: "issue 13 item 5; 半銃 shares",
			rules:  half,
			in:     settle.Input{Kind: scoring.SevenFlowers, Discarder: N, Winners: []settle.Winner{winner(S, 3)}},
			want:   []pay{{E, S, "4", "seven-flowers"}, {W, S, "4", "seven-flowers"}, {N, S, "8", "seven-flowers"}},
			deltas: [4]string{"-4", "16", "-4", "-8"},
		},
		{
			name: "self-drawn: every opponent pays a self-draw share", source: "research notes A.3 (A: 花糊 2 + self-draw 1); issue 25 item 3",
			rules:  func(r *settle.Rules) { r.SevenFlowers.As = settle.SevenFlowersAsSelfDraw },
			in:     settle.Input{Kind: scoring.SevenFlowers, Discarder: X, Winners: []settle.Winner{winner(S, 3)}},
			want:   []pay{{E, S, "4", "seven-flowers"}, {W, S, "4", "seven-flowers"}, {N, S, "4", "seven-flowers"}},
			deltas: [4]string{"-4", "12", "-4", "-4"},
		},
	})
}
