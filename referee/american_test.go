package referee_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	amfamily "github.com/mjref/mjref/family/american"
	"github.com/mjref/mjref/family/deburger"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
)

// familyDeps wires a built-in ruleset's family: American or DeBurger.
func familyDeps(t testing.TB, name string, r *gamerules.Referee) referee.Deps {
	t.Helper()
	rs, err := rulesets.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	switch rs.Family {
	case amfamily.ID:
		return referee.American(amfamily.Card(rs), amfamily.Rules(rs), rs.Settlement, r)
	case deburger.ID:
		return referee.DeBurger(deburger.Rules(rs), r)
	}
	t.Fatalf("%s: family %s", name, rs.Family)
	return referee.Deps{}
}

// familyCase is a log under testdata/logs/american or deburger with its expectations in comments:
//
//	# source: where the rule comes from (required)
//	# rules: direction=counterclockwise second_charleston=same
//	# expect-illegal: EVENT RULE          (every illegal ruling, in order)
//	# expect-ruling: EVENT RULE           (some ok ruling of the event cites RULE)
//	# expect-reason: EVENT TEXT           (some ruling of the event has TEXT in its reason)
//	# expect-dead: SEAT                   (every dead hand, in order)
//	# expect-outcome, expect-winner, expect-total, expect-delta: SEAT AMOUNT, expect-points: SEAT N
type familyCase struct {
	rules   gamerules.Referee
	illegal []string
	dead    []string
	checks  [][2]string
	// badInput is the error of a log that cannot describe a real hand (# expect-bad-input:).
	badInput string
}

func readFamilyCase(t *testing.T, path string, opt referee.ReadOptions) (*referee.Log, familyCase) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fc := familyCase{illegal: []string{}, dead: []string{}}
	source := false
	for _, kv := range referee.LogComments(data) {
		key, val := kv[0], kv[1]
		switch key {
		case "source":
			source = val != ""
		case "rules":
			for _, kv := range strings.Fields(val) {
				k, v, _ := strings.Cut(kv, "=")
				switch k {
				case "direction":
					fc.rules.Direction = v
				case "second_charleston":
					fc.rules.SecondCharleston = v
				default:
					t.Fatalf("%s: unknown rule %q", path, k)
				}
			}
		case "expect-illegal":
			fc.illegal = append(fc.illegal, val)
		case "expect-dead":
			fc.dead = append(fc.dead, val)
		case "expect-bad-input":
			fc.badInput = val
		default:
			if strings.HasPrefix(key, "expect-") {
				fc.checks = append(fc.checks, [2]string{key, val})
			}
		}
	}
	if !source {
		t.Errorf("%s: no # source: line", path)
	}
	lg, err := referee.ReadLogWith(data, opt)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return lg, fc
}

func rulingsOf(r *referee.Report) string {
	var b strings.Builder
	for _, x := range r.Rulings {
		b.WriteString(x.String())
		b.WriteString("\n")
	}
	return b.String()
}

// checkFamily returns what is wrong with one expectation, or "".
func checkFamily(r *referee.Report, key, val string) string {
	switch key {
	case "expect-outcome":
		if string(r.Result.Outcome) != val {
			return fmt.Sprintf("outcome %s, want %s (%s)", r.Result.Outcome, val, r.Result.Reason)
		}
	case "expect-winner":
		if r.Result.Winner.String() != val {
			return fmt.Sprintf("winner %s, want %s", r.Result.Winner, val)
		}
	case "expect-total":
		if strconv.Itoa(r.Result.Total) != val {
			return fmt.Sprintf("total %d, want %s", r.Result.Total, val)
		}
	case "expect-delta", "expect-points":
		f := strings.Fields(val)
		s, err := notation.ParseSeat(f[0])
		if err != nil || len(f) != 2 {
			return "bad expectation " + val
		}
		got := r.Result.Deltas[s].String()
		if key == "expect-points" {
			got = strconv.Itoa(r.Points[s])
		}
		if got != f[1] {
			return fmt.Sprintf("%s: %s, want %s", f[0], got, f[1])
		}
	case "expect-ruling", "expect-reason":
		n, text, _ := strings.Cut(val, " ")
		ev, _ := strconv.Atoi(n)
		for _, x := range r.Rulings {
			if x.Event != ev {
				continue
			}
			if key == "expect-ruling" && x.Verdict == referee.VerdictOK && x.Rule == text {
				return ""
			}
			if key == "expect-reason" && strings.Contains(x.Reason, text) {
				return ""
			}
		}
		return fmt.Sprintf("no ruling of event %d with %q", ev, text)
	default:
		return "unknown expectation " + key
	}
	return ""
}

func runFamilyLogs(t *testing.T, dir, ruleset string, min int) {
	paths, _ := filepath.Glob(filepath.Join("testdata/logs", dir, "*.yaml"))
	if len(paths) < min {
		t.Fatalf("found %d logs in %s", len(paths), dir)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".yaml"), func(t *testing.T) {
			// An American log is read as the referee command reads it: 0 is the white dragon.
			ro := referee.ReadOptions{}
			if dir == "american" {
				ro = referee.AmericanRead
			}
			lg, fc := readFamilyCase(t, path, ro)
			r, err := referee.Replay(lg, familyDeps(t, ruleset, &fc.rules))
			if !checkBadInput(t, err, fc.badInput, len(fc.illegal)+len(fc.dead)+len(fc.checks)) {
				return
			}
			got := []string{}
			for _, x := range r.Illegal() {
				got = append(got, fmt.Sprintf("%d %s", x.Event, x.Rule))
			}
			if diff := cmp.Diff(fc.illegal, got); diff != "" {
				t.Errorf("illegal rulings (-want +got):\n%s\nrulings:\n%s", diff, rulingsOf(&r))
			}
			dead := []string{}
			for _, d := range r.Dead {
				dead = append(dead, d.Seat.String())
			}
			if diff := cmp.Diff(fc.dead, dead); diff != "" {
				t.Errorf("dead hands (-want +got):\n%s\nrulings:\n%s", diff, rulingsOf(&r))
			}
			for _, c := range fc.checks {
				if msg := checkFamily(&r, c[0], c[1]); msg != "" {
					t.Errorf("%s: %s\nrulings:\n%sresult: %s", c[0], msg, rulingsOf(&r), r.Result)
				}
			}
			var sum settle.Amount
			for _, d := range r.Result.Deltas {
				sum += d
			}
			if sum != 0 {
				t.Errorf("deltas %v do not sum to zero", r.Result.Deltas)
			}
		})
	}
}

func TestAmericanLogs(t *testing.T) { runFamilyLogs(t, "american", "american", 20) }

func TestDeBurgerLogs(t *testing.T) { runFamilyLogs(t, "deburger", "deburger-2026", 3) }

// BenchmarkReplayAmerican replays a Mah Jongg by joker exchange with the sample card and the American
// settlement.
func BenchmarkReplayAmerican(b *testing.B) {
	lg := readLog(b, "testdata/logs/american/exchange-then-mahjong.yaml")
	deps := familyDeps(b, "american", nil)
	b.ReportAllocs()
	for b.Loop() {
		r := replay(b, lg, deps)
		if len(r.Result.Payments) == 0 {
			b.Fatal(r.Result)
		}
	}
}

// BenchmarkReplayAmericanCharleston replays a first Charleston and courtesy pass.
func BenchmarkReplayAmericanCharleston(b *testing.B) {
	lg := readLog(b, "testdata/logs/american/charleston.yaml")
	deps := familyDeps(b, "american", nil)
	b.ReportAllocs()
	for b.Loop() {
		if r := replay(b, lg, deps); !r.Legal() {
			b.Fatal(r.Illegal())
		}
	}
}

// BenchmarkReplayDeBurger replays a hand with a bird and scores all four players.
func BenchmarkReplayDeBurger(b *testing.B) {
	lg := readLog(b, "testdata/logs/deburger/every-player-scores.yaml")
	deps := familyDeps(b, "deburger-2026", nil)
	b.ReportAllocs()
	for b.Loop() {
		if r := replay(b, lg, deps); len(r.Points) != 4 {
			b.Fatal(r.Result)
		}
	}
}
