package server_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/server"
)

// shadow is a file shaped like /etc/shadow: every line a YAML key when read as a ruleset or card.
const shadow = "root:*:19000:0:99999:7:::\n" +
	"alice:$6$salt$SECRETHASH:19000:0:99999:7:::\n" +
	"bob: $6$pepper$OTHERSECRET\n" +
	"card: not-a-card-secret\n"

// No request opens a file the server was not started with: a path in any field or any spelling
// of a set key is refused with 400 or 404 and no byte of the file, and an existing file and a
// missing one get the same answer.
func TestRequestsOpenNoFile(t *testing.T) {
	// A long directory name, so that a message that shortens the path it quotes still shows
	// the same for both files.
	dir := filepath.Join(t.TempDir(), strings.Repeat("d", 80))
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(dir, "shadow")
	if err := os.WriteFile(secret, []byte(shadow), 0o600); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nosuch")
	j := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	requests := []struct{ name, path, body string }{
		{"set key with a space", "/v1/closest", `{"hand":"NN 2026m SS 666p 66s","rules":"american","set":{"american.card ":PATH}}`},
		{"set a mapping", "/v1/closest", `{"hand":"NN 2026m SS 666p 66s","rules":"american","set":{"american":"{card: " + PATHRAW + "}"}}`},
		{"set key holding =", "/v1/closest", `{"hand":"NN 2026m SS 666p 66s","rules":"american","set":{"american.card=" + PATHRAW + " #":"x"}}`},
		{"set card", "/v1/score", `{"hand":"NN 2026m SS 666p 66s","rules":"american","set":{"card":PATH}}`},
		{"set extends", "/v1/score", `{"hand":"123m456p789s111z55z","set":{"extends":PATH}}`},
		{"card", "/v1/score", `{"hand":"NN 2026m SS 666p 66s","rules":"american","card":PATH}`},
		{"rules", "/v1/score", `{"hand":"123m456p789s111z55z","rules":PATH}`},
		{"upload extends", "/v1/score", `{"hand":"123m456p789s111z55z","ruleset_yaml":"extends: " + PATHRAW + "\nname: x\n"}`},
		{"upload card", "/v1/score", `{"hand":"NN 2026m SS 666p 66s","ruleset_yaml":"extends: american\nname: x\namerican:\n  card: " + PATHRAW + "\n"}`},
		{"upload set card", "/v1/score", `{"hand":"NN 2026m SS 666p 66s","ruleset_yaml":"extends: american\nname: x\n","set":{"card":PATH}}`},
		{"settle card", "/v1/settle", `{"rules":"american","value":"25","winner":"N","discarder":"E","card":PATH}`},
		{"referee log ruleset", "/v1/referee", `{"log":"ruleset: " + PATHRAW + "\nevents: [E discard 5z]"}`},
	}
	_, h := newServer(t, server.Options{})
	for _, tt := range requests {
		t.Run(tt.name, func(t *testing.T) {
			answer := func(path string) (int, string) {
				raw := strings.Trim(j(path), `"`)
				body := strings.NewReplacer(`" + PATHRAW + "`, raw, "PATH", j(path)).Replace(tt.body)
				w := do(t, h, "POST", tt.path, body)
				return w.Code, strings.ReplaceAll(w.Body.String(), raw, "PATH")
			}
			code, got := answer(secret)
			if code != 400 && code != 404 {
				t.Errorf("status %d, want 400 or 404: %s", code, got)
			}
			for _, bit := range []string{"SECRETHASH", "OTHERSECRET", "not-a-card-secret", "alice", "root", "bob", "$6$"} {
				if strings.Contains(got, bit) {
					t.Errorf("the answer quotes %q of the file:\n%s", bit, got)
				}
			}
			mcode, mgot := answer(missing)
			if mcode != code || mgot != got {
				t.Errorf("a missing file is answered otherwise than one that is there:\n there: %d %s\nmissing: %d %s", code, got, mcode, mgot)
			}
		})
	}
}

// The server reads the files it was started with, its ruleset's card among them, and still no
// other: a request may name the server's own card file again, but not a file beside it.
func TestRequestsReadOnlyTheServersFiles(t *testing.T) {
	dir := t.TempDir()
	card, err := os.ReadFile("../family/american/cards/sample-2026.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"house.yaml": "extends: american\nname: house\namerican:\n  card: ours.yaml\n",
		"ours.yaml":  string(card),
		"other.yaml": string(card),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	_, h := newServer(t, server.Options{Rules: filepath.Join(dir, "house.yaml")})
	if w := do(t, h, "POST", "/v1/closest", `{"hand":"NN 2026m SS 666p 66s"}`); w.Code != 200 {
		t.Errorf("the server's own ruleset and card: %d %s", w.Code, w.Body)
	}
	own, _ := json.Marshal(filepath.Join(dir, "ours.yaml"))
	if w := do(t, h, "POST", "/v1/closest", `{"hand":"NN 2026m SS 666p 66s","set":{"card":`+string(own)+`}}`); w.Code != 200 {
		t.Errorf("the server's own card named again: %d %s", w.Code, w.Body)
	}
	other, _ := json.Marshal(filepath.Join(dir, "other.yaml"))
	w := do(t, h, "POST", "/v1/closest", `{"hand":"NN 2026m SS 666p 66s","set":{"card":`+string(other)+`}}`)
	if w.Code != 400 || !strings.Contains(w.Body.String(), "no card file is read here") {
		t.Errorf("a card file beside the server's: %d %s", w.Code, w.Body)
	}
}
