package chart

import (
	"fmt"
	"io"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/mjref/mjref/referee/ledger"
)

// Line is one series of a chart drawn by DrawLines: a name and its points.
type Line struct {
	Name   string
	Points []Point
}

// Point is one value of a Line, at x.
type Point struct {
	X float64
	Y ledger.Amount
}

// DrawLines draws named lines (a season's cumulative nets, evening by evening) as an SVG or PNG
// picture the way Draw draws a ledger's running totals: the same fonts and fallbacks (a name the
// font cannot draw is drawn as P1, P2, ... with a warning), one line a name, its last value in the
// legend.
func DrawLines(w io.Writer, format, title, xLabel, yLabel string, lines []Line, o Options) (warnings []string, err error) {
	if format != SVG && format != PNG {
		return nil, fmt.Errorf("unknown chart format %q: expected svg or png", format)
	}
	people := make([]ledger.Person, len(lines))
	for i, l := range lines {
		people[i].Name = l.Name
	}
	names, face, warnings, err := chooseFont(&ledger.State{People: people}, o)
	if err != nil {
		return nil, err
	}
	p := plot.New()
	style(p, face)
	p.Title.Text = title
	p.Title.Padding = 3 * vg.Millimeter
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Add(plotter.NewGrid())
	for k, l := range lines {
		xys := make(plotter.XYs, len(l.Points))
		var last ledger.Amount
		for i, pt := range l.Points {
			xys[i] = plotter.XY{X: pt.X, Y: amountFloat(pt.Y)}
			last = pt.Y
		}
		line, err := plotter.NewLine(xys)
		if err != nil {
			return nil, err
		}
		line.Color = plotutil.Color(k)
		line.Width = vg.Points(1.5)
		line.Dashes = plotutil.Dashes(k)
		p.Add(line)
		p.Legend.Add(fmt.Sprintf("%s %s", names[k], last), line)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	p.X.Min = 0
	p.X.Tick.Marker = plainTicks{integer: true}
	p.Y.Tick.Marker = plainTicks{}
	if span := p.Y.Max - p.Y.Min; span > 0 {
		p.Y.Max += span / 3
	}
	return warnings, write(p, w, format)
}
