package cmd

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/family/hongkong"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/hk"
)

// TestAppendJSONMatchesEncodingJSON checks the batch encoder byte for byte against encoding/json on
// random winning hands, hands that are not wins, and awkward strings.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	rs, err := rulesets.Load("hk")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(randomWinningHands(2000, 11)), "\n")
	lines = append(lines, "123m456p789s1z", "19m19p19s1234567z+1z", "1112345678999m+5m", "111222333z444z55z", "1122m3344p5566s77z")
	wins := []scoring.WinKind{scoring.Discard, scoring.SelfDraw}
	for i, line := range lines {
		h := notation.MustParse(line)
		res, err := hk.Score(&h, scoring.Situation{Win: wins[i%2], Discarder: notation.NoSeat}, hongkong.Rules(rs))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		sv := &family.SituationView{Seat: "E", Prevailing: "E", Win: wins[i%2].String(), LastTile: i%3 == 0}
		if i%5 == 0 {
			sv.Discarder = "W"
		}
		v := &hongkong.Scored{ScoreHead: family.ScoreHead{InputLine: i, Hand: notation.Format(h), Ruleset: "hk", Situation: sv}, Result: &res}
		if i%7 == 0 && len(res.Items) > 0 {
			res.Items[0].Note = "a \"quoted\" note\twith \\ and \u2028 and \x01 and <html>"
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		got := append(v.AppendJSON(nil), '\n')
		if !bytes.Equal(want.Bytes(), got) {
			t.Fatalf("%s:\nencoding/json: %s\nAppendJSON:    %s", line, want.Bytes(), got)
		}
	}
}

func TestAppendJSONString(t *testing.T) {
	for _, s := range []string{"", "plain", "門前清", "\"\\\n\r\t\x00\x1f", "\u2028\u2029", "bad \xff utf8", "<&>"} {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(s)
		want := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		if got := scoring.AppendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("AppendJSONString(%q) = %s, want %s", s, got, want)
		}
	}
}
