package chart

import (
	"fmt"
	"io"

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
	names := make([]string, len(lines))
	for i, l := range lines {
		names[i] = l.Name
	}
	labels, f, warnings, err := chooseFont(names, o)
	if err != nil {
		return nil, err
	}
	fig := &figure{title: title, xLabel: xLabel, yLabel: yLabel, integerX: true}
	for k, l := range lines {
		pts := make([]xy, len(l.Points))
		var last ledger.Amount
		for i, pt := range l.Points {
			pts[i] = xy{x: pt.X, y: amountFloat(pt.Y)}
			last = pt.Y
		}
		fig.series = append(fig.series, series{legend: fmt.Sprintf("%s %s", labels[k], last), points: pts, style: playerStyle(k)})
	}
	return warnings, fig.write(w, format, f)
}
