package server

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fastBodies are score bodies of every shape the fast reading takes and of many it leaves to the
// full decoding.
var fastBodies = []string{
	`{"hand": "123m456p789s111z55z", "win": "self-draw"}`,
	`{"hand": "123m123m123m999p5z+5z", "seat": "S", "set": {"cap": "13"}}`,
	`{"rules": "deburger-2026", "hand": "123m456p777z99p5m8s 3f*", "loser": true}`,
	`{"rules":"riichi","hand":"234m234m234m567p88s","riichi":true,"dora":"1p,3m","honba":2,"sticks":0,"last_tile":false}`,
	` {"hand" : "中", "card" : "2025" , "ruleset_yaml": "extends: hk\n"} `,
	"{\"hand\":\"1m\"}\n", `{}`, ` { } `, `[]`, `null`, ``, `{`, `{"hand"}`, `{"hand":}`, `{"hand": 5}`,
	`{"hand": "a\"b"}`, `{"hand": "a\\b"}`, `{"Hand": "1m"}`, `{"HAND": "1m", "hand": "2m"}`, `{"hand": "1m", "hand": "2m"}`,
	`{"hand": null}`, `{"last_tile": null}`, `{"last_tile": 1}`, `{"last_tile": "true"}`, `{"loser": false, "loser": true}`,
	`{"honba": 2.0}`, `{"honba": 2e1}`, `{"honba": -1}`, `{"honba": -0}`, `{"honba": 01}`, `{"honba": "2"}`, `{"honba": 99999999999999999999}`,
	`{"riichi": 1}`, `{"Riichi": true}`, `{"dora": 3}`, `{"nosuch": 1}`, `{"hand": "1m",}`, `{"hand": "1m"} {}`, `{"hand": "1m"}x`,
	`{"hand": "1m" "win": "x"}`, `{"hand": "\xff"}`, "{\"hand\": \"a\tb\"}", `{"hand": tru}`, `{"hand": "1m", "loser": truex}`,
}

// The fast reading of a score body, where it reads one, is what the full decoding reads.
func TestScoreBodyFastAgrees(t *testing.T) {
	fast := 0
	for _, body := range fastBodies {
		if checkFastAgrees(t, body) {
			fast++
		}
	}
	if fast < 8 {
		t.Errorf("the fast reading took %d of the bodies: want the plain ones", fast)
	}
}

func FuzzScoreBodyFast(f *testing.F) {
	for _, b := range fastBodies {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, body string) { checkFastAgrees(t, body) })
}

// checkFastAgrees says whether the fast reading read body, failing t when it reads it otherwise
// than the full decoding does (or reads one the full decoding refuses).
func checkFastAgrees(t *testing.T, body string) bool {
	t.Helper()
	var fast ScoreBody
	if !fast.decodeFast([]byte(body)) {
		if !cmp.Equal(fast, ScoreBody{}) {
			t.Errorf("%q: the fast reading said no but changed the body: %+v", body, fast)
		}
		return false
	}
	var full ScoreBody
	if err := decodeJSON(bytes.NewReader([]byte(body)), &full, MaxBody); err != nil {
		t.Errorf("%q: the fast reading took it, the full decoding refuses it: %v", body, err)
		return true
	}
	if diff := cmp.Diff(full, fast); diff != "" {
		t.Errorf("%q: fast reading differs from the full decoding (-full +fast):\n%s", body, diff)
	}
	return true
}

// scoreBodyKeys are ScoreBody's JSON names, every one.
func TestScoreBodyKeys(t *testing.T) {
	var names []string
	var walk func(reflect.Type)
	walk = func(typ reflect.Type) {
		for f := range typ.Fields() {
			if f.Anonymous {
				walk(f.Type)
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name != "-" {
				names = append(names, name)
			}
		}
	}
	walk(reflect.TypeFor[ScoreBody]())
	if got, want := slices.Sorted(slices.Values(scoreBodyKeys)), slices.Sorted(slices.Values(names)); !slices.Equal(got, want) {
		t.Errorf("scoreBodyKeys = %v, ScoreBody's JSON names are %v", got, want)
	}
	if situationFields() == nil {
		t.Error("a situation field is spelt as a body field: every score body is decoded in full")
	}
}
