package engine_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
)

// TestScorerIsScoreOver: a Scorer, which reads its default's situation once, scores every request
// as Score scores the request over the default: the same result (its JSON) or the same error, for
// random hands, bad hands and requests that give situation fields of their own, under defaults
// good and bad, across families.
func TestScorerIsScoreOver(t *testing.T) {
	yes, no := true, false
	defs := []engine.ScoreRequest{
		{},
		{Seat: "E", Prevailing: "E", Win: "self-draw", LastTile: &no, Loser: &no},
		{Seat: "S", Prevailing: "W", Win: "discard", Discarder: "N", LastTile: &yes, Loser: &no},
		{Seat: "W", Win: "replacement", LastTile: &no},
		{Seat: "X"},                             // bad: every request that keeps it fails
		{Seat: "E", Discarder: "E"},             // bad: the winner's own seat
		{Win: "self-draw", Loser: &yes},         // DeBurger's non-winner; refused elsewhere
		{Extra: map[string]any{"riichi": true}}, // a family field: not bound, refused outside riichi
	}
	r := rand.New(rand.NewPCG(3, 30))
	var reqs []engine.ScoreRequest
	for range 150 {
		h := handgen.Random(r, 2)
		if r.IntN(3) == 0 {
			h.Bonus = []notation.BonusTile{{Tile: notation.F1 + notation.Tile(r.IntN(8))}}
		}
		reqs = append(reqs, engine.ScoreRequest{Hand: notation.Format(h)})
	}
	reqs = append(reqs,
		engine.ScoreRequest{Hand: "123m456p789s111z55"},
		engine.ScoreRequest{Hand: "11112m"},
		engine.ScoreRequest{Hand: "123m456p789s111z55z", Seat: "N"},
		engine.ScoreRequest{Hand: "123m456p789s111z55z", Win: "self-draw"},
		engine.ScoreRequest{Hand: "123m456p789s111z55z", LastTile: &yes},
		engine.ScoreRequest{Hand: "123m456p789s111z55z", Loser: &no},
		engine.ScoreRequest{Hand: "123m456p789s111z55z", Extra: map[string]any{"dora": "1m"}},
	)
	for _, rules := range []string{"hk", "hk-oldstyle", "deburger-2026", "riichi"} {
		e, err := engine.Open(rules, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, def := range defs {
			s := e.Scorer(def)
			for _, req := range reqs {
				got, gotErr := s.Score(req)
				want, wantErr := e.Score(req.Over(def))
				if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
					t.Fatalf("%s, default %+v, %+v: error %v, want %v", rules, def, req, gotErr, wantErr)
				}
				if gotErr == nil && jsonOf(t, got) != jsonOf(t, want) {
					t.Fatalf("%s, default %+v, %+v:\n got %s\nwant %s", rules, def, req, jsonOf(t, got), jsonOf(t, want))
				}
			}
		}
	}
}

func jsonOf(t *testing.T, v family.Scored) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
