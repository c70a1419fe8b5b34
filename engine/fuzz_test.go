package engine_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
)

// FuzzSettleRequest feeds settle request bodies, as a server receives them, to every family: no
// body panics or is a bug (an error is bad input), and a settled hand's payments sum to zero.
func FuzzSettleRequest(f *testing.F) {
	for _, s := range []string{
		`{"faan": "6", "winner": "S", "discarder": "W"}`,
		`{"faan": "5,3", "winner": "S,N", "discarder": "W"}`,
		`{"limit": true, "winner": "N", "win": "self-draw", "responsible": "E"}`,
		`{"hand": "[555z] [666z] [777z@E] 123m 9p+9p", "seat": "N", "win": "self-draw"}`,
		`{"value": "25", "winner": "S", "discarder": "W", "misnamed": true}`,
		`{"hand": "NN 2026m SS 666p 666s", "seat": "S", "discarder": "W"}`,
		`{"points": ["E=2700,S=1800,W=-400,N=0"], "totals": ["E=9000,S=4000,W=0,N=100"]}`,
		`{"hands": ["E=123m456m789p111z55s", "S=123m456p777z99p5m8s", "W=123m456p777z99p5m8s 3f*", "N=11m55m99p22s33s11z7z"], "mahjong": "E", "win": "self-draw"}`,
		`{"han": "3", "fu": "40", "winner": "S", "discarder": "W", "honba": 2, "sticks": 1}`,
		`{"han": "2,3", "fu": "30,40", "winner": "S,N", "discarder": "W"}`,
		`{"yakuman": "1", "winner": "E", "win": "tsumo", "responsible": "S"}`,
		`{"hand": "3335555677788m+7m", "seat": "S", "win": "tsumo", "riichi": true, "dora": "4m"}`,
		`{"drawn": true, "tenpai": "S,N"}`, `{"abortive": "kyuushu_kyuuhai"}`,
		`{"drawn": true}`, `{"false_win": "E"}`, `{}`,
	} {
		f.Add(s)
	}
	engines := openEngines(f, "hk", "american", "deburger-2026", "riichi", "riichi-sanma")
	f.Fuzz(func(t *testing.T, body string) {
		var req engine.SettleRequest
		if json.Unmarshal([]byte(body), &req) != nil {
			return
		}
		req.Card = "" // a card names a file: not fuzzed
		for _, e := range engines {
			s, err := e.Settle(req)
			if err != nil {
				if !engine.IsInput(err) {
					t.Fatalf("%s: %s: %v is not bad input", e.Ruleset().Name, body, err)
				}
				continue
			}
			if v, ok := s.(*engine.PaymentsView); ok && v.Settled {
				var sum settle.Amount
				for _, d := range v.Deltas {
					sum += d
				}
				if sum != 0 {
					t.Fatalf("%s: %s: deltas %s sum to %s", e.Ruleset().Name, body, v.Deltas, sum)
				}
			}
		}
	})
}

// FuzzScoreRequest feeds score request bodies, as a batch line or the server reads them, to every
// built-in ruleset: none panics or is a bug (an error is bad input), a scored hand's JSON is
// valid, and a batch line writes what Score's result writes.
func FuzzScoreRequest(f *testing.F) {
	for _, s := range []string{
		`{"hand": "123m456p789s111z55z", "win": "self-draw"}`,
		`{"hand": "123m123m123m999p5z+5z", "seat": "S", "prevailing": "E", "discarder": "W", "last_tile": true}`,
		`{"hand": "[555z@E] [666z] [777z] 123m 9p+9p", "seat": "N", "win": "self-draw"}`,
		`{"hand": "123m456m789p111z55s 1f 5f", "win": "self-draw", "loser": false}`,
		`{"hand": "123m456p777z99p5m8s 3f*", "loser": true}`,
		`{"hand": "NN 2026m SS 666p 66sJ"}`,
		`{"hand": "3335555677788m+7m", "win": "tsumo"}`,
		`{"hand": "234m23456p67899s+1p", "seat": "S", "win": "tsumo", "riichi": true, "ippatsu": true, "dora": "1p,9s", "ura": "4m"}`,
		`{"hand": "19m19p19s1234567z1m", "first_turn": true, "win": "tsumo"}`,
		`{"hand": "1999m [1111s] 99p+9m", "win": "rinshan", "kita": 1, "honba": 2, "sticks": 1}`,
	} {
		f.Add(s)
	}
	engines := openBuiltins(f)
	f.Fuzz(func(t *testing.T, body string) {
		rest, extra, err := engine.SplitSituation([]byte(body))
		if err != nil {
			return
		}
		var req engine.ScoreRequest
		if json.Unmarshal(rest, &req) != nil {
			return
		}
		req.Extra = extra
		for _, e := range engines {
			name := e.Ruleset().Name
			s := e.Scorer(engine.ScoreRequest{})
			got, valid, lineErr := s.Line().AppendJSON(nil, req, 1)
			want, err := s.Score(req)
			if (err == nil) != (lineErr == nil) {
				t.Fatalf("%s: %s: the line's error %v, Score's %v", name, body, lineErr, err)
			}
			if err != nil {
				if !engine.IsInput(err) {
					t.Fatalf("%s: %s: %v is not bad input", name, body, err)
				}
				continue
			}
			want.Head().InputLine = 1
			if g, w := string(got), encodingJSON(t, want); g != w || valid != want.Valid() || !json.Valid(got) {
				t.Fatalf("%s: %s:\n line %s (valid %v)\nScore %s (valid %v)", name, body, g, valid, w, want.Valid())
			}
		}
	})
}

// FuzzWaitsRequest feeds waits request bodies to every built-in ruleset: none panics or is a
// bug (an error is bad input); a ready hand of 13 tiles lists its waits, each with no more unseen
// copies than the set holds, and a hand that is not ready lists none.
func FuzzWaitsRequest(f *testing.F) {
	for _, s := range []string{
		`{"hand": "2223455679999m"}`,
		`{"hand": "123m456p789s11z45s", "seen": "3s6s6s"}`,
		`{"hand": "2233445566778m", "discards": "9s", "passed": "5m", "riichi": true}`,
		`{"hand": "19m19p19s1234567z", "seat": "S", "prevailing": "W"}`,
		`{"hand": "123m456p789s11z456s"}`,
		`{"hand": "NN 2026m SS 666p 66s"}`,
		`{"hand": "1122m3344p5566s7z"}`,
		`{"hand": "[555z] [666z] 123m 9p 7z"}`,
	} {
		f.Add(s)
	}
	engines := openBuiltins(f)
	f.Fuzz(func(t *testing.T, body string) {
		var req engine.WaitsRequest
		if json.Unmarshal([]byte(body), &req) != nil {
			return
		}
		for _, e := range engines {
			v, err := e.Waits(req)
			if err != nil {
				if !engine.IsInput(err) {
					t.Fatalf("%s: %s: %v is not bad input", e.Ruleset().Name, body, err)
				}
				continue
			}
			if v.Tiles != 13 {
				continue
			}
			if v.Ready != (len(v.Waits) > 0) {
				t.Fatalf("%s: %s: ready %v with %d waits", e.Ruleset().Name, body, v.Ready, len(v.Waits))
			}
			for _, w := range v.Waits {
				if w.Unseen < 0 || w.Unseen > 8 {
					t.Fatalf("%s: %s: %s unseen %d", e.Ruleset().Name, body, w.Tile, w.Unseen)
				}
			}
		}
	})
}

// FuzzClaimRequest feeds claim request bodies to each family that rules claims: none panics or
// is a bug (an error is bad input).
func FuzzClaimRequest(f *testing.F) {
	for _, s := range []string{
		`{"discarder": "W", "tile": "5p", "claims": "S win, N pong, E chow"}`,
		`{"discarder": "S", "tile": "9s", "claims": "N win", "hands": ["N=123m456m789m99s78s"], "dealer": "W"}`,
		`{"discarder": "E", "tile": "4p", "claims": "S chow 345p, W pong", "hands": ["W=44p123m456s789s1z2z"]}`,
		`{"discarder": "E", "tile": "5p", "claims": "S ron, W ron, N pon"}`,
		`{"discarder": "W", "tile": "4p", "claims": "N ron", "hands": ["N=234m567m23p678s99s"], "riichi": "N"}`,
		`{"discarder": "W", "tile": "7m", "claims": "S ron", "hands": ["S=333555567788m"]}`,
		`{"discarder": "S", "tile": "1p", "claims": "E kan, W pon", "hands": ["E=111p234m567s89s11z"]}`,
	} {
		f.Add(s)
	}
	// Every family that rules claims: Hong Kong, DeBurger and riichi, four and three players.
	engines := openEngines(f, "hk", "deburger-2026", "riichi", "riichi-sanma", "riichi-wrc")
	f.Fuzz(func(t *testing.T, body string) {
		var req engine.ClaimRequest
		if json.Unmarshal([]byte(body), &req) != nil {
			return
		}
		for _, e := range engines {
			if _, err := e.Claim(req); err != nil && !engine.IsInput(err) {
				t.Fatalf("%s: %s: %v is not bad input", e.Ruleset().Name, body, err)
			}
		}
	})
}

// FuzzRefereeLog feeds log texts to the engine's referee under each log's own built-in ruleset:
// none panics or is a bug.
func FuzzRefereeLog(f *testing.F) {
	for _, path := range []string{"../examples/issue-example.yaml", "../examples/responsibility.yaml", "../examples/american-charleston.yaml"} {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b), "")
	}
	f.Add("ruleset: deburger-2026\nevents:\n  - E discard 3z\n", "wind")
	// Riichi hand logs: riichi and dora events, kans, claims.
	f.Add("ruleset: riichi\nhands:\n  E: 1111m2p9p19s234567z\n  S: 234m567m23p678s99s\nevents:\n  - dora 3p\n  - E ankan 1m\n  - dora 5p\n"+
		"  - E draw 8m\n  - E discard 2p\n  - W kan\n  - dora 6p\n  - W draw 8s\n  - W riichi 8s\n  - claims: [S ron, N pon]\n", "")
	f.Add("ruleset: riichi-ema\nstart: {wall: 3}\nhands:\n  S: 234m567m23p678s99s\nevents:\n  - S draw 1s\n  - S riichi 1s\n  - W ron\n", "")
	f.Add(`{"ruleset": "hk"}`+"\n"+`"E discard 3z"`+"\n", "illegal")
	open := func(ruleset string) (*engine.Engine, error) {
		if !rulesets.IsBuiltin(ruleset) {
			return nil, family.Usagef("ruleset %q: only built-in rulesets here", ruleset)
		}
		return engine.Open(ruleset, engine.Options{})
	}
	f.Fuzz(func(t *testing.T, log, flag string) {
		req := engine.RefereeRequest{Log: log}
		switch flag {
		case "illegal":
			req.Only = flag
		case "wind", "start":
			req.By = flag
		}
		v, err := engine.Referee(req, open)
		if err != nil {
			if !engine.IsInput(err) {
				t.Fatalf("%q: %v is not bad input", log, err)
			}
			return
		}
		if v.Legal != (v.Illegal == 0) {
			t.Fatalf("%q: legal %v with %d illegal steps", log, v.Legal, v.Illegal)
		}
	})
}

// openBuiltins opens an engine of every built-in ruleset.
func openBuiltins(f *testing.F) []*engine.Engine {
	f.Helper()
	var names []string
	for _, info := range rulesets.Builtins() {
		names = append(names, info.Name)
	}
	return openEngines(f, names...)
}

// openEngines opens an engine of each built-in ruleset named.
func openEngines(f *testing.F, names ...string) []*engine.Engine {
	f.Helper()
	var engines []*engine.Engine
	for _, name := range names {
		e, err := engine.Open(name, engine.Options{})
		if err != nil {
			f.Fatal(err)
		}
		engines = append(engines, e)
	}
	return engines
}
