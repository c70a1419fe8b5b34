package engine_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/schema"
)

// Every built-in ruleset opens, and each door answers under it: a win is valid, a hand that is not
// one is a negative result (not an error), closest answers only where a card is played.
func TestEveryBuiltinEveryDoor(t *testing.T) {
	hands := map[string]struct{ win, notWin, ready string }{
		"hk":            {"123m456p789s111z55z", "123m456p789s12345z", "123m456p789s11z45s"},
		"hk-oldstyle":   {"123m456p789s111z55z", "123m456p789s12345z", "123m456p789s11z45s"},
		"hk-table":      {"123m456p789s111z55z", "123m456p789s12345z", "123m456p789s11z45s"},
		"deburger-2026": {"123m456m789p111z55s", "123m456p789s12345z", "123m456p789s11z45s"},
		"american":      {"NN 2026m SS 666p 666s", "NN 2026m SS 666p 135s", "NN 2026m SS 666p 66s"},
	}
	for _, b := range rulesets.Builtins() {
		t.Run(b.Name, func(t *testing.T) {
			hs, ok := hands[b.Name]
			if !ok {
				t.Fatalf("no sample hands for built-in ruleset %s: add them here", b.Name)
			}
			e, err := engine.Open(b.Name, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			win, err := e.Score(engine.ScoreRequest{Hand: hs.win, Win: "self-draw"})
			if err != nil || !win.Valid() {
				t.Fatalf("Score(%s) = valid %v, %v; want a valid win", hs.win, win != nil && win.Valid(), err)
			}
			if win.Head().Ruleset != b.Name || win.Head().Hand == "" {
				t.Errorf("head = %+v", win.Head())
			}
			doc, err := schema.Marshal(win)
			if err != nil || !strings.HasPrefix(string(doc), `{"schema_version":1,`) || !json.Valid(doc) {
				t.Errorf("document: %s, %v", doc, err)
			}
			lost, err := e.Score(engine.ScoreRequest{Hand: hs.notWin})
			if err != nil || lost.Valid() {
				t.Errorf("Score(%s) = valid %v, %v; want a negative result", hs.notWin, lost != nil && lost.Valid(), err)
			}
			w, err := e.Waits(engine.WaitsRequest{Hand: hs.ready})
			if err != nil || !w.Ready || len(w.Waits) == 0 {
				t.Errorf("Waits(%s) = %+v, %v; want ready", hs.ready, w, err)
			}
			_, err = e.Closest(engine.ClosestRequest{Hand: hs.ready})
			if plays := b.Family == "american"; plays != (err == nil) {
				t.Errorf("Closest under %s: %v", b.Name, err)
			} else if err != nil && !engine.IsInput(err) {
				t.Errorf("Closest refused, but not as bad input: %v", err)
			}
		})
	}
}

func TestBadInputIsInput(t *testing.T) {
	e, err := engine.Open("hk", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for name, req := range map[string]engine.ScoreRequest{
		"notation":    {Hand: "123x"},
		"seat":        {Hand: "123m456p789s111z55z", Seat: "Q"},
		"win":         {Hand: "123m456p789s111z55z", Win: "lucky"},
		"joker":       {Hand: "123m456p789s111z5zJ"},
		"loser":       {Hand: "123m456p789s111z55z", Loser: ptr(true)},
		"own discard": {Hand: "123m456p789s111z55z", Seat: "S", Discarder: "S"},
	} {
		if _, err := e.Score(req); err == nil || !engine.IsInput(err) {
			t.Errorf("%s: err = %v, want bad input", name, err)
		}
	}
	for name, opt := range map[string]struct {
		rules string
		o     engine.Options
	}{
		"no such ruleset": {"no-such", engine.Options{}},
		"bad set":         {"hk", engine.Options{Set: []string{"cap=lots"}}},
		"card under hk":   {"hk", engine.Options{Card: "sample-2026"}},
		"no such card":    {"american", engine.Options{Card: "no-such-card"}},
	} {
		if _, err := engine.Open(opt.rules, opt.o); err == nil || !engine.IsInput(err) {
			t.Errorf("%s: err = %v, want bad input", name, err)
		}
	}
}

// One engine scores from many goroutines at once (run with -race).
func TestConcurrentScore(t *testing.T) {
	e, err := engine.Open("hk", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := e.Score(engine.ScoreRequest{Hand: "123m456p789s111z55z", Win: "self-draw"})
	if err != nil {
		t.Fatal(err)
	}
	wantDoc, _ := schema.Marshal(want)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				got, err := e.Score(engine.ScoreRequest{Hand: "123m456p789s111z55z", Win: "self-draw"})
				if err != nil {
					t.Error(err)
					return
				}
				if doc, _ := schema.Marshal(got); string(doc) != string(wantDoc) {
					t.Errorf("concurrent score differs:\n%s\n%s", doc, wantDoc)
					return
				}
			}
		})
	}
	wg.Wait()
}

func ptr[T any](v T) *T { return &v }
