// Package chart draws a ledger's running totals (and a season's nets) as an SVG or PNG picture.
// The SVG is written directly, its text as <text> elements; the PNG is rasterised with
// golang.org/x/image (vector for the lines, opentype for the text). Nothing is parsed or built
// when the package is loaded: the built-in font (Liberation Sans) is parsed on the first drawing,
// so a command that draws no chart pays nothing for it. It is apart from package ledger so that
// only the commands that draw a chart link the font and the rasteriser.
package chart

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

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
	// the text with, for names the built-in Liberation Sans cannot draw (Chinese, Japanese,
	// Korean). Empty: Liberation Sans, or for such names the first of SystemFonts found that draws
	// them.
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
	names := make([]string, len(s.People))
	for i, p := range s.People {
		names[i] = p.Name
	}
	labels, f, warnings, err := chooseFont(names, o)
	if err != nil {
		return nil, err
	}
	return warnings, totals(s, labels).write(w, format, f)
}

// totals is the figure of a ledger's running totals: one line a player, x the hand number (0 is
// the start), y the total.
func totals(s *ledger.State, labels []string) *figure {
	fig := &figure{
		title:    fmt.Sprintf("%s: running totals after %s", s.Ruleset, words.Count(len(s.History), "hand")),
		xLabel:   "hand",
		yLabel:   "total",
		integerX: true,
	}
	for k, person := range s.People {
		// A player's line runs through the hands they played, from 0 before their first hand (a
		// player who sat down later starts there too).
		pts := []xy{{x: float64(max(person.Joined-1, 0))}}
		for j, e := range s.History {
			for i, name := range e.Players {
				if name == person.Name {
					pts = append(pts, xy{x: float64(j + 1), y: amountFloat(e.Totals[i])})
				}
			}
		}
		fig.series = append(fig.series, series{legend: labels[k] + " " + person.Total.String(), points: pts, style: playerStyle(k)})
	}
	if s.Flow.Length.Kind == gamerules.Target {
		y := amountFloat(s.Flow.Target)
		last := float64(max(len(s.History), 1))
		fig.series = append(fig.series, series{legend: "target " + s.Flow.Target.String(), points: []xy{{0, y}, {last, y}}, style: targetStyle})
	}
	// A mark where each round begins: the prevailing wind of the hand after it.
	if s.Flow.PrevailingWind {
		for j := 1; j < len(s.History); j++ {
			if e := s.History[j]; e.Prevailing != s.History[j-1].Prevailing {
				fig.marks = append(fig.marks, mark{x: float64(j) + 0.5, label: e.Prevailing.String() + " round"})
			}
		}
	}
	return fig
}

// FontError is a font file (Options.Font) that cannot be read or is not a font.
type FontError struct {
	Path string
	Err  error
}

func (e *FontError) Error() string { return fmt.Sprintf("--font %s: %v", e.Path, e.Err) }
func (e *FontError) Unwrap() error { return e.Err }

// chooseFont returns the font to draw with and each name's label: the name, or its place where no
// font draws it (with a warning).
func chooseFont(names []string, o Options) ([]string, *face, []string, error) {
	var warnings []string
	if o.Font != "" {
		f, err := loadFont(o.Font)
		if err != nil {
			return nil, nil, nil, &FontError{Path: o.Font, Err: err}
		}
		return labels(names, f, o.Font, &warnings), f, warnings, nil
	}
	builtin, err := builtinFace()
	if err != nil {
		return nil, nil, nil, err
	}
	if builtin.covers(names...) {
		return names, builtin, nil, nil
	}
	if f, _ := systemFont(names...); f != nil {
		return names, f, nil, nil
	}
	return labels(names, builtin, "the built-in font", &warnings), builtin, warnings, nil
}

// SystemFont is the first of SystemFonts that is installed, loads, and draws every character of
// names, or "" when none does.
func SystemFont(names ...string) string {
	_, path := systemFont(names...)
	return path
}

func systemFont(names ...string) (*face, string) {
	for _, path := range SystemFonts {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		if f, err := loadFont(path); err == nil && f.covers(names...) {
			return f, path
		}
	}
	return nil, ""
}

// labels returns the names, with "P1" (the place) for a name f cannot draw, and warns of each.
func labels(names []string, f *face, what string, warnings *[]string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n
		if !f.covers(n) {
			out[i] = "P" + strconv.Itoa(i+1)
			*warnings = append(*warnings, fmt.Sprintf("%s cannot draw the name %q: it is drawn as %s; give --font with a font that has its characters (a CJK font such as Noto Sans CJK)", what, n, out[i]))
		}
	}
	return out
}

// errNoGlyphs: a font that cannot draw the chart's own text is no use.
var errNoGlyphs = errors.New("the font's glyphs cannot be read, or it lacks digits and Latin letters")

// amountFloat converts an amount for drawing only (never for sums).
func amountFloat(a ledger.Amount) float64 { return float64(a) / float64(settle.Unit) }
