package referee

import (
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden JSON files")

// TestReportJSON pins the JSON contract: rulings (event, seat, action, verdict, rule, reason) and
// result (outcome, winner, items, total, payments, deltas...).
func TestReportJSON(t *testing.T) {
	for _, name := range []string{"head-bump", "chow-from-opposite"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile("testdata/logs/" + name + ".yaml")
			if err != nil {
				t.Fatal(err)
			}
			lg, err := ReadLog(data)
			if err != nil {
				t.Fatal(err)
			}
			r := mustReplay(t, lg, testDeps())
			got, err := json.MarshalIndent(r, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden := "testdata/json/" + name + ".json"
			if *update {
				if err := os.WriteFile(golden, append(got, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), string(got)+"\n"); diff != "" {
				t.Errorf("%s (-want +got):\n%s", golden, diff)
			}
		})
	}
}
