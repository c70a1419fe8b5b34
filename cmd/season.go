package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/spf13/cobra"
)

// seasonOptions are the flags of mjref season.
type seasonOptions struct {
	IO         *IOStreams
	Output     string
	Paths      []string
	SkipBroken bool
	Aliases    []string
	Normalise  []string
	Explain    string
	Placings   string
	CSV, Excel bool
}

const seasonLong = `The standings of a club's season: every ledger given (or every *.jsonl ledger in a directory
given) is one evening, and each player's evenings, hands, net, net per hand, wins, self-draws,
deal-ins, hands paid for under 包 (and what was paid in them), false wins, biggest hand (which
evening, which hand, its faan or value, what it took) and longest streaks (hands won in a row at one
evening, evenings in a row ended ahead and behind) are added up across them.

Every ledger is verified before it counts, as 'ledger verify' does: its chain of sums, its seqs, and
every payment recomputed from the recorded result under its ruleset. A ledger that does not verify
refuses the season (exit 2, naming it and the first line that does not fit), as 'ledger show'
refuses it; --skip-broken leaves it out, says so on stderr and lists it under left_out. One game
given twice (the same file, or a copy) is refused too.

Evenings are taken in the order their games began. Players are matched by name across evenings;
--alias "陳大文=Tai Man" counts the name 陳大文 as the player Tai Man. Nets are in the evenings' own
points: evenings of different families (hk and american) are refused unless --normalise says what
one point of a family counts in the other's (--normalise american=0.5).

Players with equal nets are ordered by net per hand, then by more wins, then by fewer deal-ins;
equal on all of these they share a rank. The ties: lines say which decided.

--explain PLAYER traces the player's net to every hand of every evening (source: lines, each the
hand's result, the change the ledger records for the player and what the season counts of it).
--csv (or --excel, with a byte order mark for Excel) writes the standings one row a player.

Exit status: 0 the season is counted; 2 bad input (a file that is not there, a ledger that does
not verify, families mixed without --normalise, a bad flag).`

func newSeasonCmd(f *factory, runF func(*seasonOptions) error) *cobra.Command {
	o := &seasonOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "season FILE... | DIR",
		Short: "A club's season: the standings across many evenings' ledgers",
		Long:  seasonLong,
		Example: `  mjref season evenings/
  mjref season 2026-01-09.jsonl 2026-01-16.jsonl --alias "陳大文=Tai Man"
  mjref season evenings/ --skip-broken --normalise american=0.5 --explain Ann
  mjref season evenings/ --excel > season.csv`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("season needs ledger files, or a directory of them\n\n%s", cmd.UsageString())
			}
			o.Paths, o.Output = args, f.Output
			return dispatch(cmd, f, o, runF, seasonRun)
		},
	}
	// The CSV is a file format, written exactly: the byte order mark of --excel and the names as
	// they are (made safe for a spreadsheet by engine.WriteSeasonCSV), not escaped for a terminal.
	cmd.Annotations = map[string]string{rawOutputFlags: "csv,excel"}
	fl := cmd.Flags()
	fl.BoolVar(&o.SkipBroken, "skip-broken", false, "leave out a ledger that does not verify (named on stderr and in left_out) instead of refusing the season")
	fl.StringArrayVar(&o.Aliases, "alias", nil, `NAME=PLAYER: the name NAME in a ledger is the player PLAYER ("陳大文=Tai Man"); repeat for more`)
	fl.StringArrayVar(&o.Normalise, "normalise", nil, "FAMILY=RATE: one point of FAMILY's evenings counts RATE points of the other family's (american=0.5); needed to add up evenings of several families")
	fl.StringVar(&o.Explain, "explain", "", "trace this player's net to every hand of every evening")
	fl.StringVar(&o.Placings, "placings", "", `tournament points for first place, second, ... at each evening ("4,2,1,0"): adds a points-per-game table, placed by the evening's net`)
	fl.BoolVar(&o.CSV, "csv", false, "write the standings as CSV, one row a player")
	fl.BoolVar(&o.Excel, "excel", false, "as --csv, starting with a UTF-8 byte order mark so Excel on Windows reads Chinese names")
	cmd.AddCommand(newSeasonSeatingCmd(f, nil), newSeasonChartCmd(f, nil))
	return cmd
}

func seasonRun(_ context.Context, o *seasonOptions, _ *factory) error {
	v, err := engine.Season(engine.SeasonOptions{Paths: o.Paths, SkipBroken: o.SkipBroken, Aliases: o.Aliases, Normalise: o.Normalise, Explain: o.Explain, Placings: o.Placings})
	for _, w := range v.Warnings {
		fmt.Fprintf(o.IO.ErrOut, "mjref: %s\n", w)
	}
	if err != nil {
		return err
	}
	if o.CSV || o.Excel {
		if o.Output != FormatTable {
			return usageErrorf("--csv and --excel write CSV: drop -o %s", o.Output)
		}
		return engine.WriteSeasonCSV(o.IO.Out, &v, o.Excel)
	}
	if o.Output != FormatTable {
		return render(o.IO.Out, o.Output, v)
	}
	return renderSeason(o.IO.Out, &v)
}

// renderSeason prints the season: the evenings, the standings, the records, the ties, and with
// --explain the trace.
func renderSeason(w io.Writer, v *engine.SeasonView) error {
	hands := 0
	for _, e := range v.Evenings {
		hands += e.Hands
	}
	fmt.Fprintf(w, "season:   %s, %s; nets in %s points", words.Count(len(v.Evenings), "evening"), words.Count(hands, "hand"), v.Unit)
	for _, r := range v.Rates {
		fmt.Fprintf(w, ", %s × %s", r.Family, r.Rate)
	}
	fmt.Fprintln(w)
	for _, l := range v.LeftOut {
		at := l.File
		if l.Line > 0 {
			at = fmt.Sprintf("%s:%d", l.File, l.Line)
		}
		fmt.Fprintf(w, "left out: %s: %s\n", at, l.Problem)
	}
	rows := make([][]string, 0, len(v.Evenings))
	for _, e := range v.Evenings {
		var notes []string
		if e.Rate != ledger.Whole(1) {
			notes = append(notes, "× "+e.Rate.String())
		}
		if e.Amended > 0 {
			notes = append(notes, words.Count(e.Amended, "hand")+" amended")
		}
		if e.SeatChanges > 0 {
			notes = append(notes, words.Count(e.SeatChanges, "seat change"))
		}
		if !e.PaymentsChecked {
			notes = append(notes, "payments not checked")
		}
		rows = append(rows, []string{fmt.Sprint(e.Number), e.File, e.Ruleset, fmt.Sprint(e.Hands), fmt.Sprint(len(e.Players)), strings.Join(notes, "; ")})
	}
	fmt.Fprintln(w, "evenings:")
	if err := table(w, []string{"#", "ledger", "ruleset", "hands", "players", "notes"}, rows); err != nil {
		return err
	}
	rows = rows[:0]
	play := make([][]string, 0, len(v.Standings))
	for _, p := range v.Standings {
		rows = append(rows, []string{fmt.Sprint(p.Rank), p.Player, fmt.Sprint(p.Evenings), fmt.Sprint(p.Hands), p.Net.String(), p.PerHand.String()})
		resp := fmt.Sprint(p.Responsible)
		if p.Responsible > 0 {
			resp += " (paid " + p.ResponsiblePaid.String() + ")"
		}
		play = append(play, []string{p.Player, fmt.Sprint(p.Wins), fmt.Sprint(p.SelfDraws), fmt.Sprint(p.DealIns), resp, fmt.Sprint(p.FalseWins)})
	}
	fmt.Fprintln(w, "standings:")
	if err := table(w, []string{"rank", "player", "evenings", "hands", "net", "per hand"}, rows); err != nil {
		return err
	}
	fmt.Fprintln(w, "play:")
	if err := table(w, []string{"player", "wins", "self-draws", "deal-ins", "包", "false wins"}, play); err != nil {
		return err
	}
	rows = rows[:0]
	for _, p := range v.Standings {
		best := "-"
		if b := p.Biggest; b != nil {
			best = fmt.Sprintf("+%s, #%d hand %d (%s)", b.Gain, b.Evening, b.Hand, worth(b))
		}
		streak := "-"
		if s := p.WinStreak; s != nil {
			streak = fmt.Sprintf("%d (#%d hand %d)", s.Hands, s.Evening, s.From)
			if s.To != s.From {
				streak = fmt.Sprintf("%d (#%d hands %d-%d)", s.Hands, s.Evening, s.From, s.To)
			}
		}
		name := p.Player
		if len(p.Names) > 0 {
			name += " (" + strings.Join(p.Names, ", ") + ")"
		}
		rows = append(rows, []string{name, best, streak, fmt.Sprintf("%d/%d", p.Plus, p.Evenings), fmt.Sprintf("+%d -%d", p.PlusRun, p.MinusRun)})
	}
	fmt.Fprintln(w, "records:")
	if err := table(w, []string{"player", "biggest hand", "won in a row", "ahead", "runs"}, rows); err != nil {
		return err
	}
	for _, t := range v.Ties {
		fmt.Fprintf(w, "tie:      %s\n", t)
	}
	if tt := v.Tournament; tt != nil {
		pts := make([]string, len(tt.Points))
		head := []string{"rank", "player", "games"}
		for i, p := range tt.Points {
			pts[i] = p.String()
			head = append(head, ordinal(i+1))
		}
		if tt.Basis == "uma" {
			fmt.Fprintln(w, "uma:      each evening's result after uma and oka, as the ledger's standings give it at its end")
			if len(tt.Standings) > 0 {
				for i := range tt.Standings[0].Places {
					head = append(head, ordinal(i+1))
				}
			}
		} else {
			fmt.Fprintf(w, "placings: points %s for each place at an evening (equal nets share their places' points)\n", strings.Join(pts, ", "))
		}
		head = append(head, "points", "per game")
		rows := make([][]string, 0, len(tt.Standings))
		for _, p := range tt.Standings {
			row := []string{fmt.Sprint(p.Rank), p.Player, fmt.Sprint(p.Games)}
			for _, c := range p.Places {
				row = append(row, fmt.Sprint(c))
			}
			rows = append(rows, append(row, p.Points.String(), p.PerGame.String()))
		}
		if err := table(w, head, rows); err != nil {
			return err
		}
	}
	if x := v.Explain; x != nil {
		renderSeasonExplain(w, x)
	}
	return nil
}

// worth is a hand's worth: "5 faan", "limit", "value 25", "3 han 30 fu", or "points" where every player scores.
func worth(b *engine.SeasonHand) string {
	switch {
	case b.Limit && b.Faan > 0:
		return fmt.Sprintf("limit, %d faan", b.Faan)
	case b.Limit:
		return "limit"
	case b.Faan > 0:
		return fmt.Sprintf("%d faan", b.Faan)
	case b.Value > 0:
		return fmt.Sprintf("value %d", b.Value)
	case b.Worth != "":
		return b.Worth // riichi: "3 han 30 fu", "a yakuman"
	}
	return "points"
}

// renderSeasonExplain prints the trace of one player's net: an evening line, then a source: line
// a hand (the season's running net after it), then the total.
func renderSeasonExplain(w io.Writer, x *engine.SeasonExplain) {
	fmt.Fprintf(w, "explain:  %s", x.Player)
	if len(x.Names) > 1 || len(x.Names) == 1 && x.Names[0] != x.Player {
		fmt.Fprintf(w, " (written %s)", strings.Join(x.Names, ", "))
	}
	fmt.Fprintln(w)
	var parts []string
	for _, e := range x.Evenings {
		fmt.Fprintf(w, "evening:  #%d %s: %s, %s in the ledger", e.Evening, e.File, e.Name, e.Total)
		if e.Rate != ledger.Whole(1) {
			fmt.Fprintf(w, ", × %s = %s", e.Rate, e.Counted)
		}
		fmt.Fprintln(w)
		for _, h := range e.Hands {
			amended := ""
			if h.Amended {
				amended = " [amended]"
			}
			counted := signed(h.Change)
			if e.Rate != ledger.Whole(1) {
				counted = fmt.Sprintf("%s × %s = %s", signed(h.Change), e.Rate, signed(h.Counted))
			}
			var paid []string
			for _, p := range h.Payments {
				what := "pays " + p.To
				if p.To == e.Name {
					what = "from " + p.From
				}
				rule := p.Rule
				if p.Detail != "" {
					rule += ": " + p.Detail
				}
				paid = append(paid, fmt.Sprintf("%s %s [%s]", what, p.Amount, rule))
			}
			if len(paid) > 0 {
				counted = strings.Join(paid, ", ") + " = " + counted
			}
			fmt.Fprintf(w, "source:   #%d hand %d: %s%s: %s; net %s\n", e.Evening, h.Hand, h.Result, amended, counted, h.Net)
		}
		parts = append(parts, signed(e.Counted))
	}
	fmt.Fprintf(w, "net:      %s = %s\n", strings.Join(parts, " "), x.Net)
}

// ordinal is 1st, 2nd, 3rd, 4th, ...
func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return fmt.Sprintf("%dth", n)
	case n%10 == 1:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}
