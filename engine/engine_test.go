package engine_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/schema"
	"github.com/mjref/mjref/scoring"
)

// Every built-in ruleset opens, and each door answers under it: a win is valid, a hand that is not
// one is a negative result (not an error), closest answers only where a card is played.
func TestEveryBuiltinEveryDoor(t *testing.T) {
	for _, b := range rulesets.Builtins() {
		t.Run(b.Name, func(t *testing.T) {
			f, _ := family.Lookup(b.Family)
			sampled, _ := f.(family.Sampled)
			if sampled == nil {
				t.Fatalf("family %s gives no sample hands (family.Sampled)", b.Family)
			}
			hs, ok := sampled.Samples()[b.Name]
			if !ok {
				t.Fatalf("family %s gives no sample hands for its built-in ruleset %s", b.Family, b.Name)
			}
			e, err := engine.Open(b.Name, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			win, err := e.Score(engine.ScoreRequest{Hand: hs.Win, Win: "self-draw"})
			if err != nil || !win.Valid() {
				t.Fatalf("Score(%s) = valid %v, %v; want a valid win", hs.Win, win != nil && win.Valid(), err)
			}
			if win.Head().Ruleset != b.Name || win.Head().Hand == "" {
				t.Errorf("head = %+v", win.Head())
			}
			doc, err := schema.Marshal(win)
			if err != nil || !strings.HasPrefix(string(doc), `{"schema_version":1,`) || !json.Valid(doc) {
				t.Errorf("document: %s, %v", doc, err)
			}
			lost, err := e.Score(engine.ScoreRequest{Hand: hs.NotWin})
			if err != nil || lost.Valid() {
				t.Errorf("Score(%s) = valid %v, %v; want a negative result", hs.NotWin, lost != nil && lost.Valid(), err)
			}
			w, err := e.Waits(engine.WaitsRequest{Hand: hs.Ready})
			if _, plays := e.Rules().(family.Waiter); !plays {
				if err == nil || !engine.IsInput(err) {
					t.Errorf("Waits under %s, which finds no waits: %v, want bad input", b.Name, err)
				}
			} else if err != nil || !w.Ready || len(w.Waits) == 0 {
				t.Errorf("Waits(%s) = %+v, %v; want ready", hs.Ready, w, err)
			}
			_, err = e.Closest(engine.ClosestRequest{Hand: hs.Ready})
			if _, plays := e.Rules().(family.CardPlayer); plays != (err == nil) {
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

// A card with a bad line binds with its other lines, and the engine and its results say which line
// was left out and why (issue 25, item 6); a card whose every line is bad is bad input.
func TestCardWarnings(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	partial := write("partial.yaml", "card:\n  lines:\n    - {id: Y1, pattern: \"NN 2026a SS 666b 666c\", value: 25}\n    - {id: R1, pattern: \"FF 1111a 2222a 333a\", value: 25}\n")
	allBad := write("allbad.yaml", "card:\n  lines:\n    - {id: R1, pattern: \"FF 1111a 2222a 333a\", value: 25}\n")
	e, err := engine.Open("american", engine.Options{Card: partial})
	if err != nil {
		t.Fatal(err)
	}
	want := []scoring.Warning{{Message: partial + ":4: line R1 left out: pattern has 13 tiles, expected 14", File: partial, Line: 4, CardLine: "R1", LeftOut: true}}
	if diff := cmp.Diff(want, e.Warnings()); diff != "" {
		t.Errorf("Warnings (-want +got):\n%s", diff)
	}
	s, err := e.Score(engine.ScoreRequest{Hand: "NN 2026m SS 666p 666s"})
	if err != nil || !s.Valid() {
		t.Fatalf("Score: valid %v, %v", s != nil && s.Valid(), err)
	}
	if diff := cmp.Diff(want, s.Head().Warnings); diff != "" {
		t.Errorf("Score warnings (-want +got):\n%s", diff)
	}
	rank, err := e.Closer(engine.ClosestRequest{})
	if err != nil {
		t.Fatal(err)
	}
	v, err := rank("NN 2026m SS 666p 66s")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, v.Warnings); diff != "" {
		t.Errorf("Closest warnings (-want +got):\n%s", diff)
	}
	if _, err := engine.Open("american", engine.Options{Card: allBad}); err == nil || !engine.IsInput(err) {
		t.Errorf("a card whose every line is bad: %v, want bad input", err)
	}
	hk, err := engine.Open("hk", engine.Options{})
	if err != nil || hk.Warnings() != nil {
		t.Errorf("hk: warnings %v, %v", hk.Warnings(), err)
	}
}

// A ledger file that is not there is bad input to the engine, as it is to the command line (exit
// 2) and the server (400).
func TestMissingLedgerIsInput(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nosuch.ledger")
	for name, open := range map[string]func(string) (*engine.Ledger, error){
		"OpenLedger":       engine.OpenLedger,
		"OpenLedgerRecord": engine.OpenLedgerRecord,
	} {
		if _, err := open(missing); err == nil || !engine.IsInput(err) {
			t.Errorf("%s(missing file): err = %v, want bad input", name, err)
		}
	}
	if _, err := engine.NewLedger(filepath.Join(missing, "in-a-missing-dir.ledger"), "hk", engine.NewLedgerOptions{Players: [4]string{"A", "B", "C", "D"}}); err == nil || !engine.IsInput(err) {
		t.Errorf("NewLedger in a missing directory: err = %v, want bad input", err)
	}
}
