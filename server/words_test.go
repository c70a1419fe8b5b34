package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/server"
)

// An error about a field of the body names the field as the body does ("seat"), never as the
// command line's flag (--seat), in its message and its hint.
func TestErrorsNameBodyFields(t *testing.T) {
	_, h := newServer(t, server.Options{Rules: "hk"})
	for _, tc := range []struct {
		path, body  string
		msg, hint   string // the answer's message and hint
		mustNotHave string
	}{
		{"/v1/score", `{"hand": "123m456p789s111z55z", "seat": "X"}`, `"seat": unknown seat "X": expected E, S, W or N`, "", "--"},
		{"/v1/score", `{"hand": "123m456p789s111z55z", "prevailing": "X"}`, `"prevailing": unknown seat "X": expected E, S, W or N`, "", "--"},
		{"/v1/score", `{"hand": "123m456p789s111z55z", "loser": true}`, `"loser" scores a non-winner's hand, and ruleset hk (Hong Kong) scores only the winner`, "", "--"},
		{"/v1/score", `{"hand": "234m23p456p678s99s+1p", "rules": "riichi", "honba": -1}`, `"honba" is a count: 0 or more`, "", "--"},
		{"/v1/score", `{"hand": "234m23p456p678s99s+1p", "rules": "riichi", "dora": "1p", "ura": "1m2m3m4m5m6m"}`, `"ura": at most 5 indicators (one and four for kans), got 6`, "", "--"},
		{"/v1/score", `{"hand": "123m456p789s111z55z", "ippatsu": true}`, `"ippatsu" is a riichi flag: ruleset hk is Hong Kong`, `use "rules" riichi (or a riichi ruleset), or leave "ippatsu" out`, "--"},
		{"/v1/waits", `{"hand": "123m456p789s11z45s", "seat": "Q"}`, `"seat": unknown seat "Q": expected E, S, W or N`, "", "--"},
		{"/v1/settle", `{"faan": "x", "winner": "S", "discarder": "W"}`, `"faan" "x": expected a whole number, 0 or more`, "", "--"},
		{"/v1/settle", `{"faan": 6, "discarder": "W"}`, `no winner: give "winner" SEAT and the hand's "faan", or the winner's hand`,
			`e.g. mjref settle "faan" 6 "winner" S "discarder" W, or mjref settle HAND "seat" S "discarder" W`, "--"},
		{"/v1/settle", `{"rules": "deburger-2026", "hands": ["E1m"], "mahjong": "E", "win": "self-draw"}`, `"hands" "E1m": expected SEAT=VALUE, e.g. E=2700`, "", "--hand"},
		{"/v1/settle", `{"false_win": "X"}`, `"false_win": unknown seat "X": expected E, S, W or N`, "", "--"},
		{"/v1/claim", `{"discarder": "W", "tile": "5p", "claims": "S win", "hands": ["S123m"]}`, `"hands" "S123m": expected SEAT=HAND`, "e.g. \"hands\" N=123m456p789s11z46p", "--"},
	} {
		t.Run(tc.path+" "+tc.body, func(t *testing.T) {
			w := do(t, h, "POST", tc.path, tc.body)
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			var got struct {
				Message string `json:"error"`
				Hint    string `json:"hint"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.msg, got.Message); diff != "" {
				t.Errorf("message (-want +got):\n%s", diff)
			}
			if tc.hint != "" && got.Hint != tc.hint {
				t.Errorf("hint = %q, want %q", got.Hint, tc.hint)
			}
			if strings.Contains(got.Message+got.Hint, tc.mustNotHave) {
				t.Errorf("%q names a flag: %s / %s", tc.mustNotHave, got.Message, got.Hint)
			}
		})
	}
}
