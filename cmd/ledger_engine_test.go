package cmd

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/schema"
	"github.com/mjref/mjref/server"
)

// TestLedgerEngineDocuments: what engine.Ledger's Add, Amend, Seat, Rename, Undo and Show return, marshalled, is the
// document ledger add, undo and show print with -o json, for the same game in another file.
func TestLedgerEngineDocuments(t *testing.T) {
	cliFile := filepath.Join(t.TempDir(), "g.jsonl")
	engFile := filepath.Join(t.TempDir(), "g.jsonl")
	for _, f := range []string{cliFile, engFile} {
		if _, errOut, code := runLedger("ledger", "new", f, "--players", "Ann,Ben,Cat,Dan"); code != 0 {
			t.Fatalf("ledger new: %d %s", code, errOut)
		}
	}
	l, err := engine.OpenLedger(engFile)
	if err != nil {
		t.Fatal(err)
	}
	// Times differ from one file to the other (created, time), and so does the sum of the
	// record's chain (head) that covers them; the rest must not.
	times := regexp.MustCompile(`\s*"(time|created|head)": "[^"]*",`)
	same := func(name string, v any, args ...string) {
		t.Helper()
		want, errOut, _ := runLedger(append([]string{"ledger", name, cliFile, "-o", "json"}, args...)...)
		if errOut != "" || want == "" {
			t.Fatalf("ledger %s: %q, %s", name, want, errOut)
		}
		b, err := schema.MarshalIndent(v)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.ReplaceAll(string(b), engFile, cliFile)
		if diff := cmp.Diff(times.ReplaceAllString(want, ""), times.ReplaceAllString(got, "")); diff != "" {
			t.Errorf("ledger %s %v: engine and command differ (-command +engine):\n%s", name, args, diff)
		}
	}
	for _, tt := range []struct {
		args []string
		req  engine.LedgerRequest
	}{
		{[]string{"--winner", "Ben", "--faan", "5", "--discarder", "Cat", "--note", "late"}, engine.LedgerRequest{Winner: "Ben", Faan: "5", Discarder: "Cat", Note: "late"}},
		{[]string{"--winner", "Cat,Dan", "--faan", "3,4", "--discarder", "Ben"}, engine.LedgerRequest{Winner: "Cat,Dan", Faan: "3,4", Discarder: "Ben"}},
		{[]string{"--hand", "123m456p789s111z55z", "--winner", "Ann", "--win", "self-draw"}, engine.LedgerRequest{Hands: []string{"123m456p789s111z55z"}, Winner: "Ann", Win: "self-draw"}},
		{[]string{"--hand", "123m456m789m222z11p", "--winner", "Ann", "--discarder", "Ben"}, engine.LedgerRequest{Hands: []string{"123m456m789m222z11p"}, Winner: "Ann", Discarder: "Ben"}},
		{[]string{"--winner", "Ann", "--faan", "1", "--win", "self-draw"}, engine.LedgerRequest{Winner: "Ann", Faan: "1", Win: "self-draw"}}, // below the minimum
		{[]string{"--drawn"}, engine.LedgerRequest{Drawn: true}},
	} {
		v, err := l.Add(tt.req)
		if err != nil {
			t.Fatalf("Add %+v: %v", tt.req, err)
		}
		same("add", v, tt.args...)
	}
	am, err := l.Amend(1, engine.LedgerRequest{Winner: "Ann", Faan: "3", Discarder: "Cat", Note: "fixed"})
	if err != nil || am.Verdict != nil {
		t.Fatalf("Amend: %v %+v", err, am.Verdict)
	}
	same("amend", am, "--hand-number", "1", "--winner", "Ann", "--faan", "3", "--discarder", "Cat", "--note", "fixed")
	u, err := l.Undo()
	if err != nil {
		t.Fatal(err)
	}
	same("undo", u)
	sv, err := l.Seat("Dan", "Eve")
	if err != nil {
		t.Fatal(err)
	}
	same("seat", sv, "--replace", "Dan", "--with", "Eve")
	rv, err := l.Rename("Ben", "Bob")
	if err != nil {
		t.Fatal(err)
	}
	same("rename", rv, "--replace", "Ben", "--with", "Bob")
	s, err := l.Show()
	if err != nil {
		t.Fatal(err)
	}
	same("show", s)
}

// TestServeLedgerRefusesInOrder: mjref serve's ledger refuses the first field the family does not
// read in the order the command line names flags, every time (the fields given once came from a
// map, in random order).
func TestServeLedgerRefusesInOrder(t *testing.T) {
	file := filepath.Join(t.TempDir(), "g.jsonl")
	if _, errOut, code := runLedger("ledger", "new", file, "--players", "Ann,Ben,Cat,Dan"); code != 0 {
		t.Fatalf("ledger new: %d %s", code, errOut)
	}
	_, cli, _ := runLedger("ledger", "add", file, "--winner", "Ben", "--value", "25", "--misnamed", "--jokerless", "--discarder", "Cat")
	if !strings.Contains(cli, "--jokerless does not apply") {
		t.Fatalf("ledger add: %s", cli)
	}
	l, err := engine.OpenLedgerWith(file, engine.LedgerOpening{Record: true, Wait: server.LedgerWait}) // as mjref serve opens it
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		_, err := l.Add(engine.LedgerRequest{Winner: "Ben", Value: "25", Misnamed: true, Jokerless: true, Discarder: "Cat"})
		if err == nil || !strings.Contains(cli, err.Error()) {
			t.Fatalf("serve: %v, want the command's %s", err, cli)
		}
	}
}
