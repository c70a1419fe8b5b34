package referee

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
)

// logCase is a log under testdata/logs with the expectations written in its comments:
//
//	# source: where the rule comes from
//	# rules: multiple_wins=all dead_wall=2 tiles=136 missed_win_lock=true
//	# scorer-min: 5
//	# expect-illegal: EVENT RULE          (every illegal ruling must be listed)
//	# expect-ruling: EVENT SEAT VERDICT RULE
//	# expect-reason: EVENT TEXT           (some ruling of the event has TEXT in its reason)
//	# expect-outcome: win | draw | false-win | unfinished
//	# expect-winner: SEAT, expect-winners: SEAT SEAT
//	# expect-win: WINKIND, expect-discarder: SEAT, expect-last-tile: true, expect-seat-wind: SEAT
//	# expect-hand-contains: TEXT, expect-reason-result: TEXT
//	# expect-bad-input: MESSAGE          (the log cannot describe a real hand: nothing else is expected)
type logCase struct {
	source  string
	deps    Deps
	illegal []string
	checks  [][2]string // key, value
	// badInput is the exact error of a log that cannot describe a real hand.
	badInput string
}

func readLogCase(t *testing.T, path string) (*Log, logCase) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lc := logCase{deps: testDeps(), illegal: []string{}}
	for _, kv := range LogComments(data) {
		key, val := kv[0], kv[1]
		switch key {
		case "source":
			lc.source = val
		case "rules":
			for _, kv := range strings.Fields(val) {
				k, v, _ := strings.Cut(kv, "=")
				switch k {
				case "multiple_wins":
					lc.deps.Rules.MultipleWins = v
				case "dead_wall":
					lc.deps.Rules.DeadWall, _ = strconv.Atoi(v)
				case "tiles":
					lc.deps.Rules.Tiles, _ = strconv.Atoi(v)
				case "missed_win_lock":
					lc.deps.Rules.MissedWinLock = v == "true"
				default:
					t.Fatalf("%s: unknown rule %q", path, k)
				}
			}
		case "scorer-min":
			n, _ := strconv.Atoi(val)
			lc.deps.Score = fakeScorer(n)
		case "expect-illegal":
			lc.illegal = append(lc.illegal, val)
		case "expect-bad-input":
			lc.badInput = val
		default:
			if strings.HasPrefix(key, "expect-") {
				lc.checks = append(lc.checks, [2]string{key, val})
			}
		}
	}
	if lc.source == "" {
		t.Errorf("%s: no # source: line", path)
	}
	lg, err := ReadLog(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return lg, lc
}

func TestReplayLogs(t *testing.T) {
	paths, _ := filepath.Glob("testdata/logs/*.yaml")
	jsonl, _ := filepath.Glob("testdata/logs/*.jsonl")
	paths = append(paths, jsonl...)
	if len(paths) < 30 {
		t.Fatalf("found %d logs", len(paths))
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		t.Run(name, func(t *testing.T) {
			lg, lc := readLogCase(t, path)
			r, err := Replay(lg, lc.deps)
			switch {
			case lc.badInput == "" && err != nil:
				t.Fatalf("replay: %v", err)
			case lc.badInput != "":
				var le *LogError
				switch {
				case err == nil:
					t.Fatalf("replayed; want bad input %q\nrulings:\n%s", lc.badInput, rulingsText(r.Rulings))
				case !errors.As(err, &le) || le.Hint == "":
					t.Errorf("error %T %v: want a *LogError with a hint", err, err)
				case err.Error() != lc.badInput:
					t.Errorf("bad input:\n got %s\nwant %s", err, lc.badInput)
				}
				if len(lc.illegal)+len(lc.checks) > 0 {
					t.Errorf("a bad-input log expects nothing else")
				}
				return
			}
			got := []string{}
			for _, x := range r.Illegal() {
				got = append(got, fmt.Sprintf("%d %s", x.Event, x.Rule))
			}
			if diff := cmp.Diff(lc.illegal, got); diff != "" {
				t.Errorf("illegal rulings (-want +got):\n%s\nrulings:\n%s", diff, rulingsText(r.Rulings))
			}
			for _, c := range lc.checks {
				if msg := checkReport(&r, c[0], c[1]); msg != "" {
					t.Errorf("%s: %s\nrulings:\n%s\nresult: %+v", c[0], msg, rulingsText(r.Rulings), r.Result)
				}
			}
		})
	}
}

func rulingsText(rs []Ruling) string {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString("  " + r.String() + "\n")
	}
	return b.String()
}

func checkReport(r *Report, key, val string) string {
	res := &r.Result
	want := func(got string) string {
		if got != val {
			return fmt.Sprintf("got %q, want %q", got, val)
		}
		return ""
	}
	switch key {
	case "expect-outcome":
		return want(string(res.Outcome))
	case "expect-winner":
		return want(res.Winner.String())
	case "expect-winners":
		var ss []string
		for _, w := range res.Wins {
			ss = append(ss, w.Seat.String())
		}
		return want(strings.Join(ss, " "))
	case "expect-win", "expect-discarder", "expect-last-tile", "expect-seat-wind":
		if res.Context == nil {
			return "no context"
		}
		switch key {
		case "expect-win":
			return want(res.Context.Win.String())
		case "expect-discarder":
			return want(res.Context.Discarder.String())
		case "expect-seat-wind":
			return want(res.Context.Seat.String())
		}
		return want(strconv.FormatBool(res.Context.LastTile))
	case "expect-hand-contains":
		if !strings.Contains(res.Hand, val) {
			return fmt.Sprintf("hand %q lacks %q", res.Hand, val)
		}
	case "expect-reason-result":
		if !strings.Contains(res.Reason, val) {
			return fmt.Sprintf("reason %q lacks %q", res.Reason, val)
		}
	case "expect-ruling":
		f := strings.Fields(val)
		if len(f) != 4 {
			return "want EVENT SEAT VERDICT RULE"
		}
		ev, _ := strconv.Atoi(f[0])
		if !slices.ContainsFunc(r.Rulings, func(x Ruling) bool {
			return x.Event == ev && x.Seat.String() == f[1] && string(x.Verdict) == f[2] && x.Rule == f[3]
		}) {
			return "no such ruling"
		}
	case "expect-reason":
		evs, text, _ := strings.Cut(val, " ")
		ev, _ := strconv.Atoi(evs)
		if !slices.ContainsFunc(r.Rulings, func(x Ruling) bool { return x.Event == ev && strings.Contains(x.Reason, text) }) {
			return "no ruling of that event gives that reason"
		}
	default:
		return "unknown expectation"
	}
	return ""
}

var _ = notation.SeatEast
