package engine_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
	if got := strings.Join(names, ","); got != "Ann,Benjamin,Cat,Dan,Eve" || sum.Players[4].Wins != 1 || sum.Players[1].DealIns != 2 { // hand 1 (one discard, two winners: one deal-in) and hand 3
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

// TestLedgerAddWith: a hand paid under overrides for it alone keeps them in the record with a
// note; a log's hand takes a note; the writer's wait gives ledger.ErrLocked while another writer
// holds the file; a torn last line and a ruleset that no longer loads come back as warnings.
func TestLedgerAddWith(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.jsonl")
	if _, err := engine.NewLedger(path, "hk", engine.NewLedgerOptions{Players: [4]string{"Ann", "Ben", "Cat", "Dan"},
		Set: []string{"settlement.discard=half"}}); err != nil {
		t.Fatal(err)
	}
	l, err := engine.OpenLedger(path)
	if err != nil {
		t.Fatal(err)
	}
	half, err := l.Add(engine.LedgerRequest{Winner: "Ben", Faan: "6", Discarder: "Cat"})
	if err != nil {
		t.Fatal(err)
	}
	full, err := l.AddWith(engine.LedgerRequest{Winner: "Ben", Faan: "6", Discarder: "Cat", Note: "late"}, engine.AddOptions{Sets: []string{"settlement.discard=full"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(full.Entry.Hand.Sets, " "); got != "settlement.discard=full" || full.Entry.Hand.Note != "late; paid with --set settlement.discard=full for this hand only" {
		t.Errorf("this hand's overrides: sets %q, note %q", got, full.Entry.Hand.Note)
	}
	if h, f := half.Entry.Deltas[2], full.Entry.Deltas[2]; h >= 0 || f >= h {
		t.Errorf("Cat pays %s under the game's settings and %s under the hand's: want more", h, f)
	}
	if len(full.Payments) == 0 || full.Next == nil || full.Next.Hand != 3 {
		t.Errorf("the add document: %d payments, next %+v", len(full.Payments), full.Next)
	}
	if _, err := l.AddLog([]byte("ruleset: hk\nevents: []\n"), "x.yaml"); err == nil {
		t.Error("a log with no hands was recorded")
	}

	// Another writer holds the file: a writer that waits a little still fails, with ErrLocked.
	holder, err := ledger.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	l.Wait = 50 * time.Millisecond
	if _, err := l.Add(engine.LedgerRequest{Drawn: true}); !errors.Is(err, ledger.ErrLocked) {
		t.Errorf("Add while another writer holds the file: %v, want ErrLocked", err)
	}
	holder.Close()

	// A torn last line is recovered with a warning.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"seq":9,"ev`)
	f.Close()
	s, err := l.Show()
	if err != nil || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "warning: "+path+": ") {
		t.Errorf("Show of a torn record: %v, warnings %q", err, s.Warnings)
	}

	// A game whose ruleset file is gone is read unchecked, with a warning, and takes no hand.
	rules := filepath.Join(dir, "house.yaml")
	if err := os.WriteFile(rules, []byte("extends: hk\nname: house\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	house := filepath.Join(dir, "house.jsonl")
	if _, err := engine.NewLedger(house, rules, engine.NewLedgerOptions{Players: [4]string{"Ann", "Ben", "Cat", "Dan"}}); err != nil {
		t.Fatal(err)
	}
	os.Remove(rules)
	if _, err := engine.OpenLedger(house); err == nil {
		t.Error("OpenLedger of a game whose ruleset is gone: no error")
	}
	r, err := engine.OpenLedgerRecord(house)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := r.Show(); err != nil || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "the payments were not checked") || r.ChecksPayments() {
		t.Errorf("Show unchecked: %v, warnings %q", err, s.Warnings)
	}
	if _, err := r.Add(engine.LedgerRequest{Drawn: true}); err == nil {
		t.Error("Add under a ruleset that does not load: no error")
	}
}
