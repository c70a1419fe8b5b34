package server

import (
	"github.com/mjref/mjref/engine"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/family"
)

// Issue 25: a bot writer sends numbers. Every count or amount of a request body is read from a
// JSON number or a numeric string; a number that is not whole, or out of range, is refused with
// the field named.
func TestBodiesTakeNumbers(t *testing.T) {
	decode := func(body string, v any) error {
		return decodeBody(httptest.NewRecorder(), httptest.NewRequest("POST", "/", strings.NewReader(body)), v)
	}
	var s SettleBody
	if err := decode(`{"faan": 6, "value": "25", "winner": "S", "points": {"E": 2700, "S": "-900"}, "totals": ["E=100"], "set": {"cap": 13, "min_faan": "4", "payout.half_spicy": true, "x": 0.5}}`, &s); err != nil {
		t.Fatal(err)
	}
	got := SettleBody{Set: s.Set, SettleRequest: engine.SettleRequest{Faan: s.Faan, Value: s.Value, Winner: s.Winner, Points: s.Points, Totals: s.Totals}}
	want := SettleBody{Set: family.SetValues{"cap": "13", "min_faan": "4", "payout.half_spicy": "true", "x": "0.5"},
		SettleRequest: engine.SettleRequest{Faan: "6", Value: "25", Winner: "S", Points: family.Amounts{"E=2700", "S=-900"}, Totals: family.Amounts{"E=100"}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("settle body (-want +got):\n%s", diff)
	}
	var l LedgerHand
	if err := decode(`{"faan": 8.0, "winner": "Ann", "points": {"Ann": 300}}`, &l); err != nil {
		t.Fatal(err)
	}
	if l.Faan != "8" || cmp.Diff(family.Amounts{"Ann=300"}, l.Points) != "" {
		t.Errorf("ledger hand: faan %q, points %v", l.Faan, l.Points)
	}
	var c ClosestBody
	for _, body := range []string{`{"hand": "1m", "top": 3}`, `{"hand": "1m", "top": "3"}`} {
		if err := decode(body, &c); err != nil || c.Top != 3 {
			t.Errorf("%s: top %d, %v", body, c.Top, err)
		}
	}
	refused := []struct{ body, msg string }{
		{`{"faan": 6.5}`, `request body: "faan": expected a whole number or one in a string, not number 6.5`},
		{`{"faan": 1e12}`, `request body: "faan": expected a whole number or one in a string, not number 1e12 (out of range)`},
		{`{"faan": 99999999999}`, `request body: "faan": expected a whole number or one in a string, not number 99999999999 (out of range)`},
		{`{"faan": true}`, `request body: "faan": expected a whole number or one in a string, not a bool`},
		{`{"value": [25]}`, `request body: "value": expected a whole number or one in a string, not an array`},
		{`{"points": {"E": 2.5}}`, `request body: "points": expected a whole number or one in a string, not number 2.5 for "E"`},
		{`{"points": [2700]}`, `request body: "points": expected a string, not a number`},
		{`{"points": 2700}`, `request body: "points": expected a list of NAME=AMOUNT strings or an object of names and amounts, not a number`},
		{`{"set": {"cap": [13]}}`, `request body: "set.cap": expected a string, a number or true or false, not an array`},
		{`{"set": 13}`, `request body: "set": expected an object, not a number`},
	}
	for _, tt := range refused {
		var s SettleBody
		err := decode(tt.body, &s)
		if err == nil || err.Error() != tt.msg {
			t.Errorf("%s:\n got %v\nwant %s", tt.body, err, tt.msg)
		}
	}
	for _, tt := range []struct{ body, msg string }{
		{`{"hand": "1m", "top": 2.5}`, `request body: "top": expected a whole number or one in a string, not number 2.5`},
		{`{"hand": "1m", "top": "three"}`, `request body: "top": expected a whole number or one in a string, not a string "three"`},
	} {
		var c ClosestBody
		if err := decode(tt.body, &c); err == nil || err.Error() != tt.msg {
			t.Errorf("%s:\n got %v\nwant %s", tt.body, err, tt.msg)
		}
	}
}
