package ledger

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Chart formats.
const (
	ChartSVG  = "svg"
	ChartPNG  = "png"
	ChartText = "text"
)

// Chart draws each player's running total hand by hand: as an SVG or PNG picture (gonum plot), or
// as text for a terminal (a sparkline a player, no colours).
func Chart(s *State, w io.Writer, format string) error {
	switch format {
	case ChartSVG, ChartPNG:
		p, err := plotTotals(s)
		if err != nil {
			return err
		}
		const width, height = 16 * vg.Centimeter, 10 * vg.Centimeter
		var c draw.Canvas
		var out io.WriterTo
		if format == ChartSVG {
			sc := vgsvg.New(width, height)
			c, out = draw.New(sc), sc
		} else {
			pc := vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(144))}
			c, out = draw.New(pc), pc
		}
		p.Draw(c)
		_, err = out.WriteTo(w)
		return err
	case ChartText:
		_, err := io.WriteString(w, Sparklines(s, 60))
		return err
	}
	return fmt.Errorf("unknown chart format %q: expected svg, png or text", format)
}

// plotTotals builds the plot: one line a player, x the hand number (0 is the start), y the total.
func plotTotals(s *State) (*plot.Plot, error) {
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
	if s.Flow.Length.Kind == Target {
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
func amountFloat(a Amount) float64 { return float64(a) / float64(amountScale) }

var sparks = []rune("▁▂▃▄▅▆▇█")

// Sparklines renders each player's running total as a line of block characters, at most width
// hands wide (longer games are sampled evenly, always keeping the last hand), with the total.
func Sparklines(s *State, width int) string {
	n := len(s.History)
	idx := make([]int, 0, min(n, max(width, 1)))
	if n <= width || width < 1 {
		for j := range n {
			idx = append(idx, j)
		}
	} else {
		for k := range width {
			idx = append(idx, (k+1)*n/width-1)
		}
	}
	lo, hi := Amount(0), Amount(0)
	for _, e := range s.History {
		for _, t := range e.Totals {
			lo, hi = min(lo, t), max(hi, t)
		}
	}
	nameW := 0
	for _, p := range s.Players {
		nameW = max(nameW, utf8.RuneCountInString(p))
	}
	var b strings.Builder
	for i, p := range s.Players {
		b.WriteString(p)
		b.WriteString(strings.Repeat(" ", nameW-utf8.RuneCountInString(p)+1))
		for _, j := range idx {
			t := s.History[j].Totals[i]
			k := 0
			if hi > lo {
				k = int(int64(t-lo) * int64(len(sparks)-1) / int64(hi-lo))
			}
			b.WriteRune(sparks[k])
		}
		if n > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.Totals[i].String())
		b.WriteByte('\n')
	}
	return b.String()
}
