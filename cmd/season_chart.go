package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/filewrite"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/ledger/chart"
	"github.com/spf13/cobra"
)

// seasonChartOptions are the flags of mjref season chart: the season's, and the picture's.
type seasonChartOptions struct {
	seasonOptions
	Out, Font string
}

func newSeasonChartCmd(f *factory, runF func(*seasonChartOptions) error) *cobra.Command {
	o := &seasonChartOptions{seasonOptions: seasonOptions{IO: f.IO}}
	cmd := &cobra.Command{
		Use:   "chart FILE... | DIR",
		Short: "Draw each player's net across the season: sparklines, or an SVG or PNG file (--out)",
		Long: `Each player's net after every evening of the season (counted as 'mjref season' counts it: every
ledger verified, --alias, --normalise and --skip-broken as there), drawn as a sparkline a player
(a space for an evening the player did not play), or with --out as an SVG or PNG picture, a line
a player, drawn as 'ledger chart' draws an evening (names in any script: --font, or a system CJK
font, or P1, P2, ... with a warning).`,
		Example: `  mjref season chart evenings/
  mjref season chart evenings/ --out season.png --font NotoSansCJK-Regular.ttc`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("season chart needs ledger files, or a directory of them\n\n%s", cmd.UsageString())
			}
			o.Paths, o.Output = args, f.Output
			return dispatch(cmd, f, o, runF, seasonChartRun)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&o.SkipBroken, "skip-broken", false, "leave out a ledger that does not verify instead of refusing the season")
	fl.StringArrayVar(&o.Aliases, "alias", nil, `NAME=PLAYER: the name NAME in a ledger is the player PLAYER`)
	fl.StringArrayVar(&o.Normalise, "normalise", nil, "FAMILY=RATE: one point of FAMILY's evenings counts RATE points of the other family's")
	fl.StringVar(&o.Out, "out", "", "write the chart to a file: .svg or .png (default: sparklines on the terminal)")
	fl.StringVar(&o.Font, "font", "", "a .ttf, .otf or .ttc font for the picture's text, for names the built-in font cannot draw")
	return cmd
}

func seasonChartRun(_ context.Context, o *seasonChartOptions, _ *factory) error {
	v, err := engine.Season(engine.SeasonOptions{Paths: o.Paths, SkipBroken: o.SkipBroken, Aliases: o.Aliases, Normalise: o.Normalise})
	for _, w := range v.Warnings {
		fmt.Fprintf(o.IO.ErrOut, "mjref: %s\n", w)
	}
	if err != nil {
		return err
	}
	cv := engine.NewSeasonChart(&v)
	if o.Out != "" {
		format := strings.TrimPrefix(strings.ToLower(filepath.Ext(o.Out)), ".")
		if format != chart.SVG && format != chart.PNG {
			return usageErrorf("--out %s: the file name must end in .svg or .png", o.Out)
		}
		lines := make([]chart.Line, len(cv.Series))
		for i, s := range cv.Series {
			lines[i] = chart.Line{Name: s.Player, Points: []chart.Point{{X: 0}}}
			for _, pt := range s.Points {
				lines[i].Points = append(lines[i].Points, chart.Point{X: float64(pt.Evening), Y: pt.Total})
			}
		}
		title := fmt.Sprintf("season: nets after %s (%s points)", words.Count(len(v.Evenings), "evening"), v.Unit)
		var warnings []string
		if err := filewrite.Write(o.Out, func(w io.Writer) (err error) {
			warnings, err = chart.DrawLines(w, format, title, "evening", "net", lines, chart.Options{Font: o.Font})
			return err
		}); err != nil {
			var fe *chart.FontError
			if errors.As(err, &fe) {
				return withHint(usageErrorf("%v", fe), "nothing was written; --font takes a TrueType or OpenType font file (.ttf, .otf or .ttc) that has the names' characters, such as NotoSansCJK-Regular.ttc")
			}
			return withHint(fmt.Errorf("--out %s: %w", o.Out, err), "nothing was written; free some space or choose another directory")
		}
		for _, w := range warnings {
			fmt.Fprintf(o.IO.ErrOut, "mjref: warning: %s\n", w)
			cv.Warnings = append(cv.Warnings, "warning: "+w)
		}
		cv.Out, cv.Format = o.Out, format
	}
	if o.Output != FormatTable {
		return render(o.IO.Out, o.Output, cv)
	}
	if o.Out != "" {
		fmt.Fprintf(o.IO.Out, "chart:    %s (%s, %s)\n", o.Out, words.Count(len(v.Evenings), "evening"), cv.Format)
		return nil
	}
	rows := make([]ledger.SparkRow, len(v.Standings))
	lo, hi := ledger.Amount(0), ledger.Amount(0)
	for i, p := range v.Standings {
		rows[i] = ledger.SparkRow{Name: p.Player, Total: p.Net, Values: make([]*ledger.Amount, len(v.Evenings))}
		for _, pt := range p.ByEvening {
			t := pt.Total
			rows[i].Values[pt.Evening-1] = &t
			lo, hi = min(lo, t), max(hi, t)
		}
	}
	_, err = io.WriteString(o.IO.Out, ledger.SparkRows(rows, lo, hi, len(v.Evenings) > 0))
	return err
}
