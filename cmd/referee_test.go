package cmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/cobra"
)

func TestRefereeFlags(t *testing.T) {
	type flags struct {
		Log, Only, Rules string
		RulesGiven       bool
	}
	tests := []struct {
		name string
		args []string
		want flags
	}{
		{name: "a file", args: []string{"referee", "hand.yaml"}, want: flags{Log: "hand.yaml", Rules: "hk"}},
		{name: "standard input", args: []string{"referee", "-"}, want: flags{Log: "-", Rules: "hk"}},
		{name: "only illegal", args: []string{"referee", "hand.yaml", "--only", "illegal"}, want: flags{Log: "hand.yaml", Only: "illegal", Rules: "hk"}},
		{name: "rules given", args: []string{"referee", "--rules", "hk-oldstyle", "hand.yaml"}, want: flags{Log: "hand.yaml", Rules: "hk-oldstyle", RulesGiven: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &factory{IO: &IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}}
			var got flags
			root := &cobra.Command{Use: "mjref"}
			root.PersistentFlags().StringVar(&f.Rules, "rules", "hk", "")
			root.AddCommand(newRefereeCmd(f, func(o *refereeOptions) error {
				got = flags{Log: o.Log, Only: o.Only, Rules: o.Rules, RulesGiven: o.RulesGiven}
				return nil
			}))
			root.SetArgs(tt.args)
			if err := root.Execute(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("options (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRefereeStdinTerminal(t *testing.T) {
	o := &refereeOptions{Log: "-", IO: &IOStreams{In: strings.NewReader("ruleset: hk\n"), Out: io.Discard, ErrOut: io.Discard,
		InIsTerminal: func() bool { return true }}}
	_, _, err := readLogInput(o)
	if code := exitCode(err); code != ExitInput || err == nil || !strings.Contains(err.Error(), "standard input, but it is a terminal") {
		t.Errorf("err %v (exit %d), want a usage error about the terminal", err, code)
	}
	o.IO.InIsTerminal = func() bool { return false }
	data, name, err := readLogInput(o)
	if err != nil || string(data) != "ruleset: hk\n" || name != "standard input" {
		t.Errorf("got %q, %q, %v; want the piped log", data, name, err)
	}
}

// refereeJSON is the part of mjref referee's JSON output the tests look at.
type refereeJSON struct {
	Ruleset string `json:"ruleset"`
	Legal   bool   `json:"legal"`
	Illegal int    `json:"illegal"`
	Rulings []struct {
		Event   int    `json:"event"`
		Seat    string `json:"seat"`
		Verdict string `json:"verdict"`
		Rule    string `json:"rule"`
	} `json:"rulings"`
	Result struct {
		Outcome string                 `json:"outcome"`
		Winner  string                 `json:"winner"`
		Total   int                    `json:"total"`
		Deltas  map[string]json.Number `json:"deltas"`
	} `json:"result"`
	Points []int `json:"points"`
}

// runCLI runs mjref with args and stdin and returns the exit status and the streams.
func runCLI(args []string, stdin string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = Run(args, &IOStreams{In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut})
	dumpRun(args, code, out.String(), errOut.String())
	return code, out.String(), errOut.String()
}

// logExpect is what a referee test log says about itself in its comments (see
// referee/replay_test.go): the table rules to set and the expected illegal rulings and outcome.
type logExpect struct {
	sets    []string
	illegal []string
	outcome string
	winner  string
	// deltas and points are "SEAT N" lines: a seat's change in the settlement, a DeBurger player's points.
	deltas, points []string
	// badInput is the error of a log that cannot describe a real hand (its file name before it).
	badInput string
	skip     string
}

func readLogExpect(t *testing.T, path string) logExpect {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	e := logExpect{illegal: []string{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "# ")
		if !ok {
			continue
		}
		key, val, ok := strings.Cut(rest, ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch key {
		case "rules":
			for _, kv := range strings.Fields(val) {
				k, v, _ := strings.Cut(kv, "=")
				if k == "multiple_wins" {
					e.sets = append(e.sets, "--set", "settlement.multiple_winners.as="+v)
				} else {
					e.sets = append(e.sets, "--set", "referee."+k+"="+v)
				}
			}
		case "scorer-min":
			e.skip = "the library test scores it with a stand-in scorer"
		case "expect-illegal":
			e.illegal = append(e.illegal, val)
		case "expect-bad-input":
			e.badInput = val
		case "expect-outcome":
			e.outcome = val
		case "expect-winner":
			e.winner = val
		case "expect-delta":
			e.deltas = append(e.deltas, val)
		case "expect-points":
			e.points = append(e.points, val)
		}
	}
	return e
}

// refereeLogsApart are logs of the referee's suite whose expectations hold only in the library's test.
var refereeLogsApart = map[string]string{
	"mid-hand-unseen.yaml": "W's hand (123m456m44p888s [999s@S] 2f) is worth less than hk's 3-faan minimum: a false win under the real ruleset; the library test's stand-in scorer takes it",
}

// TestRefereeLogs replays every log of the referee's test suite through the command, under the real
// built-in rulesets (the library's own test uses a stand-in scorer), and checks the exit status, the
// illegal rulings and the outcome the log's comments expect.
func TestRefereeLogs(t *testing.T) {
	var paths []string
	for _, pat := range []string{"*.yaml", "*.jsonl", "american/*.yaml", "deburger/*.yaml"} {
		m, _ := filepath.Glob(filepath.Join("..", "referee", "testdata", "logs", pat))
		paths = append(paths, m...)
	}
	if len(paths) < 30 {
		t.Fatalf("found %d logs", len(paths))
	}
	for _, path := range paths {
		rel, _ := filepath.Rel(filepath.Join("..", "referee", "testdata", "logs"), path)
		t.Run(rel, func(t *testing.T) {
			e := readLogExpect(t, path)
			if e.skip == "" {
				e.skip = refereeLogsApart[rel]
			}
			if e.skip != "" {
				t.Skip(e.skip)
			}
			args := append([]string{"referee", path, "-o", "json"}, e.sets...)
			code, out, stderr := runCLI(args, "")
			if code == ExitInput && strings.Contains(stderr, `unknown key \"referee\"`) {
				t.Skipf("the ruleset has no referee: section to set %v in", e.sets)
			}
			if e.badInput != "" {
				// A log that cannot describe a real hand: bad input, its error naming where.
				var got struct{ Error string }
				if code != ExitInput || out != "" || json.Unmarshal([]byte(stderr), &got) != nil || got.Error != path+": "+e.badInput {
					t.Errorf("exit %d, stdout %q, stderr %s; want exit 2 and the error %q", code, out, stderr, path+": "+e.badInput)
				}
				return
			}
			var got refereeJSON
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("exit %d, %v\nstdout: %s\nstderr: %s", code, err, out, stderr)
			}
			illegal := []string{}
			for _, r := range got.Rulings {
				if r.Verdict != "ok" {
					illegal = append(illegal, fmt.Sprintf("%d %s", r.Event, r.Rule))
				}
			}
			if diff := cmp.Diff(e.illegal, illegal); diff != "" {
				t.Errorf("illegal rulings (-want +got):\n%s", diff)
			}
			wantCode := ExitOK
			if len(e.illegal) > 0 {
				wantCode = ExitNo
			}
			if code != wantCode || got.Legal != (len(illegal) == 0) || got.Illegal != len(illegal) {
				t.Errorf("exit %d, legal %v, illegal %d; want exit %d with %d illegal", code, got.Legal, got.Illegal, wantCode, len(illegal))
			}
			if e.outcome != "" && got.Result.Outcome != e.outcome {
				t.Errorf("outcome %s, want %s", got.Result.Outcome, e.outcome)
			}
			if e.winner != "" && got.Result.Winner != e.winner {
				t.Errorf("winner %s, want %s", got.Result.Winner, e.winner)
			}
			for _, d := range e.deltas {
				seat, n, _ := strings.Cut(d, " ")
				if got.Result.Deltas[seat].String() != n {
					t.Errorf("%s's change %s, want %s", seat, got.Result.Deltas[seat], n)
				}
			}
			for _, p := range e.points {
				seat, n, _ := strings.Cut(p, " ")
				i := strings.Index("ESWN", seat)
				if i < 0 || i >= len(got.Points) || fmt.Sprint(got.Points[i]) != n {
					t.Errorf("%s's points: want %s, got %v", seat, n, got.Points)
				}
			}
		})
	}
}
