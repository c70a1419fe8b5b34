// Package chart draws a ledger's running totals as an SVG or PNG picture with gonum/plot. It is
// apart from package ledger so that only the command that draws a chart links gonum.
package chart

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"strconv"

	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
)

// Picture formats.
const (
	SVG = "svg"
	PNG = "png"
)

// Options says how to draw a chart.
type Options struct {
	// Font is a TrueType or OpenType font file (.ttf, .otf, or the first font of a .ttc) to draw
	// the text with, for names the built-in Liberation fonts cannot draw (Chinese, Japanese,
	// Korean). Empty: Liberation, or for such names the first of SystemFonts found that draws them.
	Font string
}

// SystemFonts are the CJK fonts tried, in order, when a name cannot be drawn with the built-in
// font and no font is given: Noto CJK and WenQuanYi (Linux), PingFang and Hiragino (macOS), Microsoft
// YaHei (Windows).
var SystemFonts = []string{
	"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
	"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
	"/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
	"/System/Library/Fonts/PingFang.ttc",
	"/System/Library/Fonts/Hiragino Sans GB.ttc",
	`C:\Windows\Fonts\msyh.ttc`,
}

// Draw draws each player's running total hand by hand as an SVG or PNG picture: a line a player,
// the target as a labelled line in a game played to one, and a mark where each round (prevailing
// wind) begins. A name the font cannot draw is never left blank: the player is drawn as "P1"
// (their place) and a warning says so and which font to give. (The text form, a sparkline a
// player, is ledger.Sparklines.)
func Draw(s *ledger.State, w io.Writer, format string, o Options) (warnings []string, err error) {
	if format != SVG && format != PNG {
		return nil, fmt.Errorf("unknown chart format %q: expected svg or png", format)
	}
	names, face, warnings, err := chooseFont(s, o)
	if err != nil {
		return nil, err
	}
	p, err := plotTotals(s, names, face)
	if err != nil {
		return nil, err
	}
	return warnings, write(p, w, format)
}

// write draws the plot into w as an SVG or PNG picture.
func write(p *plot.Plot, w io.Writer, format string) error {
	const width, height = 16 * vg.Centimeter, 10 * vg.Centimeter
	var c vg.CanvasWriterTo
	if format == SVG {
		c = vgsvg.New(width, height)
	} else {
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(144))}
	}
	dc := draw.New(c)
	// A margin all round, so the title and the labels do not touch the edges.
	m := 4 * vg.Millimeter
	p.Draw(draw.Crop(dc, m, -m, m, -m))
	_, err := c.WriteTo(w)
	return err
}

// FontError is a font file (Options.Font) that cannot be read or is not a font.
type FontError struct {
	Path string
	Err  error
}

func (e *FontError) Error() string { return fmt.Sprintf("--font %s: %v", e.Path, e.Err) }
func (e *FontError) Unwrap() error { return e.Err }

// chooseFont returns the font to draw with (nil: the built-in one) and each player's label.
func chooseFont(s *ledger.State, o Options) ([]string, *font.Face, []string, error) {
	var names []string
	for _, p := range s.People {
		names = append(names, p.Name)
	}
	var warnings []string
	if o.Font != "" {
		f, err := loadFont(o.Font)
		if err != nil {
			return nil, nil, nil, &FontError{Path: o.Font, Err: err}
		}
		return labels(names, f, o.Font, &warnings), f, warnings, nil
	}
	builtin := liberationFace()
	if covers(builtin, names...) {
		return names, nil, nil, nil
	}
	if f, _ := systemFont(names...); f != nil {
		return names, f, nil, nil
	}
	return labels(names, builtin, "the built-in font", &warnings), nil, warnings, nil
}

// SystemFont is the first of SystemFonts that is installed, loads, and draws every character of
// names, or "" when none does.
func SystemFont(names ...string) string {
	_, path := systemFont(names...)
	return path
}

func systemFont(names ...string) (*font.Face, string) {
	for _, path := range SystemFonts {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		if f, err := loadFont(path); err == nil && covers(f, names...) {
			return f, path
		}
	}
	return nil, ""
}

// labels returns the names, with "P1" (the place) for a name f cannot draw, and warns of each.
func labels(names []string, f *font.Face, what string, warnings *[]string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n
		if !covers(f, n) {
			out[i] = "P" + strconv.Itoa(i+1)
			*warnings = append(*warnings, fmt.Sprintf("%s cannot draw the name %q: it is drawn as %s; give --font with a font that has its characters (a CJK font such as Noto Sans CJK)", what, n, out[i]))
		}
	}
	return out
}

// liberationFace is the built-in regular sans face.
func liberationFace() *font.Face {
	for _, f := range liberation.Collection() {
		if f.Font.Typeface == "Liberation" && f.Font.Variant == "Sans" && f.Font.Style == 0 && f.Font.Weight == 0 {
			return &f
		}
	}
	c := liberation.Collection()
	return &c[0]
}

// loadFont reads a font file (the first font of a collection).
func loadFont(path string) (*font.Face, error) {
	data, err := safeio.ReadFile(path, safeio.FontLimit) // a regular file, bounded
	if err != nil {
		return nil, errors.New(safeio.Reason(err))
	}
	f, err := opentype.Parse(data)
	if err != nil {
		coll, cerr := opentype.ParseCollection(data)
		if cerr != nil {
			return nil, fmt.Errorf("not a TrueType or OpenType font: %v", err)
		}
		if f, err = coll.Font(0); err != nil {
			return nil, err
		}
	}
	face := &font.Face{Font: font.Font{Typeface: "mjref-chart"}, Face: f}
	// The chart's own text (digits, signs, the P1..P4 places) must draw, or the font is no use.
	if !covers(face, chartText) {
		return nil, errors.New("the font's glyphs cannot be read, or it lacks digits and Latin letters")
	}
	return face, nil
}

// chartText is text every chart draws: axis numbers, signs, and the places a name falls back to.
const chartText = "0123456789+-P"

// covers reports whether f has a glyph for every character of the texts (spaces aside) and can
// load its outline: a font whose tables do not parse (some .ttc collections) draws nothing.
func covers(f *font.Face, texts ...string) bool {
	var buf sfnt.Buffer
	for _, t := range texts {
		for _, r := range t {
			if r == ' ' {
				continue
			}
			g, err := f.Face.GlyphIndex(&buf, r)
			if err != nil || g == 0 {
				return false
			}
			if _, err := f.Face.LoadGlyph(&buf, g, fixed.I(12), nil); err != nil {
				return false
			}
		}
	}
	return true
}

// plotTotals builds the plot: one line a player, x the hand number (0 is the start), y the total.
func plotTotals(s *ledger.State, names []string, face *font.Face) (*plot.Plot, error) {
	p := plot.New()
	style(p, face)
	p.Title.Text = fmt.Sprintf("%s: running totals after %s", s.Ruleset, words.Count(len(s.History), "hand"))
	p.Title.Padding = 3 * vg.Millimeter
	p.X.Label.Text = "hand"
	p.Y.Label.Text = "total"
	p.Add(plotter.NewGrid())
	for k, person := range s.People {
		// A player's line runs through the hands they played.
		// From 0 before their first hand (a player who sat down later starts there too).
		xys := plotter.XYs{{X: float64(max(person.Joined-1, 0)), Y: 0}}
		for j, e := range s.History {
			for i, name := range e.Players {
				if name == person.Name {
					xys = append(xys, plotter.XY{X: float64(j + 1), Y: amountFloat(e.Totals[i])})
				}
			}
		}
		l, err := plotter.NewLine(xys)
		if err != nil {
			return nil, err
		}
		l.Color = plotutil.Color(k)
		l.Width = vg.Points(1.5)
		l.Dashes = plotutil.Dashes(k)
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("%s %s", names[k], person.Total), l)
	}
	last := float64(max(len(s.History), 1))
	if s.Flow.Length.Kind == gamerules.Target {
		y := amountFloat(s.Flow.Target)
		t, err := plotter.NewLine(plotter.XYs{{X: 0, Y: y}, {X: last, Y: y}})
		if err != nil {
			return nil, err
		}
		t.Color = color.Gray{Y: 128}
		t.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
		p.Add(t)
		p.Legend.Add("target "+s.Flow.Target.String(), t)
	}
	// A mark where each round begins: the prevailing wind of the hand after it.
	if s.Flow.PrevailingWind {
		for j := 1; j < len(s.History); j++ {
			if e := s.History[j]; e.Prevailing != s.History[j-1].Prevailing {
				x := float64(j) + 0.5
				mark, err := plotter.NewLine(plotter.XYs{{X: x, Y: p.Y.Min}, {X: x, Y: p.Y.Max}})
				if err != nil {
					return nil, err
				}
				mark.Color = color.Gray{Y: 170}
				mark.Dashes = []vg.Length{vg.Points(1), vg.Points(3)}
				p.Add(mark)
				lbl, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{{X: x, Y: p.Y.Min}}, Labels: []string{e.Prevailing.String() + " round"}})
				if err != nil {
					return nil, err
				}
				p.Add(lbl)
			}
		}
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

// style sets every text of p in face (nil: the built-in font).
func style(p *plot.Plot, face *font.Face) {
	if face == nil {
		return
	}
	cache := font.NewCache(font.Collection{*face})
	h := text.Plain{Fonts: cache}
	f := font.Font{Typeface: face.Font.Typeface}
	set := func(st *text.Style, size vg.Length) { st.Font, st.Handler = font.From(f, size), h }
	p.TextHandler = h
	set(&p.Title.TextStyle, 12)
	set(&p.Legend.TextStyle, 12)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		set(&a.Label.TextStyle, 12)
		set(&a.Tick.Label, 10)
	}
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
