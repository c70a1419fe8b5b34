package settle_test

import (
	"bytes"
	"os"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// loadRules decodes a testdata settlement: section strictly, as the rulesets loader does, and
// validates it.
func loadRules(t testing.TB, file string) *settle.Rules {
	t.Helper()
	b, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	r, err := decodeRules(b)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if err := r.Validate(); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	r.Bounds = testBounds[file]
	return r
}

// testBounds are the bounds the rulesets loader would give each testdata section: hk's cap 10 (the
// minimum left at 0 so the tables' low rows can be tried), hk-oldstyle's cap 13, American values.
var testBounds = map[string]scoring.Bounds{
	"hk-settlement.yaml":          {Unit: "faan", Cap: 10, Limit: 10},
	"hk-oldstyle-settlement.yaml": {Unit: "faan", Cap: 13, Limit: 13},
	"club-settlement.yaml":        {Unit: "faan", Cap: 10, Limit: 10},
	"american-settlement.yaml":    {Unit: "value"},
}

// capped returns a change to the rules that sets the cap (and the limit with it); 0 is no cap.
func capped(c int) func(*settle.Rules) {
	return func(r *settle.Rules) {
		r.Bounds.Cap, r.Bounds.Limit = c, c
		if c == 0 {
			r.Bounds.Limit = 13
		}
	}
}

func decodeRules(b []byte) (*settle.Rules, error) {
	var doc struct {
		Settlement *settle.Rules `yaml:"settlement"`
	}
	if err := decodeInto(b, &doc); err != nil {
		return nil, err
	}
	return doc.Settlement, nil
}

// decodeInto decodes YAML strictly into v; maps and pointers already in v are merged into, which is
// how an extending section overlays its base here.
func decodeInto(b []byte, v any) error {
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	return dec.Decode(v)
}

// with returns a shallow copy of r changed by f; the maps are shared, so f must only set fields.
func with(r *settle.Rules, f func(*settle.Rules)) *settle.Rules {
	c := *r
	f(&c)
	return &c
}

const (
	E = notation.SeatEast
	S = notation.SeatSouth
	W = notation.SeatWest
	N = notation.SeatNorth
	X = notation.NoSeat
)

// pay is a compact payment for comparisons: from, to, amount text, rule.
type pay struct {
	From, To notation.Seat
	Amount   string
	Rule     string
}

func pays(res settle.Result) []pay {
	out := []pay{}
	for _, p := range res.Payments {
		out = append(out, pay{p.From, p.To, p.Amount.String(), p.Rule})
	}
	return out
}

// deltas gives the four seats' changes as text, E S W N.
func deltas(res settle.Result) [4]string {
	var out [4]string
	for i, a := range res.Deltas {
		out[i] = a.String()
	}
	return out
}

func winner(s notation.Seat, faan int) settle.Winner { return settle.NewWinner(s, faan) }

func limitWinner(s notation.Seat) settle.Winner {
	w := settle.NewWinner(s, 0)
	w.Limit = true
	return w
}
