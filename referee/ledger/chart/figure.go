package chart

import (
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
)

// A figure is what a chart shows, before it is laid out: lines with a legend, marks, a title and
// the axes' names.
type figure struct {
	title, xLabel, yLabel string
	series                []series // drawn in order, each named in the legend
	marks                 []mark   // vertical lines across the data, labelled at the foot
	integerX              bool     // x counts hands or evenings: whole-number ticks only
}

type series struct {
	legend string
	points []xy
	style  lineStyle
}

type mark struct {
	x     float64
	label string
}

type xy struct{ x, y float64 }

// lineStyle is how a line is stroked; widths and dashes are in points.
type lineStyle struct {
	color  color.RGBA
	width  float64
	dashes []float64
}

// The players' colours and dash patterns (gonum/plot's soft palette, which the charts used
// before): a line tells itself apart by its dashes too, for a reader who cannot tell the colours.
var (
	palette = [...]color.RGBA{
		{241, 90, 96, 255}, {122, 195, 106, 255}, {90, 155, 212, 255}, {250, 167, 91, 255},
		{158, 103, 171, 255}, {206, 112, 88, 255}, {215, 127, 180, 255},
	}
	dashPatterns = [...][]float64{
		nil, {6, 2}, {2, 2}, {1, 1}, {5, 2, 1, 2}, {10, 2, 2, 2, 2, 2, 2, 2}, {10, 2, 2, 2}, {5, 2, 5, 2, 2, 2, 2, 2},
	}
	targetStyle = lineStyle{color: gray(128), width: 1, dashes: []float64{2, 2}}
	markStyle   = lineStyle{color: gray(170), width: 1, dashes: []float64{1, 3}}
	gridStyle   = lineStyle{color: gray(200), width: 0.5}
	axisStyle   = lineStyle{color: gray(0), width: 0.5}
	black       = gray(0)
)

func gray(y uint8) color.RGBA { return color.RGBA{y, y, y, 255} }

func playerStyle(k int) lineStyle {
	return lineStyle{color: palette[k%len(palette)], width: 1.5, dashes: dashPatterns[k%len(dashPatterns)]}
}

// The page: 16 × 10 cm, in points (a PNG has 2 pixels a point: 144 dpi).
const (
	pageWidth  = 16 / 2.54 * 72
	pageHeight = 10 / 2.54 * 72
	margin     = 4 / 25.4 * 72 // all round, so the title and labels do not touch the edges
	titleSize  = 12
	labelSize  = 12 // the axes' names and the legend
	tickSize   = 10 // tick numbers and mark labels
	majorTick  = 8
	minorTick  = 4
	gap        = 3
)

// layout is a figure placed on the page: every line, box and text to draw, in the order drawn, in
// points from the top left.
type layout struct {
	ops []op
}

// op is one thing drawn: a line, a box or a text.
type op struct {
	line *placedLine
	box  *placedBox
	text *placedText
}

// placedBox is a filled rectangle (behind the legend, so that the lines under it do not cross its
// text).
type placedBox struct {
	x0, y0, x1, y1 float64
	color          color.NRGBA // its alpha is how much it hides
}

type placedLine struct {
	points []xy
	style  lineStyle
}

type placedText struct {
	x, y   float64 // the baseline's anchor point
	size   float64
	anchor int // anchorStart, anchorMiddle or anchorEnd
	rotate bool
	text   string
	color  color.RGBA
}

const (
	anchorStart = iota
	anchorMiddle
	anchorEnd
)

// write lays the figure out and writes it in format.
func (fig *figure) write(w io.Writer, format string, f *face) error {
	l := fig.layout(f)
	if format == SVG {
		return l.writeSVG(w, f)
	}
	return l.writePNG(w, f)
}

// layout places the figure: the title on top, the axes' names and numbers left and below, the
// data in the rest, the legend in its top left corner (a third is added above the data for it).
func (fig *figure) layout(f *face) *layout {
	// The data's range: x from 0, y over every line.
	x0, x1 := 0.0, math.Inf(-1)
	y0, y1 := math.Inf(1), math.Inf(-1)
	for _, s := range fig.series {
		for _, p := range s.points {
			x0, x1 = min(x0, p.x), max(x1, p.x)
			y0, y1 = min(y0, p.y), max(y1, p.y)
		}
	}
	if math.IsInf(x1, 0) { // no line at all
		x1, y0, y1 = 1, 0, 0
	}
	if x1 <= x0 {
		x1 = x0 + 1
	}
	markTop := y1
	if span := y1 - y0; span > 0 {
		y1 += span / 3 // the legend's room
	} else {
		y0, y1 = y0-1, y1+1
		markTop = y1
	}
	xMajor, xMinor := ticks(x0, x1, fig.integerX)
	yMajor, yMinor := ticks(y0, y1, false)

	l := &layout{}
	// Where the data goes.
	top := margin + titleSize*1.2 + 3/25.4*72
	bottom := pageHeight - margin - labelSize*1.25 - gap - tickSize*1.2 - gap - majorTick
	yNumbers := 0.0
	for _, t := range yMajor {
		yNumbers = max(yNumbers, f.width(t.label, tickSize))
	}
	left := margin + labelSize*1.2 + gap + yNumbers + gap + majorTick
	right := pageWidth - margin
	if n := len(xMajor); n > 0 && xMajor[n-1].value == x1 {
		right -= f.width(xMajor[n-1].label, tickSize) / 2
	}
	px := func(x float64) float64 { return left + (x-x0)/(x1-x0)*(right-left) }
	py := func(y float64) float64 { return bottom - (y-y0)/(y1-y0)*(bottom-top) }

	// The title, and the axes' names.
	l.text(pageWidth/2, margin+titleSize*0.9, titleSize, anchorMiddle, fig.title)
	l.text((left+right)/2, pageHeight-margin-labelSize*0.25, labelSize, anchorMiddle, fig.xLabel)
	l.ops = append(l.ops, op{text: &placedText{x: margin + labelSize*0.9, y: (top + bottom) / 2, size: labelSize, anchor: anchorMiddle, rotate: true, text: fig.yLabel, color: black}})

	// The grid, the axes with their ticks, and the ticks' numbers (each kind together: one path
	// in an SVG).
	for _, t := range xMajor {
		l.line(gridStyle, xy{px(t.value), top}, xy{px(t.value), bottom})
	}
	for _, t := range yMajor {
		l.line(gridStyle, xy{left, py(t.value)}, xy{right, py(t.value)})
	}
	l.line(axisStyle, xy{left, top}, xy{left, bottom}, xy{right, bottom})
	for _, t := range xMajor {
		l.line(axisStyle, xy{px(t.value), bottom}, xy{px(t.value), bottom + majorTick})
	}
	for _, v := range xMinor {
		l.line(axisStyle, xy{px(v), bottom}, xy{px(v), bottom + minorTick})
	}
	for _, t := range yMajor {
		l.line(axisStyle, xy{left - majorTick, py(t.value)}, xy{left, py(t.value)})
	}
	for _, v := range yMinor {
		l.line(axisStyle, xy{left - minorTick, py(v)}, xy{left, py(v)})
	}
	for _, t := range xMajor {
		l.text(px(t.value), bottom+majorTick+gap+tickSize*0.9, tickSize, anchorMiddle, t.label)
	}
	for _, t := range yMajor {
		l.text(left-majorTick-gap, py(t.value)+tickSize*0.35, tickSize, anchorEnd, t.label)
	}

	// The round marks under the lines, labelled at their foot.
	for _, m := range fig.marks {
		x := px(m.x)
		l.line(markStyle, xy{x, py(y0)}, xy{x, py(markTop)})
		l.text(x+1, py(y0)-gap, tickSize, anchorStart, m.label)
	}
	// The lines.
	for _, s := range fig.series {
		pts := make([]xy, len(s.points))
		for i, p := range s.points {
			pts[i] = xy{px(p.x), py(p.y)}
		}
		l.ops = append(l.ops, op{line: &placedLine{points: pts, style: s.style}})
	}
	// The legend: a sample of each line and its name, on a veil that keeps the lines under it from
	// crossing the names.
	const thumb = 20
	row := labelSize * 1.15
	if len(fig.series) > 0 {
		wide := 0.0
		for _, s := range fig.series {
			wide = max(wide, f.width(s.legend, labelSize))
		}
		l.ops = append(l.ops, op{box: &placedBox{
			x0: left + 1, y0: top + 1,
			x1: min(left+gap+thumb+labelSize*0.5+wide+gap, right), y1: top + gap + row*float64(len(fig.series)) + gap,
			color: color.NRGBA{255, 255, 255, 204},
		}})
	}
	for i, s := range fig.series {
		y := top + gap + row*float64(i) + row/2
		x := left + gap
		l.line(s.style, xy{x, y}, xy{x + thumb, y})
		l.text(x+thumb+labelSize*0.5, y+labelSize*0.35, labelSize, anchorStart, s.legend)
	}
	return l
}

func (l *layout) line(st lineStyle, pts ...xy) {
	l.ops = append(l.ops, op{line: &placedLine{points: pts, style: st}})
}

func (l *layout) text(x, y, size float64, anchor int, s string) {
	if s != "" {
		l.ops = append(l.ops, op{text: &placedText{x: x, y: y, size: size, anchor: anchor, text: s, color: black}})
	}
}

// tick is a labelled tick.
type tick struct {
	value float64
	label string
}

// ticks chooses about four labelled ticks between lo and hi at a round step (1, 2, 2.5 or 5 times
// a power of ten), with unlabelled ticks between; integer keeps only whole numbers.
func ticks(lo, hi float64, integer bool) (major []tick, minor []float64) {
	span := hi - lo
	if !(span > 0) || math.IsInf(span, 0) {
		return nil, nil
	}
	mag := math.Pow(10, math.Floor(math.Log10(span)))
	best, bestStep, bestMinor := math.Inf(1), 0.0, 0.0
	for _, m := range []float64{mag / 10, mag, mag * 10} {
		for _, c := range []struct{ step, minor float64 }{{1, 5}, {2, 2}, {2.5, 5}, {5, 5}} {
			step := c.step * m
			if integer && step != math.Trunc(step) {
				continue
			}
			n := math.Floor(hi/step+1e-9) - math.Ceil(lo/step-1e-9) + 1
			score := math.Abs(n - 4)
			if c.step == 2.5 {
				score += 0.5 // less round
			}
			if score < best {
				best, bestStep, bestMinor = score, step, step/c.minor
			}
		}
	}
	if bestStep == 0 {
		return nil, nil
	}
	decimals := max(0, int(math.Ceil(-math.Log10(bestStep)-1e-9))+1)
	for i := math.Ceil(lo/bestStep - 1e-9); i*bestStep <= hi+bestStep*1e-9; i++ {
		major = append(major, tick{value: i * bestStep, label: plain(i*bestStep, decimals)})
	}
	if integer && bestMinor != math.Trunc(bestMinor) {
		bestMinor = 1
		if bestStep == 1 {
			return major, nil
		}
	}
	for i := math.Ceil(lo/bestMinor - 1e-9); i*bestMinor <= hi+bestMinor*1e-9; i++ {
		v := i * bestMinor
		if r := math.Remainder(v, bestStep); math.Abs(r) > bestMinor/2 {
			minor = append(minor, v)
		}
	}
	return major, minor
}

// plain formats a tick's number without trailing zeros.
func plain(v float64, decimals int) string {
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}
