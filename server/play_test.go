package server_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/cmd"
	"github.com/mjref/mjref/server"
)

// words splits a shell command line into words: single and double quotes, no expansions.
func words(t *testing.T, line string) []string {
	t.Helper()
	var out []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if quote != 0 {
		t.Fatalf("unclosed quote in %q", line)
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// scoreBody turns the arguments of mjref score into the body of POST /v1/score; ok is false for
// a command the server cannot be asked (a ruleset file, a batch).
func scoreBody(t *testing.T, args []string) (body string, ok bool) {
	t.Helper()
	m := map[string]any{}
	sets := map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "--") {
			if a == "-" {
				return "", false
			}
			m["hand"] = a
			continue
		}
		name := strings.TrimPrefix(a, "--")
		switch name {
		case "last-tile", "loser", "riichi", "double-riichi", "ippatsu", "first-turn":
			m[strings.ReplaceAll(name, "-", "_")] = true
			continue
		}
		i++
		v := args[i]
		switch name {
		case "rules":
			if strings.ContainsAny(v, "/.") {
				return "", false // a file: the server plays built-in rulesets only
			}
			m["rules"] = v
		case "set":
			k, val, _ := strings.Cut(v, "=")
			sets[k] = val
		default:
			m[name] = v
		}
	}
	if len(sets) > 0 {
		m["set"] = sets
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), true
}

// readmeCommands are the "$ mjref NAME ..." lines of the README's console blocks, without pipes or
// redirections.
func readmeCommands(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "$ mjref "+name+" ")
		if !ok || strings.ContainsAny(line, "|<>\\") {
			continue
		}
		args := words(t, line)
		for i, a := range args {
			if a == "-o" {
				args = append(args[:i], args[i+2:]...)
				break
			}
		}
		out = append(out, args)
	}
	return out
}

// POST /v1/score answers with the very bytes `mjref score -o json` prints, for every score example of
// the README (and the JSON error object the command writes, with 400, where the example is bad
// input).
func TestScoreMatchesCommandForREADMEExamples(t *testing.T) {
	schema := schemas(t)
	scoreSchema, errSchema := schema("score"), schema("error")
	_, h := newServer(t, server.Options{})
	cmds := readmeCommands(t, "score")
	if len(cmds) < 5 {
		t.Fatalf("found only %d score examples in the README", len(cmds))
	}
	compared := 0
	for _, args := range cmds {
		body, ok := scoreBody(t, args)
		if !ok {
			continue
		}
		compared++
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := cmd.Run(append(append([]string{"score"}, args...), "-o", "json"), &cmd.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
			w := do(t, h, "POST", "/v1/score", body)
			switch code {
			case 0, 1:
				if w.Code != http.StatusOK {
					t.Fatalf("status %d, the command exits %d: %s", w.Code, code, w.Body)
				}
				if got, want := w.Body.String(), out.String(); got != want {
					t.Errorf("POST /v1/score %s differs from mjref score -o json:\n got %s\nwant %s", body, got, want)
				}
				validate(t, scoreSchema, "score", w.Body.String())
				var v struct{ Valid bool }
				_ = json.Unmarshal(w.Body.Bytes(), &v)
				if v.Valid != (code == 0) {
					t.Errorf("valid %v, the command exits %d", v.Valid, code)
				}
			case 2:
				if w.Code != http.StatusBadRequest {
					t.Fatalf("status %d, the command exits 2: %s", w.Code, w.Body)
				}
				if got, want := w.Body.String(), errOut.String(); got != want {
					t.Errorf("the error differs from mjref score -o json's:\n got %s\nwant %s", got, want)
				}
				validate(t, errSchema, "error", w.Body.String())
			default:
				t.Fatalf("the command exits %d: %s", code, errOut.String())
			}
		})
	}
	if compared < 5 {
		t.Errorf("compared only %d README examples", compared)
	}
}

func TestScoreAndWaits(t *testing.T) {
	schema := schemas(t)
	_, h := newServer(t, server.Options{})
	tests := []struct {
		name, path, body string
		status           int
		schema           string
		has              string // a piece of the answer
	}{
		{"a win", "/v1/score", `{"hand": "123m456p789s111z55z", "win": "self-draw"}`, 200, "score", `"valid": true`},
		{"seat and set", "/v1/score", `{"hand": "123m123m123m999p5z+5z", "seat": "S", "prevailing": "E", "set": {"min_faan": "1"}}`, 200, "score", `"min_faan": 1`},
		{"not a win is 200", "/v1/score", `{"hand": "123m456p789s111z57z"}`, 200, "score", `"valid": false`},
		{"deburger loser", "/v1/score", `{"rules": "deburger-2026", "hand": "123m456p777z99p5m8s 3f*", "loser": true}`, 200, "score", `"loser": true`},
		{"american", "/v1/score", `{"rules": "american", "hand": "NN 2026m SS 666p 66sJ"}`, 200, "score", `"ruleset": "american"`},
		{"american card", "/v1/score", `{"rules": "american", "card": "sample-2026", "hand": "NN 2026m SS 666p 66sJ"}`, 200, "score", `"ruleset": "american"`},
		{"bad notation", "/v1/score", `{"hand": "123m45x"}`, 400, "error", `"col":7`},
		{"no hand", "/v1/score", `{"win": "self-draw"}`, 400, "error", `no \"hand\"`},
		{"empty body", "/v1/score", ``, 400, "error", `empty`},
		{"unknown field", "/v1/score", `{"hand": "123m", "seet": "S"}`, 400, "error", `unknown field \"seet\"`},
		{"bad seat", "/v1/score", `{"hand": "123m456p789s111z55z", "seat": "Q"}`, 400, "error", `unknown seat`},
		{"bad set", "/v1/score", `{"hand": "123m456p789s111z55z", "set": {"cap": "lots"}}`, 400, "error", `"file":"--set"`},
		{"unknown ruleset", "/v1/score", `{"hand": "123m", "rules": "hk-newstyle"}`, 404, "error", `no built-in ruleset`},
		{"a ruleset file", "/v1/score", `{"hand": "123m", "rules": "../family/hongkong/builtin/hk.yaml"}`, 404, "error", `no built-in ruleset`},
		{"an absolute path", "/v1/score", `{"hand": "123m", "rules": "/etc/passwd"}`, 404, "error", `no built-in ruleset`},
		{"a card file", "/v1/score", `{"hand": "123m", "rules": "american", "card": "/etc/passwd"}`, 400, "error", `no built-in card`},
		{"a card file by set", "/v1/score", `{"hand": "123m", "rules": "american", "set": {"card": "/etc/passwd"}}`, 400, "error", `no built-in card of that name (sample-2026); no card file is read here`},
		{"a card file by full key", "/v1/score", `{"hand": "123m", "rules": "american", "set": {"american.card": "../x.yaml"}}`, 400, "error", `no built-in card of that name (sample-2026); no card file is read here`},
		{"card under hk", "/v1/score", `{"hand": "123m456p789s111z55z", "card": "sample-2026"}`, 400, "error", `card`},
		{"uploaded ruleset", "/v1/score", `{"hand": "123m456p789s111z55z", "ruleset_yaml": "extends: hk\nname: our table\nhk:\n  min_faan: 6\n"}`, 200, "score", `"min_faan": 6`},
		{"uploaded with rules", "/v1/score", `{"hand": "123m", "rules": "hk", "ruleset_yaml": "extends: hk\n"}`, 400, "error", `not both`},
		{"uploaded extends a file", "/v1/score", `{"hand": "123m", "ruleset_yaml": "extends: /etc/passwd\nname: x\n"}`, 400, "error", `extends only a built-in`},
		{"uploaded typo", "/v1/score", `{"hand": "123m", "ruleset_yaml": "extends: hk\nname: x\nhk:\n  capp: 1\n"}`, 400, "error", `"line":4`},
		{"uploaded card file", "/v1/score", `{"hand": "123m", "ruleset_yaml": "extends: american\nname: x\namerican:\n  card: ../../etc/passwd\n"}`, 400, "error", `built-in card only`},
		{"waits", "/v1/waits", `{"hand": "123m456p789s11z45s"}`, 200, "waits", `"tile": "3s"`},
		{"waits 14", "/v1/waits", `{"hand": "1112345678999m5p"}`, 200, "waits", `"tiles": 14`},
		{"waits seen", "/v1/waits", `{"hand": "123m456p789s11z45s", "seen": "3s3s3s"}`, 200, "waits", `"unseen": 1`},
		{"waits too few", "/v1/waits", `{"hand": "123m"}`, 400, "error", `waits needs 13`},
		{"waits no hand", "/v1/waits", `{}`, 400, "error", `no \"hand\"`},
		{"settle faan", "/v1/settle", `{"faan": "6", "winner": "S", "discarder": "W"}`, 200, "settle", `"outcome": "won"`},
		{"settle hand", "/v1/settle", `{"hand": "[555z] [666z] [777z@E] 123m 9p+9p", "seat": "N", "win": "self-draw"}`, 200, "settle", `"payments"`},
		{"settle drawn", "/v1/settle", `{"drawn": true}`, 200, "settle", `"outcome": "drawn"`},
		{"settle deburger", "/v1/settle", `{"rules": "deburger-2026", "hands": ["E=123m456m789p111z55s", "S=123m456p777z99p5m8s", "W=123m456p777z99p5m8s 3f*", "N=13579m2468p1357s"], "mahjong": "E", "win": "self-draw"}`, 200, "settle", `"ruleset": "deburger-2026"`},
		// schema/settle.json does not yet describe an unsettled hand (mjref settle -o json prints
		// the same document): checked for its verdict only.
		{"settle not a win", "/v1/settle", `{"hand": "123m456p789s111z57z", "discarder": "S"}`, 200, "settle", `"settled": false`},
		{"settle card file", "/v1/settle", `{"rules": "american", "hand": "NN 2026m SS 666p 66sJ", "card": "../../etc/passwd"}`, 400, "error", `no built-in card`},
		{"settle nothing", "/v1/settle", `{}`, 400, "error", `"code":2`},
		{"settle faan under american", "/v1/settle", `{"rules": "american", "faan": "6", "winner": "S"}`, 400, "error", `faan`},
		{"claim", "/v1/claim", `{"discarder": "W", "tile": "5p", "claims": "S win, N pong, E win", "hands": ["S=123m456p789s11z46p", "E=11z123m456s789s46p"]}`, 200, "claim", `"ruleset": "hk"`},
		{"claim bad", "/v1/claim", `{"discarder": "W", "tile": "5p", "claims": "S fly"}`, 400, "error", `"code":2`},
		{"claim american", "/v1/claim", `{"rules": "american", "discarder": "W", "tile": "5p", "claims": "S pong"}`, 400, "error", `"code":2`},
		{"referee no log", "/v1/referee", `{}`, 400, "error", `no \"log\"`},
		{"referee bad log", "/v1/referee", `{"log": "events: [E fly 5z]"}`, 400, "error", `"event":1`},
		{"referee file ruleset", "/v1/referee", `{"log": "ruleset: ../../etc/passwd\nevents: [E discard 5z]"}`, 400, "error", `not a built-in ruleset`},
		{"closest", "/v1/closest", `{"rules": "american", "hand": "NN 2026m SS 666p 66s", "top": 3}`, 200, "closest", `"candidates"`},
		{"closest under hk", "/v1/closest", `{"hand": "123m456p789s11z45s"}`, 400, "error", `closest`},
		{"closest no hand", "/v1/closest", `{"rules": "american"}`, 400, "error", `no \"hand\"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := do(t, h, "POST", tt.path, tt.body)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if tt.schema != "" {
				validate(t, schema(tt.schema), tt.schema, w.Body.String())
			}
			if !strings.Contains(w.Body.String(), tt.has) {
				t.Errorf("the answer does not hold %s:\n%s", tt.has, w.Body)
			}
		})
	}
}

// The server's --rules is the ruleset of a request that names none.
func TestServerDefaultRules(t *testing.T) {
	_, h := newServer(t, server.Options{Rules: "deburger-2026"})
	w := do(t, h, "POST", "/v1/score", `{"hand": "123m456m789p111z55s", "win": "self-draw"}`)
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"ruleset": "deburger-2026"`) {
		t.Errorf("status %d: %s", w.Code, w.Body)
	}
}

// Every play endpoint answers the bytes its command prints with -o json.
func TestAnswersMatchCommands(t *testing.T) {
	_, h := newServer(t, server.Options{})
	tests := []struct {
		path, body string
		args       []string
	}{
		{"/v1/waits", `{"hand": "1112345678999m"}`, []string{"waits", "1112345678999m"}},
		{"/v1/waits", `{"hand": "123m456p789s11z45s", "seat": "S", "seen": "3s6s1z"}`, []string{"waits", "123m456p789s11z45s", "--seat", "S", "--seen", "3s6s1z"}},
		{"/v1/waits", `{"rules": "deburger-2026", "hand": "123m456p789s11z45s"}`, []string{"waits", "123m456p789s11z45s", "--rules", "deburger-2026"}},
		{"/v1/settle", `{"faan": "6", "winner": "S", "discarder": "W"}`, []string{"settle", "--faan", "6", "--winner", "S", "--discarder", "W"}},
		{"/v1/settle", `{"hand": "[555z] [666z] [777z@E] 123m 9p+9p", "seat": "N", "win": "self-draw"}`, []string{"settle", "[555z] [666z] [777z@E] 123m 9p+9p", "--seat", "N", "--win", "self-draw"}},
		{"/v1/settle", `{"rules": "deburger-2026", "hands": ["E=123m456m789p111z55s", "S=123m456p777z99p5m8s", "W=123m456p777z99p5m8s 3f*", "N=13579m2468p1357s"], "mahjong": "E", "win": "self-draw", "totals": ["E=8000,S=9000,W=500,N=0"]}`, []string{"settle", "--rules", "deburger-2026", "--hand", "E=123m456m789p111z55s", "--hand", "S=123m456p777z99p5m8s", "--hand", "W=123m456p777z99p5m8s 3f*", "--hand", "N=13579m2468p1357s", "--mahjong", "E", "--win", "self-draw", "--totals", "E=8000,S=9000,W=500,N=0"}},
		{"/v1/claim", `{"discarder": "W", "tile": "5p", "claims": "S win, N pong, E win", "hands": ["S=123m456p789s11z46p", "E=11z123m456s789s46p"]}`, []string{"claim", "--discarder", "W", "--tile", "5p", "--claims", "S win, N pong, E win", "--hand", "S=123m456p789s11z46p", "--hand", "E=11z123m456s789s46p"}},
		{"/v1/referee", refereeBody(t, "../examples/responsibility.yaml", ""), []string{"referee", "../examples/responsibility.yaml"}},
		{"/v1/referee", refereeBody(t, "../examples/issue-example.yaml", ""), []string{"referee", "../examples/issue-example.yaml"}},
		{"/v1/referee", refereeBody(t, "../examples/responsibility.yaml", "hk-oldstyle"), []string{"referee", "--rules", "hk-oldstyle", "../examples/responsibility.yaml"}},
		{"/v1/closest", `{"rules": "american", "hand": "NN 2026m SS 666p 66s", "top": 3}`, []string{"closest", "NN 2026m SS 666p 66s", "--rules", "american", "--top", "3"}},
		{"/v1/score", `{"hand": "1133557799m11p11s", "rules": "hk-oldstyle", "set": {"cap": "8"}}`, []string{"score", "1133557799m11p11s", "--rules", "hk-oldstyle", "--set", "cap=8"}},
	}
	for _, tt := range tests {
		t.Run(tt.path+" "+tt.body, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := cmd.Run(append(tt.args, "-o", "json"), &cmd.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
			if code > 1 {
				t.Fatalf("the command exits %d: %s", code, errOut.String())
			}
			w := do(t, h, "POST", tt.path, tt.body)
			if w.Code != 200 || w.Body.String() != out.String() {
				t.Errorf("status %d, answer differs from mjref %s -o json:\n got %s\nwant %s", w.Code, strings.Join(tt.args, " "), w.Body, out.String())
			}
		})
	}
}

// refereeBody is the body of POST /v1/referee for the log in file, under rules when given.
func refereeBody(t *testing.T, file, rules string) string {
	t.Helper()
	log, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(map[string]string{"log": string(log), "rules": rules})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The server's own ruleset may be a file and carry --set values; requests that name none play it,
// with their own set on top, and requests still name built-in rulesets only.
func TestServerOwnRules(t *testing.T) {
	_, h := newServer(t, server.Options{Rules: "../examples/my-table.yaml", Set: []string{"min_faan=1"}})
	want := cli(t, 1, "score", "123m456p789s111z57z", "--rules", "../examples/my-table.yaml", "--set", "min_faan=1", "-o", "json")
	if w := do(t, h, "POST", "/v1/score", `{"hand": "123m456p789s111z57z"}`); w.Body.String() != want {
		t.Errorf("the server's own ruleset: %d\n got %s\nwant %s", w.Code, w.Body, want)
	}
	want = cli(t, 0, "score", "123m456p789s111z55z", "--rules", "../examples/my-table.yaml", "--set", "min_faan=1", "--set", "cap=4", "-o", "json")
	if w := do(t, h, "POST", "/v1/score", `{"hand": "123m456p789s111z55z", "set": {"cap": "4"}}`); w.Body.String() != want {
		t.Errorf("with the request's set: %d\n got %s\nwant %s", w.Code, w.Body, want)
	}
	if w := do(t, h, "POST", "/v1/score", `{"hand": "123m", "rules": "../examples/my-table.yaml"}`); w.Code != http.StatusNotFound {
		t.Errorf("a request naming the file: %d %s", w.Code, w.Body)
	}
	if w := do(t, h, "GET", "/", ""); !strings.Contains(w.Body.String(), `<meta name="mjref-rules-own" content="on">`) {
		t.Errorf("the page is not told the server plays its own ruleset")
	}
	if _, err := server.New(server.Options{Addr: "127.0.0.1:0", Set: []string{"cap=lots"}}); err == nil {
		t.Error("a bad --set is not refused at start")
	}
}

// A server whose own ruleset plays a card with a bad line plays its other lines, and every answer
// that used the card says which line was left out and why, as the command line does (issue 25,
// item 6).
func TestServerCardWarnings(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "house.yaml")
	card := filepath.Join(dir, "partial.yaml")
	if err := os.WriteFile(rules, []byte("name: house-american\nextends: american\namerican:\n  card: partial.yaml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(card, []byte("card:\n  name: partial\n  lines:\n    - {id: Y1, pattern: \"NN 2026a SS 666b 666c\", value: 25}\n    - {id: R1, pattern: \"FF 1111a 2222a 333a\", value: 25}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, h := newServer(t, server.Options{Rules: rules})
	for _, tt := range []struct {
		path, body string
		args       []string
	}{
		{"/v1/score", `{"hand": "NN 2026m SS 666p 666s"}`, []string{"score", "NN 2026m SS 666p 666s"}},
		{"/v1/closest", `{"hand": "NN 2026m SS 666p 66s"}`, []string{"closest", "NN 2026m SS 666p 66s"}},
	} {
		want := cli(t, 0, append(tt.args, "--rules", rules, "-o", "json")...)
		w := do(t, h, "POST", tt.path, tt.body)
		if w.Code != http.StatusOK || w.Body.String() != want {
			t.Errorf("%s: %d\n got %s\nwant %s", tt.path, w.Code, w.Body, want)
		}
		if msg := card + `:5: line R1 left out: pattern has 13 tiles, expected 14`; !strings.Contains(w.Body.String(), `"message": "`+msg+`"`) {
			t.Errorf("%s: no warning %q in %s", tt.path, msg, w.Body)
		}
	}
}
