package cmd

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

func TestClaimFlags(t *testing.T) {
	type flags struct {
		Discarder, Tile, Claims string
		Hands                   []string
	}
	tests := []struct {
		name string
		args []string
		want flags
	}{
		{name: "the issue's example", args: []string{"--discarder", "W", "--tile", "5p", "--claims", "S win, N pong, E chow"},
			want: flags{Discarder: "W", Tile: "5p", Claims: "S win, N pong, E chow"}},
		{name: "hands repeat and keep their spaces", args: []string{"--discarder", "E", "--tile", "4p", "--claims", "W pong", "--hand", "W=44p [123m]", "--hand", "S=1m"},
			want: flags{Discarder: "E", Tile: "4p", Claims: "W pong", Hands: []string{"W=44p [123m]", "S=1m"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &factory{IO: &IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}}
			var got flags
			cmd := newClaimCmd(f, func(o *claimOptions) error {
				got = flags{Discarder: o.Discarder, Tile: o.Tile, Claims: o.Claims, Hands: o.Hands}
				return nil
			})
			cmd.SetArgs(tt.args)
			if err := cmd.Execute(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("options (-want +got):\n%s", diff)
			}
		})
	}
}

// claimJSON is mjref claim's JSON output.
type claimJSON struct {
	Clear   bool     `json:"clear"`
	Takers  []string `json:"takers"`
	Action  string   `json:"action"`
	Skipped []string `json:"skipped"`
	Rulings []struct {
		Seat    string `json:"seat"`
		Action  string `json:"action"`
		Verdict string `json:"verdict"`
		Rule    string `json:"rule"`
	} `json:"rulings"`
}

// TestClaimProperties checks mjref claim on random claims: the exit status says whether every claim
// is allowed; the tile goes to the best legal claim (a win, then a pong or kong, then a chow), to one
// seat under head bump; the skipped seats sit between the discarder and the taker.
func TestClaimProperties(t *testing.T) {
	seats := []string{"E", "S", "W", "N"}
	rank := map[string]int{"win": 3, "pong": 2, "kong": 2, "chow": 1}
	rapid.Check(t, func(rt *rapid.T) {
		d := rapid.IntRange(0, 3).Draw(rt, "discarder")
		tile := rapid.SampledFrom([]string{"5p", "1m", "9s", "3s", "7z", "1z"}).Draw(rt, "tile")
		n := rapid.IntRange(1, 4).Draw(rt, "claims")
		var parts []string
		for range n {
			s := rapid.SampledFrom(seats).Draw(rt, "seat")
			v := rapid.SampledFrom([]string{"win", "pong", "kong", "chow", "pass"}).Draw(rt, "verb")
			parts = append(parts, s+" "+v)
		}
		allWin := rapid.Bool().Draw(rt, "all")
		args := []string{"claim", "--discarder", seats[d], "--tile", tile, "--claims", strings.Join(parts, ", "), "-o", "json"}
		if allWin {
			args = append(args, "--set", "settlement.multiple_winners.as=all")
		}
		code, out, stderr := runCLI(args, "")
		if code != ExitOK && code != ExitNo {
			rt.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		var got claimJSON
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			rt.Fatalf("%v: %v: %s", args, err, out)
		}
		if len(got.Rulings) != n {
			rt.Fatalf("%d rulings for %d claims", len(got.Rulings), n)
		}
		clear, best := true, 0
		var legalSeats []string
		for _, r := range got.Rulings {
			if r.Verdict != "ok" {
				clear = false
				continue
			}
			if r.Action != "pass" {
				legalSeats = append(legalSeats, r.Seat)
				best = max(best, rank[r.Action])
			}
		}
		if got.Clear != clear || (code == ExitOK) != clear {
			rt.Fatalf("clear %v, exit %d, but every claim allowed: %v", got.Clear, code, clear)
		}
		switch {
		case best == 0 && len(got.Takers) != 0:
			rt.Fatalf("no legal claim, but %v take the tile", got.Takers)
		case best > 0 && rank[got.Action] != best:
			rt.Fatalf("the best legal claim ranks %d, but the tile goes to a %s", best, got.Action)
		case got.Action != "win" && len(got.Takers) > 1, !allWin && len(got.Takers) > 1:
			rt.Fatalf("%d takers of a %s", len(got.Takers), got.Action)
		}
		for _, s := range got.Takers {
			if !slices.Contains(legalSeats, s) {
				rt.Fatalf("%s takes the tile without a legal claim", s)
			}
			if s == seats[d] {
				rt.Fatalf("the discarder %s takes its own tile", s)
			}
		}
		if len(got.Takers) == 1 && got.Action != "win" {
			var want []string
			for s := (d + 1) % 4; seats[s] != got.Takers[0]; s = (s + 1) % 4 {
				want = append(want, seats[s])
			}
			if !slices.Equal(want, got.Skipped) {
				rt.Fatalf("skipped %v, want the seats between %s and %s: %v", got.Skipped, seats[d], got.Takers[0], want)
			}
		}
	})
}

// FuzzClaimFlags runs mjref claim on arbitrary flag values: it answers or refuses the input, and
// never fails as a bug.
func FuzzClaimFlags(f *testing.F) {
	f.Add("W", "5p", "S win, N pong, E chow", "")
	f.Add("E", "4p", "S chow 345p, W pong", "W=44p123m456s789s1z2z")
	f.Add("S", "5p", "N win", "N=123m456m789m99s46p")
	f.Add("E", "1f", "S pong", "")
	f.Add("N", "7z", ",,", "E=[555z] 12")
	f.Fuzz(func(t *testing.T, discarder, tile, claims, hand string) {
		args := []string{"claim", "--discarder", discarder, "--tile", tile, "--claims", claims}
		if hand != "" {
			args = append(args, "--hand", hand)
		}
		code, _, stderr := runCLI(args, "")
		if code != ExitOK && code != ExitNo && code != ExitInput {
			t.Fatalf("%q: exit %d: %s", args, code, stderr)
		}
	})
}

// FuzzRefereeLog runs mjref referee on arbitrary logs from standard input: it rules or refuses the
// log, and never fails as a bug.
func FuzzRefereeLog(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("..", "referee", "testdata", "logs", "*.*"))
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("ruleset: hk\nevents:\n  - E discard 3z\n  - S drw\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		code, _, stderr := runCLI([]string{"referee", "-"}, string(data))
		if code != ExitOK && code != ExitNo && code != ExitInput {
			t.Fatalf("exit %d: %s\nlog:\n%s", code, stderr, data)
		}
	})
}

func BenchmarkRefereeCommand(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "referee", "testdata", "logs", "responsibility.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	for _, format := range []string{FormatTable, FormatJSON} {
		b.Run(format, func(b *testing.B) {
			for b.Loop() {
				code := Run([]string{"referee", "-", "-o", format}, &IOStreams{In: bytes.NewReader(data), Out: io.Discard, ErrOut: io.Discard})
				if code != ExitOK {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

func BenchmarkClaimCommand(b *testing.B) {
	args := []string{"claim", "--discarder", "S", "--tile", "5p", "--claims", "N win, W win, E pong", "--hand", "N=123m456m789m99s46p", "--hand", "W=123s456s789s11z46p"}
	for b.Loop() {
		code := Run(args, &IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard})
		if code != ExitOK {
			b.Fatalf("exit %d", code)
		}
	}
}
