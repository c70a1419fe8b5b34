package engine

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// FuzzSettleLists feeds the settle flags' list parsers: they never panic, and what they accept
// reads back the same when written out again.
func FuzzSettleLists(f *testing.F) {
	for _, s := range []string{"S", "S,N", "E, W", "S,S", "X", "", "6", "5,3", "-1", "E=2700,S=1800,W=-400,N=0", "E=1", "E2700", "N=9999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if seats, err := parseSeatList("winner", s); err == nil {
			text := strings.ReplaceAll(seatsText(seats), " ", "")
			if back, err := parseSeatList("winner", text); err != nil || !slices.Equal(back, seats) {
				t.Fatalf("parseSeatList(%q) = %v, written %q, reads back as %v, %v", s, seats, text, back, err)
			}
		}
		if nums, err := parseWorth("faan", s, 2); err == nil {
			if len(nums) != 1 && len(nums) != 2 {
				t.Fatalf("parseWorth(%q) = %v for 2 winners", s, nums)
			}
			for _, n := range nums {
				if n < 0 {
					t.Fatalf("parseWorth(%q) = %v: negative", s, nums)
				}
			}
		}
		vals, err := seatValues("points", []string{s})
		if err != nil {
			return
		}
		ns, err := seatNumbers("points", vals)
		if err != nil {
			return
		}
		text := fmt.Sprintf("E=%d,S=%d,W=%d,N=%d", ns[0], ns[1], ns[2], ns[3])
		back, err := seatValues("points", []string{text})
		if err != nil {
			t.Fatalf("%q reads back with %v", text, err)
		}
		if got, err := seatNumbers("points", back); err != nil || got != ns {
			t.Fatalf("%q reads back as %v, %v; want %v", text, got, err, ns)
		}
	})
}

// Given names every field of SettleRequest (but the hand argument) by its flag, in name order, so
// a family refuses any of them it does not take.
func TestSettleRequestGiven(t *testing.T) {
	all := SettleRequest{Hand: "x", Faan: "1", Value: "1", Limit: true, Winner: "S", Seat: "S", Prevailing: "S", Win: "discard",
		Discarder: "W", LastTile: true, Responsible: "E", Drawn: true, Wall: true, FalseWin: "E", Jokerless: true, Misnamed: true,
		Card: "c", Hands: []string{"E=1m"}, Points: []string{"E=1"}, Totals: []string{"E=1"}, Mahjong: "E",
		Han: "1", Fu: "30", Yakuman: "1", Honba: 1, Sticks: 1, Tenpai: "S", Nagashi: "S", Abortive: "sanchahou",
		Riichi: true, DoubleRiichi: true, Ippatsu: true, FirstTurn: true, Dora: "1m", Ura: "1m", Kita: 1}
	got := all.Given()
	if n := reflect.TypeFor[SettleRequest]().NumField() - 1; len(got) != n {
		t.Errorf("Given() = %v: %d fields of %d", got, len(got), n)
	}
	if !slices.IsSorted(got) {
		t.Errorf("Given() = %v, not in name order", got)
	}
	for _, name := range got {
		if !all.given(name) {
			t.Errorf("given(%q) = false", name)
		}
	}
	if g := (&SettleRequest{Hand: "x"}).Given(); len(g) != 0 {
		t.Errorf("a bare hand gives %v", g)
	}
}
