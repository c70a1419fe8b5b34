package settle_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

func TestResponsible(t *testing.T) {
	hk := loadRules(t, "hk-settlement.yaml")
	club := loadRules(t, "club-settlement.yaml")
	tests := []struct {
		name    string
		r       *settle.Rules
		hand    string
		sit     scoring.Situation
		seat    notation.Seat
		trigger string
		meld    string
	}{
		{"third dragon fed, discard win", hk, "[555z][666z][777z@E]123m99p",
			scoring.Situation{Seat: N, Win: scoring.Discard, Discarder: W}, E, "big-three-dragons", "[777z@E]"},
		{"third dragon fed, self-draw", hk, "[555z][666z][777z@E]123m99p",
			scoring.Situation{Seat: N, Win: scoring.SelfDraw, Discarder: X}, E, "big-three-dragons", "[777z@E]"},
		{"third dragon kong fed", hk, "[555z][666z][7777z@S]123m99p",
			scoring.Situation{Seat: N, Win: scoring.SelfDraw, Discarder: X}, S, "big-three-dragons", "[7777z@S]"},
		{"every dragon fed by the same seat", hk, "[555z@W][666z@W][777z@W]123m99p",
			scoring.Situation{Seat: N, Win: scoring.SelfDraw, Discarder: X}, W, "big-three-dragons", "[555z@W]"},
		{"winning discard completes the third dragon", hk, "[555z][666z]123m99p777z",
			scoring.Situation{Seat: N, Win: scoring.Discard, Discarder: W}, W, "big-three-dragons", "[777z@W]"},
		{"self-drawn third dragon: nobody", hk, "[555z][666z]123m99p777z",
			scoring.Situation{Seat: N, Win: scoring.SelfDraw, Discarder: X}, X, "", ""},
		{"winning discard is the pair: nobody", hk, "[555z][666z]123m777z9p9p",
			scoring.Situation{Seat: N, Win: scoring.Discard, Discarder: W}, X, "", ""},
		{"fourth wind fed, discard win", hk, "[111z][222z][333z@E][444z]55m",
			scoring.Situation{Seat: S, Win: scoring.Discard, Discarder: W}, E, "big-four-winds", "[333z@E]"},
		{"fourth wind fed, self-draw", hk, "[111z][222z][333z][444z@W]55m",
			scoring.Situation{Seat: E, Win: scoring.SelfDraw, Discarder: X}, W, "big-four-winds", "[444z@W]"},
		{"winning discard completes the fourth wind", hk, "[111z][222z][333z]55m444z",
			scoring.Situation{Seat: E, Win: scoring.Discard, Discarder: N}, N, "big-four-winds", "[444z@N]"},
		{"fourth kong fed, discard win", hk, "[1111m][2222p@W](3333s)[5555m]5z",
			scoring.Situation{Seat: E, Win: scoring.Discard, Discarder: S}, W, "four-kongs", "[2222p@W]"},
		{"fourth kong fed, self-draw", hk, "(1111m)[2222p](3333s)[5555m@N]5z",
			scoring.Situation{Seat: E, Win: scoring.KongReplacement, Discarder: X}, N, "four-kongs", "[5555m@N]"},
		{"three kongs: nobody", hk, "[1111m@W][2222p](3333s)555m5z",
			scoring.Situation{Seat: E, Win: scoring.SelfDraw, Discarder: X}, X, "", ""},
		{"two dragon pongs: nobody", hk, "[555z@S][666z]123m456p99s",
			scoring.Situation{Seat: E, Win: scoring.SelfDraw, Discarder: X}, X, "", ""},
		{"trigger fired but no meld is marked", hk, "[555z][666z][777z]123m99p",
			scoring.Situation{Seat: N, Win: scoring.SelfDraw, Discarder: X}, X, "big-three-dragons", "[777z]"},
		{"club twelve tiles exposed, self-draw", club, "[123m@E][456p][789s][111z]55m",
			scoring.Situation{Seat: S, Win: scoring.SelfDraw, Discarder: X}, E, "twelve-tiles", "[123m@E]"},
		{"club twelve tiles exposed covers only self-draws", club, "[123m@E][456p][789s][111z]55m",
			scoring.Situation{Seat: S, Win: scoring.Discard, Discarder: N}, X, "", ""},
		{"concealed kongs are not exposed tiles", club, "(1111m)[456p@E][789s][111z]55m",
			scoring.Situation{Seat: S, Win: scoring.SelfDraw, Discarder: X}, X, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := notation.MustParse(tt.hand)
			got, err := settle.Responsible(tt.r, &h, tt.sit)
			if err != nil {
				t.Fatal(err)
			}
			meld := ""
			if got.Trigger != "" {
				meld = got.Meld.String()
			}
			if diff := cmp.Diff([]string{tt.seat.String(), tt.trigger, tt.meld}, []string{got.Seat.String(), got.Trigger, meld}); diff != "" {
				t.Errorf("seat, trigger, meld (-want +got):\n%s", diff)
			}
		})
	}
}

func TestResponsibleErrors(t *testing.T) {
	hk := loadRules(t, "hk-settlement.yaml")
	tests := []struct {
		name string
		hand string
		sit  scoring.Situation
		want error
	}{
		{"dragons fed by different seats", "[555z@S][666z@W][777z@E]123m99p",
			scoring.Situation{Seat: N, Win: scoring.SelfDraw, Discarder: X}, settle.ErrAmbiguous},
		{"winner fed their own meld", "[555z][666z][777z@N]123m99p",
			scoring.Situation{Seat: N, Win: scoring.SelfDraw, Discarder: X}, scoring.ErrImpossible},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := notation.MustParse(tt.hand)
			got, err := settle.Responsible(hk, &h, tt.sit)
			if !errors.Is(err, tt.want) {
				t.Errorf("Responsible = %+v, %v; want an error wrapping %v", got, err, tt.want)
			}
			if got.Seat != notation.NoSeat {
				t.Errorf("seat %s with an error", got.Seat)
			}
		})
	}
}

// TestResponsibilitySettles runs each trigger from a hand through Settle, on a discard win and on a
// self-draw, under 全銃 and 半銃.
func TestResponsibilitySettles(t *testing.T) {
	hk := loadRules(t, "hk-settlement.yaml")
	club := loadRules(t, "club-settlement.yaml")
	tests := []struct {
		name   string
		r      *settle.Rules
		hand   string
		sit    scoring.Situation
		faan   int
		limit  bool
		want   []pay
		deltas [4]string
	}{
		{"big three dragons, discard win, full", hk, "[555z][666z][777z@E]123m99p",
			scoring.Situation{Seat: N, Win: scoring.Discard, Discarder: W}, 0, true,
			[]pay{{E, N, "192", "responsibility/big-three-dragons"}}, [4]string{"-192", "0", "0", "192"}},
		{"big three dragons, discard win, half", with(hk, half), "[555z][666z][777z@E]123m99p",
			scoring.Situation{Seat: N, Win: scoring.Discard, Discarder: W}, 0, true,
			[]pay{{E, N, "256", "responsibility/big-three-dragons"}}, [4]string{"-256", "0", "0", "256"}},
		{"big three dragons, self-draw", hk, "[555z][666z][777z@E]123m99p",
			scoring.Situation{Seat: N, Win: scoring.SelfDraw}, 0, true,
			[]pay{{E, N, "192", "responsibility/big-three-dragons"}}, [4]string{"-192", "0", "0", "192"}},
		{"big three dragons on the winning discard, half", with(hk, half), "[555z][666z]123m99p777z",
			scoring.Situation{Seat: N, Win: scoring.Discard, Discarder: W}, 0, true,
			[]pay{{W, N, "256", "responsibility/big-three-dragons"}}, [4]string{"0", "0", "-256", "256"}},
		{"big four winds, discard win, full", hk, "[111z][222z][333z@E][444z]55m",
			scoring.Situation{Seat: S, Win: scoring.Discard, Discarder: W}, 0, true,
			[]pay{{E, S, "192", "responsibility/big-four-winds"}}, [4]string{"-192", "192", "0", "0"}},
		{"big four winds, self-draw", hk, "[111z][222z][333z][444z@W]55m",
			scoring.Situation{Seat: E, Win: scoring.SelfDraw}, 0, true,
			[]pay{{W, E, "192", "responsibility/big-four-winds"}}, [4]string{"192", "0", "-192", "0"}},
		{"four kongs, discard win, half", with(hk, half), "[1111m][2222p@W](3333s)[5555m]5z",
			scoring.Situation{Seat: E, Win: scoring.Discard, Discarder: S}, 0, true,
			[]pay{{W, E, "256", "responsibility/four-kongs"}}, [4]string{"256", "0", "-256", "0"}},
		{"four kongs, kong replacement self-draw", hk, "(1111m)[2222p](3333s)[5555m@N]5z",
			scoring.Situation{Seat: E, Win: scoring.KongReplacement}, 0, true,
			[]pay{{N, E, "192", "responsibility/four-kongs"}}, [4]string{"192", "0", "0", "-192"}},
		{"club twelve tiles, double self-draw", club, "[123m@E][456p][789s][111z]55m",
			scoring.Situation{Seat: S, Win: scoring.SelfDraw}, 3, false,
			[]pay{{E, S, "24", "responsibility/twelve-tiles"}}, [4]string{"-24", "24", "0", "0"}},
		{"club twelve tiles, discard win is a plain half discard", club, "[123m@E][456p][789s][111z]55m",
			scoring.Situation{Seat: S, Win: scoring.Discard, Discarder: N}, 3, false,
			[]pay{{E, S, "4", "discard/half"}, {W, S, "4", "discard/half"}, {N, S, "8", "discard/half"}},
			[4]string{"-4", "16", "-4", "-8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := notation.MustParse(tt.hand)
			if tt.sit.Win.SelfDrawn() {
				tt.sit.Discarder = notation.NoSeat
			}
			l, err := settle.Responsible(tt.r, &h, tt.sit)
			if err != nil {
				t.Fatal(err)
			}
			w := settle.Winner{Seat: tt.sit.Seat, Faan: tt.faan, Limit: tt.limit, Responsible: l.Seat, Trigger: l.Trigger}
			res, err := settle.Settle(tt.r, settle.Input{Kind: tt.sit.Win, Discarder: tt.sit.Discarder, Winners: []settle.Winner{w}})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, pays(res)); diff != "" {
				t.Errorf("payments (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.deltas, deltas(res)); diff != "" {
				t.Errorf("deltas (-want +got):\n%s", diff)
			}
		})
	}
}

func TestResponsibleWithoutTrigger(t *testing.T) {
	// A responsible seat named directly (mjref settle --responsible) with no trigger id.
	hk := loadRules(t, "hk-settlement.yaml")
	w := winner(S, 6)
	w.Responsible = N
	res, err := settle.Settle(with(hk, half), settle.Input{Kind: scoring.Discard, Discarder: W, Winners: []settle.Winner{w}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]pay{{N, S, "64", "responsibility"}}, pays(res)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
