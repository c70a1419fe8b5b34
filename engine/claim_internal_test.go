package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
)

func TestClaimHands(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    []string // each seat's hand in notation, "" when not given
		wantErr string
	}{
		{name: "none", want: []string{"", "", "", ""}},
		{name: "two seats", args: []string{"N=123m456m789m99s46p", "s=44p123m456s789s1z2z"},
			want: []string{"", "123m44p456789s12z", "", "123456789m46p99s"}},
		{name: "a meld and the discard already in", args: []string{"N=123m789m99s456p [456m]"},
			want: []string{"", "", "", "123789m456p99s [456m]"}},
		{name: "no equals sign", args: []string{"N123m"}, wantErr: `--hand "N123m": expected SEAT=HAND`},
		{name: "unknown seat", args: []string{"Q=1m"}, wantErr: `--hand: unknown seat "Q"`},
		{name: "twice", args: []string{"N=123m456m789m99s46p", "N=123m456m789m99s46p"}, wantErr: "--hand: N is given twice"},
		{name: "the discarder", args: []string{"W=123m456m789m99s46p"}, wantErr: "--hand W: W discarded the tile"},
		{name: "too few", args: []string{"N=123m"}, wantErr: "--hand N holds 3 tiles"},
		{name: "bad notation", args: []string{"N=12x"}, wantErr: "--hand N: col 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hands, err := claimHands(tt.args, notation.Options{}, notation.SeatWest)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
				}
				var fe *family.Error
				if !errors.As(err, &fe) && !errors.Is(err, notation.ErrNotation) {
					t.Errorf("error %v is not bad input", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := make([]string, 4)
			for i, h := range hands {
				if h != nil {
					c := *h
					c.Win = notation.NoTile
					got[i] = notation.Format(c)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("hands (-want +got):\n%s", diff)
			}
		})
	}
}
