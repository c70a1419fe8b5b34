package referee_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"github.com/mjref/mjref/family/hongkong"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
)

// hkDeps wires the real Hong Kong scorer (the built-in hk ruleset) and the settlement fixture of the
// settle package (full 全銃, half-spicy, 包 for big three dragons, big four winds and four kongs).
func hkDeps(t testing.TB) referee.Deps {
	t.Helper()
	rs, err := rulesets.Load("hk")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("settle/testdata/hk-settlement.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Settlement *settle.Rules `yaml:"settlement"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if err := doc.Settlement.Validate(); err != nil {
		t.Fatal(err)
	}
	return referee.HK(hongkong.Rules(rs), doc.Settlement, nil)
}

// replay replays a log that describes a real hand.
func replay(t testing.TB, lg *referee.Log, deps referee.Deps) referee.Report {
	t.Helper()
	r, err := referee.Replay(lg, deps)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	return r
}

// checkBadInput checks the error of a replay against want, the exact message of a log that cannot
// describe a real hand ("" for a log that can), and reports whether the replay is to be checked
// further. A bad-input case expects nothing else (others counts its other expectations).
func checkBadInput(t *testing.T, err error, want string, others int) bool {
	t.Helper()
	var le *referee.LogError
	switch {
	case want == "" && err != nil:
		t.Fatalf("replay: %v", err)
	case want == "":
		return true
	case err == nil:
		t.Fatalf("replayed; want bad input %q", want)
	case !errors.As(err, &le):
		t.Fatalf("error %T %v, want a *referee.LogError", err, err)
	case err.Error() != want:
		t.Errorf("bad input:\n got %s\nwant %s", err, want)
	case le.Hint == "":
		t.Errorf("bad input %q has no hint", err)
	}
	if others > 0 {
		t.Errorf("a bad-input log expects nothing else (%d other expectations)", others)
	}
	return false
}

func readLog(t testing.TB, path string) *referee.Log {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lg, err := referee.ReadLog(b)
	if err != nil {
		t.Fatal(err)
	}
	return lg
}

func TestHKResponsibility(t *testing.T) {
	// E fed the first and the third dragon pong, S the second: the third makes E liable (大三元包),
	// which the hand's marks alone could not tell.
	r := replay(t, readLog(t, "testdata/logs/responsibility.yaml"), hkDeps(t))
	if !r.Legal() {
		t.Fatalf("illegal rulings: %v", r.Illegal())
	}
	res := r.Result
	if res.Outcome != referee.OutcomeWin || res.Winner != notation.SeatWest {
		t.Fatalf("result %+v", res)
	}
	var from []notation.Seat
	for _, p := range res.Payments {
		from = append(from, p.From)
	}
	if diff := cmp.Diff([]notation.Seat{notation.SeatEast}, from); diff != "" {
		t.Errorf("payers (-want +got):\n%s\npayments: %v", diff, res.Payments)
	}
	ids := map[string]bool{}
	for _, it := range res.Items {
		ids[it.ID] = true
	}
	if !ids["big-dragons"] {
		t.Errorf("items %v lack the big three dragons", res.Items)
	}
	if res.Deltas[notation.SeatEast] >= 0 || res.Deltas[notation.SeatWest] <= 0 {
		t.Errorf("deltas %v", res.Deltas)
	}
}

func TestHKThirteenOrphansRobsConcealedKong(t *testing.T) {
	r := replay(t, readLog(t, "testdata/logs/rob-concealed-kong-thirteen-orphans.yaml"), hkDeps(t))
	if !r.Legal() {
		t.Fatalf("illegal rulings: %v", r.Illegal())
	}
	if got := r.Result; got.Outcome != referee.OutcomeWin || !got.Limit || got.Context.Win != scoring.RobbingKong {
		t.Fatalf("result %+v", got)
	}
	for _, p := range r.Result.Payments {
		if p.From != notation.SeatNorth {
			t.Errorf("payment %v: the konger pays a robbed kong", p)
		}
	}
}

func TestHKFalseWinPenalty(t *testing.T) {
	r := replay(t, readLog(t, "testdata/logs/false-win.yaml"), hkDeps(t))
	if r.Result.Outcome != referee.OutcomeFalseWin || r.Result.Offender != notation.SeatNorth {
		t.Fatalf("result %+v\n%v", r.Result, r.Rulings)
	}
	if len(r.Result.Payments) != 3 {
		t.Errorf("payments %v: the offender pays each other player", r.Result.Payments)
	}
}

// TestHKLogsRun replays every test log with the real scorer and settlement: no log may break the
// replay, and every settled hand sums to zero.
func TestHKLogsRun(t *testing.T) {
	deps := hkDeps(t)
	paths, _ := filepath.Glob("testdata/logs/*.yaml")
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			r, err := referee.Replay(readLog(t, p), deps)
			if err != nil {
				return // bad input: TestReplayLogs checks its error
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

// BenchmarkReplayHK replays the 25-event big-three-dragons hand with the real scorer and settlement.
func BenchmarkReplayHK(b *testing.B) {
	lg := readLog(b, "testdata/logs/responsibility.yaml")
	deps := hkDeps(b)
	b.ReportAllocs()
	for b.Loop() {
		r := replay(b, lg, deps)
		if len(r.Result.Payments) == 0 {
			b.Fatal(r.Result)
		}
	}
}

func TestResultString(t *testing.T) {
	r := replay(t, readLog(t, "testdata/logs/responsibility.yaml"), hkDeps(t))
	lines := strings.Split(r.Result.String(), "\n")
	// The payment's detail is the settlement's own text; only its start is ours to check.
	got := []string{lines[0], strings.SplitN(lines[1], " (", 2)[0], lines[2]}
	want := []string{"W wins (self-draw): 10 = big-dragons 8 + self-draw 1 + no-flowers 1", "E pays W 192", "E -192, S 0, W +192, N 0"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestHKOutcomes replays logs with the real Hong Kong scorer and settlement.
func TestHKOutcomes(t *testing.T) {
	tests := []struct {
		log      string
		outcome  referee.Outcome
		winner   notation.Seat
		limit    bool
		payments int
	}{
		{"heavenly", referee.OutcomeWin, notation.SeatEast, true, 3},
		{"eight-flowers", referee.OutcomeWin, notation.SeatNorth, false, 3},
		{"seven-flowers", referee.OutcomeWin, notation.SeatSouth, false, 1}, // the player who laid out the eighth pays alone
		{"rob-concealed-kong-thirteen-orphans", referee.OutcomeWin, notation.SeatEast, true, 1},
		{"kong-on-kong", referee.OutcomeWin, notation.SeatSouth, false, 3},
		{"false-win", referee.OutcomeFalseWin, notation.NoSeat, false, 3},
		{"wall-runs-out", referee.OutcomeDraw, notation.NoSeat, false, 0},
	}
	deps := hkDeps(t)
	for _, tt := range tests {
		t.Run(tt.log, func(t *testing.T) {
			r := replay(t, readLog(t, "testdata/logs/"+tt.log+".yaml"), deps)
			res := r.Result
			got := []any{res.Outcome, res.Winner, res.Limit, len(res.Payments)}
			want := []any{tt.outcome, tt.winner, tt.limit, tt.payments}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("outcome, winner, limit, payments (-want +got):\n%s\n%s\n%v", diff, res, r.Rulings)
			}
		})
	}
}

func TestHKDeps(t *testing.T) {
	rs, err := rulesets.Load("hk")
	if err != nil {
		t.Fatal(err)
	}
	h := *hongkong.Rules(rs)
	h.Flowers = false
	st := &settle.Rules{MultipleWinners: settle.MultipleWinnersRule{As: settle.AllWin}}
	d := referee.HK(&h, st, nil)
	got := []any{d.Rules.Tiles, d.Rules.MultipleWins, d.Score != nil, d.Settle != nil}
	want := []any{136, "all", true, true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	none := referee.HK(nil, nil, nil)
	if none.Score != nil || none.Settle != nil || !cmp.Equal(none.Rules, gamerules.Referee{}) {
		t.Errorf("HK(nil, nil) = %+v", none)
	}
}

// TestHKHumanHand replays a non-dealer's win on a discard before their first draw at a table that
// pays a human hand (人糊, limit); once anybody has claimed, such a win is a plain discard win.
func TestHKHumanHand(t *testing.T) {
	rs, err := rulesets.Load("hk", "items.human-hand.value=limit")
	if err != nil {
		t.Fatal(err)
	}
	deps := referee.HK(hongkong.Rules(rs), rs.Settlement, rs.Referee)
	r := replay(t, readLog(t, "testdata/logs/human-hand.yaml"), deps)
	res := r.Result
	if res.Context == nil {
		t.Fatalf("no context: %v\n%v", res, r.Rulings)
	}
	got := []any{res.Outcome, res.Winner, res.Context.Win, res.Limit, res.Total}
	want := []any{referee.OutcomeWin, notation.SeatWest, scoring.Human, true, 10}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("outcome, winner, win, limit, total (-want +got):\n%s\n%s", diff, res)
	}
	// After a claim the same kind of win is an ordinary discard win.
	r = replay(t, readLog(t, "testdata/logs/human-hand-after-claim.yaml"), deps)
	if c := r.Result.Context; c == nil || c.Win == scoring.Human {
		t.Errorf("a win after a claim replayed as a human hand: %v", r.Result)
	}
}
