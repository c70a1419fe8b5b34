package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/schema"
	"pgregory.net/rapid"
)

// settleFlags is the part of settleOptions that flag parsing fills.
type settleFlags struct {
	Hand, Faan, Value, Winners, Seat, Win, Discarder, Responsible, FalseWin, Mahjong string
	Limit, Drawn, Jokerless, Misnamed                                                bool
	Hands, Points, Totals                                                            []string
	Changed                                                                          []string
}

func TestSettleFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want settleFlags
	}{
		{
			name: "faan and seats",
			args: []string{"--faan", "6", "--winner", "S", "--discarder", "W"},
			want: settleFlags{Faan: "6", Winners: "S", Discarder: "W", Changed: []string{"discarder", "faan", "winner"}},
		},
		{
			name: "hand words are joined",
			args: []string{"[555z@E]", "[666z]", "[777z]", "123m", "9p+9p", "--seat", "N", "--win", "self-draw"},
			want: settleFlags{Hand: "[555z@E] [666z] [777z] 123m 9p+9p", Seat: "N", Win: "self-draw", Changed: []string{"seat", "win"}},
		},
		{
			name: "several claimants, a limit and a responsible seat",
			args: []string{"--winner", "S,N", "--limit", "--responsible", "E", "--discarder", "W"},
			want: settleFlags{Winners: "S,N", Limit: true, Responsible: "E", Discarder: "W", Changed: []string{"discarder", "limit", "responsible", "winner"}},
		},
		{
			name: "american flags",
			args: []string{"--value", "25", "--jokerless", "--misnamed", "--winner", "S", "--discarder", "W"},
			want: settleFlags{Value: "25", Jokerless: true, Misnamed: true, Winners: "S", Discarder: "W", Changed: []string{"discarder", "jokerless", "misnamed", "value", "winner"}},
		},
		{
			name: "drawn and false win",
			args: []string{"--drawn", "--false-win", "E"},
			want: settleFlags{Drawn: true, FalseWin: "E", Changed: []string{"drawn", "false-win"}},
		},
		{
			name: "deburger hands keep their commas, points and totals repeat",
			args: []string{"--hand", "E=123m,456m", "--hand", "S=11z", "--mahjong", "E", "--points", "E=1,S=2", "--points", "W=3", "--totals", "E=9000"},
			want: settleFlags{Hands: []string{"E=123m,456m", "S=11z"}, Mahjong: "E", Points: []string{"E=1,S=2", "W=3"}, Totals: []string{"E=9000"},
				Changed: []string{"hand", "mahjong", "points", "totals"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &factory{IO: &IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}}
			var got settleFlags
			cmd := newSettleCmd(f, func(o *settleOptions) error {
				got = settleFlags{Hand: o.Hand, Faan: o.Faan, Value: o.Value, Winners: o.Winners, Seat: o.Seat, Win: o.Win,
					Discarder: o.Discarder, Responsible: o.Responsible, FalseWin: o.FalseWin, Mahjong: o.Mahjong,
					Limit: o.Limit, Drawn: o.Drawn, Jokerless: o.Jokerless, Misnamed: o.Misnamed,
					Hands: o.Hands, Points: o.Points, Totals: o.Totals, Changed: o.Changed}
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

// settleJSON is the part of `mjref settle -o json` the tests read.
type settleJSON struct {
	Settled  bool
	Winners  []string
	Bumped   []string
	Payments []struct {
		From, To, Rule string
		Amount         settle.Amount
	}
	Deltas settle.Deltas
}

type payment struct {
	From, To, Amount, Rule string
}

// runSettle runs mjref settle with args and -o json, and returns the exit status and the result.
func runSettle(t interface{ Fatalf(string, ...any) }, args ...string) (int, settleJSON, string) {
	var out, errOut bytes.Buffer
	ios := &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut}
	code := Run(append([]string{"settle", "-o", "json"}, args...), ios)
	var res settleJSON
	if code == ExitOK {
		if err := json.Unmarshal(out.Bytes(), &res); err != nil {
			t.Fatalf("settle %v: %v\n%s", args, err, out.String())
		}
	}
	return code, res, errOut.String()
}

func TestSettleExamples(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	tests := []struct {
		name     string // source: issue 4 and issue 7 examples
		args     []string
		payments []payment
		deltas   string
	}{
		{
			name:     "issue 4: 3 faan self-draw",
			args:     []string{"--faan", "3", "--winner", "S", "--win", "self-draw"},
			payments: []payment{{"E", "S", "4", "self-draw"}, {"W", "S", "4", "self-draw"}, {"N", "S", "4", "self-draw"}},
			deltas:   "E -4, S +12, W -4, N -4",
		},
		{
			name:     "issue 4: 6 faan on a discard, full",
			args:     []string{"--faan", "6", "--winner", "S", "--discarder", "W"},
			payments: []payment{{"W", "S", "48", "discard/full"}},
			deltas:   "E 0, S +48, W -48, N 0",
		},
		{
			name:     "issue 4: 6 faan on a discard, half",
			args:     []string{"--faan", "6", "--winner", "S", "--discarder", "W", "--set", "settlement.discard=half"},
			payments: []payment{{"E", "S", "16", "discard/half"}, {"W", "S", "32", "discard/half"}, {"N", "S", "16", "discard/half"}},
			deltas:   "E -16, S +64, W -32, N -16",
		},
		{
			name:     "issue 4: big three dragons self-drawn, East fed the third",
			args:     []string{"[555z]", "[666z]", "[777z@E]", "123m", "9p+9p", "--seat", "N", "--win", "self-draw"},
			payments: []payment{{"E", "N", "192", "responsibility/big-three-dragons"}},
			deltas:   "E -192, S 0, W 0, N +192",
		},
		{
			name:     "issue 7: discard",
			args:     []string{"--rules", "american", "--value", "25", "--winner", "S", "--discarder", "W"},
			payments: []payment{{"E", "S", "25", "discard"}, {"W", "S", "50", "discard"}, {"N", "S", "25", "discard"}},
			deltas:   "E -25, S +100, W -50, N -25",
		},
		{
			name:     "issue 7: misnamed",
			args:     []string{"--rules", "american", "--value", "25", "--winner", "S", "--discarder", "W", "--misnamed"},
			payments: []payment{{"W", "S", "100", "misnamed"}},
			deltas:   "E 0, S +100, W -100, N 0",
		},
		{
			name:   "issue 7: wall game",
			args:   []string{"--rules", "american", "--wall"},
			deltas: "E 0, S 0, W 0, N 0",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, res, stderr := runSettle(t, tt.args...)
			if code != ExitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var got []payment
			for _, p := range res.Payments {
				got = append(got, payment{p.From, p.To, p.Amount.String(), p.Rule})
			}
			if diff := cmp.Diff(tt.payments, got); diff != "" {
				t.Errorf("payments (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.deltas, res.Deltas.String()); diff != "" {
				t.Errorf("deltas (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSettleZeroSum settles random Hong Kong outcomes through the command line: every settlement
// sums to zero, the deltas are the payments' sums, winners only collect and only losers pay.
func TestSettleZeroSum(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	seats := []string{"E", "S", "W", "N"}
	rapid.Check(t, func(t *rapid.T) {
		var args []string
		winners := rapid.SliceOfNDistinct(rapid.SampledFrom(seats), 1, 3, rapid.ID).Draw(t, "winners")
		selfDraw := len(winners) == 1 && rapid.Bool().Draw(t, "selfDraw")
		if selfDraw {
			args = append(args, "--win", "self-draw")
		} else {
			var others []string
			for _, s := range seats {
				if !strings.Contains(strings.Join(winners, ""), s) {
					others = append(others, s)
				}
			}
			args = append(args, "--discarder", rapid.SampledFrom(others).Draw(t, "discarder"))
			if rapid.Bool().Draw(t, "robbing") {
				args = append(args, "--win", "robbing-kong")
			}
		}
		if rapid.Bool().Draw(t, "limit") {
			args = append(args, "--limit")
		} else {
			args = append(args, "--faan", fmt.Sprint(rapid.IntRange(0, 20).Draw(t, "faan")))
		}
		if len(winners) == 1 && rapid.Bool().Draw(t, "responsible") {
			var others []string
			for _, s := range seats {
				if s != winners[0] {
					others = append(others, s)
				}
			}
			args = append(args, "--responsible", rapid.SampledFrom(others).Draw(t, "responsibleSeat"))
		}
		args = append(args, "--winner", strings.Join(winners, ","), "--set", "min_faan=0", // every row can be paid
			"--set", "settlement.stake="+rapid.SampledFrom([]string{"二五雞", "五一", "一二蚊", "0.25"}).Draw(t, "stake"),
			"--set", "settlement.discard="+rapid.SampledFrom([]string{"full", "half"}).Draw(t, "discard"),
			"--set", "settlement.table="+rapid.SampledFrom([]string{"half-spicy", "full-spicy", "bucket"}).Draw(t, "table"),
			"--set", "settlement.multiple_winners.as="+rapid.SampledFrom([]string{"head-bump", "all"}).Draw(t, "multiple"))
		code, res, stderr := runSettle(t, args...)
		if code != ExitOK {
			t.Fatalf("settle %v: exit %d: %s", args, code, stderr)
		}
		var sum settle.Amount
		var fromPayments settle.Deltas
		for _, p := range res.Payments {
			if p.Amount <= 0 {
				t.Fatalf("payment %+v is not positive", p)
			}
			if strings.Contains(strings.Join(res.Winners, ""), p.From) {
				t.Fatalf("winner %s pays: %+v", p.From, res.Payments)
			}
			if !strings.Contains(strings.Join(res.Winners, ""), p.To) {
				t.Fatalf("%s collects but did not win: %+v", p.To, res.Payments)
			}
			fromPayments[strings.Index("ESWN", p.From)] -= p.Amount
			fromPayments[strings.Index("ESWN", p.To)] += p.Amount
		}
		for _, d := range res.Deltas {
			sum += d
		}
		if sum != 0 {
			t.Fatalf("deltas %s sum to %s", res.Deltas, sum)
		}
		if diff := cmp.Diff(fromPayments, res.Deltas); diff != "" {
			t.Fatalf("deltas are not the payments' sums (-payments +deltas):\n%s", diff)
		}
	})
}

// BenchmarkSettle runs whole `mjref settle` commands, ruleset loading included.
func BenchmarkSettle(b *testing.B) {
	b.Setenv("XDG_CONFIG_HOME", b.TempDir())
	for _, bc := range []struct {
		name string
		args []string
	}{
		{"faan", []string{"--faan", "6", "--winner", "S", "--discarder", "W"}},
		{"hand", []string{"[555z]", "[666z]", "[777z@E]", "123m", "9p+9p", "--seat", "N", "--win", "self-draw"}},
		{"deburger", []string{"--rules", "deburger-2026", "--hand", "E=123m456m789p111z55s", "--hand", "S=123m456p777z99p5m8s",
			"--hand", "W=123m456p777z99p5m8s 3f*", "--hand", "N=11m55m99p22s33s11z7z", "--mahjong", "E", "--win", "self-draw"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if code, _, stderr := runSettle(b, bc.args...); code != ExitOK {
					b.Fatalf("exit %d: %s", code, stderr)
				}
			}
		})
	}
}

// A JSON request body (what a server receives) settles exactly as the command line's flags do:
// engine.Settle's document is the one `mjref settle -o jsonl` prints, and so are its errors.
func TestSettleRequestIsTheFlags(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	tests := []struct {
		rules string
		body  string
		args  []string
	}{
		{"hk", `{"faan": "6", "winner": "S", "discarder": "W"}`, []string{"--faan", "6", "--winner", "S", "--discarder", "W"}},
		{"hk", `{"faan": "5,3", "winner": "S,N", "discarder": "W"}`, []string{"--faan", "5,3", "--winner", "S,N", "--discarder", "W"}},
		{"hk", `{"hand": "[555z] [666z] [777z@E] 123m 9p+9p", "seat": "N", "win": "self-draw"}`, []string{"[555z] [666z] [777z@E] 123m 9p+9p", "--seat", "N", "--win", "self-draw"}},
		{"hk", `{"hand": "123m456p789s111z55z", "seat": "S", "prevailing": "S", "discarder": "W", "last_tile": true}`, []string{"123m456p789s111z55z", "--seat", "S", "--prevailing", "S", "--discarder", "W", "--last-tile"}},
		{"hk", `{"false_win": "E"}`, []string{"--false-win", "E"}},
		{"hk", `{"drawn": true}`, []string{"--drawn"}},
		{"american", `{"value": "25", "winner": "S", "discarder": "W", "misnamed": true}`, []string{"--value", "25", "--winner", "S", "--discarder", "W", "--misnamed"}},
		{"american", `{"hand": "NN 2026m SS 666p 666s", "seat": "S", "discarder": "W"}`, []string{"NN 2026m SS 666p 666s", "--seat", "S", "--discarder", "W"}},
		{"deburger-2026", `{"hands": ["E=123m456m789p111z55s", "S=123m456p777z99p5m8s", "W=123m456p777z99p5m8s 3f*", "N=11m55m99p22s33s11z7z"], "mahjong": "E", "win": "self-draw", "totals": ["E=8000,S=9000,W=500,N=0"]}`,
			[]string{"--hand", "E=123m456m789p111z55s", "--hand", "S=123m456p777z99p5m8s", "--hand", "W=123m456p777z99p5m8s 3f*", "--hand", "N=11m55m99p22s33s11z7z", "--mahjong", "E", "--win", "self-draw", "--totals", "E=8000,S=9000,W=500,N=0"}},
		// Refused as the flags are.
		{"hk", `{"value": "25", "winner": "S", "discarder": "W"}`, []string{"--value", "25", "--winner", "S", "--discarder", "W"}},
		{"deburger-2026", `{"winner": "S", "faan": "3"}`, []string{"--winner", "S", "--faan", "3"}},
		{"american", `{"prevailing": "S", "value": "25", "winner": "S", "discarder": "W"}`, []string{"--prevailing", "S", "--value", "25", "--winner", "S", "--discarder", "W"}},
	}
	for _, tt := range tests {
		t.Run(tt.rules+" "+tt.body, func(t *testing.T) {
			var req engine.SettleRequest
			dec := json.NewDecoder(strings.NewReader(tt.body))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&req); err != nil {
				t.Fatal(err)
			}
			e, err := engine.Open(tt.rules, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runCLI(append([]string{"settle", "--rules", tt.rules, "-o", "jsonl"}, tt.args...), "")
			s, err := e.Settle(req)
			if err != nil {
				want := schema.NewError(err, exitCode(err), family.HintOf(err))
				b, _ := json.Marshal(want)
				if code != ExitInput || errOut != string(b)+"\n" {
					t.Fatalf("engine: %v\nCLI: exit %d, %s", err, code, errOut)
				}
				return
			}
			b, err := schema.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(out, string(b)+"\n"); diff != "" {
				t.Errorf("engine document (-CLI +engine):\n%s", diff)
			}
			if wantCode := map[bool]int{true: ExitOK, false: ExitNo}[s.Positive()]; code != wantCode {
				t.Errorf("CLI exit %d, engine positive %v", code, s.Positive())
			}
		})
	}
}
