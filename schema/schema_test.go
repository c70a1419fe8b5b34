package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/rulesets"
)

func TestNewError(t *testing.T) {
	_, nerr := notation.Parse("123m45x")
	if nerr == nil {
		t.Fatal("123m45x parsed")
	}
	six := 6
	tests := []struct {
		name string
		err  error
		hint string
		want Error
	}{
		{"notation, wrapped", fmt.Errorf("hand 2: %w", nerr), "",
			Error{Version, "hand 2: " + nerr.Error(), 2, 7, &six, "123m45x", "", 0, 0, NotationHint, nil}},
		{"notation, own hint", nerr, "try 123m456x",
			Error{Version, nerr.Error(), 2, 7, &six, "123m45x", "", 0, 0, "try 123m456x", nil}},
		{"ruleset line", &rulesets.Error{File: "my.yaml", Line: 3, Msg: "bad"}, "",
			Error{Version, "my.yaml:3: bad", 2, 0, nil, "", "my.yaml", 3, 0, "", nil}},
		{"log event", &referee.LogError{Event: 4, Line: 9, Msg: "bad"}, "h",
			Error{Version, "line 9: event 4: bad", 2, 0, nil, "", "", 9, 4, "h", nil}},
		{"several", fmt.Errorf("card: %w", errors.Join(&rulesets.Error{File: "c.yaml", Line: 1, Msg: "a"}, errors.New("b"))), "",
			Error{Version, "card: c.yaml:1: a\nb", 2, 0, nil, "", "c.yaml", 1, 0, "", []Problem{{"c.yaml:1: a", "c.yaml", 1, 0}, {"b", "", 0, 0}}}},
		{"plain", errors.New("boom"), "", Error{Version, "boom", 2, 0, nil, "", "", 0, 0, "", nil}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, NewError(tt.err, 2, tt.hint)); diff != "" {
				t.Errorf("NewError (-want +got):\n%s", diff)
			}
		})
	}
}

// A long message and a long input are cut short: a 1 MB hand never makes a 1 MB error.
func TestNewErrorIsShort(t *testing.T) {
	_, err := notation.Parse(strings.Repeat("1m", 500_000) + "x")
	b, _ := json.Marshal(NewError(err, 2, ""))
	if len(b) > 4*MaxMessageLine {
		t.Errorf("the error object is %d bytes", len(b))
	}
	many := make([]error, 100)
	for i := range many {
		many[i] = fmt.Errorf("problem %d: %s", i, strings.Repeat("x", 20))
	}
	e := NewError(errors.Join(many...), 2, "")
	if len(e.Problems) != MaxMessageLines || strings.Count(e.Message, "\n") != MaxMessageLines {
		t.Errorf("%d problems, %d lines; want %d", len(e.Problems), strings.Count(e.Message, "\n"), MaxMessageLines)
	}
}

// FS holds every schema file, each a JSON object that names itself.
func TestFS(t *testing.T) {
	names, err := fs.Glob(FS, "*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("no schema files: %v", err)
	}
	for _, n := range names {
		b, _ := FS.ReadFile(n)
		var s struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(b, &s); err != nil || !strings.HasSuffix(s.ID, "/schema/"+n) {
			t.Errorf("%s: $id %q, %v", n, s.ID, err)
		}
	}
	if !strings.Contains(strings.Join(names, " "), "error.json") {
		t.Errorf("no error.json in %v", names)
	}
}
