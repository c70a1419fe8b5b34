package ledger

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/points"
	"go.yaml.in/yaml/v3"
)

func TestFromReport(t *testing.T) {
	// Ben deals: Ben East, Cat South, Dan West, Ann North.
	table := Table{Players: players, Dealer: 1, Seats: [4]notation.Seat{3, 0, 1, 2}}
	pay := []settle.Payment{{From: notation.SeatWest, To: notation.SeatSouth, Amount: Whole(36)}}
	tests := []struct {
		name    string
		res     referee.Result
		want    Hand
		wantErr bool
	}{
		{"settled discard win", referee.Result{Outcome: referee.OutcomeWin, Winner: notation.SeatSouth, Total: 5, Hand: "123m",
			Context: &referee.Context{Win: scoring.Discard, Discarder: notation.SeatWest}, Payments: pay,
			Deltas: settle.Deltas{0, Whole(36), Whole(-36), 0}},
			Hand{Winner: "Cat", Discarder: "Dan", Faan: 5, Tiles: "123m", Deltas: pts(0, 0, 36, -36)}, false},
		{"unsettled self-draw", referee.Result{Outcome: referee.OutcomeWin, Winner: notation.SeatNorth, Total: 3,
			Context: &referee.Context{Win: scoring.KongReplacement, Discarder: notation.NoSeat}},
			Hand{Winner: "Ann", Win: scoring.KongReplacement, Faan: 3}, false},
		{"drawn", referee.Result{Outcome: referee.OutcomeDraw, Winner: notation.NoSeat}, Hand{Drawn: true}, false},
		{"false win", referee.Result{Outcome: referee.OutcomeFalseWin, Offender: notation.SeatEast, Winner: notation.NoSeat},
			Hand{FalseWin: "Ben"}, false},
		{"unfinished", referee.Result{Outcome: referee.OutcomeUnfinished}, Hand{}, true},
		{"win with no winner", referee.Result{Outcome: referee.OutcomeWin, Winner: notation.NoSeat}, Hand{}, true},
		{"two winners unsettled", referee.Result{Outcome: referee.OutcomeWin, Winner: 0, Wins: make([]referee.Win, 2)}, Hand{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromReport(&tt.res, table)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err %v, wantErr %v", err, tt.wantErr)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestFlowYAML(t *testing.T) {
	src := `
dealer_repeats_on_win: true
dealer_repeats_on_draw: false
prevailing_wind: true
zero_sum: true
length: bust
stake: 500.25
target: 0
ties: shared
`
	var got gamerules.Flow
	dec := yaml.NewDecoder(strings.NewReader(src))
	dec.KnownFields(true)
	if err := dec.Decode(&got); err != nil {
		t.Fatal(err)
	}
	want := gamerules.Flow{DealerRepeatsOnWin: true, PrevailingWind: true, ZeroSum: true, Length: gamerules.Length{Kind: gamerules.Bust},
		Stake: Amount(5002500), Ties: points.TiesShared}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if err := got.Validate(); err != nil {
		t.Error(err)
	}
	for _, bad := range []string{"length: 8-minutes", "lenght: 8-hands", "stake: 1.23456", "ties: coin-toss"} {
		var f gamerules.Flow
		dec := yaml.NewDecoder(strings.NewReader(bad))
		dec.KnownFields(true)
		if err := dec.Decode(&f); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
