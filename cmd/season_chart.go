package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/asciitable"
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
font, or P1, P2, ... with a warning).

The sparklines fit the terminal's width (else COLUMNS, else 80 columns): a season of more evenings
than fit is drawn a run of evenings a column, at the player's net after the last of them they
played, and a columns: line says how many a column holds. --wide draws every evening a column.`,
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

func seasonChartRun(_ context.Context, o *seasonChartOptions, f *factory) error {
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
	width := o.IO.Width
	switch {
	case f != nil && f.Wide:
		width = 0 // every evening a column
	case width <= 0:
		width = 80
	}
	_, err = io.WriteString(o.IO.Out, seasonSparklines(&v, width))
	return err
}

// seasonSparklines draws each player's net after every evening as a sparkline, the lines width
// columns wide at most (0: no limit). A season of more evenings than the columns left beside the
// names and totals is bucketed: a column is a run of consecutive evenings, drawn at the player's
// net after the last of them they played (a space if they played none), and a line after the
// sparklines says how many evenings a column holds.
func seasonSparklines(v *engine.SeasonView, width int) string {
	n := len(v.Evenings)
	nameW, totalW := 0, 0
	for _, p := range v.Standings {
		nameW, totalW = max(nameW, asciitable.Width(p.Player)), max(totalW, len(p.Net.String()))
	}
	cols := n
	if width > 0 {
		cols = max(width-nameW-1-1-totalW, 8) // the name and a space, the sparkline, a space and the total
	}
	ends := ledger.SparkBuckets(n, cols)
	rows := make([]ledger.SparkRow, len(v.Standings))
	lo, hi := ledger.Amount(0), ledger.Amount(0)
	for i, p := range v.Standings {
		rows[i] = ledger.SparkRow{Name: p.Player, Total: p.Net, Values: make([]*ledger.Amount, len(ends))}
		c := 0
		for _, pt := range p.ByEvening { // in the order of the evenings
			for pt.Evening > ends[c] {
				c++
			}
			t := pt.Total
			rows[i].Values[c] = &t
			lo, hi = min(lo, t), max(hi, t)
		}
	}
	out := ledger.SparkRows(rows, lo, hi, n > 0)
	if len(ends) < n {
		least, most := n, 0
		from := 0
		for _, e := range ends {
			least, most = min(least, e-from), max(most, e-from)
			from = e
		}
		each := fmt.Sprintf("%d", least)
		if most > least {
			each = fmt.Sprintf("%d or %d", least, most)
		}
		out += fmt.Sprintf("columns:  %s in %d columns, %s a column (--wide: one each)\n", words.Count(n, "evening"), len(ends), each)
	}
	return out
}
