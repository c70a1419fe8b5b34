package referee

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
)

func TestResolveClaims(t *testing.T) {
	hand := func(s string) *notation.Hand { h := notation.MustParse(s); return &h }
	type hands = [4]*notation.Hand
	tests := []struct {
		name      string
		discarder notation.Seat
		tile      string
		claims    string
		hands     hands
		allWin    bool
		takers    string
		action    string
		skipped   string
		rulings   []string // "SEAT VERDICT RULE"
		reason    string   // a part of the decision's reason
	}{
		{name: "issue example: win beats pong, chow not from the seat before",
			discarder: notation.SeatWest, tile: "5p", claims: "S win, N pong, E chow",
			takers: "S", action: "win",
			rulings: []string{"S ok claim-priority", "N ok claim-priority", "E illegal chow-from-left"},
			reason:  "a win beats a pong"},
		{name: "pong beats chow and skips the seats between",
			discarder: notation.SeatEast, tile: "4p", claims: "S chow 234p, N pong",
			takers: "N", action: "pong", skipped: "S W",
			rulings: []string{"S ok claim-priority", "N ok claim-priority"},
			reason:  "S and W miss the turn"},
		{name: "chow from the seat before",
			discarder: notation.SeatNorth, tile: "3s", claims: "E chow 345s",
			takers: "E", action: "chow",
			rulings: []string{"E ok chow-from-left"}},
		{name: "head bump",
			discarder: notation.SeatSouth, tile: "5p", claims: "N win, W win",
			takers: "W", action: "win",
			rulings: []string{"N ok head-bump", "W ok head-bump"},
			reason:  "head bump"},
		{name: "every claimant wins",
			discarder: notation.SeatSouth, tile: "5p", claims: "N win, W win", allWin: true,
			takers: "W N", action: "win",
			rulings: []string{"N ok win", "W ok win"}},
		{name: "a pong needs the pair",
			discarder: notation.SeatEast, tile: "4p", claims: "S chow 345p, N pong",
			hands:  hands{nil, hand("35p123m456m789m11z"), nil, hand("4p12m456m789m11z22z")},
			takers: "S", action: "chow",
			rulings: []string{"S ok chow-from-left", "N illegal pong"}},
		{name: "a chow needs its tiles",
			discarder: notation.SeatEast, tile: "4p", claims: "S chow 345p",
			hands:   hands{nil, hand("36p123m456m789m11z")},
			rulings: []string{"S illegal tile-in-hand"},
			reason:  "nobody takes 4p: S draws next"},
		{name: "a win that is not a hand",
			discarder: notation.SeatEast, tile: "5p", claims: "S win, W pong",
			hands:  hands{nil, hand("123m456m789m99s47p"), hand("55p123m456m789m9s")},
			takers: "W", action: "pong", skipped: "S",
			rulings: []string{"S illegal false-win", "W ok pong"}},
		{name: "a valid win with the hand",
			discarder: notation.SeatEast, tile: "5p", claims: "S win",
			hands:  hands{nil, hand("123m456m789m99s46p")},
			takers: "S", action: "win",
			rulings: []string{"S ok win"}},
		{name: "a hand given with the discard in it",
			discarder: notation.SeatEast, tile: "4p", claims: "N pong",
			hands:   hands{nil, nil, nil, hand("4p12m456m789m11z22z+4p")},
			rulings: []string{"N illegal pong"},
			reason:  "nobody takes 4p"},
		{name: "own discard",
			discarder: notation.SeatEast, tile: "5p", claims: "E pong",
			rulings: []string{"E illegal own-discard"}},
		{name: "one claim a seat",
			discarder: notation.SeatEast, tile: "5p", claims: "S pong, S kong",
			takers: "S", action: "pong", skipped: "",
			rulings: []string{"S ok pong", "S illegal claim-priority"}},
		{name: "claim names another tile",
			discarder: notation.SeatEast, tile: "5p", claims: "W pong 6p",
			rulings: []string{"W illegal claim-tile"}},
		{name: "everyone passes",
			discarder: notation.SeatWest, tile: "1z", claims: "N pass, E pass",
			rulings: []string{"N ok pass", "E ok pass"},
			reason:  "nobody takes 1z: N draws next"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			claims, err := ParseClaims(tt.claims)
			if err != nil {
				t.Fatal(err)
			}
			deps := testDeps()
			if tt.allWin {
				deps.Rules.MultipleWins = "all"
			}
			d, err := ResolveClaims(tt.discarder, notation.MustParse(tt.tile).Win, claims, tt.hands, deps)
			if err != nil {
				t.Fatal(err)
			}
			got := []string{seatsText(d.Takers), d.Action, seatsText(d.Skipped)}
			want := []string{tt.takers, tt.action, tt.skipped}
			for _, r := range d.Rulings {
				got = append(got, fmt.Sprintf("%s %s %s", r.Seat, r.Verdict, r.Rule))
			}
			want = append(want, tt.rulings...)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s\nreason: %s", diff, d.Reason)
			}
			if !strings.Contains(d.Reason, tt.reason) {
				t.Errorf("reason %q lacks %q", d.Reason, tt.reason)
			}
		})
	}
}

func seatsText(ss []notation.Seat) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = s.String()
	}
	return strings.Join(parts, " ")
}

func TestResolveClaimsErrors(t *testing.T) {
	tests := []struct {
		name      string
		discarder notation.Seat
		tile      notation.Tile
		claims    []Claim
		want      string
	}{
		{"no discarder", notation.NoSeat, notation.M1, nil, "unknown discarder"},
		{"a flower", notation.SeatEast, notation.F1, nil, "cannot be discarded"},
		{"bad seat", notation.SeatEast, notation.M1, []Claim{{Seat: 9, Verb: VerbPong}}, "unknown seat"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ResolveClaims(tt.discarder, tt.tile, tt.claims, [4]*notation.Hand{}, Deps{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestParseClaims(t *testing.T) {
	got, err := ParseClaims("S win, N pong; E chow 456p")
	if err != nil {
		t.Fatal(err)
	}
	want := []Claim{
		{Seat: notation.SeatSouth, Verb: VerbWin},
		{Seat: notation.SeatNorth, Verb: VerbPong},
		{Seat: notation.SeatEast, Verb: VerbChow, Tiles: tiles("456p")},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for _, bad := range []string{"", "S discard 5p", "S wn"} {
		if _, err := ParseClaims(bad); err == nil {
			t.Errorf("ParseClaims(%q) = nil error", bad)
		}
	}
}
