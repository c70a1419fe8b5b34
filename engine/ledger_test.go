package engine_test

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/referee/ledger"
)

// TestLedger plays a short game through the engine: a game started with an override keeps it when
// opened again, a hand from a referee log, an undo, a seat change and a rename, the end of the
// game, and a verify that finds the record intact.
func TestLedger(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.jsonl")
	players := [4]string{"Ann", "Ben", "Cat", "Dan"}
	if _, err := engine.NewLedger(path, "hk", engine.NewLedgerOptions{Players: players, Length: "3-hands",
		Set: []string{"settlement.multiple_winners.as=all"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := engine.NewLedger(path, "hk", engine.NewLedgerOptions{Players: players}); !errors.Is(err, ledger.ErrExists) {
		t.Errorf("NewLedger over a game: %v, want ErrExists", err)
	}
	l, err := engine.OpenLedger(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := l.Add(engine.LedgerRequest{Winner: "Cat,Dan", Faan: "3,4", Discarder: "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Entry.Hand.String(); got != "Cat wins 3 faan and Dan wins 4 faan on Ben's discard" {
		t.Errorf("the game's override was not kept: %s", got)
	}
	// Neither winner dealt, so Ben deals hand 2: S in a log by this hand's winds is Cat.
	log := "ruleset: hk\nseats: wind\nhands:\n  S: \"123m456p789s222z5m\"\nstart: {}\nevents:\n  - S draw 5m\n  - S win\n"
	a, err = l.AddLog([]byte(log), "hand2.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if a.Entry.Hand.Winner != "Cat" || a.Entry.Hand.Faan != 4 {
		t.Errorf("the log's hand: %+v", a.Entry.Hand)
	}
	if _, err := l.AddLog([]byte("ruleset: hk\nevents:\n  - E fly 5p\n"), "bad.yaml"); !engine.IsInput(err) {
		t.Errorf("a log that cannot be read: %v, want bad input", err)
	}
	undone, err := l.Undo()
	if err != nil || undone.Undone.Number != 2 {
		t.Fatalf("Undo: %+v, %v", undone.Undone, err)
	}
	if _, err := l.Seat("Dan", "Eve"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Rename("Ben", "Benjamin"); err != nil {
		t.Fatal(err)
	}
	for _, req := range []engine.LedgerRequest{{Drawn: true}, {Winner: "Eve", Faan: "3", Discarder: "Benjamin"}} {
		if _, err := l.Add(req); err != nil {
			t.Fatal(err)
		}
	}
	sum, err := l.Summary()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range sum.Players {
		names = append(names, p.Player)
	}
	if got := strings.Join(names, ","); got != "Ann,Benjamin,Cat,Dan,Eve" || sum.Players[4].Wins != 1 || sum.Players[1].DealIns != 3 { // two winners of hand 1, and hand 3
		t.Errorf("summary: %s, Eve %d wins, Benjamin %d deal-ins", got, sum.Players[4].Wins, sum.Players[1].DealIns)
	}
	if _, err := l.Add(engine.LedgerRequest{Drawn: true}); !engine.IsGameOver(err) {
		t.Errorf("a hand after the last: %v, want the game over", err)
	}
	rep, err := l.Verify()
	if err != nil || !rep.OK() || rep.Hands != 3 {
		t.Errorf("Verify: %d hands, ok %v, %v", rep.Hands, rep.OK(), err)
	}
	var b bytes.Buffer
	if err := l.Export(&b, "jsonl"); err != nil || strings.Count(b.String(), "\n") != 8 {
		t.Errorf("export jsonl: %v\n%s", err, b.String())
	}
	if _, err := l.Add(engine.LedgerRequest{Winner: "Ann", Value: "25", Discarder: "Ben"}); !engine.IsInput(err) {
		t.Errorf("an American flag in a Hong Kong game: %v, want bad input", err)
	}
}
