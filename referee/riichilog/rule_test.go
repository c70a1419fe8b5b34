package riichilog_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/referee/riichilog"
)

// TestRuleSteps rules on small logs that break one play rule each: the illegal steps, by rule id
// and reason, are exactly these (issue 29 item 2). The first case is the legal game.
func TestRuleSteps(t *testing.T) {
	good := string(readFile(t, "small.mjlog"))
	riichiStep := `<T32/><REACH who="0" step="1"/><D32/>`
	tests := []struct {
		name, from, to string
		want           []string
	}{
		{"legal", "", "", nil},
		{"riichi not ready", riichiStep, `<T32/><REACH who="0" step="1"/><D0/>`, []string{
			"riichi 0 riichi: riichi needs a ready hand after the discard, and seat 0's is not",
			"win 0 ron 4m: seat 0's hand with 4m is not complete",
		}},
		{"riichi without the points", `ten="250,250,250,250"`, `ten="5,250,250,250"`, []string{
			"riichi 0 riichi: riichi needs 1000 points for the stick, and seat 0 has 500",
		}},
		{"furiten: a wait discarded", riichiStep, `<T20/><REACH who="0" step="1"/><D20/>`, []string{
			"furiten 0 ron 4m: furiten: the player discarded 6m, which the hand waits on",
		}},
		{"furiten: a wait passed after riichi", `<W125/><G125/>`, `<W22/><G22/>`, []string{
			"furiten 0 ron 4m: furiten: the player passed 6m, which the hand waits on, after declaring riichi",
		}},
		{"riichi: not the tile drawn", `<T33/><D33/>`, `<T33/><D16/>`, []string{
			"riichi-discard 0 discard 0m: after riichi seat 0 discards 0m, not the 9m it drew",
			"win 0 ron 4m: seat 0's hand with 4m is not complete",
		}},
		{"dora with no kan", `<T33/><D33/>`, `<T33/><DORA hai="7"/><D33/>`, []string{
			"kan-dora - dora 2m: a new dora indicator with no kan to show it",
		}},
	}
	mjai := string(readFile(t, "small.jsonl"))
	dealerTurn := `{"type":"tsumo","actor":0,"pai":"9p"}` + "\n" + `{"type":"dahai","actor":0,"pai":"9p","tsumogiri":true}` + "\n"
	tests = append(tests, struct {
		name, from, to string
		want           []string
	}{"mjai: the dealer's turn skipped", dealerTurn, "", []string{"turn-order 1 draw 1z: seat 1 draws, but it is seat 0's turn"}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := good
			if strings.HasPrefix(tt.name, "mjai") {
				log = mjai
			}
			if tt.from != "" {
				if !strings.Contains(log, tt.from) {
					t.Fatalf("the log has no %q", tt.from)
				}
				log = strings.Replace(log, tt.from, tt.to, 1)
			}
			g, err := riichilog.Read([]byte(log))
			if err != nil {
				t.Fatal(err)
			}
			v := riichilog.Review(g, nil)
			var got []string
			for _, h := range v.Hands {
				for _, s := range h.Steps {
					if s.Verdict != riichilog.VerdictIllegal {
						continue
					}
					seat := "-"
					if s.Seat != nil {
						seat = string(rune('0' + *s.Seat))
					}
					what := s.Rule + " " + seat + " " + s.Action
					if s.Tile != "" {
						what += " " + s.Tile
					}
					got = append(got, what+": "+s.Reason)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("illegal steps (-want +got):\n%s", diff)
			}
			if v.Legal != (len(tt.want) == 0) || v.Illegal != len(tt.want) {
				t.Errorf("legal %v, illegal %d; want %d illegal", v.Legal, v.Illegal, len(tt.want))
			}
		})
	}
}
