package settle_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
)

// TestYawnocEvenings plays yawnoc/mahjong-scorer's example evenings (testdata/yawnoc, copied with
// the standings its scorer writes; source: github.com/yawnoc/mahjong-scorer, MIT-0) under the
// built-in hk-table ruleset and compares every player's net with the scorer's. The evening's header
// becomes --set values: B the stake, M the cap, R the discard case, S the table, no minimum. The
// evenings hold self-draws, discards under 半銃 and 全銃, drawn games, a false win and 包自摸.
func TestYawnocEvenings(t *testing.T) {
	evenings, err := filepath.Glob("testdata/yawnoc/*.txt")
	if err != nil || len(evenings) != 3 {
		t.Fatalf("want the three evenings in testdata/yawnoc, got %v (%v)", evenings, err)
	}
	for _, path := range evenings {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ev := readEvening(t, path)
			rs, err := rulesets.Load("hk-table", ev.sets...)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			nets := make([]settle.Amount, len(ev.names))
			for i, g := range ev.games {
				res, err := settle.Settle(rs.Settlement, g)
				if err != nil {
					t.Fatalf("game %d: %v", i+1, err)
				}
				for s, d := range res.Deltas {
					nets[s] += d
				}
			}
			for i, n := range ev.names {
				got[n] = nets[i].String()
			}
			if diff := cmp.Diff(readStandings(t, path+".tsv"), got); diff != "" {
				t.Errorf("net scores under hk-table %v (-yawnoc +mjref):\n%s", ev.sets, diff)
			}
		})
	}
}

// evening is one yawnoc evening: the --set values its header asks for, the four players (as seats
// E, S, W, N in the order named) and every game as a settlement input.
type evening struct {
	sets  []string
	names []string
	games []settle.Input
}

// readEvening reads yawnoc's evening format: KEY=VALUE header lines, a line of four names, then a
// line a game with one result a player: the winner's faan, '-', 'd' (discarder), 'g' (guarantor of
// a self-draw, 包自摸) or 'f' (false winner). '#' starts a comment.
func readEvening(t *testing.T, path string) evening {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ev := evening{sets: []string{"hk.min_faan=0"}}
	sc := bufio.NewScanner(f)
	for line := 0; sc.Scan(); {
		line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(text)
		switch {
		case len(fields) == 0:
		case len(fields) == 1 && strings.Contains(fields[0], "="):
			k, v, _ := strings.Cut(fields[0], "=")
			key := map[string]string{"B": "settlement.stake", "M": "hk.cap", "R": "settlement.discard", "S": "settlement.table"}[k]
			if key == "" {
				t.Fatalf("%s:%d: unknown header %s", path, line, k)
			}
			if k == "S" {
				v += "-spicy"
			}
			ev.sets = append(ev.sets, key+"="+v)
		case len(fields) != 4:
			t.Fatalf("%s:%d: want four players, got %q", path, line, fields)
		case ev.names == nil:
			ev.names = fields
		default:
			ev.games = append(ev.games, yawnocGame(t, fmt.Sprintf("%s:%d", path, line), fields))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ev
}

func yawnocGame(t *testing.T, where string, results []string) settle.Input {
	in := settle.Input{Outcome: settle.Drawn, Kind: scoring.SelfDraw, Discarder: notation.NoSeat}
	responsible := notation.NoSeat
	var w *settle.Winner
	for i, r := range results {
		s := notation.Seat(i)
		switch r {
		case "-":
		case "d":
			in.Kind, in.Discarder = scoring.Discard, s
		case "g":
			responsible = s
		case "f":
			in.Outcome, in.Offender = settle.FalseWin, s
		default:
			faan, err := strconv.Atoi(r)
			if err != nil || w != nil {
				t.Fatalf("%s: result %q: want one winner's faan", where, r)
			}
			w = &settle.Winner{Seat: s, Faan: faan}
		}
	}
	if w != nil {
		w.Responsible = responsible
		in.Outcome, in.Winners = settle.Won, []settle.Winner{*w}
	}
	return in
}

// readStandings reads the net_score of every player (not the '*' total row) from a yawnoc .tsv.
func readStandings(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	col := slices.Index(strings.Split(lines[0], "\t"), "net_score")
	if col < 0 {
		t.Fatalf("%s: no net_score column", path)
	}
	out := map[string]string{}
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		if f[0] == "*" {
			continue
		}
		a, err := settle.ParseAmount(f[col])
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out[f[0]] = a.String()
	}
	return out
}
