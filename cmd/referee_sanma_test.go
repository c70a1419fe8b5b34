package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/internal/corpus"
)

// TestRefereeSanmaLog replays the shared three-player Tenhou log (issue 31) through the command:
// --check agrees (exit 0), and the table and the JSON show three seats, never a fourth, empty one.
func TestRefereeSanmaLog(t *testing.T) {
	dir := corpus.Riichi("..")
	path := filepath.Join(dir, "tenhou_logs", "sanma2.xml")
	if _, err := os.Stat(path); dir == "" || err != nil {
		t.Skip("no ../shared/riichi/tenhou_logs/sanma2.xml beside the repository")
	}
	code, out, stderr := runCLI([]string{"referee", path, "--check"}, "")
	if code != ExitOK {
		t.Fatalf("exit %d, want 0\n%s%s", code, out, stderr)
	}
	for _, want := range []string{"game:     mjlog, 3 players,", "players:  0 Ｘｅｐｈｅｒ, 1 水＠氷, 2 九鳳院紫\n",
		"| E1-0 | tsumo 1      | 5 han mangan 6000   | -4000 +7000 -2000  |",
		"final:    27400 83100 -5500\n", "results:  -13.0 +79.0 -66.0 (tenhou-sanma", "verdict:  every result agrees with the log"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	code, out, stderr = runCLI([]string{"referee", path, "--check", "-o", "json"}, "")
	if code != ExitOK {
		t.Fatalf("-o json: exit %d, want 0\n%s", code, stderr)
	}
	var v struct {
		Names []string
		Hands []struct {
			Results []struct {
				Deltas   []int
				Recorded struct{ Deltas []int }
				Note     string
			}
		}
		Final struct {
			Scores, Recorded []int
			RecordedResults  []float64 `json:"recorded_results"`
		}
		Unchecked int
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Names) != 3 || len(v.Final.Scores) != 3 || len(v.Final.Recorded) != 3 || len(v.Final.RecordedResults) != 3 || v.Unchecked != 0 {
		t.Errorf("names %q, final %+v, %d unchecked: want three seats, every result checked", v.Names, v.Final, v.Unchecked)
	}
	for _, h := range v.Hands {
		for _, r := range h.Results {
			if len(r.Deltas) != 3 || len(r.Recorded.Deltas) != 3 || r.Note != "" {
				t.Errorf("result deltas %v, recorded %v, note %q: want three seats, scored by mjref", r.Deltas, r.Recorded.Deltas, r.Note)
			}
		}
	}
}
