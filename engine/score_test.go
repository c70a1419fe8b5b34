package engine_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/jsonmsg"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

func TestScoreRequestOver(t *testing.T) {
	yes, no := true, false
	def := engine.ScoreRequest{Seat: "S", Prevailing: "W", Win: "self-draw", Discarder: "N", LastTile: &no, Loser: &no}
	got := engine.ScoreRequest{Hand: "h", Seat: "N", LastTile: &yes}.Over(def)
	want := engine.ScoreRequest{Hand: "h", Seat: "N", Prevailing: "W", Win: "self-draw", Discarder: "N", LastTile: &yes, Loser: &no}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Over (-want +got):\n%s", diff)
	}
}

func TestSituation(t *testing.T) {
	for _, tc := range []struct {
		name    string
		req     engine.ScoreRequest
		want    family.Situation
		wantErr string
	}{
		{name: "defaults", req: engine.ScoreRequest{},
			want: family.Situation{Situation: scoring.Situation{Seat: notation.SeatEast, Prevailing: notation.SeatEast, Win: scoring.Discard, Discarder: notation.NoSeat}}},
		{name: "spelt out", req: engine.ScoreRequest{Seat: "south", Prevailing: "w", Win: "self-draw", Discarder: "n"},
			want: family.Situation{Situation: scoring.Situation{Seat: notation.SeatSouth, Prevailing: notation.SeatWest, Win: scoring.SelfDraw, Discarder: notation.SeatNorth}}},
		{name: "bad seat", req: engine.ScoreRequest{Seat: "X"}, wantErr: "--seat: "},
		{name: "bad win", req: engine.ScoreRequest{Win: "lucky"}, wantErr: "--win: "},
		{name: "own discard", req: engine.ScoreRequest{Seat: "S", Discarder: "S"}, wantErr: "--discarder S is the winner's own seat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sit, err := tc.req.Situation()
			if tc.wantErr != "" {
				var fe *family.Error
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !errors.As(err, &fe) || !fe.Usage {
					t.Fatalf("err = %v, want a usage error containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, sit); diff != "" {
				t.Errorf("situation (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSituationFields: the situation fields a family declares (riichi's) are read typed from a
// request, and a bad one is an error naming the field, which each door words its own way.
func TestSituationFields(t *testing.T) {
	east := scoring.Situation{Seat: notation.SeatEast, Prevailing: notation.SeatEast, Win: scoring.SelfDraw, LastTile: true, Discarder: notation.NoSeat}
	for _, tc := range []struct {
		name      string
		req       engine.ScoreRequest
		want      family.Extra
		line, web string // the error as the command line and HTTP word it
	}{
		{name: "typed", req: engine.ScoreRequest{Win: "haitei", Extra: map[string]any{"riichi": true, "ippatsu": false, "dora": "1p,3m", "honba": 2, "sticks": 0}},
			want: family.Extra{"riichi": true, "dora": tiles(t, "1p,3m"), "honba": 2}},
		{name: "seat", req: engine.ScoreRequest{Seat: "X"}, line: `--seat: unknown seat "X": expected E, S, W or N`, web: `"seat": unknown seat "X": expected E, S, W or N`},
		{name: "count", req: engine.ScoreRequest{Extra: map[string]any{"honba": -1}}, line: "--honba is a count: 0 or more", web: `"honba" is a count: 0 or more`},
		{name: "kind", req: engine.ScoreRequest{Extra: map[string]any{"double-riichi": "yes"}}, line: "--double-riichi: expected true or false", web: `"double_riichi": expected true or false`},
		{name: "tiles", req: engine.ScoreRequest{Extra: map[string]any{"dora": "1x"}}, line: "--dora: ", web: `"dora": `},
		{name: "too many", req: engine.ScoreRequest{Extra: map[string]any{"ura": "1m2m3m4m5m6m"}}, line: "--ura: at most 5 indicators", web: `"ura": at most 5 indicators`},
		{name: "no family's", req: engine.ScoreRequest{Extra: map[string]any{"tenpai": true}}, line: "--tenpai: no family mjref plays takes it", web: `"tenpai": no family`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sit, err := tc.req.Situation()
			if tc.line != "" {
				if err == nil {
					t.Fatalf("no error, want %q", tc.line)
				}
				line, _ := family.Worded(err, family.CommandLine)
				web, _ := family.Worded(err, family.HTTP)
				if !strings.HasPrefix(line, tc.line) || !strings.HasPrefix(web, tc.web) || strings.Contains(web, "--") || !engine.IsInput(err) {
					t.Errorf("error %q (HTTP %q), want %q (HTTP %q), bad input", line, web, tc.line, tc.web)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(family.Situation{Situation: east, Extra: tc.want}, sit); diff != "" {
				t.Errorf("situation (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSituationRefused: a situation field the ruleset's family does not declare is refused, naming
// the family that does.
func TestSituationRefused(t *testing.T) {
	e, err := engine.Open("hk", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.Score(engine.ScoreRequest{Hand: "123m456p789s111z55z", Extra: map[string]any{"sticks": 1}})
	line, hint := family.Worded(err, family.CommandLine)
	web, webHint := family.Worded(err, family.HTTP)
	want := "--sticks is a riichi flag: ruleset hk is Hong Kong|use --rules riichi (or a riichi ruleset), or leave --sticks out|" +
		`"sticks" is a riichi flag: ruleset hk is Hong Kong|use "rules" riichi (or a riichi ruleset), or leave "sticks" out`
	if diff := cmp.Diff(want, line+"|"+hint+"|"+web+"|"+webHint); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestSplitSituation: the families' situation fields come out of a JSON object typed, and the rest
// of it is left as it was, for the request it is part of.
func TestSplitSituation(t *testing.T) {
	rest, extra, err := engine.SplitSituation([]byte(`{"hand": "123m", "Riichi": true, "dora": "1p", "honba": 2, "ura": null, "seat": "S"} {}`))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(`{"hand":"123m","seat":"S"} {}`, string(rest)); diff != "" {
		t.Errorf("rest (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]any{"riichi": true, "dora": "1p", "honba": 2}, extra); diff != "" {
		t.Errorf("extra (-want +got):\n%s", diff)
	}
	for in, want := range map[string]string{
		`{"honba": 1.5}`:  `"honba": expected a whole number, not number 1.5`,
		`{"riichi": "y"}`: `"riichi": expected true or false, not a string`,
		`{"dora": 3}`:     `"dora": expected a string, not a number`,
	} {
		_, _, err := engine.SplitSituation([]byte(in))
		if err == nil || jsonmsg.Describe(err) != want {
			t.Errorf("%s: error %v, want %s", in, err, want)
		}
	}
	if rest, _, _ := engine.SplitSituation([]byte(`[1]`)); string(rest) != `[1]` {
		t.Errorf("not an object: %s, want it as it was", rest)
	}
}

func tiles(t *testing.T, s string) []notation.Tile {
	t.Helper()
	ts, err := notation.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}
