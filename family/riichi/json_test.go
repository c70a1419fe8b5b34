package riichi_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/schema"
)

// TestAppendJSONIsEncodingJSON: a scored riichi hand writes its JSON without reflection, byte for
// byte what encoding/json writes, in every part the result has: a win and its limit, yakuman,
// other readings, honba and sticks, riichi and its flags, no yaku, no complete reading.
func TestAppendJSONIsEncodingJSON(t *testing.T) {
	type req = engine.ScoreRequest
	x := func(kv ...any) map[string]any {
		m := map[string]any{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	reqs := []req{
		{Hand: "234m23p456p678s99s+1p", Win: "tsumo", Seat: "S", Extra: x("riichi", true, "ippatsu", true, "ura", "8s")},
		{Hand: "234m234p55m678s78s+9s", Seat: "W", Extra: x("riichi", true, "dora", "1p,3m", "honba", 2, "sticks", 1)},
		{Hand: "22334455667788s", Win: "tsumo", Extra: x("readings", true)},
		{Hand: "3335555677788m+7m", Win: "tsumo", Extra: x("double_riichi", true)},
		{Hand: "111m333p555s777z9m+9m"},
		{Hand: "19m19p19s1234567z1m", Win: "tsumo", Extra: x("first_turn", true)},
		{Hand: "1112345678999p+5p", Win: "tsumo"},
		{Hand: "123m456p789s11z [777z]", Extra: x("dora", "6z")},
		{Hand: "234m567p99s [234s] [888p]"},                                         // open, no yaku
		{Hand: "123m456p789s1z2z3z4z"},                                              // no complete reading
		{Hand: "123m456p99s78s+9s [1111z]", Win: "rinshan", Extra: x("dora", "8m")}, // a kan's replacement
		{Hand: "0m55m678p345s2s+2s [0p55p]", Extra: x("dora", "4m")},                // red fives
	}
	r := rand.New(rand.NewPCG(30, 12))
	for range 300 {
		reqs = append(reqs, req{Hand: notation.Format(handgen.Random(r, 3)), Win: []string{"ron", "tsumo"}[r.IntN(2)]})
	}
	for _, name := range []string{"riichi", "riichi-sanma", "riichi-majsoul", "riichi-ema"} {
		e, err := engine.Open(name, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		scored := 0
		for _, q := range reqs {
			s, err := e.Score(q)
			if err != nil {
				continue // a hand the ruleset refuses (three players: 2m to 8m)
			}
			scored++
			var w bytes.Buffer
			enc := json.NewEncoder(&w)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(s); err != nil {
				t.Fatal(err)
			}
			a, ok := s.(schema.Appender)
			if !ok {
				t.Fatalf("%T has no AppendJSON", s)
			}
			if got, want := string(a.AppendJSON([]byte("x"))), "x"+strings.TrimSuffix(w.String(), "\n"); got != want {
				t.Fatalf("%s, %+v:\n got %s\nwant %s", name, q, got, want)
			}
		}
		if scored < 10 {
			t.Errorf("%s scored %d of the hands: the test compares too little", name, scored)
		}
	}
}
