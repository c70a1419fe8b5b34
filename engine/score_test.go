package engine_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

func TestScoreRequestOver(t *testing.T) {
	yes, no := true, false
	def := engine.ScoreRequest{Seat: "S", Prevailing: "W", Win: "self-draw", Discarder: "N", LastTile: &no, Loser: &no}
	got := engine.ScoreRequest{Hand: "h", Seat: "N", LastTile: &yes}.Over(def)
	want := engine.ScoreRequest{Hand: "h", Seat: "N", Prevailing: "W", Win: "self-draw", Discarder: "N", LastTile: &yes, Loser: &no}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Over (-want +got):\n%s", diff)
	}
}

func TestSituation(t *testing.T) {
	for _, tc := range []struct {
		name    string
		req     engine.ScoreRequest
		want    family.Situation
		wantErr string
	}{
		{name: "defaults", req: engine.ScoreRequest{},
			want: family.Situation{Situation: scoring.Situation{Seat: notation.SeatEast, Prevailing: notation.SeatEast, Win: scoring.Discard, Discarder: notation.NoSeat}}},
		{name: "spelt out", req: engine.ScoreRequest{Seat: "south", Prevailing: "w", Win: "self-draw", Discarder: "n"},
			want: family.Situation{Situation: scoring.Situation{Seat: notation.SeatSouth, Prevailing: notation.SeatWest, Win: scoring.SelfDraw, Discarder: notation.SeatNorth}}},
		{name: "bad seat", req: engine.ScoreRequest{Seat: "X"}, wantErr: "--seat: "},
		{name: "bad win", req: engine.ScoreRequest{Win: "lucky"}, wantErr: "--win: "},
		{name: "own discard", req: engine.ScoreRequest{Seat: "S", Discarder: "S"}, wantErr: "--discarder S is the winner's own seat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sit, err := tc.req.Situation()
			if tc.wantErr != "" {
				var fe *family.Error
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !errors.As(err, &fe) || !fe.Usage {
					t.Fatalf("err = %v, want a usage error containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if sit != tc.want {
				t.Errorf("situation = %+v, want %+v", sit, tc.want)
			}
		})
	}
}
