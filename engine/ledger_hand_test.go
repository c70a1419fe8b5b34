package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

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
	e, err := Open(name, Options{Set: set})
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
		req     LedgerRequest
		want    ledger.Hand
		ok      bool
		wantErr string
	}{
		{"hk faan", "hk", LedgerRequest{Winner: "Ben", Faan: "5", Discarder: "Cat"},
			ledger.Hand{Winner: "Ben", Faan: 5, Discarder: "Cat"}, true, ""},
		{"hk limit self-draw 包", "hk", LedgerRequest{Winner: "Ben", Limit: true, Win: "self-draw", Responsible: "Dan"},
			ledger.Hand{Winner: "Ben", Limit: true, Win: scoring.SelfDraw, Responsible: "Dan"}, true, ""},
		{"hk below the minimum", "hk", LedgerRequest{Winner: "Ben", Faan: "2", Discarder: "Cat"},
			ledger.Hand{Winner: "Ben", Faan: 2, Discarder: "Cat"}, false, ""},
		{"hk head bump", "hk", LedgerRequest{Winner: "Dan,Ben", Faan: "3,6", Discarder: "Ann"},
			ledger.Hand{Winner: "Ben", Faan: 6, Discarder: "Ann", Bumped: []string{"Dan"}}, true, ""},
		{"hk scored hand", "hk", LedgerRequest{Winner: "Ben", Hands: []string{"123m456p789s222z5m+5m"}, Win: "self-draw"},
			ledger.Hand{Winner: "Ben", Faan: 4, Win: scoring.SelfDraw, Tiles: "1235m456p789s222z+5m"}, true, ""},
		{"hk drawn", "hk", LedgerRequest{Drawn: true}, ledger.Hand{Drawn: true}, true, ""},
		{"hk drawn with a winner", "hk", LedgerRequest{Drawn: true, Winner: "Ben"}, ledger.Hand{}, false, "--winner with --drawn"},
		{"hk unknown player", "hk", LedgerRequest{Winner: "Bob", Faan: "3", Discarder: "Cat"}, ledger.Hand{}, false, "--winner Bob is not a player"},
		{"hk own discard", "hk", LedgerRequest{Winner: "Cat", Faan: "3", Discarder: "Cat"}, ledger.Hand{}, false, "nobody wins on their own discard"},
		{"hk no faan", "hk", LedgerRequest{Winner: "Cat", Discarder: "Ben"}, ledger.Hand{}, false, "no --faan"},
		{"american value", "american", LedgerRequest{Winner: "Ben", Value: "25", Discarder: "Cat", Misnamed: true},
			ledger.Hand{Winner: "Ben", Value: 25, Discarder: "Cat", Misnamed: true}, true, ""},
		{"american two winners", "american", LedgerRequest{Winner: "Ben,Dan", Value: "25,30", Discarder: "Cat"},
			ledger.Hand{Winner: "Dan", Value: 30, Discarder: "Cat", Bumped: []string{"Ben"}}, true, ""},
		{"american one value for two", "american", LedgerRequest{Winner: "Ben,Dan", Value: "25", Discarder: "Cat"},
			ledger.Hand{}, false, "give one value for each of the 2 winners"},
		{"deburger points", "deburger-2026", LedgerRequest{Winner: "Ann", Points: []string{"Ann=2700,Ben=-900,Cat=-900,Dan=-900"}},
			ledger.Hand{Winner: "Ann", HowUnknown: true, Deltas: []ledger.Amount{ledger.Whole(2700), ledger.Whole(-900), ledger.Whole(-900), ledger.Whole(-900)}}, true, ""},
		{"deburger two winners", "deburger-2026", LedgerRequest{Winner: "Ann,Ben", Points: []string{"Ann=0,Ben=0,Cat=0,Dan=0"}},
			ledger.Hand{}, false, "one player goes Mahjong"},
		{"deburger no points", "deburger-2026", LedgerRequest{Winner: "Ann", Win: "self-draw"}, ledger.Hand{}, false, "no points"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := recordHand(rulesFor(t, tt.rules), tt.req, table)
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

func TestPlayerValues(t *testing.T) {
	st := &ledger.State{Header: ledger.Header{Players: [4]string{"Ann", "Ben", "Cat", "Dan"}}}
	tests := []struct {
		name    string
		args    []string
		want    [4]string
		wantErr string
	}{
		{"one list", []string{"Ann=1,Ben=2,Cat=3,Dan=-6"}, [4]string{"1", "2", "3", "-6"}, ""},
		{"any order, several flags", []string{"Dan=4", " Cat = 3,Ben=2", "Ann=1"}, [4]string{"1", "2", "3", "4"}, ""},
		{"missing", []string{"Ann=1,Ben=2,Cat=3"}, [4]string{}, "nothing for Dan"},
		{"twice", []string{"Ann=1,Ann=2,Cat=3,Dan=4"}, [4]string{}, "Ann is given twice"},
		{"unknown", []string{"Ann=1,Bob=2,Cat=3,Dan=4"}, [4]string{}, "Bob is not a player"},
		{"no equals", []string{"Ann:1"}, [4]string{}, "expected NAME=VALUE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := playerValues("points", tt.args, st.Table())
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				if !IsInput(err) {
					t.Errorf("%v is not bad input", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func FuzzPlayerAmounts(f *testing.F) {
	st := &ledger.State{Header: ledger.Header{Players: [4]string{"Ann", "Ben", "Cat", "Dan"}}}
	for _, s := range []string{"Ann=2700,Ben=1800,Cat=-400,Dan=0", "Ann=0.25,Ben=-0.25,Cat=0,Dan=0", "Ann=1", "=,=", "Ann==1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := playerAmounts("points", []string{s}, st.Table())
		if err != nil {
			if !IsInput(err) {
				t.Fatalf("%q: %v is not bad input", s, err)
			}
			return
		}
		// What was read prints back to the same amounts.
		parts := make([]string, 4)
		for i, a := range d {
			parts[i] = st.Players[i] + "=" + a.String()
		}
		again, err := playerAmounts("points", []string{strings.Join(parts, ",")}, st.Table())
		if err != nil || again != d {
			t.Fatalf("%q read as %v, then %v (%v)", s, d, again, err)
		}
	})
}
