package engine_test

import (
	"github.com/mjref/mjref/family"
	"slices"
	"testing"

	"github.com/mjref/mjref/engine"
)

// Every settle field is taken by some family, and each family refuses a field it does not take
// rather than ignoring it.
func TestSettleFieldsBelongToFamilies(t *testing.T) {
	all := engine.SettleRequest{Faan: "1", Value: "1", Limit: true, Winner: "S", Seat: "S", Prevailing: "S", Win: "discard",
		Discarder: "W", LastTile: true, Responsible: "E", Drawn: true, Wall: true, FalseWin: "E", Jokerless: true, Misnamed: true,
		Card: "c", Hands: []string{"E=1m"}, Points: []string{"E=1"}, Totals: []string{"E=1"}, Mahjong: "E"}
	taken := map[string]bool{}
	for _, rules := range []string{"hk", "american", "deburger-2026"} {
		e, err := engine.Open(rules, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, flag := range all.Given() {
			ok, _ := e.Rules().Takes(family.UseSettle, flag)
			taken[flag] = taken[flag] || ok
		}
		// Every family refuses some field of all: none is silently ignored.
		if _, err := e.Settle(all); err == nil || !engine.IsInput(err) {
			t.Errorf("%s: every field at once: %v, want bad input", rules, err)
		}
	}
	for _, flag := range all.Given() {
		if !taken[flag] {
			t.Errorf("no family takes --%s", flag)
		}
	}
	if !slices.Contains(all.Given(), "hand") {
		t.Error("Given does not list --hand")
	}
}
