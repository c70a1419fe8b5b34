package cmd

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/words"
	"github.com/spf13/cobra"
)

// seatingOptions are the flags of mjref season seating.
type seatingOptions struct {
	IO      *IOStreams
	Output  string
	Players string
	Rounds  int
}

func newSeasonSeatingCmd(f *factory, runF func(*seatingOptions) error) *cobra.Command {
	o := &seatingOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "seating --players N|NAMES --rounds R",
		Short: "A seating schedule: tables of four over several rounds, with few repeat meetings",
		Long: `A seating schedule for a tournament or a club night of several rounds: each round the players sit
at tables of four (the first listed at a table sits East), and who shares a table with whom is
spread so that the most times any two players meet is as low as the search finds, never more than
one above the least any schedule of that size can do. When the players are not a multiple of four,
the ones over sit out a round in turn (the "out" row of the round), each player as often as any
other give or take one, rather than playing at a table of three: every table plays the same game
of four, and its results compare with the others'. 13 players make three tables and one sits out.

The schedule is found by a local search from a fixed seed: the same players and rounds always give
the same schedule. The reason: lines say what the least possible is and why (what counting
proves; a schedule one above it says so).`,
		Example: `  mjref season seating --players 12 --rounds 4
  mjref season seating --players 13 --rounds 3
  mjref season seating --players "Ann,Ben,Cat,Dan,Eve,Flo,Gus,Hal" --rounds 3 -o json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Output = f.Output
			return dispatch(cmd, f, o, runF, seatingRun)
		},
	}
	cmd.Flags().StringVar(&o.Players, "players", "", `how many players (12: named P1..P12), or their names: "Ann,Ben,Cat,Dan,..."`)
	cmd.Flags().IntVar(&o.Rounds, "rounds", 4, "how many rounds")
	return cmd
}

func seatingRun(_ context.Context, o *seatingOptions, _ *factory) error {
	opt := engine.SeatingOptions{Rounds: o.Rounds}
	switch n, err := strconv.Atoi(strings.TrimSpace(o.Players)); {
	case o.Players == "":
		return withHint(usageErrorf("--players: give how many players, or their names"), `--players 12, or --players "Ann,Ben,Cat,Dan,Eve,Flo,Gus,Hal"`)
	case err == nil:
		opt.Count = n
	default:
		for _, p := range strings.Split(o.Players, ",") {
			opt.Players = append(opt.Players, strings.TrimSpace(p))
		}
	}
	v, err := engine.Seating(opt)
	if err != nil {
		return err
	}
	if o.Output != FormatTable {
		return render(o.IO.Out, o.Output, v)
	}
	return renderSeating(o.IO.Out, &v)
}

func renderSeating(w io.Writer, v *engine.SeatingView) error {
	tables := 0
	if len(v.Rounds) > 0 {
		tables = len(v.Rounds[0].Tables)
	}
	fmt.Fprintf(w, "seating:  %s, %s, %s a round\n", words.Count(len(v.Players), "player"), words.Count(len(v.Rounds), "round"), words.Count(tables, "table"))
	var rows [][]string
	for _, r := range v.Rounds {
		for i, t := range r.Tables {
			round := ""
			if i == 0 {
				round = fmt.Sprint(r.Round)
			}
			rows = append(rows, []string{round, fmt.Sprint(i + 1), strings.Join(t, ", ")})
		}
		if len(r.SitOut) > 0 {
			rows = append(rows, []string{"", "out", strings.Join(r.SitOut, ", ")})
		}
	}
	if err := table(w, []string{"round", "table", "players (the first sits East)"}, rows); err != nil {
		return err
	}
	var counts []string
	for _, c := range v.Meetings {
		what := words.Count(c.Times, "time")
		switch c.Times {
		case 0:
			what = "never"
		case 1:
			what = "once"
		case 2:
			what = "twice"
		}
		counts = append(counts, fmt.Sprintf("%s %s", words.Count(c.Pairs, "pair"), what))
	}
	fmt.Fprintf(w, "meetings: %s; the most is %d (the least possible %d)\n", strings.Join(counts, ", "), v.MostMeetings, v.LeastPossible)
	for _, r := range v.Reason {
		fmt.Fprintf(w, "reason:   %s\n", r)
	}
	return nil
}
