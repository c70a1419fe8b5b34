package family_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/scoring"
)

// table is hand 1 of a game: Ann deals (E), then Ben S, Cat W, Dan N.
var table = ledger.Table{Players: [4]string{"Ann", "Ben", "Cat", "Dan"},
	Seats: [4]notation.Seat{notation.SeatEast, notation.SeatSouth, notation.SeatWest, notation.SeatNorth}, Prevailing: notation.SeatEast, Number: 1}

func rulesFor(t *testing.T, name string, set ...string) family.Rules {
	t.Helper()
	e, err := engine.Open(name, engine.Options{Set: set})
	if err != nil {
		t.Fatal(err)
	}
	return e.Rules()
}

// TestRecordHand reads one hand's flags under each family into the hand recorded, or refuses
// them, as ledger add does.
func TestRecordHand(t *testing.T) {
	tests := []struct {
		name    string
		rules   string
		req     family.LedgerRequest
		want    ledger.Hand
		ok      bool
		wantErr string
	}{
		{"hk faan", "hk", family.LedgerRequest{Winner: "Ben", Faan: "5", Discarder: "Cat"},
			ledger.Hand{Winner: "Ben", Faan: 5, Discarder: "Cat"}, true, ""},
		{"hk limit self-draw 包", "hk", family.LedgerRequest{Winner: "Ben", Limit: true, Win: "self-draw", Responsible: "Dan"},
			ledger.Hand{Winner: "Ben", Limit: true, Win: scoring.SelfDraw, Responsible: "Dan"}, true, ""},
		{"hk below the minimum", "hk", family.LedgerRequest{Winner: "Ben", Faan: "2", Discarder: "Cat"},
			ledger.Hand{Winner: "Ben", Faan: 2, Discarder: "Cat"}, false, ""},
		{"hk head bump", "hk", family.LedgerRequest{Winner: "Dan,Ben", Faan: "3,6", Discarder: "Ann"},
			ledger.Hand{Winner: "Ben", Faan: 6, Discarder: "Ann", Bumped: []string{"Dan"}}, true, ""},
		{"hk scored hand", "hk", family.LedgerRequest{Winner: "Ben", Hands: []string{"123m456p789s222z5m+5m"}, Win: "self-draw"},
			ledger.Hand{Winner: "Ben", Faan: 4, Win: scoring.SelfDraw, Tiles: "1235m456p789s222z+5m"}, true, ""},
		{"hk drawn", "hk", family.LedgerRequest{Drawn: true}, ledger.Hand{Drawn: true}, true, ""},
		{"hk drawn with a winner", "hk", family.LedgerRequest{Drawn: true, Winner: "Ben"}, ledger.Hand{}, false, "--winner with --drawn"},
		{"hk unknown player", "hk", family.LedgerRequest{Winner: "Bob", Faan: "3", Discarder: "Cat"}, ledger.Hand{}, false, "--winner Bob is not a player"},
		{"hk own discard", "hk", family.LedgerRequest{Winner: "Cat", Faan: "3", Discarder: "Cat"}, ledger.Hand{}, false, "nobody wins on their own discard"},
		{"hk no faan", "hk", family.LedgerRequest{Winner: "Cat", Discarder: "Ben"}, ledger.Hand{}, false, "no --faan"},
		{"american value", "american", family.LedgerRequest{Winner: "Ben", Value: "25", Discarder: "Cat", Misnamed: true},
			ledger.Hand{Winner: "Ben", Value: 25, Discarder: "Cat", Misnamed: true}, true, ""},
		{"american two winners", "american", family.LedgerRequest{Winner: "Ben,Dan", Value: "25,30", Discarder: "Cat"},
			ledger.Hand{Winner: "Dan", Value: 30, Discarder: "Cat", Bumped: []string{"Ben"}}, true, ""},
		{"american one value for two", "american", family.LedgerRequest{Winner: "Ben,Dan", Value: "25", Discarder: "Cat"},
			ledger.Hand{}, false, "give one value for each of the 2 winners"},
		{"deburger points", "deburger-2026", family.LedgerRequest{Winner: "Ann", Points: []string{"Ann=2700,Ben=-900,Cat=-900,Dan=-900"}},
			ledger.Hand{Winner: "Ann", HowUnknown: true, Deltas: []ledger.Amount{ledger.Whole(2700), ledger.Whole(-900), ledger.Whole(-900), ledger.Whole(-900)}}, true, ""},
		{"deburger two winners", "deburger-2026", family.LedgerRequest{Winner: "Ann,Ben", Points: []string{"Ann=0,Ben=0,Cat=0,Dan=0"}},
			ledger.Hand{}, false, "one player goes Mahjong"},
		{"deburger no points", "deburger-2026", family.LedgerRequest{Winner: "Ann", Win: "self-draw"}, ledger.Hand{}, false, "no points"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := rulesFor(t, tt.rules).(family.Scorekeeper).RecordHand(tt.req, table)
			if tt.wantErr != "" {
				var fe *family.Error
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.As(err, &fe) {
					t.Fatalf("err %v, want bad input containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if rec.OK != tt.ok {
				t.Fatalf("OK %v (%s), want %v", rec.OK, rec.Reason, tt.ok)
			}
			if diff := cmp.Diff(tt.want, rec.Hand); diff != "" {
				t.Errorf("hand (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLedgerTakes: each family refuses the other families' flags, with what to give instead.
func TestLedgerTakes(t *testing.T) {
	tests := []struct {
		rules, flag string
		ok          bool
		hint        string
	}{
		{"hk", "faan", true, ""},
		{"hk", "value", false, "use --faan N"},
		{"hk", "log", true, ""},
		{"american", "faan", false, "use --value N"},
		{"american", "responsible", false, ""},
		{"american", "jokerless", true, ""},
		{"deburger-2026", "false-win", false, "--points"},
		{"deburger-2026", "hand", true, ""},
		{"deburger-2026", "note", true, ""},
	}
	for _, tt := range tests {
		ok, hint := rulesFor(t, tt.rules).Takes(family.UseLedger, tt.flag)
		if ok != tt.ok || !strings.Contains(hint, tt.hint) {
			t.Errorf("%s --%s: %v %q, want %v %q", tt.rules, tt.flag, ok, hint, tt.ok, tt.hint)
		}
	}
	err := family.RefuseLedgerFlags(rulesFor(t, "american"), []string{"winner", "limit"})
	if err == nil || !strings.Contains(err.Error(), "--limit does not apply to this ledger's ruleset american") || family.HintOf(err) == "" {
		t.Errorf("RefuseLedgerFlags: %v (hint %q)", err, family.HintOf(err))
	}
	for _, tt := range []struct{ rules, unit string }{{"hk", "faan"}, {"american", "value"}, {"deburger-2026", ""}} {
		r := rulesFor(t, tt.rules).(family.Scorekeeper)
		if r.LedgerUnit() != tt.unit {
			t.Errorf("%s: unit %q, want %q", tt.rules, r.LedgerUnit(), tt.unit)
		}
		if flow := r.LedgerFlow(); flow.Validate() != nil {
			t.Errorf("%s: flow: %v", tt.rules, flow.Validate())
		}
	}
}
