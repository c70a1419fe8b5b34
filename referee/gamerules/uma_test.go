package gamerules

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/referee/settle"
)

func pts(ns ...int64) []settle.Amount {
	out := make([]settle.Amount, len(ns))
	for i, n := range ns {
		out[i] = settle.Points(n)
	}
	return out
}

// TestUmaResults checks the game's end against Tenhou's own owari figures: the places (equal
// stacks in seat order from the first dealer), every place but the first rounded to thousands
// half away from zero, the first taking the rest with the oka.
func TestUmaResults(t *testing.T) {
	tenhou := pts(20000, 10000, -10000, -20000)
	for _, tt := range []struct {
		name    string
		stacks  []settle.Amount
		first   int
		places  []int
		results []settle.Amount
		ret     settle.Amount
		uma     []settle.Amount
	}{
		// A Tenhou hanchan's owari: 249,-15,133,-37,292,9,326,43 (hundreds; thousands).
		{"a Tenhou hanchan", pts(24900, 13300, 29200, 32600), 0, []int{3, 2, 0, 1}, pts(-15000, -37000, 9000, 43000), settle.Points(30000), tenhou},
		// 16,500 is 17 thousand, -7,500 is -8: half away from zero.
		{"rounding half away from zero", pts(16500, -7500, 45000, 66000), 0, []int{3, 2, 0, 1}, pts(-23000, -58000, 25000, 56000), settle.Points(30000), tenhou},
		{"equal stacks in seat order from the first dealer", pts(25000, 25000, 25000, 25000), 2, []int{2, 3, 0, 1}, pts(-15000, -25000, 35000, 5000), settle.Points(30000), tenhou},
		{"no uma for these seats", pts(25000, 25000), 0, []int{0, 1}, nil, settle.Points(30000), tenhou},
	} {
		places, results := UmaResults(tt.stacks, tt.first, tt.ret, tt.uma)
		if diff := cmp.Diff(tt.places, places); diff != "" {
			t.Errorf("%s: places (-want +got):\n%s", tt.name, diff)
		}
		if diff := cmp.Diff(tt.results, results); diff != "" {
			t.Errorf("%s: results (-want +got):\n%s", tt.name, diff)
		}
		if results != nil {
			var sum settle.Amount
			for _, r := range results {
				sum += r
			}
			if sum != 0 {
				t.Errorf("%s: results add up to %s, not 0", tt.name, sum)
			}
		}
	}
}

// TestRiichiFlowValid: the Tenhou flow validates, and a flow whose uma does not add up to zero or
// whose return is below the stake is refused at its line.
func TestRiichiFlowValid(t *testing.T) {
	f := RiichiFlow()
	if err := f.Validate(); err != nil {
		t.Fatalf("RiichiFlow: %v", err)
	}
	bad := f
	bad.Uma = pts(20000, 10000, -10000, -10000)
	if err := bad.Validate(); err == nil {
		t.Error("an uma adding up to 10000 was accepted")
	}
	bad = f
	bad.Return = settle.Points(20000)
	if err := bad.Validate(); err == nil {
		t.Error("a return below the stake was accepted")
	}
	bad = f
	bad.Length = Length{Kind: Hands, N: 8}
	if err := bad.Validate(); err == nil {
		t.Error("an extension in a game of hands was accepted")
	}
}
