package engine_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
)

// A hand settled or recorded from its worth is refused a win that scoring the hand would refuse:
// a win its family does not play, or a first-turn win the seats make impossible. Before, only
// scoring checked them, so `settle --faan 13 --winner S --win heavenly` paid a heavenly hand to a
// player who does not deal, and a riichi ledger recorded "Ben wins a yakuman by self-draw
// (heavenly)".
func TestWorthRefusesImpossibleWins(t *testing.T) {
	settles := []struct {
		rules string
		req   engine.SettleRequest
		want  string // "" settles; else a part of the bad-input error
	}{
		{"hk", engine.SettleRequest{Faan: "13", Winner: "E", Win: "heavenly"}, ""},
		{"hk", engine.SettleRequest{Faan: "13", Winner: "S", Win: "heavenly"}, "a heavenly hand is the dealer's"},
		{"hk", engine.SettleRequest{Faan: "13", Winner: "S", Win: "earthly", Discarder: "E"}, ""},
		{"hk", engine.SettleRequest{Faan: "13", Winner: "E", Win: "earthly", Discarder: "S"}, "the winner cannot be E"},
		{"hk", engine.SettleRequest{Faan: "13", Winner: "S", Win: "earthly", Discarder: "W"}, "the discarder must be E"},
		{"hk", engine.SettleRequest{Faan: "8", Winner: "S", Win: "human", Discarder: "E"}, ""},
		{"hk", engine.SettleRequest{Faan: "8", Winner: "E", Win: "human", Discarder: "S"}, "a human hand is a non-dealer's"},
		{"hk", engine.SettleRequest{Faan: "8,5", Winner: "S,E", Win: "human", Discarder: "W"}, "a human hand is a non-dealer's"},
		{"american", engine.SettleRequest{Value: "25", Winner: "S", Win: "self-draw"}, ""},
		{"american", engine.SettleRequest{Value: "25", Winner: "S", Win: "human", Discarder: "E"}, "is a Hong Kong win"},
		{"american", engine.SettleRequest{Value: "25", Winner: "S", Win: "seven-flowers", Discarder: "E"}, "is a Hong Kong win"},
		{"american", engine.SettleRequest{Value: "25", Winner: "S", Win: "heavenly"}, "a heavenly hand is the dealer's"},
		{"riichi", engine.SettleRequest{Yakuman: "1", Winner: "S", Win: "tsumo"}, ""},
		{"riichi", engine.SettleRequest{Han: "1", Fu: "30", Winner: "S", Win: "rinshan"}, ""},
		{"riichi", engine.SettleRequest{Han: "1", Fu: "30", Winner: "S", Win: "chankan", Discarder: "W"}, ""},
		{"riichi", engine.SettleRequest{Yakuman: "1", Winner: "S", Win: "heavenly"}, "not a riichi win"},
		{"riichi", engine.SettleRequest{Yakuman: "1", Winner: "E", Win: "heavenly"}, "not a riichi win"},
		{"riichi", engine.SettleRequest{Yakuman: "1", Winner: "S", Win: "earthly", Discarder: "E"}, "not a riichi win"},
		{"riichi", engine.SettleRequest{Han: "2", Fu: "30", Winner: "S", Win: "human", Discarder: "E"}, "not a riichi win"},
		{"riichi", engine.SettleRequest{Han: "2", Fu: "30", Winner: "S", Win: "kong-on-kong"}, "not a riichi win"},
		{"riichi", engine.SettleRequest{Han: "2", Fu: "30", Winner: "S", Win: "flower-replacement"}, "not a riichi win"},
		{"riichi-sanma", engine.SettleRequest{Yakuman: "1", Winner: "S", Win: "heavenly"}, "not a riichi win"},
	}
	for _, c := range settles {
		e, err := engine.Open(c.rules, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.Settle(c.req)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s %+v: %v, want settled", c.rules, c.req, err)
		case c.want != "" && (err == nil || !engine.IsInput(err) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s %+v: %v, want bad input saying %q", c.rules, c.req, err, c.want)
		}
	}

	adds := []struct {
		rules string
		req   engine.LedgerRequest
		want  string
	}{
		{"riichi", engine.LedgerRequest{Winner: "Ben", Yakuman: "1", Win: "tsumo"}, ""},
		{"riichi", engine.LedgerRequest{Winner: "Ben", Yakuman: "1", Win: "heavenly"}, "not a riichi win"},
		{"riichi", engine.LedgerRequest{Winner: "Ben", Han: "1", Fu: "30", Win: "human", Discarder: "Ann"}, "not a riichi win"},
		{"american", engine.LedgerRequest{Winner: "Ben", Value: "25", Discarder: "Ann"}, ""},
		{"american", engine.LedgerRequest{Winner: "Ben", Value: "25", Win: "human", Discarder: "Ann"}, "is a Hong Kong win"},
		{"american", engine.LedgerRequest{Winner: "Ben", Value: "25", Win: "seven-flowers", Discarder: "Ann"}, "is a Hong Kong win"},
		{"hk", engine.LedgerRequest{Winner: "Ben", Faan: "8", Win: "human", Discarder: "Ann"}, ""},
	}
	for i, c := range adds {
		path := filepath.Join(t.TempDir(), "night.jsonl")
		if _, err := engine.NewLedger(path, c.rules, engine.NewLedgerOptions{Players: [4]string{"Ann", "Ben", "Cat", "Dan"}}); err != nil {
			t.Fatal(err)
		}
		l, err := engine.OpenLedger(path)
		if err != nil {
			t.Fatal(err)
		}
		_, err = l.Add(c.req)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%d: %s ledger add %+v: %v, want recorded", i, c.rules, c.req, err)
		case c.want != "" && (err == nil || !engine.IsInput(err) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%d: %s ledger add %+v: %v, want bad input saying %q", i, c.rules, c.req, err, c.want)
		}
	}
}

// A win a family's CheckWin refuses is one its scorer refuses too, at every seat: the worth
// doors are no stricter than scoring the hand.
func TestCheckWinNoStricterThanScoring(t *testing.T) {
	for _, b := range rulesets.Builtins() {
		f, _ := family.Lookup(b.Family)
		hs := f.(family.Sampled).Samples()[b.Name]
		e, err := engine.Open(b.Name, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range scoring.WinKinds() {
			k, err := scoring.ParseWinKind(name)
			if err != nil {
				t.Fatal(err)
			}
			refused := family.CheckWin(f, k)
			if refused == nil {
				continue
			}
			if !engine.IsInput(refused) {
				t.Errorf("%s: CheckWin(%s) = %v, want bad input", b.Name, k, refused)
			}
			// At each seat, with and without a discarder (riichi scoring reads none).
			for _, seat := range []string{"E", "S"} {
				for _, discarder := range []string{"", map[string]string{"E": "S", "S": "E"}[seat]} {
					req := engine.ScoreRequest{Hand: hs.Win, Seat: seat, Win: name, Discarder: discarder}
					if sc, err := e.Score(req); err == nil {
						t.Errorf("%s: CheckWin refuses %s (%v), and scoring %s at %s (discarder %q) takes it (valid %v)", b.Name, k, refused, hs.Win, seat, discarder, sc.Valid())
					}
				}
			}
		}
	}
}
