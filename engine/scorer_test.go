package engine_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/family/hongkong"
	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring/hk"
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

// TestLineIsScore: a Line writes, for each request in turn, the JSON of what its Scorer's Score
// returns with input_line set, or fails with Score's error and leaves the buffer as it was: under
// every built-in ruleset (Hong Kong's lines written without a Scored, the others through Score),
// defaults good and bad, and one Line reused across good lines and bad.
func TestLineIsScore(t *testing.T) {
	yes, no := true, false
	defs := []engine.ScoreRequest{
		{},
		{Seat: "E", Prevailing: "E", Win: "self-draw", LastTile: &no, Loser: &no},
		{Seat: "S", Prevailing: "W", Win: "discard", Discarder: "N", LastTile: &yes, Loser: &no},
		{Seat: "X"},
		{Win: "self-draw", Loser: &yes},
		{Extra: map[string]any{"riichi": true}},
		// Riichi's own fields, bound: its lines are written without a Scored too.
		{Seat: "S", Win: "self-draw", Extra: map[string]any{"riichi": true, "dora": "1m2z", "ura": "5p", "honba": 2, "sticks": 1}},
		{Win: "discard", LastTile: &yes, Extra: map[string]any{"double-riichi": true, "ippatsu": true}},
		{Win: "replacement", Extra: map[string]any{"readings": true}},
	}
	r := rand.New(rand.NewPCG(4, 40))
	var reqs []engine.ScoreRequest
	for i := range 200 {
		h := handgen.Random(r, 2)
		switch i % 5 {
		case 0:
			h.Bonus = []notation.BonusTile{{Tile: notation.F1 + notation.Tile(r.IntN(8))}}
		case 1:
			h.Bonus = []notation.BonusTile{{Tile: notation.F1}, {Tile: notation.F1 + 4}}
		}
		reqs = append(reqs, engine.ScoreRequest{Hand: notation.Format(h)})
		if i%3 == 2 { // the same hand spelled otherwise: its head is Format's, not the line's
			s := notation.Format(h)
			if j := strings.IndexAny(s, "mpsz"); j > 0 {
				reqs = append(reqs, engine.ScoreRequest{Hand: s[:j+1] + " " + s[j+1:]})
			}
			if j := strings.Index(s, " ["); j > 0 {
				reqs = append(reqs, engine.ScoreRequest{Hand: s[j+1:] + " " + s[:j]})
			}
		}
		if i%7 == 0 { // a bad line between good ones: the reused hand must not carry it over
			reqs = append(reqs, engine.ScoreRequest{Hand: notation.Format(h) + "x"})
		}
	}
	reqs = append(reqs,
		engine.ScoreRequest{Hand: "123m456p789s111z55"},
		engine.ScoreRequest{Hand: "[111mJ] 234p 567s 99s 1z1z1z"},
		engine.ScoreRequest{Hand: "19m19p19s1234567z1m"},
		engine.ScoreRequest{Hand: "2233445566778m8m", Win: "self-draw"},
		engine.ScoreRequest{Hand: "123m456p789s111z55z", Seat: "N"},
		engine.ScoreRequest{Hand: "123m456p789s111z55z", Extra: map[string]any{"dora": "1m"}},
		engine.ScoreRequest{Hand: "0 2026m 2026p 2026s 11z"},
	)
	written := map[string]int{} // good lines by ruleset
	for _, info := range rulesets.Builtins() {
		e, err := engine.Open(info.Name, engine.Options{})
		if err != nil {
			t.Fatalf("%s: %v", info.Name, err)
		}
		for d, def := range defs {
			s := e.Scorer(def)
			l := s.Line()
			buf := []byte("prefix")
			for n, req := range reqs {
				got, valid, gotErr := l.AppendJSON(buf, req, n+1)
				want, wantErr := s.Score(req)
				if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
					t.Fatalf("%s, default %+v, %+v: error %v, want %v", info.Name, def, req, gotErr, wantErr)
				}
				if !bytes.HasPrefix(got, []byte("prefix")) {
					t.Fatalf("%s, %+v: the buffer's bytes were lost: %q", info.Name, req, got)
				}
				if gotErr != nil {
					if len(got) != len("prefix") {
						t.Fatalf("%s, %+v: failed, and wrote %q", info.Name, req, got)
					}
					continue
				}
				want.Head().InputLine = n + 1
				if g, w := string(got[len("prefix"):]), encodingJSON(t, want); g != w || valid != want.Valid() {
					t.Fatalf("%s, default %+v, %+v:\n got %s (valid %v)\nwant %s (valid %v)", info.Name, def, req, g, valid, w, want.Valid())
				}
				written[info.Name]++
				if d >= len(defs)-3 {
					written[info.Name+" (its own fields)"]++
				}
			}
		}
	}
	// The random hands are the same on every run: every family writes good lines, riichi's under
	// its own fields too.
	for _, name := range []string{"hk", "american", "deburger-2026", "riichi", "riichi (its own fields)", "riichi-sanma"} {
		if written[name] < 50 {
			t.Errorf("%s wrote %d good lines: the test no longer reaches its writer", name, written[name])
		}
	}
	t.Logf("good lines: %v", written)
}

// encodingJSON is v as encoding/json writes it, HTML escaping off (as the batch writes), without
// the newline: what a family's own JSON writer must match byte for byte.
func encodingJSON(t testing.TB, v any) string {
	t.Helper()
	var w bytes.Buffer
	enc := json.NewEncoder(&w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(w.String(), "\n")
}

// A Hong Kong line is written without a Scored, into a reused hand and with its result's items and
// reading in a reused scratch: it allocates nothing, where hk.Score allocates the result's.
func TestLineAllocs(t *testing.T) {
	if raceBuild {
		t.Skip("the race detector's sync.Pool drops scratches on purpose")
	}
	e, err := engine.Open("hk", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	def := engine.ScoreRequest{Win: "self-draw"}
	s := e.Scorer(def)
	sit, err := def.Situation()
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"123m 456p 789s 11z [555p] 1f", "123m456p789s11z [555p]", "19m19p19s1234567z1m", "147m258p369s12345z 1f 2f"} {
		req := engine.ScoreRequest{Hand: text}
		l := s.Line()
		buf := make([]byte, 0, 4096)
		line := testing.AllocsPerRun(200, func() { _, _, _ = l.AppendJSON(buf[:0], req, 1) })
		h := notation.MustParse(text)
		alone := testing.AllocsPerRun(200, func() { _, _ = hk.Score(&h, sit.Situation, hongkong.Rules(e.Ruleset())) })
		if line != 0 {
			t.Errorf("%s: a line allocates %v times (hk.Score %v): want none", text, line, alone)
		}
	}
	// So is a riichi line, its own fields given once for the batch.
	e, err = engine.Open("riichi", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, def := range []engine.ScoreRequest{{Win: "self-draw"}, {Win: "discard", Extra: map[string]any{"riichi": true, "dora": "1m5z", "ura": "9s", "honba": 1}}} {
		l := e.Scorer(def).Line()
		buf := make([]byte, 0, 4096)
		for _, text := range []string{"234m23p456p678s99s+1p", "345m345p345s6677z+7z", "19m19p19s1234567z+1m"} {
			req := engine.ScoreRequest{Hand: text}
			if _, _, err := l.AppendJSON(buf[:0], req, 1); err != nil {
				t.Fatalf("riichi %s: %v", text, err)
			}
			if n := testing.AllocsPerRun(200, func() { _, _, _ = l.AppendJSON(buf[:0], req, 1) }); n != 0 {
				t.Errorf("riichi %v %s: a line allocates %v times: want none", def.Extra, text, n)
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
