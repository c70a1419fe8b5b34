// Package chart draws a ledger's running totals as an SVG or PNG picture with gonum/plot. It is
// apart from package ledger so that only the command that draws a chart links gonum.
package chart

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"

	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Picture formats.
const (
	SVG = "svg"
	PNG = "png"
)

// Draw draws each player's running total hand by hand as an SVG or PNG picture. (The text form, a
// sparkline a player, is ledger.Sparklines.)
func Draw(s *ledger.State, w io.Writer, format string) error {
	switch format {
	case SVG, PNG:
		p, err := plotTotals(s)
		if err != nil {
			return err
		}
		const width, height = 16 * vg.Centimeter, 10 * vg.Centimeter
		var c draw.Canvas
		var out io.WriterTo
		if format == SVG {
			sc := vgsvg.New(width, height)
			c, out = draw.New(sc), sc
		} else {
			pc := vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(144))}
			c, out = draw.New(pc), pc
		}
		p.Draw(c)
		_, err = out.WriteTo(w)
		return err
	}
	return fmt.Errorf("unknown chart format %q: expected svg or png", format)
}

// plotTotals builds the plot: one line a player, x the hand number (0 is the start), y the total.
func plotTotals(s *ledger.State) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: running totals after %d hands", s.Ruleset, len(s.History))
	p.X.Label.Text = "hand"
	p.Y.Label.Text = "total"
	p.Add(plotter.NewGrid())
	for i, name := range s.Players {
		xys := make(plotter.XYs, len(s.History)+1)
		for j, e := range s.History {
			xys[j+1] = plotter.XY{X: float64(j + 1), Y: amountFloat(e.Totals[i])}
		}
		l, err := plotter.NewLine(xys)
		if err != nil {
			return nil, err
		}
		l.Color = plotutil.Color(i)
		l.Width = vg.Points(1.5)
		l.Dashes = plotutil.Dashes(i)
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("%s %s", name, s.Totals[i]), l)
	}
	if s.Flow.Length.Kind == ledger.Target {
		t, err := plotter.NewLine(plotter.XYs{{X: 0, Y: amountFloat(s.Flow.Target)}, {X: float64(max(len(s.History), 1)), Y: amountFloat(s.Flow.Target)}})
		if err != nil {
			return nil, err
		}
		t.Color = color.Gray{Y: 128}
		t.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
		p.Add(t)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	p.X.Min = 0
	p.X.Tick.Marker = plainTicks{integer: true}
	p.Y.Tick.Marker = plainTicks{}
	// Leave the top quarter free for the legend.
	if span := p.Y.Max - p.Y.Min; span > 0 {
		p.Y.Max += span / 3
	}
	return p, nil
}

// plainTicks labels ticks without trailing zeros; integer keeps only whole numbers (hands).
type plainTicks struct{ integer bool }

// Ticks implements plot.Ticker.
func (pt plainTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	out := ticks[:0]
	for _, t := range ticks {
		if pt.integer && t.Value != math.Trunc(t.Value) {
			continue
		}
		if t.Label != "" {
			t.Label = strconv.FormatFloat(t.Value, 'f', -1, 64)
		}
		out = append(out, t)
	}
	return out
}

// amountFloat converts an amount for drawing only (never for sums).
func amountFloat(a ledger.Amount) float64 { return float64(a) / float64(settle.Unit) }
