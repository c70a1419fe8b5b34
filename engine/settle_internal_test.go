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
		for _, n := range ns {
			if n > maxSeatPoints || n < -maxSeatPoints {
				t.Fatalf("seatNumbers(%q) = %v: past ±%d", s, ns, maxSeatPoints)
			}
		}
	})
}

// A seat's points, given for a hand or as a running total, are bounded, so that their sums cannot
// overflow: before, --totals E=9223372036854775807 with E +100 made E's total -9223372036854775709
// and the game "play on: nobody has reached 10000".
func TestSeatNumbersBounded(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // "" reads
	}{
		{"E=1000000000,S=-1000000000,W=0,N=0", ""},
		{"E=1000000001,S=0,W=0,N=0", "--totals E=1000000001: at most 1,000,000,000 points either way"},
		{"E=0,S=-1000000001,W=0,N=0", "--totals S=-1000000001: at most"},
		{"E=9223372036854775807,S=0,W=0,N=0", "--totals E=9223372036854775807: at most"},
		{"E=0,S=0,W=0,N=99999999999999999999999", "--totals N=99999999999999999999999: at most"},
		{"E=0,S=0,W=0,N=12x", "expected a whole number"},
	} {
		vals, err := seatValues("totals", []string{c.in})
		if err != nil {
			t.Fatal(err)
		}
		_, err = seatNumbers("totals", vals)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("seatNumbers(%s) = %v, want %q", c.in, err, c.want)
		}
	}
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
